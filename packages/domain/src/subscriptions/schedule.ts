/**
 * Schedule rules of subscriptions (ADR 0018 "Schedule rules"): when each order ships, and the state
 * changes a customer (auto-delivery home) or the scheduler makes, as pure functions on a
 * {@link SubscriptionSchedule} value. Each transition returns a new value (the input is never
 * changed) or throws a typed domain error with a stable reason when it is not allowed.
 *
 * Every date is a {@link LocalDate} (`YYYY-MM-DD`) in the site's time zone (`adTimeZone`): "today"
 * is `localDateOf(now, settings.timeZone)`. Only {@link isDue} / {@link isCycleDue} take an
 * instant. So daylight-saving time never moves a ship date, and month ends follow the calendar.
 */
import { conflict, invalidInput } from '../errors.ts';
import type { Instant, LocalDate } from './local-date.ts';
import { addLocalDays, addLocalMonths, compareLocalDates, isLocalDate, localDateOf, localDateParts, makeLocalDate, maxLocalDate } from './local-date.ts';
import type { AutoDeliveryProgram } from './programs.ts';
import { AUTO_DELIVERY_ERROR_TYPE, cadenceKindOf, isAutoDeliveryEntryType, programOf } from './programs.ts';
import type { DayOfMonth } from './settings.ts';
import { LAST_DAY_OF_MONTH, MAX_FIXED_DAY_OF_MONTH, isDayOfMonth, validatePauseUntil, validateShipOnDate } from './settings.ts';

/** Subscription statuses (ADR 0018 `subscriptions.status`). */
export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'suspended', 'cancelled'] as const;
/**
 * `active` orders ship on `nextShipDate`; `paused` none before `pausedUntil`; `suspended` none
 * (the last charge retry failed; the customer resumes after fixing the card); `cancelled` none,
 * ever.
 */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses of one cycle (ADR 0018 `subscription_cycles.status`). */
export const CYCLE_STATUSES = ['processing', 'placed', 'payment_failed', 'skipped', 'suspended'] as const;
/** One of {@link CYCLE_STATUSES}. */
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

/** Longest auto-delivery frequency the schedule accepts, weeks (the offered ones are a site setting). */
export const MAX_FREQUENCY_WEEKS = 52;

/** The date rule of a subscription: every N weeks, or a day of the month (1–28, 31 = last day). */
export type Cadence = { frequencyWeeks: number } | { dayOfMonth: DayOfMonth };

/**
 * The schedule of a subscription: the columns of `subscriptions` the rules read and write
 * (ADR 0018). `frequencyWeeks` is set for weekly programs (AUTO_DELIVERY, SMART, BREWER_CAMPAIGN)
 * and `null` otherwise; `dayOfMonth` is set for SCHEDULED and MONTHLY_BOX and `null` otherwise.
 */
export interface SubscriptionSchedule {
  program: AutoDeliveryProgram;
  status: SubscriptionStatus;
  /** the next cycle's date, local (site time zone) */
  nextShipDate: LocalDate;
  /** while `paused`: the first local date cycles may be due again; `null` otherwise */
  pausedUntil: LocalDate | null;
  /** weeks between cycles (1–52), weekly programs; else `null` */
  frequencyWeeks: number | null;
  /** 1–28 or 31 (last day), day-of-month programs; else `null` */
  dayOfMonth: DayOfMonth | null;
}

function requireDate(d: LocalDate, what: string): void {
  if (!isLocalDate(d)) throw new RangeError(`${what} is not a YYYY-MM-DD calendar date: ${JSON.stringify(d)}`);
}

function isFrequency(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_FREQUENCY_WEEKS;
}

