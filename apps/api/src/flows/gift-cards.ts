/**
 * Gift cards in the commerce flows (issue 4, ADR 0010). Stubs filled in by the gift-card work:
 * the order placement calls these hooks inside its transactions.
 */
import type { Executor, OrderRow } from '@store/db';

/**
 * Inside transaction 1 of order placement, after the order row is written: holds what the cart's
 * gift cards pay (conditional balance decrements + ledger rows) and answers the amount held,
 * minor units. A balance that dropped throws 409 `GiftCardError` `giftCardBalance`.
 */
export async function holdOrderGiftCards(_trx: Executor, _order: OrderRow, _now: Date): Promise<number> {
  return 0;
}

/** Inside the release transaction (payment failed): gives the held amounts back. */
export async function releaseOrderGiftCards(_trx: Executor, _orderCode: string, _now: Date): Promise<void> {
  // filled in by issue 4's gift-card work
}

/** Inside transaction 2 (payment succeeded): the holds become redemptions. */
export async function redeemOrderGiftCards(_trx: Executor, _orderCode: string, _now: Date): Promise<void> {
  // filled in by issue 4's gift-card work
}
