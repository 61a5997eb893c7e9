/**
 * Catalogue reads (spec §3 Product, Variant option, Price data; spec §7 catalogue calls).
 *
 * Functions take the executor first and answer plain records in minor units; the API formats
 * them (price data, URLs, labels). Every read is batched: a product page is five statements, a
 * category or search page six or seven, whatever the page size (no N+1).
 *
 * Listing and facets: one lean query loads the facet attributes of every product in scope (a
 * category subtree, or the codes a search matched), the facets are counted in process with the
 * usual "disjunctive" rule (a facet's counts apply every OTHER facet's filters, so choosing
 * `roast:dark` still shows how many medium roasts there are), then only the requested page is
 * loaded in full. This stays cheap up to tens of thousands of products per category (ADR 0003):
 * the attributes of a category (and its sorted orders) go through the handle's read cache, so a
 * page request mostly counts in memory and loads its page of cards (ADR 0011).
 */
import { sql } from 'kysely';
import { displayedPrice, isPodSystem, isSalesPriceStrategy, parsePodSystems, type PodSystem, type SalesPriceStrategy } from '@store/domain';
import { cachedRead, type Executor } from '../connection.ts';

/** `en` | `fr` */
export type CatalogLang = 'en' | 'fr';

/** A price row of a variant on a site, minor units (spec §3 Price data, §5). */
export interface PriceRecord {
  currency: string;
  priceMinor: number;
  discountPriceMinor: number | null;
  isDiscountPrice: boolean;
  salesPriceStrategy: SalesPriceStrategy | null;
}

/** Stock of a variant (0 available when the variant has no stock row). */
export interface StockRecord {
  available: number;
  lowStockThreshold: number;
}

/** A sellable variant with its price on the requested site (null when it has none there). */
export interface VariantRecord {
  code: string;
  baseProductCode: string;
  variantUrlSuffix: string;
  variantColor: string | null;
  count: number | null;
  boxCount: number | null;
  isDefault: boolean;
  sortOrder: number;
  price: PriceRecord | null;
  stock: StockRecord;
}

/** A category, both languages (the table is small; callers pick the language). */
export interface CategoryRecord {
  code: string;
  parentCode: string | null;
  name: { en: string; fr: string };
  slug: { en: string; fr: string };
  sortOrder: number;
}

/** One classification feature value, in the request language. */
export interface FeatureRecord {
  classCode: string;
  className: string;
  featureCode: string;
  featureName: string;
  value: string;
  sortOrder: number;
}

/** The fields of a product shared by cards and full records, in the request language. */
export interface ProductCardRecord {
  code: string;
  productType: string;
  beverageType: string | null;
  brand: string;
  brandCode: string;
  series: string | null;
  packType: 'Bagged' | 'Canned' | null;
  roast: string | null;
  sellGroupName: string | null;
  name: string;
  summary: string;
  /** slug in the request language, and both (for alternate-language URLs) */
  slug: string;
  slugs: { en: string; fr: string };
  defaultVariantCode: string;
  isBundle: boolean;
  isVirtual: boolean;
  discontinued: boolean;
  imageColor: string;
  sortOrder: number;
  /** issue 10: may be bought on auto-delivery (`products.ad_eligible`, ADR 0018) */
  adEligible: boolean;
  /** issue 13 (ADR 0033): a pod beverage's pod system, else null */
  podSystem: PodSystem | null;
  /** a brewer's accepted pod systems (`[]` for everything else, or a brewer whose systems are unknown) */
  podSystems: PodSystem[];
  /** a brewer's brand-neutral model name in the request language ("Solo"), else null */
  modelName: string | null;
  /** sorted by sort_order; only variants priced on the site */
  variants: VariantRecord[];
}

/** A bundle line: the contained variant, its product, the quantity. */
export interface BundleItemRecord {
  qty: number;
  sortOrder: number;
  variant: VariantRecord;
  product: { code: string; name: string; slug: string; productType: string; packType: 'Bagged' | 'Canned' | null; imageColor: string; brand: string };
}

/** Everything the product page needs (GET /products/{code}?fields=FULL). */
export interface ProductRecord extends ProductCardRecord {
  description: string;
  bundleTemplateName: string | null;
  categoryCodes: string[];
  features: FeatureRecord[];
  bundleItems: BundleItemRecord[];
}

