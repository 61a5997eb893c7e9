/**
 * Reads of the comparison and search-suggestion calls (issue 13; spec §7 comparison calls and
 * search; ADR 0031). Read-only; functions take the executor first.
 */
import type { Executor } from '../connection.ts';
import type { CatalogLang, FeatureRecord } from './catalog.ts';

/**
 * The classification features of `codes` in `lang`, by product code (codes without features map
 * to an empty list), each list in the product's feature order. One statement.
 */
export async function listProductFeatures(db: Executor, opts: { codes: readonly string[]; lang: CatalogLang }): Promise<Map<string, FeatureRecord[]>> {
  const out = new Map<string, FeatureRecord[]>(opts.codes.map((c) => [c, []]));
  if (opts.codes.length === 0) return out;
  const rows = await db
    .selectFrom('product_features')
    .selectAll()
    .where('product_code', 'in', [...opts.codes])
    .orderBy('product_code')
    .orderBy('sort_order')
    .orderBy('feature_code')
    .execute();
  const fr = opts.lang === 'fr';
  for (const f of rows) {
    out.get(f.product_code)?.push({
      classCode: f.class_code,
      className: fr ? f.class_name_fr : f.class_name_en,
      featureCode: f.feature_code,
      featureName: fr ? f.feature_name_fr : f.feature_name_en,
      value: fr ? f.value_fr : f.value_en,
      sortOrder: Number(f.sort_order),
    });
  }
  return out;
}
