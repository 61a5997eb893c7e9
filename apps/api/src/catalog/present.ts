/**
 * Catalogue records (minor units, both-language fields) → API bodies of @store/contracts
 * (spec §3 Product, Variant option, Price data). Money becomes price data per the site and
 * language locale (en-US, en-CA, fr-CA); URLs are storefront paths in the request language.
 */
import {
  amountAwayFromFreeShipping,
  bundlePath,
  categoryPath,
  displayedPrice,
  localeFor,
  productPath,
  QUICK_SHOP_CATEGORIES,
  SITES,
  siteSupportsLang,
  sizeLabel,
  stockLevelStatus,
  toPriceData,
  adSavingVsOneTime,
  adUnitPrice,
  isSalesPriceStrategy,
  type AutoDeliverySettings,
  type BaseSiteId,
  type CurrencyIso,
  type Lang,
} from '@store/domain';
import type {
  BundleTemplateData,
  CategoryAnswer,
  CategoryRef,
  Classification,
  Facet,
  Image,
  PriceData,
  ProductBasic,
  ProductCard,
  ProductFull,
  Stock,
  VariantAutoDeliveryFields,
  VariantOption,
} from '@store/contracts';
import {
  categoryPathOf,
  categorySubtree,
  facetQueryOf,
  type CategoryRecord,
  type FacetFilters,
  type FacetResult,
  type PriceRecord,
  type ProductCardRecord,
  type ProductRecord,
  type StockRecord,
  type VariantRecord,
} from '@store/db';

/** Site and language of one answer. */
export interface PresentContext {
  site: BaseSiteId;
  lang: Lang;
  /** issue 10: the site's auto-delivery settings; absent → no AD prices in the answer */
  ad?: AutoDeliverySettings;
}

function currencyOf(ctx: PresentContext): CurrencyIso {
  return SITES[ctx.site].currency;
}

/** Minor units → price data in the context's currency and locale. */
export function price(ctx: PresentContext, minor: number): PriceData {
  return toPriceData(minor, currencyOf(ctx), localeFor(ctx.site, ctx.lang));
}

function stockOf(stock: StockRecord): Stock {
  return { stockLevelStatus: stockLevelStatus(stock.available, stock.lowStockThreshold), stockLevel: Math.max(0, stock.available) };
}

/** `/medias/<code>.svg` image of a variant (or product) code. */
export function imageOf(code: string, altText: string): Image {
  return { url: `/medias/${encodeURIComponent(code)}.svg`, altText, format: 'product', imageType: 'PRIMARY' };
}

/** The canonical storefront path of a product in a language. */
export function productUrl(p: { code: string; isBundle: boolean; slug: string }, lang: Lang): string {
  return p.isBundle ? bundlePath(p.code, lang) : productPath(p.slug, p.code, lang);
}

function productTypeOf(value: string): ProductCard['productType'] {
  return value === 'Coffee' || value === 'Brewer' || value === 'Accessory' || value === 'Bundle' || value === 'GiftCard' ? value : 'Accessory';
}

const ZERO_PRICE: PriceRecord = { currency: 'USD', priceMinor: 0, discountPriceMinor: null, isDiscountPrice: false, salesPriceStrategy: null };

function defaultVariantOf(p: ProductCardRecord): VariantRecord | undefined {
  return p.variants.find((v) => v.code === p.defaultVariantCode) ?? p.variants.find((v) => v.isDefault) ?? p.variants[0];
}

function priceFields(ctx: PresentContext, pr: PriceRecord) {
  return {
    priceData: price(ctx, pr.priceMinor),
    discountPriceData: pr.discountPriceMinor === null ? null : price(ctx, pr.discountPriceMinor),
    isDiscountPrice: pr.isDiscountPrice,
    salesPriceStrategy: pr.salesPriceStrategy,
  };
}

/**
 * Price strategies of a variant (issue 4, spec §3), minor units: `promotedMinor` one unit after the
 * site's automatic product promotions, `personalizedMinor` the signed-in customer's price-list
 * price when lower; null = none. Computed by flows/promotions.ts `catalogPriceStrategies`.
 */
export type PriceStrategies = ReadonlyMap<string, { promotedMinor: number | null; personalizedMinor: number | null }>;

