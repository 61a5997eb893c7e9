/**
 * @store/db: Kysely table types, the connection factory and transaction wrapper, migrations,
 * repositories (functions taking the executor first), search text folding, and the demo seed.
 */
export * from './schema.ts';
export * from './connection.ts';
export * from './precompiled.ts';
export * from './availability.ts';
export * from './migrate.ts';
export * from './search-text.ts';
export * from './repositories/catalog.ts';
export * from './repositories/search.ts';
export * from './repositories/cms.ts';
export * from './repositories/site.ts';
export * from './repositories/oauth.ts';
export * from './repositories/carts.ts';
export * from './repositories/idempotency.ts';
export * from './repositories/orders.ts';
export * from './repositories/payments.ts';
export * from './repositories/stock.ts';
export * from './repositories/associations.ts';
export * from './seed/index.ts';
export * from './import/index.ts';
export * from './repositories/addresses.ts';
export * from './repositories/saved-payments.ts';
export * from './repositories/customers.ts';
export * from './repositories/refresh-tokens.ts';
export * from './repositories/subscriptions.ts';
export * from './repositories/password-resets.ts';
export * from './repositories/rate-limits.ts';
export * from './repositories/gift-cards.ts';
export * from './repositories/promotions.ts';
export * from './repositories/monthly-box.ts';
export * from './repositories/fulfilment.ts';
export * from './repositories/marketing.ts';
export * from './repositories/loyalty.ts';
export * from './repositories/referrals.ts';
export * from './repositories/quiz.ts';
export * from './repositories/recommendations.ts';
export * from './repositories/landing.ts';
export * from './repositories/compare.ts';
