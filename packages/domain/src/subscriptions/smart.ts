/**
 * Smart subscriptions (ADR 0018 "Programs": `ADCF` → SMART; "Schedule rules"): the first ship
 * date and the frequency suggested from the pods at home, the cups a day and the customer's past
 * orders, returned with structured reasoning (numbers and codes, no prose: the storefront words it
 * in English and French).
 *
 * Rules (integer arithmetic only):
 * - days of coffee at home = floor(podsAtHome / cupsPerDay) (podsAtHome empty → 0);
 * - first ship date = today + max(7, days at home − 3), capped at today + 180 (the furthest
 *   "ship on" date): the box arrives before the pods run out, never sooner than a week;
 * - consumption interval = podsPerOrder / cupsPerDay days (how long one order lasts);
 * - with past orders: the observed interval is the median gap between the customer's most recent
 *   orders (distinct dates up to `today`, at most the last 7 dates, so 6 gaps; the median resists a
 *   holiday gap); the blended interval = (consumption + w · observed) / (1 + w) days, with
 *   w = min(number of gaps, 3): each observed gap adds trust, up to three times the weight of the
 *   stated consumption;
 * - frequency = round(blended interval / 7) weeks (half-up), then the nearest offered frequency
 *   of the site (`frequenciesWeeks`; the shorter one on a tie, so nobody runs out): with the
 *   default 2…12 weeks this is the ADR's clamp(round(podsPerOrder / cupsPerDay / 7), 2, 12).
 */
import { mulDivRoundHalfUp } from '../money.ts';
import type { LocalDate } from './local-date.ts';
import { addLocalDays, compareLocalDates, daysBetween, isLocalDate } from './local-date.ts';
import type { AutoDeliverySettings } from './settings.ts';
import { CUPS_PER_DAY_MAX, CUPS_PER_DAY_MIN, MAX_DAYS_AHEAD } from './settings.ts';

/** Fewest days before the first smart shipment (ADR 0018). */
export const SMART_MIN_FIRST_SHIP_DAYS = 7;
/** Days of coffee left at home when the first smart shipment should arrive (ADR 0018). */
export const SMART_BUFFER_DAYS = 3;
/** How many of the most recent past order dates the smart suggestion looks at. */
export const SMART_MAX_PAST_ORDERS = 7;
/** Most weight the observed interval gets against the stated consumption (w ≤ 3). */
export const SMART_MAX_HISTORY_WEIGHT = 3;

/** Input of {@link smartSuggestion}. */
export interface SmartSuggestionInput {
  /** pods at home (spec §5; `null` = empty, counted as 0) */
  podsAtHomeQty: number | null;
  /** cups a day, 1–20 (validated with `validateCupsPerDay`) */
  cupsPerDay: number;
  /** pods one order brings (Σ count × qty of the subscription's pod items), ≥ 1 */
  podsPerOrder: number;
  /** local dates of the customer's past orders of these pods, any order; dates after `today` are ignored */
  pastOrderDates?: readonly LocalDate[];
  /** the local date now in the site's time zone */
  today: LocalDate;
  settings: Pick<AutoDeliverySettings, 'frequenciesWeeks'>;
}

/** Codes of what shaped a suggestion (the storefront words each one). */
export type SmartNote =
  /** podsAtHomeQty was empty: counted as 0 */
  | 'podsAtHomeUnknown'
  /** the pods at home last less than a week plus the buffer: first shipment in 7 days */
  | 'firstShipMinimum'
  /** the pods at home last longer than 180 days: first shipment capped at today + 180 */
  | 'firstShipCapped'
  /** past orders were blended in */
  | 'pastOrdersBlended'
  /** the rounded frequency was not offered: the nearest offered one is used */
  | 'frequencySnapped';

/** Structured reasoning of a suggestion: every number the UI may show. Days are calendar days. */
export interface SmartReasoning {
  podsAtHomeQty: number;
  cupsPerDay: number;
  podsPerOrder: number;
  /** floor(podsAtHome / cupsPerDay) */
  daysOfCoffeeAtHome: number;
  /** {@link SMART_BUFFER_DAYS} */
  bufferDays: number;
  /** days from today to the first shipment */
  firstShipInDays: number;
  /** podsPerOrder / cupsPerDay, rounded half-up to whole days (display) */
  daysPerOrder: number;
  /** median gap between past orders, days; `null` without at least two past dates */
  observedIntervalDays: number | null;
  /** how many gaps the observation used (0 without past orders) */
  observedGaps: number;
  /** weight w of the observation in the blend (0 when none) */
  historyWeight: number;
  /** the interval the frequency comes from, days, rounded half-up (display) */
  blendedIntervalDays: number;
  /** round(blended interval / 7), before snapping to the offered frequencies */
  suggestedWeeks: number;
  /** the site's offered range */
  minWeeks: number;
  maxWeeks: number;
  notes: SmartNote[];
}

