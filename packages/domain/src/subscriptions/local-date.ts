/**
 * Calendar dates in a site's time zone (ADR 0018 "Schedule rules"): the auto-delivery rules work
 * on `YYYY-MM-DD` strings ({@link LocalDate}), never on instants, so daylight-saving changes never
 * move a ship date. Instants (a `Date`, or an ISO 8601 string with `Z` or an offset) appear only
 * where a question is asked of the clock: "what is the local date now?" ({@link localDateOf}, with
 * @date-fns/tz) and "when does that local date start?" ({@link startOfLocalDay}).
 *
 * Calendar arithmetic is date-fns on a plain `Date` set to noon of the day: noon exists on every
 * calendar day (clocks change at night), so the result does not depend on the time zone of the
 * process, and it stays fast (no time-zone lookup; the scheduler calls these for every due
 * subscription).
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarDays, getDaysInMonth } from 'date-fns';

/**
 * A calendar date, `YYYY-MM-DD` (ISO 8601, four-digit year), meaning a day in the site's time zone
 * (`adTimeZone`). Plain strings compare correctly with `<` / `>` (same width, most significant
 * first); {@link compareLocalDates} says so explicitly.
 */
export type LocalDate = string;

/** An instant: a `Date`, or an ISO 8601 date-time string with `Z` or an offset (`2026-03-08T05:00:00Z`). */
export type Instant = Date | string;

const LOCAL_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Noon of a calendar day as a plain `Date` (years below 100 kept as such, not 19YY). */
function noon(y: number, m: number, d: number): Date {
  const date = new Date(2000, 0, 1, 12);
  date.setFullYear(y, m - 1, d);
  return date;
}

