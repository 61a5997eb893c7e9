/**
 * The job that settles orders left `pendingPayment` by a crash between stock reservation and the
 * payment answer (see place-order.ts). Runs every `intervalMs` in each API process; the work is
 * safe to run in several processes at once because {@link reconcilePendingOrder} only acts on an
 * order it still finds pending inside its own transaction.
 */
import { listPendingOrdersBefore } from '@store/db';
import type { CommerceContext } from './context.ts';
import { PENDING_PAYMENT_STATUS } from './order-view.ts';
import { reconcilePendingOrder } from './place-order.ts';

/** Orders pending for longer than this (ms) are considered abandoned by a crashed request. */
export const PENDING_ORDER_GRACE_MS = 15 * 60_000;
/** How often the sweeper looks (ms). */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Reconciles every order pending since before `now - graceMs`.
 * Answers how many were placed and how many released; errors are logged per order, never thrown.
 */
export async function sweepPendingOrders(
  ctx: CommerceContext,
  graceMs: number = PENDING_ORDER_GRACE_MS,
): Promise<{ created: number; released: number; failed: number }> {
  const before = new Date(ctx.now().getTime() - graceMs).toISOString();
  const pending = await listPendingOrdersBefore(ctx.dbh.db, PENDING_PAYMENT_STATUS, before);
  const result = { created: 0, released: 0, failed: 0 };
  for (const order of pending) {
    try {
      const outcome = await reconcilePendingOrder(ctx, order.code);
      if (outcome) result[outcome] += 1;
    } catch (error) {
      result.failed += 1;
      ctx.log.error({ orderCode: order.code, err: error instanceof Error ? error.message : String(error) }, 'could not reconcile a pending order');
    }
  }
  if (pending.length > 0) ctx.log.info({ ...result }, 'pending orders reconciled');
  return result;
}

/** Starts the periodic sweep; the timer does not keep the process alive. Answers a stop function. */
export function startPendingOrderSweeper(ctx: CommerceContext, intervalMs: number = SWEEP_INTERVAL_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepPendingOrders(ctx)
      .catch((error: unknown) => ctx.log.error({ err: error instanceof Error ? error.message : String(error) }, 'pending order sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
