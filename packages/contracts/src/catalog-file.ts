/**
 * The catalogue interchange format (spec §3 Product / Variant option / Price data), used by the
 * demo seeder and by `npm run catalog:import -- FILE`. Documented in docs/catalog-format.md.
 * Money is in integer minor units (cents). Localised text comes as `{ en, fr }` pairs.
 */
import { z } from 'zod';
import { POD_SYSTEMS, SALES_PRICE_STRATEGIES } from '@store/domain';

/** Base site uids (spec §1). */
export const BASE_SITES = ['usb2c', 'cab2c', 'usafh'] as const;
export const BaseSiteSchema = z.enum(BASE_SITES);
export type BaseSiteUid = z.infer<typeof BaseSiteSchema>;

/** A text in both languages. */
export const LocalizedSchema = z.object({ en: z.string().min(1), fr: z.string().min(1) });
export type Localized = z.infer<typeof LocalizedSchema>;

const code = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'letters, digits, - and _ only');
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by -');

export const CatalogCategorySchema = z.object({
  code,
  parentCode: code.nullable().default(null),
  name: LocalizedSchema,
  slug: z.object({ en: slug, fr: slug }),
  sortOrder: z.number().int().default(0),
});

export const CatalogPriceSchema = z.object({
  baseSite: BaseSiteSchema,
  /** list price, minor units */
  price: z.number().int().nonnegative(),
  /** discounted price, minor units */
  discountPrice: z.number().int().nonnegative().nullable().default(null),
  isDiscountPrice: z.boolean().default(false),
  salesPriceStrategy: z.enum(SALES_PRICE_STRATEGIES).nullable().default(null),
});

export const CatalogVariantSchema = z.object({
  code,
  variantUrlSuffix: slug,
  variantColor: z.string().nullable().default(null),
  /** pods (ct), or ounces for Bagged/Canned packs */
  count: z.number().int().positive().nullable().default(null),
  boxCount: z.number().int().positive().nullable().default(null),
  isDefault: z.boolean().default(false),
  stock: z.number().int().nonnegative(),
  lowStockThreshold: z.number().int().nonnegative().default(5),
  prices: z.array(CatalogPriceSchema).min(1),
});

export const CatalogFeatureSchema = z.object({
  classCode: code,
  className: LocalizedSchema,
  code,
  name: LocalizedSchema,
  value: LocalizedSchema,
});

export const CatalogProductSchema = z.object({
  code,
  productType: z.enum(['Coffee', 'Brewer', 'Accessory', 'Bundle', 'GiftCard']),
  beverageType: z.enum(['coffee', 'tea', 'cocoa', 'iced', 'other']).nullable().default(null),
  brand: z.string().min(1),
  brandCode: code,
  series: z.string().nullable().default(null),
  packType: z.enum(['Bagged', 'Canned']).nullable().default(null),
  roast: z.enum(['light', 'medium', 'dark', 'extra-dark']).nullable().default(null),
  sellGroupName: z.string().nullable().default(null),
  name: LocalizedSchema,
  summary: LocalizedSchema,
  description: LocalizedSchema,
  slug: z.object({ en: slug, fr: slug }),
  categories: z.array(code).min(1),
  sites: z.array(BaseSiteSchema).min(1),
  isVirtual: z.boolean().default(false),
  /** may be bought on auto-delivery (issue 10, ADR 0018); default: beverages that are not bundles */
  adEligible: z.boolean().optional(),
  discontinued: z.boolean().default(false),
  /** pod beverages only: the pod system of the pod (issue 13, ADR 0033); null for bagged/canned and non-beverages */
  podSystem: z.enum(POD_SYSTEMS).nullable().default(null),
  /** brewers only: the pod systems the brewer accepts (at least one for a brewer) */
  podSystems: z.array(z.enum(POD_SYSTEMS)).default([]),
  /** brewers only: brand-neutral model name ("Solo"), used in "Fits your Solo" */
  modelName: LocalizedSchema.nullable().default(null),
  imageColor: z.string().regex(/^#[0-9a-f]{6}$/i),
  sortOrder: z.number().int().default(0),
  variants: z.array(CatalogVariantSchema).min(1),
  features: z.array(CatalogFeatureSchema).default([]),
  /** bundles only: the template name and the variants it contains */
  bundle: z
    .object({
      templateName: z.string().min(1),
      items: z.array(z.object({ variantCode: code, qty: z.number().int().positive() })).min(1),
    })
    .nullable()
    .default(null),
});

export const CatalogFileSchema = z.object({
  version: z.literal(1),
  categories: z.array(CatalogCategorySchema),
  products: z.array(CatalogProductSchema),
});

export type CatalogCategory = z.infer<typeof CatalogCategorySchema>;
export type CatalogPrice = z.infer<typeof CatalogPriceSchema>;
export type CatalogVariant = z.infer<typeof CatalogVariantSchema>;
export type CatalogFeature = z.infer<typeof CatalogFeatureSchema>;
export type CatalogProduct = z.infer<typeof CatalogProductSchema>;
/** The parsed catalogue file. Input type (defaults optional) is `z.input<typeof CatalogFileSchema>`. */
export type CatalogFile = z.infer<typeof CatalogFileSchema>;
export type CatalogFileInput = z.input<typeof CatalogFileSchema>;
