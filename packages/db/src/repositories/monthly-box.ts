/**
 * Monthly-box products (issue 10 "Subscriptions beyond AD"; spec §9 "Monthly products filter box
 * counts 20, 22, 24"; ADR 0018 `MONTHLY_BOX`).
 */
import type { Executor } from '../connection.ts';

/** One monthly box: a pod variant of a monthly-box count, sold on the site. */
export interface MonthlyBoxVariant {
  /** base product code */
  productCode: string;
  /** variant code (what a monthly-box subscription item holds) */
  variantCode: string;
  /** pods in the box: 20, 22 or 24 */
  count: number;
}

/**
 * The monthly boxes a site sells: variants of auto-delivery-eligible, not discontinued pod
 * products (not bagged or canned) on `site`, priced there, whose count is one of `counts`.
 * Ordered by the products' sort order, then product code, then count (the default curated
 * rotation order). Two statements at most: none when `counts` is empty.
 * @param counts pod counts to keep (a subset of 20, 22, 24; validated by the caller)
 */
export async function listMonthlyBoxVariants(db: Executor, site: string, counts: readonly number[]): Promise<MonthlyBoxVariant[]> {
  if (counts.length === 0) return [];
  const rows = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.code', 'v.base_product_code')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', site))
    .innerJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', site))
    .select(['p.code as product_code', 'v.code as variant_code', 'v.count'])
    .where('p.ad_eligible', '=', 1)
    .where('p.discontinued', '=', 0)
    .where('p.is_bundle', '=', 0)
    .where((eb) => eb.or([eb('p.pack_type', 'is', null), eb('p.pack_type', 'not in', ['Bagged', 'Canned'])]))
    .where('v.count', 'in', [...counts])
    .orderBy('p.sort_order')
    .orderBy('p.code')
    .orderBy('v.count')
    .execute();
  return rows.map((r) => ({ productCode: r.product_code, variantCode: r.variant_code, count: Number(r.count) }));
}
