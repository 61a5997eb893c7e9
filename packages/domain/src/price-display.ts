/**
 * Which price the storefront shows (spec §5), size labels (spec §9) and stock level status
 * (spec §3 Variant option).
 */
import type { Lang } from './sites.ts';

/**
 * Sales price strategies of a variant price (spec §3; `AD_RECURRING_OTP` from the spec §9
 * auto-delivery product types, ADR 0018 "Prices"): which purchases the discount price is for.
 * `ALL` every purchase, `OTP` one-time purchases, `AD_PARENT_OTP` the order that starts an
 * auto-delivery (and the cart-add event), `AD_RECURRING_OTP` recurring auto-delivery orders only.
 */
export const SALES_PRICE_STRATEGIES = ['ALL', 'OTP', 'AD_PARENT_OTP', 'AD_RECURRING_OTP'] as const;
/** One of {@link SALES_PRICE_STRATEGIES}. `null` (absent) is written as `SalesPriceStrategy | null`. */
export type SalesPriceStrategy = (typeof SALES_PRICE_STRATEGIES)[number];

/** Type guard for a sales price strategy (exact, upper-case); use it to read a database value. */
export function isSalesPriceStrategy(x: unknown): x is SalesPriceStrategy {
  return typeof x === 'string' && (SALES_PRICE_STRATEGIES as readonly string[]).includes(x);
}

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
 * Does the discount price apply to a one-time purchase? (spec §5): only when `isDiscountPrice` is
 * true, a discount price exists and `salesPriceStrategy` is absent, ALL or OTP — or AD_PARENT_OTP
 * for the cart-add event. `AD_RECURRING_OTP` never applies here: that price is for recurring
 * auto-delivery orders only (ADR 0018 "Prices"; see `adUnitPrice` for auto-delivery lines).
 */
export function discountApplies(p: VariantPricing, context: 'display' | 'cartAddEvent' = 'display'): boolean {
  if (!p.isDiscountPrice || p.discountPriceMinor === null) return false;
  switch (p.salesPriceStrategy) {
    case null:
    case 'ALL':
    case 'OTP':
      return true;
    case 'AD_PARENT_OTP':
      return context === 'cartAddEvent';
    case 'AD_RECURRING_OTP':
      return false;
  }
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
 * "24 ct" in English and "24 unités" in French ("1 unité": French takes the singular for 0 and 1).
 * `null` when the count is unknown. The separator is a plain space.
 */
export function sizeLabel(count: number | null, packType: PackType | null, lang: Lang): string | null {
  if (count === null) return null;
  if (packType === 'Bagged' || packType === 'Canned') return `${count} oz`;
  if (lang === 'fr') return `${count} ${Math.abs(count) < 2 ? 'unité' : 'unités'}`;
  return `${count} ct`;
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