/**
 * A variant option (spec §3 Variant option); `strategies` fills promoted/personalised prices;
 * `frequentlyBoughtTogether` (issue 13, ADR 0032) the base product codes bought with the product
 * (empty unless the caller read them).
 */
export function presentVariant(ctx: PresentContext, p: ProductCardRecord, v: VariantRecord, strategies?: PriceStrategies, frequentlyBoughtTogether: readonly string[] = []): VariantOption {
  const st = strategies?.get(v.code);
  const pr = v.price ?? ZERO_PRICE;
  const url = productUrl(p, ctx.lang);
  return {
    code: v.code,
    name: p.name,
    defaultVariant: v.code === p.defaultVariantCode,
    variantUrlSuffix: v.variantUrlSuffix,
    variantColor: v.variantColor,
    variantIdForImage: v.code,
    count: v.count,
    sizeLabel: sizeLabel(v.count, p.packType, ctx.lang),
    boxCount: v.boxCount,
    stock: stockOf(v.stock),
    product: { productType: productTypeOf(p.productType), url: `${url}#${v.variantUrlSuffix}`, baseProduct: p.code },
    images: [imageOf(v.code, p.name)],
    ...priceFields(ctx, pr),
    originalPriceData: price(ctx, pr.priceMinor),
    promotedPriceData: st?.promotedMinor == null ? null : price(ctx, st.promotedMinor),
    personalizedPriceData: st?.personalizedMinor == null ? null : price(ctx, st.personalizedMinor),
    // no campaign prices are stored yet (spec §9 campaign codes have no price data)
    campaignPriceData: null,
    ...adPriceFields(ctx, p, pr),
    entryType: 'STD',
    frequentlyBoughtTogether: [...frequentlyBoughtTogether],
  };
}

/** A product card (lists, search, carousels). */
export function presentCard(ctx: PresentContext, p: ProductCardRecord): ProductCard {
  const dv = defaultVariantOf(p);
  const pr = dv?.price ?? ZERO_PRICE;
  const colors = [...new Set(p.variants.map((v) => v.variantColor).filter((c): c is string => c !== null))];
  // one source for the flag and the price: the AD fields of the default variant (ctx.ad loaded)
  const ad = adPriceFields(ctx, p, dv?.price ?? null);
  return {
    code: p.code,
    name: p.name,
    url: productUrl(p, ctx.lang),
    adEligible: ad.adEligible,
    adRecurringPriceData: ad.adRecurringPriceData,
    brand: p.brand,
    brandCode: p.brandCode,
    productType: productTypeOf(p.productType),
    isBundle: p.isBundle,
    packType: p.packType,
    roast: p.roast,
    beverageType: p.beverageType,
    summary: p.summary,
    images: [imageOf(dv?.code ?? p.code, p.name)],
    defaultVariantCode: dv?.code ?? p.defaultVariantCode,
    count: dv?.count ?? null,
    sizeLabel: sizeLabel(dv?.count ?? null, p.packType, ctx.lang),
    variantCount: p.variants.length,
    variantColors: colors,
    variants: p.variants.map((v) => ({
      code: v.code,
      variantUrlSuffix: v.variantUrlSuffix,
      variantColor: v.variantColor,
      count: v.count,
      sizeLabel: sizeLabel(v.count, p.packType, ctx.lang),
      ...priceFields(ctx, v.price ?? ZERO_PRICE),
      stockLevelStatus: stockOf(v.stock).stockLevelStatus,
    })),
    ...priceFields(ctx, pr),
    stock: stockOf(dv?.stock ?? { available: 0, lowStockThreshold: 0 }),
  };
}

/** A category reference in the request language. */
export function categoryRef(lang: Lang, c: CategoryRecord): CategoryRef {
  return { code: c.code, name: c.name[lang], url: categoryPath(c.slug[lang], c.code, lang) };
}

/**
 * GET /categories/{code} body. `sellable`: the categories holding products of the site
 * (`listSiteCategoryCodes`); a subcategory is listed only when it or one of its descendants
 * holds one, so a site never offers an empty listing (cab2c sells no commercial brewer).
 */
