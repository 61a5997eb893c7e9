/**
 * Catalogue importer (issue 2 `npm run catalog:import`, spec §3): writes a validated catalogue
 * into the database in one transaction, replacing products that already exist with the same
 * code, so it is safe to run again. Works on SQLite and PostgreSQL.
 */
import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { CatalogFileSchema, type CatalogFile, type CatalogFileInput, type CatalogProduct } from '@store/contracts';
import { formatPodSystems, podSystemFeature } from '@store/domain';
import type {
  BundleItemTable,
  CategoryTable,
  Database,
  PriceTable,
  ProductCategoryTable,
  ProductFeatureTable,
  ProductSearchTable,
  ProductSiteTable,
  ProductTable,
  StockTable,
  VariantTable,
} from '../schema.ts';
import { searchDocument } from '../search-text.ts';
import { SITE_DEFINITIONS } from '../seed/sites.ts';
import { VARIANT_COLORS } from '../seed/catalog.ts';
import { CatalogValidationError, formatPath, type CatalogIssue } from './types.ts';
import { SITE_CURRENCY, validateCatalog, type ExternalRefs } from './validate.ts';

/** Rows per multi-row INSERT on SQLite (200 × at most 27 columns = 5,400 parameters). */
const ROWS_PER_STATEMENT = 200;
/** Rows per `INSERT ... SELECT * FROM unnest(...)` on PostgreSQL: one array parameter per column. */
const ROWS_PER_UNNEST = 5000;
/** Products written per batch (and per progress report). */
const PRODUCTS_PER_BATCH = 500;
/** Codes per `IN (...)` lookup. */
const CODES_PER_QUERY = 500;

/** Options of `importCatalog`. */
export interface ImportOptions {
  /** called after each chunk of products is written: products done so far, and the total */
  onProgress?: (done: number, total: number) => void;
}

/** What `importCatalog` wrote: counts of the file's products, variants and categories. */
export interface ImportSummary {
  products: number;
  variants: number;
  categories: number;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Integer columns of the catalogue tables (everything else is text), for PostgreSQL array casts. */
const INT_COLUMNS = new Set([
  'sort_order',
  'is_bundle',
  'is_virtual',
  'ad_eligible',
  'discontinued',
  'count',
  'box_count',
  'is_default',
  'price_minor',
  'discount_price_minor',
  'is_discount_price',
  'available',
  'low_stock_threshold',
  'qty',
]);

/** What to do when a row's key exists: nothing (plain insert), or update the listed columns from the new row. */
type OnConflict<Row> = null | { key: ReadonlyArray<keyof Row & string>; update: ReadonlyArray<keyof Row & string> };

/**
 * Insert many rows into one table, in chunks, on either dialect: multi-row VALUES of 200 rows on
 * SQLite; `INSERT ... SELECT * FROM unnest($1::text[], ...)` of 5,000 rows on PostgreSQL (one
 * parameter per column, so the 65,535-parameter cap never applies and planning stays cheap).
 * With `onConflict`, existing rows with the same key are updated (`excluded.col`).
 */
async function bulkWrite<T extends keyof Database & string>(
  trx: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  onConflict: OnConflict<Database[T]> = null,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const conflict = onConflict
    ? sql` on conflict (${sql.join(onConflict.key.map((c) => sql.ref(c)))}) do update set ${sql.join(
        onConflict.update.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`),
      )}`
    : sql``;
  const head = sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})`;
  const value = (row: Insertable<Database[T]>, c: string): unknown => (row as Record<string, unknown>)[c] ?? null;
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    for (const part of chunk(rows, ROWS_PER_UNNEST)) {
      const arrays = columns.map((c) => sql`${part.map((r) => value(r, c))}::${sql.raw(INT_COLUMNS.has(c) ? 'integer' : 'text')}[]`);
      await sql`${head} select * from unnest(${sql.join(arrays)})${conflict}`.execute(trx);
    }
    return;
  }
  for (const part of chunk(rows, ROWS_PER_STATEMENT)) {
    const tuples = part.map((r) => sql`(${sql.join(columns.map((c) => value(r, c)))})`);
    await sql`${head} values ${sql.join(tuples)}${conflict}`.execute(trx);
  }
}

