import { describe, expect, it } from 'vitest';
import type { PromotionLine, PromotionRule } from '../src/index.ts';
import { applyPromotions, comparePromotions, validatePromotionRule } from '../src/index.ts';

const line = (over: Partial<PromotionLine> & { entryNumber: number }): PromotionLine => ({
  variantCode: `V${over.entryNumber}`,
  baseProductCode: `P${over.entryNumber}`,
  categoryCodes: [],
  unitPriceMinor: 1000,
  qty: 1,
  bmsmEligible: false,
  excluded: false,
  ...over,
});
const rule = (over: Partial<PromotionRule> & Pick<PromotionRule, 'code' | 'kind'>): PromotionRule => ({
  description: { en: over.code, fr: over.code },
  priority: 0,
  exclusive: false,
  couponCode: null,
  ...over,
});

const COFFEE = line({ entryNumber: 0, variantCode: 'DARK-24', baseProductCode: 'DARK', categoryCodes: ['pods', 'coffee'], unitPriceMinor: 1999, qty: 3, bmsmEligible: true });
const BREWER = line({ entryNumber: 1, variantCode: 'K500-RED', baseProductCode: 'K500', categoryCodes: ['brewers'], unitPriceMinor: 12999, qty: 1 });
const GIFT_CARD = line({ entryNumber: 2, variantCode: 'GC-50', baseProductCode: 'GC', categoryCodes: ['pods', 'giftcards'], unitPriceMinor: 5000, qty: 2, bmsmEligible: true, excluded: true });
const CART = [COFFEE, BREWER, GIFT_CARD];
// merchandise = 5997 + 12999 = 18996 (the gift cards' 10000 never count)