export function presentCategory(
  ctx: PresentContext,
  categories: readonly CategoryRecord[],
  c: CategoryRecord,
  sellable: ReadonlySet<string>,
): CategoryAnswer {
  const path = categoryPathOf(categories, c.code);
  const parent = path.length > 1 ? path[path.length - 2]! : null;
  return {
    ...categoryRef(ctx.lang, c),
    parent: parent ? categoryRef(ctx.lang, parent) : null,
    path: path.map((x) => categoryRef(ctx.lang, x)),
    subcategories: categories
      .filter((x) => x.parentCode === c.code && categorySubtree(categories, x.code).some((code) => sellable.has(code)))
      .map((x) => categoryRef(ctx.lang, x)),
    alternateUrls: {
      en: categoryPath(c.slug.en, c.code, 'en'),
      fr: siteSupportsLang(ctx.site, 'fr') ? categoryPath(c.slug.fr, c.code, 'fr') : null,
    },
  };
}

function rootsOf(categories: readonly CategoryRecord[], codes: readonly string[]): Set<string> {
  const roots = new Set<string>();
  for (const code of codes) for (const c of categoryPathOf(categories, code)) roots.add(c.code);
  return roots;
}

/** Bundle template data (spec §3) of a bundle record. */
export function presentBundle(ctx: PresentContext, p: ProductRecord): BundleTemplateData {
  const own = defaultVariantOf(p);
  const items = p.bundleItems.map((item) => {
    const listMinor = item.variant.price?.priceMinor ?? 0;
    const card = { code: item.product.code, isBundle: false, slug: item.product.slug };
    return {
      productData: {
        code: item.variant.code,
        baseProduct: item.product.code,
        name: item.product.name,
        url: `${productUrl(card, ctx.lang)}#${item.variant.variantUrlSuffix}`,
        productType: productTypeOf(item.product.productType),
        count: item.variant.count,
        sizeLabel: sizeLabel(item.variant.count, item.product.packType, ctx.lang),
        variantColor: item.variant.variantColor,
        images: [imageOf(item.variant.code, item.product.name)],
        priceData: price(ctx, listMinor),
      },
      qty: item.qty,
      bundleInStock: item.variant.stock.available >= item.qty,
      productBundlePrice: price(ctx, listMinor * item.qty),
    };
  });
  const ownStock = own ? own.stock.available > 0 : false;
  return {
    name: p.bundleTemplateName ?? p.name,
    masterTemplateData: { bundleProductsData: items },
    bundlePrice: price(ctx, own?.price ? displayedPrice(own.price).priceMinor : 0),
    itemsTotalPrice: price(
      ctx,
      p.bundleItems.reduce((sum, i) => sum + (i.variant.price?.priceMinor ?? 0) * i.qty, 0),
    ),
    bundleInStock: ownStock && items.every((i) => i.bundleInStock),
  };
}

/** Classifications (spec §3: name; features with code, name, featureValues), grouped by class. */
export function presentClassifications(p: ProductRecord): Classification[] {
  const classes = new Map<string, Classification>();
  for (const f of p.features) {
    let c = classes.get(f.classCode);
    if (!c) {
      c = { code: f.classCode, name: f.className, features: [] };
      classes.set(f.classCode, c);
    }
    const feature = c.features.find((x) => x.code === f.featureCode);
    if (feature) feature.featureValues.push({ value: f.value });
    else c.features.push({ code: f.featureCode, name: f.featureName, featureValues: [{ value: f.value }] });
  }
  return [...classes.values()];
}

/** Auto-delivery fields of a variant that cannot be bought on auto-delivery (issue 10). */
const NO_AD_PRICES = { adEligible: false, adPriceData: null, adRecurringPriceData: null, adSavingData: null } as const;

/**
 * The auto-delivery prices of a variant (issue 10; ADR 0018 "Prices"): the parent-order price
 * (`adFirstOrderDiscountBps` or an allowed sale price, the lower), the recurring price
 * (`adDiscountBps`), and the first-order saving per unit against the one-time displayed price.
 * Not AD-eligible, a gift card, AD off on the site or no settings in the context → all null.
 */
