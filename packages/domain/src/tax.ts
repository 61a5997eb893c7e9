/**
 * Taxes (issue 2, business-defaults.md): US sales tax by ship-to state; Canadian GST, HST, PST
 * and QST by province, each a separate line. Rates are dated data ({@link TAX_RATES}), chosen by
 * the latest `effectiveFrom` on or before the order date.
 *
 * Units: `rateMilliPercent` is the rate in thousandths of a percent (1 = 0.001 %, so
 * 9.975 % = 9975, 5 % = 5000); it is the exact integer the computation uses. `rateBps` is the
 * same rate in basis points (1 bp = 0.01 %), which may carry one decimal (9.975 % = 997.5 bp,
 * Minnesota 6.875 % = 687.5 bp); it is kept for display and for the stored tax lines.
 *
 * Demo simplifications (a real store uses a tax service): US state base rates only (no local
 * taxes); every item is treated as taxable (no grocery zero-rating); the date is compared as a
 * UTC calendar date; shipping is taxed where the row's `taxesShipping` says so.
 */
import type { Country } from './address.ts';
import { invalidInput } from './errors.ts';
import { mulDivRoundHalfUp } from './money.ts';
import type { LocalizedText } from './sites.ts';

/** Tax codes: US state sales tax; Canadian GST, HST (harmonised), PST (provincial, RST in MB), QST (Quebec). */
export type TaxCode = 'SALES' | 'GST' | 'HST' | 'PST' | 'QST';

/** One dated tax rate. */
export interface TaxRate {
  country: Country;
  /** state or province ISO code */
  region: string;
  code: TaxCode;
  /** basis points, may have one decimal (997.5); derived from `rateMilliPercent` */
  rateBps: number;
  /** thousandths of a percent, integer (9975 = 9.975 %) */
  rateMilliPercent: number;
  /** first day the rate applies, YYYY-MM-DD */
  effectiveFrom: string;
  /** does the tax apply to shipping charges too? */
  taxesShipping: boolean;
  /** line label */
  name: LocalizedText;
}

/** One tax line of a cart or order. */
export interface TaxLine {
  code: TaxCode;
  name: LocalizedText;
  /** basis points, may have one decimal (QST 997.5) */
  rateBps: number;
  /** thousandths of a percent, integer */
  rateMilliPercent: number;
  /** minor units, rounded half-up once */
  amountMinor: number;
}

/** Parses a decimal percentage string ("9.975") to thousandths of a percent (9975), exactly. */
export function parsePercentToMilli(pct: string): number {
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(pct);
  if (!m) throw new RangeError(`bad percentage: ${pct}`);
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
}

const NAMES: Record<TaxCode, LocalizedText> = {
  SALES: { en: 'Sales tax', fr: 'Taxe de vente' },
  GST: { en: 'GST', fr: 'TPS' },
  HST: { en: 'HST', fr: 'TVH' },
  PST: { en: 'PST', fr: 'TVP' },
  QST: { en: 'QST', fr: 'TVQ' },
};

function rate(country: Country, region: string, code: TaxCode, pct: string, effectiveFrom: string, taxesShipping: boolean, name?: LocalizedText): TaxRate {
  const rateMilliPercent = parsePercentToMilli(pct);
  return { country, region, code, rateBps: rateMilliPercent / 10, rateMilliPercent, effectiveFrom, taxesShipping, name: name ?? NAMES[code] };
}

const US_BASELINE = '2000-01-01';
/** US states whose sales tax applies to separately stated shipping charges (simplified). */
const US_TAXES_SHIPPING = new Set(['AR', 'CT', 'DC', 'GA', 'HI', 'IN', 'KS', 'KY', 'MI', 'MN', 'MS', 'NE', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'VT', 'WA', 'WV', 'WI']);

/** [state, percent, effectiveFrom?] — state base rates (no local taxes). */
const US_TABLE: ReadonlyArray<readonly [string, string, string?]> = [
  ['AL', '4'], ['AK', '0'], ['AZ', '5.6'], ['AR', '6.5'], ['CA', '7.25'], ['CO', '2.9'], ['CT', '6.35'],
  ['DE', '0'], ['DC', '6'], ['FL', '6'], ['GA', '4'], ['HI', '4'], ['ID', '6'], ['IL', '6.25'], ['IN', '7'],
  ['IA', '6'], ['KS', '6.5'], ['KY', '6'], ['LA', '4.45'], ['LA', '5', '2025-01-01'], ['ME', '5.5'], ['MD', '6'],
  ['MA', '6.25'], ['MI', '6'], ['MN', '6.875'], ['MS', '7'], ['MO', '4.225'], ['MT', '0'], ['NE', '5.5'],
  ['NV', '6.85'], ['NH', '0'], ['NJ', '6.625'], ['NM', '5'], ['NM', '4.875', '2024-07-01'], ['NY', '4'],
  ['NC', '4.75'], ['ND', '5'], ['OH', '5.75'], ['OK', '4.5'], ['OR', '0'], ['PA', '6'], ['PR', '11.5'],
  ['RI', '7'], ['SC', '6'], ['SD', '4.5'], ['SD', '4.2', '2023-07-01'], ['TN', '7'], ['TX', '6.25'],
  ['UT', '6.1'], ['VT', '6'], ['VA', '5.3'], ['WA', '6.5'], ['WV', '6'], ['WI', '5'], ['WY', '4'],
];