type VariantRow = {
  code: string;
  base_product_code: string;
  variant_url_suffix: string;
  variant_color: string | null;
  count: number | null;
  box_count: number | null;
  is_default: number;
  sort_order: number;
  currency: string | null;
  price_minor: number | null;
  discount_price_minor: number | null;
  is_discount_price: number | null;
  sales_price_strategy: string | null;
  available: number | null;
  low_stock_threshold: number | null;
};

function toPriceRecord(row: {
  currency: string | null;
  price_minor: number | null;
  discount_price_minor: number | null;
  is_discount_price: number | null;
  sales_price_strategy: string | null;
}): PriceRecord | null {
  if (row.currency === null || row.price_minor === null) return null;
  const strategy = row.sales_price_strategy;
  return {
    currency: row.currency,
    priceMinor: Number(row.price_minor),
    discountPriceMinor: row.discount_price_minor === null ? null : Number(row.discount_price_minor),
    isDiscountPrice: Number(row.is_discount_price) === 1,
    salesPriceStrategy: isSalesPriceStrategy(strategy) ? strategy : null,
  };
}

function toVariantRecord(row: VariantRow): VariantRecord {
  return {
    code: row.code,
    baseProductCode: row.base_product_code,
    variantUrlSuffix: row.variant_url_suffix,
    variantColor: row.variant_color,
    count: row.count === null ? null : Number(row.count),
    boxCount: row.box_count === null ? null : Number(row.box_count),
    isDefault: Number(row.is_default) === 1,
    sortOrder: Number(row.sort_order),
    price: toPriceRecord(row),
    stock: { available: Number(row.available ?? 0), lowStockThreshold: Number(row.low_stock_threshold ?? 5) },
  };
}

function packTypeOf(value: string | null): 'Bagged' | 'Canned' | null {
  return value === 'Bagged' || value === 'Canned' ? value : null;
}


/** The variant, price (`pr`, this site) and stock (`s`) columns every variant read selects. */
const VARIANT_COLUMNS = [
  'v.code',
  'v.base_product_code',
  'v.variant_url_suffix',
  'v.variant_color',
  'v.count',
  'v.box_count',
  'v.is_default',
  'v.sort_order',
  'pr.currency',
  'pr.price_minor',
  'pr.discount_price_minor',
  'pr.is_discount_price',
  'pr.sales_price_strategy',
  's.available',
  's.low_stock_threshold',
] as const;

/** Variants (with site price and stock) of several base products or of several variant codes. */
async function loadVariants(
  db: Executor,
  site: string,
  by: { baseProducts: readonly string[] } | { variantCodes: readonly string[] },
): Promise<VariantRecord[]> {
  const codes = 'baseProducts' in by ? by.baseProducts : by.variantCodes;
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('variants as v')
    .leftJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', site))
    .leftJoin('stock as s', 's.variant_code', 'v.code')
    .select(VARIANT_COLUMNS)
    .where('baseProducts' in by ? 'v.base_product_code' : 'v.code', 'in', [...codes])
    .orderBy('v.base_product_code')
    .orderBy('v.sort_order')
    .orderBy('v.code')
    .execute();
  return rows.map((r) => toVariantRecord(r as VariantRow));
}

const CARD_COLUMNS = [
  'p.code',
  'p.product_type',
  'p.beverage_type',
  'p.brand',
  'p.brand_code',
  'p.series',
  'p.pack_type',
  'p.roast',
  'p.sell_group_name',
  'p.name_en',
  'p.name_fr',
  'p.summary_en',
  'p.summary_fr',
  'p.slug_en',
  'p.slug_fr',
  'p.default_variant_code',
  'p.is_bundle',
  'p.is_virtual',
  'p.discontinued',
  'p.image_color',
  'p.sort_order',
  'p.ad_eligible',
  'p.pod_system',
  'p.pod_systems',
  'p.model_name_en',
  'p.model_name_fr',
] as const;

type CardRow = {
  code: string;
  product_type: string;
  beverage_type: string | null;
  brand: string;
  brand_code: string;
  series: string | null;
  pack_type: string | null;
  roast: string | null;
  sell_group_name: string | null;
  name_en: string;
  name_fr: string;
  summary_en: string;
  summary_fr: string;
  slug_en: string;
  slug_fr: string;
  default_variant_code: string;
  is_bundle: number;
  is_virtual: number;
  discontinued: number;
  image_color: string;
  sort_order: number;
  ad_eligible: number;
  pod_system: string | null;
  pod_systems: string | null;
  model_name_en: string | null;
  model_name_fr: string | null;
};

