/**
 * Types of the promotion engine (issue 4; spec §3 campaign flags, §6, §7 coupons, §9). Pure data:
 * every amount is integer minor units of the cart currency, percentages are basis points
 * (1 bp = 0.01 %, 10000 = 100 %).
 */
import type { Lang } from '../sites.ts';

/** Promotion kinds (contracts `PromotionKindSchema`). */
export type PromotionKind =
  | 'orderPercent'
  | 'orderFixed'
  | 'productPercent'
  | 'productFixed'
  | 'categoryPercent'
  | 'categoryFixed'
  | 'bmsm'
  | 'freeShipping'
  | 'freeGift';

/** One buy-more-save-more tier: from `minQty` eligible units, `percentBps` off them. */
export interface BmsmTier {
  minQty: number;
  percentBps: number;
}

/** A promotion rule as the engine sees it (already filtered by site, dates and groups). */
export interface PromotionRule {
  code: string;
  kind: PromotionKind;
  /** localised description shown as the promotion line */
  description: Record<Lang, string>;
  /** higher applies first */
  priority: number;
  /** an exclusive promotion never combines with another one */
  exclusive: boolean;
  /** the coupon that brought it, null when automatic */
  couponCode: string | null;
  /** percent kinds: integer basis points, 0..10000 (anything else: RangeError in the engine) */
  percentBps?: number;
  /** fixed kinds: minor units off (per unit for productFixed/categoryFixed, per order for orderFixed) */
  amountMinor?: number;
  /** product kinds: base product or variant codes the promotion targets */
  productCodes?: string[];
  /** category kinds: category codes the promotion targets */
  categoryCodes?: string[];
  /** bmsm: tiers (the highest reached applies) */
  tiers?: BmsmTier[];
  /** freeGift: the gift variant */
  giftVariantCode?: string;
  /**
   * every kind: the merchandise subtotal needed, minor units — Σ unit price × qty of the
   * non-excluded lines BEFORE any discount (issue 4 decision: thresholds then never depend on which
   * other promotions apply, so stackable promotions commute)
   */
  minSubtotalMinor?: number;
}

/** A cart line as the engine sees it. */
export interface PromotionLine {
  entryNumber: number;
  variantCode: string;
  baseProductCode: string;
  categoryCodes: string[];
  /** the unit price charged before promotions (spec §5 displayed price / price list), minor units */
  unitPriceMinor: number;
  qty: number;
  /** spec §3 isProductBMSMEligible */
  bmsmEligible: boolean;
  /** gift cards are money: never discounted, never counted toward thresholds */
  excluded: boolean;
}

/** Input of the engine. */
export interface PromotionInput {
  lines: PromotionLine[];
  promotions: PromotionRule[];
}

/** One applied promotion (a line on the cart and the order). */
export interface AppliedPromotionResult {
  code: string;
  kind: PromotionKind;
  description: Record<Lang, string>;
  couponCode: string | null;
  /** minor units taken off merchandise (0 for freeShipping and freeGift) */
  discountMinor: number;
  /** per entry share of `discountMinor` (entry-level kinds), for display */
  entryDiscounts: Array<{ entryNumber: number; amountMinor: number }>;
  freeShipping: boolean;
  giftVariantCode: string | null;
}

/** Why a promotion (usually a coupon's) gave nothing. */
export type PromotionRejection = 'notApplicable' | 'minimumNotMet' | 'excludedByExclusive';

/** One rejected promotion and why. */
export interface PromotionRejectionEntry {
  code: string;
  couponCode: string | null;
  reason: PromotionRejection;
  /** minimumNotMet on `minSubtotalMinor`: how much more merchandise (minor units) is needed */
  missingMinor?: number;
  /** minimumNotMet on a bmsm tier: how many more eligible units reach the lowest tier */
  missingQty?: number;
}

/** Output of the engine. */
export interface PromotionResult {
  /** in priority order (priority desc, then code) */
  applied: AppliedPromotionResult[];
  /** in priority order (priority desc, then code) */
  rejected: PromotionRejectionEntry[];
  /** Σ discountMinor, ≤ Σ non-excluded line totals */
  discountMinor: number;
  freeShipping: boolean;
  /** gift variant codes of the applied freeGift promotions, no duplicates */
  gifts: string[];
  /** Σ unit price × qty of the non-excluded lines, before discounts (the threshold basis) */
  merchandiseMinor: number;
}
