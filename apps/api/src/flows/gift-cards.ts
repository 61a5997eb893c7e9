/**
 * Gift cards in the commerce flows (issue 4; ADR 0010 "Gift cards"; spec §7 checkout gift-card
 * calls). Money in integer minor units.
 *
 * Cart calls (`/users/{user}/carts/{cartGuid}/giftcard/...`; the cart must be the caller's, else
 * the same 404 as an unknown cart):
 * - `validate {giftCardCode}`: the card's id, masked code and balance; `valid` is false for an
 *   empty or expired card (the cart is not changed);
 * - `apply {giftCardCode}`: puts the card on the cart (as much as needed); applying it again
 *   changes nothing;
 * - `apply-value {giftCardId, amount}`: use only `amount` of an applied card (null: as needed);
 * - `remove/{giftCardId}`.
 * Errors, type `GiftCardError`: `giftCardNotFound` 404 (the same answer for any wrong or
 * malformed code, and for an id not on the cart), `giftCardCurrency` 400 (a card of another site
 * or currency), `giftCardExpired` 400, `giftCardEmpty` 400 (balance 0), `giftCardLimit` 400 (more
 * than {@link MAX_GIFT_CARDS_PER_CART} cards), `amountTooHigh` 400, `giftCardBalance` 409 (at
 * placement: the balance no longer covers what the cart asked).
 *
 * Code guessing: every code looked up by validate/apply counts one hit per client address
 * ({@link GIFT_CARD_GUESS_PER_IP}) and per cart ({@link GIFT_CARD_GUESS_PER_CART}) in the
 * DB-backed fixed windows of auth/rate-limit.ts; a code that names a card takes its hits back, so
 * only failed lookups count. Over either limit: 429 `TooManyAttemptsError` with Retry-After
 * ({@link GiftCardGuessLimitError}), before the code is even looked up.
 *
 * What cards pay: the cart total minus the gift-card products of the cart (gift cards never buy
 * gift cards), split over the cards in the order they were applied (@store/domain
 * `allocateGiftCards`). A card of another site/currency, expired or disabled pays 0 on the cart.
 *
 * Placement (place-order.ts hooks): transaction 1 holds the amounts (conditional decrement +
 * ledger `hold` + `order_gift_cards` held); payment failure releases them (`release`); payment
 * success redeems them (`redeem`) and issues one card per unit of a virtual gift-card product
 * (`issue`), emailed after commit. A cancelled order refunds them (`refund`).
 */
import { randomBytes } from 'node:crypto';
import type { Cart, GiftCardValidateResponse, PriceData } from '@store/contracts';
import type { AppliedCartGiftCard, CartRow, Executor, GiftCardRow, OrderEntryRow, OrderRow } from '@store/db';
import {
  addCartGiftCard,
  countCartGiftCards,
  creditGiftCard,
  findGiftCardByCode,
  insertGiftCard,
  insertGiftCardLedger,
  insertOrderGiftCard,
  listCartGiftCards,
  listOrderGiftCards,
  removeCartGiftCard,
  setCartGiftCardAmount,
  transitionOrderGiftCard,
  tryDebitGiftCard,
  withTransaction,
} from '@store/db';
import type { BaseSiteId, CurrencyIso, Lang } from '@store/domain';
import { conflict, generateGiftCardCode, invalidInput, localeFor, maskGiftCardCode, normalizeGiftCardCode, notFound, toPriceData } from '@store/domain';
import { hitRate, refundRate, type RateRule } from '../auth/rate-limit.ts';
import { sendGiftCardEmail } from '../email/gift-card.ts';
import { computeCart } from './cart-view.ts';
import { cartNotOpen, requireCart, requireOpenCartForUpdate } from './cart-access.ts';
import { allocate, allocateCartGiftCards, GIFT_CARD_PRODUCT_TYPE, pricedCartLines, unusableReason, type CartGiftCardAllocation, type GiftCardPricedLine } from './gift-card-allocation.ts';

export {
  allocateCartGiftCards,
  cartGiftCardFields,
  giftCardGoodsMinor,
  GIFT_CARD_PRODUCT_TYPE,
  pricedCartLines,
  type AllocatedCard,
  type CartGiftCardAllocation,
  type GiftCardPricedLine,
} from './gift-card-allocation.ts';
import type { CommerceContext, Shopper } from './context.ts';
import { pickLang } from './context.ts';

