/**
 * Auto-delivery, subscriptions and brewer campaigns (issue 10; ADR 0018): pure rules, no I/O.
 * Dates are `YYYY-MM-DD` in the site's time zone, money integer minor units, percentages basis
 * points.
 */
export * from './local-date.ts';
export * from './programs.ts';
export * from './settings.ts';
export * from './pricing.ts';
export * from './schedule.ts';
export * from './smart.ts';
export * from './commitment.ts';
export * from './monthly-box.ts';
