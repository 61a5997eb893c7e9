/**
 * Operator returns (issue 12 "points reversed on cancel or return"; ADR 0027 amendment "Returns"):
 * `POST /rest/v2/{baseSiteId}/orders/{orderCode}/returns` records units of shipped lines coming
 * back, reverses their Perks points and refunds their money.
 *
 * ONE transaction:
 * 1. per line `returned_qty += n WHERE shipped_qty - returned_qty >= n` (checked row count: never
 *    more returned than shipped, whatever the number of concurrent calls);
 * 2. the return `<order code>-R<n>` (n: unique per order; a concurrent return that picked the same
 *    n fails its insert and rolls back, the caller retries once) and its lines;
 * 3. {@link reverseReturnedPoints}: the units' available points are reversed (never below zero).
 * 4. when every ordered unit is back, {@link referralOrderReturned}: a referral reward the order
 *    earned its referrer is taken back (what is still available; ADR 0030 amendment).
 * After COMMIT, the card part of the refund goes through the provider's `refund` (idempotency key:
 * the return code); a failure is logged and recorded (`refund_status = failed`), the return stays.
 *
 * Money ({@link returnRefund}): each line's net = its total less its largest-remainder share of the
 * order discount; returning units of a line refunds `floor(net × returnedAfter / qty) −
 * floor(net × returnedBefore / qty)` (cumulative, so all returns of a line add up to its net
 * exactly); tax, when the order has some, is refunded the same way on the order's merchandise +
 * shipping (the base it was computed on); shipping is not refunded. The card gets at most what it
 * paid (`total − gift cards`) less earlier return refunds; the rest of the refund goes back to the
 * order's gift cards in the same transaction ({@link refundReturnToGiftCards}, ledger `refund`), so
 * the card and gift-card parts always add up to the refund.
 *
 * Errors: 404 `UnknownIdentifierError` `notFound` (unknown code, another site); 400
 * `ValidationError` `unknownEntry` (subject `entries[i].entryNumber`); 409 `OrderError`
 * `overReturn` (subject `entries[i].quantity`: more than shipped and not yet returned).
 */
import type { OrderReturn, ReturnOrderRequest, ReturnReason } from '@store/contracts';
import type { Executor } from '@store/db';
import { findOrder, withTransaction } from '@store/db';
import type { BaseSiteId } from '@store/domain';
import { conflict, DomainError, invalidInput, notFound } from '@store/domain';
import type { CommerceContext } from './context.ts';
import { refundReturnToGiftCards } from './gift-cards.ts';
import { reverseGrantedPoints, reverseReturnedPoints } from './loyalty.ts';
import { referralOrderReturned } from './referrals.ts';

/** One line of an order for {@link returnRefund}. */
export interface RefundLine {
  entryNumber: number;
  qty: number;
  /** line total before the order discount, minor units */
  totalMinor: number;
  /** units returned before this return */
  returnedBefore: number;
  /** units returned by this return (0 for lines not in it) */
  returning: number;
}

/** The amounts of an order {@link returnRefund} needs, minor units. */
export interface RefundOrder {
  discountMinor: number;
  shippingMinor: number;
  taxMinor: number;
}