/** The cadence a schedule's program uses, from its columns. @throws RangeError when the column is missing */
export function cadenceOf(s: Pick<SubscriptionSchedule, 'program' | 'frequencyWeeks' | 'dayOfMonth'>): Cadence {
  if (cadenceKindOf(s.program) === 'weeks') {
    if (!isFrequency(s.frequencyWeeks)) throw new RangeError(`a ${s.program} schedule needs frequencyWeeks 1–${MAX_FREQUENCY_WEEKS}, got ${s.frequencyWeeks}`);
    return { frequencyWeeks: s.frequencyWeeks };
  }
  if (!isDayOfMonth(s.dayOfMonth)) throw new RangeError(`a ${s.program} schedule needs dayOfMonth 1–28 or 31, got ${s.dayOfMonth}`);
  return { dayOfMonth: s.dayOfMonth };
}

/**
 * The date `dayOfMonth` in the given month, clamped to its last day; 31 is always the last day.
 * @param month 1–12
 */
export function dayOfMonthIn(year: number, month: number, dayOfMonth: DayOfMonth): LocalDate {
  return makeLocalDate(year, month, dayOfMonth === LAST_DAY_OF_MONTH ? 31 : dayOfMonth);
}

/**
 * The cycle after a cycle on `fromDate` (ADR 0018 "Schedule rules"):
 * - every N weeks (AUTO_DELIVERY, SMART, BREWER_CAMPAIGN): `fromDate + 7·N` days (same weekday);
 * - day of month (SCHEDULED, MONTHLY_BOX): day `dayOfMonth` of the month after `fromDate`'s
 *   month, clamped to that month's last day; 31 is always the last day (Jan 31 → Feb 28/29 → Mar
 *   31). The day comes from the cadence, not from `fromDate`, so a moved cycle ("ship on") does
 *   not move the ones after it.
 * Always strictly after `fromDate`.
 * @param program the subscription's program; it says which cadence applies
 * @param fromDate the cycle's local date
 * @param cadence `{ frequencyWeeks }` (1–52) or `{ dayOfMonth }` (1–28, 31), matching the program
 * @throws DomainError InvalidInput (400), type `ValidationError`: `frequencyNotApplicable` /
 *   `dayOfMonthNotApplicable` when the cadence does not match the program, `invalidFrequency` /
 *   `invalidDayOfMonth` when its value is out of range (subject = that field)
 * @throws RangeError on a malformed `fromDate`
 */
export function nextCycleDate(program: AutoDeliveryProgram, fromDate: LocalDate, cadence: Cadence): LocalDate {
  requireDate(fromDate, 'fromDate');
  if (cadenceKindOf(program) === 'weeks') {
    if (!('frequencyWeeks' in cadence)) throw invalidInput('ValidationError', 'dayOfMonthNotApplicable', `${program} repeats every N weeks, not on a day of the month`, 'dayOfMonth');
    if (!isFrequency(cadence.frequencyWeeks)) throw invalidInput('ValidationError', 'invalidFrequency', `Frequency must be a whole number of weeks from 1 to ${MAX_FREQUENCY_WEEKS}`, 'frequencyWeeks');
    return addLocalDays(fromDate, 7 * cadence.frequencyWeeks);
  }
  if (!('dayOfMonth' in cadence)) throw invalidInput('ValidationError', 'frequencyNotApplicable', `${program} repeats on a day of the month, not every N weeks`, 'frequencyWeeks');
  if (!isDayOfMonth(cadence.dayOfMonth)) throw invalidInput('ValidationError', 'invalidDayOfMonth', 'Day of the month must be from 1 to 28, or 31 for the last day of the month', 'dayOfMonth');
  const nextMonth = localDateParts(addLocalMonths(makeLocalDate(localDateParts(fromDate).year, localDateParts(fromDate).month, 1), 1));
  return dayOfMonthIn(nextMonth.year, nextMonth.month, cadence.dayOfMonth);
}

/**
 * The day of the month a day-of-month subscription gets when the shopper chose none (MONTHLY_BOX):
 * the order date's day when it is 1–28, else 28 (a day every month has).
 */
export function defaultDayOfMonth(orderDate: LocalDate): DayOfMonth {
  const { day } = localDateParts(orderDate);
  return day <= MAX_FIXED_DAY_OF_MONTH ? day : MAX_FIXED_DAY_OF_MONTH;
}