function fmt(d: Date): LocalDate {
  return `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

interface Ymd {
  y: number;
  m: number;
  d: number;
}

function ymdOf(s: string): Ymd | null {
  const m = LOCAL_DATE_RE.exec(s);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return null;
  if (d > getDaysInMonth(noon(y, mo, 1))) return null;
  return { y, m: mo, d };
}

/** Is `x` a real calendar date written `YYYY-MM-DD` (`2026-02-29` is not: 2026 is not a leap year)? */
export function isLocalDate(x: unknown): x is LocalDate {
  return typeof x === 'string' && ymdOf(x) !== null;
}

function dateOf(date: LocalDate): Date {
  const p = typeof date === 'string' ? ymdOf(date) : null;
  if (!p) throw new RangeError(`not a YYYY-MM-DD calendar date: ${JSON.stringify(date)}`);
  return noon(p.y, p.m, p.d);
}

/**
 * The parts of a local date.
 * @returns `{ year, month (1–12), day (1–31), weekday (0 = Sunday … 6 = Saturday), daysInMonth }`
 * @throws RangeError when `date` is not a `YYYY-MM-DD` calendar date (a programming error: validate
 *   user input with `validateShipOnDate` and friends first)
 */
export function localDateParts(date: LocalDate): { year: number; month: number; day: number; weekday: number; daysInMonth: number } {
  const d = dateOf(date);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), weekday: d.getDay(), daysInMonth: getDaysInMonth(d) };
}

/**
 * Builds a local date from its parts, clamping the day to the month's last day
 * (`makeLocalDate(2026, 2, 31) === '2026-02-28'`).
 * @param month 1–12
 * @param day 1–31 (clamped to the month's length)
 * @throws RangeError on a month outside 1–12, a day below 1 or non-integers
 */
export function makeLocalDate(year: number, month: number, day: number): LocalDate {
  if (![year, month, day].every(Number.isInteger) || year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) {
    throw new RangeError(`not a calendar date: ${year}-${month}-${day}`);
  }
  return fmt(noon(year, month, Math.min(day, getDaysInMonth(noon(year, month, 1)))));
}

/**
 * Is `timeZone` an IANA time zone this runtime knows (`America/Toronto`, `UTC`)?
 * Never throws.
 */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '' || timeZone !== timeZone.trim()) return false;
  const known = zoneValidity.get(timeZone);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    ok = !Number.isNaN(new TZDate(0, timeZone).getTime());
  } catch {
    ok = false;
  }
  // bounded: untrusted strings cannot grow it without limit
  if (zoneValidity.size >= 256) zoneValidity.clear();
  zoneValidity.set(timeZone, ok);
  return ok;
}

/** Answers of {@link isValidTimeZone}: building an `Intl.DateTimeFormat` costs ~50 µs, asking a Map nothing. */
const zoneValidity = new Map<string, boolean>();

/** An ISO 8601 date-time that says its offset (a string without one would be read in the process's zone). */
const INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

function instantMs(instant: Instant): number {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'string' && INSTANT_RE.test(instant) ? Date.parse(instant) : Number.NaN;
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return ms;
}

function requireZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`unknown time zone: ${JSON.stringify(timeZone)}`);
}

/**
 * The calendar date of an instant in a time zone: `localDateOf('2026-06-01T05:30:00Z',
 * 'America/Toronto') === '2026-06-01'` while in `America/Vancouver` it is still `'2026-05-31'`.
 * @param instant a `Date` or an ISO 8601 date-time string with `Z` or an offset (a string without
 *   an offset is refused: it would be read in the process's time zone)
 * @param timeZone IANA time zone, e.g. the site's `adTimeZone`
 * @throws RangeError on an invalid instant or an unknown time zone
 */
export function localDateOf(instant: Instant, timeZone: string): LocalDate {
  requireZone(timeZone);
  return fmt(new TZDate(instantMs(instant), timeZone));
}

/**
 * The first instant of a local date in a time zone (local midnight; when midnight does not exist
 * because the clocks jump at 00:00, the first instant that does). The scheduler can store it as
 * "next attempt at" or sleep until it.
 * @returns a `Date` (an instant)
 * @throws RangeError on a malformed date or an unknown time zone
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  requireZone(timeZone);
  const p = ymdOf(date);
  if (!p) throw new RangeError(`not a YYYY-MM-DD calendar date: ${JSON.stringify(date)}`);
  return new Date(new TZDate(p.y, p.m - 1, p.d, timeZone).getTime());
}

/**
 * `date` plus `days` calendar days (negative goes back): `addLocalDays('2026-02-28', 1) ===
 * '2026-03-01'`.
 * @throws RangeError on a malformed date or a non-integer `days`
 */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  if (!Number.isSafeInteger(days)) throw new RangeError(`days must be an integer, got ${days}`);
  return fmt(addDays(dateOf(date), days));
}

/**
 * `date` plus `months` calendar months, the day clamped to the target month's last day
 * (`addLocalMonths('2026-01-31', 1) === '2026-02-28'`).
 * @throws RangeError on a malformed date or a non-integer `months`
 */
export function addLocalMonths(date: LocalDate, months: number): LocalDate {
  if (!Number.isSafeInteger(months)) throw new RangeError(`months must be an integer, got ${months}`);
  return fmt(addMonths(dateOf(date), months));
}

/**
 * Orders two local dates: negative when `a` is before `b`, 0 when equal, positive when after.
 * Usable as an `Array.prototype.sort` comparator.
 * @throws RangeError on a malformed date
 */
export function compareLocalDates(a: LocalDate, b: LocalDate): number {
  dateOf(a);
  dateOf(b);
  return a < b ? -1 : a > b ? 1 : 0; // same width, most significant first
}

/**
 * Whole calendar days from `from` to `to` (`daysBetween('2026-03-07', '2026-03-09') === 2`;
 * negative when `to` is earlier).
 * @throws RangeError on a malformed date
 */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return differenceInCalendarDays(dateOf(to), dateOf(from));
}

/** The later of two local dates. @throws RangeError on a malformed date */
export function maxLocalDate(a: LocalDate, b: LocalDate): LocalDate {
  return compareLocalDates(a, b) >= 0 ? a : b;
}

/** The earlier of two local dates. @throws RangeError on a malformed date */
export function minLocalDate(a: LocalDate, b: LocalDate): LocalDate {
  return compareLocalDates(a, b) <= 0 ? a : b;
}