/** Error type of every gift-card error. */
export const GIFT_CARD_ERROR_TYPE = 'GiftCardError';
/** At most this many cards on one cart (ADR 0010). */
export const MAX_GIFT_CARDS_PER_CART = 5;
/** Failed code lookups allowed per client address: 20 per 15 minutes. */
export const GIFT_CARD_GUESS_PER_IP: RateRule = { name: 'giftcard:ip', limit: 20, windowS: 900 };
/** Failed code lookups allowed per cart: 10 per 15 minutes. */
export const GIFT_CARD_GUESS_PER_CART: RateRule = { name: 'giftcard:cart', limit: 10, windowS: 900 };
/** `orders.payment_provider` of an order gift cards paid in full (no card payment, no intent). */
export const GIFT_CARD_PROVIDER = 'giftcard';

/** Thrown when code guessing is over a limit: the route answers 429 with `Retry-After`. */
export class GiftCardGuessLimitError extends Error {
  readonly status = 429;
  /** seconds until the window ends (≥ 1) */
  readonly retryAfterS: number;
  constructor(retryAfterS: number) {
    super('Too many gift card attempts');
    this.name = 'GiftCardGuessLimitError';
    this.retryAfterS = retryAfterS;
  }
}

function giftCardNotFound(subject = 'giftCardCode'): Error {
  return notFound(GIFT_CARD_ERROR_TYPE, 'giftCardNotFound', 'This gift card code is not valid', subject);
}

/** What the gift cards of a cart pay now, computing the cart (its `amountToPayMinor` is what the card must pay). */
export async function cartGiftCardAllocation(db: Executor, cart: CartRow, now: Date): Promise<CartGiftCardAllocation> {
  const { lines, totals, pricing } = await computeCart(db, cart, pickLang(cart.base_site as BaseSiteId, undefined, cart.lang), now);
  return allocateCartGiftCards(db, cart, pricedCartLines(lines, pricing.units), totals.totalMinor, now);
}

/** 409 `GiftCardError` `giftCardBalance`: gift cards were to pay everything and no longer do. */
export function giftCardsNoLongerCover(subject = 'paymentIntentId'): Error {
  return conflict(GIFT_CARD_ERROR_TYPE, 'giftCardBalance', 'Your gift cards no longer cover the whole total; pay the rest by card', subject);
}

// ---------------------------------------------------------------------------------------------
// Cart calls

/** A code as sent by the client: a non-empty string of at most 64 characters. @throws 400 naming `giftCardCode` */
function requireCodeInput(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw invalidInput('ValidationError', 'required', 'Enter a gift card code', 'giftCardCode');
  if (raw.length > 64) throw giftCardNotFound();
  return raw;
}

/**
 * Looks a code up under the guessing limits (see module comment).
 * @throws GiftCardGuessLimitError (429); 404 `giftCardNotFound`
 */
async function lookUpCode(ctx: CommerceContext, cart: CartRow, raw: string, clientIp: string): Promise<GiftCardRow> {
  const db = ctx.dbh.db;
  const nowMs = ctx.now().getTime();
  const perCart = await hitRate(db, GIFT_CARD_GUESS_PER_CART, cart.guid, nowMs);
  if (!perCart.allowed) throw new GiftCardGuessLimitError(perCart.retryAfterS);
  const perIp = await hitRate(db, GIFT_CARD_GUESS_PER_IP, clientIp, nowMs);
  if (!perIp.allowed) {
    await refundRate(db, perCart);
    throw new GiftCardGuessLimitError(perIp.retryAfterS);
  }
  const code = normalizeGiftCardCode(raw);
  const card = code === null ? undefined : await findGiftCardByCode(db, code);
  if (!card || card.status !== 'active') {
    ctx.log.info({ event: 'giftCardLookupFailed', cartGuid: cart.guid }, 'gift card code not found');
    throw giftCardNotFound();
  }
  // a code that names a card is not a guess
  await refundRate(db, perCart);
  await refundRate(db, perIp);
  return card;
}

/** @throws 400 `giftCardCurrency` / `giftCardExpired` */
function assertUsableOn(card: GiftCardRow, cart: CartRow, now: Date): void {
  const reason = unusableReason(card, cart.base_site, cart.currency, now);
  if (reason === 'giftCardCurrency') throw invalidInput(GIFT_CARD_ERROR_TYPE, reason, 'This gift card cannot be used on this store or in this currency', 'giftCardCode');
  if (reason === 'giftCardExpired') throw invalidInput(GIFT_CARD_ERROR_TYPE, reason, 'This gift card has expired', 'giftCardCode');
  if (reason === 'giftCardNotFound') throw giftCardNotFound();
}

