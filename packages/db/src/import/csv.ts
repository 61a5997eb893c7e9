/**
 * The flat CSV catalogue format (docs/catalog-format.md): one row per variant and base-site
 * price. Rows are grouped into products by `productCode` and into variants by `variantCode`;
 * product columns are read from the first row of a product and may be left empty (or repeated
 * identically) on its other rows, the same for variant columns. Money is in minor units (cents).
 * Categories are not part of the CSV: the codes it names must exist in the database (or come
 * from a JSON catalogue imported first).
 */
import { parse } from 'csv-parse/sync';
import { CatalogFileSchema } from '@store/contracts';
import { SITE_CURRENCY, validateCatalog } from './validate.ts';
import { formatPath, parentPath, sortRowErrors, type CatalogIssue, type CatalogParseResult, type CatalogRowError } from './types.ts';

/** Product-level columns (read from a product's first row). */
export const CSV_PRODUCT_COLUMNS = [
  'productCode',
  'productType',
  'beverageType',
  'brand',
  'brandCode',
  'series',
  'packType',
  'roast',
  'sellGroupName',
  'nameEn',
  'nameFr',
  'summaryEn',
  'summaryFr',
  'descriptionEn',
  'descriptionFr',
  'slugEn',
  'slugFr',
  'categories',
  'sites',
  'isVirtual',
  'adEligible',
  'discontinued',
  'imageColor',
  'sortOrder',
  'features',
  'bundleTemplateName',
  'bundleItems',
  'podSystem',
  'podSystems',
  'modelNameEn',
  'modelNameFr',
] as const;

/** Variant-level columns (read from a variant's first row). */
export const CSV_VARIANT_COLUMNS = ['variantCode', 'variantUrlSuffix', 'variantColor', 'count', 'boxCount', 'isDefault', 'stock', 'lowStockThreshold'] as const;

/** Price columns (one price per row). */
export const CSV_PRICE_COLUMNS = ['baseSite', 'currency', 'price', 'discountPrice', 'isDiscountPrice', 'salesPriceStrategy'] as const;

/** Every column of the CSV format, in the documented order. */
export const CSV_COLUMNS = [...CSV_PRODUCT_COLUMNS, ...CSV_VARIANT_COLUMNS, ...CSV_PRICE_COLUMNS] as const;
type Column = (typeof CSV_COLUMNS)[number];

const REQUIRED: Column[] = [
  'productCode',
  'productType',
  'brand',
  'brandCode',
  'nameEn',
  'nameFr',
  'summaryEn',
  'summaryFr',
  'descriptionEn',
  'descriptionFr',
  'slugEn',
  'slugFr',
  'categories',
  'imageColor',
  'variantCode',
  'variantUrlSuffix',
  'stock',
  'baseSite',
  'price',
];

/** Where a catalogue path's tail comes from in the CSV, for messages. */
const PATH_COLUMN: Array<[RegExp, string]> = [
  [/^products\[\d+\]\.code$/, 'productCode'],
  [/\.name\.en$/, 'nameEn'],
  [/\.name\.fr$/, 'nameFr'],
  [/\.summary\.en$/, 'summaryEn'],
  [/\.summary\.fr$/, 'summaryFr'],
  [/\.description\.en$/, 'descriptionEn'],
  [/\.description\.fr$/, 'descriptionFr'],
  [/\.slug\.en$/, 'slugEn'],
  [/\.slug\.fr$/, 'slugFr'],
  [/\.categories(\[\d+\])?$/, 'categories'],
  [/\.sites(\[\d+\])?$/, 'sites'],
  [/\.features(\[\d+\].*)?$/, 'features'],
  [/\.podSystems(\[\d+\])?$/, 'podSystems'],
  [/\.modelName\.en$/, 'modelNameEn'],
  [/\.modelName\.fr$/, 'modelNameFr'],
  [/\.modelName$/, 'modelNameEn'],
  [/\.bundle\.templateName$/, 'bundleTemplateName'],
  [/\.bundle(\.items.*)?$/, 'bundleItems'],
  [/\.variants\[\d+\]\.code$/, 'variantCode'],
  [/\.prices\[\d+\]\.(\w+)$/, '$1'],
  [/\.variants\[\d+\]\.(\w+)$/, '$1'],
  [/^products\[\d+\]\.(\w+)$/, '$1'],
];

function columnOf(path: string): string | null {
  for (const [re, col] of PATH_COLUMN) {
    const m = re.exec(path);
    if (m) return col.startsWith('$') ? (m[1] ?? null) : col;
  }
  return null;
}

type Row = Partial<Record<Column, string>>;

