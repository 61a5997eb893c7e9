/**
 * Placing an order (spec §2, §7; DESIGN "Concurrency and integrity"; ADR 0004, ADR 0014).
 *
 * Steps:
 * 1. Idempotency: claim `(base site, Idempotency-Key)` by inserting an `in_progress` row
 *    (`ON CONFLICT DO NOTHING`) with the hash of the request ({@link placeOrderRequestHash}: site,
 *    user, cart, intent, card as brand/last 4/expiry, saved method) and a lease of
 *    {@link IDEMPOTENCY_LEASE_MS}. When the key is already known:
 *    - another request (another hash; older rows: another cart) → 422 `IdempotencyError`
 *      `idempotencyKeyReused`, subject `Idempotency-Key` (issue 9 item 7);
 *    - done → the same order again (200);
 *    - failed (a payment was declined) → the same error again;
 *    - in progress, lease running → 409 `CheckoutError` `requestInProgress`;
 *    - in progress, lease over (its request died, issue 9 item 5) → this retry takes the key over
 *      with a conditional update (of racing retries one wins, the others get 409) and carries on:
 *      from the pending order the key had reserved (steps 4–5, {@link resumePlacement}), or from
 *      step 2 when nothing was reserved.
 * 2. Readiness checks (email, addresses, delivery mode, lines, payment intent of this cart);
 *    every missing piece listed (400 `CheckoutError`).
 * 3. Transaction 1 (reserve): cart `open → placing` (a conditional update: one placement per
 *    cart at a time), lines re-read and re-checked (still sold, not discontinued), totals from
 *    `computeCartTotals`, stock taken per line with a conditional decrement
 *    (`available >= n`; failure → rollback, 409 `InsufficientStockError` naming the entry), and
 *    the order written as `pendingPayment` with frozen prices.
 *    The key records the order it reserved (same transaction).
 * 4. Payment, outside any transaction: the intent's amount is aligned with the order total, then
 *    confirmed with the payment method (provider idempotency key `site:key`). Provider calls run
 *    within {@link PAYMENT_DEADLINE_MS} of the claim; past it the outcome is unknown (below).
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
 * steps 3 and 5 (or the provider's answer is lost) the order stays `pendingPayment` with its stock
 * and its key `in_progress`; once the lease is over, a retry with the same key resumes it, and the
 * sweeper (flows/sweep-pending-orders.ts: at start-up, then every 15 s) settles it with
 * {@link reconcilePendingOrder} from the provider's status — within a minute of the reservation.
 * Stock plus the units of orders (pending or placed) stays equal to the stock before, whatever the
 * moment of the crash (issue 9 item 5; tested by killing the process, test/crash-recovery.test.ts).
 *
 * Crash points for those tests (`CRASH_AT=afterClaim|afterReserve|afterCharge`) are TEST-ONLY:
 * the configuration refuses the variable unless NODE_ENV=test ({@link crashIfAsked}).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Order, PaymentMethodInput } from '@store/contracts';
import type { CartLine, Executor, IdempotencyRow, OrderEntryRow, OrderPromotionRow, OrderRow, OrderWithEntries } from '@store/db';
import {
  claimIdempotencyKey,
  deleteOrder,
  findIdempotencyKeyOfPendingOrder,
  findCart,
  findGiftVariants,
  findOrder,
  findPaymentIntent,
  findSavedPaymentMethod,
  getAvailable,
  incrementStockMany,
  insertOrderIfCodeFree,
  listCartGiftCards,
  startPlacingCart,
  markIdempotencyDone,
  markIdempotencyFailed,
  markIdempotencyReserved,
  releaseIdempotencyKey,
  takeOverIdempotencyKey,
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
import type { OpenedSubscriptions } from './auto-delivery-buy.ts';
import { attachSavedMethodToSubscriptions, checkAutoDeliveryCheckout, emailSubscriptionConfirmation, openSubscriptionsOf, savedMethodIdOf } from './auto-delivery-checkout.ts';
import type { ConfirmOptions, ConfirmResult, DeclineCode, PaymentMethodInput as ProviderPaymentMethod } from '../payments/provider.ts';
import { cardBrand, supportsCustomers } from '../payments/provider.ts';
import type { CrashPoint } from '../config.ts';
import { computeCart, isDeliveryModeCode, nameOf, parseAddress, unitPriceOf } from './cart-view.ts';
import { cartNotFound, cartNotOpen, ownsCart, plausibleGuid } from './cart-access.ts';
import type { CommerceContext, Shopper } from './context.ts';
import { ANONYMOUS_SHOPPER, pickLang } from './context.ts';
import { ensurePaymentCustomer, recordSavedMethod } from './saved-payments.ts';
import { allocateCartGiftCards, emailIssuedGiftCards, GIFT_CARD_PRODUCT_TYPE, pricedCartLines, giftCardsNoLongerCover, giftCardSummary, GIFT_CARD_PROVIDER, holdOrderGiftCards, issueOrderGiftCards, redeemOrderGiftCards, releaseOrderGiftCards } from './gift-cards.ts';
import { recordOrderPromotions, releaseOrderPromotions } from './promotions.ts';
import { orderAmountColumns, orderView, PENDING_PAYMENT_STATUS, PLACED_STATUS, type OrderCatalogRow } from './order-view.ts';
import { earnOrderPoints } from './loyalty.ts';
import { holdOrderReward, redeemOrderReward, releaseOrderReward } from './rewards.ts';

/** Transactions of the flow that only touch the database are re-run on a PostgreSQL deadlock or serialization failure. */
const RETRY_ON_CONFLICT = { retries: 2 } as const;

