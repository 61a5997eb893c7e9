import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CouponStateInput } from '../src/index.ts';
import { couponState, normalizeCouponCode } from '../src/index.ts';

describe('normalizeCouponCode', () => {
  it('trims and upper-cases', () => {
    expect(normalizeCouponCode('  save10 ')).toBe('SAVE10');
    expect(normalizeCouponCode('Spring_Sale-2025')).toBe('SPRING_SALE-2025');
    expect(normalizeCouponCode('a')).toBe('A');
    expect(normalizeCouponCode('x'.repeat(40))).toBe('X'.repeat(40));
  });

  it.each(['', '   ', 'x'.repeat(41), 'SAVE 10', 'SAVE%', 'ÉTÉ', 'a/b', "x' OR 1=1", '\u0000'])('answers null for the malformed %j', (raw) => {
    expect(normalizeCouponCode(raw)).toBeNull();
  });

  it('answers null for a non-string (untyped query parameter)', () => {
    expect(normalizeCouponCode(undefined as unknown as string)).toBeNull();
    expect(normalizeCouponCode(['A'] as unknown as string)).toBeNull();
  });

  it('is idempotent and case-insensitive (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (raw) => {
        const n = normalizeCouponCode(raw);
        if (n === null) return;
        expect(n).toMatch(/^[A-Z0-9_-]{1,40}$/);
        expect(normalizeCouponCode(n)).toBe(n);
        expect(normalizeCouponCode(raw.toLowerCase())).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('couponState', () => {
  const base: CouponStateInput = {
    active: true,
    startsAt: '2025-01-01T00:00:00.000Z',
    endsAt: '2025-02-01T00:00:00.000Z',
    maxUses: 10,
    usedCount: 3,
    now: '2025-01-15T12:00:00.000Z',
  };

  it('ok inside the window with uses left', () => {
    expect(couponState(base)).toBe('ok');
    expect(couponState({ ...base, startsAt: null, endsAt: null, maxUses: null, usedCount: 1_000_000 })).toBe('ok');
  });

  it('the start is inclusive, the end exclusive', () => {
    expect(couponState({ ...base, now: '2025-01-01T00:00:00.000Z' })).toBe('ok');
    expect(couponState({ ...base, now: '2024-12-31T23:59:59.999Z' })).toBe('notYetValid');
    expect(couponState({ ...base, now: '2025-01-31T23:59:59.999Z' })).toBe('ok');
    expect(couponState({ ...base, now: '2025-02-01T00:00:00.000Z' })).toBe('expired');
    expect(couponState({ ...base, now: new Date('2025-02-01T00:00:00.000Z') })).toBe('expired');
  });

  it('used up when usedCount reaches maxUses', () => {
    expect(couponState({ ...base, usedCount: 9 })).toBe('ok');
    expect(couponState({ ...base, usedCount: 10 })).toBe('usedUp');
    expect(couponState({ ...base, maxUses: 0, usedCount: 0 })).toBe('usedUp');
  });

  it('checks inactive, then dates, then uses', () => {
    expect(couponState({ ...base, active: false, usedCount: 10, now: '2030-01-01T00:00:00Z' })).toBe('inactive');
    expect(couponState({ ...base, usedCount: 10, now: '2030-01-01T00:00:00Z' })).toBe('expired');
    expect(couponState({ ...base, usedCount: 10, now: '2020-01-01T00:00:00Z' })).toBe('notYetValid');
  });

  it('compares instants, not strings (offsets)', () => {
    // 2025-01-31T20:00-05:00 is 2025-02-01T01:00Z: expired
    expect(couponState({ ...base, now: '2025-01-31T20:00:00-05:00' })).toBe('expired');
  });

  it('throws RangeError on an unparsable date', () => {
    expect(() => couponState({ ...base, now: 'yesterday' })).toThrow(RangeError);
    expect(() => couponState({ ...base, endsAt: 'soon' })).toThrow(RangeError);
  });
});
