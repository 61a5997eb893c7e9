/**
 * @store/domain — pure business rules of the coffee store, no I/O (DESIGN "The house").
 */
export * from './errors.ts';
export * from './money.ts';
export * from './sites.ts';
export * from './redirects.ts';
export * from './price-display.ts';
export * from './address.ts';
export * from './tax.ts';
export * from './shipping.ts';
export * from './cart-totals.ts';
export * from './orders.ts';
export * from './frequently-bought-together.ts';
export * from './cart-rules.ts';
export * from './promotions/index.ts';
export * from './subscriptions/index.ts';
export * from './typography.ts';
export * from './fulfilment.ts';
export * from './loyalty/index.ts';
export * from './quiz/index.ts';
export * from './recommendations/index.ts';
export * from './landing.ts';
export * from './compare.ts';
