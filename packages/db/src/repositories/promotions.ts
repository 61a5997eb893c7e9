/**
 * Promotions, coupons, cart coupons, coupon redemptions, order promotions and price lists
 * (issue 4; ADR 0010; migration 0004; spec §3 Coupon and price data, §6 price and user groups,
 * §7 Coupons).
 *
 * - Reads answer plain records; dates are ISO-8601 UTC strings (stored as text on both dialects,
 *   so they compare as strings). Amounts are integer minor units of the site currency.
 * - Usage limits are enforced with conditional statements only, never read-then-write:
 *   {@link tryUseCoupon} (`used_count < max_uses`) and {@link tryUseCouponForCustomer} (an upsert
 *   whose update only happens while `uses < max_uses_per_customer`). Call them inside the order
 *   reservation transaction; on PostgreSQL the row lock makes concurrent placements queue, on
 *   SQLite transactions are serialised.
 */
import { sql } from 'kysely';
import type { Executor } from '../connection.ts';
import type { OrderPromotionTable } from '../schema.ts';

/** Parameters of a promotion as stored in `promotions.params_json` (all optional; see the engine's PromotionRule). */
export interface PromotionParams {
  /** percent kinds: basis points 1..10000 */
  percentBps?: number;
  /** fixed kinds: minor units off */
  amountMinor?: number;
  /** product kinds (and bmsm eligibility): base product or variant codes */
  productCodes?: string[];
  /** category kinds (and bmsm eligibility): category codes */
  categoryCodes?: string[];
  /** bmsm tiers */
  tiers?: Array<{ minQty: number; percentBps: number }>;
  /** freeGift: the gift variant */
  giftVariantCode?: string;
  /** merchandise subtotal needed, minor units */
  minSubtotalMinor?: number;
}

/** A promotion rule row (both languages). */
export interface PromotionRecord {
  code: string;
  baseSite: string;
  kind: string;
  name: { en: string; fr: string };
  params: PromotionParams;
  priority: number;
  exclusive: boolean;
  requiresCoupon: boolean;
  /** groups allowed (price or user groups, EMPLOYEE), null = everyone */
  userGroups: string[] | null;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
}

/** A coupon row (both languages). */
export interface CouponRecord {
  code: string;
  baseSite: string;
  promotionCode: string;
  name: { en: string; fr: string };
  /** storefront path of the page the coupon promotes, or null */
  pageName: string | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  usedCount: number;
  active: boolean;
}

/** A coupon with its promotion. */
export interface CouponWithPromotion {
  coupon: CouponRecord;
  promotion: PromotionRecord;
}

/** A coupon applied to a cart, with its promotion. */
export interface CartCouponRecord extends CouponWithPromotion {
  appliedAt: string;
}

/** A price-list price of a variant for a group, minor units. */
export interface PriceListRecord {
  groupCode: string;
  variantCode: string;
  currency: string;
  priceMinor: number;
}

/** An applied promotion frozen on an order (`order_promotions`). */
export type OrderPromotionRow = OrderPromotionTable;

/** A coupon redemption (`coupon_redemptions`). */
export interface CouponRedemptionRecord {
  couponCode: string;
  orderCode: string;
  customerKey: string;
  createdAt: string;
}

function parseParams(json: string): PromotionParams {
  try {
    const v = JSON.parse(json) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as PromotionParams) : {};
  } catch {
    return {};
  }
}

function groupsOf(list: string | null): string[] | null {
  if (list === null) return null;
  const groups = list
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  return groups.length === 0 ? null : groups;
}

const PROMOTION_COLUMNS = [
  'p.code as p_code',
  'p.base_site as p_base_site',
  'p.kind as p_kind',
  'p.name_en as p_name_en',
  'p.name_fr as p_name_fr',
  'p.params_json as p_params_json',
  'p.priority as p_priority',
  'p.exclusive as p_exclusive',
  'p.requires_coupon as p_requires_coupon',
  'p.user_groups as p_user_groups',
  'p.starts_at as p_starts_at',
  'p.ends_at as p_ends_at',
  'p.active as p_active',
] as const;

