/**
 * Cart operations (spec §3 Cart, §4, §7 Cart calls; issue 2 "Cart"): session cart, add one or
 * several products, change and remove lines, read, and the cart validation before checkout.
 *
 * Rules:
 * - a product code is a variant code or a base product code (its default variant);
 * - stock is checked against what the line would hold (counting what is already in the cart) but
 *   NOT reserved: it is reserved only when the order is placed (flows/place-order.ts);
 * - every change runs in one transaction; any error leaves the cart as it was (a cart created
 *   for the request is rolled back too);
 * - errors: unknown product 404 `UnknownIdentifierError`; product not sold on the site 404
 *   (reason `notSold`); discontinued 400 `CartError` `discontinued`; bad quantity 400 naming the
 *   field; more than the stock 409 `InsufficientStockError` (`insufficientStock` "Only N left" or
 *   `outOfStock`); unknown cart 404 `CartError` `notFound`; a cart no longer open 409 `CartError`
 *   `cartNotOpen`.
 *
 * Ownership (issue 3): a cart with a `user_id` is reachable only by that customer; an anonymous
 * cart only anonymously. Any other request for it answers the same 404 as an unknown cart, so a
 * guid of someone else's cart reveals nothing.
 */
import { randomUUID } from 'node:crypto';
import type { AddToCartResponse, AddProductsToCartResponse, Cart, CartValidationMessage, CartValidationResponse, SessionCartGuidResponse } from '@store/contracts';
import type { CartRow, Executor, SellableVariant } from '@store/db';
import {
  cartQuantity,
  createCart,
  deleteEntry,
  findCart,
  findOpenCustomerCart,
  insertEntry,
  listEntries,
  loadCartLines,
  resolveSellable,
  setEntryQty,
  touchOpenCart,
  updateCart,
  withTransaction,
} from '@store/db';
import type { BaseSiteId, Lang } from '@store/domain';
import {
  checkStock,
  conflict,
  DEFAULT_ADD_QTY,
  DEFAULT_ENTRY_TYPE,
  invalidInput,
  isDomainError,
  isEntryType,
  MAX_QTY_PER_ENTRY,
  notFound,
  SITES,
  ValidationErrors,
  validateQuantity,
} from '@store/domain';
import { computeCart, nameOf } from './cart-view.ts';
import type { CommerceContext, Shopper } from './context.ts';
import { pickLang } from './context.ts';
import { COMMERCE_MESSAGES } from './messages.ts';

/** 404 for a cart that does not exist on this site. */
export function cartNotFound(cartGuid: string): Error {
  return notFound('CartError', 'notFound', `Cart ${cartGuid} not found`, 'cartGuid');
}

/** 409 for a cart that is no longer open (ordered, or an order is being placed). */
export function cartNotOpen(cart: CartRow): Error {
  if (cart.status === 'placing') return conflict('CartError', 'cartNotOpen', 'An order is being placed from this cart', 'cartGuid');
  if (cart.status === 'merged') return conflict('CartError', 'cartNotOpen', 'This cart was merged into a signed-in cart', 'cartGuid');
  return conflict('CartError', 'cartNotOpen', 'This cart has already been ordered', 'cartGuid');
}

/** Cart guid format accepted from clients (uuid-like, bounded). */
export function plausibleGuid(x: unknown): x is string {
  return typeof x === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(x);
}

/** May this shopper use this cart? (its customer only; anonymous carts only anonymously) */
export function ownsCart(cart: CartRow, shopper: Shopper): boolean {
  return (cart.user_id ?? null) === shopper.userId;
}

/**
 * The cart of this site with this guid, whatever its status, when the shopper may use it.
 * @throws 404 `CartError` `notFound` (also for another shopper's cart)
 */
export async function requireCart(db: Executor, site: BaseSiteId, cartGuid: string, shopper: Shopper): Promise<CartRow> {
  const cart = plausibleGuid(cartGuid) ? await findCart(db, cartGuid) : undefined;
  if (!cart || cart.base_site !== site || !ownsCart(cart, shopper)) throw cartNotFound(cartGuid);
  return cart;
}

/**
 * Locks (PostgreSQL row lock via an UPDATE) and returns an open cart inside a transaction.
 * @throws 404 `CartError` `notFound`; 409 `CartError` `cartNotOpen`
 */