/** Longest idempotency key accepted (the contract's `tokenInput`; PlaceOrderHeadersSchema). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * Time budget of the payment provider calls of one placement, in ms, counted from the claim of the
 * idempotency key (issue 9 item 5, ADR 0014): no provider call starts after it, and a call still
 * running then is given up (the outcome is asked again later, see {@link reconcilePendingOrder}).
 * Stripe answers in well under a second; 25 s leaves room for its own network retries.
 */
export const PAYMENT_DEADLINE_MS = 25_000;

/**
 * Lease of an `in_progress` idempotency key, in ms (issue 9 item 5, ADR 0014): the payment budget
 * ({@link PAYMENT_DEADLINE_MS}) plus 20 s for the request's database transactions. A request that
 * is alive has finished within its lease, so a retry after it may take the key over, and the
 * pending-order sweeper may settle its order, without racing it.
 */
export const IDEMPOTENCY_LEASE_MS = PAYMENT_DEADLINE_MS + 20_000;

/**
 * A payment provider call that did not answer before the placement's deadline
 * ({@link PAYMENT_DEADLINE_MS}): HTTP 503 (the API's generic server-error body). Nothing is lost: a
 * reserved order stays pending until a retry with the same key or the sweeper settles it.
 */
export class PaymentDeadlineError extends Error {
  readonly statusCode = 503;
  constructor(call: string) {
    super(`The payment provider did not answer in time (${call})`);
    this.name = 'PaymentDeadlineError';
  }
}

