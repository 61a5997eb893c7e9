/**
 * Placing an order (spec §2, §7; DESIGN "Concurrency and integrity"; ADR 0004).
 *
 * Steps:
 * 1. Idempotency: claim `(base site, Idempotency-Key)` by inserting an `in_progress` row
 *    (`ON CONFLICT DO NOTHING`). When the key is already known:
 *    - another cart → 422 `IdempotencyError` `idempotencyKeyReused`;
 *    - done → the same order again (200);
 *    - failed (a payment was declined) → the same error again;
 *    - still in progress → 409 `CheckoutError` `requestInProgress`.
 * 2. Readiness checks (email, addresses, delivery mode, lines, payment intent of this cart);
 *    every missing piece listed (400 `CheckoutError`).
 * 3. Transaction 1 (reserve): cart `open → placing` (a conditional update: one placement per
 *    cart at a time), lines re-read and re-checked (still sold, not discontinued), totals from
 *    `computeCartTotals`, stock taken per line with a conditional decrement
 *    (`available >= n`; failure → rollback, 409 `InsufficientStockError` naming the entry), and
 *    the order written as `pendingPayment` with frozen prices.
 * 4. Payment, outside any transaction: the intent's amount is aligned with the order total, then
 *    confirmed with the payment method.
 * 5. Transaction 2:
 *    - succeeded → order `created` with the card summary, cart `ordered`, key `done`; the
 *      confirmation email is queued after commit;
 *    - declined → stock given back, pending order deleted, cart `open` again, key `failed` with
 *      the answer (400 `PaymentError` `cardDeclined` / `insufficientFunds` / ...).
 * Errors before any side effect (steps 2–3) release the key, so the same key may be retried.
 *
 * Signed-in customers (issue 3): the cart must be theirs (`shopper`, else the same 404 as an
 * unknown cart) and the order carries their id (`orders.user_id` from the cart). They may pay with
 * a saved card (`savedPaymentMethodId`: one of THEIR saved methods of the current provider, else
 * 404 `paymentMethodNotFound`) — the intent is then charged for their provider customer — or ask
 * to keep the card (`saveCard`): it is saved on their provider customer once the payment
 * succeeded (a failure to save is logged and never fails the placed order).
 *
 * Gift cards (issue 4, flows/gift-cards.ts): transaction 1 also holds what the cart's gift cards
 * pay (409 `GiftCardError` `giftCardBalance` when a balance no longer covers it); the intent is
 * charged `total − gift cards`. When gift cards pay everything no intent is needed (`paymentIntentId`
 * may be omitted; one sent anyway is cancelled): the order is placed without calling the provider,
 * `payment_provider` 'giftcard', `payment_intent_id` ''. A failed payment releases the holds;
 * success redeems them and issues one e-gift card per unit of a virtual gift-card line, each
 * emailed after commit.
 *
 * So a charge never happens without an order (the pending order exists first) and stock is
 * never kept for a failed payment (transaction 2 gives it back). If the process dies between
 * steps 3 and 5 the order stays `pendingPayment` with its stock; {@link reconcilePendingOrder}
 * settles it from the provider's status.
 */
