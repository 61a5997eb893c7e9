import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartTotalsInput } from '../src/index.ts';
import { DEFAULT_SHIPPING, DomainError, computeCartTotals } from '../src/index.ts';

const DATE = new Date('2025-06-01T12:00:00Z');
const base = (over: Partial<CartTotalsInput> = {}): CartTotalsInput => ({
  currency: 'USD',
  entries: [
    { entryNumber: 0, unitPriceMinor: 1299, qty: 2 },
    { entryNumber: 1, unitPriceMinor: 499, qty: 1 },
  ],
  site: 'usb2c',
  shippingConfig: DEFAULT_SHIPPING.usb2c,
  deliveryMode: null,
  address: null,
  date: DATE,
  ...over,
});

describe('computeCartTotals', () => {
  it('sums entries; no shipping nor tax before they are known', () => {
    const t = computeCartTotals(base());
    expect(t).toEqual({
      subtotalMinor: 3097,
      discountMinor: 0,
      shippingMinor: 0,
      shippingSavedMinor: 0,
      taxLines: [],
      taxMinor: 0,
      totalMinor: 3097,
      amountAwayFromFreeShippingMinor: 0,
      totalItems: 3,
      entries: [
        { entryNumber: 0, totalMinor: 2598 },
        { entryNumber: 1, totalMinor: 499 },
      ],
    });
  });

  it('charges standard shipping below the minimum and reports the gap', () => {
    const t = computeCartTotals(base({ entries: [{ entryNumber: 0, unitPriceMinor: 1000, qty: 1 }], deliveryMode: 'standard' }));
    expect(t.shippingMinor).toBe(799);
    expect(t.amountAwayFromFreeShippingMinor).toBe(1900);
    expect(t.totalMinor).toBe(1799);
  });

  it('gives free standard shipping over the minimum but charges expedited', () => {
    expect(computeCartTotals(base({ deliveryMode: 'standard', address: { country: 'US', region: 'OR' } })).shippingMinor).toBe(0);
    expect(computeCartTotals(base({ deliveryMode: 'expedited', address: { country: 'US', region: 'OR' } })).shippingMinor).toBe(1999);
  });

  it('does not give free shipping to Alaska', () => {
    const t = computeCartTotals(base({ deliveryMode: 'standard', address: { country: 'US', region: 'AK' } }));
    expect(t.shippingMinor).toBe(799);
    expect(t.taxLines).toEqual([]);
    expect(t.totalMinor).toBe(3097 + 799);
  });

  it('applies the discount before the free-shipping threshold and the tax', () => {
    // 3097 − 300 = 2797 < 2900 → shipping 799; NY 4 % of (2797 + 799) = 143.84 → 144
    const t = computeCartTotals(base({ discountsMinor: 300, deliveryMode: 'standard', address: { country: 'US', region: 'NY' } }));
    expect(t.discountMinor).toBe(300);
    expect(t.shippingMinor).toBe(799);
    expect(t.amountAwayFromFreeShippingMinor).toBe(103);
    expect(t.taxLines.map((l) => [l.code, l.amountMinor])).toEqual([['SALES', 144]]);
    expect(t.taxMinor).toBe(144);
    expect(t.totalMinor).toBe(2797 + 799 + 144);
  });

  it('computes Quebec taxes as two lines on a CAD cart', () => {
    const t = computeCartTotals(
      base({
        currency: 'CAD',
        site: 'cab2c',
        shippingConfig: DEFAULT_SHIPPING.cab2c,
        entries: [{ entryNumber: 0, unitPriceMinor: 2500, qty: 2 }],
        deliveryMode: 'standard',
        address: { country: 'CA', region: 'QC' },
      }),
    );
    // 5000 < 5500 → shipping 1199; GST 5 % of 6199 = 309.95 → 310; QST 9.975 % of 6199 = 618.35 → 618
    expect(t.shippingMinor).toBe(1199);
    expect(t.taxLines.map((l) => [l.code, l.amountMinor])).toEqual([
      ['GST', 310],
      ['QST', 618],
    ]);
    expect(t.totalMinor).toBe(5000 + 1199 + 310 + 618);
  });

  it('caps discounts at the subtotal and ignores negative discounts', () => {
    const t = computeCartTotals(base({ discountsMinor: 999_999, deliveryMode: 'standard', address: { country: 'US', region: 'NY' } }));
    expect(t.discountMinor).toBe(3097);
    expect(t.totalMinor).toBe(799 + 32); // NY 4 % of 799 = 31.96
    expect(computeCartTotals(base({ discountsMinor: -50 })).discountMinor).toBe(0);
  });

  it('charges no shipping for an empty cart', () => {
    const t = computeCartTotals(base({ entries: [], deliveryMode: 'standard', address: { country: 'US', region: 'NY' } }));
    expect(t).toMatchObject({ subtotalMinor: 0, shippingMinor: 0, taxMinor: 0, totalMinor: 0, totalItems: 0, amountAwayFromFreeShippingMinor: 2900 });
  });

  it('refuses bad amounts and unknown regions', () => {
    expect(() => computeCartTotals(base({ entries: [{ entryNumber: 0, unitPriceMinor: 10.5, qty: 1 }] }))).toThrow(RangeError);
    expect(() => computeCartTotals(base({ entries: [{ entryNumber: 0, unitPriceMinor: 100, qty: -1 }] }))).toThrow(RangeError);
    expect(() => computeCartTotals(base({ address: { country: 'US', region: 'ZZ' } }))).toThrow(DomainError);
  });

  it('free shipping (a promotion, issue 4): shipping 0, the method cost reported as saved, no tax on it', () => {
    const small = [{ entryNumber: 0, unitPriceMinor: 1000, qty: 1 }];
    const ny = { country: 'US' as const, region: 'NY' };
    expect(computeCartTotals(base({ entries: small, deliveryMode: 'standard', address: ny })).shippingSavedMinor).toBe(0);
    const t = computeCartTotals(base({ entries: small, deliveryMode: 'standard', address: ny, freeShipping: true }));
    // NY 4 % of 1000 = 40 (shipping no longer taxed)
    expect(t).toMatchObject({ shippingMinor: 0, shippingSavedMinor: 799, taxMinor: 40, totalMinor: 1040 });
    const exp = computeCartTotals(base({ entries: small, deliveryMode: 'expedited', freeShipping: true }));
    expect(exp).toMatchObject({ shippingMinor: 0, shippingSavedMinor: 1999, totalMinor: 1000 });
    // already free by the threshold: nothing saved by the promotion
    expect(computeCartTotals(base({ deliveryMode: 'standard', address: ny, freeShipping: true }))).toMatchObject({ shippingMinor: 0, shippingSavedMinor: 0 });
    // no mode chosen yet
    expect(computeCartTotals(base({ freeShipping: true }))).toMatchObject({ shippingMinor: 0, shippingSavedMinor: 0 });
    expect(computeCartTotals(base({ entries: small, deliveryMode: 'standard', freeShipping: false })).shippingMinor).toBe(799);
  });
});