describe('applyPromotions: kinds', () => {
  it('orderPercent: percentage of the merchandise subtotal, rounded half-up once, gift cards excluded', () => {
    const r = applyPromotions({ lines: CART, promotions: [rule({ code: 'TEN', kind: 'orderPercent', percentBps: 1000 })] });
    expect(r.merchandiseMinor).toBe(18996);
    expect(r.discountMinor).toBe(1900); // 1899.6 → 1900
    expect(r.applied).toEqual([
      { code: 'TEN', kind: 'orderPercent', description: { en: 'TEN', fr: 'TEN' }, couponCode: null, discountMinor: 1900, entryDiscounts: [], freeShipping: false, giftVariantCode: null },
    ]);
    expect(r.rejected).toEqual([]);
    expect(r.freeShipping).toBe(false);
    expect(r.gifts).toEqual([]);
  });

  it('orderFixed: amount off the order, capped at the merchandise', () => {
    expect(applyPromotions({ lines: CART, promotions: [rule({ code: 'F5', kind: 'orderFixed', amountMinor: 500 })] }).discountMinor).toBe(500);
    const r = applyPromotions({ lines: [COFFEE, GIFT_CARD], promotions: [rule({ code: 'F100', kind: 'orderFixed', amountMinor: 10_000 })] });
    expect(r.discountMinor).toBe(5997);
  });

  it('productPercent: rounds half-up per entry (15 % of 19.99 × 3 = 8.9955 → 9.00)', () => {
    const r = applyPromotions({ lines: CART, promotions: [rule({ code: 'P15', kind: 'productPercent', percentBps: 1500, productCodes: ['DARK'] })] });
    expect(r.discountMinor).toBe(900);
    expect(r.applied[0]?.entryDiscounts).toEqual([{ entryNumber: 0, amountMinor: 900 }]);
  });

  it('productPercent matches a variant code as well as a base product code', () => {
    const r = applyPromotions({ lines: CART, promotions: [rule({ code: 'P10', kind: 'productPercent', percentBps: 1000, productCodes: ['K500-RED'] })] });
    expect(r.applied[0]?.entryDiscounts).toEqual([{ entryNumber: 1, amountMinor: 1300 }]); // 1299.9 → 1300
  });

  it('productFixed: amount off per unit, never more than the line', () => {
    const r = applyPromotions({ lines: CART, promotions: [rule({ code: 'PF', kind: 'productFixed', amountMinor: 250, productCodes: ['DARK'] })] });
    expect(r.discountMinor).toBe(750);
    const big = applyPromotions({ lines: CART, promotions: [rule({ code: 'PF', kind: 'productFixed', amountMinor: 2500, productCodes: ['DARK'] })] });
    expect(big.discountMinor).toBe(5997);
    const huge = applyPromotions({ lines: CART, promotions: [rule({ code: 'PF', kind: 'productFixed', amountMinor: Number.MAX_SAFE_INTEGER, productCodes: ['DARK'] })] });
    expect(huge.discountMinor).toBe(5997);
  });

  it('categoryPercent and categoryFixed target lines by category, never the excluded gift cards', () => {
    const p = applyPromotions({ lines: CART, promotions: [rule({ code: 'C20', kind: 'categoryPercent', percentBps: 2000, categoryCodes: ['pods', 'brewers'] })] });
    // 20 % of 5997 = 1199.4 → 1199; 20 % of 12999 = 2599.8 → 2600
    expect(p.applied[0]?.entryDiscounts).toEqual([
      { entryNumber: 0, amountMinor: 1199 },
      { entryNumber: 1, amountMinor: 2600 },
    ]);
    expect(p.discountMinor).toBe(3799);
    const f = applyPromotions({ lines: CART, promotions: [rule({ code: 'CF', kind: 'categoryFixed', amountMinor: 100, categoryCodes: ['pods'] })] });
    expect(f.applied[0]?.entryDiscounts).toEqual([{ entryNumber: 0, amountMinor: 300 }]);
  });

  it('a category promotion on gift cards only is notApplicable', () => {
    const r = applyPromotions({ lines: CART, promotions: [rule({ code: 'GC', kind: 'categoryPercent', percentBps: 5000, categoryCodes: ['giftcards'], couponCode: 'GIFTY' })] });
    expect(r.applied).toEqual([]);
    expect(r.rejected).toEqual([{ code: 'GC', couponCode: 'GIFTY', reason: 'notApplicable' }]);
    expect(r.discountMinor).toBe(0);
  });

  describe('bmsm', () => {
    const tiers = [
      { minQty: 2, percentBps: 500 },
      { minQty: 6, percentBps: 1500 },
      { minQty: 4, percentBps: 1000 },
    ];
    const pods = (qty: number, entry = 0): PromotionLine => line({ entryNumber: entry, unitPriceMinor: 1999, qty, bmsmEligible: true });
    const other = line({ entryNumber: 9, unitPriceMinor: 5000, qty: 10, bmsmEligible: false });

    it('the highest tier reached applies to the eligible lines only', () => {
      const r = applyPromotions({ lines: [pods(3, 0), pods(1, 1), other], promotions: [rule({ code: 'B', kind: 'bmsm', tiers })] });
      // 4 units → 10 %: 599.7 → 600 and 199.9 → 200
      expect(r.applied[0]?.entryDiscounts).toEqual([
        { entryNumber: 0, amountMinor: 600 },
        { entryNumber: 1, amountMinor: 200 },
      ]);
      expect(r.discountMinor).toBe(800);
      expect(applyPromotions({ lines: [pods(7)], promotions: [rule({ code: 'B', kind: 'bmsm', tiers })] }).discountMinor).toBe(2099); // 15 % of 13993 = 2098.95
      expect(applyPromotions({ lines: [pods(2)], promotions: [rule({ code: 'B', kind: 'bmsm', tiers })] }).discountMinor).toBe(200); // 5 % of 3998 = 199.9
    });

    it('below the lowest tier: minimumNotMet with the units missing', () => {
      const r = applyPromotions({ lines: [pods(1), other], promotions: [rule({ code: 'B', kind: 'bmsm', tiers })] });
      expect(r.rejected).toEqual([{ code: 'B', couponCode: null, reason: 'minimumNotMet', missingQty: 1 }]);
    });

    it('excluded eligible units never count toward a tier', () => {
      const gc = line({ entryNumber: 5, unitPriceMinor: 2500, qty: 10, bmsmEligible: true, excluded: true });
      const r = applyPromotions({ lines: [pods(1), gc], promotions: [rule({ code: 'B', kind: 'bmsm', tiers })] });
      expect(r.rejected.map((x) => x.reason)).toEqual(['minimumNotMet']);
      expect(applyPromotions({ lines: [other, gc], promotions: [rule({ code: 'B', kind: 'bmsm', tiers })] }).rejected[0]?.reason).toBe('notApplicable');
    });

    it('equal minQty tiers: the larger percentage wins', () => {
      const r = applyPromotions({ lines: [pods(2)], promotions: [rule({ code: 'B', kind: 'bmsm', tiers: [{ minQty: 2, percentBps: 100 }, { minQty: 2, percentBps: 5000 }] })] });
      expect(r.discountMinor).toBe(1999);
    });
  });

  it('freeShipping: no merchandise discount, sets freeShipping', () => {
    const r = applyPromotions({ lines: CART, promotions: [rule({ code: 'SHIP', kind: 'freeShipping', couponCode: 'SHIPFREE' })] });
    expect(r.freeShipping).toBe(true);
    expect(r.discountMinor).toBe(0);
    expect(r.applied[0]).toMatchObject({ code: 'SHIP', couponCode: 'SHIPFREE', freeShipping: true, discountMinor: 0, giftVariantCode: null });
  });

  it('freeGift: names the gift, with an optional minimum', () => {
    const promos = [
      rule({ code: 'MUG', kind: 'freeGift', giftVariantCode: 'MUG-1', minSubtotalMinor: 18996 }),
      rule({ code: 'MUG2', kind: 'freeGift', giftVariantCode: 'MUG-1' }),
      rule({ code: 'TUMBLER', kind: 'freeGift', giftVariantCode: 'TMB-1', minSubtotalMinor: 18997 }),
    ];
    const r = applyPromotions({ lines: CART, promotions: promos });
    expect(r.gifts).toEqual(['MUG-1']);
    expect(r.applied.map((a) => [a.code, a.giftVariantCode])).toEqual([
      ['MUG', 'MUG-1'],
      ['MUG2', 'MUG-1'],
    ]);
    expect(r.rejected).toEqual([{ code: 'TUMBLER', couponCode: null, reason: 'minimumNotMet', missingMinor: 1 }]);
  });

  it('order kinds on a cart of gift cards only (or empty) are notApplicable', () => {
    for (const lines of [[GIFT_CARD], []]) {
      const r = applyPromotions({
        lines,
        promotions: [rule({ code: 'A', kind: 'orderPercent', percentBps: 1000 }), rule({ code: 'B', kind: 'freeShipping' }), rule({ code: 'C', kind: 'freeGift', giftVariantCode: 'G' })],
      });
      expect(r.rejected.map((x) => [x.code, x.reason])).toEqual([
        ['A', 'notApplicable'],
        ['B', 'notApplicable'],
        ['C', 'notApplicable'],
      ]);
      expect(r.freeShipping).toBe(false);
    }
  });
});