const COUPON_COLUMNS = [
  'c.code as c_code',
  'c.base_site as c_base_site',
  'c.promotion_code as c_promotion_code',
  'c.name_en as c_name_en',
  'c.name_fr as c_name_fr',
  'c.page_name as c_page_name',
  'c.starts_at as c_starts_at',
  'c.ends_at as c_ends_at',
  'c.max_uses as c_max_uses',
  'c.max_uses_per_customer as c_max_uses_per_customer',
  'c.used_count as c_used_count',
  'c.active as c_active',
] as const;

interface PromotionRow {
  p_code: string;
  p_base_site: string;
  p_kind: string;
  p_name_en: string;
  p_name_fr: string;
  p_params_json: string;
  p_priority: number;
  p_exclusive: number;
  p_requires_coupon: number;
  p_user_groups: string | null;
  p_starts_at: string | null;
  p_ends_at: string | null;
  p_active: number;
}

interface CouponRow {
  c_code: string;
  c_base_site: string;
  c_promotion_code: string;
  c_name_en: string;
  c_name_fr: string;
  c_page_name: string | null;
  c_starts_at: string | null;
  c_ends_at: string | null;
  c_max_uses: number | null;
  c_max_uses_per_customer: number | null;
  c_used_count: number;
  c_active: number;
}

function toPromotion(r: PromotionRow): PromotionRecord {
  return {
    code: r.p_code,
    baseSite: r.p_base_site,
    kind: r.p_kind,
    name: { en: r.p_name_en, fr: r.p_name_fr },
    params: parseParams(r.p_params_json),
    priority: Number(r.p_priority),
    exclusive: Number(r.p_exclusive) === 1,
    requiresCoupon: Number(r.p_requires_coupon) === 1,
    userGroups: groupsOf(r.p_user_groups),
    startsAt: r.p_starts_at,
    endsAt: r.p_ends_at,
    active: Number(r.p_active) === 1,
  };
}

function toCoupon(r: CouponRow): CouponRecord {
  return {
    code: r.c_code,
    baseSite: r.c_base_site,
    promotionCode: r.c_promotion_code,
    name: { en: r.c_name_en, fr: r.c_name_fr },
    pageName: r.c_page_name,
    startsAt: r.c_starts_at,
    endsAt: r.c_ends_at,
    maxUses: r.c_max_uses === null ? null : Number(r.c_max_uses),
    maxUsesPerCustomer: r.c_max_uses_per_customer === null ? null : Number(r.c_max_uses_per_customer),
    usedCount: Number(r.c_used_count),
    active: Number(r.c_active) === 1,
  };
}

/**
 * The automatic promotions of a site in effect at `nowIso`: active, not behind a coupon, started
 * (`starts_at <= now`) and not ended (`ends_at > now`, the end is exclusive). Group filtering is
 * left to the caller (the customer's groups are decided on the server). One statement.
 */
export async function listActiveAutomaticPromotions(db: Executor, site: string, nowIso: string): Promise<PromotionRecord[]> {
  const rows = await db
    .selectFrom('promotions as p')
    .select(PROMOTION_COLUMNS)
    .where('p.base_site', '=', site)
    .where('p.active', '=', 1)
    .where('p.requires_coupon', '=', 0)
    .where((eb) => eb.or([eb('p.starts_at', 'is', null), eb('p.starts_at', '<=', nowIso)]))
    .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', nowIso)]))
    .orderBy('p.priority', 'desc')
    .orderBy('p.code')
    .execute();
  return rows.map(toPromotion);
}

/** A coupon of a site with its promotion, by its normalised (upper-case) code; null when unknown. One statement. */
export async function findCoupon(db: Executor, site: string, code: string): Promise<CouponWithPromotion | null> {
  const row = await db
    .selectFrom('coupons as c')
    .innerJoin('promotions as p', 'p.code', 'c.promotion_code')
    .select([...COUPON_COLUMNS, ...PROMOTION_COLUMNS])
    .where('c.code', '=', code)
    .where('c.base_site', '=', site)
    .executeTakeFirst();
  return row ? { coupon: toCoupon(row), promotion: toPromotion(row) } : null;
}

