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
import type { AddCampaignBundleRequest, AddProductsToCartInput, AddToCartInput as AddToCartParsed, AddToCartResponse, AddProductsToCartResponse, Cart, CartCountResponse, CartValidationMessage, CartValidationResponse, SessionCartGuidResponse } from '@store/contracts';
import type { CartEntryRow, CartLine, CartRow, Executor, SellableVariant } from '@store/db';
import {
  cartQuantity,
  createCart,
  deleteEntry,
  findCampaign,
  findCart,
  hasOpenCommitment,
  findOpenCustomerCart,
  insertEntry,
  listEntries,
  loadCartLines,
  resolveSellable,
  setEntryAutoDelivery,
  setEntryOneTime,
  setEntryQty,
  touchOpenCart,
  updateCart,
  withTransaction,
} from '@store/db';
import type { AutoDeliveryEntryType, AutoDeliverySettings, BaseSiteId, Lang } from '@store/domain';
import {
  checkStock,
  conflict,
  DEFAULT_ADD_QTY,
  DEFAULT_ENTRY_TYPE,
  invalidInput,
  cadenceKindOf,
  isAutoDeliveryEntryType,
  programOf,
  validateFrequencyWeeks,
  validateItemQty,
  MAX_QTY_PER_ENTRY,
  notFound,
  SITES,
} from '@store/domain';
import { computeCart, computeCartEntry, nameOf } from './cart-view.ts';
import { ownsCart, plausibleGuid, requireCart, requireOpenCartForUpdate } from './cart-access.ts';
import { loadAutoDeliverySettings, readAutoDeliveryChoice, requireCartCampaign, type AutoDeliveryInput } from './auto-delivery-buy.ts';
import type { CommerceContext, Shopper } from './context.ts';
import { pickLang } from './context.ts';
import { COMMERCE_MESSAGES } from './messages.ts';

export { cartNotFound, cartNotOpen, ownsCart, plausibleGuid, requireCart, requireOpenCartForUpdate } from './cart-access.ts';

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
export async function requireSellable(db: Executor, site: BaseSiteId, productCode: string, subject: string): Promise<SellableVariant> {
  // the contract bounded it (issue 11 item 1); a blank code still names no product
  if (productCode.trim() === '') {
    throw invalidInput('ValidationError', 'required', 'A product code is required', subject);
  }
  const code = productCode.trim();
  const v = await resolveSellable(db, site, code);
  if (!v) throw notFound('UnknownIdentifierError', 'notFound', `Product ${code} not found`, subject);
  assertSellable(v, code, subject);
  return v;
}

/** What {@link addUnits} wrote: the line as it now stands, and the cart's units after it. */
export interface AddedUnits {
  /** the line after the change, with its variant data (as `loadCartLines` would read it now) */
  line: CartLine;
  /** units over every line of the cart after the change (spec §3 cartQuantity) */
  cartQuantity: number;
}

/**
 * Adds `qty` units of a variant to an open cart (inside a transaction) and answers the line as
 * written. `emptyCart`: the cart was created in this transaction, so its lines need no reading.
 */
