/**
 * Brewer campaign commitment (business-defaults.md "Starter-kit brewer offer"; ADR 0018 "Brewer
 * campaigns"): box counting, the commitment state, the tracker and the clawback amount —
 * examples and properties (2000 runs).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoxLine, CommitmentState, PackType } from '../src/index.ts';
import {
  STARTER_KIT_COMMITMENT_TERMS,
  applyOrderToCommitment,
  boxesOf,
  cardValidForCommitment,
  clawbackMinor,
  commitmentStatus,
  isCommitmentMet,
  openCommitment,
  orderBoxes,
  trackerView,
} from '../src/index.ts';

const RUNS = { numRuns: 2000 };

describe('boxesOf (business-defaults: larger packs count as more boxes)', () => {
  it('counts pod packs by size', () => {
    const table: Array<[number, number]> = [
      [10, 1],
      [12, 1],
      [18, 1],
      [22, 1],
      [24, 1],
      [32, 1],
      [44, 2],
      [48, 2],
      [60, 3],
      [72, 3],
      [80, 4],
      [96, 4],
      // other counts: ceil(count / 24)
      [36, 2],
      [54, 3],
      [76, 4],
      [100, 5],
      [120, 5],
    ];
    for (const [count, boxes] of table) expect([count, boxesOf(count, null)]).toEqual([count, boxes]);
  });
  it('counts a bag or a can as one, whatever its ounces', () => {
    expect(boxesOf(12, 'Bagged')).toBe(1);
    expect(boxesOf(32, 'Bagged')).toBe(1);
    expect(boxesOf(96, 'Canned')).toBe(1);
    expect(boxesOf(null, 'Bagged')).toBe(1);
  });
  it('counts an unknown pod count as one and refuses nonsense', () => {
    expect(boxesOf(null, null)).toBe(1);
    for (const bad of [0, -24, 1.5, Number.NaN]) expect(() => boxesOf(bad, null)).toThrow(RangeError);
  });
  it('orderBoxes multiplies by quantity and adds lines', () => {
    expect(orderBoxes([{ count: 24, packType: null, qty: 2 }, { count: 96, packType: null, qty: 1 }, { count: 12, packType: 'Bagged', qty: 3 }])).toBe(2 + 4 + 3);
    expect(orderBoxes([])).toBe(0);
    expect(() => orderBoxes([{ count: 24, packType: null, qty: -1 }])).toThrow(RangeError);
  });
});

const open = (over: Partial<CommitmentState> = {}): CommitmentState => ({ ...openCommitment({ purchaseDate: '2026-01-31', brewerListMinor: 12_999, brewerPaidMinor: 3250 }), ...over });

describe('commitment state', () => {
  it('opens with the starter-kit terms and a 12-month deadline', () => {
    expect(open()).toEqual({
      status: 'open',
      boxesCounted: 0,
      ordersCounted: 0,
      startDate: '2026-01-31',
      deadline: '2027-01-31',
      brewerListMinor: 12_999,
      brewerPaidMinor: 3250,
      terms: { boxesRequired: 16, months: 12, minOrders: 4, minBoxesPerOrder: 4, cardValidMonths: 6 },
    });
    expect(openCommitment({ purchaseDate: '2024-02-29', brewerListMinor: 1, brewerPaidMinor: 0 }).deadline).toBe('2025-02-28');
  });
  it('counts an order below the minimum toward boxes, not toward orders', () => {
    const s = applyOrderToCommitment(open(), { orderDate: '2026-03-01', boxes: 3 });
    expect([s.boxesCounted, s.ordersCounted]).toEqual([3, 0]);
    const t = applyOrderToCommitment(s, { orderDate: '2026-04-01', boxes: 4 });
    expect([t.boxesCounted, t.ordersCounted]).toEqual([7, 1]);
  });
  it('is met at 16 boxes in 4 orders of 4+ boxes, and then stops counting', () => {
    let s = open();
    for (const m of ['02', '03', '04']) s = applyOrderToCommitment(s, { orderDate: `2026-${m}-15`, boxes: 4 });
    expect(s.status).toBe('open');
    s = applyOrderToCommitment(s, { orderDate: '2026-05-15', boxes: 4 });
    expect([s.status, s.boxesCounted, s.ordersCounted]).toEqual(['met', 16, 4]);
    expect(isCommitmentMet(s)).toBe(true);
    expect(applyOrderToCommitment(s, { orderDate: '2026-06-15', boxes: 8 })).toBe(s);
  });
  it('16 boxes in too few orders is not met', () => {
    let s = applyOrderToCommitment(open(), { orderDate: '2026-02-15', boxes: 8 });
    s = applyOrderToCommitment(s, { orderDate: '2026-03-15', boxes: 8 });
    expect([s.status, s.boxesCounted, s.ordersCounted]).toEqual(['open', 16, 2]);
    expect(commitmentStatus(s, '2026-04-01')).toBe('open');
  });
  it('ignores orders after the deadline and says when the deadline has passed', () => {
    const s = applyOrderToCommitment(open(), { orderDate: '2027-02-01', boxes: 20 });
    expect(s).toEqual(open());
    expect(applyOrderToCommitment(open(), { orderDate: '2027-01-31', boxes: 4 }).boxesCounted).toBe(4); // on the deadline: counts
    expect(commitmentStatus(open(), '2027-01-31')).toBe('open');
    expect(commitmentStatus(open(), '2027-02-01')).toBe('pastDeadline');
    expect(commitmentStatus(open({ status: 'clawedBack' }), '2027-02-01')).toBe('clawedBack');
    expect(commitmentStatus(open({ status: 'cancelled' }), '2026-02-01')).toBe('cancelled');
  });
});

describe('clawback and tracker', () => {
  it('charges the brewer discount not yet earned, half-up', () => {
    // (129.99 − 32.50) × (16 − 5) / 16 = 97.49 × 11 / 16 = 67.024375 → 67.02
    expect(clawbackMinor(12_999, 3250, 5, 16)).toBe(6702);
    expect(clawbackMinor(12_999, 3250, 0, 16)).toBe(9749);
    expect(clawbackMinor(12_999, 3250, 16, 16)).toBe(0);
    expect(clawbackMinor(12_999, 3250, 40, 16)).toBe(0);
    expect(clawbackMinor(10_000, 12_000, 0, 16)).toBe(0); // paid above list: nothing to claw back
    expect(clawbackMinor(10, 0, 1, 16)).toBe(9); // 10 × 15 / 16 = 9.375
    expect(clawbackMinor(1, 0, 8, 16)).toBe(1); // 0.5 → half-up
    expect(() => clawbackMinor(100, 0, 0, 0)).toThrow(RangeError);
    expect(() => clawbackMinor(100, -1, 0, 16)).toThrow(RangeError);
  });
  it('shows the tracker of auto-delivery home', () => {
    const s = applyOrderToCommitment(applyOrderToCommitment(open(), { orderDate: '2026-02-28', boxes: 4 }), { orderDate: '2026-03-28', boxes: 1 });
    expect(trackerView(s, '2026-04-01')).toEqual({
      status: 'open',
      boxesCounted: 5,
      boxesRequired: 16,
      boxesLeft: 11,
      ordersCounted: 1,
      ordersRequired: 4,
      ordersLeft: 3,
      minBoxesPerOrder: 4,
      deadline: '2027-01-31',
      daysLeft: 305,
      cancelCostMinor: 6702,
      brewerListMinor: 12_999,
      brewerPaidMinor: 3250,
    });
  });
  it('costs nothing to cancel once met, or once closed; days left never negative', () => {
    expect(trackerView(open({ status: 'met', boxesCounted: 16, ordersCounted: 4 }), '2026-06-01').cancelCostMinor).toBe(0);
    expect(trackerView(open({ status: 'clawedBack' }), '2026-06-01').cancelCostMinor).toBe(0);
    const late = trackerView(open({ boxesCounted: 8, ordersCounted: 2 }), '2027-03-01');
    expect([late.status, late.daysLeft, late.cancelCostMinor]).toEqual(['pastDeadline', 0, clawbackMinor(12_999, 3250, 8, 16)]);
  });
});

describe('cardValidForCommitment (must not expire within 6 months of the purchase)', () => {
  it('needs the card valid through purchase + 6 months', () => {
    expect(cardValidForCommitment(9, 2026, '2026-03-15')).toBe(true); // valid through 2026-09-30 ≥ 2026-09-15
    expect(cardValidForCommitment(8, 2026, '2026-03-15')).toBe(false);
    expect(cardValidForCommitment(8, 2026, '2026-02-28')).toBe(true); // + 6 months = 2026-08-28
    expect(cardValidForCommitment(2, 2027, '2026-08-31')).toBe(true); // + 6 months = 2027-02-28
    expect(cardValidForCommitment(1, 2027, '2026-08-31')).toBe(false);
    expect(cardValidForCommitment(12, 30, '2026-03-15')).toBe(true); // two-digit year
    for (const [m, y] of [[0, 2030], [13, 2030], [1.5, 2030], [6, Number.NaN]]) expect(cardValidForCommitment(m ?? 0, y ?? 0, '2026-03-15')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties.

const packArb = fc.constantFrom<PackType | null>(null, null, null, 'Bagged', 'Canned');
const lineArb: fc.Arbitrary<BoxLine> = fc.record({ count: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null, freq: 10 }), packType: packArb, qty: fc.integer({ min: 0, max: 12 }) });

describe('commitment properties', () => {
  it('box counting is additive and at least one box per pod pack, monotone in pack size', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), fc.array(lineArb, { maxLength: 8 }), fc.integer({ min: 1, max: 199 }), (a, b, count) => {
        expect(orderBoxes([...a, ...b])).toBe(orderBoxes(a) + orderBoxes(b));
        expect(boxesOf(count, null)).toBeGreaterThanOrEqual(1);
        expect(boxesOf(count + 1, null)).toBeGreaterThanOrEqual(boxesOf(count, null));
      }),
      RUNS,
    );
  });

  it('clawback: never negative, never above list − paid, 0 at or past the requirement, decreasing as boxes grow', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 32 }),
        (list, paid, b1, b2, required) => {
          const c = clawbackMinor(list, paid, b1, required);
          expect(Number.isSafeInteger(c)).toBe(true);
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThanOrEqual(Math.max(0, list - paid));
          if (b1 >= required) expect(c).toBe(0);
          const [lo, hi] = b1 <= b2 ? [b1, b2] : [b2, b1];
          expect(clawbackMinor(list, paid, hi, required)).toBeLessThanOrEqual(clawbackMinor(list, paid, lo, required));
          // oracle: half-up of (list − paid)(required − counted)/required in integers
          const unearned = Math.max(0, list - paid);
          const left = Math.max(0, required - b1);
          expect(c).toBe(Math.floor((2 * unearned * left + required) / (2 * required)));
        },
      ),
      RUNS,
    );
  });

  it('applying orders: boxes add up, orders count only at ≥ 4 boxes, met exactly when both are reached', () => {
    const orderArb = fc.record({ day: fc.integer({ min: 0, max: 420 }), boxes: fc.integer({ min: 0, max: 10 }) });
    fc.assert(
      fc.property(fc.array(orderArb, { maxLength: 12 }), (orders) => {
        let s = open();
        let boxes = 0;
        let counted = 0;
        let met = false;
        const sorted = [...orders].sort((x, y) => x.day - y.day);
        for (const o of sorted) {
          const date = new Date(Date.UTC(2026, 0, 31 + o.day)).toISOString().slice(0, 10);
          s = applyOrderToCommitment(s, { orderDate: date, boxes: o.boxes });
          if (!met && date <= '2027-01-31') {
            boxes += o.boxes;
            if (o.boxes >= 4) counted += 1;
            met = boxes >= 16 && counted >= 4;
          }
          expect([s.boxesCounted, s.ordersCounted, s.status]).toEqual([boxes, counted, met ? 'met' : 'open']);
          const t = trackerView(s, '2026-06-01');
          expect(t.cancelCostMinor).toBe(met ? 0 : clawbackMinor(12_999, 3250, boxes, STARTER_KIT_COMMITMENT_TERMS.boxesRequired));
        }
      }),
      RUNS,
    );
  });
});
