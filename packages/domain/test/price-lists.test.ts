import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPLOYEE_PRICE_GROUP, bestGroupPrice, customerPriceGroups } from '../src/index.ts';

describe('customerPriceGroups', () => {
  it('EMPLOYEE first, then the price group and the user group', () => {
    expect(customerPriceGroups({ isEmployee: true, priceGroup: 'VIP', userGroup: 'PERKS' })).toEqual(['EMPLOYEE', 'VIP', 'PERKS']);
    expect(customerPriceGroups({ isEmployee: false, priceGroup: 'VIP', userGroup: 'PERKS' })).toEqual(['VIP', 'PERKS']);
    expect(EMPLOYEE_PRICE_GROUP).toBe('EMPLOYEE');
  });

  it('ignores empty groups, trims, and removes duplicates', () => {
    expect(customerPriceGroups({ isEmployee: false, priceGroup: null, userGroup: undefined })).toEqual([]);
    expect(customerPriceGroups({ isEmployee: false, priceGroup: '  ', userGroup: ' PERKS ' })).toEqual(['PERKS']);
    expect(customerPriceGroups({ isEmployee: true, priceGroup: 'EMPLOYEE', userGroup: 'EMPLOYEE' })).toEqual(['EMPLOYEE']);
    expect(customerPriceGroups({ isEmployee: false, priceGroup: 'VIP', userGroup: 'VIP' })).toEqual(['VIP']);
  });
});

describe('bestGroupPrice', () => {
  const rows = [
    { groupCode: 'EMPLOYEE', priceMinor: 1200 },
    { groupCode: 'VIP', priceMinor: 1500 },
    { groupCode: 'WHOLESALE', priceMinor: 900 },
  ];

  it('the lowest price among entitled groups', () => {
    expect(bestGroupPrice(1999, rows, ['VIP'])).toEqual({ priceMinor: 1500, groupCode: 'VIP' });
    expect(bestGroupPrice(1999, rows, ['EMPLOYEE', 'VIP'])).toEqual({ priceMinor: 1200, groupCode: 'EMPLOYEE' });
  });

  it('a group the customer is not entitled to never lowers the price (a cookie naming WHOLESALE)', () => {
    expect(bestGroupPrice(1999, rows, [])).toEqual({ priceMinor: 1999, groupCode: null });
    expect(bestGroupPrice(1999, rows, ['VIP', 'wholesale'])).toEqual({ priceMinor: 1500, groupCode: 'VIP' });
  });

  it('never above the list price; an equal price keeps the list price', () => {
    expect(bestGroupPrice(1000, [{ groupCode: 'VIP', priceMinor: 1500 }], ['VIP'])).toEqual({ priceMinor: 1000, groupCode: null });
    expect(bestGroupPrice(1500, [{ groupCode: 'VIP', priceMinor: 1500 }], ['VIP'])).toEqual({ priceMinor: 1500, groupCode: null });
  });

  it('equal group prices: the group listed first wins', () => {
    const tie = [
      { groupCode: 'VIP', priceMinor: 800 },
      { groupCode: 'EMPLOYEE', priceMinor: 800 },
    ];
    expect(bestGroupPrice(1000, tie, ['EMPLOYEE', 'VIP'])).toEqual({ priceMinor: 800, groupCode: 'EMPLOYEE' });
    expect(bestGroupPrice(1000, tie, ['VIP', 'EMPLOYEE'])).toEqual({ priceMinor: 800, groupCode: 'VIP' });
  });

  it('throws RangeError on negative or fractional prices', () => {
    expect(() => bestGroupPrice(-1, [], [])).toThrow(RangeError);
    expect(() => bestGroupPrice(100, [{ groupCode: 'VIP', priceMinor: 9.99 }], ['VIP'])).toThrow(RangeError);
  });

  it('= min(list, entitled prices), and only an entitled group is named (property)', () => {
    const groups = ['EMPLOYEE', 'VIP', 'PERKS', 'WHOLESALE'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.record({ groupCode: fc.constantFrom(...groups), priceMinor: fc.integer({ min: 0, max: 12_000 }) }), { maxLength: 6 }),
        fc.subarray(groups),
        (list, prices, entitled) => {
          const r = bestGroupPrice(list, prices, entitled);
          const expected = Math.min(list, ...prices.filter((p) => entitled.includes(p.groupCode)).map((p) => p.priceMinor));
          expect(r.priceMinor).toBe(expected);
          if (r.groupCode === null) expect(r.priceMinor).toBe(list);
          else {
            expect(entitled).toContain(r.groupCode);
            expect(r.priceMinor).toBeLessThan(list);
            expect(prices).toContainEqual({ groupCode: r.groupCode, priceMinor: r.priceMinor });
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
