import { describe, expect, it } from 'vitest';
import {
  ADDRESS_PAGE_SIZE,
  ENTRY_TYPES,
  MAX_QTY_PER_ENTRY,
  PRODUCT_PAGE_SIZE,
  REFRESH_POLL_MS,
  REFRESH_WAIT_MS,
  REQUEST_TIMEOUT_MS,
  SNACKBAR_MS,
  checkStock,
  httpStatusOf,
  isEntryType,
  isHttpUrl,
  normalizePodsAtHomeQty,
  validateQuantity,
} from '../src/index.ts';
import { caught } from './support.ts';

describe('constants (spec §9)', () => {
  it('has the spec values', () => {
    expect(MAX_QTY_PER_ENTRY).toBe(99);
    expect(ENTRY_TYPES).toEqual(['STD', 'ADC', 'ADCF', 'ADF', 'BBAD', 'MBOX']);
    expect(SNACKBAR_MS).toBe(5000);
    expect(PRODUCT_PAGE_SIZE).toBe(36);
    expect(REQUEST_TIMEOUT_MS).toBe(60000);
    expect(REFRESH_WAIT_MS).toBe(10000);
    expect(REFRESH_POLL_MS).toBe(200);
    expect(ADDRESS_PAGE_SIZE).toBe(4);
  });
  it('recognises entry types', () => {
    expect(isEntryType('ADCF')).toBe(true);
    expect(isEntryType('MBOX')).toBe(true);
    expect(isEntryType('mbox')).toBe(false);
    expect(isEntryType('GIFT')).toBe(false);
    expect(isEntryType('std')).toBe(false);
    expect(isEntryType(1)).toBe(false);
  });
});

describe('validateQuantity', () => {
  it('accepts integers 1..99 and digit strings', () => {
    expect(validateQuantity(1, 'qty')).toBe(1);
    expect(validateQuantity(99, 'qty')).toBe(99);
    expect(validateQuantity('12', 'qty')).toBe(12);
    expect(validateQuantity(' 3 ', 'qty')).toBe(3);
  });
  it('refuses everything else with InvalidInput invalidQuantity', () => {
    for (const bad of [0, 100, -1, 1.5, Number.NaN, '', 'abc', '1.5', '-1', null, undefined, {}, [1], true]) {
      const e = caught(() => validateQuantity(bad, 'entries[0].qty'));
      expect(e.kind).toBe('InvalidInput');
      expect(httpStatusOf(e.kind)).toBe(400);
      expect(e.reason).toBe('invalidQuantity');
      expect(e.subject).toBe('entries[0].qty');
      expect(e.message).toBe('Quantity must be a whole number from 1 to 99');
    }
  });
});

describe('checkStock', () => {
  it('passes when enough is available', () => {
    expect(() => checkStock(3, 3, 'qty')).not.toThrow();
    expect(() => checkStock(1, 100, 'qty')).not.toThrow();
  });
  it('answers insufficientStock with the number left', () => {
    const e = caught(() => checkStock(4, 3, 'entries[0].qty'));
    expect(e).toMatchObject({ kind: 'Conflict', type: 'InsufficientStockError', reason: 'insufficientStock', subject: 'entries[0].qty', message: 'Only 3 left' });
    expect(httpStatusOf(e.kind)).toBe(409);
  });
  it('answers outOfStock when nothing is left', () => {
    expect(caught(() => checkStock(1, 0, 'qty'))).toMatchObject({ kind: 'Conflict', reason: 'outOfStock', message: 'This item is out of stock' });
  });
});

describe('spec §5 small rules', () => {
  it('podsAtHomeQty becomes empty when not a number', () => {
    expect(normalizePodsAtHomeQty('4')).toBe(4);
    expect(normalizePodsAtHomeQty(2)).toBe(2);
    expect(normalizePodsAtHomeQty('abc')).toBeNull();
    expect(normalizePodsAtHomeQty('')).toBeNull();
    expect(normalizePodsAtHomeQty(undefined)).toBeNull();
    expect(normalizePodsAtHomeQty(Number.NaN)).toBeNull();
  });
  it('a URL check requires http(s)', () => {
    expect(isHttpUrl('https://www.brewhaus.com/x')).toBe(true);
    expect(isHttpUrl('http://localhost:3000')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('/relative')).toBe(false);
  });
});