const ROAST_LABEL: Record<'en' | 'fr', Record<string, string>> = {
  en: { light: 'light roast', medium: 'medium roast', dark: 'dark roast', 'extra-dark': 'extra dark roast' },
  fr: { light: 'torréfaction légère', medium: 'torréfaction moyenne', dark: 'torréfaction foncée', 'extra-dark': 'torréfaction extra-foncée' },
};
const BEVERAGE_LABEL: Record<'en' | 'fr', Record<string, string>> = {
  en: { coffee: 'coffee', tea: 'tea', cocoa: 'hot cocoa chocolate', iced: 'iced beverage', other: '' },
  fr: { coffee: 'café', tea: 'thé', cocoa: 'chocolat chaud', iced: 'boisson glacée', other: '' },
};
const TYPE_WORDS: Record<'en' | 'fr', Record<string, string>> = {
  en: { Coffee: 'pods', Brewer: 'brewer coffee maker', Accessory: 'accessory', Bundle: 'bundle kit', GiftCard: 'gift card' },
  fr: { Coffee: 'capsules dosettes', Brewer: 'cafetière', Accessory: 'accessoire', Bundle: 'ensemble trousse', GiftCard: 'carte-cadeau' },
};

/** Find what the database already holds that the file refers to or would collide with. */
async function checkAgainstDatabase(
  trx: Kysely<Database>,
  file: CatalogFile,
): Promise<{ issues: CatalogIssue[]; existingProducts: Set<string>; removedVariants: string[]; categoryNames: Map<string, { en: string; fr: string }> }> {
  const issues: CatalogIssue[] = [];
  const productCodes = file.products.map((p) => p.code);
  const fileProducts = new Set(productCodes);
  const variantAt = new Map<string, string>();
  file.products.forEach((p, i) => p.variants.forEach((v, j) => variantAt.set(v.code, `products[${i}].variants[${j}].code`)));
  const productAt = new Map(file.products.map((p, i) => [p.code, `products[${i}].code`]));

  const categoryNames = new Map<string, { en: string; fr: string }>();
  for (const c of await trx.selectFrom('categories').select(['code', 'name_en', 'name_fr']).execute()) categoryNames.set(c.code, { en: c.name_en, fr: c.name_fr });
  const dbCategories = new Set(categoryNames.keys());
  for (const c of file.categories) categoryNames.set(c.code, c.name);

  const existingProducts = new Set<string>();
  const removedVariants: string[] = [];
  for (const codes of chunk(productCodes, CODES_PER_QUERY)) {
    for (const r of await trx.selectFrom('products').select('code').where('code', 'in', codes).execute()) existingProducts.add(r.code);
    const rows = await trx.selectFrom('variants').select(['code', 'base_product_code']).where('base_product_code', 'in', codes).execute();
    for (const r of rows) if (!variantAt.has(r.code)) removedVariants.push(r.code);
    // a new product code that is a variant code of a product outside the file
    const clash = await trx.selectFrom('variants').select(['code', 'base_product_code']).where('code', 'in', codes).execute();
    for (const r of clash) {
      if (r.base_product_code !== r.code && !fileProducts.has(r.base_product_code)) {
        issues.push({ path: productAt.get(r.code)!, message: `${r.code} is already a variant of product ${r.base_product_code} in the database` });
      }
    }
  }
  const variantCodes = [...variantAt.keys()];
  for (const codes of chunk(variantCodes, CODES_PER_QUERY)) {
    const rows = await trx.selectFrom('variants').select(['code', 'base_product_code']).where('code', 'in', codes).execute();
    for (const r of rows) {
      if (!fileProducts.has(r.base_product_code)) {
        issues.push({ path: variantAt.get(r.code)!, message: `variant ${r.code} already belongs to product ${r.base_product_code} in the database` });
      }
    }
    const products = await trx.selectFrom('products').select('code').where('code', 'in', codes).execute();
    for (const r of products) {
      if (!fileProducts.has(r.code)) issues.push({ path: variantAt.get(r.code)!, message: `${r.code} is already a product code in the database` });
    }
  }
  const removed = new Set(removedVariants);
  for (const codes of chunk(removedVariants, CODES_PER_QUERY)) {
    const bundles = await trx.selectFrom('bundle_items').select(['bundle_code', 'variant_code']).where('variant_code', 'in', codes).execute();
    for (const b of bundles) {
      if (!fileProducts.has(b.bundle_code)) {
        issues.push({ path: '', message: `variant ${b.variant_code} is missing from the file but bundle ${b.bundle_code} contains it; keep the variant (stock 0 stops sales)` });
      }
    }
    const carts = await trx.selectFrom('cart_entries').select('variant_code').distinct().where('variant_code', 'in', codes).execute();
    for (const c of carts) {
      issues.push({ path: '', message: `variant ${c.variant_code} is missing from the file but carts or orders refer to it; keep the variant (stock 0 stops sales)` });
    }
  }

  // bundle items defined outside the file
  const external = [
    ...new Set(file.products.flatMap((p) => (p.bundle?.items ?? []).map((it) => it.variantCode)).filter((c) => !variantAt.has(c) && !removed.has(c))),
  ];
  const variants = new Map<string, { productCode: string; productType: string; sites: string[] }>();
  for (const codes of chunk(external, CODES_PER_QUERY)) {
    const rows = await trx
      .selectFrom('variants')
      .innerJoin('products', 'products.code', 'variants.base_product_code')
      .select(['variants.code as code', 'products.code as productCode', 'products.product_type as productType'])
      .where('variants.code', 'in', codes)
      .execute();
    const owners = [...new Set(rows.map((r) => r.productCode))];
    const sites = new Map<string, string[]>();
    if (owners.length > 0) {
      for (const s of await trx.selectFrom('product_sites').select(['product_code', 'base_site']).where('product_code', 'in', owners).execute()) {
        sites.set(s.product_code, [...(sites.get(s.product_code) ?? []), s.base_site]);
      }
    }
    for (const r of rows) variants.set(r.code, { productCode: r.productCode, productType: r.productType, sites: sites.get(r.productCode) ?? [] });
  }
  const refs: ExternalRefs = { categories: dbCategories, variants };
  issues.push(...validateCatalog(file, refs));
  return { issues, existingProducts, removedVariants, categoryNames };
}