/** The cart answer after a change. */
async function cartAnswer(db: Executor, cart: CartRow, site: BaseSiteId, langParam: unknown, now: Date): Promise<Cart> {
  return (await computeCart(db, cart, pickLang(site, langParam, cart.lang), now)).view;
}

/** Input of the code calls. */
export interface GiftCardCodeInput {
  site: BaseSiteId;
  shopper: Shopper;
  cartGuid: string;
  giftCardCode: unknown;
  /** the client address (rate limit) */
  clientIp: string;
  lang?: unknown;
}

/**
 * `POST .../giftcard/validate {giftCardCode}`: the card's balance, without changing the cart.
 * `valid` is false for an empty or expired card.
 * @throws 404 `CartError` `notFound`; 400 `ValidationError` `required`; 404 `giftCardNotFound`;
 *   400 `giftCardCurrency`; GiftCardGuessLimitError (429)
 */
export async function validateGiftCard(ctx: CommerceContext, input: GiftCardCodeInput): Promise<GiftCardValidateResponse> {
  const cart = await requireCart(ctx.dbh.db, input.site, input.cartGuid, input.shopper);
  const raw = requireCodeInput(input.giftCardCode);
  const card = await lookUpCode(ctx, cart, raw, input.clientIp);
  const now = ctx.now();
  const reason = unusableReason(card, cart.base_site, cart.currency, now);
  if (reason === 'giftCardCurrency') assertUsableOn(card, cart, now);
  const lang: Lang = pickLang(input.site, input.lang, cart.lang);
  const balance = Number(card.balance_minor);
  return {
    giftCardId: card.id,
    maskedCode: maskGiftCardCode(card.last4),
    balance: toPriceData(balance, card.currency as CurrencyIso, localeFor(input.site, lang)),
    valid: reason === null && balance > 0,
  };
}

/**
 * `POST .../giftcard/apply {giftCardCode}`: puts the card on the cart (as much as needed).
 * @throws as {@link validateGiftCard}, plus 400 `giftCardExpired`, `giftCardEmpty`, `giftCardLimit`;
 *   409 `CartError` `cartNotOpen`
 */
export async function applyGiftCard(ctx: CommerceContext, input: GiftCardCodeInput): Promise<Cart> {
  const found = await requireCart(ctx.dbh.db, input.site, input.cartGuid, input.shopper);
  if (found.status !== 'open') throw cartNotOpen(found);
  const raw = requireCodeInput(input.giftCardCode);
  const card = await lookUpCode(ctx, found, raw, input.clientIp);
  const now = ctx.now();
  assertUsableOn(card, found, now);
  if (Number(card.balance_minor) <= 0) throw invalidInput(GIFT_CARD_ERROR_TYPE, 'giftCardEmpty', 'This gift card has no balance left', 'giftCardCode');
  const nowIso = now.toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const cart = await requireOpenCartForUpdate(trx, input.site, input.cartGuid, nowIso, input.shopper);
    const applied = await listCartGiftCards(trx, cart.guid);
    if (!applied.some((a) => a.card.id === card.id)) {
      if ((await countCartGiftCards(trx, cart.guid)) >= MAX_GIFT_CARDS_PER_CART) {
        throw invalidInput(GIFT_CARD_ERROR_TYPE, 'giftCardLimit', `At most ${MAX_GIFT_CARDS_PER_CART} gift cards can pay one order`, 'giftCardCode');
      }
      await addCartGiftCard(trx, cart.guid, card.id, nowIso);
    }
    return cartAnswer(trx, cart, input.site, input.lang, now);
  });
}

/** Input of {@link applyGiftCardValue}. */
export interface ApplyGiftCardValueInput {
  site: BaseSiteId;
  shopper: Shopper;
  cartGuid: string;
  giftCardId: unknown;
  /** minor units > 0, null or absent: as much as needed */
  amount: unknown;
  lang?: unknown;
}

/**
 * `PUT .../giftcard/apply-value {giftCardId, amount}`: use only `amount` of a card on the cart.
 * @throws 404 `CartError` `notFound`; 409 `cartNotOpen`; 400 `ValidationError` naming
 *   `giftCardId` / `amount`; 404 `giftCardNotFound` (not on this cart); 400 `amountTooHigh`
 */