export function adPriceFields(ctx: PresentContext, p: Pick<ProductCardRecord, 'adEligible' | 'productType'>, pr: PriceRecord | null): VariantAutoDeliveryFields {
  if (!ctx.ad?.enabled || !p.adEligible || p.productType === 'GiftCard' || !pr) return NO_AD_PRICES;
  const pricing = { priceMinor: pr.priceMinor, discountPriceMinor: pr.discountPriceMinor, isDiscountPrice: pr.isDiscountPrice, salesPriceStrategy: isSalesPriceStrategy(pr.salesPriceStrategy) ? pr.salesPriceStrategy : null };
  const parent = adUnitPrice(pricing, 'adParent', ctx.ad.firstOrderDiscountBps);
  const recurring = adUnitPrice(pricing, 'adRecurring', ctx.ad.discountBps);
  return {
    adEligible: true,
    adPriceData: price(ctx, parent.unitMinor),
    adRecurringPriceData: price(ctx, recurring.unitMinor),
    adSavingData: price(ctx, adSavingVsOneTime(pricing, parent)),
  };
}

/** Fields of both BASIC and FULL product answers. */
export function presentBasic(ctx: PresentContext, p: ProductCardRecord): ProductBasic {
  const card = presentCard(ctx, p);
  return {
    code: p.code,
    name: p.name,
    url: card.url,
    brand: p.brand,
    brandCode: p.brandCode,
    baseProduct: p.code,
    productType: card.productType,
    isBundle: p.isBundle,
    discontinued: p.discontinued,
    defaultVariantCode: card.defaultVariantCode,
    images: card.images,
    summary: p.summary,
    priceData: card.priceData,
    discountPriceData: card.discountPriceData,
    isDiscountPrice: card.isDiscountPrice,
    salesPriceStrategy: card.salesPriceStrategy,
    stock: card.stock,
    ...adPriceFields(ctx, p, (defaultVariantOf(p) ?? p.variants[0])?.price ?? null),
  };
}

/**
 * GET /products/{code}?fields=FULL body. `freeShippingMinimumMinor` is the site's free-shipping
 * minimum; `amountAwayFromFreeShipping` is it minus the default variant's displayed price (≥ 0).
 */
export function presentFull(
  ctx: PresentContext,
  p: ProductRecord,
  requestedVariant: string | null,
  categories: readonly CategoryRecord[],
  freeShippingMinimumMinor: number,
  strategies?: PriceStrategies,
  frequentlyBoughtTogether: readonly string[] = [],
): ProductFull {
  const basic = presentBasic(ctx, p);
  const dv = defaultVariantOf(p);
  const byCode = new Map(categories.map((c) => [c.code, c]));
  const productCategories = p.categoryCodes.map((c) => byCode.get(c)).filter((c): c is CategoryRecord => c !== undefined);
  const roots = rootsOf(categories, p.categoryCodes);
  const selected = requestedVariant ? p.variants.find((v) => v.code === requestedVariant) : undefined;
  const shownMinor = dv?.price ? displayedPrice(dv.price).priceMinor : 0;
  return {
    ...basic,
    fields: 'FULL',
    series: p.series,
    count: dv?.count ?? null,
    boxCount: dv?.boxCount ?? null,
    packType: p.packType,
    roast: p.roast,
    beverageType: p.beverageType,
    categories: productCategories.map((c) => categoryRef(ctx.lang, c)),
    classifications: presentClassifications(p),
    bundleTemplateData: p.isBundle ? presentBundle(ctx, p) : null,
    isBeveragesCategory: roots.has(QUICK_SHOP_CATEGORIES.beverages) || p.productType === 'Coffee',
    isBrewersCategory: roots.has(QUICK_SHOP_CATEGORIES.brewers) || p.productType === 'Brewer',
    isAccessoriesCategory: roots.has(QUICK_SHOP_CATEGORIES.accessories) || p.productType === 'Accessory' || p.productType === 'GiftCard',
    isVirtual: p.isVirtual,
    sellGroupName: p.sellGroupName,
    description: p.description,
    amountAwayFromFreeShipping: price(
      ctx,
      amountAwayFromFreeShipping(shownMinor, { freeShippingMinimumMinor, standardMinor: 0, expeditedMinor: 0 }),
    ),
    variantOptions: p.variants.map((v) => presentVariant(ctx, p, v, strategies, frequentlyBoughtTogether)),
    baseOptions: { selected: selected ? { code: selected.code, variantUrlSuffix: selected.variantUrlSuffix } : null },
    alternateUrls: {
      en: productUrl({ ...p, slug: p.slugs.en }, 'en'),
      fr: siteSupportsLang(ctx.site, 'fr') ? productUrl({ ...p, slug: p.slugs.fr }, 'fr') : null,
    },
  };
}

