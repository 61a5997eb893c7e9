import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CROCKFORD_ALPHABET, generateOrderCode, isValidOrderCode, normalizeOrderCode, orderStatusDisplay, siteOfOrderCode } from '../src/index.ts';

describe('orderStatusDisplay (spec §3)', () => {
  it('maps the three statuses and leaves others unchanged', () => {
    expect(orderStatusDisplay('processing')).toBe('processed');
    expect(orderStatusDisplay('partiallydelivered')).toBe('partially-delivered');
    expect(orderStatusDisplay('partiallyshipped')).toBe('partially-shipped');
    expect(orderStatusDisplay('PROCESSING')).toBe('processed');
    expect(orderStatusDisplay('shipped')).toBe('shipped');
    expect(orderStatusDisplay('delivered')).toBe('delivered');
    expect(orderStatusDisplay('Cancelled')).toBe('Cancelled');
  });
});

const fixed = (bytes: number[]) => (n: number) => Uint8Array.from(bytes.slice(0, n));

describe('generateOrderCode', () => {
  it('prefixes by site and groups 10 Crockford characters', () => {
    expect(generateOrderCode('usb2c', fixed([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBe('KC-01234-56789');
    expect(generateOrderCode('cab2c', fixed([10, 11, 12, 13, 14, 15, 16, 17, 18, 31]))).toBe('CA-ABCDE-FGHJZ');
    expect(generateOrderCode('usafh', fixed([32, 33, 255, 224, 18, 19, 20, 21, 22, 23]))).toBe('AF-01Z0J-KMNPQ');
  });
  it('asks for 10 bytes and refuses fewer', () => {
    let asked = 0;
    generateOrderCode('usb2c', (n) => {
      asked = n;
      return new Uint8Array(n);
    });
    expect(asked).toBe(10);
    expect(() => generateOrderCode('usb2c', () => new Uint8Array(3))).toThrow(RangeError);
  });
  it('makes valid, distinct codes from real randomness', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const c = generateOrderCode('cab2c', (n) => randomBytes(n));
      expect(isValidOrderCode(c)).toBe(true);
      expect(c).toMatch(/^CA-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      codes.add(c);
    }
    expect(codes.size).toBe(500);
  });
  it('never uses I, L, O, U', () => {
    expect(CROCKFORD_ALPHABET).toHaveLength(32);
    expect(CROCKFORD_ALPHABET).not.toMatch(/[ILOU]/);
  });
});

describe('isValidOrderCode / normalizeOrderCode / siteOfOrderCode', () => {
  it('validates the exact shape', () => {
    expect(isValidOrderCode('KC-7K3M9-QX2TB')).toBe(true);
    expect(isValidOrderCode('kc-7k3m9-qx2tb')).toBe(false);
    expect(isValidOrderCode('XX-7K3M9-QX2TB')).toBe(false);
    expect(isValidOrderCode('KC-7K3M9-QX2T')).toBe(false);
    expect(isValidOrderCode('KC-7K3M9-QX2TU')).toBe(false);
    expect(isValidOrderCode('KC7K3M9QX2TB')).toBe(false);
  });
  it('normalises what a person types', () => {
    expect(normalizeOrderCode(' kc-7k3m9-qx2tb ')).toBe('KC-7K3M9-QX2TB');
    expect(normalizeOrderCode('KC7K3M9QX2TB')).toBe('KC-7K3M9-QX2TB');
    expect(normalizeOrderCode('ca-olio0-00000')).toBe('CA-01100-00000');
    expect(normalizeOrderCode('KC-7K3M9-QX2TU')).toBeNull();
    expect(normalizeOrderCode('nonsense')).toBeNull();
  });
  it('finds the site of a code', () => {
    expect(siteOfOrderCode('KC-7K3M9-QX2TB')).toBe('usb2c');
    expect(siteOfOrderCode('CA-7K3M9-QX2TB')).toBe('cab2c');
    expect(siteOfOrderCode('AF-7K3M9-QX2TB')).toBe('usafh');
    expect(siteOfOrderCode('bad')).toBeNull();
  });
});