import { randomBytes } from 'node:crypto';
import type { Order, PaymentMethodInput } from '@store/contracts';
import type { CartLine, Executor, OrderEntryRow, OrderRow } from '@store/db';
import {
  claimIdempotencyKey,
  deleteOrder,
  findCart,
  findGiftVariants,
  findOrder,
  findPaymentIntent,
  findSavedPaymentMethod,
  getAvailable,
  incrementStockMany,
  insertOrder,
  markIdempotencyDone,
  markIdempotencyFailed,
  orderCodeExists,
  releaseIdempotencyKey,
  transitionCartStatus,
  transitionOrderStatus,
  tryDecrementStock,
  tryDecrementStockMany,
  updatePaymentIntent,
  withTransaction,
} from '@store/db';
import type { BaseSiteId, ErrorKind, FieldError, Lang } from '@store/domain';
import { checkStock, conflict, DomainError, generateOrderCode, invalidInput, isDomainError, notFound, ValidationErrors } from '@store/domain';
import { sendOrderConfirmation } from '../email/order-confirmation.ts';
import type { ConfirmOptions, ConfirmResult, DeclineCode, PaymentMethodInput as ProviderPaymentMethod } from '../payments/provider.ts';
import { supportsCustomers } from '../payments/provider.ts';
import { computeCart, isDeliveryModeCode, nameOf, parseAddress, unitPriceOf } from './cart-view.ts';
import { cartNotFound, cartNotOpen, ownsCart } from './cart.ts';
import type { CommerceContext, Shopper } from './context.ts';
import { ANONYMOUS_SHOPPER, pickLang } from './context.ts';
import { ensurePaymentCustomer, recordSavedMethod } from './saved-payments.ts';
import { cartGiftCardAllocation, emailIssuedGiftCards, giftCardsNoLongerCover, giftCardSummary, GIFT_CARD_PROVIDER, holdOrderGiftCards, issueOrderGiftCards, redeemOrderGiftCards, releaseOrderGiftCards } from './gift-cards.ts';
import { recordOrderPromotions, releaseOrderPromotions } from './promotions.ts';
import { orderView, PENDING_PAYMENT_STATUS, PLACED_STATUS, type StoredTaxLine } from './order-view.ts';

/** Transactions of the flow that only touch the database are re-run on a PostgreSQL deadlock or serialization failure. */
const RETRY_ON_CONFLICT = { retries: 2 } as const;

/** Longest idempotency key accepted. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Thrown when a key is reused with another cart: the route answers HTTP 422. */
export class IdempotencyKeyReusedError extends Error {
  readonly status = 422;
  readonly type = 'IdempotencyError';
  readonly reason = 'idempotencyKeyReused';
  readonly subject = 'Idempotency-Key';
  constructor() {
    super('This idempotency key was already used with another cart');
    this.name = 'IdempotencyKeyReusedError';
  }
  /** The OCC error body. */
  toBody(): { errors: Array<{ type: string; reason: string; subject: string; message: string }> } {
    return { errors: [{ type: this.type, reason: this.reason, subject: this.subject, message: this.message }] };
  }
}

/** Input of {@link placeOrder}. */
export interface PlaceOrderInput {
  site: BaseSiteId;
  cartGuid: string;
  idempotencyKey: unknown;
  /** the cart's payment intent; may be omitted when gift cards pay the whole total (issue 4) */
  paymentIntentId?: string | undefined;
  paymentMethod?: PaymentMethodInput | undefined;
  lang?: unknown;
  /** absolute store URL for links in the email */
  publicUrl?: string | undefined;
  /** who places the order (default: anonymous) */
  shopper?: Shopper | undefined;
  /** customers only: pay with this saved method (our id) */
  savedPaymentMethodId?: string | undefined;
  /** customers only: keep the card of `paymentMethod` once paid */
  saveCard?: boolean | undefined;
}

/** How the intent is charged: the method and the provider options. */
interface Charge {
  paymentMethod: ProviderPaymentMethod | undefined;
  customerId?: string;
  saveForFuture?: boolean;
}

/** PaymentError reason and English message of a decline code. */
export function paymentErrorOf(code: DeclineCode | undefined): { reason: string; message: string } {
  switch (code) {
    case 'card_declined':
      return { reason: 'cardDeclined', message: 'Your card was declined. Try another card.' };
    case 'insufficient_funds':
      return { reason: 'insufficientFunds', message: 'Your card has insufficient funds. Try another card.' };
    case 'invalid_number':
      return { reason: 'invalidCardNumber', message: 'The card number is not valid.' };
    case 'expired_card':
      return { reason: 'expiredCard', message: 'Your card has expired.' };
    case 'authentication_required':
      return { reason: 'authenticationRequired', message: 'Your bank asks to authenticate this payment. Try another card.' };
    case 'payment_method_required':
      return { reason: 'paymentMethodRequired', message: 'Enter your card details.' };
    default:
      return { reason: 'paymentFailed', message: 'The payment could not be completed. Try again or use another card.' };
  }
}

