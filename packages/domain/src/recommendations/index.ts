/** Recommendations, pod systems, personalisation segments and recently viewed (issue 13, ADR 0033). */
export * from './pod-systems.ts';
export * from './carousel.ts';
export * from './recent.ts';
