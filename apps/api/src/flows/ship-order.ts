/**
 * Shipping an order (issue 12, ADR 0027): the operator call
 * `POST /rest/v2/{baseSiteId}/orders/{orderCode}/consignments` ships a whole order or some of its
 * lines (or part of a line) under one tracking number; the back office will use the same call.
 *
 * ONE transaction (DESIGN "Concurrency and integrity"):
 * 1. the order row is locked while it is shippable (`created`, `processing`, `partiallyshipped`):
 *    a no-op conditional update, held until COMMIT on PostgreSQL (SQLite serialises writers), so
 *    concurrent ship calls of one order, and a cancel, run one after the other;
 * 2. the plan (`planShipment` of @store/domain) from the lines read under the lock;
 * 3. per line `shipped_qty += n WHERE qty - shipped_qty >= n` (checked row count: never more than
 *    ordered, even without the lock);
 * 4. the consignment `<order code>-<n>` and its lines; the order → `partiallyshipped` or `shipped`;
 * 5. `ctx.orderEvents.orderShipped(trx, event)`: listeners (loyalty points) write in the same
 *    transaction; a listener that throws rolls everything back.
 * After COMMIT, the "your order shipped" email goes to the order's address in the order's language
 * (a failure is logged, not thrown).
 *
 * Errors: 404 `UnknownIdentifierError` `notFound` (unknown code, another site); 409 `OrderError`
 * `notShippable` (cancelled, payment not confirmed, or another status that cannot ship),
 * `alreadyShipped` (nothing left), `overShipment` (subject `entries[i].quantity`); 400
 * `ValidationError` `unknownEntry` (subject `entries[i].entryNumber`). Nothing is written on error.
 */
import type { Consignment, Order, ShipOrderRequest, ShipOrderResponse } from '@store/contracts';
import { addShippedQty, findOrder, insertConsignment, lockShippableOrder, nextConsignmentSeq, orderFulfilmentLines, setOrderStatus, withTransaction } from '@store/db';
import type { BaseSiteId } from '@store/domain';
import { conflict, notFound, orderStatusDisplay, planShipment, SHIPPABLE_STATUSES, SHIPPED_STATUS } from '@store/domain';
import { sendOrderShipped } from '../email/order-shipped.ts';
import type { CommerceContext } from './context.ts';
import { pickLang } from './context.ts';
import type { OrderShippedEvent } from './order-events.ts';
import { orderView, PENDING_PAYMENT_STATUS } from './order-view.ts';

/** Options of {@link shipOrder}. */
export interface ShipOrderOptions {
  /** absolute storefront base URL for the order link of the email */
  publicUrl?: string;
}

function orderNotFound(code: string): Error {
  return notFound('UnknownIdentifierError', 'notFound', `Order ${code} not found`, 'orderCode');
}

/** Why an existing order of the site cannot ship (status not shippable). */
function notShippable(status: string): Error {
  if (status === SHIPPED_STATUS) return conflict('OrderError', 'alreadyShipped', 'Every line of this order has already shipped', 'orderCode');
  if (status === 'cancelled') return conflict('OrderError', 'notShippable', 'A cancelled order cannot ship', 'orderCode');
  if (status === PENDING_PAYMENT_STATUS) return conflict('OrderError', 'notShippable', 'The payment of this order is not confirmed yet', 'orderCode');
  return conflict('OrderError', 'notShippable', `An order in status ${status} cannot ship`, 'orderCode');
}

/**
 * Ships (part of) an order of `site` (see module comment) and answers the consignment and the
 * order's status after it (201).
 * @throws DomainError 404 / 409 / 400 as the module comment lists; whatever an `orderShipped`
 *   listener throws (the shipment is rolled back)
 */
export async function shipOrder(ctx: CommerceContext, site: BaseSiteId, orderCode: string, input: ShipOrderRequest, opts: ShipOrderOptions = {}): Promise<ShipOrderResponse> {
  const code = orderCode.trim().toUpperCase();
  const shippedAt = ctx.now();
  const result = await withTransaction(ctx.dbh, async (trx, afterCommit) => {
    if (!(await lockShippableOrder(trx, code, site, SHIPPABLE_STATUSES))) {
      const existing = await trx.selectFrom('orders').select(['base_site', 'status']).where('code', '=', code).executeTakeFirst();
      if (!existing || existing.base_site !== site) throw orderNotFound(orderCode);
      throw notShippable(existing.status);
    }
    const plan = planShipment(await orderFulfilmentLines(trx, code), input.entries);
    for (const [i, line] of plan.lines.entries()) {
      if (!(await addShippedQty(trx, code, line.entryNumber, line.quantity))) {
        // only reachable without the order lock; the transaction rolls back what it wrote
        throw conflict('OrderError', 'overShipment', `Line ${line.entryNumber}: fewer than ${line.quantity} left to ship`, input.entries ? `entries[${i}].quantity` : 'orderCode');
      }
    }
    const seq = await nextConsignmentSeq(trx, code);
    const consignmentCode = `${code}-${seq}`;
    await insertConsignment(
      trx,
      { code: consignmentCode, order_code: code, base_site: site, seq, tracking_number: input.trackingNumber, carrier: input.carrier ?? null, shipped_at: shippedAt.toISOString() },
      plan.lines.map((l) => ({ consignment_code: consignmentCode, order_code: code, entry_number: l.entryNumber, qty: l.quantity })),
    );
    await setOrderStatus(trx, code, plan.status);
    const data = await findOrder(trx, code);
    if (!data) throw new Error(`order ${code} vanished`);
    const event: OrderShippedEvent = {
      orderCode: code,
      baseSite: site,
      userId: data.order.user_id,
      consignmentCode,
      entries: plan.lines.map((l) => ({ entryNumber: l.entryNumber, quantity: l.quantity })),
      complete: plan.complete,
      shippedAt,
    };
    if (ctx.orderEvents?.orderShipped) await ctx.orderEvents.orderShipped(trx, event);
    const consignment: Consignment = {
      code: consignmentCode,
      trackingNumber: input.trackingNumber,
      carrier: input.carrier ?? null,
      shippedAt: shippedAt.toISOString(),
      entries: event.entries,
    };
    const lang = pickLang(site, undefined, data.order.lang);
    const view: Order = await orderView(trx, data, lang);
    afterCommit(() => {
      ctx.mailer.sendInBackground(
        () => sendOrderShipped(ctx.mailer, view, consignment, plan.complete, lang, opts.publicUrl ? { publicUrl: opts.publicUrl } : {}),
        `order shipped ${consignmentCode}`,
      );
    });
    return { consignment, status: plan.status, complete: plan.complete };
  });
  ctx.log.info({ orderCode: code, site, consignmentCode: result.consignment.code, status: result.status, lines: result.consignment.entries.length }, 'order shipped');
  return { orderCode: code, status: result.status, statusDisplay: orderStatusDisplay(result.status), complete: result.complete, consignment: result.consignment };
}
