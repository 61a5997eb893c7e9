/**
 * Consignments as customers and operators see them (issue 12, ADR 0027): tracking number, carrier,
 * ship time and the units of each order line. Only orders in a status that may have shipments
 * (`CONSIGNMENT_STATUSES`) are looked up, so the answer of a new order costs no extra query.
 */
import type { Consignment } from '@store/contracts';
import type { ConsignmentWithEntries, Executor } from '@store/db';
import { listConsignments } from '@store/db';
import { CONSIGNMENT_STATUSES } from '@store/domain';

/** The answer shape of one stored consignment. */
export function consignmentView(c: ConsignmentWithEntries): Consignment {
  return {
    code: c.consignment.code,
    trackingNumber: c.consignment.tracking_number,
    carrier: c.consignment.carrier ?? null,
    shippedAt: new Date(c.consignment.shipped_at).toISOString(),
    entries: c.entries.map((e) => ({ entryNumber: Number(e.entry_number), quantity: Number(e.qty) })),
  };
}

/**
 * The consignments of these orders (code and status), oldest first, keyed by order code; orders
 * that cannot have shipped are not read (every order has an entry, maybe empty).
 */
export async function consignmentsOfOrders(db: Executor, orders: ReadonlyArray<{ code: string; status: string }>): Promise<Map<string, Consignment[]>> {
  const out = new Map<string, Consignment[]>(orders.map((o) => [o.code, []]));
  const shipped = orders.filter((o) => CONSIGNMENT_STATUSES.includes(o.status)).map((o) => o.code);
  if (shipped.length === 0) return out;
  const stored = await listConsignments(db, shipped);
  for (const [code, list] of stored) out.set(code, list.map(consignmentView));
  return out;
}