export async function addUnits(
  trx: Executor,
  cart: CartRow,
  v: SellableVariant,
  entryType: string,
  qty: number,
  subject: string,
  now: string,
  ad: AutoDeliveryAdd | null = null,
  emptyCart = false,
): Promise<AddedUnits> {
  const entries = emptyCart ? [] : await listEntries(trx, cart.guid);
  const existing = entries.find((e) => e.variant_code === v.variantCode && e.entry_type === entryType);
  const newQty = (existing?.qty ?? 0) + qty;
  if (newQty > MAX_QTY_PER_ENTRY) {
    throw invalidInput('ValidationError', 'invalidQuantity', `At most ${MAX_QTY_PER_ENTRY} of one item fit in a cart`, subject);
  }
  // issue 10: an auto-delivery line's choices are checked for the quantity it will hold
  const choice = ad ? readAutoDeliveryChoice(ad.settings, ad.entryType, { code: v.variantCode, adEligible: v.adEligible, productType: v.productType }, ad.input, newQty) : null;
  if (choice && ad?.campaignCode) choice.campaignCode = ad.campaignCode;
  // `v.available` was read in this transaction with the variant (a check: stock is taken at placement)
  checkStock(newQty, v.available, subject);
  const cartQuantity = entries.reduce((sum, e) => sum + Number(e.qty), 0) + qty;
  let row: CartEntryRow;
  if (existing) {
    await setEntryQty(trx, cart.guid, existing.entry_number, newQty);
    if (choice) await setEntryAutoDelivery(trx, cart.guid, existing.entry_number, choice);
    row = { ...existing, qty: newQty };
    if (choice) {
      row = { ...row, frequency_weeks: choice.frequencyWeeks, day_of_month: choice.dayOfMonth, pods_at_home_qty: choice.podsAtHomeQty, cups_per_day: choice.cupsPerDay, campaign_code: choice.campaignCode };
    }
  } else {
    // the cart row is locked by openOrNewCart (touch/insert), so max + 1 of the lines just read is free
    const entryNumber = entries.reduce((m, e) => Math.max(m, Number(e.entry_number)), -1) + 1;
    row = await insertEntry(trx, { cartGuid: cart.guid, variantCode: v.variantCode, entryType, qty, now, entryNumber, ...(choice ?? {}) });
  }
  return { line: cartLineOf(v, row), cartQuantity };
}

/** A cart line from its variant data and its entry row (what `loadCartLines` reads for it). */
function cartLineOf(v: SellableVariant, row: CartEntryRow): CartLine {
  const n = (x: number | null) => (x === null ? null : Number(x));
  return {
    ...v,
    entryNumber: Number(row.entry_number),
    entryType: row.entry_type,
    qty: Number(row.qty),
    createdAt: row.created_at,
    frequencyWeeks: n(row.frequency_weeks),
    podsAtHomeQty: n(row.pods_at_home_qty),
    cupsPerDay: n(row.cups_per_day),
    dayOfMonth: n(row.day_of_month),
    campaignCode: row.campaign_code,
  };
}

/** What {@link addUnits} needs to add an auto-delivery line (issue 10). */
export interface AutoDeliveryAdd {
  settings: AutoDeliverySettings;
  entryType: AutoDeliveryEntryType;
  input: AutoDeliveryInput;
  /** BBAD lines: the campaign they belong to */
  campaignCode?: string | null;
}

/**
 * The open cart a guid names, or (when the guid is absent, unknown, closed, of another site or of
 * another shopper) the customer's current open cart, else a new one. An explicitly requested
 * language becomes the cart's language (used by the order email). `created` marks a cart made here
 * (it has no lines yet).
 */
export async function openOrNewCart(trx: Executor, site: BaseSiteId, cartGuid: unknown, langParam: unknown, now: string, shopper: Shopper): Promise<CartRow & { created?: true }> {
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
  return { ...(await newCart(trx, site, lang, now, shopper)), created: true };
}

/**
 * Body of addProductToCart as parsed by its contract schema (issue 11 item 1: `qty` a whole
 * number 1–99, `entryType` an entry type, codes bounded and clean; the flow checks no shape).
 */
export type AddToCartInput = AddToCartParsed & AutoDeliveryInput;

/** `POST /users/anonymous/addProductToCart` (see module comment for errors). */
export async function addToCart(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, input: AddToCartInput): Promise<AddToCartResponse> {
  const qty = input.qty ?? DEFAULT_ADD_QTY;
  const type: string = input.entryType ?? DEFAULT_ENTRY_TYPE;

  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const v = await requireSellable(trx, site, input.productCode, 'productCode');
    const cart = await openOrNewCart(trx, site, input.cartGuid, input.lang, now, shopper);
    const lang = pickLang(site, input.lang, cart.lang);
    // issue 10 (ADR 0018 "Buying"): an auto-delivery line checks its choices against the site's settings
    let ad: AutoDeliveryAdd | null = null;
    if (isAutoDeliveryEntryType(type)) {
      ad = { settings: await loadAutoDeliverySettings(trx, site), entryType: type, input };
      if (type === 'BBAD') ad.campaignCode = await requireCartCampaign(trx, cart.guid);
    }
    const added = await addUnits(trx, cart, v, type, qty, 'qty', now, ad, cart.created === true);
    // issue 11 item 6: the answer is the line just written (spec §7 reads cartQuantity and
    // cartGuid), priced on its own as a GET of the cart would price it; no whole-cart recomputation
    const entry = await computeCartEntry(trx, cart, added.line, lang, ad?.settings);
    return {
      cartGuid: cart.guid,
      cartQuantity: added.cartQuantity,
      entry,
      SuccessMessage: COMMERCE_MESSAGES[lang].addedToCart(nameOf(v, lang)),
      statusCode: 'success' as const,
    };
  });
}

