/**
 * Property tests of the schedule rules (ADR 0018 "Schedule rules"; issue 10 "schedule rules (month
 * ends, time zones, skip, pause, DST) with property tests"), 2000 runs each. The oracles use plain
 * `Date.UTC` arithmetic and `Intl.DateTimeFormat`, not date-fns, so they are independent of the
 * code under test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AutoDeliveryProgram, SubscriptionSchedule } from '../src/index.ts';
import {
  addLocalDays,
  afterCyclePlaced,
  isCycleDue,
  isDue,
  localDateOf,
  nextCycleDate,
  pause,
  resume,
  shipNow,
  skipNext,
  startOfLocalDay,
} from '../src/index.ts';

const RUNS = { numRuns: 2000 };
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Independent oracles.

/** epoch day of a YYYY-MM-DD string */
const epochDay = (d: string): number => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / DAY_MS;
const fromEpochDay = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
const weekday = (d: string): number => new Date(epochDay(d) * DAY_MS).getUTCDay();
const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
/** local date and time of an instant in a zone, by Intl */
function intlLocal(ms: number, timeZone: string): { date: string; hour: number; minute: number } {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    partsFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour), minute: Number(p.minute) };
}

// ---------------------------------------------------------------------------------------------
// Arbitraries.

const MIN_DAY = epochDay('1995-01-01');
const MAX_DAY = epochDay('2095-12-31');
const dateArb = fc.oneof(
  fc.integer({ min: MIN_DAY, max: MAX_DAY }).map(fromEpochDay),
  // month ends, leap days and DST days are where the bugs live
  fc.constantFrom('2024-01-31', '2024-02-29', '2025-02-28', '2026-01-31', '2026-03-08', '2026-11-01', '2026-12-31', '2100-02-28'),
);
const weeksArb = fc.integer({ min: 1, max: 52 });
const domArb = fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constant(31));
const weeklyProgramArb = fc.constantFrom<AutoDeliveryProgram>('AUTO_DELIVERY', 'SMART', 'BREWER_CAMPAIGN');
const monthlyProgramArb = fc.constantFrom<AutoDeliveryProgram>('SCHEDULED', 'MONTHLY_BOX');
const ZONES = ['America/New_York', 'America/Toronto', 'America/Vancouver', 'America/Halifax', 'America/St_Johns', 'UTC'];
const zoneArb = fc.constantFrom(...ZONES);

const scheduleArb: fc.Arbitrary<SubscriptionSchedule> = fc.oneof(
  fc.record({ program: weeklyProgramArb, next: dateArb, weeks: weeksArb }).map(({ program, next, weeks }) => ({ program, status: 'active' as const, nextShipDate: next, pausedUntil: null, frequencyWeeks: weeks, dayOfMonth: null })),
  fc.record({ program: monthlyProgramArb, next: dateArb, day: domArb }).map(({ program, next, day }) => ({ program, status: 'active' as const, nextShipDate: next, pausedUntil: null, frequencyWeeks: null, dayOfMonth: day })),
);

