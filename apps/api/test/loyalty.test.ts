/**
 * Brewhaus Perks API (issue 12; ADR 0028): enrolment, opt-in, summary, history, preview, and the
 * points of an order through placement, cancel and shipment — on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, createLoyaltyClient, LoyaltyHistorySchema, LoyaltySummarySchema, type LoyaltyCalls } from '@store/contracts';
import { withTransaction } from '@store/db';
import { buildTestApp, dbKinds, TEST_BASE_URL, type TestApp } from '@store/testing';
import { loyaltyOrderShipped } from '../src/flows/loyalty.ts';
import { ADDRESSES, expectApiError, newKey, placeCustomerOrder, signUpCustomer, type TestCustomer } from './support/commerce.ts';

interface OccBody {
  errors: Array<{ type: string; reason?: string; subject?: string; message: string }>;
}

function loyaltyOf(t: TestApp, c: TestCustomer): LoyaltyCalls {
  return createLoyaltyClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken }));
}

describe.each(dbKinds())('Brewhaus Perks API (issue 12) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', site: string, path: string, auth: string | null, payload?: unknown) =>
    t.app.inject({ method, url: `/rest/v2/${site}/users/${path}`, headers: auth ? { authorization: auth } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('anonymous gets 403 customersOnly on every call; no token 401; usafh answers 404 loyaltyDisabled', async () => {
    const anon = `Bearer ${t.token}`;
    const calls: Array<['GET' | 'POST' | 'PUT', string, unknown]> = [
      ['POST', 'loyaltyProgramSignup', { acceptTerms: true }],
      ['PUT', 'updatePerksOptInOut', { perksOptIn: true }],
      ['GET', 'loyalty', undefined],
      ['GET', 'loyalty/history', undefined],
      ['GET', 'loyalty/preview?cartGuid=abc', undefined],
    ];
    const c = await signUpCustomer(t);
    for (const [method, path, body] of calls) {
      const res = await call(method, 'usb2c', `anonymous/${path}`, anon, body);
      expect(res.statusCode, path).toBe(403);
      expect(res.json<OccBody>().errors[0]).toMatchObject({ type: 'LoyaltyError', reason: 'customersOnly', message: expect.stringContaining('sign in') });
      expect((await call(method, 'usb2c', `current/${path}`, null, body)).statusCode, path).toBe(401);
      const off = await call(method, 'usafh', `current/${path}`, c.auth, body);
      expect(off.statusCode, path).toBe(404);
      expect(off.json<OccBody>().errors[0]).toMatchObject({ type: 'LoyaltyError', reason: 'loyaltyDisabled', message: 'Brewhaus Perks is not offered on this site' });
    }
    expect(await t.dbh.db.selectFrom('loyalty_members').selectAll().where('user_id', '=', c.id).execute()).toEqual([]);
  });

  it('bad bodies and queries answer 400 naming the field; NUL bytes and 3 KB strings never reach SQL; nothing is written', async () => {
    const c = await signUpCustomer(t);
    const bad: Array<['POST' | 'PUT' | 'GET', string, unknown, string]> = [
      ['POST', 'loyaltyProgramSignup', {}, 'acceptTerms'],
      ['POST', 'loyaltyProgramSignup', { acceptTerms: false }, 'acceptTerms'],
      ['POST', 'loyaltyProgramSignup', { acceptTerms: 'yes' }, 'acceptTerms'],
      ['POST', 'loyaltyProgramSignup', { acceptTerms: true, termsVersion: 'x\u0000' }, 'termsVersion'],
      ['POST', 'loyaltyProgramSignup', { acceptTerms: true, termsVersion: 'x'.repeat(3000) }, 'termsVersion'],
      ['PUT', 'updatePerksOptInOut', {}, 'perksOptIn'],
      ['PUT', 'updatePerksOptInOut', { perksOptIn: 'true' }, 'perksOptIn'],
      ['PUT', 'updatePerksOptInOut', { perksOptIn: true, csAgentId: 'agent\u0000' }, 'csAgentId'],
      ['PUT', 'updatePerksOptInOut', { perksOptIn: true, csAgentId: 'a'.repeat(3000) }, 'csAgentId'],
      ['GET', 'loyalty/history?pageSize=0', undefined, 'pageSize'],
      ['GET', 'loyalty/history?currentPage=-1', undefined, 'currentPage'],
      ['GET', 'loyalty/preview', undefined, 'cartGuid'],
      ['GET', `loyalty/preview?cartGuid=${'g'.repeat(3000)}`, undefined, 'cartGuid'],
      ['GET', 'loyalty/preview?cartGuid=a%00b', undefined, 'cartGuid'],
    ];
    for (const [method, path, body, field] of bad) {
      const res = await call(method, 'usb2c', `current/${path}`, c.auth, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)?.slice(0, 60)}`).toBe(400);
      expect(res.json<OccBody>().errors.map((e) => e.subject)).toContain(field);
    }
    const raw = await t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/users/current/loyaltyProgramSignup', headers: { authorization: c.auth, 'content-type': 'application/json' }, payload: '{"acceptTerms": tru' });
    expect(raw.statusCode).toBe(400);
    expect(await t.dbh.db.selectFrom('loyalty_members').selectAll().where('user_id', '=', c.id).execute()).toEqual([]);
    // opting in before joining: 409 notEnrolled
    await expectApiError(loyaltyOf(t, c).updatePerksOptInOut('usb2c', { perksOptIn: true }), 409, 'notEnrolled');
  });

  it('sign-up is idempotent, records the terms version, and customer data returns the real perksOptIn; opting out keeps the membership', async () => {
    const c = await signUpCustomer(t);
    const api = loyaltyOf(t, c);
    const before = LoyaltySummarySchema.parse(await api.getLoyalty('usb2c'));
    expect(before).toMatchObject({ enrolled: false, perksOptIn: false, availablePoints: 0, pointsPerUnit: 10, adPointsPerUnit: 15, termsVersion: '2026-11' });
    const joined = await api.signUp('usb2c', { acceptTerms: true });
    expect(joined).toMatchObject({ enrolled: true, perksOptIn: true, availablePoints: 0, pendingPoints: 0, tier: { code: 'member' }, nextTier: { code: 'gold' }, pointsToNextTier: 2500 });
    expect(joined.valueOf100Points).toMatchObject({ value: 0.5, currencyIso: 'USD', formattedValue: '$0.50' });
    const again = await api.signUp('usb2c', { acceptTerms: true });
    expect(again.enrolledAt).toBe(joined.enrolledAt);
    const customerData = async () => (await call('GET', 'usb2c', 'current/customerData', c.auth)).json<{ perksOptIn: boolean; customerCookies: Array<{ key: string; value: string }> }>();
    expect(await customerData()).toMatchObject({ perksOptIn: true, customerCookies: expect.arrayContaining([{ key: 'isPerksOptIn', value: 'true' }]) });
    // membership is per site: cab2c is not joined
    expect((await call('GET', 'cab2c', 'current/customerData', c.auth)).json()).toMatchObject({ perksOptIn: false });
    const out = await api.updatePerksOptInOut('usb2c', { perksOptIn: false, csAgentId: 'agent-7' });
    expect(out).toMatchObject({ enrolled: true, perksOptIn: false });
    expect(await customerData()).toMatchObject({ perksOptIn: false });
    const row = await t.dbh.db.selectFrom('loyalty_members').selectAll().where('user_id', '=', c.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ base_site: 'usb2c', terms_version: '2026-11', perks_opt_in: 0, opt_changed_by: 'agent-7' });
    expect(row.opted_out_at).not.toBeNull();
    expect(await api.updatePerksOptInOut('usb2c', { perksOptIn: true })).toMatchObject({ perksOptIn: true });
  });

  it('50 concurrent sign-ups and opt-in toggles of one customer leave one member row', async () => {
    const c = await signUpCustomer(t);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 5 === 4
          ? call('PUT', 'usb2c', 'current/updatePerksOptInOut', c.auth, { perksOptIn: i % 2 === 0 })
          : call('POST', 'usb2c', 'current/loyaltyProgramSignup', c.auth, { acceptTerms: true }),
      ),
    );
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(40);
    const rows = await t.dbh.db.selectFrom('loyalty_members').selectAll().where('user_id', '=', c.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('placing an order earns pending points on beverage lines; cancelling reverses them; history lists both with the order code', async () => {
    const c = await signUpCustomer(t);
    const api = loyaltyOf(t, c);
    await api.signUp('usb2c', { acceptTerms: true });
    const { order } = await placeCustomerOrder(c, { products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 2 }] });
    const entry = await t.dbh.db.selectFrom('order_entries').select(['total_minor']).where('order_code', '=', order.code).executeTakeFirstOrThrow();
    const o = await t.dbh.db.selectFrom('orders').select(['discount_minor']).where('code', '=', order.code).executeTakeFirstOrThrow();
    const expected = Math.floor(((Number(entry.total_minor) - Number(o.discount_minor)) * 10) / 100);
    expect(expected).toBeGreaterThan(0);
    const placed = await api.getLoyalty('usb2c');
    expect(placed).toMatchObject({ availablePoints: 0, pendingPoints: expected });
    const cancel = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/current/orders/${order.code}/cancel`, headers: { authorization: c.auth } });
    expect(cancel.statusCode).toBe(200);
    expect(await api.getLoyalty('usb2c')).toMatchObject({ availablePoints: 0, pendingPoints: 0 });
    const history = LoyaltyHistorySchema.parse(await api.getLoyaltyHistory('usb2c'));
    expect(history.entries.map((e) => [e.kind, e.points, e.orderCode])).toEqual(
      expect.arrayContaining([
        ['earned_pending', expected, order.code],
        ['reversed', -expected, order.code],
      ]),
    );
    expect(history.pagination).toMatchObject({ currentPage: 0, pageSize: 20, totalResults: 2, totalPages: 1 });
    expect((await api.getLoyaltyHistory('usb2c', { currentPage: 1, pageSize: 1 })).entries).toHaveLength(1);
  });

  it('loyaltyOrderShipped moves the shipped lines’ points to available, once per consignment; the cart preview matches placement', async () => {
    const c = await signUpCustomer(t);
    const api = loyaltyOf(t, c);
    await api.signUp('usb2c', { acceptTerms: true });
    // preview of the cart before placing (the same rule as placement)
    const cartGuid = (await c.commerce.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', qty: 3 })).cartGuid;
    const preview = await api.getLoyaltyPreview('usb2c', { cartGuid });
    expect(preview.earning).toBe(true);
    expect(preview.points).toBeGreaterThan(0);
    // someone else's cart previews 0 (never tells it exists)
    const other = await signUpCustomer(t);
    expect((await loyaltyOf(t, other).getLoyaltyPreview('usb2c', { cartGuid })).points).toBe(0);
    const placedOrder = await placeOrderOfCart(c, cartGuid);
    const total = (await api.getLoyalty('usb2c')).pendingPoints;
    expect(total).toBe(preview.points);
    const ship = (consignmentCode: string, quantity: number, complete: boolean) =>
      withTransaction(t.dbh, (trx) =>
        loyaltyOrderShipped(trx, { orderCode: placedOrder, baseSite: 'usb2c', userId: c.id, consignmentCode, entries: [{ entryNumber: 0, quantity }], complete, shippedAt: new Date() }),
      );
    await ship('C1', 1, false);
    const third = Math.floor(total / 3);
    expect(await api.getLoyalty('usb2c')).toMatchObject({ availablePoints: third, pendingPoints: total - third });
    await ship('C1', 1, false); // the same consignment again: nothing moves
    expect(await api.getLoyalty('usb2c')).toMatchObject({ availablePoints: third, pendingPoints: total - third });
    await ship('C2', 2, true);
    const done = await api.getLoyalty('usb2c');
    expect(done).toMatchObject({ availablePoints: total, pendingPoints: 0, tierWindowPoints: total });
    expect(done.availableValue.value).toBe(Math.floor((total * 50) / 100) / 100);
    const earned = (await api.getLoyaltyHistory('usb2c')).entries.filter((e) => e.kind === 'earned');
    expect(earned).toHaveLength(2);
    for (const e of earned) expect(e.expiresAt).not.toBeNull();
    // a guest order or an unknown order changes nothing
    await withTransaction(t.dbh, (trx) => loyaltyOrderShipped(trx, { orderCode: 'NOPE', baseSite: 'usb2c', userId: null, consignmentCode: 'C9', entries: [], complete: true, shippedAt: new Date() }));
    expect((await api.getLoyalty('usb2c')).availablePoints).toBe(total);
  });

  it('an auto-delivery line earns at the AD rate (15 per 1.00), a one-time line at 10 (business defaults: points on every AD order)', async () => {
    const c = await signUpCustomer(t);
    const api = loyaltyOf(t, c);
    await api.signUp('usb2c', { acceptTerms: true });
    const ad = await c.commerce.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', entryType: 'ADC', qty: 2, frequencyWeeks: 4 });
    const cartGuid = ad.cartGuid;
    await c.commerce.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-48', qty: 1, cartGuid });
    const code = await placeOrderOfCart(c, cartGuid);
    const lines = await t.dbh.db.selectFrom('order_entries').select(['entry_number', 'entry_type', 'total_minor']).where('order_code', '=', code).orderBy('entry_number').execute();
    const o = await t.dbh.db.selectFrom('orders').select(['discount_minor']).where('code', '=', code).executeTakeFirstOrThrow();
    expect(Number(o.discount_minor)).toBe(0);
    const ledger = await t.dbh.db.selectFrom('loyalty_ledger').select(['entry_number', 'points', 'kind']).where('order_code', '=', code).orderBy('entry_number').execute();
    expect(ledger.map((r) => [Number(r.entry_number), Number(r.points), r.kind])).toEqual(
      lines.map((l) => [Number(l.entry_number), Math.floor((Number(l.total_minor) * (l.entry_type === 'STD' ? 10 : 15)) / 100), 'earned_pending']),
    );
    expect(lines.some((l) => l.entry_type === 'ADC')).toBe(true);
  });

  it('20 concurrent shipment events of the same consignment move the points once', async () => {
    const c = await signUpCustomer(t);
    const api = loyaltyOf(t, c);
    await api.signUp('usb2c', { acceptTerms: true });
    const { order } = await placeCustomerOrder(c, { products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 2 }] });
    const pending = (await api.getLoyalty('usb2c')).pendingPoints;
    expect(pending).toBeGreaterThan(0);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        withTransaction(t.dbh, (trx) => loyaltyOrderShipped(trx, { orderCode: order.code, baseSite: 'usb2c', userId: c.id, consignmentCode: 'SAME', entries: [{ entryNumber: 0, quantity: 2 }], complete: true, shippedAt: new Date() }), { retries: 5 }),
      ),
    );
    expect(await api.getLoyalty('usb2c')).toMatchObject({ availablePoints: pending, pendingPoints: 0 });
    const earned = await t.dbh.db.selectFrom('loyalty_ledger').selectAll().where('order_code', '=', order.code).where('kind', '=', 'earned').execute();
    expect(earned).toHaveLength(1);
  });

  it('opting out stops earning and keeps the history; non-members earn nothing', async () => {
    const c = await signUpCustomer(t);
    const api = loyaltyOf(t, c);
    await api.signUp('usb2c', { acceptTerms: true });
    await placeCustomerOrder(c);
    const earned = (await api.getLoyalty('usb2c')).pendingPoints;
    expect(earned).toBeGreaterThan(0);
    await api.updatePerksOptInOut('usb2c', { perksOptIn: false });
    await placeCustomerOrder(c);
    expect(await api.getLoyalty('usb2c')).toMatchObject({ pendingPoints: earned, perksOptIn: false });
    expect((await api.getLoyaltyHistory('usb2c')).entries).toHaveLength(1);
    const stranger = await signUpCustomer(t);
    await placeCustomerOrder(stranger);
    expect(await t.dbh.db.selectFrom('loyalty_ledger').selectAll().where('user_id', '=', stranger.id).execute()).toEqual([]);
  });

  it('cab2c: values in CAD, French format; points past their expiry are written off first in first out', async () => {
    const c = await signUpCustomer(t);
    const api = loyaltyOf(t, c);
    await api.signUp('cab2c', { acceptTerms: true });
    const now = Date.now();
    const day = 86_400_000;
    const row = (points: number, kind: string, ageDays: number, expiresInDays: number | null) => ({
      id: `lp_test_${kind}_${ageDays}_${c.id}`,
      user_id: c.id,
      base_site: 'cab2c',
      kind,
      bucket: 'available',
      points,
      order_code: null,
      entry_number: null,
      quantity: null,
      consignment_code: null,
      reason: 'test',
      idem_key: null,
      created_at: new Date(now - ageDays * day).toISOString(),
      expires_at: expiresInDays === null ? null : new Date(now + expiresInDays * day).toISOString(),
    });
    await t.dbh.db.insertInto('loyalty_ledger').values([row(1000, 'earned', 400, -35), row(600, 'earned', 350, 15), row(-300, 'redeemed', 300, null)]).execute();
    const fr = await api.getLoyalty('cab2c', { lang: 'fr' });
    // 1000 expired 35 days ago, 300 of them spent: 700 written off; 600 left, expiring within 30 days
    expect(fr).toMatchObject({ availablePoints: 600, expiringSoonPoints: 600, expiringSoonDays: 30 });
    expect(fr.availableValue).toEqual({ value: 3, currencyIso: 'CAD', formattedValue: '3,00\u00a0$' });
    const expired = (await api.getLoyaltyHistory('cab2c')).entries.filter((e) => e.kind === 'expired');
    expect(expired.map((e) => e.points)).toEqual([-700]);
    // reading again writes nothing more
    await api.getLoyalty('cab2c');
    expect((await api.getLoyaltyHistory('cab2c')).entries.filter((e) => e.kind === 'expired')).toHaveLength(1);
  });
});

/** Takes a customer's existing cart through checkout and places it (answers the order code). */
async function placeOrderOfCart(c: TestCustomer, cartGuid: string): Promise<string> {
  await c.commerce.setDeliveryAddress('usb2c', cartGuid, ADDRESSES.NY);
  await c.commerce.setDeliveryMode('usb2c', cartGuid, 'standard');
  await c.commerce.setBillingAddress('usb2c', cartGuid, { sameAsShipping: true });
  const intent = await c.commerce.createPaymentIntent('usb2c', cartGuid);
  const order = await c.commerce.placeOrder('usb2c', cartGuid, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } });
  return order.code;
}
