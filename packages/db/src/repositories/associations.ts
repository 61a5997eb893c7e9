/**
 * Frequently bought together and out-of-stock alternatives (issue 13; migration 0013; ADR 0032;
 * spec §3 Variant option `frequentlyBoughtTogether`, §7 getProductOOSRecommendation).
 *
 * - {@link listOrderBaskets}: the base products of every order of a site (one statement), the input
 *   of the domain's `coPurchaseCounts`;
 * - {@link replaceAssociations}: a site's rows of one source replaced (delete + insert): the caller
 *   runs it inside ONE transaction, so a product page never reads a half-written list;
 * - {@link listAssociationCandidates}: the product page's ONE indexed read: the partners of a
 *   product on a site whose default variant is in stock, priced on the site, sold there and not
 *   discontinued (gift cards never);
 * - {@link listAlternativeCandidates}: products of a type on a site, with an in-stock flag and
 *   their categories (two statements; the sold-out page only).
 */
import { sql } from 'kysely';
import type { Executor } from '../connection.ts';

/** One order's base product codes (repeats when a product has several lines). */
export interface OrderBasket {
  orderCode: string;
  productCodes: string[];
}

/**
 * The base products of the site's orders (cancelled orders and gift-card lines left out), one
 * basket per order, in order code order.
 */
export async function listOrderBaskets(db: Executor, site: string): Promise<OrderBasket[]> {
  const rows = await db
    .selectFrom('order_entries as e')
    .innerJoin('orders as o', 'o.code', 'e.order_code')
    .innerJoin('products as p', 'p.code', 'e.product_code')
    .select(['e.order_code', 'e.product_code'])
    .where('o.base_site', '=', site)
    .where('o.status', '!=', 'cancelled')
    .where('p.product_type', '!=', 'GiftCard')
    .orderBy('e.order_code')
    .orderBy('e.entry_number')
    .execute();
  const out: OrderBasket[] = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && last.orderCode === r.order_code) last.productCodes.push(r.product_code);
    else out.push({ orderCode: r.order_code, productCodes: [r.product_code] });
  }
  return out;
}

/** One association to write. */
export interface AssociationRow {
  productCode: string;
  partnerCode: string;
  /** orders holding both (0 for seed rows) */
  score: number;
  /** 0 = best within the product and source */
  rank: number;
}

/**
 * Serialises refreshes of a site's associations (several processes may refresh at once): locks the
 * site's `base_sites` row until the transaction ends (PostgreSQL `FOR UPDATE`; SQLite write
 * transactions are serial already). Without it, a second refresh's DELETE would not see the rows
 * a first one inserted meanwhile and its INSERT would collide with them.
 */
export async function lockSiteAssociations(trx: Executor, dialect: 'sqlite' | 'postgres', site: string): Promise<void> {
  const q = trx.selectFrom('base_sites').select('uid').where('uid', '=', site);
  await (dialect === 'postgres' ? q.forUpdate() : q).execute();
}

/**
 * Replaces a site's associations of one source by `rows` (run it inside a transaction, after
 * {@link lockSiteAssociations}).
 * @returns the rows written
 */
export async function replaceAssociations(trx: Executor, site: string, source: 'orders' | 'seed', rows: readonly AssociationRow[], now: string): Promise<number> {
  await trx.deleteFrom('product_associations').where('base_site', '=', site).where('source', '=', source).execute();
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    await trx
      .insertInto('product_associations')
      .values(chunk.map((r) => ({ base_site: site, product_code: r.productCode, source, partner_code: r.partnerCode, score: r.score, rank: r.rank, updated_at: now })))
      .execute();
  }
  return rows.length;
}

/** Codes of the base products sold on a site (not discontinued), for filtering seed lists. */
export async function listSiteProductCodes(db: Executor, site: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('product_sites as ps')
    .innerJoin('products as p', 'p.code', 'ps.product_code')
    .select('p.code')
    .where('ps.base_site', '=', site)
    .where('p.discontinued', '=', 0)
    .execute();
  return new Set(rows.map((r) => r.code));
}

/** A stored partner of a product that may be offered now. */
export interface AssociationCandidateRow {
  code: string;
  source: 'orders' | 'seed';
  rank: number;
}

/**
 * The partners of a product on a site that can be bought now: the partner's default variant has
 * stock, a price on the site, the partner is sold there, not discontinued, not a gift card. ONE
 * statement through the primary key prefix (site, product). Ordered by source (`orders` first),
 * then rank; at most `limit` rows.
 */
