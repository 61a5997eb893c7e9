import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PointsEntry, PointsEntryKind, PointsBucket } from '../src/index.ts';
import {
  checkPointsEntry,
  defaultLoyaltySettings,
  DAY_MS,
  LOYALTY_TIERS,
  parseLoyaltySettings,
  pointsBalance,
  pointsExpiringWithin,
  pointsExpiryOf,
  pointsForOrder,
  pointsMoneyValueMinor,
  pointsToExpire,
  pointsToMoveOnShipment,
  tierStatus,
} from '../src/index.ts';

const RUNS = { numRuns: 1000 };
const T0 = Date.UTC(2026, 0, 1);

/** A random operation a ledger may be asked to take, applied only when the rules accept it. */
const opArb = fc.record({
  kind: fc.constantFrom<PointsEntryKind>('earned_pending', 'earned', 'redeemed', 'held', 'released', 'reversed', 'expired'),
  bucket: fc.constantFrom<PointsBucket>('pending', 'available'),
  points: fc.integer({ min: -5000, max: 5000 }),
  day: fc.integer({ min: 0, max: 800 }),
});

function build(ops: Array<{ kind: PointsEntryKind; bucket: PointsBucket; points: number; day: number }>): { entries: PointsEntry[]; refused: number } {
  const entries: PointsEntry[] = [];
  let refused = 0;
  const sorted = [...ops].sort((a, b) => a.day - b.day);
  for (const op of sorted) {
    const at = new Date(T0 + op.day * DAY_MS);
    const entry: PointsEntry = { kind: op.kind, bucket: op.bucket, points: op.points, createdAt: at, expiresAt: op.kind === 'earned' ? pointsExpiryOf(at, 365) : null };
    if (checkPointsEntry(pointsBalance(entries), entry) === null) entries.push(entry);
    else refused++;
  }
  return { entries, refused };
}

describe('Perks points ledger (ADR 0028) — properties', () => {
  it('the balance is the sum of the entries per bucket, and never negative after any accepted sequence', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const { entries } = build(ops);
        const b = pointsBalance(entries);
        expect(b.held).toBeGreaterThanOrEqual(0);
        const sum = (bucket: PointsBucket) => entries.filter((e) => e.bucket === bucket).reduce((a, e) => a + e.points, 0);
        expect(b.available).toBe(sum('available'));
        expect(b.pending).toBe(sum('pending'));
        let running = { available: 0, pending: 0 };
        for (const e of entries) {
          running = { ...running, [e.bucket]: running[e.bucket] + e.points };
          expect(running.available).toBeGreaterThanOrEqual(0);
          expect(running.pending).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });

  it('an overspend is refused: a debit larger than the available balance is never accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (available, extra) => {
        const refusal = checkPointsEntry({ available, pending: 0, held: 0 }, { kind: 'redeemed', bucket: 'available', points: -(available + extra) });
        expect(refusal).toBe('insufficientPoints');
        expect(checkPointsEntry({ available, pending: 0, held: 0 }, { kind: 'redeemed', bucket: 'available', points: -available || -1 })).toBe(available === 0 ? 'insufficientPoints' : null);
      }),
      RUNS,
    );
  });

  it('a reversal of an order’s pending points restores the balance before the order', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), fc.integer({ min: 1, max: 100_000 }), (ops, earned) => {
        const { entries } = build(ops);
        const before = pointsBalance(entries);
        const withOrder = [...entries, { kind: 'earned_pending' as const, bucket: 'pending' as const, points: earned, createdAt: new Date(T0), expiresAt: null }];
        const reversal = { kind: 'reversed' as const, bucket: 'pending' as const, points: -earned, createdAt: new Date(T0), expiresAt: null };
        expect(checkPointsEntry(pointsBalance(withOrder), reversal)).toBeNull();
        expect(pointsBalance([...withOrder, reversal])).toEqual(before);
      }),
      RUNS,
    );
  });

  it('expiry never takes more than is available, and writing it leaves nothing more to expire', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), fc.integer({ min: 0, max: 1500 }), (ops, day) => {
        const { entries } = build(ops);
        const now = new Date(T0 + day * DAY_MS);
        const n = pointsToExpire(entries, now);
        const { available } = pointsBalance(entries);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(available);
        if (n > 0) {
          const after = [...entries, { kind: 'expired' as const, bucket: 'available' as const, points: -n, createdAt: now, expiresAt: null }];
          expect(pointsToExpire(after, now)).toBe(0);
          expect(pointsBalance(after).available).toBe(available - n);
        }
        expect(pointsExpiringWithin(entries, now, 30)).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('expiry is first in, first out: spending takes the oldest points first', () => {
    const at = (d: number) => new Date(T0 + d * DAY_MS);
    const e = (kind: PointsEntryKind, points: number, d: number): PointsEntry => ({ kind, bucket: 'available', points, createdAt: at(d), expiresAt: kind === 'earned' ? pointsExpiryOf(at(d), 365) : null });
    const entries = [e('earned', 100, 0), e('earned', 50, 100), e('redeemed', -80, 200)];
    expect(pointsToExpire(entries, at(364))).toBe(0);
    expect(pointsToExpire(entries, at(365))).toBe(20); // 100 earned on day 0, 80 of them spent
    expect(pointsToExpire(entries, at(465))).toBe(70);
    expect(pointsExpiringWithin(entries, at(350), 30)).toBe(20);
  });
});

