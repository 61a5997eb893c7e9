/**
 * Points earned by an order (issue 12; ADR 0028; business-defaults.md "Loyalty points are earned on
 * all beverages in every AD order").
 *
 * Only beverage lines earn. Each line earns on what the shopper pays for it: its total less its
 * share of the order's discounts (spread over all lines in proportion to their totals, largest
 * remainder), at {@link LoyaltySettings.pointsPerUnit} per whole currency unit, or
 * {@link LoyaltySettings.adPointsPerUnit} on auto-delivery lines, plus the member's tier bonus;
 * rounded down per line.
 */
import { allocateProportionally, MINOR_PER_MAJOR } from '../money.ts';
import type { LoyaltySettings, LoyaltyTier } from './settings.ts';

/** One order line as the earning rule sees it. */
export interface EarningLine {
  /** the order entry number */
  entryNumber: number;
  /** line total before order-level discounts, minor units, ≥ 0 */
  totalMinor: number;
  /** is the product a beverage (coffee, tea, cocoa, iced...)? */
  beverage: boolean;
  /** bought on auto-delivery (a subscription line or a recurring order)? */
  autoDelivery: boolean;
}

/** Points of one line. */
export interface LinePoints {
  entryNumber: number;
  points: number;
}

/**
 * Points of each earning line of an order (lines that earn nothing are left out).
 * @param orderDiscountMinor order-level discounts (promotions, coupons), minor units, ≥ 0
 * @param tier the member's tier now (its `earnBonusBps` is added)
 */
export function pointsForOrder(lines: readonly EarningLine[], orderDiscountMinor: number, settings: Pick<LoyaltySettings, 'pointsPerUnit' | 'adPointsPerUnit'>, tier: Pick<LoyaltyTier, 'earnBonusBps'>): LinePoints[] {
  if (lines.length === 0) return [];
  const totals = lines.map((l) => Math.max(0, l.totalMinor));
  const sum = totals.reduce((a, b) => a + b, 0);
  const discount = Math.min(Math.max(0, orderDiscountMinor), sum);
  const shares = sum > 0 ? allocateProportionally(discount, totals) : totals.map(() => 0);
  const out: LinePoints[] = [];
  lines.forEach((line, i) => {
    if (!line.beverage) return;
    const paid = Math.max(0, totals[i]! - shares[i]!);
    const rate = line.autoDelivery ? settings.adPointsPerUnit : settings.pointsPerUnit;
    const base = paid * rate;
    const points = Math.floor((base * (10_000 + tier.earnBonusBps)) / (10_000 * MINOR_PER_MAJOR));
    if (points > 0) out.push({ entryNumber: line.entryNumber, points });
  });
  return out;
}

/**
 * Points to move from pending to available for one shipped line: shipping `shippedQty` more units
 * of a line of `lineQty` units that earned `linePoints`, of which `alreadyMoved` moved before.
 * Proportional, rounded down; the last units (or `complete`) move whatever is left.
 */
export function pointsToMoveOnShipment(linePoints: number, lineQty: number, shippedBefore: number, shippedQty: number, alreadyMoved: number, complete: boolean): number {
  const after = shippedBefore + shippedQty;
  if (complete || lineQty <= 0 || after >= lineQty) return Math.max(0, linePoints - alreadyMoved);
  const target = Math.floor((linePoints * after) / lineQty);
  return Math.max(0, Math.min(linePoints, target) - alreadyMoved);
}

/** Does a product earn points? Beverages: product type `Coffee` (pods, bags) or any product with a beverage kind. */
export function isBeverageProduct(productType: string, beverageType: string | null | undefined): boolean {
  return productType === 'Coffee' || (beverageType !== null && beverageType !== undefined && beverageType !== '');
}

/** Is a line bought on auto-delivery? Any subscription entry type (ADC, ADCF, ADF, BBAD, MBOX), or a line of a recurring order. */
export function isAutoDeliveryLine(entryType: string, recurringOrder: boolean): boolean {
  return recurringOrder || (entryType !== 'STD' && entryType !== 'GIFT' && entryType !== '');
}