function toCardRecord(row: CardRow, lang: CatalogLang, variants: VariantRecord[]): ProductCardRecord {
  return {
    code: row.code,
    productType: row.product_type,
    beverageType: row.beverage_type,
    brand: row.brand,
    brandCode: row.brand_code,
    series: row.series,
    packType: packTypeOf(row.pack_type),
    roast: row.roast,
    sellGroupName: row.sell_group_name,
    name: lang === 'fr' ? row.name_fr : row.name_en,
    summary: lang === 'fr' ? row.summary_fr : row.summary_en,
    slug: lang === 'fr' ? row.slug_fr : row.slug_en,
    slugs: { en: row.slug_en, fr: row.slug_fr },
    defaultVariantCode: row.default_variant_code,
    isBundle: Number(row.is_bundle) === 1,
    isVirtual: Number(row.is_virtual) === 1,
    discontinued: Number(row.discontinued) === 1,
    imageColor: row.image_color,
    sortOrder: Number(row.sort_order),
    adEligible: Number(row.ad_eligible) === 1,
    podSystem: isPodSystem(row.pod_system) ? row.pod_system : null,
    podSystems: parsePodSystems(row.pod_systems),
    modelName: (lang === 'fr' ? row.model_name_fr : row.model_name_en) ?? null,
    variants: variants.filter((v) => v.price !== null),
  };
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/**
 * Every category (a small table), ordered by sort order then code. Cached for the handle's
 * read-cache TTL (ADR 0011): a catalogue import shows in the tree within that time.
 */
export async function listCategories(db: Executor): Promise<CategoryRecord[]> {
  const rows = await cachedRead(db, 'categories', () => db.selectFrom('categories').selectAll().orderBy('sort_order').orderBy('code').execute());
  return rows.map((r) => ({
    code: r.code,
    parentCode: r.parent_code,
    name: { en: r.name_en, fr: r.name_fr },
    slug: { en: r.slug_en, fr: r.slug_fr },
    sortOrder: Number(r.sort_order),
  }));
}

/**
 * The categories that directly hold at least one product sold on `site` (not discontinued), for
 * showing only the subcategories a shopper of that site can buy from. Cached like
 * {@link listCategories}.
 */
export async function listSiteCategoryCodes(db: Executor, site: string): Promise<Set<string>> {
  const rows = await cachedRead(db, `site-categories:${site}`, () =>
    db
      .selectFrom('product_categories as pc')
      .innerJoin('product_sites as ps', 'ps.product_code', 'pc.product_code')
      .innerJoin('products as p', 'p.code', 'pc.product_code')
      .select('pc.category_code')
      .distinct()
      .where('ps.base_site', '=', site)
      .where('p.discontinued', '=', 0)
      .execute(),
  );
  return new Set(rows.map((r) => r.category_code));
}

/** The codes of a category and all its descendants (from `listCategories` output). */
export function categorySubtree(categories: readonly CategoryRecord[], code: string): string[] {
  const children = groupBy(categories, (c) => c.parentCode);
  const out: string[] = [];
  const stack = [code];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    out.push(current);
    for (const child of children.get(current) ?? []) stack.push(child.code);
  }
  return out;
}

/** A category's ancestors, root first, the category itself last (empty when unknown). */
export function categoryPathOf(categories: readonly CategoryRecord[], code: string): CategoryRecord[] {
  const byCode = new Map(categories.map((c) => [c.code, c]));
  const path: CategoryRecord[] = [];
  let current = byCode.get(code);
  while (current && !path.includes(current)) {
    path.unshift(current);
    current = current.parentCode ? byCode.get(current.parentCode) : undefined;
  }
  return path;
}

/**
 * Product cards for `codes` on `site`, in the order of `codes` (unknown codes, products not sold
 * on the site, and variant codes are skipped). Two statements.
 */
export async function getProductCards(
  db: Executor,
  opts: { site: string; lang: CatalogLang; codes: readonly string[]; includeDiscontinued?: boolean },
): Promise<ProductCardRecord[]> {
  const codes = [...new Set(opts.codes)];
  if (codes.length === 0) return [];
  let query = db
    .selectFrom('products as p')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', opts.site))
    .select(CARD_COLUMNS)
    .where('p.code', 'in', codes);
  if (!opts.includeDiscontinued) query = query.where('p.discontinued', '=', 0);
  const rows = (await query.execute()) as CardRow[];
  const variants = groupBy(await loadVariants(db, opts.site, { baseProducts: rows.map((r) => r.code) }), (v) => v.baseProductCode);
  const byCode = new Map(rows.map((r) => [r.code, toCardRecord(r, opts.lang, variants.get(r.code) ?? [])]));
  return codes.map((c) => byCode.get(c)).filter((c): c is ProductCardRecord => c !== undefined && c.variants.length > 0);
}