describe('applyPromotions: minimums', () => {
  it('compares minSubtotalMinor with the merchandise before discounts, gift cards excluded', () => {
    const promos = [
      rule({ code: 'BIG', kind: 'productPercent', percentBps: 5000, productCodes: ['K500'], priority: 5 }),
      // after BIG the merchandise would be 12496, but the threshold uses 18996
      rule({ code: 'OVER150', kind: 'orderFixed', amountMinor: 1000, minSubtotalMinor: 15000 }),
      rule({ code: 'OVER190', kind: 'orderFixed', amountMinor: 1000, minSubtotalMinor: 19000 }),
    ];
    const r = applyPromotions({ lines: CART, promotions: promos });
    expect(r.applied.map((a) => [a.code, a.discountMinor])).toEqual([
      ['BIG', 6500], // 6499.5 → 6500
      ['OVER150', 1000],
    ]);
    expect(r.rejected).toEqual([{ code: 'OVER190', couponCode: null, reason: 'minimumNotMet', missingMinor: 4 }]);
    expect(r.discountMinor).toBe(7500);
  });

  it('the minimum is reached exactly at the threshold', () => {
    const r = applyPromotions({ lines: [COFFEE], promotions: [rule({ code: 'M', kind: 'orderFixed', amountMinor: 100, minSubtotalMinor: 5997 })] });
    expect(r.discountMinor).toBe(100);
  });

  it('notApplicable is reported before minimumNotMet', () => {
    const r = applyPromotions({ lines: [COFFEE], promotions: [rule({ code: 'M', kind: 'productPercent', percentBps: 100, productCodes: ['NOPE'], minSubtotalMinor: 99_999 })] });
    expect(r.rejected).toEqual([{ code: 'M', couponCode: null, reason: 'notApplicable' }]);
  });
});