/** Delete what belongs to products that the file replaces (their rows are written again). */
async function clearReplaced(trx: Kysely<Database>, existing: string[], removedVariants: string[]): Promise<void> {
  for (const codes of chunk(existing, CODES_PER_QUERY)) {
    await trx.deleteFrom('product_sites').where('product_code', 'in', codes).execute();
    await trx.deleteFrom('product_categories').where('product_code', 'in', codes).execute();
    await trx.deleteFrom('product_features').where('product_code', 'in', codes).execute();
    await trx.deleteFrom('product_search').where('product_code', 'in', codes).execute();
    await trx.deleteFrom('bundle_items').where('bundle_code', 'in', codes).execute();
    await trx
      .deleteFrom('prices')
      .where('variant_code', 'in', (eb) => eb.selectFrom('variants').select('code').where('base_product_code', 'in', codes))
      .execute();
  }
  for (const codes of chunk(removedVariants, CODES_PER_QUERY)) {
    await trx.deleteFrom('stock').where('variant_code', 'in', codes).execute();
    await trx.deleteFrom('variants').where('code', 'in', codes).execute();
  }
}

function productRow(p: CatalogProduct, createdAt: string): Insertable<ProductTable> {
  return {
    code: p.code,
    ad_eligible: (p.adEligible ?? (p.productType === 'Coffee' && !p.bundle)) ? 1 : 0,
    product_type: p.productType,
    beverage_type: p.beverageType,
    brand: p.brand,
    brand_code: p.brandCode,
    series: p.series,
    pack_type: p.packType,
    roast: p.roast,
    sell_group_name: p.sellGroupName,
    name_en: p.name.en,
    name_fr: p.name.fr,
    summary_en: p.summary.en,
    summary_fr: p.summary.fr,
    description_en: p.description.en,
    description_fr: p.description.fr,
    slug_en: p.slug.en,
    slug_fr: p.slug.fr,
    default_variant_code: p.variants.find((v) => v.isDefault)!.code,
    is_bundle: p.productType === 'Bundle' ? 1 : 0,
    bundle_template_name: p.bundle?.templateName ?? null,
    is_virtual: p.isVirtual ? 1 : 0,
    discontinued: p.discontinued ? 1 : 0,
    image_color: p.imageColor.toLowerCase(),
    sort_order: p.sortOrder,
    created_at: createdAt,
    pod_system: p.podSystem,
    pod_systems: formatPodSystems(p.podSystems),
    model_name_en: p.modelName?.en ?? null,
    model_name_fr: p.modelName?.fr ?? null,
  };
}