/**
 * The full record of a product sold on `site`, found by its code or by one of its variant codes
 * (`requestedVariant` is then that variant code). Null when unknown on the site. Five statements.
 */
export async function findProduct(
  db: Executor,
  opts: { site: string; lang: CatalogLang; code: string },
): Promise<{ product: ProductRecord; requestedVariant: string | null } | null> {
  const { site, lang, code } = opts;
  const row = (await db
    .selectFrom('products as p')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', site))
    .select([...CARD_COLUMNS, 'p.description_en', 'p.description_fr', 'p.bundle_template_name'])
    .where((eb) =>
      eb.or([
        eb('p.code', '=', code),
        eb('p.code', '=', eb.selectFrom('variants').select('base_product_code').where('variants.code', '=', code).limit(1)),
      ]),
    )
    // the product itself wins over a product whose variant has the same code
    .orderBy(sql`CASE WHEN p.code = ${code} THEN 0 ELSE 1 END`)
    .limit(1)
    .executeTakeFirst()) as (CardRow & { description_en: string; description_fr: string; bundle_template_name: string | null }) | undefined;
  if (!row) return null;

  const [variants, categoryRows, featureRows, bundleRows] = await Promise.all([
    loadVariants(db, site, { baseProducts: [row.code] }),
    db.selectFrom('product_categories').select('category_code').where('product_code', '=', row.code).orderBy('category_code').execute(),
    db.selectFrom('product_features').selectAll().where('product_code', '=', row.code).orderBy('sort_order').orderBy('feature_code').execute(),
    Number(row.is_bundle) === 1
      ? db
          .selectFrom('bundle_items as b')
          .innerJoin('variants as v', 'v.code', 'b.variant_code')
          .innerJoin('products as p', 'p.code', 'v.base_product_code')
          .leftJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', site))
          .leftJoin('stock as s', 's.variant_code', 'v.code')
          .select([
            'b.qty',
            'b.sort_order as item_sort_order',
            ...VARIANT_COLUMNS,
            'p.name_en',
            'p.name_fr',
            'p.slug_en',
            'p.slug_fr',
            'p.product_type',
            'p.pack_type',
            'p.image_color',
            'p.brand',
          ])
          .where('b.bundle_code', '=', row.code)
          .orderBy('b.sort_order')
          .orderBy('v.code')
          .execute()
      : Promise.resolve([]),
  ]);

  const card = toCardRecord(row, lang, variants);
  const requestedVariant = row.code !== code && variants.some((v) => v.code === code) ? code : null;
  const product: ProductRecord = {
    ...card,
    description: lang === 'fr' ? row.description_fr : row.description_en,
    bundleTemplateName: row.bundle_template_name,
    categoryCodes: categoryRows.map((c) => c.category_code),
    features: featureRows.map((f) => ({
      classCode: f.class_code,
      className: lang === 'fr' ? f.class_name_fr : f.class_name_en,
      featureCode: f.feature_code,
      featureName: lang === 'fr' ? f.feature_name_fr : f.feature_name_en,
      value: lang === 'fr' ? f.value_fr : f.value_en,
      sortOrder: Number(f.sort_order),
    })),
    bundleItems: bundleRows.map((b) => ({
      qty: Number(b.qty),
      sortOrder: Number(b.item_sort_order),
      variant: toVariantRecord(b as VariantRow),
      product: {
        code: b.base_product_code,
        name: lang === 'fr' ? b.name_fr : b.name_en,
        slug: lang === 'fr' ? b.slug_fr : b.slug_en,
        productType: b.product_type,
        packType: packTypeOf(b.pack_type),
        imageColor: b.image_color,
        brand: b.brand,
      },
    })),
  };
  return { product, requestedVariant };
}

/**
 * The media a `/medias/<code>.svg` request names: a variant (or bundle) code, or a product code.
 * Everything the drawing needs (issue 9 item 13: every brewer model looks different, every colour
 * variant shows its colour, a bundle shows its contents); nothing of it is drawn as text.
 */
