/**
 * The `orderShipped` hook (issue 12, ADR 0027) on SQLite and PostgreSQL: `shipOrder` calls the
 * listener of `CommerceContext.orderEvents` inside the ship transaction with the event (what this
 * consignment shipped, whether the order is complete), what the listener writes with `trx`
 * commits with the shipment, and a listener that throws rolls the whole shipment back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { createMailer } from '../src/email/mailer.ts';
import type { CommerceContext } from '../src/flows/context.ts';
import type { OrderShippedEvent } from '../src/flows/order-events.ts';
import { shipOrder } from '../src/flows/ship-order.ts';
import { TestPaymentProvider } from '../src/payments/index.ts';
import { placeCustomerOrder, signUpCustomer, type TestCustomer } from './support/commerce.ts';

const silent = { info() {}, warn() {}, error() {} };
const SHIPPED_AT = new Date('2026-11-24T08:30:00.000Z');

describe.each(dbKinds())('orderShipped listeners on %s', (kind) => {
  let t: TestApp;
  let c: TestCustomer;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    c = await signUpCustomer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  function contextWith(orderShipped: (trx: Executor, event: OrderShippedEvent) => Promise<void>): CommerceContext {
    return {
      dbh: t.dbh,
      payments: new TestPaymentProvider(t.dbh.db),
      mailer: createMailer({ MAIL_FROM: 'x@example.com', OUTBOX_DIR: t.config.OUTBOX_DIR }, silent),
      log: silent,
      now: () => SHIPPED_AT,
      orderEvents: { orderShipped },
    };
  }

  async function twoLineOrder() {
    const { order } = await placeCustomerOrder(c, { products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 2 }, { code: 'BH-SIGNATURE-DARK-48', qty: 1 }] });
    return order;
  }

  it('calls the listener inside the transaction with the event; what it writes commits with the shipment', async () => {
    const order = await twoLineOrder();
    const events: OrderShippedEvent[] = [];
    const seen: Array<string | undefined> = [];
    const ctx = contextWith(async (trx, event) => {
      events.push(event);
      // the listener sees the shipment it is part of, and writes with the same transaction
      const row = await trx.selectFrom('consignments').select('tracking_number').where('code', '=', event.consignmentCode).executeTakeFirst();
      seen.push(row?.tracking_number);
      await trx.updateTable('orders').set({ payment_summary: '{"brand":"visa","last4":"4242","hook":true}' }).where('code', '=', event.orderCode).execute();
    });
    const first = await shipOrder(ctx, 'usb2c', order.code, { trackingNumber: 'HOOK-1', entries: [{ entryNumber: 0, quantity: 1 }] });
    expect(first.status).toBe('partiallyshipped');
    expect(events).toEqual([
      { orderCode: order.code, baseSite: 'usb2c', userId: c.id, consignmentCode: `${order.code}-1`, entries: [{ entryNumber: 0, quantity: 1 }], complete: false, shippedAt: SHIPPED_AT },
    ]);
    const stored = await t.dbh.db.selectFrom('orders').select('payment_summary').where('code', '=', order.code).executeTakeFirstOrThrow();
    expect(stored.payment_summary).toContain('"hook":true');

    const second = await shipOrder(ctx, 'usb2c', order.code, { trackingNumber: 'HOOK-2' });
    expect(second.complete).toBe(true);
    expect(events[1]).toMatchObject({ consignmentCode: `${order.code}-2`, entries: [{ entryNumber: 0, quantity: 1 }, { entryNumber: 1, quantity: 1 }], complete: true });
    expect(events).toHaveLength(2);
    expect(seen).toEqual(['HOOK-1', 'HOOK-2']);
  });

  it('a listener that throws rolls the shipment back: no consignment, nothing shipped, status unchanged', async () => {
    const order = await twoLineOrder();
    const ctx = contextWith(async (trx, event) => {
      await trx.updateTable('orders').set({ payment_summary: 'written by a failing listener' }).where('code', '=', event.orderCode).execute();
      throw new Error('points ledger unavailable');
    });
    await expect(shipOrder(ctx, 'usb2c', order.code, { trackingNumber: 'ROLLBACK-1' })).rejects.toThrow('points ledger unavailable');
    const row = await t.dbh.db.selectFrom('orders').select(['status', 'payment_summary']).where('code', '=', order.code).executeTakeFirstOrThrow();
    expect(row.status).toBe('created');
    expect(row.payment_summary).not.toBe('written by a failing listener');
    const lines = await t.dbh.db.selectFrom('order_entries').select('shipped_qty').where('order_code', '=', order.code).execute();
    expect(lines.map((l) => Number(l.shipped_qty))).toEqual([0, 0]);
    const consignments = await t.dbh.db.selectFrom('consignments').select('code').where('order_code', '=', order.code).execute();
    expect(consignments).toEqual([]);
    // the order still ships once the listener works
    const ok = await shipOrder(contextWith(async () => {}), 'usb2c', order.code, { trackingNumber: 'ROLLBACK-2' });
    expect(ok).toMatchObject({ status: 'shipped', consignment: { code: `${order.code}-1` } });
  });

  it('an email that cannot be sent is logged, never undoes or fails the shipment', async () => {
    const order = await twoLineOrder();
    const errors: Array<{ obj: object; msg: string | undefined }> = [];
    const log = { info() {}, warn() {}, error(obj: object, msg?: string) { errors.push({ obj, msg }); } };
    // nothing listens on port 9 of the loopback: the SMTP connection is refused
    const mailer = createMailer({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'x@example.com', OUTBOX_DIR: t.config.OUTBOX_DIR }, log);
    const ctx: CommerceContext = { ...contextWith(async () => {}), mailer, log };
    const answer = await shipOrder(ctx, 'usb2c', order.code, { trackingNumber: 'NO-SMTP-1' });
    expect(answer.status).toBe('shipped');
    await mailer.close();
    expect(errors.map((e) => e.msg)).toContain('email sending failed');
    expect(JSON.stringify(errors)).toContain(`order shipped ${order.code}-1`);
    const row = await t.dbh.db.selectFrom('orders').select('status').where('code', '=', order.code).executeTakeFirstOrThrow();
    expect(row.status).toBe('shipped');
  });

  it('works without listeners (orderEvents absent)', async () => {
    const order = await twoLineOrder();
    const ctx = contextWith(async () => {});
    delete ctx.orderEvents;
    expect((await shipOrder(ctx, 'usb2c', order.code, { trackingNumber: 'NO-HOOK' })).status).toBe('shipped');
  });
});
