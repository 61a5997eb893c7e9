/**
 * Pod-id codes, starter-kit landing slugs and the quick shop (issue 13; spec §2, §5, §9; ADR 0035).
 * Pure rules, no I/O.
 */

import { PRODUCT_PAGE_SIZE, QUICK_SHOP_CATEGORIES } from './cart-rules.ts';
import { isRegularVariantCode } from './redirects.ts';

/** The first path segment that marks a pod-id product URL (spec §2, §9 "default pod-quiz id key pod-id"). */
export const POD_ID_MARKER = 'pod-id';

/** Longest pod-id code accepted (longer is a 400). */
export const POD_ID_CODE_MAX = 64;

/**
 * Normalises a pod-id code from a URL: trimmed, upper case (URLs may be written in lower case).
 * Null when it is not a code: empty, longer than {@link POD_ID_CODE_MAX}, or other than letters
 * and digits in dash-separated groups (spec §7 `GET /products/pod-id/{code}` answers 400 then).
 */
export function normalizePodIdCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  if (code.length === 0 || code.length > POD_ID_CODE_MAX) return null;
  return /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/.test(code) ? code : null;
}

/** What the pod-id choice needs of a product: its code and variants (the default one flagged). */
export interface PodIdProduct {
  code: string;
  variants: ReadonlyArray<{ code: string; isDefault: boolean }>;
}

/**
 * The variant a pod-id code selects (spec §2 "a pod-id variant is selected", ADR 0035):
 * - a variant code selects that variant;
 * - a base product code selects the default variant (the first variant when none is flagged),
 *   unless the code is a regular variant code by the spec §5 rule (then it must name a variant);
 * - otherwise null (the code is not this product's: 404).
 */
export function choosePodIdVariant(product: PodIdProduct, code: string): string | null {
  const exact = product.variants.find((v) => v.code === code);
  if (exact) return exact.code;
  if (product.code !== code || isRegularVariantCode(code)) return null;
  return (product.variants.find((v) => v.isDefault) ?? product.variants[0])?.code ?? null;
}

/**
 * The pod-id code of a storefront path (`/pod-id/{code}`, `/fr/pod-id/{code}`, or with a slug
 * before the code: `/pod-id/{slug}/{code}`): the last segment, or null when the first segment
 * (after `/fr`) is not the pod-id marker.
 */
export function podIdCodeOfPath(pathname: string): string | null {
  const parts = pathname.split('/').filter(Boolean);
  const rest = parts[0] === 'fr' ? parts.slice(1) : parts;
  if (rest[0] !== POD_ID_MARKER || rest.length < 2) return null;
  return rest[rest.length - 1] ?? null;
}

/** Longest landing slug accepted. */
export const LANDING_SLUG_MAX = 120;

/** French prefix of a starter-kit slug (spec §2 trousse-de-demarrage-{product}, Canadian brand). */
export const FRENCH_KIT_PREFIX = 'trousse-de-demarrage-';

/**
 * Is one path segment a starter-kit landing slug (spec §2: brewer-starter-kit,
 * {product}-starter-kit, small-business-bundle, trousse-de-demarrage-{product})? Lower-case
 * letters, digits and dashes only, at most {@link LANDING_SLUG_MAX} characters.
 */