/**
 * Inside a transaction: one unit of each of `input.productCodes` into the shopper's open cart (or
 * a new one), all or nothing — every code is checked before anything is written, and a failing
 * line rolls the whole transaction back. Shared by addProductsToCart and
 * frequentlyBoughtTogetherAddToCart (ADR 0032).
 * @returns the cart, the answer language, the variants added (in order) and the cart's units after
 * @throws the errors of {@link requireSellable} and {@link addUnits}, naming `productCodes[i]`
 */
export async function addOneUnitOfEach(
  trx: Executor,
  site: BaseSiteId,
  shopper: Shopper,
  input: { productCodes: readonly string[]; cartGuid?: unknown; lang?: unknown },
  now: string,
): Promise<{ cart: CartRow; lang: Lang; variants: SellableVariant[]; cartQuantity: number }> {
  const variants: SellableVariant[] = [];
  for (const [i, code] of input.productCodes.entries()) variants.push(await requireSellable(trx, site, code, `productCodes[${i}]`));
  const cart = await openOrNewCart(trx, site, input.cartGuid, input.lang, now, shopper);
  let cartQuantity = 0;
  for (const [i, v] of variants.entries()) {
    cartQuantity = (await addUnits(trx, cart, v, DEFAULT_ENTRY_TYPE, 1, `productCodes[${i}]`, now, null, cart.created === true && i === 0)).cartQuantity;
  }
  return { cart, lang: pickLang(site, input.lang, cart.lang), variants, cartQuantity };
}

/** `POST /users/anonymous/addProductsToCart`: one unit of each code; all or nothing (errors name `productCodes[i]`). */
export async function addProductsToCart(
  ctx: CommerceContext,
  site: BaseSiteId,
  shopper: Shopper,
  input: AddProductsToCartInput,
): Promise<AddProductsToCartResponse> {
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const { cart, lang, variants, cartQuantity } = await addOneUnitOfEach(trx, site, shopper, input, now);
    return { cartGuid: cart.guid, cartQuantity, ResponseMessage: COMMERCE_MESSAGES[lang].addedManyToCart(variants.length) };
  });
}

/** One quantity change, as parsed by the contract schemas (issue 11 item 1). */
export interface QtyChange {
  /** the line (a whole number 0–9999) */
  entryNumber: number;
  /** the new quantity, a whole number 0–99 (0 removes the line); undefined: the quantity stays (a frequency change only) */
  qty: number | undefined;
  /** issue 10: an auto-delivery line's new frequency (weekly programs) */
  frequencyWeeks?: number | undefined;
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
      const line = lines.find((l) => l.entryNumber === change.entryNumber);
      if (!line) throw notFound('CartError', 'entryNotFound', `Cart entry ${String(change.entryNumber)} not found`, subjectOf(i, 'entryNumber'));
      const subject = subjectOf(i, 'qty');
      if (change.qty === 0) {
        await deleteEntry(trx, cart.guid, line.entryNumber);
        continue;
      }
      // issue 10 (ADR 0018 "Buying"): an AD line's frequency, and its quantity within adMaxQtyPerItem
      const adSettings = isAutoDeliveryEntryType(line.entryType) ? await loadAutoDeliverySettings(trx, site) : null;
      if (change.frequencyWeeks !== undefined) {
        if (!isAutoDeliveryEntryType(line.entryType) || cadenceKindOf(programOf(line.entryType)) !== 'weeks' || !adSettings) {
          throw invalidInput('ValidationError', 'frequencyNotApplicable', 'Only an auto-delivery line shipping every N weeks has a frequency', 'frequencyWeeks');
        }
        const frequencyWeeks = validateFrequencyWeeks(change.frequencyWeeks, adSettings);
        await setEntryAutoDelivery(trx, cart.guid, line.entryNumber, { frequencyWeeks, dayOfMonth: line.dayOfMonth, podsAtHomeQty: line.podsAtHomeQty, cupsPerDay: line.cupsPerDay });
      }
      if (change.qty === undefined) continue;
      const qty = change.qty;
      if (adSettings) validateItemQty(qty, adSettings, subject);
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
 * `GET /users/{userId}/carts/{cartGuid}/count` (issue 11): the cart's units (spec §3
 * cartQuantity = Σ entry qty) without pricing it; 0 for a cart no longer open. Two statements.
 * @throws 404 `CartError` when the cart is not the shopper's or not of this site (as {@link getCart})
 */
