/**
 * Programs and spec §9 codes of auto-delivery (ADR 0018 "Programs and entry types").
 */
import { describe, expect, it } from 'vitest';
import {
  AD_PRODUCT_TYPES,
  ALREADY_ADDED_TO_BACKUP_PRODUCT,
  ALREADY_ADDED_TO_SP,
  ALREADY_IN_SUBSCRIPTION_CODES,
  AUTO_DELIVERY_ERROR_REASONS,
  CAMPAIGN_BREWER_DISCOUNT_BPS,
  CAMPAIGN_CODES,
  ENTRY_TYPES,
  ENTRY_TYPE_OF_PROGRAM,
  MONTHLY_BOX_COUNTS,
  PROGRAMS,
  SALES_PRICE_STRATEGIES,
  assertNotInSubscription,
  cadenceKindOf,
  entryTypeOf,
  httpStatusOf,
  isAutoDeliveryEntryType,
  isAutoDeliveryProgram,
  isCampaignCode,
  isMonthlyBoxCount,
  isProgram,
  isSubscriptionCancelReason,
  SUBSCRIPTION_CANCEL_REASONS,
  subscriptionGroupKey,
  programOf,
  usesDayOfMonth,
  usesFrequencyWeeks,
} from '../src/index.ts';
import { caught } from './support.ts';

describe('entry type ↔ program (ADR 0018 table)', () => {
  it('maps every entry type to its program and back', () => {
    expect(ENTRY_TYPES.map((t) => [t, programOf(t)])).toEqual([
      ['STD', 'ONE_TIME'],
      ['ADC', 'AUTO_DELIVERY'],
      ['ADCF', 'SMART'],
      ['ADF', 'SCHEDULED'],
      ['BBAD', 'BREWER_CAMPAIGN'],
      ['MBOX', 'MONTHLY_BOX'],
    ]);
    for (const p of PROGRAMS) expect(programOf(entryTypeOf(p))).toBe(p);
    expect(Object.keys(ENTRY_TYPE_OF_PROGRAM).sort()).toEqual([...PROGRAMS].sort());
  });
  it('says which entry types start a subscription', () => {
    expect(ENTRY_TYPES.filter(isAutoDeliveryEntryType)).toEqual(['ADC', 'ADCF', 'ADF', 'BBAD', 'MBOX']);
    for (const x of ['STD', 'GIFT', 'adc', '', null, undefined, 3]) expect(isAutoDeliveryEntryType(x)).toBe(false);
  });
  it('recognises programs', () => {
    expect(isProgram('SMART')).toBe(true);
    expect(isProgram('smart')).toBe(false);
    expect(isAutoDeliveryProgram('ONE_TIME')).toBe(false);
    expect(isAutoDeliveryProgram('MONTHLY_BOX')).toBe(true);
  });
  it('says which programs repeat by weeks and which by a day of the month', () => {
    expect(PROGRAMS.filter(usesFrequencyWeeks)).toEqual(['AUTO_DELIVERY', 'SMART', 'BREWER_CAMPAIGN']);
    expect(PROGRAMS.filter(usesDayOfMonth)).toEqual(['SCHEDULED', 'MONTHLY_BOX']);
    expect(cadenceKindOf('SCHEDULED')).toBe('dayOfMonth');
    expect(cadenceKindOf('BREWER_CAMPAIGN')).toBe('weeks');
  });
});

