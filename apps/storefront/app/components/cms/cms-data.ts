/**
 * Shapes of the CMS components the storefront renders (packages/db/src/seed/content.ts), checked
 * with zod so a malformed component is skipped instead of breaking the page. Checked on the
 * server (loaders); client components import only the types from here, so zod stays out of the
 * browser bundle (ADR 0011).
 */
import { z } from 'zod';
import type { CmsComponent } from '@store/contracts';

export const BannerSchema = z.object({
  uid: z.string(),
  typeCode: z.enum(['HeroBannerComponent', 'BannerComponent']),
  headline: z.string(),
  text: z.string().default(''),
  ctaLabel: z.string().nullish(),
  ctaUrl: z.string().nullish(),
  imageProductCode: z.string().nullish(),
  background: z.string().regex(/^#[0-9a-fA-F]{6}$/).nullish(),
  foreground: z.string().regex(/^#[0-9a-fA-F]{6}$/).nullish(),
});
export type BannerData = z.infer<typeof BannerSchema>;

export const CategoryTilesSchema = z.object({
  uid: z.string(),
  typeCode: z.literal('CategoryTilesComponent'),
  title: z.string().default(''),
  tiles: z.array(z.object({ label: z.string(), url: z.string(), categoryCode: z.string().nullish(), imageProductCode: z.string().nullish() })),
});
export type CategoryTilesData = z.infer<typeof CategoryTilesSchema>;

export const ProductCarouselSchema = z.object({
  uid: z.string(),
  typeCode: z.literal('ProductCarouselComponent'),
  title: z.string().default(''),
  productCodes: z.array(z.string()),
});
export type ProductCarouselData = z.infer<typeof ProductCarouselSchema>;

export const ParagraphSchema = z.object({
  uid: z.string(),
  typeCode: z.literal('ParagraphComponent'),
  title: z.string().default(''),
  paragraphs: z.array(z.string()),
});
export type ParagraphData = z.infer<typeof ParagraphSchema>;

/** A component the storefront knows how to render. */
export type KnownComponent = BannerData | CategoryTilesData | ProductCarouselData | ParagraphData;

/** The typed component, or null for an unknown type or malformed data. */
export function parseComponent(c: CmsComponent): KnownComponent | null {
  const schema =
    c.typeCode === 'HeroBannerComponent' || c.typeCode === 'BannerComponent'
      ? BannerSchema
      : c.typeCode === 'CategoryTilesComponent'
        ? CategoryTilesSchema
        : c.typeCode === 'ProductCarouselComponent'
          ? ProductCarouselSchema
          : c.typeCode === 'ParagraphComponent'
            ? ParagraphSchema
            : null;
  if (!schema) return null;
  const r = schema.safeParse(c);
  return r.success ? r.data : null;
}

export { mediaUrl } from './media.ts';