export async function applyGiftCardValue(ctx: CommerceContext, input: ApplyGiftCardValueInput): Promise<Cart> {
  const found = await requireCart(ctx.dbh.db, input.site, input.cartGuid, input.shopper);
  if (found.status !== 'open') throw cartNotOpen(found);
  const id = input.giftCardId;
  if (typeof id !== 'string' || id.trim() === '' || id.length > 64) throw invalidInput('ValidationError', 'required', 'giftCardId is required', 'giftCardId');
  const amount = input.amount ?? null;
  if (amount !== null && (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)) {
    throw invalidInput('ValidationError', 'invalidAmount', 'The amount must be a positive whole number of cents, or null', 'amount');
  }
  const now = ctx.now();
  const nowIso = now.toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const cart = await requireOpenCartForUpdate(trx, input.site, input.cartGuid, nowIso, input.shopper);
    const applied = (await listCartGiftCards(trx, cart.guid)).find((a) => a.card.id === id);
    if (!applied) throw giftCardNotFound('giftCardId');
    if (amount !== null && amount > Number(applied.card.balance_minor)) {
      throw invalidInput(GIFT_CARD_ERROR_TYPE, 'amountTooHigh', 'The amount is more than the balance of this gift card', 'amount');
    }
    await setCartGiftCardAmount(trx, cart.guid, id, amount);
    return cartAnswer(trx, cart, input.site, input.lang, now);
  });
}

/**
 * `DELETE|POST .../giftcard/remove/{giftCardId}`.
 * @throws 404 `CartError` `notFound`; 409 `cartNotOpen`; 404 `giftCardNotFound` (not on this cart)
 */
export async function removeGiftCard(ctx: CommerceContext, input: { site: BaseSiteId; shopper: Shopper; cartGuid: string; giftCardId: string; lang?: unknown }): Promise<Cart> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const cart = await requireOpenCartForUpdate(trx, input.site, input.cartGuid, nowIso, input.shopper);
    if (!(await removeCartGiftCard(trx, cart.guid, input.giftCardId))) throw giftCardNotFound('giftCardId');
    return cartAnswer(trx, cart, input.site, input.lang, now);
  });
}

// ---------------------------------------------------------------------------------------------
// Order placement hooks

/** The lines of an order with their product types (gift-card products are not payable by cards). */
async function orderLines(trx: Executor, orderCode: string): Promise<Array<GiftCardPricedLine & { entry: OrderEntryRow; isVirtual: boolean }>> {
  const rows = await trx
    .selectFrom('order_entries as e')
    .leftJoin('products as p', 'p.code', 'e.product_code')
    .selectAll('e')
    .select(['p.product_type', 'p.is_virtual'])
    .where('e.order_code', '=', orderCode)
    .orderBy('e.entry_number')
    .execute();
  return rows.map(({ product_type, is_virtual, ...entry }) => ({
    entry,
    productType: product_type ?? '',
    totalMinor: Number(entry.total_minor),
    isVirtual: Number(is_virtual ?? 0) === 1,
  }));
}

function balanceChanged(card: GiftCardRow): Error {
  return conflict(GIFT_CARD_ERROR_TYPE, 'giftCardBalance', `The balance of gift card ${maskGiftCardCode(card.last4)} changed; check your cart`, 'appliedGiftCards');
}

/**
 * Inside transaction 1 of order placement, after the order row is written: holds what the cart's
 * gift cards pay (conditional balance decrements + ledger `hold` rows + `order_gift_cards` held),
 * writes `orders.gift_card_minor`, and answers the amount held, minor units.
 *
 * A card that can no longer pay what the cart asked of it — its balance is below the amount set
 * with apply-value, is 0, or drops between the read and the conditional decrement — throws 409
 * `GiftCardError` `giftCardBalance` (everything rolls back); an expired card 400 `giftCardExpired`,
 * a card of another site/currency 400 `giftCardCurrency`. Cards are decremented in id order so
 * concurrent placements lock rows in the same order (no deadlock on PostgreSQL). `known`: the cards
 * on the cart when the caller read them in this transaction (not read again).
 */
