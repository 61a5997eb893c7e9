/**
 * Calendar dates in a site's time zone (ADR 0018 "Schedule rules"): the auto-delivery rules work
 * on `YYYY-MM-DD` strings ({@link LocalDate}), never on instants, so daylight-saving changes never
 * move a ship date. Instants (a `Date`, or an ISO 8601 string with `Z` or an offset) appear only
 * where a question is asked of the clock: "what is the local date now?" ({@link localDateOf}) and
 * "when does that local date start?" ({@link startOfLocalDay}).
 *
 * Calendar arithmetic is done with date-fns on a `TZDate` in UTC, so the result never depends on
 * the time zone of the process.
 */
import { TZDate, tz } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarDays, format, getDaysInMonth, isValid } from 'date-fns';

/**
 * A calendar date, `YYYY-MM-DD` (ISO 8601, four-digit year), meaning a day in the site's time zone
 * (`adTimeZone`). Plain strings compare correctly with `<` / `>` (same width, most significant
 * first); {@link compareLocalDates} says so explicitly.
 */
export type LocalDate = string;

/** An instant: a `Date`, or an ISO 8601 date-time string with `Z` or an offset (`2026-03-08T05:00:00Z`). */
export type Instant = Date | string;

const LOCAL_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UTC = 'UTC';
const utc = tz(UTC);

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
  if (d > getDaysInMonth(new TZDate(y, mo - 1, 1, UTC))) return null;
  return { y, m: mo, d };
}

/** Is `x` a real calendar date written `YYYY-MM-DD` (`2026-02-29` is not: 2026 is not a leap year)? */
export function isLocalDate(x: unknown): x is LocalDate {
  return typeof x === 'string' && ymdOf(x) !== null;
}

function utcDateOf(date: LocalDate): TZDate {
  const p = ymdOf(date);
  if (!p) throw new RangeError(`not a YYYY-MM-DD calendar date: ${JSON.stringify(date)}`);
  return new TZDate(p.y, p.m - 1, p.d, UTC);
}

function fmt(d: Date): LocalDate {
  return format(d, 'yyyy-MM-dd', { in: utc });
}

/**
 * The parts of a local date.
 * @returns `{ year, month (1–12), day (1–31), weekday (0 = Sunday … 6 = Saturday), daysInMonth }`
 * @throws RangeError when `date` is not a `YYYY-MM-DD` calendar date (a programming error: validate
 *   user input with `validateShipOnDate` and friends first)
 */
export function localDateParts(date: LocalDate): { year: number; month: number; day: number; weekday: number; daysInMonth: number } {
  const d = utcDateOf(date);
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
  const first = new TZDate(year, month - 1, 1, UTC);
  return fmt(new TZDate(year, month - 1, Math.min(day, getDaysInMonth(first)), UTC));
}

/**
 * Is `timeZone` an IANA time zone this runtime knows (`America/Toronto`, `UTC`)?
 * Never throws.
 */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '' || timeZone !== timeZone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return false;
  }
  return isValid(new TZDate(0, timeZone));
}

function instantMs(instant: Instant): number {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'string' ? Date.parse(instant) : Number.NaN;
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return ms;
}

function requireZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`unknown time zone: ${JSON.stringify(timeZone)}`);
}

/**
 * The calendar date of an instant in a time zone: `localDateOf('2026-06-01T05:30:00Z',
 * 'America/Toronto') === '2026-06-01'` while in `America/Vancouver` it is still `'2026-05-31'`.
 * @param instant a `Date` or an ISO 8601 date-time string with `Z` or an offset
 * @param timeZone IANA time zone, e.g. the site's `adTimeZone`
 * @throws RangeError on an invalid instant or an unknown time zone
 */
export function localDateOf(instant: Instant, timeZone: string): LocalDate {
  requireZone(timeZone);
  return format(new Date(instantMs(instant)), 'yyyy-MM-dd', { in: tz(timeZone) });
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
  return fmt(addDays(utcDateOf(date), days, { in: utc }));
}

/**
 * `date` plus `months` calendar months, the day clamped to the target month's last day
 * (`addLocalMonths('2026-01-31', 1) === '2026-02-28'`).
 * @throws RangeError on a malformed date or a non-integer `months`
 */
export function addLocalMonths(date: LocalDate, months: number): LocalDate {
  if (!Number.isSafeInteger(months)) throw new RangeError(`months must be an integer, got ${months}`);
  return fmt(addMonths(utcDateOf(date), months, { in: utc }));
}

/**
 * Orders two local dates: negative when `a` is before `b`, 0 when equal, positive when after.
 * Usable as an `Array.prototype.sort` comparator.
 * @throws RangeError on a malformed date
 */
export function compareLocalDates(a: LocalDate, b: LocalDate): number {
  const da = utcDateOf(a).getTime();
  const db = utcDateOf(b).getTime();
  return da < db ? -1 : da > db ? 1 : 0;
}

/**
 * Whole calendar days from `from` to `to` (`daysBetween('2026-03-07', '2026-03-09') === 2`;
 * negative when `to` is earlier).
 * @throws RangeError on a malformed date
 */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return differenceInCalendarDays(utcDateOf(to), utcDateOf(from), { in: utc });
}

/** The later of two local dates. @throws RangeError on a malformed date */
export function maxLocalDate(a: LocalDate, b: LocalDate): LocalDate {
  return compareLocalDates(a, b) >= 0 ? a : b;
}

/** The earlier of two local dates. @throws RangeError on a malformed date */
export function minLocalDate(a: LocalDate, b: LocalDate): LocalDate {
  return compareLocalDates(a, b) <= 0 ? a : b;
}