/** Stored failure answer of an idempotency key. */
interface StoredFailure {
  kind: ErrorKind;
  type: string;
  reason: string;
  subject?: string;
  message: string;
}

function validateKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0) throw invalidInput('ValidationError', 'required', 'The Idempotency-Key header is required', 'Idempotency-Key');
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) throw invalidInput('ValidationError', 'tooLong', `The Idempotency-Key header must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`, 'Idempotency-Key');
  return key;
}

/** What transaction 1 reserved. */
interface Reservation {
  order: OrderRow;
  entries: OrderEntryRow[];
  /** variant → units taken */
  taken: Array<{ variantCode: string; qty: number }>;
  lang: Lang;
}

/**
 * Places the order of a cart (see module comment). Answers the order confirmation data.
 * @throws IdempotencyKeyReusedError (422); DomainError 400/404/409 as described above
 */
export async function placeOrder(ctx: CommerceContext, input: PlaceOrderInput): Promise<Order> {
  const key = validateKey(input.idempotencyKey);
  const { site, cartGuid } = input;
  const db = ctx.dbh.db;
  const shopper = input.shopper ?? ANONYMOUS_SHOPPER;
  const cart = await findCart(db, cartGuid);
  if (!cart || cart.base_site !== site || !ownsCart(cart, shopper)) throw cartNotFound(cartGuid);
  if (!shopper.userId && (input.savedPaymentMethodId !== undefined || input.saveCard)) {
    throw invalidInput('ValidationError', 'customerOnly', 'Sign in to use saved cards', input.savedPaymentMethodId !== undefined ? 'savedPaymentMethodId' : 'saveCard');
  }

  const claim = await claimIdempotencyKey(db, { baseSite: site, key, cartGuid, now: ctx.now().toISOString() });
  if (!claim.claimed) {
    const ex = claim.existing;
    if (ex.cart_guid !== cartGuid) throw new IdempotencyKeyReusedError();
    if (ex.status === 'done' && ex.order_code) {
      const data = await findOrder(db, ex.order_code);
      if (data) return orderView(db, data, pickLang(site, input.lang, data.order.lang));
    }
    if (ex.status === 'failed' && ex.response_json) {
      const f = JSON.parse(ex.response_json) as StoredFailure;
      throw new DomainError(f.kind, f.subject === undefined ? { type: f.type, reason: f.reason, message: f.message } : { type: f.type, reason: f.reason, subject: f.subject, message: f.message });
    }
    throw conflict('CheckoutError', 'requestInProgress', 'This order is already being placed; wait for the first request to finish', 'Idempotency-Key');
  }

  let reservation: Reservation;
  let charge: Charge;
  try {
    await checkReadiness(ctx, input);
    charge = await chargeOf(ctx, input, shopper);
    reservation = await reserve(ctx, input);
  } catch (error) {
    // Nothing happened yet: forget the key so the shopper can fix the cart and retry with it.
    await releaseIdempotencyKey(db, site, key);
    throw error;
  }
  const placed = await chargeAndSettle(ctx, input, key, reservation, charge);
  if (input.saveCard && shopper.userId && charge.customerId) await saveCardAfterPayment(ctx, shopper.userId, charge.customerId, input.paymentMethod);
  return placed;
}

/**
 * The payment method and provider options of a placement: a saved method of the customer, or the
 * given method (charged for the customer's provider customer when the card is to be saved).
 * @throws 404 `UnknownIdentifierError` `paymentMethodNotFound`; 400 `PaymentError` `notSupported`
 */