const int = (s: string | undefined): number | string | undefined => (s === undefined ? undefined : /^-?\d+$/.test(s) ? Number(s) : s);
const bool = (s: string | undefined): boolean | string | undefined => {
  if (s === undefined) return undefined;
  const v = s.toLowerCase();
  if (['true', '1', 'yes', 'y'].includes(v)) return true;
  if (['false', '0', 'no', 'n'].includes(v)) return false;
  return s;
};
const nullable = (s: string | undefined): string | null => s ?? null;
const list = (s: string | undefined): string[] | undefined =>
  s === undefined
    ? undefined
    : s
        .split('|')
        .map((x) => x.trim())
        .filter(Boolean);

/**
 * Parse and validate a CSV catalogue (docs/catalog-format.md). Reports every bad row by its
 * 1-based line number (the header is line 1): unknown or missing columns, values of the wrong
 * type, rows of one product or variant that disagree, and the cross-reference rules of the JSON
 * format. The file it answers has no categories; `importCatalog` checks the category codes
 * against the database.
 */
export function parseCatalogCsv(text: string): CatalogParseResult {
  const errors: CatalogRowError[] = [];
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: false }) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
  } catch (e) {
    const line = typeof (e as { lines?: unknown }).lines === 'number' ? (e as { lines: number }).lines : 1;
    return { ok: false, errors: [{ line, path: '', message: `invalid CSV: ${(e as Error).message}` }] };
  }
  const startLine = (r: { record: string[]; info: { lines: number } }) =>
    r.info.lines - r.record.reduce((sum, f) => sum + (f.match(/\n/g)?.length ?? 0), 0);

  const header = records.shift();
  if (!header) return { ok: false, errors: [{ line: 1, path: '', message: 'empty file: expected a header row' }] };
  const headerLine = startLine(header);
  const columns = header.record.map((h) => h.trim());
  const known = new Set<string>(CSV_COLUMNS);
  columns.forEach((c) => {
    if (!known.has(c)) errors.push({ line: headerLine, path: '', message: `unknown column "${c}" (columns: ${CSV_COLUMNS.join(', ')})` });
  });
  for (const c of REQUIRED) if (!columns.includes(c)) errors.push({ line: headerLine, path: '', message: `missing column "${c}"` });
  const seenCols = new Set<string>();
  for (const c of columns) {
    if (seenCols.has(c)) errors.push({ line: headerLine, path: '', message: `column "${c}" appears twice` });
    seenCols.add(c);
  }
  if (errors.length > 0) return { ok: false, errors };

  // Group rows into products and variants, remembering where each came from.
  interface VariantAcc {
    row: Row;
    line: number;
    prices: Array<{ row: Row; line: number }>;
  }
  interface ProductAcc {
    row: Row;
    line: number;
    variants: Map<string, VariantAcc>;
    featureLine: number;
    bundleLine: number;
  }
  const products = new Map<string, ProductAcc>();
  for (const r of records) {
    const line = startLine(r);
    if (r.record.length !== columns.length) {
      errors.push({ line, path: '', message: `expected ${columns.length} fields, found ${r.record.length}` });
      continue;
    }
    const row: Row = {};
    columns.forEach((c, k) => {
      const v = r.record[k]!.trim();
      if (v !== '') row[c as Column] = v;
    });
    const code = row.productCode ?? '';
    if (!code) {
      errors.push({ line, path: '', message: 'productCode is empty' });
      continue;
    }
    let p = products.get(code);
    if (!p) {
      p = { row, line, variants: new Map(), featureLine: line, bundleLine: line };
      products.set(code, p);
    } else {
      for (const c of CSV_PRODUCT_COLUMNS) {
        const v = row[c];
        if (v === undefined) continue;
        if (p.row[c] === undefined) {
          p.row[c] = v;
          if (c === 'features') p.featureLine = line;
          if (c === 'bundleItems') p.bundleLine = line;
        } else if (p.row[c] !== v) {
          errors.push({ line, path: '', message: `${c} differs from the value on line ${p.line} for product ${code}` });
        }
      }
    }
    const vcode = row.variantCode ?? '';
    if (!vcode) {
      errors.push({ line, path: '', message: 'variantCode is empty' });
      continue;
    }
    let v = p.variants.get(vcode);
    if (!v) {
      v = { row, line, prices: [] };
      p.variants.set(vcode, v);
    } else {
      for (const c of CSV_VARIANT_COLUMNS) {
        const val = row[c];
        if (val === undefined) continue;
        if (v.row[c] === undefined) v.row[c] = val;
        else if (v.row[c] !== val) errors.push({ line, path: '', message: `${c} differs from the value on line ${v.line} for variant ${vcode}` });
      }
    }
    v.prices.push({ row, line });
  }

  // Build the catalogue object and a path → line map.
  const lines = new Map<string, number>();
  const issues: CatalogIssue[] = [];
  const rawProducts = [...products.values()].map((p, i) => {
    const at = `products[${i}]`;
    lines.set(at, p.line);
    const r = p.row;
    let features: unknown = undefined;
    if (r.features !== undefined) {
      lines.set(`${at}.features`, p.featureLine);
      try {
        features = JSON.parse(r.features);
      } catch {
        issues.push({ path: `${at}.features`, message: 'features must be a JSON array of {classCode, className, code, name, value}' });
      }
    }
    let bundle: unknown = null;
    if (r.bundleItems !== undefined || r.bundleTemplateName !== undefined) {
      lines.set(`${at}.bundle`, p.bundleLine);
      const items = (list(r.bundleItems) ?? []).map((it, k) => {
        const m = /^([^:]+):(\d+)$/.exec(it);
        if (!m) issues.push({ path: `${at}.bundle.items[${k}]`, message: `bundle item "${it}" must be VARIANTCODE:QTY` });
        return m ? { variantCode: m[1]!, qty: Number(m[2]) } : { variantCode: it, qty: 1 };
      });
      bundle = { templateName: r.bundleTemplateName, items };
    }
    const variants = [...p.variants.values()].map((v, j) => {
      const vat = `${at}.variants[${j}]`;
      lines.set(vat, v.line);
      const vr = v.row;
      return {
        code: vr.variantCode,
        variantUrlSuffix: vr.variantUrlSuffix,
        variantColor: nullable(vr.variantColor),
        count: int(vr.count) ?? null,
        boxCount: int(vr.boxCount) ?? null,
        isDefault: bool(vr.isDefault),
        stock: int(vr.stock),
        lowStockThreshold: int(vr.lowStockThreshold),
        prices: v.prices.map(({ row: pr, line }, k) => {
          const pat = `${vat}.prices[${k}]`;
          lines.set(pat, line);
          if (pr.currency !== undefined && pr.baseSite !== undefined && pr.baseSite in SITE_CURRENCY) {
            const expected = SITE_CURRENCY[pr.baseSite as keyof typeof SITE_CURRENCY];
            if (pr.currency.toUpperCase() !== expected) issues.push({ path: `${pat}.currency`, message: `${pr.baseSite} prices are in ${expected}, not ${pr.currency}` });
          }
          for (const c of ['price', 'discountPrice'] as const) {
            if (pr[c] !== undefined && /^\d+[.,]\d+$/.test(pr[c])) {
              issues.push({ path: `${pat}.${c}`, message: `amounts are in minor units (cents): write ${pr[c].replace(/[.,]/, '')} for ${pr[c]}` });
            }
          }
          return {
            baseSite: pr.baseSite,
            price: int(pr.price),
            discountPrice: int(pr.discountPrice) ?? null,
            isDiscountPrice: bool(pr.isDiscountPrice),
            salesPriceStrategy: nullable(pr.salesPriceStrategy),
          };
        }),
      };
    });
    return {
      code: r.productCode,
      productType: r.productType,
      beverageType: nullable(r.beverageType),
      brand: r.brand,
      brandCode: r.brandCode,
      series: nullable(r.series),
      packType: nullable(r.packType),
      roast: nullable(r.roast),
      sellGroupName: nullable(r.sellGroupName),
      name: { en: r.nameEn, fr: r.nameFr },
      summary: { en: r.summaryEn, fr: r.summaryFr },
      description: { en: r.descriptionEn, fr: r.descriptionFr },
      slug: { en: r.slugEn, fr: r.slugFr },
      categories: list(r.categories),
      sites: list(r.sites) ?? [...new Set([...p.variants.values()].flatMap((v) => v.prices.map((x) => x.row.baseSite ?? '')).filter(Boolean))],
      isVirtual: bool(r.isVirtual),
      adEligible: bool(r.adEligible),
      discontinued: bool(r.discontinued),
      imageColor: r.imageColor,
      sortOrder: int(r.sortOrder),
      podSystem: nullable(r.podSystem),
      podSystems: list(r.podSystems) ?? [],
      modelName: r.modelNameEn === undefined && r.modelNameFr === undefined ? null : { en: r.modelNameEn ?? '', fr: r.modelNameFr ?? '' },
      variants,
      features,
      bundle,
    };
  });

  const locate = (found: readonly CatalogIssue[]): CatalogRowError[] =>
    sortRowErrors(
      found.map((issue) => {
        let p = issue.path;
        while (p && !lines.has(p)) p = parentPath(p);
        const col = columnOf(issue.path);
        return { line: issue.path === '' ? 0 : (lines.get(p) ?? 1), path: issue.path, message: col ? `${col}: ${issue.message}` : issue.message };
      }),
    );

  const parsed = CatalogFileSchema.safeParse({ version: 1, categories: [], products: rawProducts });
  if (!parsed.success) {
    issues.push(...parsed.error.issues.map((iss) => ({ path: formatPath(iss.path), message: iss.message })));
    return { ok: false, errors: sortRowErrors([...errors, ...locate(issues)]) };
  }
  issues.push(...validateCatalog(parsed.data));
  if (errors.length > 0 || issues.length > 0) return { ok: false, errors: sortRowErrors([...errors, ...locate(issues)]) };
  return { ok: true, file: parsed.data, locate };
}