export interface MediaRecord {
  productCode: string;
  productType: string;
  /** English name (picks an accessory's object; never drawn) */
  name: string;
  brand: string;
  imageColor: string;
  packType: string | null;
  variantColor: string | null;
  /** pods (ct), oz, a multi-pack's count, or a gift card's face value from its `value-N` suffix */
  count: number | null;
  beverageType: string | null;
  roast: string | null;
  series: string | null;
  isVirtual: boolean;
  /** brewers: classification feature code → English value; null otherwise */
  features: Record<string, string> | null;
  /** bundles: the items' products, in order; null otherwise */
  contents: Array<{ productType: string; name: string; beverageType: string | null; packType: string | null; color: string; variantColor: string | null }> | null;
}

/** Drawing inputs for a variant code (or a base product code, drawn as its default variant): one statement, two for brewers and bundles. */
export async function findMedia(db: Executor, code: string): Promise<MediaRecord | null> {
  const row = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.code', 'v.base_product_code')
    .select([
      'p.code as product_code',
      'p.product_type',
      'p.name_en',
      'p.brand',
      'p.image_color',
      'p.pack_type',
      'p.beverage_type',
      'p.roast',
      'p.series',
      'p.is_virtual',
      'v.variant_color',
      'v.variant_url_suffix',
      'v.count',
      'v.code',
    ])
    .where((eb) => eb.or([eb('v.code', '=', code), eb.and([eb('p.code', '=', code), eb('v.code', '=', eb.ref('p.default_variant_code'))])]))
    .orderBy(sql`CASE WHEN v.code = ${code} THEN 0 ELSE 1 END`)
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  let features: MediaRecord['features'] = null;
  if (row.product_type === 'Brewer') {
    const rows = await db.selectFrom('product_features').select(['feature_code', 'value_en']).where('product_code', '=', row.product_code).execute();
    features = Object.fromEntries(rows.map((f) => [f.feature_code, f.value_en]));
  }
  let contents: MediaRecord['contents'] = null;
  if (row.product_type === 'Bundle') {
    const rows = await db
      .selectFrom('bundle_items as bi')
      .innerJoin('variants as iv', 'iv.code', 'bi.variant_code')
      .innerJoin('products as ip', 'ip.code', 'iv.base_product_code')
      .select(['ip.product_type', 'ip.name_en', 'ip.beverage_type', 'ip.pack_type', 'ip.image_color', 'iv.variant_color'])
      .where('bi.bundle_code', '=', row.product_code)
      .orderBy('bi.sort_order')
      .execute();
    contents = rows.map((r) => ({ productType: r.product_type, name: r.name_en, beverageType: r.beverage_type, packType: r.pack_type, color: r.image_color, variantColor: r.variant_color }));
  }
  const faceValue = /^value-(\d+)$/.exec(row.variant_url_suffix)?.[1];
  return {
    productCode: row.product_code,
    productType: row.product_type,
    name: row.name_en,
    brand: row.brand,
    imageColor: row.image_color,
    packType: row.pack_type,
    variantColor: row.variant_color,
    count: row.count === null ? (faceValue ? Number(faceValue) : null) : Number(row.count),
    beverageType: row.beverage_type,
    roast: row.roast,
    series: row.series,
    isVirtual: Number(row.is_virtual) === 1,
    features,
    contents,
  };
}

// ---------------------------------------------------------------------------------------------
// Listing with facets

/** Facet codes (same list as @store/contracts FACET_CODES). */
export type FacetCode = 'beverageType' | 'roast' | 'brand' | 'count' | 'packType' | 'price';
export const LIST_FACET_CODES: readonly FacetCode[] = ['beverageType', 'roast', 'brand', 'count', 'packType', 'price'];

/** Price buckets of the `price` facet: [fromMinor, toMinor) in the site currency; code `from-to` in major units. */
export const PRICE_BUCKETS: ReadonlyArray<{ code: string; fromMinor: number; toMinor: number | null }> = [
  { code: '0-10', fromMinor: 0, toMinor: 1000 },
  { code: '10-20', fromMinor: 1000, toMinor: 2000 },
  { code: '20-40', fromMinor: 2000, toMinor: 4000 },
  { code: '40-100', fromMinor: 4000, toMinor: 10000 },
  { code: '100-200', fromMinor: 10000, toMinor: 20000 },
  { code: '200-', fromMinor: 20000, toMinor: null },
];

