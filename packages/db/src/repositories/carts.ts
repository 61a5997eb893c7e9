/**
 * Cart data access (spec §3 Cart): carts addressed by a random guid, their entries, and the
 * sellable-variant lookups the cart needs (price on the site, stock, sold-on-site, discontinued).
 * Functions take `db` first (a `Kysely<Database>` or a transaction). Timestamps are ISO-8601 UTC.
 * No business rules here: the flows decide, these functions read and write.
 */
import { sql, type Kysely } from 'kysely';
import type { CartEntryTable, CartTable, Database } from '../schema.ts';
import { precompile } from '../precompiled.ts';

/** A cart row. */
export type CartRow = CartTable;
/** A cart entry row. */
export type CartEntryRow = CartEntryTable;

/** Cart statuses: `open` (changeable), `placing` (an order is being placed), `ordered`, `merged` (an anonymous cart merged at sign-in, issue 3). */
export type CartStatus = 'open' | 'placing' | 'ordered' | 'merged';

/** Everything the cart and the checkout need to know about one variant on one base site. */
export interface SellableVariant {
  variantCode: string;
  baseProductCode: string;
  productType: string;
  nameEn: string;
  nameFr: string;
  slugEn: string;
  slugFr: string;
  isBundle: boolean;
  packType: string | null;
  variantUrlSuffix: string;
  variantColor: string | null;
  count: number | null;
  discontinued: boolean;
  /** is the product listed for the base site (product_sites)? */
  soldOnSite: boolean;
  /** price row on the base site; null when it has none (then it is not sellable) */
  price: {
    currency: string;
    priceMinor: number;
    discountPriceMinor: number | null;
    isDiscountPrice: boolean;
    salesPriceStrategy: string | null;
  } | null;
  /** units available; 0 when there is no stock row */
  available: number;
  lowStockThreshold: number;
  /** issue 10: may the product be bought on auto-delivery (`products.ad_eligible`)? */
  adEligible: boolean;
}

/** A cart line joined with its variant data. */
export interface CartLine extends SellableVariant {
  entryNumber: number;
  entryType: string;
  qty: number;
  createdAt: string;
  /** issue 10: the line's auto-delivery choices (null on one-time lines; ADR 0018 "Buying") */
  frequencyWeeks: number | null;
  podsAtHomeQty: number | null;
  cupsPerDay: number | null;
  dayOfMonth: number | null;
  campaignCode: string | null;
}

/** Creates an open cart. */
export async function createCart(
  db: Kysely<Database>,
  input: { guid: string; baseSite: string; currency: string; lang: string; userId?: string | null; now: string },
): Promise<CartRow> {
  const row: CartRow = {
    guid: input.guid,
    base_site: input.baseSite,
    currency: input.currency,
    user_id: input.userId ?? null,
    status: 'open',
    email: null,
    shipping_address_json: null,
    billing_address_json: null,
    delivery_mode: null,
    lang: input.lang,
    created_at: input.now,
    updated_at: input.now,
  };
  await insertCartQuery(db, row.guid, row.base_site, row.currency, row.user_id, row.status, row.email, row.shipping_address_json, row.billing_address_json, row.delivery_mode, row.lang, row.created_at, row.updated_at);
  return row;
}

/** Precompiled (issue 11 item 6: every first add to cart creates a cart). */
const insertCartQuery = precompile(12, (db, guid: CartRow['guid'], base_site: CartRow['base_site'], currency: CartRow['currency'], user_id: CartRow['user_id'], status: CartRow['status'], email: CartRow['email'], shipping_address_json: CartRow['shipping_address_json'], billing_address_json: CartRow['billing_address_json'], delivery_mode: CartRow['delivery_mode'], lang: CartRow['lang'], created_at: CartRow['created_at'], updated_at: CartRow['updated_at']) =>
  db.insertInto('carts').values({
    guid,
    base_site,
    currency,
    user_id,
    status,
    email,
    shipping_address_json,
    billing_address_json,
    delivery_mode,
    lang,
    created_at,
    updated_at,
  }),
);

