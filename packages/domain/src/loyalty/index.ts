/**
 * Brewhaus Perks loyalty rules (issue 12; ADR 0028): settings, the points ledger, earning, tiers.
 * Pure, no I/O. Points are integers; money integer minor units of the site currency.
 */
export * from './settings.ts';
export * from './ledger.ts';
export * from './earning.ts';
export * from './tiers.ts';