const PRODUCT_UPDATE_COLUMNS = [
  'product_type',
  'beverage_type',
  'brand',
  'brand_code',
  'series',
  'pack_type',
  'roast',
  'sell_group_name',
  'name_en',
  'name_fr',
  'summary_en',
  'summary_fr',
  'description_en',
  'description_fr',
  'slug_en',
  'slug_fr',
  'default_variant_code',
  'is_bundle',
  'bundle_template_name',
  'is_virtual',
  'ad_eligible',
  'discontinued',
  'image_color',
  'sort_order',
  'pod_system',
  'pod_systems',
  'model_name_en',
  'model_name_fr',
] as const satisfies ReadonlyArray<keyof ProductTable>;

function searchRows(p: CatalogProduct, categoryNames: Map<string, { en: string; fr: string }>): Array<Insertable<ProductSearchTable>> {
  return (['en', 'fr'] as const).map((lang) => {
    const extra = [TYPE_WORDS[lang][p.productType] ?? ''];
    for (const v of p.variants) {
      if (v.variantColor) extra.push(VARIANT_COLORS[v.variantUrlSuffix]?.[lang] ?? v.variantUrlSuffix.replace(/-/g, ' '));
    }
    return {
      product_code: p.code,
      lang,
      document: searchDocument({
        name: p.name[lang],
        brand: p.brand,
        summary: p.summary[lang],
        description: p.description[lang],
        categoryNames: [...p.categories.map((c) => categoryNames.get(c)?.[lang] ?? ''), ...extra],
        roast: p.roast ? ROAST_LABEL[lang][p.roast] : null,
        beverageType: p.beverageType ? BEVERAGE_LABEL[lang][p.beverageType] : null,
        codes: [p.code, ...p.variants.filter((v) => v.code !== p.code).map((v) => v.code)],
      }),
    };
  });
}

/** The product's features, plus the derived pod-system feature (ADR 0033) last when it has one. */
function withPodFeature(p: CatalogProduct): CatalogProduct['features'] {
  const pod = podSystemFeature(p.podSystem, p.podSystems);
  return pod ? [...p.features, pod] : p.features;
}

async function writeProducts(
  trx: Kysely<Database>,
  products: CatalogProduct[],
  categoryNames: Map<string, { en: string; fr: string }>,
  createdAt: string,
): Promise<void> {
  const variants: Array<Insertable<VariantTable>> = [];
  const prices: Array<Insertable<PriceTable>> = [];
  const stock: Array<Insertable<StockTable>> = [];
  for (const p of products) {
    p.variants.forEach((v, j) => {
      variants.push({
        code: v.code,
        base_product_code: p.code,
        variant_url_suffix: v.variantUrlSuffix,
        variant_color: v.variantColor,
        count: v.count,
        box_count: v.boxCount,
        is_default: v.isDefault ? 1 : 0,
        sort_order: j,
      });
      for (const pr of v.prices) {
        prices.push({
          variant_code: v.code,
          base_site: pr.baseSite,
          currency: SITE_CURRENCY[pr.baseSite],
          price_minor: pr.price,
          discount_price_minor: pr.discountPrice,
          is_discount_price: pr.isDiscountPrice ? 1 : 0,
          sales_price_strategy: pr.salesPriceStrategy,
        });
      }
      stock.push({ variant_code: v.code, available: v.stock, low_stock_threshold: v.lowStockThreshold });
    });
  }
  const sites: Array<Insertable<ProductSiteTable>> = products.flatMap((p) => p.sites.map((s) => ({ product_code: p.code, base_site: s })));
  const cats: Array<Insertable<ProductCategoryTable>> = products.flatMap((p) => p.categories.map((c) => ({ product_code: p.code, category_code: c })));
  const features: Array<Insertable<ProductFeatureTable>> = products.flatMap((p) =>
    withPodFeature(p).map((f, k) => ({
      product_code: p.code,
      class_code: f.classCode,
      class_name_en: f.className.en,
      class_name_fr: f.className.fr,
      feature_code: f.code,
      feature_name_en: f.name.en,
      feature_name_fr: f.name.fr,
      value_en: f.value.en,
      value_fr: f.value.fr,
      sort_order: k,
    })),
  );
  const search = products.flatMap((p) => searchRows(p, categoryNames));

  await bulkWrite(trx, 'products', products.map((p) => productRow(p, createdAt)), { key: ['code'], update: PRODUCT_UPDATE_COLUMNS });
  await bulkWrite(trx, 'variants', variants, {
    key: ['code'],
    update: ['base_product_code', 'variant_url_suffix', 'variant_color', 'count', 'box_count', 'is_default', 'sort_order'],
  });
  await bulkWrite(trx, 'prices', prices, {
    key: ['variant_code', 'base_site'],
    update: ['currency', 'price_minor', 'discount_price_minor', 'is_discount_price', 'sales_price_strategy'],
  });
  await bulkWrite(trx, 'stock', stock, { key: ['variant_code'], update: ['available', 'low_stock_threshold'] });
  await bulkWrite(trx, 'product_sites', sites);
  await bulkWrite(trx, 'product_categories', cats);
  await bulkWrite(trx, 'product_features', features);
  await bulkWrite(trx, 'product_search', search);
}