async function chargeOf(ctx: CommerceContext, input: PlaceOrderInput, shopper: Shopper): Promise<Charge> {
  if (!shopper.userId || (input.savedPaymentMethodId === undefined && !input.saveCard)) return { paymentMethod: input.paymentMethod };
  if (!supportsCustomers(ctx.payments)) throw invalidInput('PaymentError', 'notSupported', 'Saved payment methods are not available', 'savedPaymentMethodId');
  const customer = { id: shopper.userId, email: shopper.email ?? '' };
  if (input.savedPaymentMethodId !== undefined) {
    const saved = await findSavedPaymentMethod(ctx.dbh.db, shopper.userId, input.savedPaymentMethodId);
    if (!saved || saved.provider !== ctx.payments.name) {
      throw notFound('UnknownIdentifierError', 'paymentMethodNotFound', `Payment method ${input.savedPaymentMethodId} not found`, 'savedPaymentMethodId');
    }
    return { paymentMethod: { providerPaymentMethodId: saved.provider_payment_method_id }, customerId: await ensurePaymentCustomer(ctx, customer) };
  }
  return { paymentMethod: input.paymentMethod, customerId: await ensurePaymentCustomer(ctx, customer), saveForFuture: true };
}

/** Saves the card just paid with on the customer (logged, never thrown: the order is placed). */
async function saveCardAfterPayment(ctx: CommerceContext, customerId: string, providerCustomerId: string, method: PaymentMethodInput | undefined): Promise<void> {
  try {
    if (!method || !supportsCustomers(ctx.payments)) return;
    let info;
    if ('testCardNumber' in method) {
      const year = ctx.now().getUTCFullYear();
      info = await ctx.payments.attachPaymentMethod(providerCustomerId, { testCardNumber: method.testCardNumber, expMonth: method.expMonth ?? 12, expYear: method.expYear ?? year + 5 });
    } else {
      info = await ctx.payments.attachPaymentMethod(providerCustomerId, { stripePaymentMethodId: method.stripePaymentMethodId });
    }
    await recordSavedMethod(ctx, customerId, info, false);
  } catch (error) {
    ctx.log.warn({ customerId, err: errorInfo(error) }, 'the card could not be saved after the payment');
  }
}

/** Step 2: everything the order needs is there. */
async function checkReadiness(ctx: CommerceContext, input: PlaceOrderInput): Promise<void> {
  const db = ctx.dbh.db;
  const cart = await findCart(db, input.cartGuid);
  if (!cart) throw cartNotFound(input.cartGuid);
  if (cart.status !== 'open') throw cartNotOpen(cart);
  const problems: FieldError[] = [];
  if (!cart.email) problems.push({ subject: 'email', reason: 'required', message: 'The email address is missing' });
  if (!parseAddress(cart.shipping_address_json)) problems.push({ subject: 'deliveryAddress', reason: 'required', message: 'The shipping address is missing' });
  if (!parseAddress(cart.billing_address_json)) problems.push({ subject: 'billingAddress', reason: 'required', message: 'The billing address is missing' });
  if (!isDeliveryModeCode(cart.delivery_mode)) problems.push({ subject: 'deliveryMode', reason: 'required', message: 'The delivery mode is missing' });
  if (input.paymentIntentId) {
    const intent = await findPaymentIntent(db, input.paymentIntentId);
    if (!intent || intent.cart_guid !== cart.guid || intent.base_site !== input.site || intent.provider !== ctx.payments.name) {
      problems.push({ subject: 'paymentIntentId', reason: 'invalidPaymentIntent', message: 'The payment intent does not belong to this cart' });
    } else if (intent.status === 'succeeded' || intent.status === 'canceled') {
      problems.push({ subject: 'paymentIntentId', reason: 'invalidPaymentIntent', message: `The payment intent is ${intent.status}; create a new one` });
    }
  } else {
    // Only an order that gift cards pay in full goes without a payment intent (issue 4).
    const due = await cartGiftCardAllocation(db, cart, ctx.now());
    if (due.amountToPayMinor > 0) {
      if (due.cards.length > 0) throw giftCardsNoLongerCover();
      problems.push({ subject: 'paymentIntentId', reason: 'required', message: 'The payment intent is missing' });
    }
  }
  if (problems.length > 0) throw new ValidationErrors(problems, 'CheckoutError');
}