const BEVERAGE_ORDER = ['coffee', 'tea', 'cocoa', 'iced', 'other'];
const ROAST_ORDER = ['light', 'medium', 'dark', 'extra-dark'];
const PACK_ORDER = ['Pods', 'Bagged', 'Canned'];

/** Selected facet values: facet code → value codes (OR inside a facet, AND across facets). */
export type FacetFilters = Partial<Record<FacetCode, readonly string[]>>;

/** A counted facet value; `label` is the brand name for brands, else absent (the API names values). */
export interface FacetValueCount {
  code: string;
  count: number;
  selected: boolean;
  label?: string;
  /** for `count`: the number and unit ('ct' | 'oz'); for `price`: the bucket bounds in minor units */
  countValue?: { count: number; unit: 'ct' | 'oz' };
  priceBucket?: { fromMinor: number; toMinor: number | null };
}

export interface FacetResult {
  code: FacetCode;
  values: FacetValueCount[];
}

export type ListSort = 'relevance' | 'name-asc' | 'price-asc' | 'price-desc';

/** What to list: a category subtree, or codes ranked by a search (best first). */
export type ListScope =
  | { kind: 'categories'; categoryCodes: readonly string[] }
  | { kind: 'codes'; codes: readonly string[] }
  | { kind: 'all' };

export interface ListProductsOptions {
  site: string;
  lang: CatalogLang;
  scope: ListScope;
  filters: FacetFilters;
  /** 0-based */
  page: number;
  pageSize: number;
  sort: ListSort;
}

export interface ListProductsResult {
  cards: ProductCardRecord[];
  totalResults: number;
  facets: FacetResult[];
}

/** The facet attributes of one product (see `countFacets`). */
export interface FacetRow {
  code: string;
  name: string;
  brand: string;
  brandCode: string;
  sortOrder: number;
  priceMinor: number;
  values: Record<FacetCode, string[]>;
}

/** Parses `roast:dark,brand:MAPLE` into filters; unknown facets and empty values are ignored. */
export function parseFacetQuery(q: string | undefined | null): FacetFilters {
  const filters: Partial<Record<FacetCode, string[]>> = {};
  if (!q) return filters;
  for (const part of q.split(',')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const facet = part.slice(0, colon).trim() as FacetCode;
    const value = part.slice(colon + 1).trim();
    if (!LIST_FACET_CODES.includes(facet) || value === '') continue;
    const list = (filters[facet] ??= []);
    if (!list.includes(value)) list.push(value);
  }
  return filters;
}

/** The normalised `q` string of filters (facet order, values in the given order). */
export function facetQueryOf(filters: FacetFilters): string {
  const parts: string[] = [];
  for (const facet of LIST_FACET_CODES) for (const v of filters[facet] ?? []) parts.push(`${facet}:${v}`);
  return parts.join(',');
}

function priceBucketOf(priceMinor: number): string {
  for (const b of PRICE_BUCKETS) if (priceMinor >= b.fromMinor && (b.toMinor === null || priceMinor < b.toMinor)) return b.code;
  return PRICE_BUCKETS[0]!.code;
}

function countCode(count: number, packType: string | null): string {
  return `${count}${packType === 'Bagged' || packType === 'Canned' ? 'oz' : 'ct'}`;
}

function matches(row: FacetRow, filters: FacetFilters, except: FacetCode | null): boolean {
  for (const facet of LIST_FACET_CODES) {
    if (facet === except) continue;
    const wanted = filters[facet];
    if (!wanted || wanted.length === 0) continue;
    if (!row.values[facet].some((v) => wanted.includes(v))) return false;
  }
  return true;
}

function compareValues(facet: FacetCode, a: FacetValueCount, b: FacetValueCount): number {
  const byList = (list: string[]) => {
    const ia = list.indexOf(a.code);
    const ib = list.indexOf(b.code);
    return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib) || a.code.localeCompare(b.code);
  };
  switch (facet) {
    case 'beverageType':
      return byList(BEVERAGE_ORDER);
    case 'roast':
      return byList(ROAST_ORDER);
    case 'packType':
      return byList(PACK_ORDER);
    case 'price':
      return byList(PRICE_BUCKETS.map((p) => p.code));
    case 'count':
      return (
        (a.countValue?.unit ?? '').localeCompare(b.countValue?.unit ?? '') || (a.countValue?.count ?? 0) - (b.countValue?.count ?? 0)
      );
    case 'brand':
      return (a.label ?? a.code).localeCompare(b.label ?? b.code);
  }
}