export async function holdOrderGiftCards(trx: Executor, order: OrderRow, now: Date, known?: readonly AppliedCartGiftCard[]): Promise<number> {
  const applied = known ?? (await listCartGiftCards(trx, order.cart_guid));
  if (applied.length === 0) return 0;
  for (const a of applied) {
    const reason = unusableReason(a.card, order.base_site, order.currency, now);
    if (reason === 'giftCardExpired') throw invalidInput(GIFT_CARD_ERROR_TYPE, reason, `Gift card ${maskGiftCardCode(a.card.last4)} has expired; remove it`, 'appliedGiftCards');
    if (reason === 'giftCardCurrency') throw invalidInput(GIFT_CARD_ERROR_TYPE, reason, `Gift card ${maskGiftCardCode(a.card.last4)} cannot be used on this store`, 'appliedGiftCards');
    if (reason !== null) throw balanceChanged(a.card);
    const balance = Number(a.card.balance_minor);
    if (balance <= 0 || (a.requestedMinor !== null && balance < a.requestedMinor)) throw balanceChanged(a.card);
  }
  const lines = await orderLines(trx, order.code);
  const { cards } = allocate(applied, order.base_site, order.currency, lines, Number(order.total_minor), now);
  const nowIso = now.toISOString();
  let held = 0;
  for (const c of [...cards].sort((x, y) => (x.applied.card.id < y.applied.card.id ? -1 : x.applied.card.id > y.applied.card.id ? 1 : 0))) {
    if (c.appliedMinor <= 0) continue;
    const card = c.applied.card;
    if (!(await tryDebitGiftCard(trx, card.id, c.appliedMinor))) throw balanceChanged(card);
    await insertGiftCardLedger(trx, { giftCardId: card.id, kind: 'hold', amountMinor: c.appliedMinor, orderCode: order.code, cartGuid: order.cart_guid, now: nowIso });
    await insertOrderGiftCard(trx, { order_code: order.code, gift_card_id: card.id, amount_minor: c.appliedMinor, status: 'held' });
    held += c.appliedMinor;
  }
  if (held > 0) await trx.updateTable('orders').set({ gift_card_minor: held }).where('code', '=', order.code).execute();
  return held;
}

/** Inside the release transaction (payment failed): gives the held amounts back (ledger `release`). */
export async function releaseOrderGiftCards(trx: Executor, orderCode: string, now: Date): Promise<void> {
  for (const row of await listOrderGiftCards(trx, orderCode)) {
    if (row.status !== 'held') continue;
    if (!(await transitionOrderGiftCard(trx, orderCode, row.gift_card_id, 'held', 'released'))) continue;
    await creditGiftCard(trx, row.gift_card_id, row.amount_minor);
    await insertGiftCardLedger(trx, { giftCardId: row.gift_card_id, kind: 'release', amountMinor: row.amount_minor, orderCode, now: now.toISOString() });
  }
}

/** Inside transaction 2 (payment succeeded): the holds become redemptions (ledger `redeem`, 0 in the balance). */
export async function redeemOrderGiftCards(trx: Executor, orderCode: string, now: Date): Promise<void> {
  for (const row of await listOrderGiftCards(trx, orderCode)) {
    if (row.status !== 'held') continue;
    if (!(await transitionOrderGiftCard(trx, orderCode, row.gift_card_id, 'held', 'redeemed'))) continue;
    await insertGiftCardLedger(trx, { giftCardId: row.gift_card_id, kind: 'redeem', amountMinor: row.amount_minor, orderCode, now: now.toISOString() });
  }
}

/**
 * Inside an order cancellation: gives back what the cards paid (redeemed → refunded, balance
 * credited, ledger `refund`). Answers the amount refunded to gift cards, minor units.
 */
export async function refundOrderGiftCards(trx: Executor, orderCode: string, now: Date): Promise<number> {
  let refunded = 0;
  for (const row of await listOrderGiftCards(trx, orderCode)) {
    if (row.status !== 'redeemed') continue;
    if (!(await transitionOrderGiftCard(trx, orderCode, row.gift_card_id, 'redeemed', 'refunded'))) continue;
    await creditGiftCard(trx, row.gift_card_id, row.amount_minor);
    await insertGiftCardLedger(trx, { giftCardId: row.gift_card_id, kind: 'refund', amountMinor: row.amount_minor, orderCode, now: now.toISOString() });
    refunded += row.amount_minor;
  }
  return refunded;
}

/**
 * Inside a return's transaction (ADR 0027 "Returns"): gives `amountMinor` (the part of the return's
 * refund the card payment did not cover) back to the gift cards that paid the order, in card-id
 * order, each at most what it paid less what earlier returns already gave back to it (ledger
 * `refund` rows of this order). Answers the amount credited, minor units (less than asked only
 * when the cards paid less, which {@link returnRefund}'s caps rule out).
 */
