/**
 * Order events that other parts of the store listen to inside the transaction that causes them
 * (issue 12, ADR 0027). `orderShipped` runs inside the ship transaction, after the consignment and
 * the shipped quantities are written and before COMMIT, so what a listener writes (loyalty points
 * becoming available) commits or rolls back with the shipment: a listener that throws undoes the
 * shipment, and the ship call answers that error.
 */
import type { Executor } from '@store/db';
import type { BaseSiteId } from '@store/domain';

/** One ship call that committed (or is about to): the consignment and what it shipped. */
export interface OrderShippedEvent {
  orderCode: string;
  baseSite: BaseSiteId;
  /** the customer who owns the order; null for a guest order */
  userId: string | null;
  consignmentCode: string;
  /** units shipped by this consignment per order line */
  entries: Array<{ entryNumber: number; quantity: number }>;
  /** the order is now fully shipped (status `shipped`) */
  complete: boolean;
  shippedAt: Date;
}

/** Listeners of order events (CommerceContext `orderEvents`); each runs inside the transaction. */
export interface OrderEventListeners {
  /**
   * An order shipped (part or all of it). `trx` is the ship transaction: write with it, never with
   * `dbh.db` (SQLite would wait on itself). Throwing rolls the shipment back.
   */
  orderShipped?(trx: Executor, event: OrderShippedEvent): Promise<void>;
}