/** Counts facets over `rows` (disjunctive), see module comment. */
export function countFacets(rows: readonly FacetRow[], filters: FacetFilters): FacetResult[] {
  const result: FacetResult[] = [];
  for (const facet of LIST_FACET_CODES) {
    const counts = new Map<string, FacetValueCount>();
    for (const row of rows) {
      if (!matches(row, filters, facet)) continue;
      for (const value of row.values[facet]) {
        let entry = counts.get(value);
        if (!entry) {
          entry = { code: value, count: 0, selected: false };
          if (facet === 'brand') entry.label = row.brand;
          counts.set(value, entry);
        }
        entry.count++;
      }
    }
    for (const value of filters[facet] ?? []) {
      if (!counts.has(value)) counts.set(value, { code: value, count: 0, selected: true });
    }
    for (const entry of counts.values()) {
      entry.selected = (filters[facet] ?? []).includes(entry.code);
      if (facet === 'count') {
        const m = /^(\d+)(ct|oz)$/.exec(entry.code);
        if (m) entry.countValue = { count: Number(m[1]), unit: m[2] as 'ct' | 'oz' };
      }
      if (facet === 'price') {
        const bucket = PRICE_BUCKETS.find((b) => b.code === entry.code);
        if (bucket) entry.priceBucket = { fromMinor: bucket.fromMinor, toMinor: bucket.toMinor };
      }
    }
    const values = [...counts.values()].sort((a, b) => compareValues(facet, a, b));
    if (values.length > 0) result.push({ code: facet, values });
  }
  return result;
}

/** One collator per language: `localeCompare(b, lang)` builds one per call, which dominated sorting. */
const collators = new Map<CatalogLang, Intl.Collator>();

function collatorOf(lang: CatalogLang): Intl.Collator {
  let collator = collators.get(lang);
  if (!collator) {
    collator = new Intl.Collator(lang);
    collators.set(lang, collator);
  }
  return collator;
}

/**
 * The facet rows of a scope (every product of the scope sold on the site with a price, before
 * any filter), names in one language, and the rows sorted by each sort order, computed on first
 * use. Shared through the read cache: never mutated once built, except to add a sort order.
 */
interface ScopeRows {
  rows: FacetRow[];
  sorted: Map<ListSort, FacetRow[]>;
  /** facet counts and matching rows (in each sort order) by filter query, at most {@link MAX_FILTER_MEMO} */
  byFilters: Map<string, { facets: FacetResult[]; hits: Map<ListSort, FacetRow[]> }>;
}

/** Filter combinations remembered per cached scope (the unfiltered listing and the popular filters). */
const MAX_FILTER_MEMO = 64;

/** Loads the {@link ScopeRows} of a scope. Two statements. */
async function loadScopeRows(db: Executor, site: string, lang: CatalogLang, scope: ListScope, scopeCodes: readonly string[]): Promise<ScopeRows> {
  let base = db
    .selectFrom('products as p')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', site))
    .innerJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'p.default_variant_code').on('pr.base_site', '=', site))
    .where('p.discontinued', '=', 0);
  if (scope.kind === 'codes') base = base.where('p.code', 'in', [...scopeCodes]);
  if (scope.kind === 'categories')
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_categories as pc')
          .select('pc.product_code')
          .whereRef('pc.product_code', '=', 'p.code')
          .where('pc.category_code', 'in', [...scope.categoryCodes]),
      ),
    );

  const [attrRows, sizeRows] = await Promise.all([
    base
      .select([
        'p.code',
        'p.brand',
        'p.brand_code',
        'p.roast',
        'p.beverage_type',
        'p.pack_type',
        'p.sort_order',
        lang === 'fr' ? 'p.name_fr as name' : 'p.name_en as name',
        'pr.price_minor',
        'pr.discount_price_minor',
        'pr.is_discount_price',
        'pr.sales_price_strategy',
      ])
      .execute(),
    base
      .innerJoin('variants as v', 'v.base_product_code', 'p.code')
      .innerJoin('prices as vp', (j) => j.onRef('vp.variant_code', '=', 'v.code').on('vp.base_site', '=', site))
      .select(['p.code', 'v.count'])
      .where('v.count', 'is not', null)
      .execute(),
  ]);

  const sizes = groupBy(sizeRows, (r) => r.code);
  const rows: FacetRow[] = attrRows.map((r) => {
    const price = toPriceRecord({ ...r, currency: 'X' })!;
    const shown = displayedPrice(price).priceMinor;
    const packType = r.pack_type;
    const counts = [...new Set((sizes.get(r.code) ?? []).map((s) => countCode(Number(s.count), packType)))];
    return {
      code: r.code,
      name: r.name,
      brand: r.brand,
      brandCode: r.brand_code,
      sortOrder: Number(r.sort_order),
      priceMinor: shown,
      values: {
        beverageType: r.beverage_type ? [r.beverage_type] : [],
        roast: r.roast ? [r.roast] : [],
        brand: [r.brand_code],
        count: counts,
        packType: r.beverage_type ? [packType === 'Bagged' || packType === 'Canned' ? packType : 'Pods'] : [],
        price: [priceBucketOf(shown)],
      },
    };
  });
  return { rows, sorted: new Map(), byFilters: new Map() };
}