/** Thrown when a key is reused with another request (issue 9 item 7): the route answers HTTP 422. */
export class IdempotencyKeyReusedError extends Error {
  readonly status = 422;
  readonly type = 'IdempotencyError';
  readonly reason = 'idempotencyKeyReused';
  readonly subject = 'Idempotency-Key';
  constructor() {
    super('This idempotency key was already used for another request');
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
  /** the `Idempotency-Key` header, 1–255 characters (`PlaceOrderHeadersSchema`, issue 11 item 1) */
  idempotencyKey: string;
  /** the cart's payment intent; may be omitted when gift cards pay the whole total (issue 4) */
  paymentIntentId?: string | undefined;
  paymentMethod?: PaymentMethodInput | undefined;
  lang?: Lang | undefined;
  /** absolute store URL for links in the email */
  publicUrl?: string | undefined;
  /** who places the order (default: anonymous) */
  shopper?: Shopper | undefined;
  /** customers only: pay with this saved method (our id) */
  savedPaymentMethodId?: string | undefined;
  /** customers only: keep the card of `paymentMethod` once paid */
  saveCard?: boolean | undefined;
}

/**
 * The parts of a placeOrder request that define the order and its payment (issue 9 item 7, ADR
 * 0014): who (site, user), what (the cart), and how it is paid (intent, card or saved method).
 */
export interface PlaceOrderRequestParts {
  site: BaseSiteId;
  cartGuid: string;
  /** the signed-in customer, or null for the anonymous (machine-token) user */
  userId: string | null;
  paymentIntentId?: string | undefined;
  paymentMethod?: PaymentMethodInput | undefined;
  savedPaymentMethodId?: string | undefined;
}

/**
 * SHA-256 (hex) of the canonical placeOrder request stored with its idempotency key (issue 9 item
 * 7, ADR 0014): `POST`, the path (site, user, cart guid), the payment intent, the saved method id,
 * and the card as brand, last 4, length and expiry — never the card number itself (PCI DSS: no
 * derivative of a card number is stored; a Stripe `pm_…` id is not card data and is kept whole).
 * `lang` (how the answer is worded) and `saveCard` (done after the payment; the storefront's
 * double-submit path does not resend it) are left out, so they never make a retry "another request".
 */
export function placeOrderRequestHash(p: PlaceOrderRequestParts): string {
  const canonical = JSON.stringify([
    'POST',
    `/${p.site}/users/${p.userId ?? 'anonymous'}/carts/${p.cartGuid}/placeOrder`,
    p.paymentIntentId ?? null,
    p.savedPaymentMethodId ?? null,
    paymentMethodFingerprint(p.paymentMethod),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

function paymentMethodFingerprint(m: PaymentMethodInput | undefined): unknown {
  if (!m) return null;
  if ('stripePaymentMethodId' in m) return ['stripe', m.stripePaymentMethodId];
  const digits = m.testCardNumber.replace(/[\s-]/g, '');
  return ['card', cardBrand(digits), digits.slice(-4), digits.length, m.expMonth ?? null, m.expYear ?? null];
}

/** Whether an existing key was claimed by this same request (older rows: by the same cart). */
function sameRequest(ex: IdempotencyRow, cartGuid: string, requestHash: string): boolean {
  return ex.request_hash !== null ? ex.request_hash === requestHash : ex.cart_guid === cartGuid;
}

/** End of a lease that starts at `now` (ISO-8601). */
function leaseFrom(now: Date): string {
  return new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString();
}

/** Whether the lease of an `in_progress` key is over (rows older than leases: created_at + lease). */
function leaseIsOver(row: IdempotencyRow, now: Date): boolean {
  const end = row.lease_expires_at !== null ? Date.parse(row.lease_expires_at) : Date.parse(row.created_at) + IDEMPOTENCY_LEASE_MS;
  return !(end > now.getTime());
}

/**
 * TEST-ONLY crash hook (`CRASH_AT`, refused by the configuration unless NODE_ENV=test; issue 9
 * item 5): at the configured point the process kills itself with SIGKILL, the way `kill -9` or a
 * power cut would stop it. Does nothing in every other run.
 */
function crashIfAsked(ctx: CommerceContext, point: CrashPoint): void {
  if (ctx.crashAt !== point) return;
  ctx.log.warn({ crashAt: point }, 'TEST-ONLY crash hook: killing the process');
  process.kill(process.pid, 'SIGKILL');
  throw new Error(`crash hook ${point}`);
}

/**
 * Runs one payment provider call within the placement's deadline (`deadline`: epoch ms on the real
 * clock — a test's fixed clock must not stop the payment; `call` names the call in the error). A
 * call still running at the deadline is abandoned: its late answer is ignored.
 * @throws PaymentDeadlineError when the deadline is past (the call is not started) or the call is
 *   still running at it; otherwise what the call throws
 */
export async function beforeDeadline<T>(deadline: number, call: string, run: () => Promise<T>): Promise<T> {
  const left = deadline - Date.now();
  if (left <= 0) throw new PaymentDeadlineError(call);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PaymentDeadlineError(call)), left);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
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


/** What transaction 1 reserved. */
interface Reservation {
  order: OrderRow;
  entries: OrderEntryRow[];
  /** variant → units taken */
  taken: Array<{ variantCode: string; qty: number }>;
  lang: Lang;
  /**
   * What transaction 1 knew, so the rest of the placement does not read it again (issue 11 item
   * 6); absent for a pending order resumed from the database (then everything is read).
   */
  known?: {
    /** the payment intent as read in transaction 1 (null: gift cards pay everything) */
    intent: { id: string; amountMinor: number; currency: string } | null;
    /** the cart had an auto-delivery line */
    hasAutoDelivery: boolean;
    /** the cart had a gift-card product (virtual ones issue cards once paid) */
    hasGiftCardProduct: boolean;
    /** issue 12: a Perks reward's points were held for the order */
    hasLoyaltyReward: boolean;
    /** the order's promotion rows as written */
    promotions: OrderPromotionRow[];
    /** catalogue data of the order lines, for the answer */
    catalog: Map<string, OrderCatalogRow>;
  };
}

/**
 * Places the order of a cart (see module comment). Answers the order confirmation data.
 * @throws IdempotencyKeyReusedError (422); DomainError 400/404/409 as described above;
 *   PaymentDeadlineError (503) when the payment provider does not answer in time
 */
export async function placeOrder(ctx: CommerceContext, request: PlaceOrderInput): Promise<Order> {
  let input = request;
  // the contract's header schema made the key required and bounded (issue 11 item 1)
  const key = input.idempotencyKey;
  const { site, cartGuid } = input;
  const db = ctx.dbh.db;
  const shopper = input.shopper ?? ANONYMOUS_SHOPPER;
  // issue 11 item 6: the cart is read once, in transaction 1 (with its lines, under the placing
  // lock); ownership, readiness and the auto-delivery checks run there, and any error rolls it back
  // and releases the key, so the shopper may fix the cart and retry with the same key
  if (!plausibleGuid(cartGuid)) throw cartNotFound(cartGuid);

  // Provider calls of this request end by this time (real clock; see PAYMENT_DEADLINE_MS).
  const deadline = Date.now() + PAYMENT_DEADLINE_MS;
  const requestHash = placeOrderRequestHash({ ...input, userId: shopper.userId });
  const now = ctx.now();
  const claim = await claimIdempotencyKey(db, { baseSite: site, key, cartGuid, requestHash, now: now.toISOString(), leaseUntil: leaseFrom(now) });
  let takenOver: IdempotencyRow | null = null;
  if (!claim.claimed) {
    const ex = claim.existing;
    if (!sameRequest(ex, cartGuid, requestHash)) throw new IdempotencyKeyReusedError();
    if (ex.status === 'done' && ex.order_code) {
      const data = await findOrder(db, ex.order_code);
      if (data) return orderView(db, data, pickLang(site, input.lang, data.order.lang));
    }
    if (ex.status === 'failed' && ex.response_json) {
      const f = JSON.parse(ex.response_json) as StoredFailure;
      throw new DomainError(f.kind, f.subject === undefined ? { type: f.type, reason: f.reason, message: f.message } : { type: f.type, reason: f.reason, subject: f.subject, message: f.message });
    }
    // In progress: while its lease runs the first request may still be working. After it, that
    // request is gone (crash): this retry takes the key over, and of two racing retries one wins.
    const takeOver =
      ex.status === 'in_progress' &&
      leaseIsOver(ex, now) &&
      (await takeOverIdempotencyKey(db, { baseSite: site, key, previousLease: ex.lease_expires_at, leaseUntil: leaseFrom(now) }));
    if (!takeOver) throw conflict('CheckoutError', 'requestInProgress', 'This order is already being placed; wait for the first request to finish', 'Idempotency-Key');
    takenOver = ex;
    ctx.log.info({ site, orderCode: ex.order_code }, 'idempotency key taken over after its lease ended');
  }
  crashIfAsked(ctx, 'afterClaim');

  if (takenOver) {
    // The crashed request may have reserved (and even charged) already: carry on from there.
    const pending = await pendingOrderOf(ctx, takenOver);
    if (pending) return resumePlacement(ctx, input, key, pending, shopper, deadline);
  }

  let reservation: Reservation;
  try {
    reservation = await reserve(ctx, input, key, shopper);
  } catch (error) {
    // Nothing happened yet (transaction 1 rolled back): forget the key so the shopper can fix the
    // cart and retry with it.
    await releaseIdempotencyKey(db, site, key);
    throw error;
  }
  crashIfAsked(ctx, 'afterReserve');
  // issue 10 (ADR 0018 "Buying"): an auto-delivery line needs a card kept for the recurring
  // orders: the card paid with is saved (off-session use), unless a saved card pays
  if (reservation.known?.hasAutoDelivery && input.savedPaymentMethodId === undefined) input = { ...input, saveCard: true };
  let charge: Charge;
  try {
    charge = await chargeOf(ctx, input, shopper, deadline);
  } catch (error) {
    // Nothing was charged: give the reservation back (stock, order, cart) and forget the key.
    await release(ctx, reservation, { site, key, failure: null });
    throw error;
  }
  const placed = await chargeAndSettle(ctx, input, key, reservation, charge, deadline);
  if (input.saveCard && shopper.userId && charge.customerId) {
    const savedId = await saveCardAfterPayment(ctx, shopper.userId, charge.customerId, input.paymentMethod);
    if (savedId) await attachSavedMethodToSubscriptions(ctx, placed.code, savedId);
  }
  return placed;
}

/** The order a taken-over key had reserved, if it is still pending (older keys: the cart's pending order). */
async function pendingOrderOf(ctx: CommerceContext, key: IdempotencyRow): Promise<OrderWithEntries | undefined> {
  const db = ctx.dbh.db;
  let code = key.order_code;
  if (code === null && key.request_hash === null) {
    const row = await db.selectFrom('orders').select('code').where('cart_guid', '=', key.cart_guid).where('status', '=', PENDING_PAYMENT_STATUS).executeTakeFirst();
    code = row?.code ?? null;
  }
  if (code === null) return undefined;
  const data = await findOrder(db, code);
  return data && data.order.status === PENDING_PAYMENT_STATUS ? data : undefined;
}

/** The reservation of a pending order, as transaction 1 would have answered it. */
function reservationOf(data: OrderWithEntries): Reservation {
  return {
    order: data.order,
    entries: data.entries,
    taken: data.entries.map((e) => ({ variantCode: e.variant_code, qty: Number(e.qty) })),
    lang: data.order.lang === 'fr' ? 'fr' : 'en',
  };
}

/**
 * A retry that took over the key of a request that died after its reservation (issue 9 item 5):
 * the same request (same hash) goes on with steps 4–5 on the pending order. The provider gets the
 * same idempotency key as the first attempt, so a charge that already went through is answered
 * again, never made twice.
 */
async function resumePlacement(ctx: CommerceContext, input: PlaceOrderInput, key: string, pending: OrderWithEntries, shopper: Shopper, deadline: number): Promise<Order> {
  ctx.log.info({ orderCode: pending.order.code }, 'resuming an order whose first request stopped');
  const charge = await chargeOf(ctx, input, shopper, deadline);
  const placed = await chargeAndSettle(ctx, input, key, reservationOf(pending), charge, deadline);
  if (input.saveCard && shopper.userId && charge.customerId) {
    const savedId = await saveCardAfterPayment(ctx, shopper.userId, charge.customerId, input.paymentMethod);
    if (savedId) await attachSavedMethodToSubscriptions(ctx, placed.code, savedId);
  }
  return placed;
}

/**
 * The payment method and provider options of a placement: a saved method of the customer, or the
 * given method (charged for the customer's provider customer when the card is to be saved).
 * @throws 404 `UnknownIdentifierError` `paymentMethodNotFound`; 400 `PaymentError` `notSupported`;
 *   PaymentDeadlineError
 */
async function chargeOf(ctx: CommerceContext, input: PlaceOrderInput, shopper: Shopper, deadline: number): Promise<Charge> {
  if (!shopper.userId || (input.savedPaymentMethodId === undefined && !input.saveCard)) return { paymentMethod: input.paymentMethod };
  if (!supportsCustomers(ctx.payments)) throw invalidInput('PaymentError', 'notSupported', 'Saved payment methods are not available', 'savedPaymentMethodId');
  const customer = { id: shopper.userId, email: shopper.email ?? '' };
  if (input.savedPaymentMethodId !== undefined) {
    const saved = await findSavedPaymentMethod(ctx.dbh.db, shopper.userId, input.savedPaymentMethodId);
    if (!saved || saved.provider !== ctx.payments.name) {
      throw notFound('UnknownIdentifierError', 'paymentMethodNotFound', `Payment method ${input.savedPaymentMethodId} not found`, 'savedPaymentMethodId');
    }
    return { paymentMethod: { providerPaymentMethodId: saved.provider_payment_method_id }, customerId: await beforeDeadline(deadline, 'customer', () => ensurePaymentCustomer(ctx, customer)) };
  }
  return { paymentMethod: input.paymentMethod, customerId: await beforeDeadline(deadline, 'customer', () => ensurePaymentCustomer(ctx, customer)), saveForFuture: true };
}

/** Saves the card just paid with on the customer (logged, never thrown: the order is placed). Answers the saved method's id, or null. */
async function saveCardAfterPayment(ctx: CommerceContext, customerId: string, providerCustomerId: string, method: PaymentMethodInput | undefined): Promise<string | null> {
  try {
    if (!method || !supportsCustomers(ctx.payments)) return null;
    let info;
    if ('testCardNumber' in method) {
      const year = ctx.now().getUTCFullYear();
      info = await ctx.payments.attachPaymentMethod(providerCustomerId, { testCardNumber: method.testCardNumber, expMonth: method.expMonth ?? 12, expYear: method.expYear ?? year + 5 });
    } else {
      info = await ctx.payments.attachPaymentMethod(providerCustomerId, { stripePaymentMethodId: method.stripePaymentMethodId });
    }
    return (await recordSavedMethod(ctx, customerId, info, false)).id;
  } catch (error) {
    ctx.log.warn({ customerId, err: errorInfo(error) }, 'the card could not be saved after the payment');
    return null;
  }
}

/**
 * Steps 2–3: transaction 1. The cart moves to `placing` and is read in the same statement (with
 * its gift-card count and the payment intent); then its lines, the shopper's ownership, the
 * auto-delivery checks and the readiness checks (every missing piece listed, 400 `CheckoutError`);
 * then the stock (one conditional statement), the order and its lines (two statements), the key's
 * reservation, promotions and gift-card holds. Any error rolls everything back. The key records
 * the order it reserves, so a retry or the sweeper finds it. Statements for a cart without
 * coupons, gift cards or a customer: 8, whatever the number of lines (issue 11 item 6).
 */
async function reserve(ctx: CommerceContext, input: PlaceOrderInput, key: string, shopper: Shopper): Promise<Reservation> {
  const { site } = input;
  const now = ctx.now();
  const nowIso = now.toISOString();
  // Nothing in this transaction reaches outside the database, so a PostgreSQL deadlock or
  // serialization failure (40P01/40001; stock rows are locked in code order, but gift-card and
  // coupon rows follow the cart) simply runs it again (issue 9).
  return withTransaction(ctx.dbh, async (trx) => {
    const placing = await startPlacingCart(trx, input.cartGuid, input.paymentIntentId ?? '', nowIso);
    if (!placing) {
      const c = await findCart(trx, input.cartGuid);
      if (!c || c.base_site !== site || !ownsCart(c, shopper)) throw cartNotFound(input.cartGuid);
      throw cartNotOpen(c);
    }
    const { cart, intent } = placing;
    // rolled back with the transaction: another shopper's cart is left as it was
    if (cart.base_site !== site || !ownsCart(cart, shopper)) throw cartNotFound(input.cartGuid);
    if (!shopper.userId && (input.savedPaymentMethodId !== undefined || input.saveCard)) {
      throw invalidInput('ValidationError', 'customerOnly', 'Sign in to use saved cards', input.savedPaymentMethodId !== undefined ? 'savedPaymentMethodId' : 'saveCard');
    }
    const lang = pickLang(site, input.lang, cart.lang);
    const appliedGiftCards = placing.giftCardCount > 0 ? await listCartGiftCards(trx, cart.guid) : [];
    const { lines, totals, pricing } = await computeCart(trx, cart, lang, now, { appliedGiftCards });
    const autoDelivery = await checkAutoDeliveryCheckout(ctx, trx, cart, lines, shopper, input);

    const problems: FieldError[] = [];
    const delivery = parseAddress(cart.shipping_address_json);
    const billing = parseAddress(cart.billing_address_json);
    if (!cart.email) problems.push({ subject: 'email', reason: 'required', message: 'The email address is missing' });
    if (!delivery) problems.push({ subject: 'deliveryAddress', reason: 'required', message: 'The shipping address is missing' });
    if (!billing) problems.push({ subject: 'billingAddress', reason: 'required', message: 'The billing address is missing' });
    if (!isDeliveryModeCode(cart.delivery_mode)) problems.push({ subject: 'deliveryMode', reason: 'required', message: 'The delivery mode is missing' });
    if (input.paymentIntentId) {
      if (!intent || intent.cartGuid !== cart.guid || intent.baseSite !== site || intent.provider !== ctx.payments.name) {
        problems.push({ subject: 'paymentIntentId', reason: 'invalidPaymentIntent', message: 'The payment intent does not belong to this cart' });
      } else if (intent.status === 'succeeded' || intent.status === 'canceled') {
        problems.push({ subject: 'paymentIntentId', reason: 'invalidPaymentIntent', message: `The payment intent is ${intent.status}; create a new one` });
      }
    } else {
      // Only an order that gift cards pay in full goes without a payment intent (issue 4).
      const due = await allocateCartGiftCards(trx, cart, pricedCartLines(lines, pricing.units), totals.totalMinor, now, appliedGiftCards);
      if (due.amountToPayMinor > 0) {
        if (due.cards.length > 0) throw giftCardsNoLongerCover();
        problems.push({ subject: 'paymentIntentId', reason: 'required', message: 'The payment intent is missing' });
      }
    }
    if (problems.length > 0) throw new ValidationErrors(problems, 'CheckoutError');
    if (!cart.email || !delivery || !billing || !isDeliveryModeCode(cart.delivery_mode)) throw new Error('unreachable: readiness checked above');

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

    const { sameAsShipping: _drop, ...billingAddress } = billing;
    const order: OrderRow = {
      code: '',
      base_site: site,
      cart_guid: cart.guid,
      user_id: cart.user_id,
      email: cart.email,
      status: PENDING_PAYMENT_STATUS,
      currency: cart.currency,
      lang,
      ...orderAmountColumns(totals),
      shipping_address_json: JSON.stringify(delivery),
      billing_address_json: JSON.stringify(billingAddress),
      delivery_mode: cart.delivery_mode,
      payment_intent_id: input.paymentIntentId ?? '',
      payment_provider: ctx.payments.name,
      payment_summary: '{}',
      created_at: nowIso,
      gift_card_minor: 0,
      kind: 'checkout',
      subscription_id: null,
    };
    // Unit prices as the cart was priced: displayed price, then the owner's price list (issue 4).
    const entries: OrderEntryRow[] = lines.map((l) => {
      const unit = pricing.units.get(l.entryNumber)?.priceMinor ?? unitPriceOf(l).priceMinor;
      return {
        order_code: '',
        entry_number: l.entryNumber,
        variant_code: l.variantCode,
        product_code: l.baseProductCode,
        name: nameOf(l, lang),
        entry_type: l.entryType,
        qty: l.qty,
        unit_price_minor: unit,
        total_minor: unit * l.qty,
        frequency_weeks: l.frequencyWeeks,
        subscription_id: null,
      };
    });
    const giftsSkipped = await addFreeGifts(trx, { site, code: '', lang, gifts: pricing.result.gifts, entries, taken });
    // A random code, written with ON CONFLICT DO NOTHING: no read to find a free one first.
    for (let attempt = 0; ; attempt++) {
      if (attempt >= 5) throw new Error('could not draw a free order code');
      order.code = generateOrderCode(site, (n) => randomBytes(n));
      for (const e of entries) e.order_code = order.code;
      if (await insertOrderIfCodeFree(trx, order, entries)) break;
    }
    const code = order.code;
    await markIdempotencyReserved(trx, site, key, code);
    const promotions = await recordOrderPromotions(trx, { order, customerId: cart.user_id, now, pricing, shippingSavedMinor: totals.shippingSavedMinor, giftsSkipped });
    // issue 12 (ADR 0028 "Rewards"): the cart's Perks reward holds its points under the member lock;
    // a free product reward becomes a gift line at price 0 (its stock taken like any line)
    const rewardHold = cart.loyalty_reward_code ? await holdOrderReward(trx, cart, order, now) : null;
    if (rewardHold?.reward.kind === 'freeProduct' && rewardHold.reward.variantCode) {
      const skipped = await addFreeGifts(trx, { site, code, lang, gifts: [rewardHold.reward.variantCode], entries, taken });
      if (skipped.size > 0) throw conflict('LoyaltyError', 'rewardUnavailable', 'The free product of your reward is out of stock: swap or remove the reward', 'rewardCode');
      const added = entries[entries.length - 1];
      if (added) await trx.insertInto('order_entries').values(added).execute();
    }
    order.gift_card_minor = placing.giftCardCount > 0 ? await holdOrderGiftCards(trx, order, now, appliedGiftCards) : 0;
    let knownIntent = intent && input.paymentIntentId ? { id: intent.id, amountMinor: intent.amountMinor, currency: intent.currency } : null;
    if (order.total_minor - order.gift_card_minor <= 0) {
      // Gift cards pay everything: no card payment (issue 4).
      order.payment_provider = GIFT_CARD_PROVIDER;
      order.payment_intent_id = '';
      knownIntent = null;
      await trx.updateTable('orders').set({ payment_provider: order.payment_provider, payment_intent_id: '' }).where('code', '=', code).execute();
    } else if (!input.paymentIntentId) {
      throw giftCardsNoLongerCover();
    }
    const catalog = new Map<string, OrderCatalogRow>(
      lines.map((l) => [
        l.variantCode,
        {
          code: l.variantCode,
          variant_url_suffix: l.variantUrlSuffix,
          count: l.count,
          product_code: l.baseProductCode,
          slug_en: l.slugEn,
          slug_fr: l.slugFr,
          is_bundle: l.isBundle,
          pack_type: l.packType,
          product_type: l.productType,
          name_en: l.nameEn,
          name_fr: l.nameFr,
        },
      ]),
    );
    const known = {
      intent: knownIntent,
      hasAutoDelivery: autoDelivery.hasAutoDelivery,
      hasGiftCardProduct: lines.some((l) => l.productType === GIFT_CARD_PRODUCT_TYPE),
      hasLoyaltyReward: rewardHold !== null,
      promotions,
      catalog,
    };
    return { order, entries, taken, lang, known };
  }, RETRY_ON_CONFLICT);
}

/** What an order without auto-delivery lines opens. */
const NO_SUBSCRIPTIONS: OpenedSubscriptions = { subscriptionIds: [], commitmentIds: [], commitmentsLost: 0 };

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
      frequency_weeks: null,
      subscription_id: null,
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

/** Steps 4 and 5 (provider calls within `deadline`, epoch ms). */
async function chargeAndSettle(ctx: CommerceContext, input: PlaceOrderInput, key: string, r: Reservation, charge: Charge, deadline: number): Promise<Order> {
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
      // the intent as transaction 1 read it (a resumed order reads it now)
      const intent = r.known ? r.known.intent : await findPaymentIntent(db, intentId).then((i) => (i ? { id: i.id, amountMinor: Number(i.amount_minor), currency: i.currency } : null));
      if (intent && (intent.amountMinor !== chargeMinor || intent.currency !== r.order.currency)) {
        await beforeDeadline(deadline, 'updateAmount', () => provider.updateAmount(intent.id, chargeMinor, r.order.currency));
        await updatePaymentIntent(db, intent.id, { amount_minor: chargeMinor, currency: r.order.currency }, ctx.now().toISOString());
      }
      const opts: ConfirmOptions = { idempotencyKey: `${site}:${key}` };
      if (charge.customerId) opts.customerId = charge.customerId;
      if (charge.saveForFuture) opts.saveForFuture = true;
      result = await beforeDeadline(deadline, 'confirm', () => provider.confirm(intentId, charge.paymentMethod, opts));
    } catch (error) {
      // Unknown outcome: ask the provider what happened before deciding.
      let status: string | null = null;
      let summary: ConfirmResult['summary'];
      try {
        const st = await beforeDeadline(deadline, 'status', () => provider.status(intentId));
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

  crashIfAsked(ctx, 'afterCharge');
  const summaryJson = JSON.stringify(result.summary ?? {});
  const placed: Order = await withTransaction(ctx.dbh, async (trx, afterCommit) => {
    const now = ctx.now().toISOString();
    if (!(await transitionOrderStatus(trx, r.order.code, PENDING_PAYMENT_STATUS, PLACED_STATUS, { payment_summary: summaryJson }))) {
      // Settled meanwhile (the sweeper, after this request outlived its lease): answer that order.
      const settled = await findOrder(trx, r.order.code);
      if (settled && settled.order.status !== PENDING_PAYMENT_STATUS) return orderView(trx, settled, r.lang);
      throw new Error(`order ${r.order.code} was no longer pending`);
    }
    await transitionCartStatus(trx, r.order.cart_guid, 'placing', 'ordered', now);
    await markIdempotencyDone(trx, site, key, r.order.code);
    // a provider that keeps its intents in payment_intents (the test provider) has recorded the outcome itself
    if (intentId && !provider.recordsIntentOutcome) await updatePaymentIntent(trx, intentId, { status: 'succeeded', payment_summary: summaryJson }, now);
    // what transaction 1 knew spares the reads of parts the order does not have (issue 11 item 6)
    const known = r.known;
    if (r.order.gift_card_minor > 0) await redeemOrderGiftCards(trx, r.order.code, ctx.now());
    // issue 12: the reward's held points are now redeemed (a statement only for an order that has one)
    if (!known || known.hasLoyaltyReward) await redeemOrderReward(trx, r.order.code, ctx.now());
    const issued = !known || known.hasGiftCardProduct ? await issueOrderGiftCards(trx, r.order, ctx.now()) : [];
    // issue 10: the order's auto-delivery lines open their subscriptions in this same transaction
    const opened = !known || known.hasAutoDelivery ? await openSubscriptionsOf(ctx, trx, r.order, savedMethodIdOf(input)) : NO_SUBSCRIPTIONS;
    // issue 12 (ADR 0028): an enrolled, opted-in member earns pending Perks points in this same transaction
    await earnOrderPoints(trx, r.order, r.entries, ctx.now());
    let view: Order;
    if (known && opened.subscriptionIds.length === 0) {
      // the answer from what this placement wrote, not read back
      const data: OrderWithEntries = { order: { ...r.order, status: PLACED_STATUS, payment_summary: summaryJson }, entries: r.entries };
      view = await orderView(trx, data, r.lang, { catalog: known.catalog, promotions: known.promotions, subscriptions: [], ...(r.order.gift_card_minor > 0 ? {} : { giftCardPayments: [] }) });
    } else {
      const data = await findOrder(trx, r.order.code);
      if (!data) throw new Error(`order ${r.order.code} vanished`);
      view = await orderView(trx, data, r.lang);
    }
    afterCommit(() => {
      ctx.mailer.sendInBackground(() => sendOrderConfirmation(ctx.mailer, view, r.lang, input.publicUrl ? { publicUrl: input.publicUrl } : {}), `order confirmation ${view.code}`);
      emailIssuedGiftCards(ctx, r.order, r.lang, issued, input.publicUrl);
      emailSubscriptionConfirmation(ctx, view, r.lang, opened);
    });
    return view;
  }, RETRY_ON_CONFLICT);
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
      // issue 12: the points held for a Perks reward come back
      await releaseOrderReward(trx, r.order.code, ctx.now());
      await deleteOrder(trx, r.order.code);
      await transitionCartStatus(trx, r.order.cart_guid, 'placing', 'open', now);
    }
    if (opts.failure) {
      await markIdempotencyFailed(trx, opts.site, opts.key, JSON.stringify(opts.failure));
      if (r.order.payment_intent_id) await updatePaymentIntent(trx, r.order.payment_intent_id, { status: 'failed', last_error: opts.failure.reason }, now);
    } else {
      await trx.deleteFrom('idempotency_keys').where('base_site', '=', opts.site).where('key', '=', opts.key).execute();
    }
  }, RETRY_ON_CONFLICT);
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
 * Settles an order left `pendingPayment` by a request that stopped between reservation and payment
 * (a crash; issue 9 item 5, ADR 0014). Run by the sweeper (flows/sweep-pending-orders.ts):
 * - while the key of the order's request holds a live lease, the request (or a retry that took the
 *   key over) may still be working: nothing is done (null);
 * - otherwise the key is taken over (conditional update: a retry arriving now gets 409 until this
 *   is done) and the provider asked: a succeeded intent places the order (cart ordered, key done,
 *   e-gift cards issued); any other intent is cancelled first and asked again — a confirmation still
 *   on its way can then no longer charge — and only a cancelled one (or an order gift cards paid
 *   alone: nothing was charged) releases the reservation (stock back, order deleted, cart open, key
 *   forgotten so the same key may be used again). An intent still `processing` is left for later.
 * Answers 'created', 'released', or null when nothing was settled.
 * @throws when the provider or the database fails (the sweeper logs it and tries again later)
 */
export async function reconcilePendingOrder(ctx: CommerceContext, orderCode: string): Promise<'created' | 'released' | null> {
  const db = ctx.dbh.db;
  const data = await findOrder(db, orderCode);
  if (!data || data.order.status !== PENDING_PAYMENT_STATUS) return null;
  const { order } = data;
  const site = order.base_site as BaseSiteId;
  const now = ctx.now();
  const keyRow = await findIdempotencyKeyOfPendingOrder(db, { baseSite: site, code: order.code, cartGuid: order.cart_guid });
  if (keyRow) {
    if (!leaseIsOver(keyRow, now)) return null;
    if (!(await takeOverIdempotencyKey(db, { baseSite: site, key: keyRow.key, previousLease: keyRow.lease_expires_at, leaseUntil: leaseFrom(now) }))) return null;
  }
  const key = keyRow?.key ?? '';
  const deadline = Date.now() + PAYMENT_DEADLINE_MS;
  const intentId = order.payment_intent_id;
  let st = intentId ? await beforeDeadline(deadline, 'status', () => ctx.payments.status(intentId)) : null;
  if (st && st.status !== 'succeeded' && st.status !== 'processing' && st.status !== 'canceled') {
    try {
      await beforeDeadline(deadline, 'cancel', () => ctx.payments.cancel(intentId));
    } catch (error) {
      // e.g. the intent succeeded in the meantime: the status read below decides
      ctx.log.warn({ orderCode, err: errorInfo(error) }, 'could not cancel the payment intent of a pending order');
    }
    st = await beforeDeadline(deadline, 'status', () => ctx.payments.status(intentId));
  }
  if (st?.status === 'succeeded') {
    const summaryJson = JSON.stringify(st.summary ?? {});
    const lang: Lang = order.lang === 'fr' ? 'fr' : 'en';
    const placed = await withTransaction(ctx.dbh, async (trx, afterCommit) => {
      const nowIso = ctx.now().toISOString();
      if (!(await transitionOrderStatus(trx, orderCode, PENDING_PAYMENT_STATUS, PLACED_STATUS, { payment_summary: summaryJson }))) return false;
      await transitionCartStatus(trx, order.cart_guid, 'placing', 'ordered', nowIso);
      if (keyRow) await markIdempotencyDone(trx, site, key, orderCode);
      await updatePaymentIntent(trx, intentId, { status: 'succeeded', payment_summary: summaryJson }, nowIso);
      await redeemOrderGiftCards(trx, orderCode, ctx.now());
      await redeemOrderReward(trx, orderCode, ctx.now());
      const issued = await issueOrderGiftCards(trx, order, ctx.now());
      // issue 10: the same settle step as a placement (the card was not saved: the request died)
      const opened = await openSubscriptionsOf(ctx, trx, order, null);
      // issue 12: the same earning as a placement
      await earnOrderPoints(trx, order, data.entries, ctx.now());
      const fresh = await findOrder(trx, orderCode);
      const view = fresh ? await orderView(trx, fresh, lang) : null;
      afterCommit(() => {
        if (view) ctx.mailer.sendInBackground(() => sendOrderConfirmation(ctx.mailer, view, lang, {}), `order confirmation ${view.code}`);
        emailIssuedGiftCards(ctx, order, lang, issued);
        if (view) emailSubscriptionConfirmation(ctx, view, lang, opened);
      });
      return true;
    }, RETRY_ON_CONFLICT);
    if (placed) ctx.log.info({ orderCode, site }, 'pending order placed: the payment had succeeded');
    return placed ? 'created' : null;
  }
  if (st && st.status !== 'canceled') return null;
  if (intentId) await updatePaymentIntent(db, intentId, { status: 'canceled' }, ctx.now().toISOString());
  await release(ctx, reservationOf(data), { site, key, failure: null });
  ctx.log.info({ orderCode, site }, 'pending order released: it was never charged');
  return 'released';
}