/**
 * What may promote a cart, in ONE statement (a `UNION ALL`): the coupons applied to the cart with
 * their promotions (whatever their state: the caller checks dates), and the automatic promotions
 * of the site in effect at `nowIso` (as {@link listActiveAutomaticPromotions}). Automatic ones by
 * priority (desc) then code; coupons by time applied then code.
 */
export async function listCartPromotions(db: Executor, site: string, cartGuid: string, nowIso: string): Promise<{ automatic: PromotionRecord[]; coupons: CartCouponRecord[] }> {
  const nul = <T, A extends string>(alias: A) => sql<T>`NULL`.as(alias);
  const couponBranch = db
    .selectFrom('cart_coupons as cc')
    .innerJoin('coupons as c', 'c.code', 'cc.coupon_code')
    .innerJoin('promotions as p', 'p.code', 'c.promotion_code')
    .select([...COUPON_COLUMNS, ...PROMOTION_COLUMNS, 'cc.applied_at as applied_at'])
    .where('cc.cart_guid', '=', cartGuid);
  const automaticBranch = db
    .selectFrom('promotions as p')
    .select([
      nul<string, 'c_code'>('c_code'),
      nul<string, 'c_base_site'>('c_base_site'),
      nul<string, 'c_promotion_code'>('c_promotion_code'),
      nul<string, 'c_name_en'>('c_name_en'),
      nul<string, 'c_name_fr'>('c_name_fr'),
      nul<string | null, 'c_page_name'>('c_page_name'),
      nul<string | null, 'c_starts_at'>('c_starts_at'),
      nul<string | null, 'c_ends_at'>('c_ends_at'),
      nul<number | null, 'c_max_uses'>('c_max_uses'),
      nul<number | null, 'c_max_uses_per_customer'>('c_max_uses_per_customer'),
      nul<number, 'c_used_count'>('c_used_count'),
      nul<number, 'c_active'>('c_active'),
      ...PROMOTION_COLUMNS,
      nul<string, 'applied_at'>('applied_at'),
    ])
    .where('p.base_site', '=', site)
    .where('p.active', '=', 1)
    .where('p.requires_coupon', '=', 0)
    .where((eb) => eb.or([eb('p.starts_at', 'is', null), eb('p.starts_at', '<=', nowIso)]))
    .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', nowIso)]));
  const rows = await couponBranch.unionAll(automaticBranch).execute();
  const automatic: PromotionRecord[] = [];
  const coupons: CartCouponRecord[] = [];
  for (const r of rows) {
    if (r.c_code === null) automatic.push(toPromotion(r));
    else coupons.push({ coupon: toCoupon(r), promotion: toPromotion(r), appliedAt: r.applied_at });
  }
  automatic.sort((a, b) => b.priority - a.priority || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  coupons.sort((a, b) => (a.appliedAt < b.appliedAt ? -1 : a.appliedAt > b.appliedAt ? 1 : a.coupon.code < b.coupon.code ? -1 : 1));
  return { automatic, coupons };
}

/** Puts a coupon on a cart. @returns false when it was already there (nothing changed) */
export async function addCartCoupon(db: Executor, cartGuid: string, couponCode: string, nowIso: string): Promise<boolean> {
  const r = await db
    .insertInto('cart_coupons')
    .values({ cart_guid: cartGuid, coupon_code: couponCode, applied_at: nowIso })
    .onConflict((oc) => oc.columns(['cart_guid', 'coupon_code']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Takes a coupon off a cart. @returns false when it was not there */
export async function removeCartCoupon(db: Executor, cartGuid: string, couponCode: string): Promise<boolean> {
  const r = await db.deleteFrom('cart_coupons').where('cart_guid', '=', cartGuid).where('coupon_code', '=', couponCode).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/** Copies the coupons of one cart onto another (cart merge); existing ones are kept. */
export async function copyCartCoupons(db: Executor, fromGuid: string, toGuid: string, nowIso: string): Promise<void> {
  const rows = await db.selectFrom('cart_coupons').select('coupon_code').where('cart_guid', '=', fromGuid).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('cart_coupons')
    .values(rows.map((r) => ({ cart_guid: toGuid, coupon_code: r.coupon_code, applied_at: nowIso })))
    .onConflict((oc) => oc.columns(['cart_guid', 'coupon_code']).doNothing())
    .execute();
}

/** How many orders of this customer key (customer id, or `email:` + address) used the coupon. */
export async function customerCouponUses(db: Executor, couponCode: string, customerKey: string): Promise<number> {
  const r = await db.selectFrom('coupon_customer_uses').select('uses').where('coupon_code', '=', couponCode).where('customer_key', '=', customerKey).executeTakeFirst();
  return r ? Number(r.uses) : 0;
}

/**
 * Counts one use of a coupon if it has uses left, atomically:
 * `UPDATE coupons SET used_count = used_count + 1 WHERE code = ? AND (max_uses IS NULL OR used_count < max_uses)`.
 * @returns false when the coupon is used up (or unknown): nothing changed
 */
export async function tryUseCoupon(db: Executor, couponCode: string): Promise<boolean> {
  const r = await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('code', '=', couponCode)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/**
 * Counts one use of a coupon by a customer key, atomically: an upsert whose update only happens
 * while `uses < maxPerCustomer` (`INSERT ... ON CONFLICT DO UPDATE SET uses = uses + 1 WHERE
 * uses < max`). `maxPerCustomer` null = no limit (the use is still recorded).
 * @param maxPerCustomer positive integer or null
 * @returns false when this customer already used it up: nothing changed
 */
export async function tryUseCouponForCustomer(db: Executor, couponCode: string, customerKey: string, maxPerCustomer: number | null): Promise<boolean> {
  if (maxPerCustomer !== null && (!Number.isSafeInteger(maxPerCustomer) || maxPerCustomer < 1)) return false;
  const r = await db
    .insertInto('coupon_customer_uses')
    .values({ coupon_code: couponCode, customer_key: customerKey, uses: 1 })
    .onConflict((oc) => {
      const update = oc.columns(['coupon_code', 'customer_key']).doUpdateSet({ uses: sql<number>`coupon_customer_uses.uses + 1` });
      return maxPerCustomer === null ? update : update.where('coupon_customer_uses.uses', '<', maxPerCustomer);
    })
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Records which order redeemed which coupon. */
export async function insertCouponRedemption(db: Executor, r: CouponRedemptionRecord): Promise<void> {
  await db.insertInto('coupon_redemptions').values({ coupon_code: r.couponCode, order_code: r.orderCode, customer_key: r.customerKey, created_at: r.createdAt }).execute();
}

/** The coupons an order redeemed, by code. */
export async function listCouponRedemptions(db: Executor, orderCode: string): Promise<CouponRedemptionRecord[]> {
  const rows = await db.selectFrom('coupon_redemptions').selectAll().where('order_code', '=', orderCode).orderBy('coupon_code').execute();
  return rows.map((r) => ({ couponCode: r.coupon_code, orderCode: r.order_code, customerKey: r.customer_key, createdAt: r.created_at }));
}

/**
 * Gives back the coupon uses of an order (its payment failed) and forgets its redemptions and
 * promotion lines: `used_count - 1` and the customer's `uses - 1` per redeemed coupon (never
 * below 0). Call inside the release transaction, once per order (the caller checks that the
 * order is still pending). Answers the redemptions given back.
 */
export async function releaseCouponRedemptions(db: Executor, orderCode: string): Promise<CouponRedemptionRecord[]> {
  const redemptions = await listCouponRedemptions(db, orderCode);
  for (const r of redemptions) {
    await db
      .updateTable('coupons')
      .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
      .where('code', '=', r.couponCode)
      .where('used_count', '>', 0)
      .execute();
    await db
      .updateTable('coupon_customer_uses')
      .set((eb) => ({ uses: eb('uses', '-', 1) }))
      .where('coupon_code', '=', r.couponCode)
      .where('customer_key', '=', r.customerKey)
      .where('uses', '>', 0)
      .execute();
  }
  await db.deleteFrom('coupon_redemptions').where('order_code', '=', orderCode).execute();
  return redemptions;
}

/** Freezes the applied promotions of an order (one row per line). */
export async function insertOrderPromotions(db: Executor, rows: readonly OrderPromotionRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('order_promotions').values([...rows]).execute();
}

/** The promotion lines of an order, by line number. */
export async function listOrderPromotions(db: Executor, orderCode: string): Promise<OrderPromotionRow[]> {
  return db.selectFrom('order_promotions').selectAll().where('order_code', '=', orderCode).orderBy('line_no').execute();
}

/** Deletes the promotion lines of an order (its payment failed). */
export async function deleteOrderPromotions(db: Executor, orderCode: string): Promise<void> {
  await db.deleteFrom('order_promotions').where('order_code', '=', orderCode).execute();
}

/**
 * Price-list prices of the variants in a cart on a site, every group (the caller keeps the
 * groups the customer is entitled to). One statement.
 */
export async function listCartPriceListPrices(db: Executor, site: string, cartGuid: string): Promise<PriceListRecord[]> {
  const rows = await db
    .selectFrom('price_lists as pl')
    .select(['pl.group_code', 'pl.variant_code', 'pl.currency', 'pl.price_minor'])
    .where('pl.base_site', '=', site)
    .where('pl.variant_code', 'in', (eb) => eb.selectFrom('cart_entries').select('variant_code').where('cart_guid', '=', cartGuid))
    .execute();
  return rows.map((r) => ({ groupCode: r.group_code, variantCode: r.variant_code, currency: r.currency, priceMinor: Number(r.price_minor) }));
}

/** Price-list prices of some variants for some groups on a site. One statement (none when a list is empty). */
export async function listPriceListPrices(db: Executor, site: string, variantCodes: readonly string[], groups: readonly string[]): Promise<PriceListRecord[]> {
  if (variantCodes.length === 0 || groups.length === 0) return [];
  const rows = await db
    .selectFrom('price_lists')
    .select(['group_code', 'variant_code', 'currency', 'price_minor'])
    .where('base_site', '=', site)
    .where('variant_code', 'in', [...new Set(variantCodes)])
    .where('group_code', 'in', [...new Set(groups)])
    .execute();
  return rows.map((r) => ({ groupCode: r.group_code, variantCode: r.variant_code, currency: r.currency, priceMinor: Number(r.price_minor) }));
}

/** What prices and targets a customer: the server-side group fields and roles (spec §6). */
export interface CustomerPricingRecord {
  isEmployee: boolean;
  priceGroup: string | null;
  userGroup: string | null;
  roles: string[];
}

/** The pricing fields of a customer, or null when unknown. One statement. */
export async function findCustomerPricing(db: Executor, customerId: string): Promise<CustomerPricingRecord | null> {
  const r = await db.selectFrom('customers').select(['is_employee', 'price_group', 'user_group', 'roles']).where('id', '=', customerId).executeTakeFirst();
  if (!r) return null;
  return {
    isEmployee: Number(r.is_employee) === 1,
    priceGroup: r.price_group ?? null,
    userGroup: r.user_group ?? null,
    roles: (r.roles ?? '').split(',').map((x) => x.trim()).filter(Boolean),
  };
}

/** Direct category codes of products (product_categories lists leaf and top-level categories). One statement. */
export async function listProductCategoryCodes(db: Executor, productCodes: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (productCodes.length === 0) return out;
  const rows = await db
    .selectFrom('product_categories')
    .select(['product_code', 'category_code'])
    .where('product_code', 'in', [...new Set(productCodes)])
    .orderBy('product_code')
    .orderBy('category_code')
    .execute();
  for (const r of rows) {
    const list = out.get(r.product_code);
    if (list) list.push(r.category_code);
    else out.set(r.product_code, [r.category_code]);
  }
  return out;
}

/** A promotion to write (seed and back-office). */
export interface PromotionInput {
  code: string;
  baseSite: string;
  kind: string;
  name: { en: string; fr: string };
  params: PromotionParams;
  priority?: number;
  exclusive?: boolean;
  requiresCoupon?: boolean;
  userGroups?: string[] | null;
  startsAt?: string | null;
  endsAt?: string | null;
  active?: boolean;
}

/** Inserts or replaces a promotion's definition. */
export async function upsertPromotion(db: Executor, p: PromotionInput): Promise<void> {
  const values = {
    code: p.code,
    base_site: p.baseSite,
    kind: p.kind,
    name_en: p.name.en,
    name_fr: p.name.fr,
    params_json: JSON.stringify(p.params),
    priority: p.priority ?? 0,
    exclusive: p.exclusive ? 1 : 0,
    requires_coupon: p.requiresCoupon ? 1 : 0,
    user_groups: p.userGroups && p.userGroups.length > 0 ? p.userGroups.join(',') : null,
    starts_at: p.startsAt ?? null,
    ends_at: p.endsAt ?? null,
    active: p.active === false ? 0 : 1,
  };
  const { code: _code, ...rest } = values;
  await db
    .insertInto('promotions')
    .values(values)
    .onConflict((oc) => oc.column('code').doUpdateSet(rest))
    .execute();
}

/** A coupon to write (seed and back-office). */
export interface CouponInput {
  code: string;
  baseSite: string;
  promotionCode: string;
  name: { en: string; fr: string };
  pageName?: string | null;
  startsAt?: string | null;
  endsAt?: string | null;
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
  active?: boolean;
}

/** Inserts or replaces a coupon's definition; an existing `used_count` is kept. */
export async function upsertCoupon(db: Executor, c: CouponInput): Promise<void> {
  const values = {
    code: c.code,
    base_site: c.baseSite,
    promotion_code: c.promotionCode,
    name_en: c.name.en,
    name_fr: c.name.fr,
    page_name: c.pageName ?? null,
    starts_at: c.startsAt ?? null,
    ends_at: c.endsAt ?? null,
    max_uses: c.maxUses ?? null,
    max_uses_per_customer: c.maxUsesPerCustomer ?? null,
    active: c.active === false ? 0 : 1,
  };
  const { code: _code, ...rest } = values;
  await db
    .insertInto('coupons')
    .values({ ...values, used_count: 0 })
    .onConflict((oc) => oc.column('code').doUpdateSet(rest))
    .execute();
}

/** Inserts or replaces a price-list price. */
export async function upsertPriceListPrice(db: Executor, p: { baseSite: string; groupCode: string; variantCode: string; currency: string; priceMinor: number }): Promise<void> {
  await db
    .insertInto('price_lists')
    .values({ base_site: p.baseSite, group_code: p.groupCode, variant_code: p.variantCode, currency: p.currency, price_minor: p.priceMinor })
    .onConflict((oc) => oc.columns(['base_site', 'group_code', 'variant_code']).doUpdateSet({ currency: p.currency, price_minor: p.priceMinor }))
    .execute();
}

/** A free-gift variant as an order line needs it (issue 4). */
export interface GiftVariantRecord {
  variantCode: string;
  baseProductCode: string;
  nameEn: string;
  nameFr: string;
}

/**
 * The gift variants among `variantCodes` that the site sells (not discontinued), for free-gift
 * order lines (issue 4, ADR 0010). One statement.
 */
export async function findGiftVariants(db: Executor, site: string, variantCodes: readonly string[]): Promise<Map<string, GiftVariantRecord>> {
  const out = new Map<string, GiftVariantRecord>();
  if (variantCodes.length === 0) return out;
  const rows = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.code', 'v.base_product_code')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', site))
    .select(['v.code as variantCode', 'p.code as baseProductCode', 'p.name_en as nameEn', 'p.name_fr as nameFr'])
    .where('v.code', 'in', [...variantCodes])
    .where('p.discontinued', '=', 0)
    .execute();
  for (const r of rows) out.set(r.variantCode, r);
  return out;
}