/** `rows` in the order of `sort` (a new array; `rows` is left as it is). */
function sortRows(rows: readonly FacetRow[], sort: ListSort, lang: CatalogLang, rank: ReadonlyMap<string, number> | null): FacetRow[] {
  const collator = collatorOf(lang);
  const byName = (a: FacetRow, b: FacetRow) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code);
  return [...rows].sort((a, b) => {
    switch (sort) {
      case 'name-asc':
        return byName(a, b);
      case 'price-asc':
        return a.priceMinor - b.priceMinor || byName(a, b);
      case 'price-desc':
        return b.priceMinor - a.priceMinor || byName(a, b);
      case 'relevance':
        return rank ? (rank.get(a.code) ?? 0) - (rank.get(b.code) ?? 0) : a.sortOrder - b.sortOrder || byName(a, b);
    }
  });
}

/**
 * Lists products of a scope on a site with facet filters, counts and paging (see module comment).
 * Statements: 2 (facet attributes, variant sizes) + 2 (cards of the page).
 *
 * For a category scope (or the whole site) the facet attributes of the scope, and the scope
 * sorted by each sort order, go through the handle's read cache (ADR 0011): a page request then
 * filters and counts in memory and loads only the cards of its page (2 statements), and a price
 * or catalogue change shows within the cache's TTL. Search scopes (codes ranked by a search)
 * are read each time.
 */
export async function listProducts(db: Executor, opts: ListProductsOptions): Promise<ListProductsResult> {
  const { site, lang, scope } = opts;
  const scopeCodes = scope.kind === 'codes' ? [...new Set(scope.codes)] : [];
  if (scope.kind === 'codes' && scopeCodes.length === 0) return { cards: [], totalResults: 0, facets: [] };
  if (scope.kind === 'categories' && scope.categoryCodes.length === 0) return { cards: [], totalResults: 0, facets: [] };

  const scoped =
    scope.kind === 'codes'
      ? await loadScopeRows(db, site, lang, scope, scopeCodes)
      : await cachedRead(db, `listing:${JSON.stringify([site, lang, scope.kind === 'all' ? '*' : [...scope.categoryCodes].sort()])}`, () =>
          loadScopeRows(db, site, lang, scope, scopeCodes),
        );
  const rank = scope.kind === 'codes' ? new Map(scopeCodes.map((c, i) => [c, i])) : null;
  let sorted = scoped.sorted.get(opts.sort);
  if (!sorted) {
    sorted = sortRows(scoped.rows, opts.sort, lang, rank);
    scoped.sorted.set(opts.sort, sorted);
  }

  // Facet counts and matches depend only on the scope and the filters: computed once per filter
  // combination while the scope is cached (shared answers, only ever read).
  const filterKey = facetQueryOf(opts.filters);
  let counted = scoped.byFilters.get(filterKey);
  if (!counted) {
    counted = { facets: countFacets(scoped.rows, opts.filters), hits: new Map() };
    if (scoped.byFilters.size >= MAX_FILTER_MEMO) scoped.byFilters.delete(scoped.byFilters.keys().next().value!);
    scoped.byFilters.set(filterKey, counted);
  }
  const facets = counted.facets;
  let hits = counted.hits.get(opts.sort);
  if (!hits) {
    hits = sorted.filter((r) => matches(r, opts.filters, null));
    counted.hits.set(opts.sort, hits);
  }
  const start = opts.page * opts.pageSize;
  const pageCodes = hits.slice(start, start + opts.pageSize).map((r) => r.code);
  const cards = await getProductCards(db, { site, lang, codes: pageCodes });
  return { cards, totalResults: hits.length, facets };
}
