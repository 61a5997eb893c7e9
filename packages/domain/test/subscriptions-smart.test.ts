/**
 * Smart subscription suggestion (ADR 0018 "Schedule rules": first date and frequency from
 * podsAtHomeQty, cups a day and past orders, with structured reasoning).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLocalDays, daysBetween, defaultAutoDeliverySettings, firstSchedule, smartSuggestion } from '../src/index.ts';

const settings = defaultAutoDeliverySettings('usb2c'); // 2…12 weeks
const today = '2026-03-02';

describe('smartSuggestion examples', () => {
  it('applies the ADR formula without past orders', () => {
    // 60 pods at home, 2 cups a day: 30 days of coffee, first box 27 days from now
    // 48 pods an order / 2 cups = 24 days → round(24 / 7) = 3 weeks
    const s = smartSuggestion({ podsAtHomeQty: 60, cupsPerDay: 2, podsPerOrder: 48, today, settings });
    expect(s.frequencyWeeks).toBe(3);
    expect(s.firstShipDate).toBe('2026-03-29');
    expect(s.reasoning).toEqual({
      podsAtHomeQty: 60,
      cupsPerDay: 2,
      podsPerOrder: 48,
      daysOfCoffeeAtHome: 30,
      bufferDays: 3,
      firstShipInDays: 27,
      daysPerOrder: 24,
      observedIntervalDays: null,
      observedGaps: 0,
      historyWeight: 0,
      blendedIntervalDays: 24,
      suggestedWeeks: 3,
      minWeeks: 2,
      maxWeeks: 12,
      notes: [],
    });
  });
  it('ships no sooner than a week, and counts empty pods at home as none', () => {
    const s = smartSuggestion({ podsAtHomeQty: null, cupsPerDay: 3, podsPerOrder: 24, today, settings });
    expect(s.firstShipDate).toBe(addLocalDays(today, 7));
    expect(s.reasoning.notes).toEqual(['podsAtHomeUnknown', 'firstShipMinimum', 'frequencySnapped']); // 24/3/7 = 1.14 → 1 → 2
    expect(s.frequencyWeeks).toBe(2);
    expect(smartSuggestion({ podsAtHomeQty: 20, cupsPerDay: 2, podsPerOrder: 96, today, settings }).firstShipDate).toBe(addLocalDays(today, 7)); // 10 − 3 = 7
  });
  it('clamps the frequency to the offered range', () => {
    expect(smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: 1, podsPerOrder: 192, today, settings }).frequencyWeeks).toBe(12); // 27 weeks
    expect(smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: 20, podsPerOrder: 12, today, settings }).frequencyWeeks).toBe(2);
    // non-contiguous offer: nearest, the shorter on a tie
    expect(smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: 1, podsPerOrder: 35, today, settings: { frequenciesWeeks: [4, 6] } }).frequencyWeeks).toBe(4); // 5 weeks: tie
  });
  it('caps the first date at 180 days', () => {
    const s = smartSuggestion({ podsAtHomeQty: 500, cupsPerDay: 1, podsPerOrder: 24, today, settings });
    expect(s.firstShipDate).toBe(addLocalDays(today, 180));
    expect(s.reasoning.notes).toContain('firstShipCapped');
  });
  it('blends in the observed interval of past orders, explaining it', () => {
    // consumption 48 / 2 = 24 days; past orders every 42 days (3 gaps → weight 3)
    const past = ['2025-09-01', '2025-10-13', '2025-11-24', '2026-01-05'];
    const s = smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: 2, podsPerOrder: 48, pastOrderDates: past, today, settings });
    // (24 + 3 · 42) / 4 = 37.5 days → round(37.5 / 7) = 5 weeks
    expect(s.reasoning).toMatchObject({ observedIntervalDays: 42, observedGaps: 3, historyWeight: 3, blendedIntervalDays: 38, suggestedWeeks: 5 });
    expect(s.reasoning.notes).toContain('pastOrdersBlended');
    expect(s.frequencyWeeks).toBe(5);
  });
  it('uses the median gap, the latest 7 orders, and ignores future and duplicate dates', () => {
    // gaps 28, 28, 120 (a holiday), 28 → median 28
    const past = ['2025-05-01', '2025-05-29', '2025-06-26', '2025-10-24', '2025-11-21', '2025-11-21', '2027-01-01'];
    const s = smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: 1, podsPerOrder: 28, pastOrderDates: past, today, settings });
    expect(s.reasoning).toMatchObject({ observedIntervalDays: 28, observedGaps: 4, historyWeight: 3, suggestedWeeks: 4 });
    // one past order gives no interval
    expect(smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: 1, podsPerOrder: 28, pastOrderDates: ['2026-01-01'], today, settings }).reasoning.observedIntervalDays).toBeNull();
    // only the latest 7 dates (6 gaps) count
    const many = Array.from({ length: 12 }, (_, i) => addLocalDays('2025-01-06', i * (i < 5 ? 7 : 21)));
    expect(smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: 1, podsPerOrder: 28, pastOrderDates: many, today, settings }).reasoning.observedGaps).toBe(6);
  });
  it('feeds a SMART first schedule', () => {
    const s = smartSuggestion({ podsAtHomeQty: 60, cupsPerDay: 2, podsPerOrder: 48, today, settings });
    expect(firstSchedule({ program: 'SMART', orderDate: today, frequencyWeeks: s.frequencyWeeks, firstShipDate: s.firstShipDate })).toMatchObject({ nextShipDate: '2026-03-29', frequencyWeeks: 3 });
  });
  it('refuses programming errors', () => {
    expect(() => smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: 0, podsPerOrder: 24, today, settings })).toThrow(RangeError);
    expect(() => smartSuggestion({ podsAtHomeQty: -1, cupsPerDay: 1, podsPerOrder: 24, today, settings })).toThrow(RangeError);
    expect(() => smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: 1, podsPerOrder: 0, today, settings })).toThrow(RangeError);
    expect(() => smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: 1, podsPerOrder: 24, today, settings: { frequenciesWeeks: [] } })).toThrow(RangeError);
    expect(() => smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: 1, podsPerOrder: 24, pastOrderDates: ['yesterday'], today, settings })).toThrow(RangeError);
  });
});

describe('smartSuggestion properties', () => {
  const offeredArb = fc.uniqueArray(fc.integer({ min: 1, max: 52 }), { minLength: 1, maxLength: 8 }).map((xs) => [...xs].sort((a, b) => a - b));
  const inputArb = fc.record({
    podsAtHomeQty: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null }),
    cupsPerDay: fc.integer({ min: 1, max: 20 }),
    podsPerOrder: fc.integer({ min: 1, max: 1000 }),
    pastOffsets: fc.array(fc.integer({ min: -800, max: 30 }), { maxLength: 10 }),
    offered: offeredArb,
  });

  it('first date is 7…180 days ahead and follows max(7, floor(pods / cups) − 3); frequency is offered', () => {
    fc.assert(
      fc.property(inputArb, ({ podsAtHomeQty, cupsPerDay, podsPerOrder, pastOffsets, offered }) => {
        const s = smartSuggestion({ podsAtHomeQty, cupsPerDay, podsPerOrder, pastOrderDates: pastOffsets.map((o) => addLocalDays(today, o)), today, settings: { frequenciesWeeks: offered } });
        const inDays = daysBetween(today, s.firstShipDate);
        expect(inDays).toBe(Math.min(180, Math.max(7, Math.floor((podsAtHomeQty ?? 0) / cupsPerDay) - 3)));
        expect(offered).toContain(s.frequencyWeeks);
        // nearest offered to the suggestion
        for (const f of offered) expect(Math.abs(s.frequencyWeeks - s.reasoning.suggestedWeeks)).toBeLessThanOrEqual(Math.abs(f - s.reasoning.suggestedWeeks));
      }),
      { numRuns: 2000 },
    );
  });

  it('without past orders, the frequency is clamp(round(podsPerOrder / cupsPerDay / 7), 2, 12) on the default offer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 2000 }), (cups, pods) => {
        const s = smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: cups, podsPerOrder: pods, today, settings });
        const rounded = Math.floor((2 * pods + 7 * cups) / (14 * cups)); // half-up of pods / (7 cups), in integers
        expect(s.frequencyWeeks).toBe(Math.min(12, Math.max(2, rounded)));
      }),
      { numRuns: 2000 },
    );
  });

  it('the blend lies between the stated consumption and the observed interval', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 600 }), fc.integer({ min: 1, max: 120 }), fc.integer({ min: 2, max: 7 }), (cups, pods, gap, n) => {
        const past = Array.from({ length: n }, (_, i) => addLocalDays(today, -gap * (n - i)));
        const r = smartSuggestion({ podsAtHomeQty: 0, cupsPerDay: cups, podsPerOrder: pods, pastOrderDates: past, today, settings }).reasoning;
        expect(r.observedIntervalDays).toBe(gap);
        const consumption = pods / cups;
        expect(r.blendedIntervalDays).toBeGreaterThanOrEqual(Math.floor(Math.min(consumption, gap)));
        expect(r.blendedIntervalDays).toBeLessThanOrEqual(Math.ceil(Math.max(consumption, gap)));
      }),
      { numRuns: 2000 },
    );
  });
});
