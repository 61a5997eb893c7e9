/**
 * The job that settles orders left `pendingPayment` by a crash between stock reservation and the
 * payment answer (see place-order.ts; issue 9 item 5, ADR 0014). Each API process runs it once at
 * start-up and then every {@link SWEEP_INTERVAL_MS}, so an order left by a crash is settled at most
 * {@link PENDING_ORDER_GRACE_MS} + {@link SWEEP_INTERVAL_MS} (one minute) after it was reserved,
 * and at once when the store restarts later than that.
 *
 * Why the grace cannot race a live request: an order is only looked at once its idempotency key's
 * lease is over ({@link IDEMPOTENCY_LEASE_MS}), and a live placement finishes inside its lease — it
 * makes no provider call after `PAYMENT_DEADLINE_MS` (place-order.ts) from its claim, and the lease adds the
 * time of its database transactions on top. {@link reconcilePendingOrder} then takes the lease over
 * itself (a conditional update), so a retry of the same request and the sweeper never act on one
 * order at once, and only acts on an order it still finds pending inside its own transaction. The
 * work is therefore safe in several processes at once.
 */
import { listPendingOrdersBefore } from '@store/db';
import type { CommerceContext } from './context.ts';
import { PENDING_PAYMENT_STATUS } from './order-view.ts';
import { IDEMPOTENCY_LEASE_MS, reconcilePendingOrder } from './place-order.ts';
import { startPeriodic } from './periodic.ts';

/**
 * Orders pending for longer than this (ms) are candidates: the idempotency lease (45 s), since a
 * younger order is certainly still owned by its request. Each candidate's own key lease decides.
 */
export const PENDING_ORDER_GRACE_MS = IDEMPOTENCY_LEASE_MS;
/** How often the sweeper looks (ms): grace + interval = 60 s from reservation to settlement at most. */
export const SWEEP_INTERVAL_MS = 15_000;

/** Tally of one sweep. */
export interface SweepResult {
  /** orders placed (the provider says the charge succeeded) */
  created: number;
  /** reservations released (never charged) */
  released: number;
  /** orders that could not be settled this time (logged; the next sweep tries again) */
  failed: number;
}

/**
 * Reconciles every order pending since before `now - graceMs` whose request is gone (its key's
 * lease is over). Errors are logged per order, never thrown; an order still leased is skipped.
 * @param graceMs ms (default {@link PENDING_ORDER_GRACE_MS})
 */
export async function sweepPendingOrders(ctx: CommerceContext, graceMs: number = PENDING_ORDER_GRACE_MS): Promise<SweepResult> {
  const before = new Date(ctx.now().getTime() - graceMs).toISOString();
  // Recurring and clawback orders (issue 10) are settled by the recurring-order scheduler.
  const pending = (await listPendingOrdersBefore(ctx.dbh.db, PENDING_PAYMENT_STATUS, before)).filter((o) => !o.kind || o.kind === 'checkout');
  const result: SweepResult = { created: 0, released: 0, failed: 0 };
  for (const order of pending) {
    try {
      const outcome = await reconcilePendingOrder(ctx, order.code);
      if (outcome) result[outcome] += 1;
    } catch (error) {
      result.failed += 1;
      ctx.log.error({ orderCode: order.code, err: error instanceof Error ? error.message : String(error) }, 'could not reconcile a pending order');
    }
  }
  if (result.created + result.released + result.failed > 0) ctx.log.info({ ...result }, 'pending orders reconciled');
  return result;
}

/**
 * Starts the sweeper: one sweep right away (start-up: what a crash left is settled without waiting),
 * then one every `intervalMs` (never two at once in a process). The timer does not keep the process
 * alive. Answers a stop function that resolves once a sweep in progress has finished, so the
 * database is not closed under it.
 * @param intervalMs ms (default {@link SWEEP_INTERVAL_MS})
 */
export function startPendingOrderSweeper(ctx: CommerceContext, intervalMs: number = SWEEP_INTERVAL_MS): () => Promise<void> {
  return startPeriodic(() => sweepPendingOrders(ctx), intervalMs, ctx.log, 'pending order sweep failed');
}