/** Input of {@link firstSchedule}. */
export interface FirstScheduleInput {
  program: AutoDeliveryProgram;
  /** the parent order's local date (it ships now: D0) */
  orderDate: LocalDate;
  /** weekly programs: weeks between cycles (validate it first with `validateFrequencyWeeks`) */
  frequencyWeeks?: number | null;
  /** SCHEDULED / MONTHLY_BOX: the day of the month; MONTHLY_BOX defaults to {@link defaultDayOfMonth} */
  dayOfMonth?: DayOfMonth | null;
  /**
   * SMART: the first recurring date from `smartSuggestion` (`firstShipDate`); must be after
   * `orderDate`. Without it a SMART schedule follows the weekly rule.
   */
  firstShipDate?: LocalDate | null;
}

/**
 * The schedule of a new subscription (ADR 0018 "Schedule rules"): the parent order ships on
 * `orderDate` (D0); the first recurring cycle is the rule after D0 ({@link nextCycleDate}), or for
 * SMART the suggested `firstShipDate`. Status `active`.
 * @throws DomainError InvalidInput (400), type `ValidationError`: `invalidFrequency` (subject
 *   `frequencyWeeks`) when a weekly program has no frequency 1–52, `invalidDayOfMonth` (subject
 *   `dayOfMonth`) when SCHEDULED has no valid day, `dateOutOfRange` (subject `firstShipDate`) when
 *   the SMART date is not after `orderDate`
 * @throws RangeError on a malformed `orderDate` or `firstShipDate`
 */
export function firstSchedule(input: FirstScheduleInput): SubscriptionSchedule {
  const { program, orderDate } = input;
  requireDate(orderDate, 'orderDate');
  if (cadenceKindOf(program) === 'weeks') {
    const weeks = input.frequencyWeeks;
    if (!isFrequency(weeks)) throw invalidInput('ValidationError', 'invalidFrequency', `Frequency must be a whole number of weeks from 1 to ${MAX_FREQUENCY_WEEKS}`, 'frequencyWeeks');
    let next = nextCycleDate(program, orderDate, { frequencyWeeks: weeks });
    if (program === 'SMART' && input.firstShipDate != null) {
      requireDate(input.firstShipDate, 'firstShipDate');
      if (compareLocalDates(input.firstShipDate, orderDate) <= 0) {
        throw invalidInput('ValidationError', 'dateOutOfRange', 'The first ship date must be after the order date', 'firstShipDate');
      }
      next = input.firstShipDate;
    }
    return { program, status: 'active', nextShipDate: next, pausedUntil: null, frequencyWeeks: weeks, dayOfMonth: null };
  }
  const day = input.dayOfMonth ?? (program === 'MONTHLY_BOX' ? defaultDayOfMonth(orderDate) : null);
  if (!isDayOfMonth(day)) throw invalidInput('ValidationError', 'invalidDayOfMonth', 'Day of the month must be from 1 to 28, or 31 for the last day of the month', 'dayOfMonth');
  return { program, status: 'active', nextShipDate: nextCycleDate(program, orderDate, { dayOfMonth: day }), pausedUntil: null, frequencyWeeks: null, dayOfMonth: day };
}

/**
 * Which subscription an order line joins when the order is placed (ADR 0018 "Buying": one
 * subscription per program and frequency / day of month; the order has one shipping address):
 * `AUTO_DELIVERY|w4`, `SCHEDULED|d31`… Lines with the same key make one subscription. `null` for a
 * line that starts none (`STD`, `GIFT`, anything that is not an auto-delivery entry type).
 * @param line the line's entry type and its `frequencyWeeks` (weekly programs) or `dayOfMonth`
 */
export function subscriptionGroupKey(line: { entryType: string; frequencyWeeks?: number | null; dayOfMonth?: DayOfMonth | null }): string | null {
  if (!isAutoDeliveryEntryType(line.entryType)) return null;
  const program = programOf(line.entryType);
  return cadenceKindOf(program) === 'weeks' ? `${program}|w${line.frequencyWeeks ?? ''}` : `${program}|d${line.dayOfMonth ?? ''}`;
}

