/**
 * The scheduler inside the server process (issue 10; ADR 0018 "Recurring orders"): with
 * `AD_SCHEDULER=on` it runs at start-up (and every minute) and places a due subscription's order;
 * under NODE_ENV=test it is off unless asked. The seeded demo customer's usb2c auto-delivery is
 * made due today before the app is ready. SQLite and PostgreSQL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_CUSTOMER, type DbHandle } from '@store/db';
import { localDateOf } from '@store/domain';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';

const today = () => localDateOf(new Date(), 'America/New_York');

async function makeDemoDue(app: FastifyInstance): Promise<void> {
  const dbh = (app as unknown as { dbh: DbHandle }).dbh;
  await dbh.db.updateTable('subscriptions').set({ next_ship_date: today() }).where('id', '=', DEMO_CUSTOMER.subscriptions.usb2c).execute();
}

async function cyclesOf(t: TestApp) {
  return t.dbh.db.selectFrom('subscription_cycles').selectAll().where('subscription_id', '=', DEMO_CUSTOMER.subscriptions.usb2c).execute();
}

describe.each(dbKinds())('in-server scheduler on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('AD_SCHEDULER=on places the due order at start-up', async () => {
    t = await buildTestApp(kind, { env: { AD_SCHEDULER: 'on' }, beforeReady: makeDemoDue });
    const app = t;
    let cycles = await cyclesOf(app);
    for (let i = 0; i < 100 && !cycles.some((c) => c.status === 'placed'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      cycles = await cyclesOf(app);
    }
    expect(cycles.map((c) => [c.cycle_date, c.status])).toEqual([[today(), 'placed']]);
    const order = await app.dbh.db.selectFrom('orders').selectAll().where('code', '=', cycles[0]!.order_code!).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ kind: 'recurring', status: 'created', user_id: DEMO_CUSTOMER.id });
  });

  it('is off by default under NODE_ENV=test', async () => {
    t = await buildTestApp(kind, { beforeReady: makeDemoDue });
    await new Promise((r) => setTimeout(r, 500));
    expect(await cyclesOf(t)).toEqual([]);
  });
});