export async function requireOpenCartForUpdate(trx: Executor, site: BaseSiteId, cartGuid: string, now: string, shopper: Shopper): Promise<CartRow> {
  const cart = await requireCart(trx, site, cartGuid, shopper);
  if (!(await touchOpenCart(trx, cart.guid, now))) throw cartNotOpen(cart);
  return { ...cart, updated_at: now };
}

/**
 * Creates an open cart for a shopper; a customer's cart carries their id and the email of their
 * account (so the checkout needs no email step).
 */
export async function newCart(trx: Executor, site: BaseSiteId, lang: Lang, now: string, shopper: Shopper = { userId: null }): Promise<CartRow> {
  const cart = await createCart(trx, { guid: randomUUID(), baseSite: site, currency: SITES[site].currency, lang, userId: shopper.userId, now });
  if (shopper.userId && shopper.email) {
    await updateCart(trx, cart.guid, { email: shopper.email }, now);
    return { ...cart, email: shopper.email };
  }
  return cart;
}

/**
 * `GET /getSessionCartGuid`: the given guid when it names an open cart of this site, else a new
 * empty cart.
 */
export async function getSessionCart(ctx: CommerceContext, site: BaseSiteId, sessionCartGuid: string | undefined, langParam: unknown): Promise<SessionCartGuidResponse> {
  if (plausibleGuid(sessionCartGuid)) {
    const cart = await findCart(ctx.dbh.db, sessionCartGuid);
    if (cart && cart.base_site === site && cart.status === 'open' && cart.user_id === null) {
      return { cartGuid: cart.guid, cartQuantity: await cartQuantity(ctx.dbh.db, cart.guid), created: false };
    }
  }
  const lang = pickLang(site, langParam);
  const cart = await withTransaction(ctx.dbh, (trx) => newCart(trx, site, lang, ctx.now().toISOString()));
  return { cartGuid: cart.guid, cartQuantity: 0, created: true };
}

/**
 * Checks that a variant may be put in a cart of this site.
 * @throws 404 `UnknownIdentifierError` (`notSold`) when not sold on the site; 400 `CartError` `discontinued`
 */
function assertSellable(v: SellableVariant, productCode: string, subject: string): void {
  if (!v.soldOnSite || v.price === null) {
    throw notFound('UnknownIdentifierError', 'notSold', `Product ${productCode} is not sold on this site`, subject);
  }
  if (v.discontinued) throw invalidInput('CartError', 'discontinued', `Product ${productCode} is discontinued`, subject);
}

/**
 * The variant a product code names on a site.
 * @throws 404 `UnknownIdentifierError` `notFound` for an unknown code; see {@link assertSellable}
 */
async function requireSellable(db: Executor, site: BaseSiteId, productCode: unknown, subject: string): Promise<SellableVariant> {
  if (typeof productCode !== 'string' || productCode.trim() === '' || productCode.length > 64) {
    throw invalidInput('ValidationError', 'required', 'A product code is required', subject);
  }
  const code = productCode.trim();
  const v = await resolveSellable(db, site, code);
  if (!v) throw notFound('UnknownIdentifierError', 'notFound', `Product ${code} not found`, subject);
  assertSellable(v, code, subject);
  return v;
}

/** Adds `qty` units of a variant to an open cart (inside a transaction). Returns the entry number. */
async function addUnits(trx: Executor, cart: CartRow, v: SellableVariant, entryType: string, qty: number, subject: string, now: string): Promise<number> {
  const entries = await listEntries(trx, cart.guid);
  const existing = entries.find((e) => e.variant_code === v.variantCode && e.entry_type === entryType);
  const newQty = (existing?.qty ?? 0) + qty;
  if (newQty > MAX_QTY_PER_ENTRY) {
    throw invalidInput('ValidationError', 'invalidQuantity', `At most ${MAX_QTY_PER_ENTRY} of one item fit in a cart`, subject);
  }
  // `v.available` was read in this transaction with the variant (a check: stock is taken at placement)
  checkStock(newQty, v.available, subject);
  if (existing) {
    await setEntryQty(trx, cart.guid, existing.entry_number, newQty);
    return existing.entry_number;
  }
  // the cart row is locked by openOrNewCart (touch/insert), so max + 1 of the lines just read is free
  const entryNumber = entries.reduce((m, e) => Math.max(m, Number(e.entry_number)), -1) + 1;
  const row = await insertEntry(trx, { cartGuid: cart.guid, variantCode: v.variantCode, entryType, qty, now, entryNumber });
  return row.entry_number;
}

