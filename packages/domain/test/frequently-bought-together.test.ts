/**
 * Frequently bought together (issue 13, ADR 0032): co-occurrence counts (a pair once per order,
 * quantities and repeated lines never inflate, excluded codes and the product itself never appear,
 * rank by count then code, minimum support), the page pick (orders first, seeded fallback fills,
 * cap), and out-of-stock alternatives (same type, beverage type and roast or brewer class, in
 * stock, caps 4 and 5). Properties: symmetry, counts never above the number of orders.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coPurchaseCounts,
  FBT_DISPLAY_CAP,
  oosAlternativeCap,
  pickFrequentlyBoughtTogether,
  rankOosAlternatives,
  type AlternativeFacts,
} from '../src/index.ts';

describe('coPurchaseCounts', () => {
  it('counts a pair once per order, whatever the quantities or repeated lines', () => {
    const orders = [
      ['SOLO', 'DESCALE', 'DESCALE', 'DESCALE'],
      ['SOLO', 'DESCALE'],
      ['SOLO', 'MUG'],
    ];
    const m = coPurchaseCounts(orders, { minSupport: 1 });
    expect(m.get('SOLO')).toEqual([
      { code: 'DESCALE', count: 2 },
      { code: 'MUG', count: 1 },
    ]);
    expect(m.get('DESCALE')).toEqual([{ code: 'SOLO', count: 2 }]);
  });

  it('never lists the product itself, nor an excluded code (gift cards)', () => {
    const m = coPurchaseCounts([['A', 'A', 'GC', 'B'], ['A', 'GC', 'B']], { minSupport: 1, isExcluded: (c) => c === 'GC' });
    expect(m.get('A')).toEqual([{ code: 'B', count: 2 }]);
    expect(m.has('GC')).toBe(false);
    expect(m.get('A')?.some((p) => p.code === 'A')).toBe(false);
  });

  it('ranks by count, then code, and applies the minimum support and the limit', () => {
    const orders = [['X', 'C'], ['X', 'B'], ['X', 'B'], ['X', 'A'], ['X', 'A'], ['X', 'D']];
    expect(coPurchaseCounts(orders, { minSupport: 1 }).get('X')?.map((p) => p.code)).toEqual(['A', 'B', 'C', 'D']);
    expect(coPurchaseCounts(orders, { minSupport: 2 }).get('X')).toEqual([
      { code: 'A', count: 2 },
      { code: 'B', count: 2 },
    ]);
    expect(coPurchaseCounts(orders, { minSupport: 1, limit: 1 }).get('X')).toEqual([{ code: 'A', count: 2 }]);
    // the default minimum support is 2: one order is no evidence
    expect(coPurchaseCounts([['P', 'Q']]).size).toBe(0);
  });

  it('a one-product order gives nothing', () => {
    expect(coPurchaseCounts([['A'], ['A', 'A']], { minSupport: 1 }).size).toBe(0);
  });

  const orderArb = fc.array(fc.array(fc.constantFrom<string>('A', 'B', 'C', 'D', 'E', 'F'), { maxLength: 6 }), { maxLength: 30 });

  it('property: symmetric, and counts never exceed the orders holding both', () => {
    fc.assert(
      fc.property(orderArb, fc.integer({ min: 1, max: 4 }), (orders, minSupport) => {
        const m = coPurchaseCounts(orders, { minSupport, limit: 100 });
        for (const [a, partners] of m) {
          for (const { code: b, count } of partners) {
            expect(b).not.toBe(a);
            expect(m.get(b)?.find((p) => p.code === a)?.count).toBe(count);
            const both = orders.filter((o) => o.includes(a) && o.includes(b)).length;
            expect(count).toBe(both);
            expect(count).toBeLessThanOrEqual(orders.length);
            expect(count).toBeGreaterThanOrEqual(minSupport);
          }
          // ranked: count descending, then code ascending
          for (let i = 1; i < partners.length; i++) {
            const p = partners[i - 1]!;
            const q = partners[i]!;
            expect(p.count > q.count || (p.count === q.count && p.code < q.code)).toBe(true);
          }
        }
      }),
    );
  });

  it('property: multiplying quantities (repeating lines) changes nothing', () => {
    fc.assert(
      fc.property(orderArb, (orders) => {
        const doubled = orders.map((o) => [...o, ...o, ...o]);
        expect(coPurchaseCounts(doubled, { minSupport: 1 })).toEqual(coPurchaseCounts(orders, { minSupport: 1 }));
      }),
    );
  });
});

describe('pickFrequentlyBoughtTogether', () => {
  it('orders first by rank, then the seeded fallback fills up to the cap, without the product or repeats', () => {
    const picked = pickFrequentlyBoughtTogether('SOLO', [
      { code: 'MUG', source: 'seed', rank: 0 },
      { code: 'DESCALE', source: 'orders', rank: 1 },
      { code: 'SOLO', source: 'orders', rank: 0 },
      { code: 'DESCALE', source: 'seed', rank: 1 },
      { code: 'COFFEE', source: 'seed', rank: 2 },
      { code: 'TEA', source: 'seed', rank: 3 },
    ]);
    expect(picked).toEqual(['DESCALE', 'MUG', 'COFFEE']);
    expect(picked).toHaveLength(FBT_DISPLAY_CAP);
    expect(pickFrequentlyBoughtTogether('A', [], 3)).toEqual([]);
    expect(pickFrequentlyBoughtTogether('A', [{ code: 'B', source: 'seed', rank: 0 }], 0)).toEqual([]);
  });
});

describe('rankOosAlternatives', () => {
  const base = { beverageType: null, roast: null, series: null, categoryCodes: [], inStock: true, sortOrder: 0 } as const;
  const coffee = (code: string, roast: string | null, extra: Partial<AlternativeFacts> = {}): AlternativeFacts => ({
    ...base,
    code,
    productType: 'Coffee',
    beverageType: 'coffee',
    roast,
    categoryCodes: ['BV_COFFEE'],
    ...extra,
  });
  const brewer = (code: string, series: string, extra: Partial<AlternativeFacts> = {}): AlternativeFacts => ({ ...base, code, productType: 'Brewer', series, categoryCodes: ['BR'], ...extra });

  it('beverages: same beverage type and roast first, in stock only, never the product or another type, at most 4', () => {
    const target = coffee('LAST', 'light');
    const got = rankOosAlternatives(target, [
      target,
      coffee('MED1', 'medium', { sortOrder: 1 }),
      coffee('LIGHT2', 'light', { sortOrder: 2 }),
      coffee('LIGHT1', 'light', { sortOrder: 1 }),
      coffee('LIGHT-OOS', 'light', { inStock: false }),
      { ...coffee('TEA', null), beverageType: 'tea', categoryCodes: ['BV_TEA'] },
      brewer('SOLO', 'Home'),
      coffee('MED2', 'medium', { sortOrder: 2 }),
      coffee('MED3', 'medium', { sortOrder: 3 }),
      { ...base, code: 'GC', productType: 'GiftCard' },
    ]);
    expect(got).toEqual(['LIGHT1', 'LIGHT2', 'MED1', 'MED2']);
    expect(oosAlternativeCap('Coffee')).toBe(4);
  });

  it('brewers: same brewer class first, at most 5', () => {
    const target = brewer('SOLO', 'Home', { inStock: false });
    const others = ['A', 'B', 'C', 'D', 'E', 'F'].map((c, i) => brewer(c, 'Home', { sortOrder: i }));
    const got = rankOosAlternatives(target, [brewer('OFFICE', 'Office'), ...others]);
    expect(got).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(oosAlternativeCap('Brewer')).toBe(5);
    // an office brewer is still an alternative (same category) when homes run out
    expect(rankOosAlternatives(target, [brewer('OFFICE', 'Office')])).toEqual(['OFFICE']);
  });
});
