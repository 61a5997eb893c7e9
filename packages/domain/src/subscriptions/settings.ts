/**
 * Auto-delivery site configuration and input validation (ADR 0018 "Site configuration",
 * "Buying", "Schedule rules"; business-defaults.md; spec §5, §9).
 *
 * {@link parseAutoDeliverySettings} reads the operator-changeable `site_config` key/values
 * (strings) into typed {@link AutoDeliverySettings}. It never throws: a missing, blank or bad value
 * falls back to the site's default ({@link defaultAutoDeliverySettings}) and a bad one is reported
 * in `problems`, so a typo in the back office never takes the store down.
 *
 * The validators below throw the domain's typed errors (InvalidInput, HTTP 400, type
 * `ValidationError`) naming the field, for what a shopper sends.
 */
import type { BaseSiteId } from '../sites.ts';
import { invalidInput } from '../errors.ts';
import { MAX_QTY_PER_ENTRY, normalizePodsAtHomeQty } from '../cart-rules.ts';
import type { LocalDate } from './local-date.ts';
import { addLocalDays, isLocalDate, isValidTimeZone } from './local-date.ts';

/** Typed auto-delivery settings of one site (ADR 0018 "Site configuration"). */
export interface AutoDeliverySettings {
  /** `adEnabled`: does the site offer auto-delivery at all? */
  enabled: boolean;
  /** `adDiscountBps`: AD discount of recurring orders, basis points (2500 = 25 %), 0–10000 */
  discountBps: number;
  /** `adFirstOrderDiscountBps`: AD discount of the order that starts a subscription, basis points, 0–10000 */
  firstOrderDiscountBps: number;
  /** `adFrequenciesWeeks`: the frequencies offered, weeks, ascending, distinct, each 1–52 */
  frequenciesWeeks: readonly number[];
  /** `adDefaultFrequencyWeeks`: the preselected frequency, weeks; always one of `frequenciesWeeks` */
  defaultFrequencyWeeks: number;
  /** `adFreeStandardShipping`: does an order with an AD line ship standard for free? */
  freeStandardShipping: boolean;
  /** `adReminderLeadDays`: days before the ship date the reminder email goes out, 0–30 */
  reminderLeadDays: number;
  /** `adRetryDays`: days after the first failed charge each retry happens, strictly ascending, each 1–60, 0–10 of them */
  retryDays: readonly number[];
  /** `adTimeZone`: IANA time zone of the site's calendar dates (ship dates, "today") */
  timeZone: string;
  /** `adMaxQtyPerItem`: largest quantity of one subscription item, 1–99 */
  maxQtyPerItem: number;
  /** `podsAtHomeMaxQty` (spec §9): largest podsAtHomeQty accepted, 1–100000 */
  podsAtHomeMaxQty: number;
}

/** The `site_config` key of each setting (ADR 0018 table). */
export const AD_SETTING_KEYS = Object.freeze({
  enabled: 'adEnabled',
  discountBps: 'adDiscountBps',
  firstOrderDiscountBps: 'adFirstOrderDiscountBps',
  frequenciesWeeks: 'adFrequenciesWeeks',
  defaultFrequencyWeeks: 'adDefaultFrequencyWeeks',
  freeStandardShipping: 'adFreeStandardShipping',
  reminderLeadDays: 'adReminderLeadDays',
  retryDays: 'adRetryDays',
  timeZone: 'adTimeZone',
  maxQtyPerItem: 'adMaxQtyPerItem',
  podsAtHomeMaxQty: 'podsAtHomeMaxQty',
} as const satisfies Record<keyof AutoDeliverySettings, string>);

/** One of the `site_config` keys of {@link AD_SETTING_KEYS}. */
export type AutoDeliverySettingKey = (typeof AD_SETTING_KEYS)[keyof typeof AD_SETTING_KEYS];