/**
 * The open cart a guid names, or (when the guid is absent, unknown, closed, of another site or of
 * another shopper) the customer's current open cart, else a new one. An explicitly requested
 * language becomes the cart's language (used by the order email).
 */
async function openOrNewCart(trx: Executor, site: BaseSiteId, cartGuid: unknown, langParam: unknown, now: string, shopper: Shopper): Promise<CartRow> {
  const lang = pickLang(site, langParam);
  const candidates: CartRow[] = [];
  if (plausibleGuid(cartGuid)) {
    const named = await findCart(trx, cartGuid);
    if (named && named.base_site === site && ownsCart(named, shopper)) candidates.push(named);
  }
  if (shopper.userId) {
    const current = await findOpenCustomerCart(trx, site, shopper.userId);
    if (current) candidates.push(current);
  }
  for (const cart of candidates) {
    if (!(await touchOpenCart(trx, cart.guid, now))) continue;
    if (langParam !== undefined && lang === langParam && cart.lang !== lang) {
      await updateCart(trx, cart.guid, { lang }, now);
      return { ...cart, lang };
    }
    return cart;
  }
  return newCart(trx, site, lang, now, shopper);
}

/** Body of addProductToCart (already shape-checked by the route). */
export interface AddToCartInput {
  productCode: unknown;
  entryType?: unknown;
  qty?: unknown;
  cartGuid?: unknown;
  lang?: unknown;
}

/** `POST /users/anonymous/addProductToCart` (see module comment for errors). */
export async function addToCart(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, input: AddToCartInput): Promise<AddToCartResponse> {
  const problems: Array<{ subject: string; reason: string; message: string }> = [];
  let qty = DEFAULT_ADD_QTY;
  try {
    qty = validateQuantity(input.qty ?? DEFAULT_ADD_QTY, 'qty');
  } catch (e) {
    if (!isDomainError(e)) throw e;
    problems.push({ subject: 'qty', reason: e.reason, message: e.message });
  }
  const entryType = input.entryType ?? DEFAULT_ENTRY_TYPE;
  if (!isEntryType(entryType)) problems.push({ subject: 'entryType', reason: 'invalidEntryType', message: 'Unknown entry type' });
  if (typeof input.productCode !== 'string' || input.productCode.trim() === '') {
    problems.push({ subject: 'productCode', reason: 'required', message: 'A product code is required' });
  }
  if (problems.length > 0) throw new ValidationErrors(problems);
  const type = entryType as string;

  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const v = await requireSellable(trx, site, input.productCode, 'productCode');
    const cart = await openOrNewCart(trx, site, input.cartGuid, input.lang, now, shopper);
    const lang = pickLang(site, input.lang, cart.lang);
    const entryNumber = await addUnits(trx, cart, v, type, qty, 'qty', now);
    const { view } = await computeCart(trx, cart, lang, ctx.now());
    const entry = view.entries.find((e) => e.entryNumber === entryNumber);
    if (!entry) throw new Error('added entry missing from its cart');
    return {
      cartGuid: cart.guid,
      cartQuantity: view.cartQuantity,
      entry,
      SuccessMessage: COMMERCE_MESSAGES[lang].addedToCart(nameOf(v, lang)),
      statusCode: 'success' as const,
    };
  });
}

/** `POST /users/anonymous/addProductsToCart`: one unit of each code; all or nothing (errors name `productCodes[i]`). */
export async function addProductsToCart(
  ctx: CommerceContext,
  site: BaseSiteId,
  shopper: Shopper,
  input: { cartGuid?: unknown; productCodes: readonly unknown[]; lang?: unknown },
): Promise<AddProductsToCartResponse> {
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const variants: SellableVariant[] = [];
    for (const [i, code] of input.productCodes.entries()) variants.push(await requireSellable(trx, site, code, `productCodes[${i}]`));
    const cart = await openOrNewCart(trx, site, input.cartGuid, input.lang, now, shopper);
    const lang = pickLang(site, input.lang, cart.lang);
    for (const [i, v] of variants.entries()) await addUnits(trx, cart, v, DEFAULT_ENTRY_TYPE, 1, `productCodes[${i}]`, now);
    return {
      cartGuid: cart.guid,
      cartQuantity: await cartQuantity(trx, cart.guid),
      ResponseMessage: COMMERCE_MESSAGES[lang].addedManyToCart(variants.length),
    };
  });
}