describe('applyPromotions: combination', () => {
  it('stackable promotions are computed on undiscounted totals (no compounding)', () => {
    const r = applyPromotions({
      lines: [line({ entryNumber: 0, unitPriceMinor: 10_000, qty: 1, baseProductCode: 'X' })],
      promotions: [rule({ code: 'A', kind: 'productPercent', percentBps: 2000, productCodes: ['X'] }), rule({ code: 'B', kind: 'orderPercent', percentBps: 1000 })],
    });
    // compounding would give 2000 + 800; no compounding: 2000 + 1000
    expect(r.applied.map((a) => [a.code, a.discountMinor])).toEqual([
      ['A', 2000],
      ['B', 1000],
    ]);
  });

  it('caps entry discounts per entry at what remains, in priority order', () => {
    const lines = [line({ entryNumber: 0, unitPriceMinor: 1000, qty: 1, baseProductCode: 'X', categoryCodes: ['c'] })];
    const r = applyPromotions({
      lines,
      promotions: [rule({ code: 'LOW', kind: 'categoryPercent', percentBps: 6000, categoryCodes: ['c'], priority: 1 }), rule({ code: 'HIGH', kind: 'productPercent', percentBps: 7000, productCodes: ['X'], priority: 2 })],
    });
    expect(r.applied.map((a) => [a.code, a.discountMinor, a.entryDiscounts])).toEqual([
      ['HIGH', 700, [{ entryNumber: 0, amountMinor: 700 }]],
      ['LOW', 300, [{ entryNumber: 0, amountMinor: 300 }]],
    ]);
    expect(r.discountMinor).toBe(1000);
  });

  it('order discounts are capped at what remains after every entry discount, whatever their priority', () => {
    const lines = [line({ entryNumber: 0, unitPriceMinor: 1000, qty: 1, baseProductCode: 'X' })];
    const r = applyPromotions({
      lines,
      promotions: [rule({ code: 'ORDER', kind: 'orderFixed', amountMinor: 800, priority: 9 }), rule({ code: 'PROD', kind: 'productPercent', percentBps: 5000, productCodes: ['X'], priority: 1 })],
    });
    expect(r.applied.map((a) => [a.code, a.discountMinor])).toEqual([
      ['ORDER', 500],
      ['PROD', 500],
    ]);
  });

  it('a stackable promotion left with nothing is applied with 0', () => {
    const lines = [line({ entryNumber: 0, unitPriceMinor: 1000, qty: 1 })];
    const r = applyPromotions({ lines, promotions: [rule({ code: 'A', kind: 'orderPercent', percentBps: 10_000 }), rule({ code: 'B', kind: 'orderFixed', amountMinor: 1 })] });
    expect(r.applied.map((a) => [a.code, a.discountMinor])).toEqual([
      ['A', 1000],
      ['B', 0],
    ]);
    expect(r.discountMinor).toBe(1000);
  });

  it('an applicable exclusive promotion applies alone; the others are excludedByExclusive', () => {
    const r = applyPromotions({
      lines: CART,
      promotions: [
        rule({ code: 'S1', kind: 'orderPercent', percentBps: 1000, priority: 10 }),
        rule({ code: 'EX', kind: 'orderFixed', amountMinor: 300, exclusive: true, couponCode: 'EXC' }),
        rule({ code: 'SHIP', kind: 'freeShipping' }),
        rule({ code: 'NA', kind: 'productPercent', percentBps: 1000, productCodes: ['NONE'] }),
      ],
    });
    expect(r.applied.map((a) => a.code)).toEqual(['EX']);
    expect(r.discountMinor).toBe(300);
    expect(r.freeShipping).toBe(false);
    expect(r.rejected).toEqual([
      { code: 'S1', couponCode: null, reason: 'excludedByExclusive' },
      { code: 'NA', couponCode: null, reason: 'notApplicable' },
      { code: 'SHIP', couponCode: null, reason: 'excludedByExclusive' },
    ]);
  });

  it('a non-applicable exclusive promotion excludes nothing', () => {
    const r = applyPromotions({
      lines: CART,
      promotions: [rule({ code: 'EX', kind: 'orderFixed', amountMinor: 300, exclusive: true, minSubtotalMinor: 50_000 }), rule({ code: 'S', kind: 'orderFixed', amountMinor: 100 })],
    });
    expect(r.applied.map((a) => a.code)).toEqual(['S']);
    expect(r.rejected).toEqual([{ code: 'EX', couponCode: null, reason: 'minimumNotMet', missingMinor: 50_000 - 18996 }]);
  });

  it('between exclusives: highest priority, then largest discount, then smallest code', () => {
    const ex = (code: string, priority: number, amountMinor: number): PromotionRule => rule({ code, kind: 'orderFixed', amountMinor, priority, exclusive: true });
    const winner = (promotions: PromotionRule[]): string[] => applyPromotions({ lines: CART, promotions }).applied.map((a) => a.code);
    expect(winner([ex('A', 1, 900), ex('B', 2, 100)])).toEqual(['B']);
    expect(winner([ex('A', 2, 100), ex('B', 2, 900)])).toEqual(['B']);
    expect(winner([ex('B', 2, 500), ex('A', 2, 500)])).toEqual(['A']);
    // "largest discount" is what the promotion gives on this cart (capped), so a huge fixed amount
    // does not beat a 100 % discount of the same value
    expect(winner([ex('Z', 0, 1_000_000), rule({ code: 'Y', kind: 'orderPercent', percentBps: 10_000, exclusive: true })])).toEqual(['Y']);
  });

  it('applied and rejected are listed by priority then code, whatever the input order', () => {
    const promos = [
      rule({ code: 'b', kind: 'orderFixed', amountMinor: 1, priority: 1 }),
      rule({ code: 'a', kind: 'orderFixed', amountMinor: 1, priority: 1 }),
      rule({ code: 'z', kind: 'orderFixed', amountMinor: 1, priority: 3 }),
      rule({ code: 'B', kind: 'orderFixed', amountMinor: 1, priority: 1 }),
    ];
    expect(applyPromotions({ lines: CART, promotions: promos }).applied.map((a) => a.code)).toEqual(['z', 'B', 'a', 'b']);
    expect(comparePromotions({ priority: 1, code: 'a' }, { priority: 1, code: 'a' })).toBe(0);
  });
});