// ---------------------------------------------------------------------------------------------
// Is it due?

/**
 * Is a cycle dated `nextShipDate` due at instant `now` (ADR 0018 "Schedule rules")? True when the
 * local date of `now` in `timeZone` is on or after `nextShipDate`: it flips at local midnight, also
 * on daylight-saving days.
 * @param now a `Date` or an ISO 8601 instant string
 * @param timeZone the site's `adTimeZone`
 * @throws RangeError on a malformed date or instant, or an unknown time zone
 */
export function isDue(nextShipDate: LocalDate, now: Instant, timeZone: string): boolean {
  requireDate(nextShipDate, 'nextShipDate');
  return compareLocalDates(localDateOf(now, timeZone), nextShipDate) >= 0;
}

/**
 * The status the schedule really has on local date `today`: a `paused` schedule whose
 * `pausedUntil` is on or before `today` is `active` again (with `pausedUntil` cleared). Other
 * schedules are returned unchanged. The scheduler writes this back before it claims a cycle.
 * @throws RangeError on a malformed `today`
 */
export function endPauseIfOver(s: SubscriptionSchedule, today: LocalDate): SubscriptionSchedule {
  requireDate(today, 'today');
  if (s.status !== 'paused' || s.pausedUntil === null || compareLocalDates(s.pausedUntil, today) > 0) return s;
  return { ...s, status: 'active', pausedUntil: null };
}

/**
 * Should the scheduler place this subscription's next cycle at instant `now`? Only when it is
 * `active` (or `paused` with the pause over on the local date of `now`) and {@link isDue}. A
 * paused subscription is never due before `pausedUntil`; suspended and cancelled ones never.
 * @throws RangeError on malformed dates or instant, or an unknown time zone
 */
export function isCycleDue(s: SubscriptionSchedule, now: Instant, timeZone: string): boolean {
  const today = localDateOf(now, timeZone);
  const eff = endPauseIfOver(s, today);
  return eff.status === 'active' && compareLocalDates(today, eff.nextShipDate) >= 0;
}

// ---------------------------------------------------------------------------------------------
// Transitions (auto-delivery home and the scheduler).

function notAllowed(s: SubscriptionSchedule, action: string): never {
  switch (s.status) {
    case 'cancelled':
      throw conflict(AUTO_DELIVERY_ERROR_TYPE, 'subscriptionCancelled', `This auto-delivery is cancelled: cannot ${action}`, 'status');
    case 'paused':
      throw conflict(AUTO_DELIVERY_ERROR_TYPE, 'subscriptionPaused', `This auto-delivery is paused: resume it to ${action}`, 'status');
    case 'suspended':
      throw conflict(AUTO_DELIVERY_ERROR_TYPE, 'subscriptionSuspended', `This auto-delivery is suspended: resume it to ${action}`, 'status');
    case 'active':
      throw new Error(`${action} refused on an active schedule`);
  }
}

function requireStatus(s: SubscriptionSchedule, allowed: readonly SubscriptionStatus[], action: string): void {
  if (!allowed.includes(s.status)) notAllowed(s, action);
}

/**
 * Skip the next order (ADR 0018): `nextShipDate` becomes the cycle after it. Only `active`.
 * @throws DomainError Conflict (409), type `AutoDeliveryError`, subject `status`:
 *   `subscriptionPaused` | `subscriptionSuspended` | `subscriptionCancelled`
 */
export function skipNext(s: SubscriptionSchedule): SubscriptionSchedule {
  requireStatus(s, ['active'], 'skip an order');
  return { ...s, nextShipDate: nextCycleDate(s.program, s.nextShipDate, cadenceOf(s)) };
}

