/**
 * Schedule rules of subscriptions (ADR 0018 "Schedule rules"): local dates, next cycle, the state
 * transitions, reminder and retries — examples. Properties are in
 * subscriptions-schedule-properties.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { SubscriptionSchedule } from '../src/index.ts';
import { caught } from './support.ts';
import {
  addLocalDays,
  addLocalMonths,
  afterCyclePlaced,
  cancel,
  changeDayOfMonth,
  changeFrequency,
  compareLocalDates,
  daysBetween,
  defaultDayOfMonth,
  endPauseIfOver,
  firstSchedule,
  httpStatusOf,
  isCycleDue,
  isDue,
  isLocalDate,
  isReminderDue,
  isValidTimeZone,
  localDateOf,
  localDateParts,
  makeLocalDate,
  nextCycleDate,
  pause,
  reminderDate,
  resume,
  retryPlan,
  shipNow,
  shipOn,
  skipNext,
  startOfLocalDay,
} from '../src/index.ts';

function expectError(fn: () => unknown, kind: string, reason: string, subject?: string): void {
  const e = caught(fn);
  expect({ kind: e.kind, reason: e.reason, subject: e.subject }).toEqual({ kind, reason, subject });
}

const weekly = (over: Partial<SubscriptionSchedule> = {}): SubscriptionSchedule => ({
  program: 'AUTO_DELIVERY',
  status: 'active',
  nextShipDate: '2026-03-02',
  pausedUntil: null,
  frequencyWeeks: 4,
  dayOfMonth: null,
  ...over,
});
const monthly = (over: Partial<SubscriptionSchedule> = {}): SubscriptionSchedule => ({
  program: 'SCHEDULED',
  status: 'active',
  nextShipDate: '2026-01-31',
  pausedUntil: null,
  frequencyWeeks: null,
  dayOfMonth: 31,
  ...over,
});

describe('local dates', () => {
  it('validates calendar dates', () => {
    for (const ok of ['2026-01-01', '2024-02-29', '2026-12-31']) expect(isLocalDate(ok)).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '26-01-01', '2026-1-1', '2026-01-01T00:00:00Z', '', 20260101, null]) expect(isLocalDate(bad)).toBe(false);
  });
  it('adds days and months on the calendar', () => {
    expect(addLocalDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addLocalDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addLocalDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addLocalDays('2026-03-07', 1)).toBe('2026-03-08'); // DST day: still one calendar day
    expect(addLocalMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addLocalMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addLocalMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(makeLocalDate(2026, 4, 31)).toBe('2026-04-30');
    expect(() => addLocalDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addLocalDays('2026-02-01', 0.5)).toThrow(RangeError);
  });
  it('compares and measures', () => {
    expect(compareLocalDates('2026-01-02', '2026-01-10')).toBeLessThan(0);
    expect(compareLocalDates('2026-01-10', '2026-01-10')).toBe(0);
    expect(['2026-03-01', '2025-12-31', '2026-01-15'].sort(compareLocalDates)).toEqual(['2025-12-31', '2026-01-15', '2026-03-01']);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-11-02', '2026-10-31')).toBe(-2);
    expect(localDateParts('2026-03-08')).toEqual({ year: 2026, month: 3, day: 8, weekday: 0, daysInMonth: 31 });
  });
  it('gives the local date of an instant: Toronto and Vancouver differ late in the evening', () => {
    const instant = '2026-06-01T05:30:00Z'; // 01:30 in Toronto, 22:30 the day before in Vancouver
    expect(localDateOf(instant, 'America/Toronto')).toBe('2026-06-01');
    expect(localDateOf(instant, 'America/Vancouver')).toBe('2026-05-31');
    expect(localDateOf(new Date(instant), 'UTC')).toBe('2026-06-01');
    expect(localDateOf('2026-06-01T01:30:00-04:00', 'America/Toronto')).toBe('2026-06-01');
    expect(() => localDateOf('yesterday', 'UTC')).toThrow(RangeError);
    expect(() => localDateOf('2026-06-01T05:30:00', 'UTC')).toThrow(RangeError); // no offset: ambiguous
    expect(() => localDateOf(instant, 'Mars/Olympus')).toThrow(RangeError);
  });
  it('knows time zones', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    for (const bad of ['', ' UTC', 'Nowhere/Else', null, 3]) expect(isValidTimeZone(bad)).toBe(false);
  });
  it('starts local days at local midnight, on DST days too', () => {
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z'); // EST
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z'); // EDT
    expect(startOfLocalDay('2026-11-01', 'America/Toronto').toISOString()).toBe('2026-11-01T04:00:00.000Z'); // EDT until 02:00
    expect(startOfLocalDay('2026-11-02', 'America/Toronto').toISOString()).toBe('2026-11-02T05:00:00.000Z'); // EST
  });
});

describe('isDue at local midnight (DST days)', () => {
  it('flips at local midnight in New York on 2026-03-08 and 2026-11-01', () => {
    const tz = 'America/New_York';
    expect(isDue('2026-03-08', '2026-03-08T04:59:59.999Z', tz)).toBe(false);
    expect(isDue('2026-03-08', '2026-03-08T05:00:00Z', tz)).toBe(true);
    expect(isDue('2026-11-01', '2026-11-01T03:59:59.999Z', tz)).toBe(false);
    expect(isDue('2026-11-01', '2026-11-01T04:00:00Z', tz)).toBe(true);
    // the day after a change starts at the other offset
    expect(isDue('2026-03-09', '2026-03-09T03:59:59Z', tz)).toBe(false);
    expect(isDue('2026-03-09', '2026-03-09T04:00:00Z', tz)).toBe(true);
    expect(isDue('2026-11-02', '2026-11-02T04:59:59Z', tz)).toBe(false);
    expect(isDue('2026-11-02', '2026-11-02T05:00:00Z', tz)).toBe(true);
  });
  it('stays due after the date (a late scheduler catches up)', () => {
    expect(isDue('2026-03-08', '2026-04-01T12:00:00Z', 'America/Toronto')).toBe(true);
  });
  it('depends on the site time zone', () => {
    expect(isDue('2026-06-01', '2026-06-01T05:30:00Z', 'America/Toronto')).toBe(true);
    expect(isDue('2026-06-01', '2026-06-01T05:30:00Z', 'America/Vancouver')).toBe(false);
  });
});

describe('nextCycleDate', () => {
  it('adds 7·N days for weekly programs', () => {
    expect(nextCycleDate('AUTO_DELIVERY', '2026-03-02', { frequencyWeeks: 4 })).toBe('2026-03-30');
    expect(nextCycleDate('SMART', '2026-12-28', { frequencyWeeks: 2 })).toBe('2027-01-11');
    expect(nextCycleDate('BREWER_CAMPAIGN', '2026-02-26', { frequencyWeeks: 1 })).toBe('2026-03-05');
  });
  it('goes to the day of the next month, clamped, for day-of-month programs', () => {
    expect(nextCycleDate('SCHEDULED', '2026-01-31', { dayOfMonth: 31 })).toBe('2026-02-28');
    expect(nextCycleDate('SCHEDULED', '2026-02-28', { dayOfMonth: 31 })).toBe('2026-03-31');
    expect(nextCycleDate('SCHEDULED', '2026-03-31', { dayOfMonth: 31 })).toBe('2026-04-30');
    expect(nextCycleDate('MONTHLY_BOX', '2024-01-31', { dayOfMonth: 31 })).toBe('2024-02-29');
    expect(nextCycleDate('SCHEDULED', '2026-01-15', { dayOfMonth: 15 })).toBe('2026-02-15');
    expect(nextCycleDate('SCHEDULED', '2026-01-20', { dayOfMonth: 15 })).toBe('2026-02-15'); // moved cycle: back on the 15th
    expect(nextCycleDate('MONTHLY_BOX', '2026-12-05', { dayOfMonth: 1 })).toBe('2027-01-01');
  });
  it('refuses a cadence that does not fit the program', () => {
    expectError(() => nextCycleDate('AUTO_DELIVERY', '2026-01-01', { dayOfMonth: 5 }), 'InvalidInput', 'dayOfMonthNotApplicable', 'dayOfMonth');
    expectError(() => nextCycleDate('SCHEDULED', '2026-01-01', { frequencyWeeks: 4 }), 'InvalidInput', 'frequencyNotApplicable', 'frequencyWeeks');
    expectError(() => nextCycleDate('AUTO_DELIVERY', '2026-01-01', { frequencyWeeks: 0 }), 'InvalidInput', 'invalidFrequency', 'frequencyWeeks');
    expectError(() => nextCycleDate('SCHEDULED', '2026-01-01', { dayOfMonth: 30 }), 'InvalidInput', 'invalidDayOfMonth', 'dayOfMonth');
  });
});

describe('firstSchedule', () => {
  it('starts weekly programs 7·N days after the parent order', () => {
    expect(firstSchedule({ program: 'AUTO_DELIVERY', orderDate: '2026-03-02', frequencyWeeks: 4 })).toEqual(weekly({ nextShipDate: '2026-03-30' }));
    expect(firstSchedule({ program: 'BREWER_CAMPAIGN', orderDate: '2026-03-02', frequencyWeeks: 2 }).nextShipDate).toBe('2026-03-16');
  });
  it('starts SMART on the suggested date, or by the weekly rule without one', () => {
    expect(firstSchedule({ program: 'SMART', orderDate: '2026-03-02', frequencyWeeks: 4, firstShipDate: '2026-03-20' }).nextShipDate).toBe('2026-03-20');
    expect(firstSchedule({ program: 'SMART', orderDate: '2026-03-02', frequencyWeeks: 4 }).nextShipDate).toBe('2026-03-30');
    expectError(() => firstSchedule({ program: 'SMART', orderDate: '2026-03-02', frequencyWeeks: 4, firstShipDate: '2026-03-02' }), 'InvalidInput', 'dateOutOfRange', 'firstShipDate');
  });
  it('starts day-of-month programs on the day of next month', () => {
    expect(firstSchedule({ program: 'SCHEDULED', orderDate: '2026-01-10', dayOfMonth: 31 })).toEqual(monthly({ nextShipDate: '2026-02-28' }));
    expect(firstSchedule({ program: 'SCHEDULED', orderDate: '2026-01-03', dayOfMonth: 15 }).nextShipDate).toBe('2026-02-15');
    expect(firstSchedule({ program: 'MONTHLY_BOX', orderDate: '2026-01-30' })).toMatchObject({ dayOfMonth: 28, nextShipDate: '2026-02-28' });
    expect(defaultDayOfMonth('2026-05-12')).toBe(12);
  });
  it('refuses missing cadences with 400', () => {
    expectError(() => firstSchedule({ program: 'AUTO_DELIVERY', orderDate: '2026-01-10' }), 'InvalidInput', 'invalidFrequency', 'frequencyWeeks');
    expectError(() => firstSchedule({ program: 'SCHEDULED', orderDate: '2026-01-10' }), 'InvalidInput', 'invalidDayOfMonth', 'dayOfMonth');
  });
});

describe('transitions', () => {
  const today = '2026-02-20';

  it('skipNext moves to the cycle after next', () => {
    expect(skipNext(weekly()).nextShipDate).toBe('2026-03-30');
    expect(skipNext(monthly()).nextShipDate).toBe('2026-02-28');
  });
  it('refuses changes on a cancelled subscription with 409 subscriptionCancelled', () => {
    const c = weekly({ status: 'cancelled' });
    for (const f of [() => skipNext(c), () => shipOn(c, '2026-03-01', today), () => shipNow(c, today), () => pause(c, '2026-03-10', today), () => resume(c, today), () => cancel(c), () => changeFrequency(c, 2), () => afterCyclePlaced(c, '2026-03-02')]) {
      const e = caught(f);
      expect([e.kind, httpStatusOf(e.kind), e.type, e.reason, e.subject]).toEqual(['Conflict', 409, 'AutoDeliveryError', 'subscriptionCancelled', 'status']);
    }
    expectError(() => changeDayOfMonth(monthly({ status: 'cancelled' }), 5, today), 'Conflict', 'subscriptionCancelled', 'status');
  });
  it('refuses skip, ship on and ship now while paused or suspended', () => {
    for (const [status, reason] of [['paused', 'subscriptionPaused'], ['suspended', 'subscriptionSuspended']] as const) {
      const s = weekly({ status, pausedUntil: status === 'paused' ? '2026-03-10' : null });
      expectError(() => skipNext(s), 'Conflict', reason, 'status');
      expectError(() => shipOn(s, '2026-03-01', today), 'Conflict', reason, 'status');
      expectError(() => shipNow(s, today), 'Conflict', reason, 'status');
    }
    expectError(() => pause(weekly({ status: 'suspended' }), '2026-03-10', today), 'Conflict', 'subscriptionSuspended', 'status');
  });
  it('shipOn sets the next date within tomorrow … +180 days', () => {
    expect(shipOn(weekly(), '2026-02-21', today).nextShipDate).toBe('2026-02-21');
    expectError(() => shipOn(weekly(), today, today), 'InvalidInput', 'dateOutOfRange', 'date');
    expectError(() => shipOn(weekly(), '2026-02-31', today), 'InvalidInput', 'invalidDate', 'date');
  });
  it('shipNow places a cycle today and moves next to the rule after today', () => {
    expect(shipNow(weekly(), today)).toEqual({ cycleDate: today, schedule: weekly({ nextShipDate: '2026-03-20' }) });
    expect(shipNow(monthly({ dayOfMonth: 15, nextShipDate: '2026-03-15' }), today).schedule.nextShipDate).toBe('2026-03-15');
  });
  it('pause keeps every cycle on or after until', () => {
    expect(pause(weekly(), '2026-04-01', today)).toEqual(weekly({ status: 'paused', pausedUntil: '2026-04-01', nextShipDate: '2026-04-01' }));
    expect(pause(weekly(), '2026-02-25', today)).toEqual(weekly({ status: 'paused', pausedUntil: '2026-02-25', nextShipDate: '2026-03-02' }));
    // pausing again changes the end, the next date never goes back
    const p = pause(weekly(), '2026-04-01', today);
    expect(pause(p, '2026-03-01', today)).toMatchObject({ pausedUntil: '2026-03-01', nextShipDate: '2026-04-01' });
    expectError(() => pause(weekly(), '2026-08-20', today), 'InvalidInput', 'dateOutOfRange', 'until');
  });
  it('resume makes it active with next ≥ tomorrow; resuming an active one changes nothing', () => {
    const p = weekly({ status: 'paused', pausedUntil: '2026-04-01', nextShipDate: '2026-04-01' });
    expect(resume(p, today)).toEqual(weekly({ nextShipDate: '2026-04-01' }));
    expect(resume(weekly({ status: 'suspended', nextShipDate: '2026-02-01' }), today)).toEqual(weekly({ nextShipDate: '2026-02-21' }));
    const a = weekly();
    expect(resume(a, today)).toBe(a);
  });
  it('cancel ends it from any other status', () => {
    for (const status of ['active', 'paused', 'suspended'] as const) expect(cancel(weekly({ status, pausedUntil: status === 'paused' ? '2026-03-10' : null }))).toEqual(weekly({ status: 'cancelled' }));
    expect(isCycleDue(cancel(weekly()), '2027-01-01T12:00:00Z', 'UTC')).toBe(false);
  });
  it('changeFrequency keeps the next date and applies to the cycles after it', () => {
    const s = changeFrequency(weekly(), 8);
    expect(s).toEqual(weekly({ frequencyWeeks: 8 }));
    expect(afterCyclePlaced(s, s.nextShipDate).nextShipDate).toBe('2026-04-27');
    expectError(() => changeFrequency(monthly(), 4), 'InvalidInput', 'frequencyNotApplicable', 'frequencyWeeks');
    expectError(() => changeFrequency(weekly(), 53), 'InvalidInput', 'invalidFrequency', 'frequencyWeeks');
  });
  it('changeDayOfMonth moves the next date to that day', () => {
    const s = monthly({ dayOfMonth: 15, nextShipDate: '2026-03-15' });
    expect(changeDayOfMonth(s, 28, today)).toEqual(monthly({ dayOfMonth: 28, nextShipDate: '2026-03-28' }));
    expect(changeDayOfMonth(s, 1, today).nextShipDate).toBe('2026-03-01');
    // the day in the current next month is not after today: the month after
    expect(changeDayOfMonth(monthly({ dayOfMonth: 28, nextShipDate: '2026-02-28' }), 10, today).nextShipDate).toBe('2026-03-10');
    expect(changeDayOfMonth(monthly({ dayOfMonth: 28, nextShipDate: '2026-02-28' }), 31, today).nextShipDate).toBe('2026-02-28');
    // paused: never before the end of the pause
    expect(changeDayOfMonth(monthly({ status: 'paused', pausedUntil: '2026-05-20', dayOfMonth: 20, nextShipDate: '2026-05-20' }), 5, today).nextShipDate).toBe('2026-06-05');
    expectError(() => changeDayOfMonth(weekly(), 5, today), 'InvalidInput', 'dayOfMonthNotApplicable', 'dayOfMonth');
    expectError(() => changeDayOfMonth(s, 29, today), 'InvalidInput', 'invalidDayOfMonth', 'dayOfMonth');
  });
  it('afterCyclePlaced moves past the cycle, idempotently', () => {
    const s = afterCyclePlaced(weekly(), '2026-03-02');
    expect(s.nextShipDate).toBe('2026-03-30');
    expect(afterCyclePlaced(s, '2026-03-02')).toEqual(s);
    // after ship now the next date is already past the rule
    const { cycleDate, schedule } = shipNow(weekly(), today);
    expect(afterCyclePlaced(schedule, cycleDate)).toEqual(schedule);
  });
  it('never mutates its input', () => {
    const s = Object.freeze(weekly());
    skipNext(s);
    pause(s, '2026-03-10', today);
    expect(s).toEqual(weekly());
  });
});

describe('due, pause end, reminder and retries', () => {
  it('a paused subscription is due again once its pause is over', () => {
    const p = weekly({ status: 'paused', pausedUntil: '2026-04-01', nextShipDate: '2026-04-01' });
    expect(isCycleDue(p, '2026-03-31T12:00:00Z', 'America/New_York')).toBe(false);
    expect(isCycleDue(p, '2026-04-01T12:00:00Z', 'America/New_York')).toBe(true);
    expect(endPauseIfOver(p, '2026-03-31')).toBe(p);
    expect(endPauseIfOver(p, '2026-04-01')).toEqual(weekly({ nextShipDate: '2026-04-01' }));
    expect(isCycleDue(weekly({ status: 'suspended' }), '2026-04-01T12:00:00Z', 'UTC')).toBe(false);
  });
  it('reminds adReminderLeadDays before, once per ship date', () => {
    const s = weekly({ nextShipDate: '2026-03-10' });
    expect(reminderDate('2026-03-10', 3)).toBe('2026-03-07');
    expect(isReminderDue(s, '2026-03-06', 3, null)).toBe(false);
    expect(isReminderDue(s, '2026-03-07', 3, null)).toBe(true);
    expect(isReminderDue(s, '2026-03-09', 3, null)).toBe(true); // a late run still reminds
    expect(isReminderDue(s, '2026-03-10', 3, null)).toBe(false); // ship day: the order itself goes out
    expect(isReminderDue(s, '2026-03-07', 3, '2026-03-10')).toBe(false); // already sent
    expect(isReminderDue(s, '2026-03-07', 3, '2026-02-10')).toBe(true); // sent for the previous cycle
    // the first order after a pause is reminded: the pause ends by the ship date
    expect(isReminderDue({ ...s, status: 'paused', pausedUntil: '2026-03-10' }, '2026-03-07', 3, null)).toBe(true);
    expect(isReminderDue({ ...s, status: 'paused', pausedUntil: '2026-03-12' }, '2026-03-07', 3, null)).toBe(false);
    expect(isReminderDue({ ...s, status: 'paused', pausedUntil: null }, '2026-03-07', 3, null)).toBe(false);
    expect(isReminderDue({ ...s, status: 'suspended' }, '2026-03-07', 3, null)).toBe(false);
    expect(() => reminderDate('2026-03-10', -1)).toThrow(RangeError);
  });
  it('retries after 1, 3 and 7 days from the first failure, then suspends', () => {
    const days = [1, 3, 7];
    expect(retryPlan(days, '2026-03-02', 1)).toEqual({ action: 'retry', attempt: 2, attemptDate: '2026-03-03' });
    expect(retryPlan(days, '2026-03-02', 2)).toEqual({ action: 'retry', attempt: 3, attemptDate: '2026-03-05' });
    expect(retryPlan(days, '2026-03-02', 3)).toEqual({ action: 'retry', attempt: 4, attemptDate: '2026-03-09' });
    expect(retryPlan(days, '2026-03-02', 4)).toEqual({ action: 'suspend' });
    expect(retryPlan([], '2026-03-02', 1)).toEqual({ action: 'suspend' });
    expect(() => retryPlan(days, '2026-03-02', 0)).toThrow(RangeError);
  });
});
