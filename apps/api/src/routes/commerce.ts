/**
 * Commerce routes (carts, checkout, orders; issue 3: customer carts, address book, saved
 * payment methods, order history, guest order → account; dev outbox), registered by app.ts inside the
 * `/rest/v2/:baseSiteId` prefix. Builds the commerce context once: the payment provider chosen
 * by `PAYMENT_PROVIDER` and the mailer (SMTP_URL or file outbox), closed with the app.
 * Route lists: docs/decisions/0004-checkout-api.md, docs/decisions/0008-customer-commerce.md.
 *
 * Options (tests): `payments` and `mailer` replace the configured ones; `now` fixes the clock.
 */
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from '../email/mailer.ts';
import { registerOutboxPages } from '../email/outbox-pages.ts';
import type { CommerceContext } from '../flows/context.ts';
import { startRecurringOrderScheduler } from '../flows/recurring-orders.ts';
import { startPendingOrderSweeper } from '../flows/sweep-pending-orders.ts';
import { createPaymentProvider, type PaymentProvider } from '../payments/index.ts';
import { registerAddressRoutes } from './addresses.ts';
// issue 13 (ADR 0032): frequently bought together, bundle add, out-of-stock alternatives
import { registerFbtRoutes } from './frequently-bought-together.ts';
import { startAssociationRefresher } from '../flows/frequently-bought-together.ts';
import { registerAutoDeliveryBuyRoutes } from './auto-delivery-buy.ts';
import { registerCartRoutes } from './carts.ts';
import { registerCheckoutRoutes } from './checkout.ts';
import { registerCouponRoutes } from './coupons.ts';
import { registerCustomerOrderRoutes } from './customer-orders.ts';
import { registerGiftCardRoutes } from './giftcards.ts';
import { registerOrderRoutes } from './orders.ts';
import { registerPaymentDetailsRoutes } from './payment-details.ts';
import { registerReferralRoutes } from './referrals.ts';
import { registerQuizRoutes } from './quiz.ts';
import { registerRecommendationRoutes } from './recommendations.ts';
import { registerRewardRoutes } from './rewards.ts';
import { registerSubscriptionRoutes } from './subscriptions.ts';
import { registerFulfilmentRoutes } from './fulfilment.ts';
import { registerLoyaltyRoutes } from './loyalty.ts';
import { storeOrderEvents } from '../flows/order-listeners.ts';

/** Options of {@link commerceRoutes}. */
export interface CommerceRoutesOptions {
  payments?: PaymentProvider;
  mailer?: Mailer;
  now?: () => Date;
  /** run the pending-order sweeper (default: on, except when tests inject a clock) */
  sweeper?: boolean;
}

/** The commerce plugin (see module comment). */
export async function commerceRoutes(scope: FastifyInstance, opts: CommerceRoutesOptions = {}): Promise<void> {
  const config = scope.config;
  const mailer = opts.mailer ?? createMailer(config, scope.log);
  const ctx: CommerceContext = {
    dbh: scope.dbh,
    payments: opts.payments ?? createPaymentProvider(config, scope.dbh.db),
    mailer,
    log: scope.log,
    now: opts.now ?? (() => new Date()),
    // TEST-ONLY: loadConfig refuses CRASH_AT unless NODE_ENV=test (issue 9 item 5)
    crashAt: config.CRASH_AT,
    // issue 12: points become available when an order ships, in the ship transaction (ADRs 0027, 0028)
    orderEvents: storeOrderEvents(),
  };
  // Pending orders left by a crash are settled at start-up (once the app is ready), then every 15 s
  // (issue 9 item 5).
  let stopSweeper: () => Promise<void> = async () => {};
  if (opts.sweeper ?? !opts.now) {
    scope.addHook('onReady', async () => {
      stopSweeper = startPendingOrderSweeper(ctx);
    });
  }
  // The recurring-order scheduler (issue 10, ADR 0018): every minute and at start-up, unless
  // AD_SCHEDULER=off (off by default under NODE_ENV=test).
  let stopScheduler: () => Promise<void> = async () => {};
  if (config.AD_SCHEDULER) {
    scope.addHook('onReady', async () => {
      stopScheduler = startRecurringOrderScheduler(ctx);
    });
  }
  // issue 13 (ADR 0032): frequently-bought-together refresh, at start-up and every hour (not under NODE_ENV=test)
  let stopRefresher: () => Promise<void> = async () => {};
  if (config.NODE_ENV !== 'test') {
    scope.addHook('onReady', async () => {
      stopRefresher = startAssociationRefresher(ctx);
    });
  }
  // Emails still being sent, and a sweep in progress, finish before the app (and its database) closes.
  scope.addHook('onClose', async () => {
    await stopRefresher();
    await stopSweeper();
    await stopScheduler();
    await (opts.mailer ? mailer.flush() : mailer.close());
  });
  registerCartRoutes(scope, ctx);
  registerCheckoutRoutes(scope, ctx);
  registerOrderRoutes(scope, ctx);
  registerCustomerOrderRoutes(scope, ctx);
  registerAddressRoutes(scope, ctx);
  registerPaymentDetailsRoutes(scope, ctx);
  registerSubscriptionRoutes(scope, ctx);
  registerCouponRoutes(scope, ctx);
  registerGiftCardRoutes(scope, ctx);
  registerAutoDeliveryBuyRoutes(scope, ctx);
  registerFulfilmentRoutes(scope, ctx);
  // issue 13 (ADR 0032): frequently bought together, bundle add, out-of-stock alternatives
  registerFbtRoutes(scope, ctx);
  // issue 12 (ADR 0028): Brewhaus Perks
  registerLoyaltyRoutes(scope, ctx);
  // issue 12 (ADR 0030)
  registerReferralRoutes(scope, ctx);
  registerRecommendationRoutes(scope, ctx);
  registerRewardRoutes(scope, ctx);
  // issue 13 (ADR 0034): pod quiz
  registerQuizRoutes(scope, ctx);
  if (config.DEV_PAGES) registerOutboxPages(scope, mailer);
}