describe('spec §9 codes', () => {
  it('has the auto-delivery product types, all sales price strategies', () => {
    expect(AD_PRODUCT_TYPES).toEqual(['OTP', 'AD_PARENT_OTP', 'AD_RECURRING_OTP']);
    for (const t of AD_PRODUCT_TYPES) expect(SALES_PRICE_STRATEGIES).toContain(t);
  });
  it('has the campaign codes and their brewer discounts', () => {
    expect(CAMPAIGN_CODES).toEqual(['FIFTYPERCENTBREWER', 'FREEBREWER', 'KSKLITE', 'KSKBBAD']);
    expect(CAMPAIGN_BREWER_DISCOUNT_BPS).toEqual({ FIFTYPERCENTBREWER: 5000, FREEBREWER: 10_000, KSKLITE: 7500, KSKBBAD: 7500 });
    expect(isCampaignCode('KSKLITE')).toBe(true);
    expect(isCampaignCode('ksklite')).toBe(false);
  });
  it('has the monthly box counts', () => {
    expect(MONTHLY_BOX_COUNTS).toEqual([20, 22, 24]);
    expect([18, 20, 21, 22, 24, 48].filter(isMonthlyBoxCount)).toEqual([20, 22, 24]);
    expect(isMonthlyBoxCount('20')).toBe(false);
  });
  it('has the already-in-subscription codes, and every reason is distinct', () => {
    expect(ALREADY_IN_SUBSCRIPTION_CODES).toEqual(['ALREADY_ADDED_TO_SP', 'ALREADY_ADDED_TO_BACKUP_PRODUCT']);
    expect(new Set(AUTO_DELIVERY_ERROR_REASONS).size).toBe(AUTO_DELIVERY_ERROR_REASONS.length);
  });
});

describe('assertNotInSubscription', () => {
  const items = [
    { variantCode: 'A-24', backupVariantCode: 'B-24' },
    { variantCode: 'C-24', backupVariantCode: null },
  ];
  it('accepts a new product', () => {
    expect(() => assertNotInSubscription('D-24', items)).not.toThrow();
    expect(() => assertNotInSubscription('A-24', [])).not.toThrow();
  });
  it('answers 409 ALREADY_ADDED_TO_SP for an item', () => {
    const e = caught(() => assertNotInSubscription('C-24', items));
    expect([e.kind, httpStatusOf(e.kind), e.type, e.reason, e.subject]).toEqual(['Conflict', 409, 'AutoDeliveryError', ALREADY_ADDED_TO_SP, 'productCode']);
  });
  it('answers 409 ALREADY_ADDED_TO_BACKUP_PRODUCT for a backup product', () => {
    const e = caught(() => assertNotInSubscription('B-24', items, 'backupProductCode'));
    expect([e.kind, e.reason, e.subject]).toEqual(['Conflict', ALREADY_ADDED_TO_BACKUP_PRODUCT, 'backupProductCode']);
  });
  it('prefers the item code when the product is both an item and a backup', () => {
    const e = caught(() => assertNotInSubscription('A-24', [{ variantCode: 'X', backupVariantCode: 'A-24' }, { variantCode: 'A-24' }]));
    expect(e.reason).toBe(ALREADY_ADDED_TO_SP);
  });
});

describe('cancel reasons and subscription groups', () => {
  it('has a closed list of cancel reasons', () => {
    expect(SUBSCRIPTION_CANCEL_REASONS).toContain('other');
    for (const r of SUBSCRIPTION_CANCEL_REASONS) expect(isSubscriptionCancelReason(r)).toBe(true);
    for (const bad of ['', 'Other', 'because', null]) expect(isSubscriptionCancelReason(bad)).toBe(false);
  });
  it('groups order lines into one subscription per program and cadence', () => {
    expect(subscriptionGroupKey({ entryType: 'STD', frequencyWeeks: 4 })).toBeNull();
    expect(subscriptionGroupKey({ entryType: 'GIFT' })).toBeNull();
    expect(subscriptionGroupKey({ entryType: 'ADC', frequencyWeeks: 4 })).toBe('AUTO_DELIVERY|w4');
    expect(subscriptionGroupKey({ entryType: 'ADC', frequencyWeeks: 4 })).not.toBe(subscriptionGroupKey({ entryType: 'ADC', frequencyWeeks: 6 }));
    expect(subscriptionGroupKey({ entryType: 'ADCF', frequencyWeeks: 4 })).not.toBe(subscriptionGroupKey({ entryType: 'ADC', frequencyWeeks: 4 }));
    expect(subscriptionGroupKey({ entryType: 'ADF', dayOfMonth: 31, frequencyWeeks: 4 })).toBe('SCHEDULED|d31');
    expect(subscriptionGroupKey({ entryType: 'MBOX', dayOfMonth: 5 })).toBe('MONTHLY_BOX|d5');
  });
});
