/**
 * Promotions, coupons, price lists, the discount message and gift cards (issue 4; ADR 0010).
 * Pure rules, no I/O.
 */
export * from './types.ts';
export * from './engine.ts';
export * from './coupons.ts';
export * from './price-lists.ts';
export * from './discount-message.ts';
export * from './gift-cards.ts';