export async function getCartCount(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string): Promise<CartCountResponse> {
  const cart = await requireCart(ctx.dbh.db, site, cartGuid, shopper);
  return { cartGuid: cart.guid, cartQuantity: cart.status === 'open' ? await cartQuantity(ctx.dbh.db, cart.guid) : 0 };
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
    // issue 10: an AD line of a product no longer AD-eligible (a campaign brewer line aside)
    else if (isAutoDeliveryEntryType(l.entryType) && !l.adEligible && l.campaignCode === null) messages.push({ ...base, reason: 'notAdEligible', message: m.notAdEligible });
    else if (l.available <= 0) messages.push({ ...base, reason: 'outOfStock', message: m.outOfStock, available: 0 });
    else if (l.qty > l.available) messages.push({ ...base, reason: 'insufficientStock', message: m.insufficientStock(l.available), available: l.available });
  }
  return { valid: messages.length === 0, messages };
}

/**
 * `POST users/{u}/carts/{guid}/removeAutoDeliveryItem {entryNumber}` (spec §7 "remove auto-delivery
 * cart item"; ADR 0018 "Buying"): the auto-delivery line becomes a one-time (`STD`) line, its units
 * merged into the variant's one-time line when there is one (capped by the per-line maximum: 400
 * `invalidQuantity`). One transaction. 404 `CartError` `entryNotFound` (subject `entryNumber`) for an
 * unknown line; 400 `notAutoDelivery` for a one-time line.
 */
export async function removeAutoDeliveryItem(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, entryNumber: number, langParam: unknown): Promise<Cart> {
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const cart = await requireOpenCartForUpdate(trx, site, cartGuid, now, shopper);
    const entries = await listEntries(trx, cart.guid);
    const line = entries.find((e) => Number(e.entry_number) === entryNumber);
    if (!line) throw notFound('CartError', 'entryNotFound', `Cart entry ${entryNumber} not found`, 'entryNumber');
    if (!isAutoDeliveryEntryType(line.entry_type)) throw invalidInput('ValidationError', 'notAutoDelivery', `Cart entry ${entryNumber} is not an auto-delivery line`, 'entryNumber');
    const oneTime = entries.find((e) => e.variant_code === line.variant_code && e.entry_type === DEFAULT_ENTRY_TYPE);
    if (oneTime) {
      const qty = Number(oneTime.qty) + Number(line.qty);
      if (qty > MAX_QTY_PER_ENTRY) throw invalidInput('ValidationError', 'invalidQuantity', `At most ${MAX_QTY_PER_ENTRY} of one item fit in a cart`, 'entryNumber');
      await setEntryQty(trx, cart.guid, Number(oneTime.entry_number), qty);
      await deleteEntry(trx, cart.guid, entryNumber);
    } else {
      await setEntryOneTime(trx, cart.guid, entryNumber);
    }
    return (await computeCart(trx, cart, pickLang(site, langParam, cart.lang), ctx.now())).view;
  });
}