describe('computeCartTotals properties', () => {
  const region = fc.oneof(
    fc.constantFrom('NY', 'CA', 'TX', 'AK', 'OR', 'PR', 'MN').map((r) => ({ country: 'US' as const, region: r })),
    fc.constantFrom('QC', 'ON', 'NS', 'BC', 'AB', 'MB').map((r) => ({ country: 'CA' as const, region: r })),
  );
  const input = fc.record({
    entries: fc.array(fc.record({ entryNumber: fc.nat(100), unitPriceMinor: fc.integer({ min: 0, max: 500_000 }), qty: fc.integer({ min: 0, max: 99 }) }), { maxLength: 12 }),
    discountsMinor: fc.integer({ min: -10_000, max: 10_000_000 }),
    site: fc.constantFrom('usb2c' as const, 'cab2c' as const, 'usafh' as const),
    deliveryMode: fc.constantFrom('standard' as const, 'expedited' as const, null),
    address: fc.option(region, { nil: null }),
    date: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
  });

  it('totals are integers, never negative, and add up', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = computeCartTotals({ ...i, currency: i.site === 'cab2c' ? 'CAD' : 'USD', shippingConfig: DEFAULT_SHIPPING[i.site] });
        const amounts = [t.subtotalMinor, t.discountMinor, t.shippingMinor, t.taxMinor, t.totalMinor, t.amountAwayFromFreeShippingMinor];
        for (const a of amounts) {
          expect(Number.isSafeInteger(a)).toBe(true);
          expect(a).toBeGreaterThanOrEqual(0);
        }
        expect(t.totalMinor).toBe(t.subtotalMinor - t.discountMinor + t.shippingMinor + t.taxMinor);
        expect(t.taxMinor).toBe(t.taxLines.reduce((a, l) => a + l.amountMinor, 0));
        expect(t.subtotalMinor).toBe(t.entries.reduce((a, e) => a + e.totalMinor, 0));
        expect(t.discountMinor).toBeLessThanOrEqual(t.subtotalMinor);
        if (i.address === null) expect(t.taxLines).toEqual([]);
        if (i.deliveryMode === null) expect(t.shippingMinor).toBe(0);
      }),
    );
  });

  it('free shipping saves exactly the shipping the same cart would pay', () => {
    fc.assert(
      fc.property(input, (i) => {
        const full = { ...i, currency: i.site === 'cab2c' ? ('CAD' as const) : ('USD' as const), shippingConfig: DEFAULT_SHIPPING[i.site] };
        const paid = computeCartTotals(full);
        const free = computeCartTotals({ ...full, freeShipping: true });
        expect(paid.shippingSavedMinor).toBe(0);
        expect(free.shippingMinor).toBe(0);
        expect(free.shippingSavedMinor).toBe(paid.shippingMinor);
        expect(free.subtotalMinor - free.discountMinor).toBe(paid.subtotalMinor - paid.discountMinor);
        expect(free.totalMinor).toBe(free.subtotalMinor - free.discountMinor + free.taxMinor);
        expect(free.totalMinor).toBeLessThanOrEqual(paid.totalMinor);
      }),
      { numRuns: 2000 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(input, (i) => {
        const full = { ...i, currency: 'USD' as const, shippingConfig: DEFAULT_SHIPPING[i.site] };
        expect(computeCartTotals(full)).toEqual(computeCartTotals(structuredClone(full)));
      }),
      { numRuns: 50 },
    );
  });
});