/**
 * Import a catalogue (docs/catalog-format.md) into the database.
 *
 * Validates everything first — the schema, the file's own cross-references (see
 * `validateCatalog`), and references to the database (category codes and bundle item variant
 * codes that the file does not define must exist; codes must not collide with products outside
 * the file; variants dropped from a replaced product must not be used by other bundles or carts)
 * — and throws `CatalogValidationError` listing ALL problems before writing anything.
 * Then writes in ONE transaction: missing base sites, categories (upsert), and every product with
 * its variants, prices (currency from the site: usb2c/usafh USD, cab2c CAD), stock, sites,
 * categories, classification features, bundle items and one `product_search` row per language
 * (accent-folded, spec §7 search). Products already in the database with the same code are
 * replaced; other products are left alone. Bulk inserts of 200 rows per statement.
 * Returns the counts of the file's products, variants and categories.
 */
export async function importCatalog(db: Kysely<Database>, input: CatalogFileInput, opts: ImportOptions = {}): Promise<ImportSummary> {
  const parsed = CatalogFileSchema.safeParse(input);
  if (!parsed.success) {
    throw new CatalogValidationError(parsed.error.issues.map((iss) => ({ path: formatPath(iss.path), message: iss.message })));
  }
  const file = parsed.data;
  const total = file.products.length;
  const run = async (trx: Kysely<Database>): Promise<ImportSummary> => {
    const checked = await checkAgainstDatabase(trx, file);
    if (checked.issues.length > 0) throw new CatalogValidationError(checked.issues);

    await trx
      .insertInto('base_sites')
      .values(Object.values(SITE_DEFINITIONS))
      .onConflict((oc) => oc.column('uid').doNothing())
      .execute();
    const categoryRows: Array<Insertable<CategoryTable>> = file.categories.map((c) => ({
      code: c.code,
      parent_code: c.parentCode,
      name_en: c.name.en,
      name_fr: c.name.fr,
      slug_en: c.slug.en,
      slug_fr: c.slug.fr,
      sort_order: c.sortOrder,
    }));
    await bulkWrite(trx, 'categories', categoryRows, { key: ['code'], update: ['parent_code', 'name_en', 'name_fr', 'slug_en', 'slug_fr', 'sort_order'] });

    await clearReplaced(trx, [...checked.existingProducts], checked.removedVariants);

    const createdAt = new Date().toISOString();
    opts.onProgress?.(0, total);
    let done = 0;
    for (const part of chunk(file.products, PRODUCTS_PER_BATCH)) {
      await writeProducts(trx, part, checked.categoryNames, createdAt);
      done += part.length;
      opts.onProgress?.(done, total);
    }
    const bundleItems: Array<Insertable<BundleItemTable>> = file.products.flatMap((p) =>
      (p.bundle?.items ?? []).map((it, k) => ({ bundle_code: p.code, variant_code: it.variantCode, qty: it.qty, sort_order: k })),
    );
    await bulkWrite(trx, 'bundle_items', bundleItems);

    return { products: total, variants: file.products.reduce((n, p) => n + p.variants.length, 0), categories: file.categories.length };
  };
  if (db.isTransaction) return run(db);
  return db.transaction().execute((trx: Transaction<Database>) => run(trx));
}