describe('applyPromotions: rounding', () => {
  it('rounds half-up once per promotion and entry', () => {
    const cents = [line({ entryNumber: 0, unitPriceMinor: 1, baseProductCode: 'X' }), line({ entryNumber: 1, unitPriceMinor: 1, baseProductCode: 'X' })];
    const perEntry = applyPromotions({ lines: cents, promotions: [rule({ code: 'P', kind: 'productPercent', percentBps: 5000, productCodes: ['X'] })] });
    expect(perEntry.applied[0]?.entryDiscounts).toEqual([
      { entryNumber: 0, amountMinor: 1 },
      { entryNumber: 1, amountMinor: 1 },
    ]);
    const order = applyPromotions({ lines: cents, promotions: [rule({ code: 'O', kind: 'orderPercent', percentBps: 5000 })] });
    expect(order.discountMinor).toBe(1);
    // 0.49 → 0: 4999 bps of 1 cent
    expect(applyPromotions({ lines: cents.slice(0, 1), promotions: [rule({ code: 'O', kind: 'orderPercent', percentBps: 4999 })] }).discountMinor).toBe(0);
  });

  it('12.5 % of 1999 × 3 = 749.625 → 750 (on the line total, not per unit)', () => {
    const r = applyPromotions({ lines: [COFFEE], promotions: [rule({ code: 'P', kind: 'productPercent', percentBps: 1250, productCodes: ['DARK'] })] });
    expect(r.discountMinor).toBe(750);
    const r2 = applyPromotions({ lines: [line({ entryNumber: 0, unitPriceMinor: 333, qty: 3, baseProductCode: 'X' })], promotions: [rule({ code: 'P', kind: 'productPercent', percentBps: 1500, productCodes: ['X'] })] });
    // 15 % of 999 = 149.85 → 150 (per unit would give 3 × 50 = 150 too); 1 bp precision kept
    expect(r2.discountMinor).toBe(150);
    const r3 = applyPromotions({ lines: [line({ entryNumber: 0, unitPriceMinor: 1, qty: 3, baseProductCode: 'X' })], promotions: [rule({ code: 'P', kind: 'productPercent', percentBps: 5000, productCodes: ['X'] })] });
    // 50 % of 3 = 1.5 → 2 (per unit would give 3)
    expect(r3.discountMinor).toBe(2);
  });
});

