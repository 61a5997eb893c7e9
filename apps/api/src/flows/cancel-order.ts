/**
 * Cancelling an order (issue 4 gift-card ledger `refund`; ADR 0010): `POST
 * /users/current/orders/{orderCode}/cancel`, for the customer who owns the order, while it is
 * `created` (not yet processed or shipped).
 *
 * One transaction: the order `created → cancelled` (a conditional update, so a cancel happens
 * once), its stock given back, and what gift cards paid refunded to them (ledger `refund`,
 * balance credited). After commit, the card part (`total − gift cards`) is refunded through the
 * payment provider when it has a refund method; a refund failure is logged for an operator and
 * does not undo the cancellation.
 *
 * Refused (409 `OrderError`): an order not in `created` (`notCancellable`), and an order that
 * bought e-gift cards (`giftCardsIssued`: their codes were already emailed and may be spent).
 * Coupon uses are not given back (a cancelled order still counts as a use).
 */
import type { Order } from '@store/contracts';
import { findOrder, incrementStockMany, listGiftCardsIssuedBy, releaseCouponRedemptions, releaseReferralUse, transitionOrderStatus, withTransaction } from '@store/db';
import type { BaseSiteId } from '@store/domain';
import { conflict, notFound } from '@store/domain';
import type { CommerceContext } from './context.ts';
import { pickLang } from './context.ts';
import { refundOrderGiftCards } from './gift-cards.ts';
import { reverseOrderPendingPoints } from './loyalty.ts';
import { refundOrderReward } from './rewards.ts';
import { orderView, PENDING_PAYMENT_STATUS, PLACED_STATUS } from './order-view.ts';
import { REFERRAL_COUPON_PREFIX } from './referrals.ts';

/** Status of a cancelled order. */
export const CANCELLED_STATUS = 'cancelled';

function orderNotFound(code: string): Error {
  return notFound('UnknownIdentifierError', 'notFound', `Order ${code} not found`, 'orderCode');
}

/**
 * Cancels one of the customer's orders (see module comment) and answers the order.
 * @throws 404 `UnknownIdentifierError` `notFound` (unknown code, another customer's order, another
 *   site, pending payment); 409 `OrderError` `notCancellable` / `giftCardsIssued`
 */
export async function cancelOrder(ctx: CommerceContext, site: BaseSiteId, customerId: string, orderCode: string, langParam: unknown): Promise<Order> {
  const code = orderCode.trim().toUpperCase();
  const db = ctx.dbh.db;
  const data = code.length <= 32 ? await findOrder(db, code) : undefined;
  if (!data || data.order.base_site !== site || data.order.user_id !== customerId || data.order.status === PENDING_PAYMENT_STATUS) throw orderNotFound(orderCode);
  const lang = pickLang(site, langParam, data.order.lang);
  if (data.order.status !== PLACED_STATUS) throw conflict('OrderError', 'notCancellable', 'This order can no longer be cancelled', 'orderCode');
  if ((await listGiftCardsIssuedBy(db, code)).length > 0) {
    throw conflict('OrderError', 'giftCardsIssued', 'An order with e-gift cards cannot be cancelled: their codes were already sent', 'orderCode');
  }
  const now = ctx.now();
  const view = await withTransaction(ctx.dbh, async (trx) => {
    if (!(await transitionOrderStatus(trx, code, PLACED_STATUS, CANCELLED_STATUS))) {
      throw conflict('OrderError', 'notCancellable', 'This order can no longer be cancelled', 'orderCode');
    }
    await incrementStockMany(
      trx,
      data.entries.map((e) => ({ variantCode: e.variant_code, qty: Number(e.qty) })),
    );
    await refundOrderGiftCards(trx, code, now);
    // issue 4: a cancelled order gives its coupon uses back (the promotion lines stay on the order)
    const releasedCoupons = await releaseCouponRedemptions(trx, code);
    // issue 12 (ADR 0030): a cancelled first order gives the friend's referral coupon back
    if (releasedCoupons.some((c) => c.couponCode.startsWith(REFERRAL_COUPON_PREFIX))) await releaseReferralUse(trx, code);
    // issue 12 (ADR 0028): the order's pending Perks points are reversed
    await reverseOrderPendingPoints(trx, code, now);
    // issue 12 (ADR 0028 "Rewards"): the points spent on the order's reward come back
    await refundOrderReward(trx, code, now);
    const fresh = await findOrder(trx, code);
    if (!fresh) throw new Error(`order ${code} vanished`);
    return orderView(trx, fresh, lang);
  });
  const cardMinor = Number(data.order.total_minor) - Number(data.order.gift_card_minor ?? 0);
  const intentId = data.order.payment_intent_id;
  if (cardMinor > 0 && intentId && ctx.payments.refund) {
    try {
      await ctx.payments.refund(intentId, cardMinor, { idempotencyKey: `cancel-${code}` });
    } catch (error) {
      ctx.log.error({ orderCode: code, err: error instanceof Error ? error.message : String(error) }, 'card refund failed after cancellation; refund it by hand');
    }
  }
  ctx.log.info({ orderCode: code, site }, 'order cancelled');
  return view;
}
