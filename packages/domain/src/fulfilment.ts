/**
 * Order fulfilment rules (issue 12, ADR 0027; spec §3 order-status display mapping): which orders
 * may ship, what a ship call ships, and the order status after it. Pure: the API's ship flow
 * applies the plan with conditional updates inside one transaction.
 *
 * Statuses: `created` / `processing` → `partiallyshipped` (some lines or part of a line shipped)
 * → `shipped` (every unit of every line shipped). `cancelled` never ships; `pendingPayment`
 * (payment being confirmed) does not either.
 */
import { conflict, invalidInput } from './errors.ts';

/** Order status: every unit of every line shipped. */
export const SHIPPED_STATUS = 'shipped';
/** Order status: some lines, or part of a line, shipped. */
export const PARTIALLY_SHIPPED_STATUS = 'partiallyshipped';

/** Statuses an order may ship from (spec §3): placed, processing, or already partly shipped. */
export const SHIPPABLE_STATUSES: readonly string[] = ['created', 'processing', PARTIALLY_SHIPPED_STATUS];

/** Statuses of orders that may have consignments (shipped at least once). */
export const CONSIGNMENT_STATUSES: readonly string[] = [PARTIALLY_SHIPPED_STATUS, SHIPPED_STATUS, 'partiallydelivered', 'delivered', 'completed'];

/** Is an order in this status allowed to ship (more)? */
export function isShippableStatus(status: string): boolean {
  return SHIPPABLE_STATUSES.includes(status);
}

/** An order line as the ship plan sees it: ordered and already shipped units. */
export interface FulfilmentLine {
  entryNumber: number;
  /** units ordered (≥ 1) */
  qty: number;
  /** units shipped so far (0 ≤ shippedQty ≤ qty) */
  shippedQty: number;
}

/** Units of one line a ship call ships. */
export interface ShipmentLine {
  entryNumber: number;
  /** units (≥ 1) */
  quantity: number;
}

/** What a ship call does: the units per line, and whether the order is then fully shipped. */
export interface ShipmentPlan {
  lines: ShipmentLine[];
  /** every unit of every line shipped once the plan is applied */
  complete: boolean;
  /** the order status once the plan is applied: `shipped` or `partiallyshipped` */
  status: string;
}

/**
 * The plan of a ship call over the order's lines. `requested` absent: everything not yet shipped.
 * Requested lines keep their order; their entry numbers must be distinct (the contract checks).
 * @throws 400 `ValidationError` `unknownEntry` (subject `entries[i].entryNumber`) for a line the
 *   order does not have; 409 `OrderError` `overShipment` (subject `entries[i].quantity`) when a
 *   line asks more than ordered minus already shipped; 409 `OrderError` `alreadyShipped` when
 *   nothing is left to ship (no `requested`)
 */
export function planShipment(lines: readonly FulfilmentLine[], requested?: readonly ShipmentLine[]): ShipmentPlan {
  const byNumber = new Map(lines.map((l) => [l.entryNumber, l]));
  let planned: ShipmentLine[];
  if (requested === undefined) {
    planned = lines.filter((l) => l.qty - l.shippedQty > 0).map((l) => ({ entryNumber: l.entryNumber, quantity: l.qty - l.shippedQty }));
    if (planned.length === 0) throw conflict('OrderError', 'alreadyShipped', 'Every line of this order has already shipped', 'orderCode');
  } else {
    planned = requested.map((r, i) => {
      const line = byNumber.get(r.entryNumber);
      if (!line) throw invalidInput('ValidationError', 'unknownEntry', `The order has no line ${r.entryNumber}`, `entries[${i}].entryNumber`);
      const remaining = line.qty - line.shippedQty;
      if (r.quantity > remaining) {
        throw conflict('OrderError', 'overShipment', `Line ${r.entryNumber}: only ${remaining} of ${line.qty} left to ship`, `entries[${i}].quantity`);
      }
      return { entryNumber: r.entryNumber, quantity: r.quantity };
    });
  }
  const shippedNow = new Map(planned.map((p) => [p.entryNumber, p.quantity]));
  const complete = lines.every((l) => l.shippedQty + (shippedNow.get(l.entryNumber) ?? 0) >= l.qty);
  return { lines: planned, complete, status: complete ? SHIPPED_STATUS : PARTIALLY_SHIPPED_STATUS };
}