describe('Perks earning, tiers and settings (ADR 0028)', () => {
  const s = defaultLoyaltySettings('usb2c');
  const member = LOYALTY_TIERS[0]!;

  it('10 points per 1.00 on beverage lines, 15 on auto-delivery lines, nothing on other lines, after discounts', () => {
    const lines = [
      { entryNumber: 0, totalMinor: 1999, beverage: true, autoDelivery: false },
      { entryNumber: 1, totalMinor: 1000, beverage: true, autoDelivery: true },
      { entryNumber: 2, totalMinor: 9999, beverage: false, autoDelivery: false },
    ];
    expect(pointsForOrder(lines, 0, s, member)).toEqual([
      { entryNumber: 0, points: 199 },
      { entryNumber: 1, points: 150 },
    ]);
    // a 10 % order discount is spread over the lines: 1799 and 900 paid
    const discounted = pointsForOrder(lines, 1300, s, member);
    expect(discounted).toEqual([
      { entryNumber: 0, points: 179 },
      { entryNumber: 1, points: 135 },
    ]);
    expect(pointsForOrder(lines, 0, s, LOYALTY_TIERS[1]!)[0]!.points).toBe(219); // gold +10 %: 219.89 rounded down
  });

  it('earning is never negative and never more than the rate allows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ totalMinor: fc.integer({ min: 0, max: 1_000_000 }), beverage: fc.boolean(), autoDelivery: fc.boolean() }), { maxLength: 10 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (raw, discount) => {
          const lines = raw.map((l, i) => ({ ...l, entryNumber: i }));
          for (const p of pointsForOrder(lines, discount, s, member)) {
            const line = lines[p.entryNumber]!;
            expect(line.beverage).toBe(true);
            expect(p.points).toBeGreaterThan(0);
            expect(p.points).toBeLessThanOrEqual(Math.floor((line.totalMinor * (line.autoDelivery ? 15 : 10)) / 100));
          }
        },
      ),
      RUNS,
    );
  });

  it('shipments move pending points proportionally and never more than the line earned', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }), (linePoints, parts) => {
        const qty = parts.reduce((a, b) => a + b, 0);
        let shipped = 0;
        let moved = 0;
        for (const p of parts) {
          const n = pointsToMoveOnShipment(linePoints, qty, shipped, p, moved, false);
          expect(n).toBeGreaterThanOrEqual(0);
          shipped += p;
          moved += n;
          expect(moved).toBeLessThanOrEqual(linePoints);
        }
        expect(moved).toBe(linePoints);
      }),
      RUNS,
    );
  });

  it('the tier comes from points earned in the last 365 days', () => {
    const at = (d: number) => new Date(T0 + d * DAY_MS);
    const entries: PointsEntry[] = [{ kind: 'earned', bucket: 'available', points: 3000, createdAt: at(0), expiresAt: pointsExpiryOf(at(0), 365) }];
    expect(tierStatus(entries, at(10), s)).toMatchObject({ tier: { code: 'gold' }, windowPoints: 3000, next: { code: 'platinum' }, pointsToNext: 3000 });
    expect(tierStatus(entries, at(400), s)).toMatchObject({ tier: { code: 'member' }, windowPoints: 0, pointsToNext: 2500 });
  });

  it('money value and settings: 100 points = 0.50, usafh off, bad values fall back', () => {
    expect(pointsMoneyValueMinor(1000, s.pointValueMinorPer100)).toBe(500);
    expect(pointsMoneyValueMinor(-5, 50)).toBe(0);
    expect(defaultLoyaltySettings('usafh').enabled).toBe(false);
    expect(defaultLoyaltySettings('cab2c').enabled).toBe(true);
    const p = parseLoyaltySettings('usb2c', { loyaltyEnabled: 'false', loyaltyPointsPerUnit: 'ten', loyaltyAdPointsPerUnit: '20', loyaltyExpiryDays: '0', loyaltyTermsVersion: 'x y' });
    expect(p).toMatchObject({ enabled: false, pointsPerUnit: 10, adPointsPerUnit: 20, expiryDays: 365, termsVersion: '2026-11' });
  });
});