export function isLandingSlug(slug: string): boolean {
  if (slug.length === 0 || slug.length > LANDING_SLUG_MAX || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return false;
  return (
    slug === 'small-business-bundle' ||
    (slug.endsWith('-starter-kit') && slug.length > '-starter-kit'.length) ||
    (slug.startsWith(FRENCH_KIT_PREFIX) && slug.length > FRENCH_KIT_PREFIX.length)
  );
}

/** What the seeder knows of a starter kit to list its landing slugs. */
export interface StarterKitKeys {
  /** the kit's own slugs, e.g. en `duo-plus-starter-kit`, fr `trousse-de-demarrage-duo-plus` */
  kitSlug: { en: string; fr: string };
  /** the brewer in the kit, if any: its base code and slugs */
  brewer: { code: string; slug: { en: string; fr: string } } | null;
  /** the site's main kit: also answers `brewer-starter-kit` */
  isDefault: boolean;
  /** the commercial kit: also answers `small-business-bundle` */
  isSmallBusiness: boolean;
}

/** A lower-case code without its brand group (`bh-duo-plus` → `duo-plus`), or null when there is none. */
function withoutBrand(slug: string): string | null {
  const i = slug.indexOf('-');
  return i > 0 ? slug.slice(i + 1) : null;
}

/**
 * The landing slugs of a kit per language (spec §2; ADR 0035 "{product}-starter-kit"): the kit's
 * own slug; `{product}-starter-kit` for each name of its brewer (base code in lower case, the
 * same without its brand group: `bh-solo` and `solo`, and its English and French slugs); `brewer-starter-kit` for the default kit and
 * `small-business-bundle` for the commercial kit; the product part of the kit's French slug is
 * one more name; in French also
 * `trousse-de-demarrage-{product}` for the same names. French pages answer the English slugs too.
 * Every slug passes {@link isLandingSlug}; sorted, no duplicates.
 */
export function starterKitSlugs(kit: StarterKitKeys): { en: string[]; fr: string[] } {
  const names = new Set<string>();
  if (kit.brewer) {
    const code = kit.brewer.code.toLowerCase();
    names.add(code);
    const short = withoutBrand(code);
    if (short) names.add(short);
    names.add(kit.brewer.slug.en);
    names.add(kit.brewer.slug.fr);
  }
  // the kit's French slug names a product too (trousse-de-demarrage-cafetiere-solo → cafetiere-solo),
  // so that every French slug has its English twin (englishLandingSlug, the language switch)
  if (kit.kitSlug.fr.startsWith(FRENCH_KIT_PREFIX)) names.add(kit.kitSlug.fr.slice(FRENCH_KIT_PREFIX.length));
  const en = new Set<string>([kit.kitSlug.en]);
  const fr = new Set<string>([kit.kitSlug.fr]);
  for (const n of names) {
    en.add(`${n}-starter-kit`);
    fr.add(`${FRENCH_KIT_PREFIX}${n}`);
  }
  if (kit.isDefault) en.add('brewer-starter-kit');
  if (kit.isSmallBusiness) en.add('small-business-bundle');
  for (const s of en) fr.add(s);
  const clean = (s: Set<string>) => [...s].filter(isLandingSlug).sort();
  return { en: clean(en), fr: clean(fr) };
}

/**
 * The English twin of a French landing slug, for the language switch:
 * `trousse-de-demarrage-{product}` → `{product}-starter-kit`; other slugs are the same in both
 * languages. Every French slug listed by {@link starterKitSlugs} has its twin in the English list.
 */
export function englishLandingSlug(slug: string): string {
  return slug.startsWith(FRENCH_KIT_PREFIX) && slug.length > FRENCH_KIT_PREFIX.length ? `${slug.slice(FRENCH_KIT_PREFIX.length)}-starter-kit` : slug;
}

/** Quick shop sections (spec §9 "Quick Shop category ids"), in display order. */
export const QUICK_SHOP_TABS = [QUICK_SHOP_CATEGORIES.beverages, QUICK_SHOP_CATEGORIES.brewers, QUICK_SHOP_CATEGORIES.accessories] as const;
export type QuickShopCategory = (typeof QUICK_SHOP_TABS)[number];

/** Product picker page size (spec §9 "Product select page size 36"). */
export const QUICK_SHOP_PAGE_SIZE = PRODUCT_PAGE_SIZE;

/** The quick shop section of a `?tab=` value (the first section when absent or unknown). */
export function quickShopCategoryOf(tab: string | null): QuickShopCategory {
  return QUICK_SHOP_TABS.find((c) => c === tab) ?? QUICK_SHOP_TABS[0];
}

/** The 0-based page of a 1-based `?page=` value (0 when absent or not a positive whole number up to 1000). */
export function quickShopPageOf(raw: string | null): number {
  if (raw === null || !/^[0-9]{1,4}$/.test(raw)) return 0;
  const n = Number(raw);
  return n >= 1 && n <= 1000 ? n - 1 : 0;
}