export async function refundReturnToGiftCards(trx: Executor, orderCode: string, amountMinor: number, now: Date): Promise<number> {
  if (amountMinor <= 0) return 0;
  const rows = (await listOrderGiftCards(trx, orderCode)).filter((r) => r.status === 'redeemed').sort((a, b) => (a.gift_card_id < b.gift_card_id ? -1 : a.gift_card_id > b.gift_card_id ? 1 : 0));
  if (rows.length === 0) return 0;
  const earlier = await trx
    .selectFrom('gift_card_ledger')
    .select(['gift_card_id', (eb) => eb.fn.sum<number | string | null>('amount_minor').as('s')])
    .where('order_code', '=', orderCode)
    .where('kind', '=', 'refund')
    .groupBy('gift_card_id')
    .execute();
  const given = new Map(earlier.map((r) => [r.gift_card_id, Number(r.s ?? 0)]));
  let left = amountMinor;
  for (const row of rows) {
    const take = Math.min(left, Number(row.amount_minor) - (given.get(row.gift_card_id) ?? 0));
    if (take <= 0) continue;
    await creditGiftCard(trx, row.gift_card_id, take);
    await insertGiftCardLedger(trx, { giftCardId: row.gift_card_id, kind: 'refund', amountMinor: take, orderCode, now: now.toISOString() });
    left -= take;
    if (left <= 0) break;
  }
  return amountMinor - left;
}

/** A card issued by a paid order, to be emailed after commit (the only time its code exists). */
export interface IssuedGiftCard {
  giftCardId: string;
  code: string;
  amountMinor: number;
  currency: string;
}

/**
 * Inside transaction 2 (payment succeeded): issues one card per unit of each virtual gift-card
 * line, worth the unit price (ledger `issue`), for the order's site and currency, recipient the
 * order's email. Physical gift cards ship like any product (nothing issued). Idempotent per order:
 * nothing is issued when the order already issued cards.
 */
export async function issueOrderGiftCards(trx: Executor, order: OrderRow, now: Date): Promise<IssuedGiftCard[]> {
  const lines = (await orderLines(trx, order.code)).filter((l) => l.productType === GIFT_CARD_PRODUCT_TYPE && l.isVirtual);
  if (lines.length === 0) return [];
  const already = await trx.selectFrom('gift_cards').select('id').where('issued_order_code', '=', order.code).limit(1).executeTakeFirst();
  if (already) return [];
  const nowIso = now.toISOString();
  const out: IssuedGiftCard[] = [];
  for (const l of lines) {
    const unit = Number(l.entry.unit_price_minor);
    if (unit <= 0) continue;
    for (let i = 0; i < Number(l.entry.qty); i++) {
      const code = generateGiftCardCode((n) => randomBytes(n));
      const card = await insertGiftCard(trx, { code, baseSite: order.base_site, currency: order.currency, amountMinor: unit, issuedOrderCode: order.code, recipientEmail: order.email, now: nowIso });
      out.push({ giftCardId: card.id, code, amountMinor: unit, currency: order.currency });
    }
  }
  return out;
}

/** Emails each issued card to the order's address, in the background (after commit). */
export function emailIssuedGiftCards(ctx: CommerceContext, order: Pick<OrderRow, 'code' | 'email' | 'base_site'>, lang: Lang, cards: readonly IssuedGiftCard[], publicUrl?: string): void {
  for (const card of cards) {
    ctx.mailer.sendInBackground(
      () =>
        sendGiftCardEmail(
          ctx.mailer,
          { to: order.email, baseSiteId: order.base_site, lang, code: card.code, amountMinor: card.amountMinor, currency: card.currency, orderCode: order.code, expiresAt: null },
          publicUrl ? { publicUrl } : {},
        ),
      `gift card ${card.giftCardId} of order ${order.code}`,
    );
  }
}

/** The payment summary of an order gift cards paid in full: brand `giftcard`, last 4 of its first card. */
export async function giftCardSummary(db: Executor, orderCode: string): Promise<{ brand: string; last4: string }> {
  const rows = await listOrderGiftCards(db, orderCode);
  return { brand: GIFT_CARD_PROVIDER, last4: rows[0]?.last4 ?? '' };
}

/** The `giftCardPayments` of an order answer: each card that pays (or paid) part of it. */
export async function orderGiftCardPayments(db: Executor, orderCode: string, money: (minor: number) => PriceData): Promise<Array<{ giftCardId: string; maskedCode: string; amount: PriceData }>> {
  const rows = await listOrderGiftCards(db, orderCode);
  return rows.filter((r) => r.status !== 'released').map((r) => ({ giftCardId: r.gift_card_id, maskedCode: maskGiftCardCode(r.last4), amount: money(r.amount_minor) }));
}
