/**
 * Payment provider selection: `PAYMENT_PROVIDER=stripe` gives the Stripe provider (needs
 * `STRIPE_SECRET_KEY`; `STRIPE_PUBLISHABLE_KEY` is handed to the browser), anything else the
 * built-in test provider.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@store/db';
import type { PaymentProvider } from './provider.ts';
import { createStripeClient, StripePaymentProvider } from './stripe-provider.ts';
import { TestPaymentProvider } from './test-provider.ts';

export * from './provider.ts';
export { TestPaymentProvider, TEST_CARDS, testCardOutcome } from './test-provider.ts';
export { StripePaymentProvider, createStripeClient, mapStripeDecline, type StripeClientLike } from './stripe-provider.ts';

/** Payment settings read from the app configuration. */
export interface PaymentConfig {
  PAYMENT_PROVIDER?: string | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
}

/**
 * The provider chosen by configuration.
 * @throws Error when `PAYMENT_PROVIDER=stripe` and `STRIPE_SECRET_KEY` is missing
 */
export function createPaymentProvider(config: PaymentConfig, db: Kysely<Database>): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    if (!config.STRIPE_SECRET_KEY) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
    const opts = config.STRIPE_PUBLISHABLE_KEY ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY } : {};
    return new StripePaymentProvider(createStripeClient(config.STRIPE_SECRET_KEY), opts);
  }
  return new TestPaymentProvider(db);
}