/** One quantity change. */
export interface QtyChange {
  entryNumber: unknown;
  qty: unknown;
}

/**
 * Sets line quantities (qty 0 removes the line); all or nothing. `subjectOf(i)` names the field
 * of the i-th change in errors (`qty` for a single change, `entries[i].qty` for several).
 * A quantity above the stock is refused only when it grows (a shopper may always lower it).
 */
export async function updateEntries(
  ctx: CommerceContext,
  site: BaseSiteId,
  shopper: Shopper,
  cartGuid: string,
  changes: readonly QtyChange[],
  langParam: unknown,
  subjectOf: (i: number, field: 'qty' | 'entryNumber') => string,
): Promise<Cart> {
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const cart = await requireOpenCartForUpdate(trx, site, cartGuid, now, shopper);
    const lines = await loadCartLines(trx, cart.guid, site);
    for (const [i, change] of changes.entries()) {
      const n = typeof change.entryNumber === 'string' && /^\d+$/.test(change.entryNumber) ? Number(change.entryNumber) : change.entryNumber;
      const line = typeof n === 'number' ? lines.find((l) => l.entryNumber === n) : undefined;
      if (!line) throw notFound('CartError', 'entryNotFound', `Cart entry ${String(change.entryNumber)} not found`, subjectOf(i, 'entryNumber'));
      const subject = subjectOf(i, 'qty');
      if (change.qty === 0 || change.qty === '0') {
        await deleteEntry(trx, cart.guid, line.entryNumber);
        continue;
      }
      const qty = validateQuantity(change.qty, subject);
      if (qty > line.qty) {
        if (!line.soldOnSite || line.price === null) throw notFound('UnknownIdentifierError', 'notSold', `Product ${line.variantCode} is not sold on this site`, subject);
        if (line.discontinued) throw invalidInput('CartError', 'discontinued', `Product ${line.variantCode} is discontinued`, subject);
        checkStock(qty, line.available, subject);
      }
      await setEntryQty(trx, cart.guid, line.entryNumber, qty);
    }
    return (await computeCart(trx, cart, pickLang(site, langParam, cart.lang), ctx.now())).view;
  });
}

/** `GET /users/anonymous/carts/{cartGuid}`: the cart (any status). */
export async function getCart(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, langParam: unknown): Promise<Cart> {
  const cart = await requireCart(ctx.dbh.db, site, cartGuid, shopper);
  return (await computeCart(ctx.dbh.db, cart, pickLang(site, langParam, cart.lang), ctx.now())).view;
}

/**
 * `GET /users/anonymous/carts/{cartGuid}/validate` (spec §2 cart-validation check): lines whose
 * product is discontinued or no longer sold here, and lines holding more than the stock now.
 */
export async function validateCart(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, langParam: unknown): Promise<CartValidationResponse> {
  const db = ctx.dbh.db;
  const cart = await requireCart(db, site, cartGuid, shopper);
  const lang = pickLang(site, langParam, cart.lang);
  const m = COMMERCE_MESSAGES[lang];
  const lines = await loadCartLines(db, cart.guid, site);
  const messages: CartValidationMessage[] = [];
  for (const l of lines) {
    const base = { entryNumber: l.entryNumber, productCode: l.variantCode };
    if (!l.soldOnSite || l.price === null) messages.push({ ...base, reason: 'notSold', message: m.notSold });
    else if (l.discontinued) messages.push({ ...base, reason: 'discontinued', message: m.discontinued });
    else if (l.available <= 0) messages.push({ ...base, reason: 'outOfStock', message: m.outOfStock, available: 0 });
    else if (l.qty > l.available) messages.push({ ...base, reason: 'insufficientStock', message: m.insufficientStock(l.available), available: l.available });
  }
  return { valid: messages.length === 0, messages };
}
