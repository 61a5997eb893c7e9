/**
 * Cart data access (spec §3 Cart): carts addressed by a random guid, their entries, and the
 * sellable-variant lookups the cart needs (price on the site, stock, sold-on-site, discontinued).
 * Functions take `db` first (a `Kysely<Database>` or a transaction). Timestamps are ISO-8601 UTC.
 * No business rules here: the flows decide, these functions read and write.
 */
import { sql, type Kysely } from 'kysely';
import type { CartEntryTable, CartTable, Database } from '../schema.ts';

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
}

/** A cart line joined with its variant data. */
export interface CartLine extends SellableVariant {
  entryNumber: number;
  entryType: string;
  qty: number;
  createdAt: string;
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
  await db.insertInto('carts').values(row).execute();
  return row;
}

/** The cart with this guid, or undefined. */
export async function findCart(db: Kysely<Database>, guid: string): Promise<CartRow | undefined> {
  return db.selectFrom('carts').selectAll().where('guid', '=', guid).executeTakeFirst();
}

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

/** Bumps `updated_at` only if the cart is still open. @returns false when it is not open. */
export async function touchOpenCart(db: Kysely<Database>, guid: string, now: string): Promise<boolean> {
  const r = await db.updateTable('carts').set({ updated_at: now }).where('guid', '=', guid).where('status', '=', 'open').executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** The raw entries of a cart, by entry number. */
export async function listEntries(db: Kysely<Database>, guid: string): Promise<CartEntryRow[]> {
  return db.selectFrom('cart_entries').selectAll().where('cart_guid', '=', guid).orderBy('entry_number').execute();
}

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
  await db.insertInto('cart_entries').values(row).execute();
  return row;
}

/** Sets a line's quantity (must be > 0; use {@link deleteEntry} to remove). */
export async function setEntryQty(db: Kysely<Database>, cartGuid: string, entryNumber: number, qty: number): Promise<void> {
  await db.updateTable('cart_entries').set({ qty }).where('cart_guid', '=', cartGuid).where('entry_number', '=', entryNumber).execute();
}

/** Removes a line. */
export async function deleteEntry(db: Kysely<Database>, cartGuid: string, entryNumber: number): Promise<void> {
  await db.deleteFrom('cart_entries').where('cart_guid', '=', cartGuid).where('entry_number', '=', entryNumber).execute();
}

function sellableQuery(db: Kysely<Database>, baseSite: string) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.code', 'v.base_product_code')
    .leftJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', baseSite))
    .leftJoin('stock as s', 's.variant_code', 'v.code')
    .leftJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', baseSite))
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
  };
}

/**
 * Resolves a product code for a base site: a variant code gives that variant; a base product code
 * gives its default variant. Undefined when neither exists (whatever the site).
 */
export async function resolveSellable(db: Kysely<Database>, baseSite: string, productCode: string): Promise<SellableVariant | undefined> {
  // one statement: the variant itself, else the product's default variant (the variant wins)
  const row = await sellableQuery(db, baseSite)
    .where((eb) => eb.or([eb('v.code', '=', productCode), eb.and([eb('p.code', '=', productCode), eb('v.code', '=', eb.ref('p.default_variant_code'))])]))
    .orderBy(sql`CASE WHEN v.code = ${productCode} THEN 0 ELSE 1 END`)
    .limit(1)
    .executeTakeFirst();
  return row ? toSellable(row) : undefined;
}

/** The lines of a cart with their variant data on the cart's site, by entry number. */
export async function loadCartLines(db: Kysely<Database>, cartGuid: string, baseSite: string): Promise<CartLine[]> {
  const rows = await sellableQuery(db, baseSite)
    .innerJoin('cart_entries as e', 'e.variant_code', 'v.code')
    .select(['e.entry_number', 'e.entry_type', 'e.qty', 'e.created_at'])
    .where('e.cart_guid', '=', cartGuid)
    .orderBy('e.entry_number')
    .execute();
  return rows.map((r) => ({
    ...toSellable(r),
    entryNumber: Number(r.entry_number),
    entryType: r.entry_type,
    qty: Number(r.qty),
    createdAt: r.created_at,
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
