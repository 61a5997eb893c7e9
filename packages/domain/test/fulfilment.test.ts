/**
 * Fulfilment rules (issue 12, ADR 0027): the ship plan of `planShipment` (whole order, lines,
 * units, over-shipment and unknown lines refused naming the line) and the resulting status; a
 * property test: applying plans never ships more than ordered and the status says `shipped` exactly
 * when every unit has shipped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDomainError, isShippableStatus, orderStatusDisplay, planShipment, type FulfilmentLine } from '../src/index.ts';

const LINES: FulfilmentLine[] = [
  { entryNumber: 0, qty: 2, shippedQty: 0 },
  { entryNumber: 1, qty: 1, shippedQty: 0 },
];

function errorOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (isDomainError(error)) return { kind: error.kind, reason: error.reason, subject: error.subject };
    throw error;
  }
  throw new Error('expected a domain error');
}

describe('planShipment', () => {
  it('ships everything left when no lines are given', () => {
    expect(planShipment(LINES)).toEqual({
      lines: [
        { entryNumber: 0, quantity: 2 },
        { entryNumber: 1, quantity: 1 },
      ],
      complete: true,
      status: 'shipped',
    });
    expect(planShipment([{ entryNumber: 0, qty: 2, shippedQty: 1 }, { entryNumber: 1, qty: 1, shippedQty: 1 }])).toEqual({
      lines: [{ entryNumber: 0, quantity: 1 }],
      complete: true,
      status: 'shipped',
    });
  });

  it('ships some lines or units: partiallyshipped, displayed partially-shipped (spec §3)', () => {
    const plan = planShipment(LINES, [{ entryNumber: 0, quantity: 1 }]);
    expect(plan).toMatchObject({ complete: false, status: 'partiallyshipped' });
    expect(orderStatusDisplay(plan.status)).toBe('partially-shipped');
    expect(planShipment([{ entryNumber: 0, qty: 2, shippedQty: 1 }, { entryNumber: 1, qty: 1, shippedQty: 0 }], [{ entryNumber: 1, quantity: 1 }, { entryNumber: 0, quantity: 1 }]).status).toBe('shipped');
  });

  it('refuses more than ordered minus shipped (409 naming the line) and unknown lines (400)', () => {
    expect(errorOf(() => planShipment(LINES, [{ entryNumber: 1, quantity: 1 }, { entryNumber: 0, quantity: 3 }]))).toEqual({ kind: 'Conflict', reason: 'overShipment', subject: 'entries[1].quantity' });
    expect(errorOf(() => planShipment([{ entryNumber: 0, qty: 2, shippedQty: 2 }], [{ entryNumber: 0, quantity: 1 }]))).toEqual({ kind: 'Conflict', reason: 'overShipment', subject: 'entries[0].quantity' });
    expect(errorOf(() => planShipment(LINES, [{ entryNumber: 5, quantity: 1 }]))).toEqual({ kind: 'InvalidInput', reason: 'unknownEntry', subject: 'entries[0].entryNumber' });
    expect(errorOf(() => planShipment(LINES.map((l) => ({ ...l, shippedQty: l.qty }))))).toEqual({ kind: 'Conflict', reason: 'alreadyShipped', subject: 'orderCode' });
  });

  it('only placed, processing and partly shipped orders may ship', () => {
    expect(['created', 'processing', 'partiallyshipped'].every(isShippableStatus)).toBe(true);
    expect(['cancelled', 'shipped', 'pendingPayment', 'delivered'].some(isShippableStatus)).toBe(false);
  });

  it('property: successive plans never ship more than ordered; shipped exactly when every unit shipped', () => {
    const order = fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 });
    const calls = fc.array(fc.option(fc.array(fc.record({ entryNumber: fc.integer({ min: 0, max: 4 }), quantity: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 3 }), { nil: undefined }), { maxLength: 8 });
    fc.assert(
      fc.property(order, calls, (qtys, requests) => {
        const lines: FulfilmentLine[] = qtys.map((qty, i) => ({ entryNumber: i, qty, shippedQty: 0 }));
        for (const request of requests) {
          const unique = request ? [...new Map(request.map((r) => [r.entryNumber, r])).values()] : undefined;
          let plan;
          try {
            plan = planShipment(lines, unique);
          } catch (error) {
            if (!isDomainError(error)) throw error;
            continue; // refused: nothing applied
          }
          for (const l of plan.lines) {
            const line = lines.find((x) => x.entryNumber === l.entryNumber)!;
            line.shippedQty += l.quantity;
          }
          expect(lines.every((l) => l.shippedQty <= l.qty)).toBe(true);
          expect(plan.complete).toBe(lines.every((l) => l.shippedQty === l.qty));
          expect(plan.status).toBe(plan.complete ? 'shipped' : 'partiallyshipped');
        }
      }),
      { numRuns: 300 },
    );
  });
});