/**
 * Ship the next order on a chosen date (ADR 0018): `nextShipDate` becomes `date` (tomorrow … today
 * + 180 days); the cycles after it follow the rule from that date. Only `active`.
 * @param date the chosen date (shopper input; validated here)
 * @param today the local date now in the site's time zone
 * @throws DomainError InvalidInput (400), subject `date`: `invalidDate` | `dateOutOfRange`
 * @throws DomainError Conflict (409), type `AutoDeliveryError`: `subscriptionPaused` |
 *   `subscriptionSuspended` | `subscriptionCancelled`
 */
export function shipOn(s: SubscriptionSchedule, date: unknown, today: LocalDate): SubscriptionSchedule {
  requireStatus(s, ['active'], 'choose a ship date');
  const d = validateShipOnDate(date, today);
  return { ...s, nextShipDate: d };
}

/** The result of {@link shipNow}. */
export interface ShipNowResult {
  /** the cycle to place now: `today` */
  cycleDate: LocalDate;
  /** the schedule after it: next = the rule after today */
  schedule: SubscriptionSchedule;
}

/**
 * Ship an order now (ADR 0018): a cycle dated `today`, then `nextShipDate` = the rule after today
 * (today + 7·N days, or day `dayOfMonth` of next month). Only `active`. The caller refuses (409)
 * when a cycle dated `today` already exists for the subscription (the cycles' primary key).
 * @param today the local date now in the site's time zone
 * @throws DomainError Conflict (409), type `AutoDeliveryError`: `subscriptionPaused` |
 *   `subscriptionSuspended` | `subscriptionCancelled`
 * @throws RangeError on a malformed `today`
 */
export function shipNow(s: SubscriptionSchedule, today: LocalDate): ShipNowResult {
  requireStatus(s, ['active'], 'ship an order now');
  requireDate(today, 'today');
  return { cycleDate: today, schedule: { ...s, nextShipDate: nextCycleDate(s.program, today, cadenceOf(s)) } };
}

/**
 * Pause until a date (ADR 0018): status `paused`, `pausedUntil` = `until` (tomorrow … today + 180
 * days), `nextShipDate` = max(next, until), so no cycle is due before `until`. Allowed when
 * `active`, or `paused` (changes the end of the pause; the next date never moves back).
 * @throws DomainError InvalidInput (400), subject `until`: `invalidDate` | `dateOutOfRange`
 * @throws DomainError Conflict (409), type `AutoDeliveryError`: `subscriptionSuspended` |
 *   `subscriptionCancelled`
 */
export function pause(s: SubscriptionSchedule, until: unknown, today: LocalDate): SubscriptionSchedule {
  requireStatus(s, ['active', 'paused'], 'pause it');
  const u = validatePauseUntil(until, today);
  return { ...s, status: 'paused', pausedUntil: u, nextShipDate: maxLocalDate(s.nextShipDate, u) };
}

/**
 * Resume (ADR 0018): a `paused` or `suspended` subscription becomes `active`, `pausedUntil` is
 * cleared and `nextShipDate` = max(next, tomorrow) (resuming never places an order by itself;
 * "ship now" does). An `active` subscription is returned unchanged (a repeated request is harmless).
 * @param today the local date now in the site's time zone
 * @throws DomainError Conflict (409), type `AutoDeliveryError`: `subscriptionCancelled`
 * @throws RangeError on a malformed `today`
 */
export function resume(s: SubscriptionSchedule, today: LocalDate): SubscriptionSchedule {
  requireStatus(s, ['active', 'paused', 'suspended'], 'resume it');
  requireDate(today, 'today');
  if (s.status === 'active') return s;
  return { ...s, status: 'active', pausedUntil: null, nextShipDate: maxLocalDate(s.nextShipDate, addLocalDays(today, 1)) };
}

/**
 * Cancel (ADR 0018): status `cancelled`; no cycle is ever due after it. `nextShipDate` is kept
 * (history). Allowed from any other status. The reason and note are the caller's to store.
 * @throws DomainError Conflict (409), type `AutoDeliveryError`: `subscriptionCancelled` when it already is
 */
