import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NBSP, allocateProportionally, formatMoney, mulDivRoundHalfUp, percentOfMinor, roundHalfUp, toPriceData } from '../src/index.ts';

describe('roundHalfUp', () => {
  it('rounds halves up and the rest to nearest', () => {
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(2.4999)).toBe(2);
    expect(roundHalfUp(0.5)).toBe(1);
    expect(roundHalfUp(7)).toBe(7);
    expect(roundHalfUp(0.49999999999999994)).toBe(0);
  });
  it('rounds negative halves away from zero and never returns -0', () => {
    expect(roundHalfUp(-2.5)).toBe(-3);
    expect(roundHalfUp(-2.4)).toBe(-2);
    expect(Object.is(roundHalfUp(-0.2), 0)).toBe(true);
  });
  it('refuses non-finite input', () => {
    expect(() => roundHalfUp(Number.NaN)).toThrow(RangeError);
  });
});

describe('mulDivRoundHalfUp / percentOfMinor', () => {
  it('computes exact half-up percentages in basis points', () => {
    expect(percentOfMinor(1999, 2500)).toBe(500); // 499.75
    expect(percentOfMinor(1000, 725)).toBe(73); // 72.5 → 73
    expect(percentOfMinor(1000, 1300)).toBe(130);
    expect(percentOfMinor(10, 500)).toBe(1); // 0.5 → 1
    expect(percentOfMinor(9, 500)).toBe(0); // 0.45 → 0
    expect(percentOfMinor(0, 1300)).toBe(0);
    expect(percentOfMinor(1000, 10000)).toBe(1000);
  });
  it('supports fractional basis points (QST 997.5 bp)', () => {
    expect(percentOfMinor(10000, 997.5)).toBe(998); // 997.5 → 998
    expect(percentOfMinor(1999, 997.5)).toBe(199); // 199.40
    expect(() => percentOfMinor(100, 1.00001)).toThrow(RangeError);
  });
  it('is symmetric for negative amounts', () => {
    expect(percentOfMinor(-10, 500)).toBe(-1);
    expect(mulDivRoundHalfUp(-5, 1, 2)).toBe(-3);
  });
  it('stays exact beyond float precision', () => {
    expect(mulDivRoundHalfUp(9_007_199_254_740_991, 3, 3)).toBe(9_007_199_254_740_991);
  });
  it('refuses non-integer amounts', () => {
    expect(() => percentOfMinor(10.5, 100)).toThrow(RangeError);
    expect(() => mulDivRoundHalfUp(1, 1, 0)).toThrow(RangeError);
  });
});

describe('allocateProportionally', () => {
  it('splits by largest remainder, ties to the earlier index', () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateProportionally(10, [1, 2])).toEqual([3, 7]);
    expect(allocateProportionally(500, [1000, 3000, 1000])).toEqual([100, 300, 100]);
    expect(allocateProportionally(7, [2, 3])).toEqual([3, 4]); // 2.8, 4.2
  });
  it('splits evenly when every weight is 0, handles negatives and empty lists', () => {
    expect(allocateProportionally(5, [0, 0])).toEqual([3, 2]);
    expect(allocateProportionally(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocateProportionally(0, [])).toEqual([]);
    expect(() => allocateProportionally(1, [])).toThrow(RangeError);
    expect(() => allocateProportionally(1, [-1, 2])).toThrow(RangeError);
    expect(() => allocateProportionally(1, [0.5])).toThrow(RangeError);
  });
  it('always sums exactly to the total (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 20 }), (total, weights) => {
        const parts = allocateProportionally(total, weights);
        expect(parts).toHaveLength(weights.length);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        for (const p of parts) expect(Number.isInteger(p)).toBe(true);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('formats per locale', () => {
    expect(formatMoney(1299, 'USD', 'en-US')).toBe('$12.99');
    expect(formatMoney(1299, 'CAD', 'en-CA')).toBe('$12.99');
    expect(formatMoney(1299, 'CAD', 'fr-CA')).toBe('12,99\u00A0$');
    expect(formatMoney(1299, 'CAD', 'fr-CA')).toBe(`12,99${NBSP}$`);
  });
  it('groups thousands, always shows two decimals', () => {
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(123456, 'CAD', 'fr-CA')).toBe('1\u00A0234,56\u00A0$');
    expect(formatMoney(500, 'USD', 'en-US')).toBe('$5.00');
    expect(formatMoney(0, 'CAD', 'fr-CA')).toBe('0,00\u00A0$');
    expect(formatMoney(5, 'USD', 'en-US')).toBe('$0.05');
  });
  it('never emits a narrow no-break space or a plain space', () => {
    for (const loc of ['en-US', 'en-CA', 'fr-CA'] as const) {
      const s = formatMoney(123456789, 'CAD', loc);
      expect(s).not.toMatch(/[\u202F\u2009 ]/);
    }
  });
  it('marks a foreign currency', () => {
    expect(formatMoney(1299, 'USD', 'en-CA')).toBe('US$12.99');
  });
  it('formats negative amounts', () => {
    expect(formatMoney(-500, 'USD', 'en-US')).toBe('-$5.00');
  });
  it('refuses fractional minor units', () => {
    expect(() => formatMoney(12.5, 'USD', 'en-US')).toThrow(RangeError);
  });
  it('keeps one formatter per locale and currency: interleaved calls never mix them up', () => {
    const cases = [
      [1299, 'USD', 'en-US', '$12.99'],
      [1299, 'CAD', 'fr-CA', '12,99\u00A0$'],
      [1299, 'USD', 'en-CA', 'US$12.99'],
      [1299, 'CAD', 'en-CA', '$12.99'],
      [1299, 'USD', 'fr-CA', '12,99\u00A0$\u00A0US'],
    ] as const;
    for (let round = 0; round < 3; round++) {
      for (const [minor, currency, locale, expected] of cases) expect(formatMoney(minor, currency, locale)).toBe(expected);
    }
  });
});

describe('toPriceData', () => {
  it('builds the spec §3 price data', () => {
    expect(toPriceData(1299, 'USD', 'en-US')).toEqual({ value: 12.99, formattedValue: '$12.99', currencyIso: 'USD' });
    expect(toPriceData(5500, 'CAD', 'fr-CA')).toEqual({ value: 55, formattedValue: '55,00\u00A0$', currencyIso: 'CAD' });
  });
});
