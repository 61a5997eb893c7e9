/**
 * The store's order-event listeners (issue 12): what happens, in the same transaction, when an
 * order ships. Perks points of the shipped lines become available (ADR 0028), and a referred
 * friend's first order gives the referrer their points (ADR 0030). Wired into the
 * {@link CommerceContext} by the commerce routes plugin; the fulfilment flow calls it inside the
 * ship transaction, so a listener that throws rolls the shipment back (ADR 0027).
 */
import type { Executor } from '@store/db';
import type { CommerceContext } from './context.ts';
import { grantLoyaltyPoints, loyaltyOrderShipped } from './loyalty.ts';
import { referralOrderShipped } from './referrals.ts';
import type { OrderShippedEvent } from './order-events.ts';

/**
 * The listeners of every order event, in order. Each writes with `trx` only.
 * @returns the `orderEvents` of a {@link CommerceContext}
 */
export function storeOrderEvents(): NonNullable<CommerceContext['orderEvents']> {
  return {
    async orderShipped(trx: Executor, event: OrderShippedEvent): Promise<void> {
      await loyaltyOrderShipped(trx, event);
      await referralOrderShipped(trx, event, async (tx, grant) => {
        await grantLoyaltyPoints(tx, grant, event.shippedAt);
      });
    },
  };
}