/** Step 3: transaction 1. */
async function reserve(ctx: CommerceContext, input: PlaceOrderInput): Promise<Reservation> {
  const { site } = input;
  const now = ctx.now();
  const nowIso = now.toISOString();
  // Nothing in this transaction reaches outside the database, so a PostgreSQL deadlock or
  // serialization failure (40P01/40001; stock rows are locked in code order, but gift-card and
  // coupon rows follow the cart) simply runs it again (issue 9).
  return withTransaction(ctx.dbh, async (trx) => {
    if (!(await transitionCartStatus(trx, input.cartGuid, 'open', 'placing', nowIso))) {
      const c = await findCart(trx, input.cartGuid);
      if (!c) throw cartNotFound(input.cartGuid);
      throw c.status === 'placing'
        ? conflict('CheckoutError', 'requestInProgress', 'An order is already being placed from this cart', 'cartGuid')
        : cartNotOpen(c);
    }
    const cart = await findCart(trx, input.cartGuid);
    if (!cart) throw cartNotFound(input.cartGuid);
    const lang = pickLang(site, input.lang, cart.lang);
    const { lines, totals, pricing } = await computeCart(trx, cart, lang, now);
    if (lines.length === 0) throw invalidInput('CartError', 'emptyCart', 'The cart is empty', 'entries');
    lines.forEach((l, i) => assertStillSellable(l, i));

    // One conditional decrement for every line (tryDecrementStockMany): the statement count does
    // not grow with the lines. A variant short of stock rolls the whole reservation back with the
    // out-of-stock error of its first line (its stock untouched, so the figure is right).
    const taken: Reservation['taken'] = lines.map((l) => ({ variantCode: l.variantCode, qty: l.qty }));
    const short = await tryDecrementStockMany(trx, taken);
    if (short.length > 0) {
      const i = Math.max(0, lines.findIndex((x) => x.variantCode === short[0]));
      const l = lines[i];
      if (!l) throw new Error(`variant ${short[0]} is not in the cart`);
      stockError(l, i, await getAvailable(trx, l.variantCode), lang);
    }

    const code = await newOrderCode(trx, site);
    const delivery = parseAddress(cart.shipping_address_json);
    const billing = parseAddress(cart.billing_address_json);
    if (!cart.email || !delivery || !billing || !isDeliveryModeCode(cart.delivery_mode)) {
      throw invalidInput('CheckoutError', 'notReady', 'The cart changed during checkout; check it again', 'cartGuid');
    }
    const { sameAsShipping: _drop, ...billingAddress } = billing;
    const taxLines: StoredTaxLine[] = totals.taxLines.map((t) => ({ code: t.code, name: t.name, rateBps: t.rateBps, amountMinor: t.amountMinor }));
    const order: OrderRow = {
      code,
      base_site: site,
      cart_guid: cart.guid,
      user_id: cart.user_id,
      email: cart.email,
      status: PENDING_PAYMENT_STATUS,
      currency: cart.currency,
      lang,
      subtotal_minor: totals.subtotalMinor,
      discount_minor: totals.discountMinor,
      shipping_minor: totals.shippingMinor,
      tax_minor: totals.taxMinor,
      total_minor: totals.totalMinor,
      tax_lines_json: JSON.stringify(taxLines),
      shipping_address_json: JSON.stringify(delivery),
      billing_address_json: JSON.stringify(billingAddress),
      delivery_mode: cart.delivery_mode,
      payment_intent_id: input.paymentIntentId ?? '',
      payment_provider: ctx.payments.name,
      payment_summary: '{}',
      created_at: nowIso,
      gift_card_minor: 0,
    };
    // Unit prices as the cart was priced: displayed price, then the owner's price list (issue 4).
    const entries: OrderEntryRow[] = lines.map((l) => {
      const unit = pricing.units.get(l.entryNumber)?.priceMinor ?? unitPriceOf(l).priceMinor;
      return {
        order_code: code,
        entry_number: l.entryNumber,
        variant_code: l.variantCode,
        product_code: l.baseProductCode,
        name: nameOf(l, lang),
        entry_type: l.entryType,
        qty: l.qty,
        unit_price_minor: unit,
        total_minor: unit * l.qty,
      };
    });
    const giftsSkipped = await addFreeGifts(trx, { site, code, lang, gifts: pricing.result.gifts, entries, taken });
    await insertOrder(trx, order, entries);
    await recordOrderPromotions(trx, { order, customerId: cart.user_id, now, pricing, shippingSavedMinor: totals.shippingSavedMinor, giftsSkipped });
    order.gift_card_minor = await holdOrderGiftCards(trx, order, now);
    if (order.total_minor - order.gift_card_minor <= 0) {
      // Gift cards pay everything: no card payment (issue 4).
      order.payment_provider = GIFT_CARD_PROVIDER;
      order.payment_intent_id = '';
      await trx.updateTable('orders').set({ payment_provider: order.payment_provider, payment_intent_id: '' }).where('code', '=', code).execute();
    } else if (!input.paymentIntentId) {
      throw giftCardsNoLongerCover();
    }
    return { order, entries, taken, lang };
  }, RETRY_ON_CONFLICT);
}