export function cancel(s: SubscriptionSchedule): SubscriptionSchedule {
  requireStatus(s, ['active', 'paused', 'suspended'], 'cancel it');
  return { ...s, status: 'cancelled', pausedUntil: null };
}

/**
 * Change the frequency of a weekly subscription (ADR 0018). The next ship date stays as it is (the
 * shopper sees it and can move it with "ship on"); the cycles after it use the new frequency.
 * Allowed unless cancelled.
 * @param weeks the new frequency, already checked against the site's offer with
 *   `validateFrequencyWeeks` (here only 1–52 is checked)
 * @throws DomainError InvalidInput (400), type `ValidationError`, subject `frequencyWeeks`:
 *   `frequencyNotApplicable` for SCHEDULED / MONTHLY_BOX, `invalidFrequency` outside 1–52
 * @throws DomainError Conflict (409), type `AutoDeliveryError`: `subscriptionCancelled`
 */
export function changeFrequency(s: SubscriptionSchedule, weeks: number): SubscriptionSchedule {
  requireStatus(s, ['active', 'paused', 'suspended'], 'change its frequency');
  if (cadenceKindOf(s.program) !== 'weeks') throw invalidInput('ValidationError', 'frequencyNotApplicable', `${s.program} repeats on a day of the month, not every N weeks`, 'frequencyWeeks');
  if (!isFrequency(weeks)) throw invalidInput('ValidationError', 'invalidFrequency', `Frequency must be a whole number of weeks from 1 to ${MAX_FREQUENCY_WEEKS}`, 'frequencyWeeks');
  return { ...s, frequencyWeeks: weeks };
}

/**
 * Change the day of the month of a SCHEDULED / MONTHLY_BOX subscription (ADR 0018). The next ship
 * date moves to that day in the month of the current next date, or, when that is not after
 * `today`, in the month after. Allowed unless cancelled; a paused schedule keeps its next date on
 * or after `pausedUntil` (the next matching day from there).
 * @param day 1–28 or 31 (shopper input; validated here)
 * @param today the local date now in the site's time zone
 * @throws DomainError InvalidInput (400), type `ValidationError`, subject `dayOfMonth`:
 *   `dayOfMonthNotApplicable` for weekly programs, `invalidDayOfMonth` for a bad day
 * @throws DomainError Conflict (409), type `AutoDeliveryError`: `subscriptionCancelled`
 */
export function changeDayOfMonth(s: SubscriptionSchedule, day: unknown, today: LocalDate): SubscriptionSchedule {
  requireStatus(s, ['active', 'paused', 'suspended'], 'change its day of the month');
  requireDate(today, 'today');
  if (cadenceKindOf(s.program) !== 'dayOfMonth') throw invalidInput('ValidationError', 'dayOfMonthNotApplicable', `${s.program} repeats every N weeks, not on a day of the month`, 'dayOfMonth');
  if (!isDayOfMonth(day)) throw invalidInput('ValidationError', 'invalidDayOfMonth', 'Day of the month must be from 1 to 28, or 31 for the last day of the month', 'dayOfMonth');
  const floor = s.status === 'paused' && s.pausedUntil !== null ? maxLocalDate(addLocalDays(s.pausedUntil, -1), today) : today;
  const { year, month } = localDateParts(s.nextShipDate);
  let next = dayOfMonthIn(year, month, day);
  if (compareLocalDates(next, floor) <= 0) {
    const after = localDateParts(floor);
    next = dayOfMonthIn(after.year, after.month, day);
    if (compareLocalDates(next, floor) <= 0) next = nextCycleDate(s.program, floor, { dayOfMonth: day });
  }
  return { ...s, dayOfMonth: day, nextShipDate: next };
}

/**
 * Advance the schedule past a cycle the scheduler has settled (placed, skipped for stock, or
 * claimed and failed: the retries of a failed charge belong to the cycle, see {@link retryPlan}):
 * `nextShipDate` = max(current next, the rule after `cycleDate`). Idempotent, and harmless after
 * {@link shipNow} already moved the next date. Allowed unless cancelled.
 * @param cycleDate the settled cycle's local date
 * @throws DomainError Conflict (409), type `AutoDeliveryError`: `subscriptionCancelled`
 * @throws RangeError on a malformed date
 */
