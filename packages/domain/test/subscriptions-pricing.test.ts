/**
 * Auto-delivery prices (ADR 0018 "Prices"): examples, and properties against an independent
 * oracle (2000 runs each).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdPriceContext, SalesPriceStrategy, VariantPricing } from '../src/index.ts';
import {
  SALES_PRICE_STRATEGIES,
  adDiscountBpsFor,
  adLineSaving,
  adSavingVsOneTime,
  adUnitPrice,
  campaignBrewerPriceMinor,
  defaultAutoDeliverySettings,
  discountApplies,
  firstOrderSaving,
  salePriceAllowedFor,
} from '../src/index.ts';

const RUNS = { numRuns: 2000 };
const p = (over: Partial<VariantPricing> = {}): VariantPricing => ({ priceMinor: 1999, discountPriceMinor: null, isDiscountPrice: false, salesPriceStrategy: null, ...over });

describe('adUnitPrice examples', () => {
  it('takes the AD discount off the list price, half-up once', () => {
    // 25 % of 19.99 = 4.9975 → 5.00
    expect(adUnitPrice(p(), 'adRecurring', 2500)).toEqual({ unitMinor: 1499, listMinor: 1999, savingMinor: 500, source: 'adDiscount' });
    // 15 % of 17.99 = 2.6985 → 2.70
    expect(adUnitPrice(p({ priceMinor: 1799 }), 'adRecurring', 1500)).toEqual({ unitMinor: 1529, listMinor: 1799, savingMinor: 270, source: 'adDiscount' });
    expect(adUnitPrice(p(), 'adParent', 0)).toEqual({ unitMinor: 1999, listMinor: 1999, savingMinor: 0, source: 'adDiscount' });
  });
  it('uses a lower sale price instead, never both', () => {
    const sale = p({ isDiscountPrice: true, discountPriceMinor: 1299, salesPriceStrategy: 'ALL' });
    expect(adUnitPrice(sale, 'adParent', 2500)).toEqual({ unitMinor: 1299, listMinor: 1999, savingMinor: 700, source: 'salePrice' });
    const small = p({ isDiscountPrice: true, discountPriceMinor: 1799, salesPriceStrategy: 'ALL' });
    expect(adUnitPrice(small, 'adParent', 2500).unitMinor).toBe(1499); // not 1799 less 25 %
  });
  it('follows the strategy of the sale price (matrix)', () => {
    const strategies: Array<SalesPriceStrategy | null> = [null, ...SALES_PRICE_STRATEGIES];
    const expected: Record<string, Record<AdPriceContext, boolean>> = {
      null: { adParent: true, adRecurring: true },
      ALL: { adParent: true, adRecurring: true },
      OTP: { adParent: false, adRecurring: false },
      AD_PARENT_OTP: { adParent: true, adRecurring: false },
      AD_RECURRING_OTP: { adParent: false, adRecurring: true },
    };
    for (const s of strategies) {
      for (const ctx of ['adParent', 'adRecurring'] as const) {
        const allowed = expected[String(s)]?.[ctx];
        expect(salePriceAllowedFor(s, ctx)).toBe(allowed);
        const r = adUnitPrice(p({ isDiscountPrice: true, discountPriceMinor: 999, salesPriceStrategy: s }), ctx, 2500);
        expect(r.unitMinor).toBe(allowed ? 999 : 1499);
        // isDiscountPrice false: never the sale price
        expect(adUnitPrice(p({ isDiscountPrice: false, discountPriceMinor: 999, salesPriceStrategy: s }), ctx, 2500).unitMinor).toBe(1499);
      }
    }
  });
  it('a one-time purchase never gets the recurring-only price, a recurring order does', () => {
    const pr = p({ isDiscountPrice: true, discountPriceMinor: 999, salesPriceStrategy: 'AD_RECURRING_OTP' });
    expect(discountApplies(pr)).toBe(false);
    expect(adUnitPrice(pr, 'adRecurring', 1000).unitMinor).toBe(999);
  });
  it('gives a free item 0 and refuses malformed input', () => {
    expect(adUnitPrice(p({ priceMinor: 0 }), 'adParent', 2500)).toEqual({ unitMinor: 0, listMinor: 0, savingMinor: 0, source: 'adDiscount' });
    expect(() => adUnitPrice(p({ priceMinor: -1 }), 'adParent', 2500)).toThrow(RangeError);
    expect(() => adUnitPrice(p({ priceMinor: 19.99 }), 'adParent', 2500)).toThrow(RangeError);
    expect(() => adUnitPrice(p(), 'adParent', 10_001)).toThrow(RangeError);
    expect(() => adUnitPrice(p(), 'adParent', 12.5)).toThrow(RangeError);
    expect(() => adUnitPrice(p({ isDiscountPrice: true, discountPriceMinor: -5, salesPriceStrategy: 'ALL' }), 'adParent', 2500)).toThrow(RangeError);
  });
  it('reads the discount of each context from the settings (cab2c: 25 % first order, then 15 %)', () => {
    const cab2c = defaultAutoDeliverySettings('cab2c');
    expect(adDiscountBpsFor('adParent', cab2c)).toBe(2500);
    expect(adDiscountBpsFor('adRecurring', cab2c)).toBe(1500);
  });
});

describe('lines and carts', () => {
  it('adLineSaving multiplies the unit figures', () => {
    expect(adLineSaving(adUnitPrice(p(), 'adParent', 2500), 3)).toEqual({ lineMinor: 4497, listLineMinor: 5997, savingMinor: 1500 });
    expect(adLineSaving(adUnitPrice(p(), 'adParent', 2500), 0)).toEqual({ lineMinor: 0, listLineMinor: 0, savingMinor: 0 });
    expect(() => adLineSaving(adUnitPrice(p(), 'adParent', 2500), -1)).toThrow(RangeError);
    expect(() => adLineSaving(adUnitPrice(p(), 'adParent', 2500), 1.5)).toThrow(RangeError);
  });
  it('adSavingVsOneTime compares with the one-time displayed price, never negative', () => {
    expect(adSavingVsOneTime(p(), adUnitPrice(p(), 'adParent', 2500))).toBe(500);
    const otp = p({ isDiscountPrice: true, discountPriceMinor: 999, salesPriceStrategy: 'OTP' });
    expect(adSavingVsOneTime(otp, adUnitPrice(otp, 'adParent', 2500))).toBe(0); // one-time sale 9.99 < AD 14.99
  });
  it('firstOrderSaving counts only AD-eligible auto-delivery lines, at the first-order discount', () => {
    const settings = defaultAutoDeliverySettings('cab2c'); // 25 % first order
    const r = firstOrderSaving(
      [
        { entryType: 'ADC', qty: 2, pricing: p(), adEligible: true }, // 2 × 500
        { entryType: 'STD', qty: 5, pricing: p(), adEligible: true },
        { entryType: 'GIFT', qty: 1, pricing: p(), adEligible: true },
        { entryType: 'ADF', qty: 1, pricing: p({ priceMinor: 5000 }), adEligible: false }, // a gift card is never AD
        { entryType: 'BBAD', qty: 1, pricing: p({ priceMinor: 1000, isDiscountPrice: true, discountPriceMinor: 600, salesPriceStrategy: 'AD_PARENT_OTP' }), adEligible: true }, // sale 400
      ],
      settings,
    );
    expect(r).toEqual({ adLinesMinor: 2 * 1499 + 600, adLinesListMinor: 2 * 1999 + 1000, savingMinor: 1000 + 400 });
    expect(firstOrderSaving([], settings)).toEqual({ adLinesMinor: 0, adLinesListMinor: 0, savingMinor: 0 });
  });
  it('campaignBrewerPriceMinor takes the campaign discount off the brewer', () => {
    expect(campaignBrewerPriceMinor(12999, 'FIFTYPERCENTBREWER')).toBe(6499); // 64.995 → 65.00 off
    expect(campaignBrewerPriceMinor(12999, 'FREEBREWER')).toBe(0);
    expect(campaignBrewerPriceMinor(12999, 'KSKLITE')).toBe(3250); // 97.4925 → 97.49 off
    expect(campaignBrewerPriceMinor(10000, 2000)).toBe(8000);
    expect(() => campaignBrewerPriceMinor(-1, 'KSKBBAD')).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties, against an oracle written from ADR 0018 "Prices".

const strategyArb = fc.constantFrom<SalesPriceStrategy | null>(null, ...SALES_PRICE_STRATEGIES);
const pricingArb: fc.Arbitrary<VariantPricing> = fc.record({
  priceMinor: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(0, 1, 3, 1999, 6299)),
  discountPriceMinor: fc.option(fc.oneof(fc.integer({ min: 0, max: 1_200_000 }), fc.constantFrom(0, 1, 1499)), { nil: null }),
  isDiscountPrice: fc.boolean(),
  salesPriceStrategy: strategyArb,
});
const ctxArb = fc.constantFrom<AdPriceContext>('adParent', 'adRecurring');
const bpsArb = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(0, 1, 1000, 1500, 2500, 9999, 10_000));

/** half-up of list × bps / 10000, in integers */
const adOff = (list: number, bps: number): number => Math.floor((2 * list * bps + 10_000) / 20_000);
const saleAllowed = (s: SalesPriceStrategy | null, ctx: AdPriceContext): boolean =>
  s === null || s === 'ALL' || (s === 'AD_PARENT_OTP' && ctx === 'adParent') || (s === 'AD_RECURRING_OTP' && ctx === 'adRecurring');