/** The cart with this guid, or undefined. */
export async function findCart(db: Kysely<Database>, guid: string): Promise<CartRow | undefined> {
  return (await findCartQuery(db, guid)).rows[0];
}

const findCartQuery = precompile(1, (db, guid: string) => db.selectFrom('carts').selectAll().where('guid', '=', guid));

/** Patches cart fields (email, addresses, delivery mode, lang) and bumps `updated_at`. */
export async function updateCart(
  db: Kysely<Database>,
  guid: string,
  patch: Partial<Pick<CartRow, 'email' | 'shipping_address_json' | 'billing_address_json' | 'delivery_mode' | 'lang'>>,
  now: string,
): Promise<void> {
  await db
    .updateTable('carts')
    .set({ ...patch, updated_at: now })
    .where('guid', '=', guid)
    .execute();
}

/**
 * Moves a cart from one status to another only if it is in `from` now (a conditional update).
 * @returns true when the row changed (the caller won the transition)
 */
export async function transitionCartStatus(db: Kysely<Database>, guid: string, from: CartStatus, to: CartStatus, now: string): Promise<boolean> {
  const r = await db
    .updateTable('carts')
    .set({ status: to, updated_at: now })
    .where('guid', '=', guid)
    .where('status', '=', from)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** What {@link startPlacingCart} answers: the cart now `placing`, with what hangs off it. */
export interface PlacingCart {
  cart: CartRow;
  /** gift cards applied to the cart */
  giftCardCount: number;
  /** the payment intent asked for (any cart's: the caller checks it belongs here), null when absent */
  intent: { id: string; cartGuid: string; baseSite: string; provider: string; status: string; amountMinor: number; currency: string } | null;
}

/**
 * Order placement, first statement of its transaction (issue 11 item 6: the cart is read once):
 * moves an `open` cart to `placing` (conditional update: one placement per cart at a time; on
 * PostgreSQL it also locks the row) and answers the cart row with its gift-card count and the
 * payment intent `intentId` (empty string: none) through subqueries of the same statement.
 * @returns undefined when the cart does not exist or is not open (nothing changed)
 */
export async function startPlacingCart(db: Kysely<Database>, guid: string, intentId: string, now: string): Promise<PlacingCart | undefined> {
  const row = (await startPlacingQuery(db, now, guid, intentId)).rows[0];
  if (!row) return undefined;
  const { gift_card_count, intent_id, intent_cart_guid, intent_base_site, intent_provider, intent_status, intent_amount_minor, intent_currency, ...cart } = row;
  return {
    cart,
    giftCardCount: Number(gift_card_count ?? 0),
    intent:
      intent_id === null || intent_id === undefined
        ? null
        : {
            id: intent_id,
            cartGuid: intent_cart_guid ?? '',
            baseSite: intent_base_site ?? '',
            provider: intent_provider ?? '',
            status: intent_status ?? '',
            amountMinor: Number(intent_amount_minor ?? 0),
            currency: intent_currency ?? '',
          },
  };
}

const startPlacingQuery = precompile(3, (db, now: string, guid: string, intentId: string) => {
  const intent = <C extends 'id' | 'cart_guid' | 'base_site' | 'provider' | 'status' | 'amount_minor' | 'currency'>(column: C) =>
    db.selectFrom('payment_intents').select(column).where('id', '=', intentId);
  return db
    .updateTable('carts')
    .set({ status: 'placing', updated_at: now })
    .where('guid', '=', guid)
    .where('status', '=', 'open')
    .returningAll()
    .returning((eb) => [
      eb.selectFrom('cart_gift_cards').select((e) => e.fn.countAll<number>().as('n')).whereRef('cart_gift_cards.cart_guid', '=', 'carts.guid').as('gift_card_count'),
      intent('id').as('intent_id'),
      intent('cart_guid').as('intent_cart_guid'),
      intent('base_site').as('intent_base_site'),
      intent('provider').as('intent_provider'),
      intent('status').as('intent_status'),
      intent('amount_minor').as('intent_amount_minor'),
      intent('currency').as('intent_currency'),
    ]);
});

/** Bumps `updated_at` only if the cart is still open. @returns false when it is not open. */
export async function touchOpenCart(db: Kysely<Database>, guid: string, now: string): Promise<boolean> {
  const r = await touchOpenCartQuery(db, guid, now);
  return (r.numAffectedRows ?? 0n) > 0n;
}

const touchOpenCartQuery = precompile(2, (db, guid: string, now: string) => db.updateTable('carts').set({ updated_at: now }).where('guid', '=', guid).where('status', '=', 'open'));

/** The raw entries of a cart, by entry number. */
export async function listEntries(db: Kysely<Database>, guid: string): Promise<CartEntryRow[]> {
  return (await listEntriesQuery(db, guid)).rows;
}

const listEntriesQuery = precompile(1, (db, guid: string) => db.selectFrom('cart_entries').selectAll().where('cart_guid', '=', guid).orderBy('entry_number'));

/** Total units in a cart (0 for an empty or unknown cart). */
export async function cartQuantity(db: Kysely<Database>, guid: string): Promise<number> {
  const r = await db
    .selectFrom('cart_entries')
    .select((eb) => eb.fn.sum<number | string | null>('qty').as('n'))
    .where('cart_guid', '=', guid)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Adds a line with the next entry number (max + 1, 0 for the first line). A caller that already
 * read the lines under the cart lock may pass `entryNumber` (saves a statement).
 */
export async function insertEntry(
  db: Kysely<Database>,
  input: {
    cartGuid: string;
    variantCode: string;
    entryType: string;
    qty: number;
    now: string;
    entryNumber?: number;
    /** issue 10: auto-delivery choices of the line (ADR 0018) */
    frequencyWeeks?: number | null;
    podsAtHomeQty?: number | null;
    cupsPerDay?: number | null;
    dayOfMonth?: number | null;
    campaignCode?: string | null;
  },
): Promise<CartEntryRow> {
  let entryNumber = input.entryNumber;
  if (entryNumber === undefined) {
    const max = await db
      .selectFrom('cart_entries')
      .select((eb) => eb.fn.max<number | string | null>('entry_number').as('m'))
      .where('cart_guid', '=', input.cartGuid)
      .executeTakeFirst();
    entryNumber = max?.m === null || max?.m === undefined ? 0 : Number(max.m) + 1;
  }
  const row: CartEntryRow = {
    cart_guid: input.cartGuid,
    entry_number: entryNumber,
    variant_code: input.variantCode,
    entry_type: input.entryType,
    qty: input.qty,
    created_at: input.now,
    frequency_weeks: input.frequencyWeeks ?? null,
    pods_at_home_qty: input.podsAtHomeQty ?? null,
    cups_per_day: input.cupsPerDay ?? null,
    day_of_month: input.dayOfMonth ?? null,
    campaign_code: input.campaignCode ?? null,
  };
  await insertEntryQuery(db, row.cart_guid, row.entry_number, row.variant_code, row.entry_type, row.qty, row.created_at, row.frequency_weeks, row.pods_at_home_qty, row.cups_per_day, row.day_of_month, row.campaign_code);
  return row;
}

/** Precompiled (issue 11 item 6: every add to cart of a new line). */
const insertEntryQuery = precompile(11, (db, cart_guid: CartEntryRow['cart_guid'], entry_number: CartEntryRow['entry_number'], variant_code: CartEntryRow['variant_code'], entry_type: CartEntryRow['entry_type'], qty: CartEntryRow['qty'], created_at: CartEntryRow['created_at'], frequency_weeks: CartEntryRow['frequency_weeks'], pods_at_home_qty: CartEntryRow['pods_at_home_qty'], cups_per_day: CartEntryRow['cups_per_day'], day_of_month: CartEntryRow['day_of_month'], campaign_code: CartEntryRow['campaign_code']) =>
  db.insertInto('cart_entries').values({
    cart_guid,
    entry_number,
    variant_code,
    entry_type,
    qty,
    created_at,
    frequency_weeks,
    pods_at_home_qty,
    cups_per_day,
    day_of_month,
    campaign_code,
  }),
);

/** Sets a line's quantity (must be > 0; use {@link deleteEntry} to remove). */
export async function setEntryQty(db: Kysely<Database>, cartGuid: string, entryNumber: number, qty: number): Promise<void> {
  await setEntryQtyQuery(db, cartGuid, entryNumber, qty);
}

const setEntryQtyQuery = precompile(3, (db, cartGuid: string, entryNumber: number, qty: number) =>
  db.updateTable('cart_entries').set({ qty }).where('cart_guid', '=', cartGuid).where('entry_number', '=', entryNumber),
);

/** issue 10: sets the auto-delivery choices of a line (ADR 0018 "Buying"). */
export async function setEntryAutoDelivery(
  db: Kysely<Database>,
  cartGuid: string,
  entryNumber: number,
  c: { frequencyWeeks: number | null; dayOfMonth: number | null; podsAtHomeQty: number | null; cupsPerDay: number | null; campaignCode?: string | null },
): Promise<void> {
  await db
    .updateTable('cart_entries')
    .set({ frequency_weeks: c.frequencyWeeks, day_of_month: c.dayOfMonth, pods_at_home_qty: c.podsAtHomeQty, cups_per_day: c.cupsPerDay, ...(c.campaignCode !== undefined ? { campaign_code: c.campaignCode } : {}) })
    .where('cart_guid', '=', cartGuid)
    .where('entry_number', '=', entryNumber)
    .execute();
}

/** issue 10: turns a line into a one-time (`STD`) line, dropping its auto-delivery choices. */
export async function setEntryOneTime(db: Kysely<Database>, cartGuid: string, entryNumber: number): Promise<void> {
  await db
    .updateTable('cart_entries')
    .set({ entry_type: 'STD', frequency_weeks: null, day_of_month: null, pods_at_home_qty: null, cups_per_day: null, campaign_code: null })
    .where('cart_guid', '=', cartGuid)
    .where('entry_number', '=', entryNumber)
    .execute();
}

/** Removes a line. */
export async function deleteEntry(db: Kysely<Database>, cartGuid: string, entryNumber: number): Promise<void> {
  await db.deleteFrom('cart_entries').where('cart_guid', '=', cartGuid).where('entry_number', '=', entryNumber).execute();
}

/**
 * Variants (`v`) with their product (`p`) and, on `baseSite`, their price (`pr`), stock (`s`) and
 * the product's site row (`ps`; null when the product is not sold there): the base of the cart's
 * and the auto-delivery scheduler's variant reads, which add their own columns.
 */
export function variantsOnSite(db: Kysely<Database>, baseSite: string) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.code', 'v.base_product_code')
    .leftJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', baseSite))
    .leftJoin('stock as s', 's.variant_code', 'v.code')
    .leftJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', baseSite));
}

function sellableQuery(db: Kysely<Database>, baseSite: string) {
  return variantsOnSite(db, baseSite)
    .select([
      'v.code as variant_code',
      'v.base_product_code',
      'v.variant_url_suffix',
      'v.variant_color',
      'v.count',
      'p.product_type',
      'p.name_en',
      'p.name_fr',
      'p.slug_en',
      'p.slug_fr',
      'p.is_bundle',
      'p.pack_type',
      'p.discontinued',
      'p.ad_eligible',
      'pr.currency',
      'pr.price_minor',
      'pr.discount_price_minor',
      'pr.is_discount_price',
      'pr.sales_price_strategy',
      's.available',
      's.low_stock_threshold',
      'ps.base_site as sold_site',
    ]);
}

type SellableRaw = Awaited<ReturnType<ReturnType<typeof sellableQuery>['executeTakeFirstOrThrow']>>;

function toSellable(r: SellableRaw): SellableVariant {
  return {
    variantCode: r.variant_code,
    baseProductCode: r.base_product_code,
    productType: r.product_type,
    nameEn: r.name_en,
    nameFr: r.name_fr,
    slugEn: r.slug_en,
    slugFr: r.slug_fr,
    isBundle: Number(r.is_bundle) === 1,
    packType: r.pack_type,
    variantUrlSuffix: r.variant_url_suffix,
    variantColor: r.variant_color,
    count: r.count === null ? null : Number(r.count),
    discontinued: Number(r.discontinued) === 1,
    soldOnSite: r.sold_site !== null,
    price:
      r.price_minor === null || r.currency === null
        ? null
        : {
            currency: r.currency,
            priceMinor: Number(r.price_minor),
            discountPriceMinor: r.discount_price_minor === null ? null : Number(r.discount_price_minor),
            isDiscountPrice: Number(r.is_discount_price) === 1,
            salesPriceStrategy: r.sales_price_strategy,
          },
    available: r.available === null ? 0 : Number(r.available),
    lowStockThreshold: r.low_stock_threshold === null ? 5 : Number(r.low_stock_threshold),
    adEligible: Number(r.ad_eligible) === 1,
  };
}

/**
 * Resolves a product code for a base site: a variant code gives that variant; a base product code
 * gives its default variant. Undefined when neither exists (whatever the site).
 */
export async function resolveSellable(db: Kysely<Database>, baseSite: string, productCode: string): Promise<SellableVariant | undefined> {
  const row = (await resolveSellableQuery(db, baseSite, productCode)).rows[0];
  return row ? toSellable(row) : undefined;
}

/**
 * One statement: the variant itself, else the product's default variant (the variant wins).
 * Precompiled (issue 11 item 6): it runs on every add to cart.
 */
const resolveSellableQuery = precompile(2, (db, baseSite: string, productCode: string) =>
  sellableQuery(db, baseSite)
    .where((eb) => eb.or([eb('v.code', '=', productCode), eb.and([eb('p.code', '=', productCode), eb('v.code', '=', eb.ref('p.default_variant_code'))])]))
    .orderBy(sql`CASE WHEN v.code = ${productCode} THEN 0 ELSE 1 END`)
    .limit(1),
);

/** The lines of a cart with their variant data on the cart's site, by entry number. */
export async function loadCartLines(db: Kysely<Database>, cartGuid: string, baseSite: string): Promise<CartLine[]> {
  const rows = await sellableQuery(db, baseSite)
    .innerJoin('cart_entries as e', 'e.variant_code', 'v.code')
    .select(['e.entry_number', 'e.entry_type', 'e.qty', 'e.created_at', 'e.frequency_weeks', 'e.pods_at_home_qty', 'e.cups_per_day', 'e.day_of_month', 'e.campaign_code'])
    .where('e.cart_guid', '=', cartGuid)
    .orderBy('e.entry_number')
    .execute();
  return rows.map((r) => ({
    ...toSellable(r),
    entryNumber: Number(r.entry_number),
    entryType: r.entry_type,
    qty: Number(r.qty),
    createdAt: r.created_at,
    frequencyWeeks: r.frequency_weeks === null ? null : Number(r.frequency_weeks),
    podsAtHomeQty: r.pods_at_home_qty === null ? null : Number(r.pods_at_home_qty),
    cupsPerDay: r.cups_per_day === null ? null : Number(r.cups_per_day),
    dayOfMonth: r.day_of_month === null ? null : Number(r.day_of_month),
    campaignCode: r.campaign_code,
  }));
}

/** The newest open cart of a customer on a base site, or undefined (issue 3 "current cart"). */
export async function findOpenCustomerCart(db: Kysely<Database>, baseSite: string, userId: string): Promise<CartRow | undefined> {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('base_site', '=', baseSite)
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .orderBy('updated_at', 'desc')
    .orderBy('guid')
    .limit(1)
    .executeTakeFirst();
}