/**
 * `POST users/{u}/addCampaignBundle` (ADR 0018 "Brewer campaigns"): adds a campaign's brewer (one
 * unit, at the campaign price) and the beverages of the commitment, all `BBAD` lines of that
 * campaign sharing one frequency, in one transaction (all or nothing). The commitment itself opens
 * when the order is placed.
 * @throws 404 `CampaignError` `campaignNotOffered` (subject `campaignCode`); 400 `CampaignError`
 *   `brewerNotInCampaign` (subject `brewerCode`); 400 `ValidationError` `notAdEligible` (subject
 *   `items[i].productCode`), `invalidFrequency`, `invalidQuantity`; 409 `CampaignError`
 *   `commitmentOpen` (the customer's email already has an open commitment) / `campaignInCart`
 *   (the cart holds another campaign); the cart errors of addProductToCart
 */
export async function addCampaignBundle(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, input: AddCampaignBundleRequest, langParam: unknown): Promise<Cart> {
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const campaign = await findCampaign(trx, site, input.campaignCode);
    if (!campaign) throw notFound('CampaignError', 'campaignNotOffered', `This store does not offer ${input.campaignCode}`, 'campaignCode');
    const brewer = await requireSellable(trx, site, input.brewerCode, 'brewerCode');
    const brewers = campaign.brewer_codes.split(',').map((c) => c.trim());
    if (!brewers.includes(brewer.baseProductCode)) throw invalidInput('CampaignError', 'brewerNotInCampaign', `${input.brewerCode} is not a brewer of ${input.campaignCode}`, 'brewerCode');
    if (shopper.userId && shopper.email && (await hasOpenCommitment(trx, { email: shopper.email.toLowerCase() }))) {
      throw conflict('CampaignError', 'commitmentOpen', 'A brewer offer can be bought once while its commitment is open', 'campaignCode');
    }
    const settings = await loadAutoDeliverySettings(trx, site);
    const frequencyWeeks = validateFrequencyWeeks(input.frequencyWeeks ?? settings.defaultFrequencyWeeks, settings);
    const beverages: SellableVariant[] = [];
    for (const [i, item] of input.items.entries()) {
      const v = await requireSellable(trx, site, item.productCode, `items[${i}].productCode`);
      if (!v.adEligible) throw invalidInput('ValidationError', 'notAdEligible', `Product ${item.productCode} cannot be bought on auto-delivery (BBAD)`, `items[${i}].productCode`);
      validateItemQty(item.qty, settings, `items[${i}].qty`);
      beverages.push(v);
    }
    const cart = await openOrNewCart(trx, site, input.cartGuid, langParam, now, shopper);
    const entries = await listEntries(trx, cart.guid);
    const other = entries.find((e) => e.campaign_code !== null && e.campaign_code !== input.campaignCode);
    if (other) throw conflict('CampaignError', 'campaignInCart', `The cart already holds the ${other.campaign_code ?? ''} offer; remove it first`, 'campaignCode');
    // the brewer: one unit at the campaign price (cart-view prices BBAD lines of a campaign)
    if (!entries.some((e) => e.variant_code === brewer.variantCode && e.entry_type === 'BBAD')) {
      checkStock(1, brewer.available, 'brewerCode');
      const entryNumber = entries.reduce((m, e) => Math.max(m, Number(e.entry_number)), -1) + 1;
      await insertEntry(trx, { cartGuid: cart.guid, variantCode: brewer.variantCode, entryType: 'BBAD', qty: 1, now, entryNumber, frequencyWeeks, campaignCode: input.campaignCode });
    }
    const ad: AutoDeliveryAdd = { settings, entryType: 'BBAD', input: { frequencyWeeks }, campaignCode: input.campaignCode };
    for (const [i, v] of beverages.entries()) await addUnits(trx, cart, v, 'BBAD', input.items[i]?.qty ?? 1, `items[${i}].qty`, now, ad);
    // one frequency for the whole bundle (one subscription)
    await trx.updateTable('cart_entries').set({ frequency_weeks: frequencyWeeks }).where('cart_guid', '=', cart.guid).where('entry_type', '=', 'BBAD').execute();
    return (await computeCart(trx, cart, pickLang(site, langParam, cart.lang), ctx.now())).view;
  });
}