describe('applyPromotions: validation', () => {
  const lines = [COFFEE];
  it.each([
    ['negative bps', rule({ code: 'X', kind: 'orderPercent', percentBps: -1 })],
    ['bps over 10000', rule({ code: 'X', kind: 'orderPercent', percentBps: 10_001 })],
    ['fractional bps', rule({ code: 'X', kind: 'productPercent', percentBps: 12.5, productCodes: ['DARK'] })],
    ['missing bps', rule({ code: 'X', kind: 'categoryPercent', categoryCodes: ['pods'] })],
    ['negative amount', rule({ code: 'X', kind: 'orderFixed', amountMinor: -5 })],
    ['fractional amount', rule({ code: 'X', kind: 'productFixed', amountMinor: 1.5, productCodes: ['DARK'] })],
    ['missing productCodes', rule({ code: 'X', kind: 'productFixed', amountMinor: 5 })],
    ['missing categoryCodes', rule({ code: 'X', kind: 'categoryFixed', amountMinor: 5 })],
    ['no tiers', rule({ code: 'X', kind: 'bmsm', tiers: [] })],
    ['tier minQty 0', rule({ code: 'X', kind: 'bmsm', tiers: [{ minQty: 0, percentBps: 100 }] })],
    ['tier bps over 10000', rule({ code: 'X', kind: 'bmsm', tiers: [{ minQty: 1, percentBps: 20_000 }] })],
    ['freeGift without gift', rule({ code: 'X', kind: 'freeGift' })],
    ['negative minimum', rule({ code: 'X', kind: 'freeShipping', minSubtotalMinor: -1 })],
    ['fractional minimum', rule({ code: 'X', kind: 'freeShipping', minSubtotalMinor: 0.5 })],
    ['NaN priority', rule({ code: 'X', kind: 'freeShipping', priority: Number.NaN })],
    ['empty code', rule({ code: '', kind: 'freeShipping' })],
    ['unknown kind', rule({ code: 'X', kind: 'bogus' as never })],
  ])('throws RangeError on %s', (_name, bad) => {
    expect(() => applyPromotions({ lines, promotions: [bad] })).toThrow(RangeError);
    expect(() => validatePromotionRule(bad)).toThrow(RangeError);
  });

  it('accepts the bounds 0 and 10000 bps', () => {
    expect(applyPromotions({ lines, promotions: [rule({ code: 'Z', kind: 'orderPercent', percentBps: 0 })] }).applied[0]?.discountMinor).toBe(0);
    expect(applyPromotions({ lines, promotions: [rule({ code: 'F', kind: 'orderPercent', percentBps: 10_000 })] }).discountMinor).toBe(5997);
  });

  it('throws RangeError on duplicated promotion codes and bad lines', () => {
    expect(() => applyPromotions({ lines, promotions: [rule({ code: 'D', kind: 'freeShipping' }), rule({ code: 'D', kind: 'orderFixed', amountMinor: 1 })] })).toThrow(/duplicated/);
    expect(() => applyPromotions({ lines: [COFFEE, { ...BREWER, entryNumber: 0 }], promotions: [] })).toThrow(/duplicated/);
    expect(() => applyPromotions({ lines: [{ ...COFFEE, qty: -1 }], promotions: [] })).toThrow(RangeError);
    expect(() => applyPromotions({ lines: [{ ...COFFEE, unitPriceMinor: 1.5 }], promotions: [] })).toThrow(RangeError);
    expect(() => applyPromotions({ lines: [{ ...COFFEE, unitPriceMinor: Number.MAX_SAFE_INTEGER, qty: 2 }], promotions: [] })).toThrow(RangeError);
  });
});
