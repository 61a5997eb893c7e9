/**
 * Auto-delivery prices (ADR 0018 "Prices"; spec §5, §9; business-defaults.md "Auto-delivery
 * rules"). Money is in integer minor units (cents) and percentages in basis points; the AD
 * discount is rounded half-up once, per unit.
 *
 * The AD unit price of a line is the lowest of
 * 1. the list price less the AD discount of the context (`adFirstOrderDiscountBps` for the order
 *    that starts the subscription, `adDiscountBps` for recurring orders), and
 * 2. the variant's discount (sale) price, when `isDiscountPrice` and its sales price strategy allows
 *    the context: absent or `ALL` always; `AD_PARENT_OTP` for the parent order; `AD_RECURRING_OTP`
 *    for recurring orders (`OTP` never: it is for one-time purchases).
 * One offer, never both: the AD discount is not applied on top of the sale price.
 */
import { mulDivRoundHalfUp, percentOfMinor } from '../money.ts';
import type { SalesPriceStrategy, VariantPricing } from '../price-display.ts';
import { displayedPrice } from '../price-display.ts';
import type { CampaignCode } from './programs.ts';
import { CAMPAIGN_BREWER_DISCOUNT_BPS, isAutoDeliveryEntryType } from './programs.ts';
import type { AutoDeliverySettings } from './settings.ts';

/**
 * Which order an AD price is for (ADR 0018 "Prices"): `adParent` the checkout order that starts
 * the subscription, `adRecurring` the orders the scheduler places.
 */
export type AdPriceContext = 'adParent' | 'adRecurring';

/** The AD price of one unit (see {@link adUnitPrice}). All amounts in minor units. */
export interface AdUnitPrice {
  /** what one unit costs on auto-delivery, minor units; 0 ≤ unitMinor ≤ listMinor */
  unitMinor: number;
  /** the list price, minor units */
  listMinor: number;
  /** listMinor − unitMinor, minor units, ≥ 0 */
  savingMinor: number;
  /** which offer gave the price: the AD discount, or the variant's sale price */
  source: 'adDiscount' | 'salePrice';
}

function requireMinor(x: number, what: string): void {
  if (!Number.isSafeInteger(x) || x < 0) throw new RangeError(`${what} must be a non-negative integer number of minor units, got ${x}`);
}

function requireBps(bps: number): void {
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) throw new RangeError(`discountBps must be an integer from 0 to 10000, got ${bps}`);
}

/**
 * Does a variant's sale price apply to an AD line in this context? Absent or `ALL`: yes;
 * `AD_PARENT_OTP`: only `adParent`; `AD_RECURRING_OTP`: only `adRecurring`; `OTP`: never.
 * (ADR 0018 "Prices". The absent strategy means "no restriction", as in the spec §5 display rule.)
 */
export function salePriceAllowedFor(strategy: SalesPriceStrategy | null, context: AdPriceContext): boolean {
  switch (strategy) {
    case null:
    case 'ALL':
      return true;
    case 'OTP':
      return false;
    case 'AD_PARENT_OTP':
      return context === 'adParent';
    case 'AD_RECURRING_OTP':
      return context === 'adRecurring';
  }
}

/**
 * The AD discount of a context from the site settings: `firstOrderDiscountBps` for `adParent`,
 * `discountBps` for `adRecurring` (ADR 0018 "Site configuration").
 * @returns basis points
 */
export function adDiscountBpsFor(context: AdPriceContext, settings: Pick<AutoDeliverySettings, 'discountBps' | 'firstOrderDiscountBps'>): number {
  return context === 'adParent' ? settings.firstOrderDiscountBps : settings.discountBps;
}

/**
 * The AD unit price of a variant (ADR 0018 "Prices", see the module comment): the lowest of the
 * list price less `discountBps` (half-up once) and the sale price when its strategy allows the
 * context. On a tie the AD discount is named the source. Never above the list price, never
 * negative, never both offers.
 * @param pricing the variant's prices, minor units
 * @param context `adParent` or `adRecurring`
 * @param discountBps the AD discount of that context, basis points 0–10000 ({@link adDiscountBpsFor})
 * @throws RangeError on prices that are not non-negative integers, or `discountBps` outside 0–10000
 */
export function adUnitPrice(pricing: VariantPricing, context: AdPriceContext, discountBps: number): AdUnitPrice {
  const listMinor = pricing.priceMinor;
  requireMinor(listMinor, 'priceMinor');
  requireBps(discountBps);
  const adMinor = listMinor - percentOfMinor(listMinor, discountBps);
  let unitMinor = adMinor;
  let source: AdUnitPrice['source'] = 'adDiscount';
  const sale = pricing.discountPriceMinor;
  if (pricing.isDiscountPrice && sale !== null && salePriceAllowedFor(pricing.salesPriceStrategy, context)) {
    requireMinor(sale, 'discountPriceMinor');
    if (sale < unitMinor) {
      unitMinor = sale;
      source = 'salePrice';
    }
  }
  return { unitMinor, listMinor, savingMinor: listMinor - unitMinor, source };
}

