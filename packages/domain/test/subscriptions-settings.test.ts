/**
 * Auto-delivery site settings and shopper-input validators (ADR 0018 "Site configuration",
 * "Buying"; spec §5 podsAtHomeQty).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AutoDeliverySettings } from '../src/index.ts';
import { caught } from './support.ts';
import {
  AD_SETTING_KEYS,
  BASE_SITE_IDS,
  autoDeliverySettingsToConfig,
  defaultAutoDeliverySettings,
  httpStatusOf,
  parseAutoDeliverySettings,
  parsePodsAtHomeQty,
  validateCupsPerDay,
  validateDayOfMonth,
  validateFrequencyWeeks,
  validateItemQty,
  validatePauseUntil,
  validateShipOnDate,
} from '../src/index.ts';

function expect400(fn: () => unknown, reason: string, subject: string): void {
  const e = caught(fn);
  expect({ kind: e.kind, status: httpStatusOf(e.kind), type: e.type, reason: e.reason, subject: e.subject }).toEqual({ kind: 'InvalidInput', status: 400, type: 'ValidationError', reason, subject });
}

const usb2c = defaultAutoDeliverySettings('usb2c');

describe('defaultAutoDeliverySettings (ADR 0018 table)', () => {
  it('has the values of the ADR per site', () => {
    const two12 = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect(defaultAutoDeliverySettings('usb2c')).toEqual({
      enabled: true,
      discountBps: 2500,
      firstOrderDiscountBps: 2500,
      frequenciesWeeks: two12,
      defaultFrequencyWeeks: 4,
      freeStandardShipping: true,
      reminderLeadDays: 3,
      retryDays: [1, 3, 7],
      timeZone: 'America/New_York',
      maxQtyPerItem: 12,
      podsAtHomeMaxQty: 500,
    });
    expect(defaultAutoDeliverySettings('cab2c')).toMatchObject({ discountBps: 1500, firstOrderDiscountBps: 2500, timeZone: 'America/Toronto', freeStandardShipping: true, maxQtyPerItem: 12, podsAtHomeMaxQty: 500 });
    expect(defaultAutoDeliverySettings('usafh')).toMatchObject({ discountBps: 1000, firstOrderDiscountBps: 1000, timeZone: 'America/New_York', freeStandardShipping: false, maxQtyPerItem: 24, podsAtHomeMaxQty: 2000 });
  });
  it('returns a fresh copy each time', () => {
    const a = defaultAutoDeliverySettings('usb2c');
    (a.frequenciesWeeks as number[]).push(99);
    expect(defaultAutoDeliverySettings('usb2c').frequenciesWeeks).not.toContain(99);
  });
});

describe('parseAutoDeliverySettings', () => {
  it('gives the defaults, without problems, for an empty configuration', () => {
    for (const site of BASE_SITE_IDS) expect(parseAutoDeliverySettings(site, {})).toEqual({ settings: defaultAutoDeliverySettings(site), problems: [] });
  });
  it('reads every key', () => {
    const { settings, problems } = parseAutoDeliverySettings('usb2c', {
      adEnabled: 'false',
      adDiscountBps: '2000',
      adFirstOrderDiscountBps: '3000',
      adFrequenciesWeeks: '8, 2,4,4',
      adDefaultFrequencyWeeks: '8',
      adFreeStandardShipping: 'FALSE',
      adReminderLeadDays: '5',
      adRetryDays: '2,4',
      adTimeZone: 'America/Vancouver',
      adMaxQtyPerItem: '6',
      podsAtHomeMaxQty: '1000',
      unrelated: 'x',
    });
    expect(problems).toEqual([]);
    expect(settings).toEqual({
      enabled: false,
      discountBps: 2000,
      firstOrderDiscountBps: 3000,
      frequenciesWeeks: [2, 4, 8],
      defaultFrequencyWeeks: 8,
      freeStandardShipping: false,
      reminderLeadDays: 5,
      retryDays: [2, 4],
      timeZone: 'America/Vancouver',
      maxQtyPerItem: 6,
      podsAtHomeMaxQty: 1000,
    });
  });
  it('reads ranges of frequencies', () => {
    expect(parseAutoDeliverySettings('usb2c', { adFrequenciesWeeks: '2-4,6,10-12' }).settings.frequenciesWeeks).toEqual([2, 3, 4, 6, 10, 11, 12]);
    expect(parseAutoDeliverySettings('usb2c', { adFrequenciesWeeks: '2…12' }).settings.frequenciesWeeks).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
  it('falls back and reports every bad value, never throwing', () => {
    const { settings, problems } = parseAutoDeliverySettings('cab2c', {
      adEnabled: 'maybe',
      adDiscountBps: '25%',
      adFirstOrderDiscountBps: '10001',
      adFrequenciesWeeks: '2,x',
      adDefaultFrequencyWeeks: '13',
      adFreeStandardShipping: 'oui',
      adReminderLeadDays: '-1',
      adRetryDays: '7,3,1',
      adTimeZone: 'Mars/Olympus',
      adMaxQtyPerItem: '100',
      podsAtHomeMaxQty: '0',
    });
    expect(settings).toEqual(defaultAutoDeliverySettings('cab2c'));
    expect(problems.map((p) => [p.key, p.reason, p.usedInstead])).toEqual([
      ['adEnabled', 'invalidBoolean', 'true'],
      ['adDiscountBps', 'invalidInteger', '1500'],
      ['adFirstOrderDiscountBps', 'outOfRange', '2500'],
      ['adFrequenciesWeeks', 'invalidList', '2,3,4,5,6,7,8,9,10,11,12'],
      ['adDefaultFrequencyWeeks', 'notAnOfferedFrequency', '4'],
      ['adFreeStandardShipping', 'invalidBoolean', 'true'],
      ['adReminderLeadDays', 'invalidInteger', '3'],
      ['adRetryDays', 'invalidList', '1,3,7'],
      ['adTimeZone', 'unknownTimeZone', 'America/Toronto'],
      ['adMaxQtyPerItem', 'outOfRange', '12'],
      ['podsAtHomeMaxQty', 'outOfRange', '500'],
    ]);
    expect(problems[0]?.value).toBe('maybe');
  });
  it('keeps the default frequency among the offered ones', () => {
    const r = parseAutoDeliverySettings('usb2c', { adFrequenciesWeeks: '6,8,10' });
    expect(r.settings.defaultFrequencyWeeks).toBe(6);
    expect(r.problems).toEqual([]);
    const r2 = parseAutoDeliverySettings('usb2c', { adFrequenciesWeeks: '2,6', adDefaultFrequencyWeeks: '5' });
    expect(r2.settings.defaultFrequencyWeeks).toBe(2); // 4 is not offered: nearest of 2 and 6, the shorter on a tie
    expect(r2.problems.map((p) => p.reason)).toEqual(['notAnOfferedFrequency']);
  });
  it('treats blank, missing and non-string values as unset', () => {
    const r = parseAutoDeliverySettings('usafh', { adEnabled: '  ', adDiscountBps: undefined, adTimeZone: 42 as unknown as string });
    expect(r).toEqual({ settings: defaultAutoDeliverySettings('usafh'), problems: [] });
  });
  it('refuses frequencies or retry days out of range', () => {
    expect(parseAutoDeliverySettings('usb2c', { adFrequenciesWeeks: '0,2' }).problems[0]?.reason).toBe('outOfRange');
    expect(parseAutoDeliverySettings('usb2c', { adRetryDays: '1,61' }).problems[0]?.reason).toBe('outOfRange');
    expect(parseAutoDeliverySettings('usb2c', { adRetryDays: '1,1' }).problems[0]?.reason).toBe('invalidList');
  });
  it('never throws and always gives usable settings, whatever the strings (property)', () => {
    const keys = Object.values(AD_SETTING_KEYS);
    const valueArb = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('true', '0', '12', '2-12', '1,3,7', 'UTC', '-5', '1e3', '99999999999'));
    fc.assert(
      fc.property(fc.constantFrom(...BASE_SITE_IDS), fc.dictionary(fc.constantFrom(...keys), valueArb), (site, config) => {
        const { settings: s } = parseAutoDeliverySettings(site, config);
        expect(s.frequenciesWeeks.length).toBeGreaterThan(0);
        expect(s.frequenciesWeeks).toContain(s.defaultFrequencyWeeks);
        expect([...s.frequenciesWeeks].sort((a, b) => a - b)).toEqual(s.frequenciesWeeks);
        for (const n of [s.discountBps, s.firstOrderDiscountBps]) expect(n >= 0 && n <= 10_000 && Number.isInteger(n)).toBe(true);
        expect(s.maxQtyPerItem >= 1 && s.maxQtyPerItem <= 99).toBe(true);
        expect(s.retryDays.every((d, i) => d >= 1 && (i === 0 || d > (s.retryDays[i - 1] ?? 0)))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
  it('round-trips through autoDeliverySettingsToConfig', () => {
    for (const site of BASE_SITE_IDS) {
      const s: AutoDeliverySettings = { ...defaultAutoDeliverySettings(site), frequenciesWeeks: [3, 6, 9], defaultFrequencyWeeks: 6, retryDays: [], enabled: false };
      const config = autoDeliverySettingsToConfig(s);
      expect(Object.keys(config).sort()).toEqual(Object.values(AD_SETTING_KEYS).sort());
      expect(config.adRetryDays).toBe('none');
      expect(parseAutoDeliverySettings(site, config)).toEqual({ settings: s, problems: [] });
      const d = defaultAutoDeliverySettings(site);
      expect(parseAutoDeliverySettings(site, autoDeliverySettingsToConfig(d))).toEqual({ settings: d, problems: [] });
    }
  });
});

describe('validators (400 naming the field)', () => {
  it('validateFrequencyWeeks accepts only offered frequencies', () => {
    expect(validateFrequencyWeeks(2, usb2c)).toBe(2);
    expect(validateFrequencyWeeks('12', usb2c)).toBe(12);
    for (const bad of [1, 13, 0, 4.5, '4.5', 'four', null, undefined, '', [4]]) expect400(() => validateFrequencyWeeks(bad, usb2c), 'invalidFrequency', 'frequencyWeeks');
    expect400(() => validateFrequencyWeeks(3, { frequenciesWeeks: [2, 4] }, 'entries[0].frequencyWeeks'), 'invalidFrequency', 'entries[0].frequencyWeeks');
  });
  it('validateItemQty accepts 1…adMaxQtyPerItem', () => {
    expect(validateItemQty(1, usb2c)).toBe(1);
    expect(validateItemQty('12', usb2c)).toBe(12);
    for (const bad of [0, 13, -1, 1.5, 'x', null]) expect400(() => validateItemQty(bad, usb2c), 'invalidQuantity', 'qty');
    expect(validateItemQty(24, defaultAutoDeliverySettings('usafh'))).toBe(24);
  });
  it('parsePodsAtHomeQty: empty when not a number (spec §5), else 0…podsAtHomeMaxQty', () => {
    for (const empty of [undefined, null, '', '  ', 'abc', Number.NaN, Number.POSITIVE_INFINITY, {}, [], true]) expect(parsePodsAtHomeQty(empty, usb2c)).toBeNull();
    expect(parsePodsAtHomeQty(0, usb2c)).toBe(0);
    expect(parsePodsAtHomeQty(' 48 ', usb2c)).toBe(48);
    expect(parsePodsAtHomeQty(500, usb2c)).toBe(500);
    for (const bad of [-1, 501, 12.5, '12.5', '-3']) expect400(() => parsePodsAtHomeQty(bad, usb2c), 'invalidPodsAtHomeQty', 'podsAtHomeQty');
    expect(parsePodsAtHomeQty(2000, defaultAutoDeliverySettings('usafh'))).toBe(2000);
  });
  it('validateCupsPerDay accepts 1–20', () => {
    expect(validateCupsPerDay(1)).toBe(1);
    expect(validateCupsPerDay('20')).toBe(20);
    for (const bad of [0, 21, 2.5, 'two', null]) expect400(() => validateCupsPerDay(bad), 'invalidCupsPerDay', 'cupsPerDay');
  });
  it('validateDayOfMonth accepts 1–28 and 31', () => {
    for (const ok of [1, 15, 28, 31, '31']) expect(validateDayOfMonth(ok)).toBe(Number(ok));
    for (const bad of [0, 29, 30, 32, 1.5, 'last', null]) expect400(() => validateDayOfMonth(bad), 'invalidDayOfMonth', 'dayOfMonth');
  });
  it('validateShipOnDate / validatePauseUntil accept tomorrow … today + 180 days', () => {
    const today = '2026-01-31';
    expect(validateShipOnDate('2026-02-01', today)).toBe('2026-02-01');
    expect(validateShipOnDate('2026-07-30', today)).toBe('2026-07-30'); // + 180 days
    expect(validatePauseUntil(' 2026-03-15 ', today)).toBe('2026-03-15');
    expect400(() => validateShipOnDate('2026-01-31', today), 'dateOutOfRange', 'date');
    expect400(() => validateShipOnDate('2026-07-31', today), 'dateOutOfRange', 'date');
    expect400(() => validatePauseUntil('2025-12-01', today), 'dateOutOfRange', 'until');
    for (const bad of ['2026-02-30', '2026-2-3', '03/02/2026', '2026-02-01T00:00:00Z', '', null, 20260201]) {
      expect400(() => validateShipOnDate(bad, today), 'invalidDate', 'date');
      expect400(() => validatePauseUntil(bad, today, 'pause.until'), 'invalidDate', 'pause.until');
    }
  });
});