/**
 * Every dated tax rate. US: state base sales tax for the 50 states, DC and PR. Canada: GST 5 %
 * where no HST applies; HST 13 % ON, 15 % NB NL PE, NS 15 % then 14 % from 2025-04-01; QST
 * 9.975 % QC; PST 7 % BC, 7 % MB (RST), 6 % SK.
 */
export const TAX_RATES: readonly TaxRate[] = [
  ...US_TABLE.map(([region, pct, from]) => rate('US', region, 'SALES', pct, from ?? US_BASELINE, US_TAXES_SHIPPING.has(region))),
  ...['AB', 'BC', 'MB', 'NT', 'NU', 'QC', 'SK', 'YT'].map((region) => rate('CA', region, 'GST', '5', '2008-01-01', true)),
  rate('CA', 'ON', 'HST', '13', '2010-07-01', true),
  rate('CA', 'NS', 'HST', '15', '2010-07-01', true),
  rate('CA', 'NS', 'HST', '14', '2025-04-01', true),
  rate('CA', 'NB', 'HST', '15', '2016-07-01', true),
  rate('CA', 'NL', 'HST', '15', '2016-07-01', true),
  rate('CA', 'PE', 'HST', '15', '2016-10-01', true),
  rate('CA', 'QC', 'QST', '9.975', '2013-01-01', true),
  rate('CA', 'BC', 'PST', '7', '2013-04-01', false),
  rate('CA', 'MB', 'PST', '7', '2019-07-01', false, { en: 'RST', fr: 'TVD' }),
  rate('CA', 'SK', 'PST', '6', '2017-03-23', false),
];

const CODE_ORDER: readonly TaxCode[] = ['SALES', 'GST', 'HST', 'PST', 'QST'];

/** A Date as its UTC calendar day, YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The rates in force in a region on a date, one per tax code (the row with the latest
 * `effectiveFrom` ≤ the date's UTC day), in line order (SALES, GST, HST, PST, QST). Empty for an
 * unknown region.
 */
export function taxRatesFor(country: Country, region: string, date: Date, table: readonly TaxRate[] = TAX_RATES): TaxRate[] {
  const day = isoDay(date);
  const best = new Map<TaxCode, TaxRate>();
  for (const r of table) {
    if (r.country !== country || r.region !== region || r.effectiveFrom > day) continue;
    const cur = best.get(r.code);
    if (!cur || r.effectiveFrom > cur.effectiveFrom) best.set(r.code, r);
  }
  return CODE_ORDER.flatMap((c) => {
    const r = best.get(c);
    return r ? [r] : [];
  });
}

/**
 * The tax lines of an order (issue 2): one line per tax in force (Canadian taxes as separate
 * lines, e.g. QC → GST then QST), each computed on the items (plus shipping where the tax covers
 * shipping) and rounded half-up once. Taxes with a 0 % rate give no line (OR, MT, NH, DE, AK).
 * @param input.itemsMinor taxable merchandise after discounts, minor units, integer ≥ 0
 * @param input.shippingMinor shipping charge, minor units, integer ≥ 0
 * @throws DomainError InvalidInput (type `TaxError`, reason `invalidRegion`, subject `region`)
 *   when no rate is known for the region
 * @throws RangeError on negative or non-integer amounts (a programming error)
 */
export function computeTaxes(input: { country: Country; region: string; itemsMinor: number; shippingMinor: number; date: Date }, table: readonly TaxRate[] = TAX_RATES): TaxLine[] {
  const { itemsMinor, shippingMinor } = input;
  if (!Number.isSafeInteger(itemsMinor) || itemsMinor < 0) throw new RangeError(`itemsMinor must be a non-negative integer, got ${itemsMinor}`);
  if (!Number.isSafeInteger(shippingMinor) || shippingMinor < 0) throw new RangeError(`shippingMinor must be a non-negative integer, got ${shippingMinor}`);
  const region = input.region.trim().toUpperCase();
  const rates = taxRatesFor(input.country, region, input.date, table);
  if (rates.length === 0) {
    throw invalidInput('TaxError', 'invalidRegion', `No tax rates are known for ${input.country}-${region}`, 'region');
  }
  return rates
    .filter((r) => r.rateMilliPercent > 0)
    .map((r) => ({
      code: r.code,
      name: r.name,
      rateBps: r.rateBps,
      rateMilliPercent: r.rateMilliPercent,
      amountMinor: mulDivRoundHalfUp(itemsMinor + (r.taxesShipping ? shippingMinor : 0), r.rateMilliPercent, 100_000),
    }));
}