describe('adUnitPrice properties', () => {
  it('equals the oracle: the lowest of list − AD discount and an allowed sale price', () => {
    fc.assert(
      fc.property(pricingArb, ctxArb, bpsArb, (pr, ctx, bps) => {
        const ad = pr.priceMinor - adOff(pr.priceMinor, bps);
        const sale = pr.isDiscountPrice && pr.discountPriceMinor !== null && saleAllowed(pr.salesPriceStrategy, ctx) ? pr.discountPriceMinor : Number.POSITIVE_INFINITY;
        const r = adUnitPrice(pr, ctx, bps);
        expect(r.unitMinor).toBe(Math.min(ad, sale));
        expect(r.source).toBe(sale < ad ? 'salePrice' : 'adDiscount');
      }),
      RUNS,
    );
  });
  it('is an integer, never negative, never above list, saving = list − unit', () => {
    fc.assert(
      fc.property(pricingArb, ctxArb, bpsArb, (pr, ctx, bps) => {
        const r = adUnitPrice(pr, ctx, bps);
        expect(Number.isSafeInteger(r.unitMinor)).toBe(true);
        expect(r.unitMinor).toBeGreaterThanOrEqual(0);
        expect(r.unitMinor).toBeLessThanOrEqual(pr.priceMinor);
        expect(r.savingMinor).toBe(pr.priceMinor - r.unitMinor);
        expect(r.listMinor).toBe(pr.priceMinor);
      }),
      RUNS,
    );
  });
  it('never stacks: the price is exactly one offer, never the sale price less the AD discount', () => {
    fc.assert(
      fc.property(pricingArb, ctxArb, bpsArb, (pr, ctx, bps) => {
        const r = adUnitPrice(pr, ctx, bps);
        if (r.source === 'salePrice') expect(r.unitMinor).toBe(pr.discountPriceMinor);
        else expect(r.unitMinor).toBe(pr.priceMinor - adOff(pr.priceMinor, bps));
        if (pr.discountPriceMinor !== null && bps > 0 && pr.discountPriceMinor > 0) {
          const stacked = pr.discountPriceMinor - adOff(pr.discountPriceMinor, bps);
          if (stacked < Math.min(pr.discountPriceMinor, pr.priceMinor - adOff(pr.priceMinor, bps))) expect(r.unitMinor).not.toBe(stacked);
        }
      }),
      RUNS,
    );
  });
  it('is monotone in the discount: more basis points never cost more', () => {
    fc.assert(
      fc.property(pricingArb, ctxArb, bpsArb, bpsArb, (pr, ctx, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(adUnitPrice(pr, ctx, hi).unitMinor).toBeLessThanOrEqual(adUnitPrice(pr, ctx, lo).unitMinor);
      }),
      RUNS,
    );
  });
  it('a line is the unit times the quantity', () => {
    fc.assert(
      fc.property(pricingArb, ctxArb, bpsArb, fc.integer({ min: 0, max: 99 }), (pr, ctx, bps, qty) => {
        const u = adUnitPrice(pr, ctx, bps);
        const l = adLineSaving(u, qty);
        expect(l).toEqual({ lineMinor: u.unitMinor * qty, listLineMinor: pr.priceMinor * qty, savingMinor: u.savingMinor * qty });
      }),
      RUNS,
    );
  });
  it('firstOrderSaving is the sum of the AD lines and ignores everything else', () => {
    const lineArb = fc.record({ entryType: fc.constantFrom('STD', 'ADC', 'ADCF', 'ADF', 'BBAD', 'MBOX', 'GIFT'), qty: fc.integer({ min: 0, max: 12 }), pricing: pricingArb, adEligible: fc.boolean() });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), bpsArb, bpsArb, (lines, firstBps, recurringBps) => {
        const settings = { firstOrderDiscountBps: firstBps, discountBps: recurringBps };
        const r = firstOrderSaving(lines, settings);
        let saving = 0;
        for (const l of lines) {
          if (!l.adEligible || l.entryType === 'STD' || l.entryType === 'GIFT') continue;
          saving += adUnitPrice(l.pricing, 'adParent', firstBps).savingMinor * l.qty;
        }
        expect(r.savingMinor).toBe(saving);
        expect(r.savingMinor).toBeGreaterThanOrEqual(0);
        expect(r.adLinesListMinor - r.adLinesMinor).toBe(r.savingMinor);
      }),
      RUNS,
    );
  });
});