export function afterCyclePlaced(s: SubscriptionSchedule, cycleDate: LocalDate): SubscriptionSchedule {
  requireStatus(s, ['active', 'paused', 'suspended'], 'schedule its next order');
  requireDate(cycleDate, 'cycleDate');
  return { ...s, nextShipDate: maxLocalDate(s.nextShipDate, nextCycleDate(s.program, cycleDate, cadenceOf(s))) };
}

// ---------------------------------------------------------------------------------------------
// Reminder and retries.

/**
 * The local date of the upcoming-order reminder (ADR 0018 "Reminder"): `nextShipDate − leadDays`.
 * @param leadDays `settings.reminderLeadDays`, a non-negative integer
 * @throws RangeError on a malformed date or a negative / non-integer `leadDays`
 */
export function reminderDate(nextShipDate: LocalDate, leadDays: number): LocalDate {
  if (!Number.isSafeInteger(leadDays) || leadDays < 0) throw new RangeError(`leadDays must be a non-negative integer, got ${leadDays}`);
  return addLocalDays(nextShipDate, -leadDays);
}

/**
 * Should the reminder for the next cycle go out on local date `today`? When the schedule is
 * `active` — or `paused` with its pause ending on or before the next ship date, since that order
 * will go out (the first order after a pause is reminded too) — `reminderDate(next, leadDays) ≤
 * today < next` (a late run still reminds, as long as the order has not shipped), and no reminder
 * was sent for this ship date yet (`remindedForDate`, ADR 0018 `reminded_for_date`, is not
 * `nextShipDate`).
 * @throws RangeError on malformed dates or `leadDays`
 */
export function isReminderDue(s: SubscriptionSchedule, today: LocalDate, leadDays: number, remindedForDate: LocalDate | null): boolean {
  requireDate(today, 'today');
  const resumesInTime = s.status === 'paused' && s.pausedUntil !== null && compareLocalDates(s.pausedUntil, s.nextShipDate) <= 0;
  if ((s.status !== 'active' && !resumesInTime) || remindedForDate === s.nextShipDate) return false;
  return compareLocalDates(reminderDate(s.nextShipDate, leadDays), today) <= 0 && compareLocalDates(today, s.nextShipDate) < 0;
}

/** What to do after a failed charge (see {@link retryPlan}). */
export type RetryPlan =
  /** charge again on `attemptDate` (local); it will be attempt number `attempt` */
  | { action: 'retry'; attempt: number; attemptDate: LocalDate }
  /** the last attempt failed: suspend the subscription (and email) */
  | { action: 'suspend' };

/**
 * The next step after charge attempt number `failedAttempt` of a cycle failed (ADR 0018 "Failed
 * charge"): with `retryDays` = [1, 3, 7], attempt 1 (the first charge) failing → retry on
 * first failure + 1 day (attempt 2), attempt 2 → + 3 days, attempt 3 → + 7 days, attempt 4 →
 * `suspend`. Days count from the first failure's local date.
 * @param retryDays `settings.retryDays`: strictly ascending positive days (empty: suspend at once)
 * @param firstFailureDate local date of the first failed attempt
 * @param failedAttempt the number of the attempt that just failed, 1-based
 * @throws RangeError on a non-positive attempt or a malformed date
 */
export function retryPlan(retryDays: readonly number[], firstFailureDate: LocalDate, failedAttempt: number): RetryPlan {
  if (!Number.isSafeInteger(failedAttempt) || failedAttempt < 1) throw new RangeError(`failedAttempt must be a positive integer, got ${failedAttempt}`);
  requireDate(firstFailureDate, 'firstFailureDate');
  const days = retryDays[failedAttempt - 1];
  if (days === undefined) return { action: 'suspend' };
  return { action: 'retry', attempt: failedAttempt + 1, attemptDate: addLocalDays(firstFailureDate, days) };
}