const FACET_NAMES: Record<FacetResult['code'], { en: string; fr: string }> = {
  beverageType: { en: 'Beverage type', fr: 'Type de boisson' },
  roast: { en: 'Roast', fr: 'Torréfaction' },
  brand: { en: 'Brand', fr: 'Marque' },
  count: { en: 'Size', fr: 'Format' },
  packType: { en: 'Format', fr: 'Emballage' },
  price: { en: 'Price', fr: 'Prix' },
};

const VALUE_NAMES: Record<string, { en: string; fr: string }> = {
  'beverageType:coffee': { en: 'Coffee', fr: 'Café' },
  'beverageType:tea': { en: 'Tea', fr: 'Thé' },
  'beverageType:cocoa': { en: 'Hot cocoa', fr: 'Chocolat chaud' },
  'beverageType:iced': { en: 'Iced beverages', fr: 'Boissons glacées' },
  'beverageType:other': { en: 'Other beverages', fr: 'Autres boissons' },
  'roast:light': { en: 'Light roast', fr: 'Torréfaction légère' },
  'roast:medium': { en: 'Medium roast', fr: 'Torréfaction moyenne' },
  'roast:dark': { en: 'Dark roast', fr: 'Torréfaction foncée' },
  'roast:extra-dark': { en: 'Extra dark roast', fr: 'Torréfaction extra-foncée' },
  'packType:Pods': { en: 'Pods', fr: 'Capsules' },
  'packType:Bagged': { en: 'Bagged', fr: 'En sac' },
  'packType:Canned': { en: 'Canned', fr: 'En boîte' },
};

function priceBucketName(ctx: PresentContext, b: { fromMinor: number; toMinor: number | null }): string {
  if (b.fromMinor === 0 && b.toMinor !== null) return ctx.lang === 'fr' ? `Moins de ${price(ctx, b.toMinor).formattedValue}` : `Under ${price(ctx, b.toMinor).formattedValue}`;
  if (b.toMinor === null) return ctx.lang === 'fr' ? `${price(ctx, b.fromMinor).formattedValue} et plus` : `${price(ctx, b.fromMinor).formattedValue} and up`;
  return `${price(ctx, b.fromMinor).formattedValue} – ${price(ctx, b.toMinor - 1).formattedValue}`;
}

function toggle(filters: FacetFilters, facet: FacetResult['code'], value: string): string {
  const current = filters[facet] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return facetQueryOf({ ...filters, [facet]: next });
}

/** Facets with localised names, and breadcrumbs of the selected values. */
export function presentFacets(ctx: PresentContext, facets: FacetResult[], filters: FacetFilters) {
  const presented: Facet[] = facets.map((f) => ({
    code: f.code,
    name: FACET_NAMES[f.code][ctx.lang],
    multiSelect: true,
    values: f.values.map((v) => ({
      code: v.code,
      name:
        f.code === 'brand'
          ? (v.label ?? v.code)
          : f.code === 'count' && v.countValue
            ? (sizeLabel(v.countValue.count, v.countValue.unit === 'oz' ? 'Bagged' : null, ctx.lang) ?? v.code)
            : f.code === 'price' && v.priceBucket
              ? priceBucketName(ctx, v.priceBucket)
              : (VALUE_NAMES[`${f.code}:${v.code}`]?.[ctx.lang] ?? v.code),
      count: v.count,
      selected: v.selected,
      query: toggle(filters, f.code, v.code),
    })),
  }));
  const breadcrumbs = presented.flatMap((f) =>
    f.values
      .filter((v) => v.selected)
      .map((v) => ({ facetCode: f.code, facetName: f.name, facetValueCode: v.code, facetValueName: v.name, removeQuery: v.query })),
  );
  return { facets: presented, breadcrumbs };
}

/** Pagination block (0-based pages). */
export function pagination(page: number, pageSize: number, totalResults: number, sort: string) {
  return { currentPage: page, pageSize, totalPages: Math.ceil(totalResults / pageSize), totalResults, sort };
}
