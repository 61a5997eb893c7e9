import { describe, expect, it } from 'vitest';
import { CA_PROVINCES, DomainError, TAX_RATES, US_STATES, computeTaxes, parsePercentToMilli, taxRatesFor } from '../src/index.ts';

const d = (s: string) => new Date(`${s}T12:00:00Z`);
const TODAY = d('2025-06-01');

describe('tax rate data', () => {
  it('stores rates as exact integers in thousandths of a percent, with bps beside them', () => {
    expect(parsePercentToMilli('9.975')).toBe(9975);
    expect(parsePercentToMilli('5')).toBe(5000);
    expect(parsePercentToMilli('6.1')).toBe(6100);
    expect(() => parsePercentToMilli('1.2345')).toThrow(RangeError);
    for (const r of TAX_RATES) {
      expect(Number.isInteger(r.rateMilliPercent)).toBe(true);
      expect(r.rateBps * 10).toBe(r.rateMilliPercent);
      expect(r.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
  it('covers every US state, DC and PR, and every Canadian province', () => {
    for (const s of US_STATES) expect(taxRatesFor('US', s.code, TODAY).length, s.code).toBe(1);
    for (const p of CA_PROVINCES) expect(taxRatesFor('CA', p.code, TODAY).length, p.code).toBeGreaterThan(0);
  });
  it('never shows GST where HST applies', () => {
    for (const region of ['ON', 'NS', 'NB', 'NL', 'PE']) {
      expect(taxRatesFor('CA', region, TODAY).map((r) => r.code)).toEqual(['HST']);
    }
  });
});

describe('computeTaxes — Canada', () => {
  it('QC: GST and QST as two lines, both on items and shipping', () => {
    const lines = computeTaxes({ country: 'CA', region: 'QC', itemsMinor: 10000, shippingMinor: 1199, date: TODAY });
    expect(lines).toEqual([
      { code: 'GST', name: { en: 'GST', fr: 'TPS' }, rateBps: 500, rateMilliPercent: 5000, amountMinor: 560 }, // 559.95
      { code: 'QST', name: { en: 'QST', fr: 'TVQ' }, rateBps: 997.5, rateMilliPercent: 9975, amountMinor: 1117 }, // 1117.10
    ]);
  });
  it('ON: one HST line of 13 %', () => {
    expect(computeTaxes({ country: 'CA', region: 'ON', itemsMinor: 10000, shippingMinor: 0, date: TODAY })).toEqual([
      { code: 'HST', name: { en: 'HST', fr: 'TVH' }, rateBps: 1300, rateMilliPercent: 13000, amountMinor: 1300 },
    ]);
  });
  it('NS: HST 15 % until 2025-03-31, 14 % from 2025-04-01', () => {
    const before = computeTaxes({ country: 'CA', region: 'NS', itemsMinor: 10000, shippingMinor: 0, date: d('2025-03-31') });
    const after = computeTaxes({ country: 'CA', region: 'NS', itemsMinor: 10000, shippingMinor: 0, date: d('2025-04-01') });
    expect(before.map((l) => [l.code, l.rateBps, l.amountMinor])).toEqual([['HST', 1500, 1500]]);
    expect(after.map((l) => [l.code, l.rateBps, l.amountMinor])).toEqual([['HST', 1400, 1400]]);
    expect(computeTaxes({ country: 'CA', region: 'NS', itemsMinor: 10000, shippingMinor: 0, date: new Date('2025-04-01T00:00:00Z') })[0]!.rateBps).toBe(1400);
    expect(computeTaxes({ country: 'CA', region: 'NS', itemsMinor: 10000, shippingMinor: 0, date: new Date('2025-03-31T23:59:59Z') })[0]!.rateBps).toBe(1500);
  });
  it('NB, NL, PE: HST 15 %', () => {
    for (const region of ['NB', 'NL', 'PE']) {
      expect(computeTaxes({ country: 'CA', region, itemsMinor: 2000, shippingMinor: 0, date: TODAY })).toMatchObject([{ code: 'HST', rateBps: 1500, amountMinor: 300 }]);
    }
  });
  it('BC: GST on items and shipping, PST 7 % on items only', () => {
    expect(computeTaxes({ country: 'CA', region: 'BC', itemsMinor: 10000, shippingMinor: 1000, date: TODAY }).map((l) => [l.code, l.amountMinor])).toEqual([
      ['GST', 550],
      ['PST', 700],
    ]);
  });
  it('MB: GST and RST 7 %; SK: GST and PST 6 %', () => {
    const mb = computeTaxes({ country: 'CA', region: 'MB', itemsMinor: 1000, shippingMinor: 0, date: TODAY });
    expect(mb.map((l) => [l.code, l.name.en, l.name.fr, l.rateBps])).toEqual([
      ['GST', 'GST', 'TPS', 500],
      ['PST', 'RST', 'TVD', 700],
    ]);
    expect(computeTaxes({ country: 'CA', region: 'SK', itemsMinor: 1000, shippingMinor: 0, date: TODAY }).map((l) => [l.code, l.amountMinor])).toEqual([
      ['GST', 50],
      ['PST', 60],
    ]);
  });
  it('AB, territories: GST only', () => {
    for (const region of ['AB', 'NT', 'NU', 'YT']) {
      expect(computeTaxes({ country: 'CA', region, itemsMinor: 1000, shippingMinor: 0, date: TODAY }).map((l) => l.code)).toEqual(['GST']);
    }
  });
  it('rounds each line half-up once', () => {
    // 5 % of 1010 = 50.5 → 51; 9.975 % of 1010 = 100.7475 → 101
    expect(computeTaxes({ country: 'CA', region: 'QC', itemsMinor: 1010, shippingMinor: 0, date: TODAY }).map((l) => l.amountMinor)).toEqual([51, 101]);
  });
  it('accepts a lower-case region', () => {
    expect(computeTaxes({ country: 'CA', region: 'qc', itemsMinor: 100, shippingMinor: 0, date: TODAY })).toHaveLength(2);
  });
});

describe('computeTaxes — US', () => {
  it('CA: 7.25 % on items, shipping not taxed', () => {
    expect(computeTaxes({ country: 'US', region: 'CA', itemsMinor: 1000, shippingMinor: 799, date: TODAY })).toEqual([
      { code: 'SALES', name: { en: 'Sales tax', fr: 'Taxe de vente' }, rateBps: 725, rateMilliPercent: 7250, amountMinor: 73 }, // 72.5 → 73
    ]);
  });
  it('NY: 4 % on items and shipping', () => {
    expect(computeTaxes({ country: 'US', region: 'NY', itemsMinor: 1000, shippingMinor: 799, date: TODAY })[0]!.amountMinor).toBe(72); // 71.96
  });
  it('TX, WA, FL state rates', () => {
    expect(computeTaxes({ country: 'US', region: 'TX', itemsMinor: 10000, shippingMinor: 0, date: TODAY })[0]!.amountMinor).toBe(625);
    expect(computeTaxes({ country: 'US', region: 'WA', itemsMinor: 10000, shippingMinor: 0, date: TODAY })[0]!.amountMinor).toBe(650);
    expect(computeTaxes({ country: 'US', region: 'FL', itemsMinor: 10000, shippingMinor: 0, date: TODAY })[0]!.amountMinor).toBe(600);
  });
  it('MN has a fractional basis-point rate', () => {
    expect(computeTaxes({ country: 'US', region: 'MN', itemsMinor: 1000, shippingMinor: 0, date: TODAY })).toMatchObject([{ rateBps: 687.5, amountMinor: 69 }]); // 68.75
  });
  it('gives no line in states without sales tax', () => {
    for (const region of ['OR', 'MT', 'NH', 'DE', 'AK']) {
      expect(computeTaxes({ country: 'US', region, itemsMinor: 10000, shippingMinor: 500, date: TODAY }), region).toEqual([]);
    }
  });
  it('picks the rate by effective date (LA raised to 5 % on 2025-01-01)', () => {
    expect(computeTaxes({ country: 'US', region: 'LA', itemsMinor: 10000, shippingMinor: 0, date: d('2024-12-31') })[0]!.rateBps).toBe(445);
    expect(computeTaxes({ country: 'US', region: 'LA', itemsMinor: 10000, shippingMinor: 0, date: d('2025-01-01') })[0]!.rateBps).toBe(500);
  });
  it('zero items and shipping give zero amounts', () => {
    expect(computeTaxes({ country: 'US', region: 'NY', itemsMinor: 0, shippingMinor: 0, date: TODAY })[0]!.amountMinor).toBe(0);
  });
});

describe('computeTaxes — errors', () => {
  it('refuses an unknown region with InvalidInput invalidRegion', () => {
    let err: unknown;
    try {
      computeTaxes({ country: 'US', region: 'QC', itemsMinor: 1, shippingMinor: 0, date: TODAY });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: 'InvalidInput', type: 'TaxError', reason: 'invalidRegion', subject: 'region' });
  });
  it('refuses negative or fractional amounts', () => {
    expect(() => computeTaxes({ country: 'US', region: 'NY', itemsMinor: -1, shippingMinor: 0, date: TODAY })).toThrow(RangeError);
    expect(() => computeTaxes({ country: 'US', region: 'NY', itemsMinor: 1, shippingMinor: 0.5, date: TODAY })).toThrow(RangeError);
  });
  it('accepts a custom dated table', () => {
    const table = [{ country: 'US' as const, region: 'ZZ', code: 'SALES' as const, rateBps: 1000, rateMilliPercent: 10000, effectiveFrom: '2030-01-01', taxesShipping: false, name: { en: 'T', fr: 'T' } }];
    expect(() => computeTaxes({ country: 'US', region: 'ZZ', itemsMinor: 100, shippingMinor: 0, date: TODAY }, table)).toThrow(DomainError);
    expect(computeTaxes({ country: 'US', region: 'ZZ', itemsMinor: 100, shippingMinor: 0, date: d('2030-01-01') }, table)[0]!.amountMinor).toBe(10);
  });
});
