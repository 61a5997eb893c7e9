/**
 * What the commerce flows need from the application: the database, the payment provider, the
 * mailer, a logger and a clock (and, in crash tests only, a crash point). Built once per app by the
 * commerce routes plugin.
 */
import type { DbHandle, Executor } from '@store/db';
import type { BaseSiteId, Lang } from '@store/domain';
import { isLang, siteSupportsLang, SITES } from '@store/domain';
import type { CrashPoint } from '../config.ts';
import type { Mailer } from '../email/mailer.ts';
import type { FlowLogger } from '../logger.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { OrderShippedEvent } from './order-events.ts';

export type { FlowLogger };

/** Dependencies of the commerce flows. */
export interface CommerceContext {
  dbh: DbHandle;
  payments: PaymentProvider;
  mailer: Mailer;
  log: FlowLogger;
  /** clock (tests may fix it) */
  now: () => Date;
  /**
   * TEST-ONLY crash hook (`CRASH_AT`, accepted only with NODE_ENV=test; issue 9 item 5): order
   * placement kills the process with SIGKILL at this point. Undefined in every real run.
   */
  crashAt?: CrashPoint | undefined;
  /**
   * issue 12 (ADR 0027): listeners of order events, called INSIDE the transaction of the change
   * (`orderShipped`: the ship transaction, so loyalty points credit atomically with the shipment;
   * a throwing listener rolls the shipment back). See ./order-events.ts.
   */
  orderEvents?: { orderShipped?(trx: Executor, event: OrderShippedEvent): Promise<void> };
}

/** The language to answer in: the requested one when the site offers it, else the fallback, else the site default. */
export function pickLang(site: BaseSiteId, requested: unknown, fallback?: string | null): Lang {
  if (isLang(requested) && siteSupportsLang(site, requested)) return requested;
  if (isLang(fallback) && siteSupportsLang(site, fallback)) return fallback;
  return SITES[site].languages[0] ?? 'en';
}

/**
 * Who a commerce call acts for (issue 3): `userId` null for the anonymous (machine-token) user,
 * else the signed-in customer's id (`users/current` or `users/{id}`), with the email of their
 * token (it becomes the email of their carts).
 */
export interface Shopper {
  userId: string | null;
  email?: string | null;
}

/** The anonymous shopper (`users/anonymous`, machine-to-machine token). */
export const ANONYMOUS_SHOPPER: Shopper = Object.freeze({ userId: null });