/** Shares of `amount` over `weights` by largest remainder: integers summing exactly to `amount`. */
export function largestRemainder(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, w) => a + w, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map((x) => Math.floor(x));
  let left = amount - shares.reduce((a, s) => a + s, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const o of order) {
    if (left <= 0) break;
    shares[o.i] = (shares[o.i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * The money owed back for a return (see module comment), minor units: per line (merchandise net of
 * discount) and in all (lines + tax share). Pure; never more, over every return of an order, than
 * the order's merchandise net plus the tax on it.
 */
export function returnRefund(order: RefundOrder, lines: readonly RefundLine[]): { lines: Array<{ entryNumber: number; refundMinor: number }>; taxMinor: number; totalMinor: number } {
  const totals = lines.map((l) => Math.max(0, l.totalMinor));
  const subtotal = totals.reduce((a, t) => a + t, 0);
  const discounts = largestRemainder(Math.min(Math.max(0, order.discountMinor), subtotal), totals);
  const nets = totals.map((t, i) => t - (discounts[i] ?? 0));
  const cum = (net: number, units: number, qty: number) => (qty > 0 ? Math.floor((net * Math.min(units, qty)) / qty) : 0);
  let before = 0;
  let after = 0;
  const out: Array<{ entryNumber: number; refundMinor: number }> = [];
  lines.forEach((l, i) => {
    const net = nets[i] ?? 0;
    const b = cum(net, l.returnedBefore, l.qty);
    const a = cum(net, l.returnedBefore + l.returning, l.qty);
    before += b;
    after += a;
    if (l.returning > 0) out.push({ entryNumber: l.entryNumber, refundMinor: a - b });
  });
  const base = nets.reduce((a, n) => a + n, 0) + Math.max(0, order.shippingMinor);
  const tax = Math.max(0, order.taxMinor);
  const taxMinor = base > 0 && tax > 0 ? Math.floor((tax * after) / base) - Math.floor((tax * before) / base) : 0;
  return { lines: out, taxMinor, totalMinor: out.reduce((a, l) => a + l.refundMinor, 0) + taxMinor };
}

function orderNotFound(code: string): Error {
  return notFound('UnknownIdentifierError', 'notFound', `Order ${code} not found`, 'orderCode');
}

async function nextReturnSeq(trx: Executor, orderCode: string): Promise<number> {
  const r = await trx.selectFrom('order_returns').select((eb) => eb.fn.max<number | string | null>('seq').as('n')).where('order_code', '=', orderCode).executeTakeFirst();
  return Number(r?.n ?? 0) + 1;
}

/** The returns of an order, oldest first (operator answers; ADR 0027 "Returns"). */
export async function listOrderReturns(db: Executor, orderCode: string): Promise<OrderReturn[]> {
  const returns = await db.selectFrom('order_returns').selectAll().where('order_code', '=', orderCode).orderBy('seq').execute();
  if (returns.length === 0) return [];
  const entries = await db.selectFrom('order_return_entries').selectAll().where('order_code', '=', orderCode).orderBy('entry_number').execute();
  return returns.map((r) => ({
    code: r.code,
    reason: (r.reason as ReturnReason | null) ?? null,
    createdAt: r.created_at,
    entries: entries.filter((e) => e.return_code === r.code).map((e) => ({ entryNumber: Number(e.entry_number), quantity: Number(e.qty), refundMinor: Number(e.refund_minor) })),
    refundMinor: Number(r.refund_minor),
    cardRefundMinor: Number(r.card_refund_minor),
    giftCardRefundMinor: Number(r.gift_card_refund_minor ?? 0),
    refundStatus: r.refund_status,
    pointsReversed: Number(r.points_reversed),
    pointsNotRecovered: Number(r.points_not_recovered),
  }));
}

/**
 * Records a return of shipped units of an order of `site` (see module comment); answers it (201).
 * @throws DomainError 404 / 400 / 409 as the module comment lists
 */
export async function returnOrder(ctx: CommerceContext, site: BaseSiteId, orderCode: string, input: ReturnOrderRequest): Promise<OrderReturn> {
  const code = orderCode.trim().toUpperCase();
  const now = ctx.now();
  const attempt = () =>
    withTransaction(ctx.dbh, async (trx) => {
      const data = await findOrder(trx, code);
      if (!data || data.order.base_site !== site) throw orderNotFound(orderCode);
      const before = await trx.selectFrom('order_entries').select(['entry_number', 'qty', 'total_minor', 'shipped_qty', 'returned_qty']).where('order_code', '=', code).orderBy('entry_number').execute();
      const byEntry = new Map(before.map((l) => [Number(l.entry_number), l]));
      input.entries.forEach((e, i) => {
        if (!byEntry.has(e.entryNumber)) throw invalidInput('ValidationError', 'unknownEntry', `The order has no line ${e.entryNumber}`, `entries[${i}].entryNumber`);
      });
      for (const [i, e] of input.entries.entries()) {
        const r = await trx
          .updateTable('order_entries')
          .set((eb) => ({ returned_qty: eb('returned_qty', '+', e.quantity) }))
          .where('order_code', '=', code)
          .where('entry_number', '=', e.entryNumber)
          .where((eb) => eb(eb('shipped_qty', '-', eb.ref('returned_qty')), '>=', e.quantity))
          .executeTakeFirst();
        if (r.numUpdatedRows === 0n) throw conflict('OrderError', 'overReturn', `Line ${e.entryNumber}: fewer than ${e.quantity} shipped units left to return`, `entries[${i}].quantity`);
      }
      // the lines as this transaction sees them after its update (the "before" of the money is after − returning)
      const after = await trx.selectFrom('order_entries').select(['entry_number', 'returned_qty']).where('order_code', '=', code).execute();
      const returnedAfter = new Map(after.map((l) => [Number(l.entry_number), Number(l.returned_qty ?? 0)]));
      const returning = new Map(input.entries.map((e) => [e.entryNumber, e.quantity]));
      const money = returnRefund(
        { discountMinor: Number(data.order.discount_minor), shippingMinor: Number(data.order.shipping_minor), taxMinor: Number(data.order.tax_minor) },
        before.map((l) => {
          const n = Number(l.entry_number);
          const now_ = returning.get(n) ?? 0;
          return { entryNumber: n, qty: Number(l.qty), totalMinor: Number(l.total_minor), returnedBefore: (returnedAfter.get(n) ?? 0) - now_, returning: now_ };
        }),
      );
      const seq = await nextReturnSeq(trx, code);
      const returnCode = `${code}-R${seq}`;
      const earlier = await trx.selectFrom('order_returns').select((eb) => eb.fn.sum<number | string | null>('card_refund_minor').as('s')).where('order_code', '=', code).executeTakeFirst();
      const cardPaid = Number(data.order.total_minor) - Number(data.order.gift_card_minor ?? 0);
      const cardRefund = Math.max(0, Math.min(money.totalMinor, cardPaid - Number(earlier?.s ?? 0)));
      const canRefund = cardRefund > 0 && Boolean(data.order.payment_intent_id) && Boolean(ctx.payments.refund);
      const giftCardRefund = Number(data.order.gift_card_minor ?? 0) > 0 ? await refundReturnToGiftCards(trx, code, money.totalMinor - cardRefund, now) : 0;
      await trx
        .insertInto('order_returns')
        .values({ code: returnCode, order_code: code, base_site: site, seq, reason: input.reason ?? null, refund_minor: money.totalMinor, card_refund_minor: cardRefund, gift_card_refund_minor: giftCardRefund, refund_status: canRefund ? 'pending' : 'none', points_reversed: 0, points_not_recovered: 0, created_at: now.toISOString() })
        .execute();
      const points = await reverseReturnedPoints(trx, { orderCode: code, returnCode, entries: input.entries, now });
      const pointsOf = new Map(points.map((p) => [p.entryNumber, p]));
      const refundOf = new Map(money.lines.map((l) => [l.entryNumber, l.refundMinor]));
      await trx
        .insertInto('order_return_entries')
        .values(
          input.entries.map((e) => ({
            return_code: returnCode,
            order_code: code,
            entry_number: e.entryNumber,
            qty: e.quantity,
            refund_minor: refundOf.get(e.entryNumber) ?? 0,
            points_reversed: pointsOf.get(e.entryNumber)?.reversed ?? 0,
            points_not_recovered: pointsOf.get(e.entryNumber)?.notRecovered ?? 0,
          })),
        )
        .execute();
      const reversed = points.reduce((a, p) => a + p.reversed, 0);
      const notRecovered = points.reduce((a, p) => a + p.notRecovered, 0);
      await trx.updateTable('order_returns').set({ points_reversed: reversed, points_not_recovered: notRecovered }).where('code', '=', returnCode).execute();
      // the whole order came back (every ordered unit returned): a referral reward it earned is taken back
      const everything = before.every((l) => (returnedAfter.get(Number(l.entry_number)) ?? 0) >= Number(l.qty));
      const referral = everything ? await referralOrderReturned(trx, site, code, (t, g) => reverseGrantedPoints(t, g, now)) : { reversed: 0, notRecovered: 0 };
      return { returnCode, cardRefund, giftCardRefund, canRefund, referralPointsReversed: referral.reversed, intentId: data.order.payment_intent_id, reversed, notRecovered };
    });
  let r: Awaited<ReturnType<typeof attempt>>;
  try {
    r = await attempt();
  } catch (error) {
    // two returns of one order picked the same number: the loser rolled back entirely; once more
    if (error instanceof Error && /unique|duplicate|order_returns/i.test(error.message) && !(error instanceof DomainError)) r = await attempt();
    else throw error;
  }
  if (r.canRefund && ctx.payments.refund) {
    let status = 'refunded';
    try {
      await ctx.payments.refund(r.intentId, r.cardRefund, { idempotencyKey: r.returnCode });
    } catch (error) {
      status = 'failed';
      ctx.log.error({ orderCode: code, returnCode: r.returnCode, err: error instanceof Error ? error.message : String(error) }, 'card refund failed after return; refund it by hand');
    }
    await ctx.dbh.db.updateTable('order_returns').set({ refund_status: status }).where('code', '=', r.returnCode).execute();
  }
  ctx.log.info({ orderCode: code, site, returnCode: r.returnCode, cardRefundMinor: r.cardRefund, giftCardRefundMinor: r.giftCardRefund, referralPointsReversed: r.referralPointsReversed, pointsReversed: r.reversed, pointsNotRecovered: r.notRecovered }, 'order units returned');
  const all = await listOrderReturns(ctx.dbh.db, code);
  const mine = all.find((x) => x.code === r.returnCode);
  if (!mine) throw new Error(`return ${r.returnCode} vanished`);
  return mine;
}
