/**
 * Which price the storefront shows (spec §5), size labels (spec §9) and stock level status
 * (spec §3 Variant option).
 */
import type { Lang } from './sites.ts';

/** Sales price strategies of a variant price (spec §3). `null` means absent. */
export type SalesPriceStrategy = 'ALL' | 'OTP' | 'AD_PARENT_OTP';

/** The pricing fields of a variant, in minor units. */
export interface VariantPricing {
  /** list price, minor units */
  priceMinor: number;
  /** discounted price, minor units, if any */
  discountPriceMinor: number | null;
  isDiscountPrice: boolean;
  salesPriceStrategy: SalesPriceStrategy | null;
}

/** The price shown, and the struck-through list price when a lower discount price is shown. */
export interface DisplayedPrice {
  priceMinor: number;
  /** list price, only when the discount price is shown and lower than it */
  originalPriceMinor: number | null;
}

/**
 * Does the discount price apply? (spec §5): only when `isDiscountPrice` is true, a discount price
 * exists and `salesPriceStrategy` is absent, ALL or OTP — or AD_PARENT_OTP for the cart-add event.
 */
export function discountApplies(p: VariantPricing, context: 'display' | 'cartAddEvent' = 'display'): boolean {
  if (!p.isDiscountPrice || p.discountPriceMinor === null) return false;
  const s = p.salesPriceStrategy;
  if (s === null || s === 'ALL' || s === 'OTP') return true;
  return s === 'AD_PARENT_OTP' && context === 'cartAddEvent';
}

/**
 * The displayed price (spec §5): the discount price when {@link discountApplies}, else the list
 * price. `originalPriceMinor` is the list price when the discount price is shown and is lower,
 * else `null`.
 */
export function displayedPrice(p: VariantPricing, context: 'display' | 'cartAddEvent' = 'display'): DisplayedPrice {
  if (discountApplies(p, context) && p.discountPriceMinor !== null) {
    const d = p.discountPriceMinor;
    return { priceMinor: d, originalPriceMinor: d < p.priceMinor ? p.priceMinor : null };
  }
  return { priceMinor: p.priceMinor, originalPriceMinor: null };
}

/** Pack types that are sized in ounces. */
export type PackType = 'Bagged' | 'Canned';

/**
 * Size label (spec §9): "12 oz" for Bagged or Canned packs (both languages); otherwise a count,
 * "24 ct" in English and "24 unités" in French. `null` when the count is unknown. The separator
 * is a plain space.
 */
export function sizeLabel(count: number | null, packType: PackType | null, lang: Lang): string | null {
  if (count === null) return null;
  if (packType === 'Bagged' || packType === 'Canned') return `${count} oz`;
  return lang === 'fr' ? `${count} unités` : `${count} ct`;
}

/** Stock level status of a variant (spec §3). */
export type StockLevelStatus = 'inStock' | 'lowStock' | 'outOfStock';

/**
 * Stock level status: `outOfStock` when nothing is available (≤ 0), `lowStock` when the available
 * quantity is at or below `lowThreshold`, `inStock` otherwise.
 */
export function stockLevelStatus(available: number, lowThreshold: number): StockLevelStatus {
  if (available <= 0) return 'outOfStock';
  if (available <= lowThreshold) return 'lowStock';
  return 'inStock';
}
