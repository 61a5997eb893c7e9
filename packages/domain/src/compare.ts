/**
 * Product and brewer comparison (issue 13 "Compare"; spec §2 brewer compare page and product
 * comparison page, §7 `GET /products/{codes}/getAppliance/comparison`,
 * `/products/compare-appliance`, compare products (query items, lang); ADR 0031). Pure: no I/O.
 *
 * - {@link parseCompareItems} reads a comma list of product codes (2–4 distinct codes);
 * - {@link buildComparisonTable} builds the side-by-side table from classification features:
 *   rows grouped by classification class (first-seen order), one cell per product (null when the
 *   product lacks the feature; shown as {@link MISSING_CELL}), a `differs` flag per row, and a
 *   price row;
 * - {@link hideIdenticalRows} keeps only the rows that differ ("hide identical rows").
 */

/** Fewest and most products on one comparison (issue 13: "up to 4"). */
export const COMPARE_MIN_ITEMS = 2;
export const COMPARE_MAX_ITEMS = 4;

/** What a missing value reads as in a comparison cell. */
export const MISSING_CELL = '—';

/** Outcome of {@link parseCompareItems}. */
export type CompareItemsResult =
  | { ok: true; codes: string[] }
  | { ok: false; reason: 'tooFewItems' | 'tooManyItems'; codes: string[] };

/**
 * The distinct product codes of a comma list, in first-seen order: blanks around codes are
 * trimmed, empty entries dropped, exact duplicates collapsed. Refused (reason) with fewer than
 * `min` ({@link COMPARE_MIN_ITEMS}) or more than {@link COMPARE_MAX_ITEMS} distinct codes.
 */
export function parseCompareItems(raw: string, min: number = COMPARE_MIN_ITEMS): CompareItemsResult {
  const codes = [...new Set(raw.split(',').map((c) => c.trim()).filter(Boolean))];
  if (codes.length > COMPARE_MAX_ITEMS) return { ok: false, reason: 'tooManyItems', codes };
  if (codes.length < min) return { ok: false, reason: 'tooFewItems', codes };
  return { ok: true, codes };
}

/** One classification feature value of a product (request language). */
export interface CompareFeatureInput {
  classCode: string;
  className: string;
  featureCode: string;
  featureName: string;
  value: string;
}

/** One product to compare: its code, shown price (minor units; null when unpriced) and features. */
export interface CompareProductInput {
  code: string;
  /** the price the shopper pays for the default variant, integer minor units */
  priceMinor: number | null;
  features: readonly CompareFeatureInput[];
}

/** One feature row: a cell per product, in the products' order (null = missing). */
export interface ComparisonRow {
  code: string;
  name: string;
  values: Array<string | null>;
  /** true when at least two cells differ (a missing cell differs from any value) */
  differs: boolean;
}

/** The rows of one classification class. */
export interface ComparisonGroup {
  code: string;
  name: string;
  rows: ComparisonRow[];
}

/** The comparison table of {@link buildComparisonTable}. */
export interface ComparisonTable {
  productCodes: string[];
  price: { valuesMinor: Array<number | null>; differs: boolean };
  groups: ComparisonGroup[];
  /** feature rows whose cells are all the same */
  identicalRowCount: number;
}

function allSame<T>(values: readonly T[]): boolean {
  return values.every((v) => v === values[0]);
}

/**
 * Builds the side-by-side table of `products` (see module comment). A feature with several values
 * on one product reads as its values joined by ", ". Classes and features keep the order in which
 * they first appear across the products. Comparing values is exact (after trimming).
 */
export function buildComparisonTable(products: readonly CompareProductInput[]): ComparisonTable {
  const groups = new Map<string, { code: string; name: string; rows: Map<string, { code: string; name: string }> }>();
  const cells = products.map(() => new Map<string, string[]>());
  products.forEach((p, i) => {
    for (const f of p.features) {
      let g = groups.get(f.classCode);
      if (!g) {
        g = { code: f.classCode, name: f.className, rows: new Map() };
        groups.set(f.classCode, g);
      }
      if (!g.rows.has(f.featureCode)) g.rows.set(f.featureCode, { code: f.featureCode, name: f.featureName });
      const key = `${f.classCode}\u0000${f.featureCode}`;
      const list = cells[i]!.get(key) ?? [];
      const value = f.value.trim();
      if (value && !list.includes(value)) list.push(value);
      cells[i]!.set(key, list);
    }
  });
  let identicalRowCount = 0;
  const outGroups: ComparisonGroup[] = [...groups.values()].map((g) => ({
    code: g.code,
    name: g.name,
    rows: [...g.rows.values()].map((r) => {
      const key = `${g.code}\u0000${r.code}`;
      const values = cells.map((c) => {
        const list = c.get(key);
        return list && list.length > 0 ? list.join(', ') : null;
      });
      const differs = !allSame(values);
      if (!differs) identicalRowCount += 1;
      return { code: r.code, name: r.name, values, differs };
    }),
  }));
  const valuesMinor = products.map((p) => p.priceMinor);
  return {
    productCodes: products.map((p) => p.code),
    price: { valuesMinor, differs: !allSame(valuesMinor) },
    groups: outGroups,
    identicalRowCount,
  };
}

/** The table with only the rows that differ; classes left empty are dropped. The price row stays. */
export function hideIdenticalRows<G extends { rows: ReadonlyArray<{ differs: boolean }> }>(groups: readonly G[]): G[] {
  return groups.map((g) => ({ ...g, rows: g.rows.filter((r) => r.differs) })).filter((g) => g.rows.length > 0);
}

/** The text of a comparison cell: the value, or {@link MISSING_CELL}. */
export function comparisonCellText(value: string | null): string {
  return value ?? MISSING_CELL;
}