/** The suggestion of {@link smartSuggestion}. */
export interface SmartSuggestion {
  /** one of the site's offered frequencies, weeks */
  frequencyWeeks: number;
  /** first recurring local date (after today) */
  firstShipDate: LocalDate;
  reasoning: SmartReasoning;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  if (s.length % 2 === 1) return s[mid] ?? 0;
  return mulDivRoundHalfUp((s[mid - 1] ?? 0) + (s[mid] ?? 0), 1, 2);
}

function nearestOffered(weeks: number, offered: readonly number[]): number {
  let best: number | null = null;
  for (const f of offered) {
    if (best === null || Math.abs(f - weeks) < Math.abs(best - weeks) || (Math.abs(f - weeks) === Math.abs(best - weeks) && f < best)) best = f;
  }
  return best ?? weeks;
}

/**
 * Suggests a smart subscription's frequency and first ship date (see the module comment for the
 * rules and the blend with past orders).
 * @throws RangeError on a programming error: cupsPerDay outside 1–20, podsPerOrder < 1, a negative
 *   or fractional podsAtHomeQty, a malformed date, no offered frequency (validate shopper input
 *   with `validateCupsPerDay` / `parsePodsAtHomeQty` first)
 */
export function smartSuggestion(input: SmartSuggestionInput): SmartSuggestion {
  const { cupsPerDay, podsPerOrder, today, settings } = input;
  if (!Number.isInteger(cupsPerDay) || cupsPerDay < CUPS_PER_DAY_MIN || cupsPerDay > CUPS_PER_DAY_MAX) throw new RangeError(`cupsPerDay must be ${CUPS_PER_DAY_MIN}–${CUPS_PER_DAY_MAX}, got ${cupsPerDay}`);
  if (!Number.isSafeInteger(podsPerOrder) || podsPerOrder < 1) throw new RangeError(`podsPerOrder must be a positive integer, got ${podsPerOrder}`);
  if (input.podsAtHomeQty !== null && (!Number.isSafeInteger(input.podsAtHomeQty) || input.podsAtHomeQty < 0)) throw new RangeError(`podsAtHomeQty must be a non-negative integer or null, got ${input.podsAtHomeQty}`);
  if (!isLocalDate(today)) throw new RangeError(`today is not a YYYY-MM-DD date: ${today}`);
  const offered = settings.frequenciesWeeks;
  if (offered.length === 0) throw new RangeError('settings.frequenciesWeeks is empty');
  const minWeeks = Math.min(...offered);
  const maxWeeks = Math.max(...offered);
  const notes: SmartNote[] = [];

  const podsAtHomeQty = input.podsAtHomeQty ?? 0;
  if (input.podsAtHomeQty === null) notes.push('podsAtHomeUnknown');
  const daysOfCoffeeAtHome = Math.floor(podsAtHomeQty / cupsPerDay);
  let firstShipInDays = daysOfCoffeeAtHome - SMART_BUFFER_DAYS;
  if (firstShipInDays < SMART_MIN_FIRST_SHIP_DAYS) {
    firstShipInDays = SMART_MIN_FIRST_SHIP_DAYS;
    notes.push('firstShipMinimum');
  } else if (firstShipInDays > MAX_DAYS_AHEAD) {
    firstShipInDays = MAX_DAYS_AHEAD;
    notes.push('firstShipCapped');
  }

  const past = [...new Set(input.pastOrderDates ?? [])]
    .filter((d) => {
      if (!isLocalDate(d)) throw new RangeError(`past order date is not a YYYY-MM-DD date: ${d}`);
      return compareLocalDates(d, today) <= 0;
    })
    .sort(compareLocalDates)
    .slice(-SMART_MAX_PAST_ORDERS);
  const gaps = past.slice(1).map((d, i) => daysBetween(past[i] ?? d, d));
  const observedIntervalDays = gaps.length > 0 ? median(gaps) : null;
  const historyWeight = Math.min(gaps.length, SMART_MAX_HISTORY_WEIGHT);
  if (observedIntervalDays !== null) notes.push('pastOrdersBlended');

  // blended days = (podsPerOrder / cups + w · observed) / (1 + w) = (podsPerOrder + w · observed · cups) / (cups · (1 + w))
  const numerator = podsPerOrder + historyWeight * (observedIntervalDays ?? 0) * cupsPerDay;
  const denominator = cupsPerDay * (1 + historyWeight);
  const suggestedWeeks = mulDivRoundHalfUp(numerator, 1, 7 * denominator);
  const frequencyWeeks = nearestOffered(suggestedWeeks, offered);
  if (frequencyWeeks !== suggestedWeeks) notes.push('frequencySnapped');

  return {
    frequencyWeeks,
    firstShipDate: addLocalDays(today, firstShipInDays),
    reasoning: {
      podsAtHomeQty,
      cupsPerDay,
      podsPerOrder,
      daysOfCoffeeAtHome,
      bufferDays: SMART_BUFFER_DAYS,
      firstShipInDays,
      daysPerOrder: mulDivRoundHalfUp(podsPerOrder, 1, cupsPerDay),
      observedIntervalDays,
      observedGaps: gaps.length,
      historyWeight,
      blendedIntervalDays: mulDivRoundHalfUp(numerator, 1, denominator),
      suggestedWeeks,
      minWeeks,
      maxWeeks,
      notes,
    },
  };
}
