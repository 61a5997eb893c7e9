/**
 * The subscription tables' integrity rules (issue 10, ADR 0018; migration 0006), on SQLite and
 * PostgreSQL: one order per subscription and cycle whatever the number of claimers, one open
 * commitment per email and per address, version bumps and conditional updates, the seeded
 * auto-delivery settings, campaigns and `ad_eligible` flags.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSubscriptionItem,
  claimCycle,
  countCommitmentOrder,
  createDb,
  findSubscription,
  hasOpenCommitment,
  insertCommitment,
  insertCustomer,
  insertSubscription,
  listCampaigns,
  listDueSubscriptions,
  listSubscriptionItems,
  lockSubscription,
  newSubscriptionId,
  setCommitmentStatus,
  updateCycle,
  updateSubscription,
  withTransaction,
  DEMO_CODES,
  type DbHandle,
} from '@store/db';
import { createTestDb, dbKinds, type TestDb } from '@store/testing';

const NOW = '2026-11-23T12:00:00.000Z';
const ADDRESS = JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US' });

describe.each(dbKinds())('subscription tables on %s', (kind) => {
  let t: TestDb;
  let customerId: string;
  beforeAll(async () => {
    t = await createTestDb(kind);
    const customer = await insertCustomer(t.dbh.db, { email: `sub.${kind}@example.com`, passwordHash: 'x', firstName: 'Ada', lastName: 'Lovelace', now: NOW });
    customerId = customer!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newSubscription(db = t.dbh.db, nextShipDate = '2026-12-21'): Promise<string> {
    const id = newSubscriptionId('sub');
    await insertSubscription(
      db,
      {
        id,
        customer_id: customerId,
        base_site: 'usb2c',
        currency: 'USD',
        lang: 'en',
        program: 'AUTO_DELIVERY',
        entry_type: 'ADC',
        status: 'active',
        frequency_weeks: 4,
        next_ship_date: nextShipDate,
        shipping_address_json: ADDRESS,
        created_at: NOW,
        updated_at: NOW,
      },
      [{ variant_code: DEMO_CODES.coffeeVariant24, qty: 2, created_at: NOW }],
    );
    return id;
  }

  it('the seed sets auto-delivery settings, campaigns and ad_eligible (beverages yes, brewers and gift cards no)', async () => {
    const settings = await t.dbh.db.selectFrom('site_config').select(['base_site', 'key', 'value']).where('key', 'like', 'ad%').execute();
    const of = (site: string, key: string) => settings.find((s) => s.base_site === site && s.key === key)?.value;
    expect(of('usb2c', 'adDiscountBps')).toBe('2500');
    expect(of('cab2c', 'adFirstOrderDiscountBps')).toBe('2500');
    expect(of('cab2c', 'adTimeZone')).toBe('America/Toronto');
    expect((await listCampaigns(t.dbh.db, 'usb2c')).map((c) => c.code)).toEqual(['FIFTYPERCENTBREWER', 'FREEBREWER', 'KSKBBAD', 'KSKLITE']);
    const flags = await t.dbh.db.selectFrom('products').select(['product_type', 'is_bundle', 'ad_eligible']).execute();
    expect(flags.filter((p) => p.product_type !== 'Coffee' && Number(p.ad_eligible) === 1)).toEqual([]);
    expect(flags.filter((p) => p.product_type === 'Coffee' && Number(p.ad_eligible) === 1).length).toBeGreaterThan(100);
    // a premium line stays off auto-delivery
    expect(flags.filter((p) => p.product_type === 'Coffee' && Number(p.is_bundle) === 0 && Number(p.ad_eligible) === 0).length).toBeGreaterThan(0);
  });

  it('20 concurrent claims of one cycle: exactly one wins (on PostgreSQL from two database handles, like two processes)', async () => {
    const id = await newSubscription();
    // better-sqlite3 waits for a lock synchronously, so two handles of one process cannot overlap
    // their transactions on SQLite; the primary key decides there the same way
    const other: DbHandle = kind === 'postgres' ? createDb(t.url) : t.dbh;
    try {
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => withTransaction(i % 2 === 0 ? t.dbh : other, (trx) => claimCycle(trx, id, '2026-12-21', NOW))),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      // moving the cycle on is conditional too
      expect(await updateCycle(t.dbh.db, id, '2026-12-21', { status: 'placed', order_code: 'US-X' }, NOW, 'processing')).toBe(true);
      expect(await updateCycle(t.dbh.db, id, '2026-12-21', { status: 'placed', order_code: 'US-Y' }, NOW, 'processing')).toBe(false);
      // another date is another cycle
      expect(await claimCycle(t.dbh.db, id, '2027-01-18', NOW)).toBe(true);
    } finally {
      if (other !== t.dbh) await other.close();
    }
  });

  it('concurrent changes of one subscription never lose an update (row lock, version)', async () => {
    const id = await newSubscription();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        withTransaction(t.dbh, async (trx) => {
          const row = await lockSubscription(trx, id, t.dbh.dialect);
          // read-modify-write under the lock: each adds one week to the frequency
          await updateSubscription(trx, id, { frequency_weeks: Number(row!.frequency_weeks) + 1, cancel_note: `change ${i}` }, NOW);
        }),
      ),
    );
    const after = await findSubscription(t.dbh.db, id);
    expect(Number(after!.frequency_weeks)).toBe(14);
    expect(Number(after!.version)).toBe(11);
    expect(await updateSubscription(t.dbh.db, id, { status: 'paused' }, NOW, 1)).toBe(false);
    expect(await updateSubscription(t.dbh.db, id, { status: 'paused' }, NOW, 11)).toBe(true);
  });

  it('items are unique per variant; due subscriptions are listed by date', async () => {
    const id = await newSubscription(t.dbh.db, '2026-11-20');
    expect(await addSubscriptionItem(t.dbh.db, { id: newSubscriptionId('si'), subscription_id: id, variant_code: DEMO_CODES.coffeeVariant24, qty: 1, created_at: NOW })).toBe(false);
    expect(await addSubscriptionItem(t.dbh.db, { id: newSubscriptionId('si'), subscription_id: id, variant_code: DEMO_CODES.coffeeVariant48, qty: 1, created_at: NOW })).toBe(true);
    expect((await listSubscriptionItems(t.dbh.db, [id])).get(id)?.map((i) => i.variant_code)).toEqual([DEMO_CODES.coffeeVariant24, DEMO_CODES.coffeeVariant48]);
    const due = await listDueSubscriptions(t.dbh.db, { site: 'usb2c', localDate: '2026-11-23', limit: 100 });
    expect(due.map((s) => s.id)).toContain(id);
    expect(due.every((s) => s.next_ship_date <= '2026-11-23')).toBe(true);
  });

  it('one open commitment per email and per address; counts move only while open', async () => {
    const sub = await newSubscription();
    const base = {
      subscription_id: sub,
      base_site: 'usb2c',
      campaign_code: 'KSKBBAD',
      customer_id: customerId,
      currency: 'USD',
      brewer_variant_code: 'BH-SOLO-BLACK',
      brewer_list_minor: 8999,
      brewer_paid_minor: 2250,
      boxes_required: 16,
      min_orders: 4,
      min_boxes_per_order: 4,
      deadline: '2027-11-23',
      status: 'open',
      parent_order_code: 'US-P',
      created_at: NOW,
      updated_at: NOW,
    };
    const email = `commit.${kind}@example.com`;
    const first = newSubscriptionId('cm');
    const results = await Promise.all([
      withTransaction(t.dbh, (trx) => insertCommitment(trx, { ...base, id: first, email, address_key: 'addr-1' })),
      withTransaction(t.dbh, (trx) => insertCommitment(trx, { ...base, id: newSubscriptionId('cm'), email, address_key: 'addr-2' })),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    // the winner's address is taken for any other email too
    const takenAddress = results[0] ? 'addr-1' : 'addr-2';
    expect(await insertCommitment(t.dbh.db, { ...base, id: newSubscriptionId('cm'), email: `other.${kind}@example.com`, address_key: takenAddress })).toBe(false);
    expect(await hasOpenCommitment(t.dbh.db, { email })).toBe(true);
    expect(await hasOpenCommitment(t.dbh.db, { addressKey: takenAddress })).toBe(true);
    const winner = results[0] ? first : (await t.dbh.db.selectFrom('commitments').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const counted = await countCommitmentOrder(t.dbh.db, winner, { boxes: 4, countsAsOrder: true }, NOW);
    expect(counted).toMatchObject({ boxes_counted: 4, orders_counted: 1 });
    expect(await setCommitmentStatus(t.dbh.db, winner, 'open', { status: 'cancelled' }, NOW)).toBe(true);
    const after = await countCommitmentOrder(t.dbh.db, winner, { boxes: 4, countsAsOrder: true }, NOW);
    expect(after).toMatchObject({ boxes_counted: 4, orders_counted: 1, status: 'cancelled' });
    // closed: the email may open a new one
    expect(await insertCommitment(t.dbh.db, { ...base, id: newSubscriptionId('cm'), email, address_key: 'addr-9' })).toBe(true);
  });
});