/** Entry type of a free-gift order line (issue 4). */
export const GIFT_ENTRY_TYPE = 'GIFT';

/**
 * Free gifts of the promotions (issue 4, ADR 0010): each gift variant the site sells and has in
 * stock becomes an order line at price 0 (one unit, stock taken with the same conditional
 * decrement, so a release or cancel gives it back like any line). A gift that is not sold or out of
 * stock is skipped, never failing the order; answers the skipped variant codes.
 */
async function addFreeGifts(
  trx: Executor,
  g: { site: BaseSiteId; code: string; lang: Lang; gifts: readonly string[]; entries: OrderEntryRow[]; taken: Reservation['taken'] },
): Promise<Set<string>> {
  const skipped = new Set<string>();
  if (g.gifts.length === 0) return skipped;
  const variants = await findGiftVariants(trx, g.site, g.gifts);
  let next = g.entries.reduce((m, e) => Math.max(m, e.entry_number), -1) + 1;
  for (const giftCode of [...new Set(g.gifts)].sort()) {
    const v = variants.get(giftCode);
    if (!v || !(await tryDecrementStock(trx, giftCode, 1))) {
      skipped.add(giftCode);
      continue;
    }
    g.taken.push({ variantCode: giftCode, qty: 1 });
    g.entries.push({
      order_code: g.code,
      entry_number: next++,
      variant_code: giftCode,
      product_code: v.baseProductCode,
      name: g.lang === 'fr' ? v.nameFr : v.nameEn,
      entry_type: GIFT_ENTRY_TYPE,
      qty: 1,
      unit_price_minor: 0,
      total_minor: 0,
    });
  }
  return skipped;
}

function assertStillSellable(l: CartLine, i: number): void {
  const subject = `entries[${i}]`;
  if (!l.soldOnSite || l.price === null) throw conflict('CartError', 'notSold', `${l.nameEn} is no longer sold on this store`, subject);
  if (l.discontinued) throw conflict('CartError', 'discontinued', `${l.nameEn} is discontinued`, subject);
}

/** Throws the out-of-stock error of a line, naming the product. */
function stockError(l: CartLine, i: number, available: number, lang: Lang): never {
  const subject = `entries[${i}].qty`;
  try {
    checkStock(l.qty, available, subject);
  } catch (e) {
    if (isDomainError(e)) throw conflict(e.type, e.reason, `${nameOf(l, lang)}: ${e.message}`, subject);
    throw e;
  }
  // The decrement failed although enough looked available (changed in between): still a conflict.
  throw conflict('InsufficientStockError', 'insufficientStock', `${nameOf(l, lang)}: not enough stock`, subject);
}

async function newOrderCode(trx: Executor, site: BaseSiteId): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateOrderCode(site, (n) => randomBytes(n));
    if (!(await orderCodeExists(trx, code))) return code;
  }
  throw new Error('could not draw a free order code');
}