/** The AD price of a line (see {@link adLineSaving}). Minor units. */
export interface AdLinePrice {
  /** unitMinor × qty */
  lineMinor: number;
  /** listMinor × qty */
  listLineMinor: number;
  /** savingMinor × qty = listLineMinor − lineMinor */
  savingMinor: number;
}

/**
 * A line's AD price and saving against the list price: the unit price times the quantity (the
 * discount was rounded per unit, so the line is an exact multiple).
 * @param qty a non-negative integer
 * @throws RangeError on a non-integer or negative `qty`, or a result beyond the safe integers
 */
export function adLineSaving(unit: AdUnitPrice, qty: number): AdLinePrice {
  if (!Number.isSafeInteger(qty) || qty < 0) throw new RangeError(`qty must be a non-negative integer, got ${qty}`);
  const lineMinor = unit.unitMinor * qty;
  const listLineMinor = unit.listMinor * qty;
  if (!Number.isSafeInteger(listLineMinor)) throw new RangeError('line total beyond the safe integers');
  return { lineMinor, listLineMinor, savingMinor: listLineMinor - lineMinor };
}

/**
 * What auto-delivery saves against the price a one-time purchase would pay today (the spec §5
 * displayed price, which may be a sale price): for the PDP buy box "both prices shown and the
 * saving". Never negative (a one-time-only sale can be below the AD price: then 0).
 * @returns minor units per unit
 */
export function adSavingVsOneTime(pricing: VariantPricing, unit: AdUnitPrice): number {
  return Math.max(0, displayedPrice(pricing).priceMinor - unit.unitMinor);
}

/** A cart line as {@link firstOrderSaving} needs it. */
export interface AdCartLine {
  /** the line's entry type (`STD`, `ADC`, …); only auto-delivery types count */
  entryType: string;
  qty: number;
  pricing: VariantPricing;
  /** the product's `adEligible`; a line that is not eligible (a gift card) never gets the AD price */
  adEligible: boolean;
}

/** The first-order (parent order) AD figures of a cart. Minor units. */
export interface FirstOrderSaving {
  /** Σ over AD lines of the AD line price (context `adParent`) */
  adLinesMinor: number;
  /** Σ over AD lines of the list price × qty */
  adLinesListMinor: number;
  /** adLinesListMinor − adLinesMinor, ≥ 0 */
  savingMinor: number;
}

/**
 * The cart's first-order saving (issue 10 "the cart shows AD lines … and the first-order saving"):
 * the AD lines (auto-delivery entry types, AD-eligible products) priced in the `adParent` context
 * with `settings.firstOrderDiscountBps`, against their list prices. One-time lines and lines of
 * products that are not AD-eligible count for nothing.
 * @throws RangeError on malformed prices or quantities (see {@link adUnitPrice})
 */
export function firstOrderSaving(lines: readonly AdCartLine[], settings: Pick<AutoDeliverySettings, 'discountBps' | 'firstOrderDiscountBps'>): FirstOrderSaving {
  const bps = adDiscountBpsFor('adParent', settings);
  let adLinesMinor = 0;
  let adLinesListMinor = 0;
  for (const l of lines) {
    if (!l.adEligible || !isAutoDeliveryEntryType(l.entryType)) continue;
    const line = adLineSaving(adUnitPrice(l.pricing, 'adParent', bps), l.qty);
    adLinesMinor += line.lineMinor;
    adLinesListMinor += line.listLineMinor;
  }
  return { adLinesMinor, adLinesListMinor, savingMinor: adLinesListMinor - adLinesMinor };
}

/**
 * The campaign price of a brewer (ADR 0018 "Brewer campaigns"): its list price less the campaign's
 * brewer discount, half-up once (FREEBREWER → 0).
 * @param listMinor the brewer's list price, minor units
 * @param campaign a campaign code (its default discount, {@link CAMPAIGN_BREWER_DISCOUNT_BPS}) or
 *   the discount itself in basis points (a site's `campaigns` row)
 * @returns minor units, 0 ≤ result ≤ listMinor
 * @throws RangeError on a negative or non-integer list price, or basis points outside 0–10000
 */
export function campaignBrewerPriceMinor(listMinor: number, campaign: CampaignCode | number): number {
  requireMinor(listMinor, 'listMinor');
  const bps = typeof campaign === 'number' ? campaign : CAMPAIGN_BREWER_DISCOUNT_BPS[campaign];
  requireBps(bps);
  return listMinor - mulDivRoundHalfUp(listMinor, bps, 10_000);
}