/** the expected date after a cycle on `from`, written from the ADR rule with Date.UTC */
function oracleNext(s: SubscriptionSchedule, from: string): string {
  if (s.frequencyWeeks !== null) return fromEpochDay(epochDay(from) + 7 * s.frequencyWeeks);
  const y = Number(from.slice(0, 4));
  const m = Number(from.slice(5, 7)); // 1-12; the next month is m + 1
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  const day = Math.min(s.dayOfMonth ?? 0, daysInMonth(ny, nm));
  return `${ny}-${String(nm).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

describe('next cycle date', () => {
  it('equals the ADR rule (oracle), is after the cycle date and lands on the right weekday / day of month', () => {
    fc.assert(
      fc.property(scheduleArb, dateArb, (s, from) => {
        const cadence = s.frequencyWeeks !== null ? { frequencyWeeks: s.frequencyWeeks } : { dayOfMonth: s.dayOfMonth ?? 0 };
        const next = nextCycleDate(s.program, from, cadence);
        expect(next).toBe(oracleNext(s, from));
        expect(epochDay(next)).toBeGreaterThan(epochDay(from));
        if (s.frequencyWeeks !== null) {
          expect(weekday(next)).toBe(weekday(from));
        } else {
          const y = Number(next.slice(0, 4));
          const m = Number(next.slice(5, 7));
          const d = Number(next.slice(8, 10));
          const last = daysInMonth(y, m);
          expect(d).toBe(s.dayOfMonth === 31 ? last : Math.min(s.dayOfMonth ?? 0, last));
        }
      }),
      RUNS,
    );
  });

  it('"31" is always the last day of the month: Jan 31 → Feb 28/29 → Mar 31 → Apr 30 …', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1995, max: 2095 }), fc.integer({ min: 1, max: 24 }), monthlyProgramArb, (year, months, program) => {
        let d = `${year}-01-31`;
        for (let i = 0; i < months; i += 1) {
          d = nextCycleDate(program, d, { dayOfMonth: 31 });
          const y = Number(d.slice(0, 4));
          const m = Number(d.slice(5, 7));
          expect(Number(d.slice(8, 10))).toBe(daysInMonth(y, m));
          expect((y - year) * 12 + m).toBe(1 + i + 1); // one month further each time, none skipped
        }
      }),
      RUNS,
    );
  });

  it('N cycles of a weekly program span exactly 7·N·weeks days, on the same weekday', () => {
    fc.assert(
      fc.property(weeklyProgramArb, dateArb, weeksArb, fc.integer({ min: 1, max: 60 }), (program, start, weeks, n) => {
        let s: SubscriptionSchedule = { program, status: 'active', nextShipDate: start, pausedUntil: null, frequencyWeeks: weeks, dayOfMonth: null };
        for (let i = 0; i < n; i += 1) {
          s = afterCyclePlaced(s, s.nextShipDate);
          expect(weekday(s.nextShipDate)).toBe(weekday(start));
        }
        expect(epochDay(s.nextShipDate) - epochDay(start)).toBe(7 * n * weeks);
      }),
      RUNS,
    );
  });
});

describe('transitions', () => {
  it('skip then cycle = two cycles later', () => {
    fc.assert(
      fc.property(scheduleArb, (s) => {
        const n1 = oracleNext(s, s.nextShipDate);
        const n2 = oracleNext(s, n1);
        const skipped = skipNext(s);
        // the skipped order never happens: the next one is the cycle after it
        expect(skipped.nextShipDate).toBe(n1);
        // once that order is placed, the next is two cycles after the skipped date
        expect(afterCyclePlaced(skipped, skipped.nextShipDate).nextShipDate).toBe(n2);
        // without the skip the same two orders land one cycle earlier
        expect(afterCyclePlaced(s, s.nextShipDate).nextShipDate).toBe(n1);
      }),
      RUNS,
    );
  });

  it('pause never lets a cycle be due before `until`, and it is due again from max(next, until)', () => {
    fc.assert(
      fc.property(scheduleArb, dateArb, fc.integer({ min: 1, max: 180 }), fc.integer({ min: -400, max: 400 }), fc.integer({ min: 0, max: DAY_MS - 1 }), zoneArb, (s, today, untilIn, probeIn, msInDay, zone) => {
        const until = addLocalDays(today, untilIn);
        const paused = pause(s, until, today);
        expect(paused.status).toBe('paused');
        expect(epochDay(paused.nextShipDate)).toBeGreaterThanOrEqual(epochDay(until));
        expect(epochDay(paused.nextShipDate)).toBeGreaterThanOrEqual(epochDay(s.nextShipDate));
        // a probe instant whose local date (in the zone) is `probe`
        const probe = addLocalDays(until, probeIn);
        const instant = new Date(startOfLocalDay(probe, zone).getTime() + Math.min(msInDay, 22 * 3_600_000));
        const localProbe = intlLocal(instant.getTime(), zone).date;
        const due = isCycleDue(paused, instant, zone);
        if (epochDay(localProbe) < epochDay(until)) expect(due).toBe(false);
        expect(due).toBe(epochDay(localProbe) >= epochDay(paused.nextShipDate));
      }),
      RUNS,
    );
  });

  it('resume never schedules before tomorrow, ship now always moves next past today', () => {
    fc.assert(
      fc.property(scheduleArb, dateArb, fc.constantFrom('paused', 'suspended') as fc.Arbitrary<'paused' | 'suspended'>, (s, today, status) => {
        const r = resume({ ...s, status, pausedUntil: status === 'paused' ? s.nextShipDate : null }, today);
        expect(r.status).toBe('active');
        expect(r.pausedUntil).toBeNull();
        expect(epochDay(r.nextShipDate)).toBeGreaterThanOrEqual(Math.max(epochDay(today) + 1, epochDay(s.nextShipDate)));
        const now = shipNow(s, today);
        expect(now.cycleDate).toBe(today);
        expect(now.schedule.nextShipDate).toBe(oracleNext(s, today));
      }),
      RUNS,
    );
  });
});

describe('time zones and DST', () => {
  const dstDays = ['2026-03-08', '2026-11-01', '2026-03-07', '2026-03-09', '2026-10-31', '2026-11-02'];

  it('isDue flips exactly at local midnight (New York, Toronto; DST days 2026-03-08 and 2026-11-01)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('America/New_York', 'America/Toronto'),
        fc.constantFrom(...dstDays),
        fc.integer({ min: -30 * 3_600_000, max: 30 * 3_600_000 }),
        (zone, date, offsetMs) => {
          const midnight = startOfLocalDay(date, zone).getTime();
          // local midnight really is 00:00 of that date (Intl)
          expect(intlLocal(midnight, zone)).toEqual({ date, hour: 0, minute: 0 });
          expect(intlLocal(midnight - 1, zone).date).toBe(fromEpochDay(epochDay(date) - 1));
          const t = midnight + offsetMs;
          expect(isDue(date, new Date(t), zone)).toBe(t >= midnight);
          expect(isDue(date, new Date(t).toISOString(), zone)).toBe(intlLocal(t, zone).date >= date);
        },
      ),
      RUNS,
    );
  });

  it('the local date of any instant matches Intl, in every zone', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2095, 11, 31) }), zoneArb, (ms, zone) => {
        expect(localDateOf(new Date(ms), zone)).toBe(intlLocal(ms, zone).date);
      }),
      RUNS,
    );
  });

  it('a weekly schedule never drifts by a day across DST: every cycle is due from local midnight of the same weekday', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('America/New_York', 'America/Toronto'),
        fc.integer({ min: epochDay('2026-01-01'), max: epochDay('2026-12-31') }).map(fromEpochDay),
        fc.integer({ min: 1, max: 12 }),
        (zone, start, weeks) => {
          let s: SubscriptionSchedule = { program: 'AUTO_DELIVERY', status: 'active', nextShipDate: start, pausedUntil: null, frequencyWeeks: weeks, dayOfMonth: null };
          for (let i = 0; i < 8; i += 1) {
            const due = startOfLocalDay(s.nextShipDate, zone).getTime();
            expect(intlLocal(due, zone)).toEqual({ date: s.nextShipDate, hour: 0, minute: 0 });
            expect(isCycleDue(s, new Date(due - 1), zone)).toBe(false);
            expect(isCycleDue(s, new Date(due), zone)).toBe(true);
            expect(weekday(s.nextShipDate)).toBe(weekday(start));
            s = afterCyclePlaced(s, s.nextShipDate);
          }
        },
      ),
      RUNS,
    );
  });

  it('the same instant can be a different local date in Toronto and Vancouver (never more than a day apart)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) }), (ms) => {
        const to = localDateOf(new Date(ms), 'America/Toronto');
        const va = localDateOf(new Date(ms), 'America/Vancouver');
        const gap = epochDay(to) - epochDay(va);
        expect(gap === 0 || gap === 1).toBe(true);
        // they differ exactly when it is before 03:00 in Toronto (Vancouver is 3 hours behind), or
        // before 04:00 in the hours when Toronto has changed its clocks and Vancouver not yet
        const t = intlLocal(ms, 'America/Toronto');
        const v = intlLocal(ms, 'America/Vancouver');
        const hoursApart = (((t.hour - v.hour) % 24) + 24) % 24;
        expect([3, 4, 2]).toContain(hoursApart);
        expect(gap === 1).toBe(t.hour < hoursApart);
      }),
      RUNS,
    );
    expect(localDateOf('2026-11-01T06:30:00Z', 'America/Toronto')).toBe('2026-11-01');
    expect(localDateOf('2026-11-01T06:30:00Z', 'America/Vancouver')).toBe('2026-10-31');
    // 2026-03-08 07:00Z: Toronto is already on daylight time (03:00), Vancouver not yet (23:00 the day before)
    expect(localDateOf('2026-03-08T07:00:00Z', 'America/Toronto')).toBe('2026-03-08');
    expect(localDateOf('2026-03-08T07:00:00Z', 'America/Vancouver')).toBe('2026-03-07');
  });
});