export async function listAssociationCandidates(db: Executor, site: string, productCode: string, limit: number): Promise<AssociationCandidateRow[]> {
  const rows = await db
    .selectFrom('product_associations as a')
    .innerJoin('products as p', 'p.code', 'a.partner_code')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', site))
    .innerJoin('stock as s', 's.variant_code', 'p.default_variant_code')
    .innerJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'p.default_variant_code').on('pr.base_site', '=', site))
    .select(['a.partner_code', 'a.source', 'a.rank'])
    .where('a.base_site', '=', site)
    .where('a.product_code', '=', productCode)
    .where('p.discontinued', '=', 0)
    .where('p.product_type', '!=', 'GiftCard')
    .where('s.available', '>', 0)
    .orderBy(sql`CASE WHEN a.source = 'orders' THEN 0 ELSE 1 END`)
    .orderBy('a.rank')
    .orderBy('a.partner_code')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ code: r.partner_code, source: r.source === 'orders' ? 'orders' : 'seed', rank: Number(r.rank) }));
}

/** A candidate of the out-of-stock ranking (domain `AlternativeFacts`). */
export interface AlternativeCandidateRow {
  code: string;
  productType: string;
  beverageType: string | null;
  roast: string | null;
  series: string | null;
  categoryCodes: string[];
  inStock: boolean;
  sortOrder: number;
}

/**
 * Products of one type sold on a site (not discontinued, not bundles), each with "some variant
 * priced on the site has stock" and its categories.
 */
export async function listAlternativeCandidates(db: Executor, site: string, productType: string): Promise<AlternativeCandidateRow[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', site))
    .select((eb) => [
      'p.code',
      'p.product_type',
      'p.beverage_type',
      'p.roast',
      'p.series',
      'p.sort_order',
      eb
        .exists(
          eb
            .selectFrom('variants as v')
            .innerJoin('stock as s', 's.variant_code', 'v.code')
            .innerJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', site))
            .select('v.code')
            .whereRef('v.base_product_code', '=', 'p.code')
            .where('s.available', '>', 0),
        )
        .as('in_stock'),
    ])
    .where('p.product_type', '=', productType)
    .where('p.discontinued', '=', 0)
    .where('p.is_bundle', '=', 0)
    .orderBy('p.sort_order')
    .orderBy('p.code')
    .execute();
  if (rows.length === 0) return [];
  const cats = await db
    .selectFrom('product_categories as pc')
    .innerJoin('products as p', 'p.code', 'pc.product_code')
    .select(['pc.product_code', 'pc.category_code'])
    .where('p.product_type', '=', productType)
    .execute();
  const byProduct = new Map<string, string[]>();
  for (const c of cats) byProduct.set(c.product_code, [...(byProduct.get(c.product_code) ?? []), c.category_code]);
  return rows.map((r) => ({
    code: r.code,
    productType: r.product_type,
    beverageType: r.beverage_type,
    roast: r.roast,
    series: r.series,
    categoryCodes: byProduct.get(r.code) ?? [],
    inStock: Boolean(Number(r.in_stock)),
    sortOrder: Number(r.sort_order),
  }));
}

/** One component of a bundle as bundleAddToCart checks it. */
export interface BundleComponentRow {
  variantCode: string;
  /** units of the component in one bundle */
  qty: number;
  nameEn: string;
  nameFr: string;
  /** units in stock (0 without a stock row) */
  available: number;
  /** the component's product is not discontinued (a bundle may hold items not listed on their own) */
  sellable: boolean;
}

/** The components of a bundle (by bundle product code), in bundle order; one statement. */
export async function listBundleComponents(db: Executor, bundleCode: string): Promise<BundleComponentRow[]> {
  const rows = await db
    .selectFrom('bundle_items as b')
    .innerJoin('variants as v', 'v.code', 'b.variant_code')
    .innerJoin('products as p', 'p.code', 'v.base_product_code')
    .leftJoin('stock as s', 's.variant_code', 'v.code')
    .select(['b.variant_code', 'b.qty', 'p.name_en', 'p.name_fr', 's.available', 'p.discontinued'])
    .where('b.bundle_code', '=', bundleCode)
    .orderBy('b.sort_order')
    .orderBy('b.variant_code')
    .execute();
  return rows.map((r) => ({
    variantCode: r.variant_code,
    qty: Number(r.qty),
    nameEn: r.name_en,
    nameFr: r.name_fr,
    available: Number(r.available ?? 0),
    sellable: Number(r.discontinued) === 0,
  }));
}