const ALL_FREQUENCIES = Object.freeze([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

/** The ADR 0018 defaults per site (the table of "Site configuration"). */
const DEFAULTS: Record<BaseSiteId, AutoDeliverySettings> = {
  usb2c: {
    enabled: true,
    discountBps: 2500,
    firstOrderDiscountBps: 2500,
    frequenciesWeeks: ALL_FREQUENCIES,
    defaultFrequencyWeeks: 4,
    freeStandardShipping: true,
    reminderLeadDays: 3,
    retryDays: Object.freeze([1, 3, 7]),
    timeZone: 'America/New_York',
    maxQtyPerItem: 12,
    podsAtHomeMaxQty: 500,
  },
  cab2c: {
    enabled: true,
    discountBps: 1500,
    firstOrderDiscountBps: 2500,
    frequenciesWeeks: ALL_FREQUENCIES,
    defaultFrequencyWeeks: 4,
    freeStandardShipping: true,
    reminderLeadDays: 3,
    retryDays: Object.freeze([1, 3, 7]),
    timeZone: 'America/Toronto',
    maxQtyPerItem: 12,
    podsAtHomeMaxQty: 500,
  },
  usafh: {
    enabled: true,
    discountBps: 1000,
    firstOrderDiscountBps: 1000,
    frequenciesWeeks: ALL_FREQUENCIES,
    defaultFrequencyWeeks: 4,
    freeStandardShipping: false,
    reminderLeadDays: 3,
    retryDays: Object.freeze([1, 3, 7]),
    timeZone: 'America/New_York',
    maxQtyPerItem: 24,
    podsAtHomeMaxQty: 2000,
  },
};

/**
 * The default auto-delivery settings of a site (ADR 0018 "Site configuration"): usb2c 25 %/25 %,
 * cab2c 15 % recurring and 25 % on the first order, usafh 10 %/10 % and no free shipping; every 2
 * to 12 weeks, 4 by default; reminder 3 days ahead; retries after 1, 3, 7 days; time zone
 * America/New_York (cab2c America/Toronto); at most 12 of an item (usafh 24); podsAtHomeQty up to
 * 500 (usafh 2000). Returns a fresh object each call.
 */
export function defaultAutoDeliverySettings(site: BaseSiteId): AutoDeliverySettings {
  const d = DEFAULTS[site];
  return { ...d, frequenciesWeeks: [...d.frequenciesWeeks], retryDays: [...d.retryDays] };
}

/** A configuration value that could not be used (reported by {@link parseAutoDeliverySettings}). */
export interface AutoDeliverySettingsProblem {
  /** the `site_config` key */
  key: AutoDeliverySettingKey;
  /** the value found, as given */
  value: string;
  /** why it was refused: `invalidBoolean` | `invalidInteger` | `outOfRange` | `invalidList` | `unknownTimeZone` | `notAnOfferedFrequency` */
  reason: 'invalidBoolean' | 'invalidInteger' | 'outOfRange' | 'invalidList' | 'unknownTimeZone' | 'notAnOfferedFrequency';
  /** the value used instead, in the configuration's string form */
  usedInstead: string;
}

/** The result of {@link parseAutoDeliverySettings}. */
export interface ParsedAutoDeliverySettings {
  settings: AutoDeliverySettings;
  /** every value that was present but unusable; empty when the configuration is clean */
  problems: AutoDeliverySettingsProblem[];
}

const INT_RE = /^[+]?\d{1,9}$/;

function parseBool(v: string): boolean | null {
  const s = v.trim().toLowerCase();
  if (s === 'true' || s === '1' || s === 'yes') return true;
  if (s === 'false' || s === '0' || s === 'no') return false;
  return null;
}

function parseInteger(v: string): number | null {
  const s = v.trim();
  return INT_RE.test(s) ? Number(s) : null;
}

/** "2,4,6" or ranges "2-12" (mixable: "2-4,6,8-12"); null when any part is malformed. */
function parseIntList(v: string): number[] | null {
  const s = v.trim();
  if (s === '') return [];
  const out: number[] = [];
  for (const raw of s.split(',')) {
    const part = raw.trim();
    const range = /^(\d{1,3})\s*[-–…]\s*(\d{1,3})$/.exec(part);
    if (range) {
      const a = Number(range[1]);
      const b = Number(range[2]);
      if (a > b) return null;
      for (let i = a; i <= b; i += 1) out.push(i);
      continue;
    }
    const n = parseInteger(part);
    if (n === null) return null;
    out.push(n);
  }
  return out;
}

function listString(xs: readonly number[]): string {
  return xs.join(',');
}

/**
 * Reads the auto-delivery settings of a site from its `site_config` key/values (ADR 0018). Never
 * throws. For each key: missing, `undefined`, not a string or blank → the site default, silently;
 * present but unusable → the site default and a `problems` entry. Accepted forms:
 * - booleans `true`/`false` (also `1`/`0`, `yes`/`no`, any case);
 * - integers: digits only; basis points 0–10000, reminder lead 0–30 days, max qty 1–99
 *   (the cart's own limit), podsAtHomeMaxQty 1–100000;
 * - `adFrequenciesWeeks`: a comma list of weeks and/or ranges (`2,3,4` or `2-12`), each 1–52, not
 *   empty; sorted and de-duplicated;
 * - `adDefaultFrequencyWeeks`: must be one of the offered frequencies; otherwise the site default
 *   when offered, else the offered frequency nearest to it (the shorter on a tie);
 * - `adRetryDays`: a comma list of strictly ascending days 1–60, at most 10 (`1,3,7`), or `none`
 *   (suspend after the first failed charge);
 * - `adTimeZone`: an IANA time zone the runtime knows.
 * @param site the base site (gives the defaults)
 * @param config the site's key/values (other keys are ignored)
 */
export function parseAutoDeliverySettings(site: BaseSiteId, config: Readonly<Record<string, unknown>>): ParsedAutoDeliverySettings {
  const d = defaultAutoDeliverySettings(site);
  const problems: AutoDeliverySettingsProblem[] = [];
  const raw = (key: AutoDeliverySettingKey): string | null => {
    const v = Object.prototype.hasOwnProperty.call(config, key) ? config[key] : undefined;
    return typeof v === 'string' && v.trim() !== '' ? v : null;
  };
  const report = (key: AutoDeliverySettingKey, value: string, reason: AutoDeliverySettingsProblem['reason'], usedInstead: string): void => {
    problems.push({ key, value, reason, usedInstead });
  };
  const bool = (key: AutoDeliverySettingKey, def: boolean): boolean => {
    const v = raw(key);
    if (v === null) return def;
    const b = parseBool(v);
    if (b === null) report(key, v, 'invalidBoolean', String(def));
    return b ?? def;
  };
  const int = (key: AutoDeliverySettingKey, def: number, min: number, max: number): number => {
    const v = raw(key);
    if (v === null) return def;
    const n = parseInteger(v);
    if (n === null) {
      report(key, v, 'invalidInteger', String(def));
      return def;
    }
    if (n < min || n > max) {
      report(key, v, 'outOfRange', String(def));
      return def;
    }
    return n;
  };

  const enabled = bool(AD_SETTING_KEYS.enabled, d.enabled);
  const discountBps = int(AD_SETTING_KEYS.discountBps, d.discountBps, 0, 10_000);
  const firstOrderDiscountBps = int(AD_SETTING_KEYS.firstOrderDiscountBps, d.firstOrderDiscountBps, 0, 10_000);

  let frequenciesWeeks = d.frequenciesWeeks;
  const fv = raw(AD_SETTING_KEYS.frequenciesWeeks);
  if (fv !== null) {
    const list = parseIntList(fv);
    if (list === null || list.length === 0) report(AD_SETTING_KEYS.frequenciesWeeks, fv, 'invalidList', listString(d.frequenciesWeeks));
    else if (list.some((n) => n < 1 || n > 52)) report(AD_SETTING_KEYS.frequenciesWeeks, fv, 'outOfRange', listString(d.frequenciesWeeks));
    else frequenciesWeeks = [...new Set(list)].sort((a, b) => a - b);
  }

  const fallbackDefault = frequenciesWeeks.includes(d.defaultFrequencyWeeks) ? d.defaultFrequencyWeeks : nearestOffered(d.defaultFrequencyWeeks, frequenciesWeeks);
  let defaultFrequencyWeeks = fallbackDefault;
  const dv = raw(AD_SETTING_KEYS.defaultFrequencyWeeks);
  if (dv !== null) {
    const n = parseInteger(dv);
    if (n === null) report(AD_SETTING_KEYS.defaultFrequencyWeeks, dv, 'invalidInteger', String(fallbackDefault));
    else if (!frequenciesWeeks.includes(n)) report(AD_SETTING_KEYS.defaultFrequencyWeeks, dv, 'notAnOfferedFrequency', String(fallbackDefault));
    else defaultFrequencyWeeks = n;
  }

  const freeStandardShipping = bool(AD_SETTING_KEYS.freeStandardShipping, d.freeStandardShipping);
  const reminderLeadDays = int(AD_SETTING_KEYS.reminderLeadDays, d.reminderLeadDays, 0, 30);

  let retryDays = d.retryDays;
  const rv = raw(AD_SETTING_KEYS.retryDays);
  if (rv !== null) {
    const list = rv.trim().toLowerCase() === 'none' ? [] : parseIntList(rv);
    const ascending = list !== null && list.every((n, i) => i === 0 || n > (list[i - 1] ?? 0));
    if (list === null || !ascending || list.length > 10) report(AD_SETTING_KEYS.retryDays, rv, 'invalidList', listString(d.retryDays));
    else if (list.some((n) => n < 1 || n > 60)) report(AD_SETTING_KEYS.retryDays, rv, 'outOfRange', listString(d.retryDays));
    else retryDays = list;
  }

  let timeZone = d.timeZone;
  const tv = raw(AD_SETTING_KEYS.timeZone);
  if (tv !== null) {
    if (isValidTimeZone(tv.trim())) timeZone = tv.trim();
    else report(AD_SETTING_KEYS.timeZone, tv, 'unknownTimeZone', d.timeZone);
  }

  const maxQtyPerItem = int(AD_SETTING_KEYS.maxQtyPerItem, d.maxQtyPerItem, 1, MAX_QTY_PER_ENTRY);
  const podsAtHomeMaxQty = int(AD_SETTING_KEYS.podsAtHomeMaxQty, d.podsAtHomeMaxQty, 1, 100_000);

  return {
    settings: {
      enabled,
      discountBps,
      firstOrderDiscountBps,
      frequenciesWeeks,
      defaultFrequencyWeeks,
      freeStandardShipping,
      reminderLeadDays,
      retryDays,
      timeZone,
      maxQtyPerItem,
      podsAtHomeMaxQty,
    },
    problems,
  };
}

function nearestOffered(target: number, offered: readonly number[]): number {
  let best = offered[0] ?? target;
  for (const f of offered) if (Math.abs(f - target) < Math.abs(best - target)) best = f;
  return best;
}

/**
 * The `site_config` key/values of settings, in the forms {@link parseAutoDeliverySettings} reads
 * back to the same settings (for the seed and the back office).
 */
export function autoDeliverySettingsToConfig(s: AutoDeliverySettings): Record<AutoDeliverySettingKey, string> {
  return {
    adEnabled: String(s.enabled),
    adDiscountBps: String(s.discountBps),
    adFirstOrderDiscountBps: String(s.firstOrderDiscountBps),
    adFrequenciesWeeks: listString(s.frequenciesWeeks),
    adDefaultFrequencyWeeks: String(s.defaultFrequencyWeeks),
    adFreeStandardShipping: String(s.freeStandardShipping),
    adReminderLeadDays: String(s.reminderLeadDays),
    adRetryDays: s.retryDays.length === 0 ? 'none' : listString(s.retryDays),
    adTimeZone: s.timeZone,
    adMaxQtyPerItem: String(s.maxQtyPerItem),
    podsAtHomeMaxQty: String(s.podsAtHomeMaxQty),
  };
}

// ---------------------------------------------------------------------------------------------
// Validators of what a shopper sends (HTTP 400 naming the field).

/** Fewest cups a day a smart subscription accepts (ADR 0018 "Buying"). */
export const CUPS_PER_DAY_MIN = 1;
/** Most cups a day a smart subscription accepts (ADR 0018 "Buying"). */
export const CUPS_PER_DAY_MAX = 20;
/** The `dayOfMonth` that means "the last day of the month" (ADR 0018). */
export const LAST_DAY_OF_MONTH = 31;
/** Highest ordinary `dayOfMonth` (every month has it); above it only {@link LAST_DAY_OF_MONTH}. */
export const MAX_FIXED_DAY_OF_MONTH = 28;
/** How far ahead "ship on" and "pause until" may go, days after the local today (ADR 0018). */
export const MAX_DAYS_AHEAD = 180;

/** A scheduled day of the month: 1–28, or 31 meaning the month's last day (ADR 0018). */
export type DayOfMonth = number;

/** An integer from a number or a string of digits (a form field without JavaScript); else null. */
function wholeNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isInteger(v) ? v : null;
  if (typeof v === 'string' && /^\s*[+-]?\d{1,9}\s*$/.test(v)) return Number(v.trim());
  return null;
}

/**
 * Validates an auto-delivery frequency (ADR 0018 "Buying"): an integer, or a string of digits, that
 * is one of `settings.frequenciesWeeks`.
 * @returns the frequency, weeks
 * @throws DomainError InvalidInput (400), type `ValidationError`, reason `invalidFrequency`, the subject
 */
export function validateFrequencyWeeks(value: unknown, settings: Pick<AutoDeliverySettings, 'frequenciesWeeks'>, subject = 'frequencyWeeks'): number {
  const n = wholeNumber(value);
  if (n === null || !settings.frequenciesWeeks.includes(n)) {
    throw invalidInput('ValidationError', 'invalidFrequency', `Frequency must be one of ${settings.frequenciesWeeks.join(', ')} weeks`, subject);
  }
  return n;
}

/**
 * Validates the quantity of a subscription item (ADR 0018 `subscription_items`): an integer, or a
 * string of digits, from 1 to `settings.maxQtyPerItem`.
 * @returns the quantity
 * @throws DomainError InvalidInput (400), type `ValidationError`, reason `invalidQuantity`, the subject
 */
export function validateItemQty(value: unknown, settings: Pick<AutoDeliverySettings, 'maxQtyPerItem'>, subject = 'qty'): number {
  const n = wholeNumber(value);
  if (n === null || n < 1 || n > settings.maxQtyPerItem) {
    throw invalidInput('ValidationError', 'invalidQuantity', `Quantity must be a whole number from 1 to ${settings.maxQtyPerItem}`, subject);
  }
  return n;
}

/**
 * Reads podsAtHomeQty of an ADC/ADCF add (spec §5 "podsAtHomeQty becomes empty when not a
 * number"; ADR 0018 "Buying"): anything that is not a number (absent, blank, `"abc"`, `NaN`) is
 * empty → `null`; a number must be a whole number from 0 to `settings.podsAtHomeMaxQty`.
 * @returns the quantity of pods at home, or `null` when empty
 * @throws DomainError InvalidInput (400), type `ValidationError`, reason `invalidPodsAtHomeQty`, the
 *   subject — for a number that is negative, fractional or above the maximum
 */
export function parsePodsAtHomeQty(value: unknown, settings: Pick<AutoDeliverySettings, 'podsAtHomeMaxQty'>, subject = 'podsAtHomeQty'): number | null {
  const n = normalizePodsAtHomeQty(value);
  if (n === null) return null;
  if (!Number.isInteger(n) || n < 0 || n > settings.podsAtHomeMaxQty) {
    throw invalidInput('ValidationError', 'invalidPodsAtHomeQty', `Pods at home must be a whole number from 0 to ${settings.podsAtHomeMaxQty}`, subject);
  }
  return n;
}

/**
 * Validates cups a day of a smart subscription (ADR 0018 "Buying"): a whole number (or a string of
 * digits) from {@link CUPS_PER_DAY_MIN} to {@link CUPS_PER_DAY_MAX}.
 * @throws DomainError InvalidInput (400), type `ValidationError`, reason `invalidCupsPerDay`, the subject
 */
export function validateCupsPerDay(value: unknown, subject = 'cupsPerDay'): number {
  const n = wholeNumber(value);
  if (n === null || n < CUPS_PER_DAY_MIN || n > CUPS_PER_DAY_MAX) {
    throw invalidInput('ValidationError', 'invalidCupsPerDay', `Cups a day must be a whole number from ${CUPS_PER_DAY_MIN} to ${CUPS_PER_DAY_MAX}`, subject);
  }
  return n;
}

/** Is `x` a valid {@link DayOfMonth} (an integer 1–28, or 31)? */
export function isDayOfMonth(x: unknown): x is DayOfMonth {
  return typeof x === 'number' && Number.isInteger(x) && ((x >= 1 && x <= MAX_FIXED_DAY_OF_MONTH) || x === LAST_DAY_OF_MONTH);
}

/**
 * Validates the day of the month of a scheduled subscription (ADR 0018): 1–28, or 31 for "the last
 * day of the month" (29 and 30 are refused: not every month has them). Numbers or digit strings.
 * @throws DomainError InvalidInput (400), type `ValidationError`, reason `invalidDayOfMonth`, the subject
 */
export function validateDayOfMonth(value: unknown, subject = 'dayOfMonth'): DayOfMonth {
  const n = wholeNumber(value);
  if (n === null || !isDayOfMonth(n)) {
    throw invalidInput('ValidationError', 'invalidDayOfMonth', 'Day of the month must be from 1 to 28, or 31 for the last day of the month', subject);
  }
  return n;
}

/**
 * Validates a future local date within `tomorrow … today + MAX_DAYS_AHEAD` (inclusive).
 * @throws DomainError InvalidInput: `invalidDate` when not a `YYYY-MM-DD` calendar date,
 *   `dateOutOfRange` when outside the range
 */
function validateFutureDate(value: unknown, today: LocalDate, subject: string, what: string): LocalDate {
  const v = typeof value === 'string' ? value.trim() : value;
  if (!isLocalDate(v)) throw invalidInput('ValidationError', 'invalidDate', `${what} must be a date written YYYY-MM-DD`, subject);
  const first = addLocalDays(today, 1);
  const last = addLocalDays(today, MAX_DAYS_AHEAD);
  if (v < first || v > last) {
    throw invalidInput('ValidationError', 'dateOutOfRange', `${what} must be from ${first} to ${last}`, subject);
  }
  return v;
}

/**
 * Validates the date of "ship on a date" (ADR 0018 "Schedule rules"): a `YYYY-MM-DD` calendar date
 * from tomorrow to today + 180 days, in the site's time zone.
 * @param today the local date now in the site's time zone (`localDateOf(now, settings.timeZone)`)
 * @returns the date
 * @throws DomainError InvalidInput (400), type `ValidationError`, the subject (default `date`): reason
 *   `invalidDate` when not a calendar date, `dateOutOfRange` when outside the range
 * @throws RangeError when `today` itself is malformed (a programming error)
 */
export function validateShipOnDate(value: unknown, today: LocalDate, subject = 'date'): LocalDate {
  return validateFutureDate(value, today, subject, 'The ship date');
}

/**
 * Validates the end of a pause (ADR 0018 "Schedule rules"): a `YYYY-MM-DD` calendar date from
 * tomorrow to today + 180 days, in the site's time zone.
 * @param today the local date now in the site's time zone
 * @throws DomainError InvalidInput (400), type `ValidationError`, the subject (default `until`): reason
 *   `invalidDate` or `dateOutOfRange`
 * @throws RangeError when `today` itself is malformed (a programming error)
 */
export function validatePauseUntil(value: unknown, today: LocalDate, subject = 'until'): LocalDate {
  return validateFutureDate(value, today, subject, 'The end of the pause');
}
