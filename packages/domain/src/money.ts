/**
 * Money: integer minor units (cents) plus an ISO currency code everywhere below formatting
 * (DESIGN "Money, ids, time"). Rounding is half-up to the minor unit, done once. Both supported
 * currencies have two decimals.
 */

/** Supported currencies (USD for usb2c and usafh, CAD for cab2c). */
export type CurrencyIso = 'USD' | 'CAD';

/** An amount of money. `amountMinor` is an integer number of cents. */
export interface Money {
  amountMinor: number;
  currency: CurrencyIso;
}

/** Locales the storefronts format money for. */
export type MoneyLocale = 'en-US' | 'en-CA' | 'fr-CA';

/** Minor units per major unit for every supported currency. */
export const MINOR_PER_MAJOR = 100;

/** U+00A0 NO-BREAK SPACE: the only space {@link formatMoney} ever emits. */
export const NBSP = '\u00A0';

/**
 * Rounds a non-integer intermediate value to an integer, half-up. For negative values the half
 * goes away from zero (`roundHalfUp(-2.5) === -3`), i.e. the rounding is symmetric: the magnitude
 * is rounded half-up. Never returns `-0`.
 */
export function roundHalfUp(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`roundHalfUp: not a finite number: ${x}`);
  const r = Math.sign(x) * Math.round(Math.abs(x));
  return r + 0; // normalise -0 to 0
}

function toBigIntExact(x: number, what: string): bigint {
  if (!Number.isSafeInteger(x)) throw new RangeError(`${what} must be a safe integer, got ${x}`);
  return BigInt(x);
}

/**
 * Exact `a * n / d`, rounded half-up (symmetric for negatives), computed with BigInt so no
 * precision is lost. `a` and `n` are safe integers, `d` a positive safe integer.
 * @throws RangeError on non-integer input or `d <= 0`
 */
export function mulDivRoundHalfUp(a: number, n: number, d: number): number {
  const A = toBigIntExact(a, 'a');
  const N = toBigIntExact(n, 'n');
  const D = toBigIntExact(d, 'd');
  if (D <= 0n) throw new RangeError('d must be positive');
  const p = A * N;
  const neg = p < 0n;
  const abs = neg ? -p : p;
  const q = (abs * 2n + D) / (2n * D);
  const r = Number(neg ? -q : q);
  return r + 0;
}

/**
 * `basisPoints` percent of an amount in minor units, rounded half-up once (1 bp = 0.01 %;
 * 10000 bp = 100 %). Fractional basis points with up to three decimals are exact
 * (QST 9.975 % = 997.5 bp). Example: `percentOfMinor(1999, 2500) === 500` (25 % of 19.99 = 4.9975).
 * @throws RangeError when `amountMinor` is not a safe integer or `basisPoints` has more than 3 decimals
 */
export function percentOfMinor(amountMinor: number, basisPoints: number): number {
  const scaled = Math.round(basisPoints * 1000);
  if (!Number.isFinite(basisPoints) || Math.abs(scaled - basisPoints * 1000) > 1e-6) {
    throw new RangeError(`basisPoints must have at most 3 decimals, got ${basisPoints}`);
  }
  return mulDivRoundHalfUp(amountMinor, scaled, 10_000_000);
}

/**
 * Splits `totalMinor` across `weights` proportionally with the largest-remainder method; the
 * parts always sum exactly to `totalMinor`. Ties go to the earlier index. When every weight is 0
 * the total is split evenly. A negative total is split by magnitude and the parts negated.
 * Example: `allocateProportionally(100, [1, 1, 1])` → `[34, 33, 33]`.
 * @param totalMinor integer minor units
 * @param weights non-negative safe integers (e.g. line totals in minor units)
 * @throws RangeError on non-integer or negative weights, or an empty list with a non-zero total
 */
export function allocateProportionally(totalMinor: number, weights: readonly number[]): number[] {
  const total = toBigIntExact(totalMinor, 'totalMinor');
  if (weights.length === 0) {
    if (total === 0n) return [];
    throw new RangeError('cannot allocate a non-zero total over no weights');
  }
  let ws = weights.map((w, i) => {
    const b = toBigIntExact(w, `weights[${i}]`);
    if (b < 0n) throw new RangeError(`weights[${i}] must not be negative`);
    return b;
  });
  let sum = ws.reduce((a, b) => a + b, 0n);
  if (sum === 0n) {
    ws = ws.map(() => 1n);
    sum = BigInt(ws.length);
  }
  const neg = total < 0n;
  const abs = neg ? -total : total;
  const parts = ws.map((w) => (abs * w) / sum);
  const rems = ws.map((w, i) => ({ i, rem: (abs * w) % sum }));
  let left = abs - parts.reduce((a, b) => a + b, 0n);
  rems.sort((x, y) => (x.rem === y.rem ? x.i - y.i : x.rem > y.rem ? -1 : 1));
  for (const { i } of rems) {
    if (left === 0n) break;
    parts[i] = (parts[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(neg ? -p : p) + 0);
}

/**
 * Formats minor units for a locale with `Intl.NumberFormat`: en-US "$12.99", en-CA "$12.99",
 * fr-CA "12,99 $". Every narrow no-break space (U+202F), thin space (U+2009) or plain space Intl
 * may emit is normalised to a NO-BREAK SPACE U+00A0 ({@link NBSP}), so the French result is
 * exactly `"12,99\u00A0$"` and `"1\u00A0234,56\u00A0$"` whatever the ICU version.
 * A currency foreign to the locale is marked ("US$12.99" in en-CA).
 */
export function formatMoney(amountMinor: number, currency: CurrencyIso, locale: MoneyLocale): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`amountMinor must be a safe integer, got ${amountMinor}`);
  const s = moneyFormatter(locale, currency).format(amountMinor / MINOR_PER_MAJOR);
  return s.replace(/[\u202F\u2009\u0020]/g, NBSP);
}

/**
 * One `Intl.NumberFormat` per locale and currency, built on first use and kept for the life of
 * the process: building a formatter costs far more than formatting with it (it was a fifth of
 * the API's CPU time, ADR 0011). A formatter is immutable and the keys are a closed set
 * ({@link MoneyLocale} × {@link CurrencyIso}, at most 6 entries, plus whatever a caller passes
 * outside the types), so the cache is bounded and safe to share between requests.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // bounded: untyped callers cannot grow it without limit
    if (formatters.size >= 64) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Spec §3 Price data: `value` in major units (display only, never computed with). */
export interface PriceData {
  /** major units, e.g. 12.99 — for display only */
  value: number;
  formattedValue: string;
  currencyIso: CurrencyIso;
}

/** Builds spec §3 Price data (`value`, `formattedValue`, `currencyIso`) from minor units. */
export function toPriceData(amountMinor: number, currency: CurrencyIso, locale: MoneyLocale): PriceData {
  return {
    value: amountMinor / MINOR_PER_MAJOR,
    formattedValue: formatMoney(amountMinor, currency, locale),
    currencyIso: currency,
  };
}