/** Steps 4 and 5. */
async function chargeAndSettle(ctx: CommerceContext, input: PlaceOrderInput, key: string, r: Reservation, charge: Charge): Promise<Order> {
  const { site } = input;
  const db = ctx.dbh.db;
  const provider = ctx.payments;
  const intentId = r.order.payment_intent_id;
  // The card is charged what gift cards do not pay (issue 4).
  const chargeMinor = r.order.total_minor - r.order.gift_card_minor;
  let result: ConfirmResult;
  if (!intentId) {
    // Gift cards pay everything: nothing to charge. An intent sent anyway is not used.
    result = { status: 'succeeded', summary: await giftCardSummary(db, r.order.code) };
    if (input.paymentIntentId) await cancelUnusedIntent(ctx, input.paymentIntentId);
  } else {
    try {
      const intent = await findPaymentIntent(db, intentId);
      if (intent && (Number(intent.amount_minor) !== chargeMinor || intent.currency !== r.order.currency)) {
        await provider.updateAmount(intent.id, chargeMinor, r.order.currency);
        await updatePaymentIntent(db, intent.id, { amount_minor: chargeMinor, currency: r.order.currency }, ctx.now().toISOString());
      }
      const opts: ConfirmOptions = { idempotencyKey: `${site}:${key}` };
      if (charge.customerId) opts.customerId = charge.customerId;
      if (charge.saveForFuture) opts.saveForFuture = true;
      result = await provider.confirm(intentId, charge.paymentMethod, opts);
    } catch (error) {
      // Unknown outcome: ask the provider what happened before deciding.
      let status: string | null = null;
      let summary: ConfirmResult['summary'];
      try {
        const st = await provider.status(intentId);
        status = st.status;
        summary = st.summary;
      } catch {
        status = null;
      }
      if (status === 'succeeded') {
        result = summary ? { status: 'succeeded', summary } : { status: 'succeeded' };
      } else if (status === null || status === 'processing') {
        ctx.log.error({ orderCode: r.order.code, err: errorInfo(error) }, 'payment outcome unknown; order left pending for reconciliation');
        throw error;
      } else {
        await release(ctx, r, { site, key, failure: null });
        throw error;
      }
    }
  }

  if (result.status === 'failed') {
    const { reason, message } = paymentErrorOf(result.declineCode);
    const failure: StoredFailure = { kind: 'InvalidInput', type: 'PaymentError', reason, subject: 'paymentMethod', message };
    await release(ctx, r, { site, key, failure });
    ctx.log.info({ orderCode: r.order.code, reason }, 'payment declined; reservation released');
    throw new DomainError(failure.kind, { type: failure.type, reason: failure.reason, subject: 'paymentMethod', message: failure.message });
  }

  const summaryJson = JSON.stringify(result.summary ?? {});
  const placed: Order = await withTransaction(ctx.dbh, async (trx, afterCommit) => {
    const now = ctx.now().toISOString();
    if (!(await transitionOrderStatus(trx, r.order.code, PENDING_PAYMENT_STATUS, PLACED_STATUS, { payment_summary: summaryJson }))) {
      throw new Error(`order ${r.order.code} was no longer pending`);
    }
    await transitionCartStatus(trx, r.order.cart_guid, 'placing', 'ordered', now);
    await markIdempotencyDone(trx, site, key, r.order.code);
    if (intentId) await updatePaymentIntent(trx, intentId, { status: 'succeeded', payment_summary: summaryJson }, now);
    await redeemOrderGiftCards(trx, r.order.code, ctx.now());
    const issued = await issueOrderGiftCards(trx, r.order, ctx.now());
    const data = await findOrder(trx, r.order.code);
    if (!data) throw new Error(`order ${r.order.code} vanished`);
    const view = await orderView(trx, data, r.lang);
    afterCommit(() => {
      ctx.mailer.sendInBackground(() => sendOrderConfirmation(ctx.mailer, view, r.lang, input.publicUrl ? { publicUrl: input.publicUrl } : {}), `order confirmation ${view.code}`);
      emailIssuedGiftCards(ctx, r.order, r.lang, issued, input.publicUrl);
    });
    return view;
  });
  ctx.log.info({ orderCode: placed.code, site }, 'order placed');
  return placed;
}

