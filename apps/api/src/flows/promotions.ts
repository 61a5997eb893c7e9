/**
 * Promotions, coupons and price lists in the commerce flows (issue 4, ADR 0010). Stubs filled in
 * by the promotions work: the order placement calls these hooks inside its transactions.
 */
import type { Executor, OrderRow } from '@store/db';

/** What the reservation transaction knows when it records promotions. */
export interface PromotionReservation {
  order: OrderRow;
  /** customer id, or null for a guest (then `order.email` keys per-customer coupon limits) */
  customerId: string | null;
  now: Date;
}

/**
 * Inside transaction 1 of order placement, after the order row is written: counts the uses of
 * the cart's coupons (conditional updates; a used-up coupon throws a 409/400 `CouponError` and
 * rolls everything back) and freezes the applied promotions on the order.
 */
export async function recordOrderPromotions(_trx: Executor, _r: PromotionReservation): Promise<void> {
  // filled in by issue 4's promotions work
}

/** Inside the release transaction (payment failed): gives the order's coupon uses back. */
export async function releaseOrderPromotions(_trx: Executor, _orderCode: string): Promise<void> {
  // filled in by issue 4's promotions work
}