/** Transaction 2 on failure: give the stock back, drop the pending order, reopen the cart. */
async function release(ctx: CommerceContext, r: Reservation, opts: { site: BaseSiteId; key: string; failure: StoredFailure | null }): Promise<void> {
  await withTransaction(ctx.dbh, async (trx) => {
    const now = ctx.now().toISOString();
    // Only the transaction that still finds the order pending undoes the reservation.
    const data = await findOrder(trx, r.order.code);
    if (data && data.order.status === PENDING_PAYMENT_STATUS) {
      await incrementStockMany(trx, r.taken);
      await releaseOrderPromotions(trx, r.order.code);
      await releaseOrderGiftCards(trx, r.order.code, ctx.now());
      await deleteOrder(trx, r.order.code);
      await transitionCartStatus(trx, r.order.cart_guid, 'placing', 'open', now);
    }
    if (opts.failure) {
      await markIdempotencyFailed(trx, opts.site, opts.key, JSON.stringify(opts.failure));
      if (r.order.payment_intent_id) await updatePaymentIntent(trx, r.order.payment_intent_id, { status: 'failed', last_error: opts.failure.reason }, now);
    } else {
      await trx.deleteFrom('idempotency_keys').where('base_site', '=', opts.site).where('key', '=', opts.key).execute();
    }
  });
}

/** Cancels an intent the shopper sent for an order gift cards paid in full (logged, never thrown). */
async function cancelUnusedIntent(ctx: CommerceContext, intentId: string): Promise<void> {
  try {
    const intent = await findPaymentIntent(ctx.dbh.db, intentId);
    if (!intent || intent.status === 'succeeded' || intent.status === 'canceled') return;
    await ctx.payments.cancel(intentId);
    await updatePaymentIntent(ctx.dbh.db, intentId, { status: 'canceled' }, ctx.now().toISOString());
  } catch (error) {
    ctx.log.warn({ intentId, err: errorInfo(error) }, 'could not cancel an unused payment intent');
  }
}

function errorInfo(error: unknown): { name: string; message: string } {
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}

/**
 * Settles an order left `pendingPayment` by a crash between reservation and payment: when the
 * provider says the intent succeeded the order is placed (cart ordered, key done); when it did not
 * succeed the intent is cancelled and the reservation released. Meant for an operator job
 * (`listPendingOrdersBefore`); answers the resulting status or null when nothing was pending.
 */
export async function reconcilePendingOrder(ctx: CommerceContext, orderCode: string): Promise<'created' | 'released' | null> {
  const db = ctx.dbh.db;
  const data = await findOrder(db, orderCode);
  if (!data || data.order.status !== PENDING_PAYMENT_STATUS) return null;
  const { order, entries } = data;
  const site = order.base_site as BaseSiteId;
  const key = await db
    .selectFrom('idempotency_keys')
    .select('key')
    .where('base_site', '=', site)
    .where('cart_guid', '=', order.cart_guid)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
  // A gift-card-only order (no intent) was never charged by a provider: release it, the shopper retries.
  const st = order.payment_intent_id ? await ctx.payments.status(order.payment_intent_id) : null;
  if (st?.status === 'succeeded') {
    const summaryJson = JSON.stringify(st.summary ?? {});
    const lang: Lang = order.lang === 'fr' ? 'fr' : 'en';
    await withTransaction(ctx.dbh, async (trx, afterCommit) => {
      if (!(await transitionOrderStatus(trx, orderCode, PENDING_PAYMENT_STATUS, PLACED_STATUS, { payment_summary: summaryJson }))) return;
      await transitionCartStatus(trx, order.cart_guid, 'placing', 'ordered', ctx.now().toISOString());
      if (key) await markIdempotencyDone(trx, site, key.key, orderCode);
      await redeemOrderGiftCards(trx, orderCode, ctx.now());
      const issued = await issueOrderGiftCards(trx, order, ctx.now());
      afterCommit(() => emailIssuedGiftCards(ctx, order, lang, issued));
    });
    return 'created';
  }
  if (order.payment_intent_id) await ctx.payments.cancel(order.payment_intent_id);
  const r: Reservation = {
    order,
    entries,
    taken: entries.map((e) => ({ variantCode: e.variant_code, qty: Number(e.qty) })),
    lang: order.lang === 'fr' ? 'fr' : 'en',
  };
  await release(ctx, r, { site, key: key?.key ?? '', failure: null });
  return 'released';
}
