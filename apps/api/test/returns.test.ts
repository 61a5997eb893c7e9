/**
 * Issue 12 "points reversed on cancel or return" (ADR 0027 amendment "Returns"): the operator's
 * return call `POST /rest/v2/{site}/orders/{code}/returns` on SQLite and PostgreSQL — shipped
 * units only, points reversed (never below zero), the refund's money, bad input, auth, and 20
 * concurrent calls that never return more than shipped.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, createLoyaltyClient, createReferralClient } from '@store/contracts';
import { randomBytes } from 'node:crypto';
import { findGiftCard, giftCardLedgerSum, insertGiftCard, insertLoyaltyEntries } from '@store/db';
import { formatGiftCardCode, generateGiftCardCode } from '@store/domain';
import { dbKinds, TEST_BASE_URL, type TestApp } from '@store/testing';
import { returnRefund } from '../src/flows/return-order.ts';
import { TestPaymentProvider } from '../src/payments/test-provider.ts';
import { commerce, newKey, placeCustomerOrder, signUpCustomer, type TestCustomer } from './support/commerce.ts';
import { prepareWithCoupons } from './support/promotions.ts';
import { buildOperatorApp } from './support/operator.ts';

interface ErrorBody {
  errors: Array<{ type: string; reason: string; subject?: string; message: string }>;
}

describe('returnRefund (money of a return)', () => {
  it('splits the discount by largest remainder, refunds each unit’s net share plus its tax share, never more than paid', () => {
    const order = { discountMinor: 301, shippingMinor: 500, taxMinor: 280 };
    // discount 301 over [2000, 500]: 240.8 / 60.2 → 241 / 60; nets 1759 / 440; tax base 2199 + 500
    const first = returnRefund(order, [
      { entryNumber: 0, qty: 2, totalMinor: 2000, returnedBefore: 0, returning: 1 },
      { entryNumber: 1, qty: 1, totalMinor: 500, returnedBefore: 0, returning: 0 },
    ]);
    expect(first).toEqual({ lines: [{ entryNumber: 0, refundMinor: 879 }], taxMinor: 91, totalMinor: 970 });
    const rest = returnRefund(order, [
      { entryNumber: 0, qty: 2, totalMinor: 2000, returnedBefore: 1, returning: 1 },
      { entryNumber: 1, qty: 1, totalMinor: 500, returnedBefore: 0, returning: 1 },
    ]);
    expect(rest).toEqual({ lines: [{ entryNumber: 0, refundMinor: 880 }, { entryNumber: 1, refundMinor: 440 }], taxMinor: 137, totalMinor: 1457 });
    // everything back: the merchandise net (2199) plus the tax on it, shipping and its tax kept
    expect(first.totalMinor + rest.totalMinor).toBe(2199 + Math.floor((280 * 2199) / 2699));
  });

  it('never refunds more than the lines’ net in all, whatever the split into returns', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const qty = (seed % 7) + 1;
      const total = ((seed * 7919) % 5000) + qty;
      const discount = (seed * 31) % total;
      const order = { discountMinor: discount, shippingMinor: (seed * 13) % 900, taxMinor: (seed * 17) % 700 };
      let returned = 0;
      let sum = 0;
      while (returned < qty) {
        const n = Math.min(qty - returned, (seed % 3) + 1);
        sum += returnRefund(order, [{ entryNumber: 0, qty, totalMinor: total, returnedBefore: returned, returning: n }]).totalMinor;
        returned += n;
      }
      const net = total - discount;
      expect(sum).toBe(net + Math.floor((order.taxMinor * net) / (net + order.shippingMinor)));
    }
  });
});

describe.each(dbKinds())('operator returns, on %s', (kind) => {
  let t: TestApp;
  let operator: string;
  let c: TestCustomer;
  beforeAll(async () => {
    ({ t, operator } = await buildOperatorApp(kind));
    c = await signUpCustomer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const loyalty = (who: TestCustomer) => createLoyaltyClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => who.accessToken }));
  const ship = (code: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/orders/${code}/consignments`, headers: { authorization: operator }, payload: body });
  const ret = (code: string, body: unknown, opts: { token?: string | null; site?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/v2/${opts.site ?? 'usb2c'}/orders/${code}/returns`,
      headers: opts.token === null ? {} : { authorization: opts.token === undefined ? operator : `Bearer ${opts.token}` },
      payload: body as Record<string, unknown>,
    });
  const returnedQty = async (code: string) =>
    (await t.dbh.db.selectFrom('order_entries').select('returned_qty').where('order_code', '=', code).orderBy('entry_number').execute()).map((r) => Number(r.returned_qty));
  const returnCount = async (code: string) => (await t.dbh.db.selectFrom('order_returns').select('code').where('order_code', '=', code).execute()).length;
  const twoLineOrder = async (who: TestCustomer = c) =>
    (
      await placeCustomerOrder(who, {
        products: [
          { code: 'BH-SIGNATURE-DARK-24', qty: 2 },
          { code: 'BH-SIGNATURE-DARK-48', qty: 1 },
        ],
      })
    ).order;
  const earnedOf = async (code: string, entry: number) =>
    (await t.dbh.db.selectFrom('loyalty_ledger').select('points').where('order_code', '=', code).where('entry_number', '=', entry).where('kind', '=', 'earned_pending').where('points', '>', 0).execute()).reduce(
      (a, r) => a + Number(r.points),
      0,
    );

  it('a member returns part of a shipped order: available points drop by the units’ share; the card gets the units’ net share once', async () => {
    const m = await signUpCustomer(t);
    await loyalty(m).signUp('usb2c', { acceptTerms: true });
    const order = await twoLineOrder(m);
    expect((await ship(order.code, { trackingNumber: 'RET-1' })).statusCode).toBe(201);
    const shipped = await loyalty(m).getLoyalty('usb2c');
    expect(shipped.availablePoints).toBeGreaterThan(0);
    const line0 = await earnedOf(order.code, 0);
    const spy = vi.spyOn(TestPaymentProvider.prototype, 'refund');
    try {
      const res = await ret(order.code, { entries: [{ entryNumber: 0, quantity: 1 }], reason: 'damaged' });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<{ code: string; refundMinor: number; cardRefundMinor: number; refundStatus: string; pointsReversed: number; pointsNotRecovered: number; entries: unknown[] }>();
      expect(body).toMatchObject({ code: `${order.code}-R1`, reason: 'damaged', refundStatus: 'refunded', pointsReversed: Math.floor(line0 / 2), pointsNotRecovered: 0 });
      const row = await t.dbh.db.selectFrom('orders').selectAll().where('code', '=', order.code).executeTakeFirstOrThrow();
      const lines = await t.dbh.db.selectFrom('order_entries').selectAll().where('order_code', '=', order.code).orderBy('entry_number').execute();
      const expected = returnRefund(
        { discountMinor: Number(row.discount_minor), shippingMinor: Number(row.shipping_minor), taxMinor: Number(row.tax_minor) },
        lines.map((l) => ({ entryNumber: Number(l.entry_number), qty: Number(l.qty), totalMinor: Number(l.total_minor), returnedBefore: 0, returning: Number(l.entry_number) === 0 ? 1 : 0 })),
      );
      expect(body.refundMinor).toBe(expected.totalMinor);
      expect(body.entries).toEqual([{ entryNumber: 0, quantity: 1, refundMinor: expected.lines[0]?.refundMinor }]);
      expect(body.cardRefundMinor).toBe(expected.totalMinor);
      // the provider was called once, after commit, with the return code as idempotency key
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy).toHaveBeenCalledWith(row.payment_intent_id, expected.totalMinor, { idempotencyKey: `${order.code}-R1` });
      const stored = await t.dbh.db.selectFrom('order_returns').select(['refund_status', 'reason']).where('code', '=', `${order.code}-R1`).executeTakeFirstOrThrow();
      expect(stored).toEqual({ refund_status: 'refunded', reason: 'damaged' });
      const after = await loyalty(m).getLoyalty('usb2c');
      expect(after.availablePoints).toBe(shipped.availablePoints - Math.floor(line0 / 2));
      const reversed = (await loyalty(m).getLoyaltyHistory('usb2c')).entries.filter((e) => e.kind === 'reversed');
      expect(reversed).toHaveLength(1);
      // the rest of the order comes back: every point of it is gone, the card never gets more than it paid
      const rest = await ret(order.code, { entries: [{ entryNumber: 0, quantity: 1 }, { entryNumber: 1, quantity: 1 }] });
      expect(rest.statusCode, rest.body).toBe(201);
      expect(rest.json()).toMatchObject({ code: `${order.code}-R2` });
      expect((await loyalty(m).getLoyalty('usb2c')).availablePoints).toBe(shipped.availablePoints - line0 - (await earnedOf(order.code, 1)));
      const refunded = (await t.dbh.db.selectFrom('order_returns').select('card_refund_minor').where('order_code', '=', order.code).execute()).reduce((a, r) => a + Number(r.card_refund_minor), 0);
      expect(refunded).toBeLessThanOrEqual(Number(row.total_minor) - Number(row.shipping_minor));
      expect(spy).toHaveBeenCalledTimes(2);
      expect(await returnedQty(order.code)).toEqual([2, 1]);
      // the customer's order detail lists the returns with their refunds
      const detail = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/current/orders/${order.code}`, headers: { authorization: `Bearer ${m.accessToken}` } });
      expect(detail.statusCode).toBe(200);
      const returns = detail.json<{ returns?: Array<{ code: string; entries: unknown[]; refund: { value: number } }> }>().returns ?? [];
      expect(returns.map((r) => r.code)).toEqual([`${order.code}-R1`, `${order.code}-R2`]);
      expect(returns[0]?.entries).toEqual([{ entryNumber: 0, quantity: 1 }]);
      expect(returns[0]?.refund.value).toBeCloseTo(expected.totalMinor / 100, 2);
    } finally {
      spy.mockRestore();
    }
  });

  it('a member who spent their points gets no negative balance: what is left is reversed, the rest is recorded as not recovered', async () => {
    const m = await signUpCustomer(t);
    await loyalty(m).signUp('usb2c', { acceptTerms: true });
    const order = await twoLineOrder(m);
    expect((await ship(order.code, { trackingNumber: 'RET-SPENT' })).statusCode).toBe(201);
    const before = await loyalty(m).getLoyalty('usb2c');
    const keep = 5;
    const now = new Date().toISOString();
    await insertLoyaltyEntries(t.dbh.db, [{ user_id: m.id, base_site: 'usb2c', kind: 'redeemed', bucket: 'available', points: -(before.availablePoints - keep), order_code: null, entry_number: null, quantity: null, consignment_code: null, reason: 'test', idem_key: `test-spend-${m.id}`, created_at: now, expires_at: null }]);
    const res = await ret(order.code, { entries: [{ entryNumber: 0, quantity: 2 }, { entryNumber: 1, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    const owed = (await earnedOf(order.code, 0)) + (await earnedOf(order.code, 1));
    expect(res.json()).toMatchObject({ pointsReversed: keep, pointsNotRecovered: owed - keep });
    expect(await loyalty(m).getLoyalty('usb2c')).toMatchObject({ availablePoints: 0 });
  });

  it('refuses more than shipped and not yet returned (409 entries[i].quantity) and unknown lines (400 entries[i].entryNumber), nothing written', async () => {
    const order = await twoLineOrder();
    expect((await ship(order.code, { trackingNumber: 'RET-PART', entries: [{ entryNumber: 0, quantity: 1 }] })).statusCode).toBe(201);
    const unshipped = await ret(order.code, { entries: [{ entryNumber: 0, quantity: 2 }] });
    expect(unshipped.statusCode).toBe(409);
    expect(unshipped.json<ErrorBody>().errors[0]).toMatchObject({ type: 'OrderError', reason: 'overReturn', subject: 'entries[0].quantity' });
    const line1 = await ret(order.code, { entries: [{ entryNumber: 0, quantity: 1 }, { entryNumber: 1, quantity: 1 }] });
    expect(line1.statusCode).toBe(409);
    expect(line1.json<ErrorBody>().errors[0]).toMatchObject({ subject: 'entries[1].quantity' });
    expect(await returnedQty(order.code)).toEqual([0, 0]);
    expect((await ret(order.code, { entries: [{ entryNumber: 0, quantity: 1 }] })).statusCode).toBe(201);
    const over = await ret(order.code, { entries: [{ entryNumber: 0, quantity: 1 }] });
    expect(over.statusCode).toBe(409);
    expect(over.json<ErrorBody>().errors[0]).toMatchObject({ reason: 'overReturn', subject: 'entries[0].quantity' });
    const unknown = await ret(order.code, { entries: [{ entryNumber: 7, quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().errors[0]).toMatchObject({ reason: 'unknownEntry', subject: 'entries[0].entryNumber' });
    expect(await returnedQty(order.code)).toEqual([1, 0]);
    expect(await returnCount(order.code)).toBe(1);
  });

  it('answers 400 naming the field for bad bodies (NUL byte, 3 KB reason, entries), before any write', async () => {
    const order = await twoLineOrder();
    expect((await ship(order.code, { trackingNumber: 'RET-BAD' })).statusCode).toBe(201);
    const ok = [{ entryNumber: 0, quantity: 1 }];
    const cases: Array<[unknown, string, string?]> = [
      [{}, 'entries'],
      [{ entries: [] }, 'entries'],
      [{ entries: 'x' }, 'entries'],
      [{ entries: [{ entryNumber: 0, quantity: 0 }] }, 'entries[0].quantity'],
      [{ entries: [{ entryNumber: 0, quantity: 1.5 }] }, 'entries[0].quantity'],
      [{ entries: [{ entryNumber: -1, quantity: 1 }] }, 'entries[0].entryNumber'],
      [{ entries: [{ quantity: 1 }] }, 'entries[0].entryNumber'],
      [{ entries: [{ entryNumber: 0, quantity: 1 }, { entryNumber: 0, quantity: 1 }] }, 'entries[1].entryNumber', 'duplicateEntry'],
      [{ entries: ok, reason: 'damaged\u0000' }, 'reason'],
      [{ entries: ok, reason: 'x'.repeat(3 * 1024) }, 'reason'],
      [{ entries: ok, reason: 'broken' }, 'reason'],
      [{ entries: ok, reason: 42 }, 'reason'],
    ];
    for (const [body, subject, reason] of cases) {
      const res = await ret(order.code, body);
      expect({ status: res.statusCode, body }).toMatchObject({ status: 400 });
      const errors = res.json<ErrorBody>().errors;
      expect(errors.map((e) => e.subject)).toContain(subject);
      if (reason) expect(errors.find((e) => e.subject === subject)?.reason).toBe(reason);
    }
    expect(await returnedQty(order.code)).toEqual([0, 0]);
    expect(await returnCount(order.code)).toBe(0);
  });

  it('needs an operator token (401 / 403) and answers 404 for an unknown order or another site', async () => {
    const order = await twoLineOrder();
    expect((await ship(order.code, { trackingNumber: 'RET-AUTH' })).statusCode).toBe(201);
    const body = { entries: [{ entryNumber: 0, quantity: 1 }] };
    expect((await ret(order.code, body, { token: null })).statusCode).toBe(401);
    expect((await ret(order.code, body, { token: 'not-a-jwt' })).statusCode).toBe(401);
    expect((await ret(order.code, body, { token: t.token })).statusCode).toBe(403);
    expect((await ret(order.code, body, { token: c.accessToken })).statusCode).toBe(403);
    expect((await ret('NOSUCHORDER1', body)).statusCode).toBe(404);
    expect((await ret(order.code, body, { site: 'cab2c' })).statusCode).toBe(404);
    expect(await returnedQty(order.code)).toEqual([0, 0]);
    expect(await returnCount(order.code)).toBe(0);
  });

  it('an order paid partly by gift card: each return refunds the card first, the rest goes back to the gift card, never more than it paid', async () => {
    const raw = generateGiftCardCode((n) => randomBytes(n));
    const card = await insertGiftCard(t.dbh.db, { code: raw, baseSite: 'usb2c', currency: 'USD', amountMinor: 3000, now: new Date().toISOString() });
    const { order } = await placeCustomerOrder(c, { products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 2 }], giftCard: { code: formatGiftCardCode(raw), id: card.id, amountMinor: 3000 } });
    const row = await t.dbh.db.selectFrom('orders').selectAll().where('code', '=', order.code).executeTakeFirstOrThrow();
    expect(Number(row.gift_card_minor)).toBe(3000);
    expect(Number((await findGiftCard(t.dbh.db, card.id))?.balance_minor)).toBe(0);
    expect((await ship(order.code, { trackingNumber: 'RET-GC' })).statusCode).toBe(201);
    const first = await ret(order.code, { entries: [{ entryNumber: 0, quantity: 1 }] });
    const second = await ret(order.code, { entries: [{ entryNumber: 0, quantity: 1 }] });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const bodies = [first, second].map((r) => r.json<{ refundMinor: number; cardRefundMinor: number; giftCardRefundMinor: number }>());
    for (const b of bodies) expect(b.cardRefundMinor + b.giftCardRefundMinor).toBe(b.refundMinor);
    const cardPaid = Number(row.total_minor) - 3000;
    expect(bodies.reduce((a, b) => a + b.cardRefundMinor, 0)).toBe(Math.min(cardPaid, bodies.reduce((a, b) => a + b.refundMinor, 0)));
    const giftBack = bodies.reduce((a, b) => a + b.giftCardRefundMinor, 0);
    expect(giftBack).toBeGreaterThan(0);
    expect(giftBack).toBeLessThanOrEqual(3000);
    // the balance and the ledger agree, and nothing was credited twice
    expect(Number((await findGiftCard(t.dbh.db, card.id))?.balance_minor)).toBe(giftBack);
    expect(await giftCardLedgerSum(t.dbh.db, card.id)).toBe(giftBack);
  });

  it('a referred friend returns their whole first order: the referrer loses the referral points; a partial return takes nothing back', async () => {
    const referrer = await signUpCustomer(t);
    await loyalty(referrer).signUp('usb2c', { acceptTerms: true });
    const referrals = createReferralClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => referrer.accessToken }));
    const api = commerce(t);
    const friendOrder = async () => {
      const email = `friend-${Math.random().toString(36).slice(2, 10)}@example.com`;
      await referrals.submitReferral('usb2c', { email });
      const row = await t.dbh.db.selectFrom('referrals').select('coupon_code').where('friend_email', '=', email).executeTakeFirstOrThrow();
      const p = await prepareWithCoupons(api, { coupons: [row.coupon_code], email, products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 2 }] });
      const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } });
      expect((await ship(order.code, { trackingNumber: `REF-${order.code.slice(-4)}` })).statusCode).toBe(201);
      return order.code;
    };
    const kept = await friendOrder();
    const returned = await friendOrder();
    const rewarded = (await loyalty(referrer).getLoyalty('usb2c')).availablePoints;
    expect(rewarded).toBe(2000);
    // a partial return: the friend kept a purchase, the referrer keeps the reward
    expect((await ret(kept, { entries: [{ entryNumber: 0, quantity: 1 }] })).statusCode).toBe(201);
    expect((await loyalty(referrer).getLoyalty('usb2c')).availablePoints).toBe(2000);
    // the whole order back, in two returns: the reward of that order goes, once
    expect((await ret(returned, { entries: [{ entryNumber: 0, quantity: 1 }] })).statusCode).toBe(201);
    expect((await loyalty(referrer).getLoyalty('usb2c')).availablePoints).toBe(2000);
    expect((await ret(returned, { entries: [{ entryNumber: 0, quantity: 1 }] })).statusCode).toBe(201);
    expect((await loyalty(referrer).getLoyalty('usb2c')).availablePoints).toBe(1000);
    const reversed = (await loyalty(referrer).getLoyaltyHistory('usb2c')).entries.filter((e) => e.kind === 'reversed');
    expect(reversed).toHaveLength(1);
  });

  it('20 concurrent returns of one unit each never return more than shipped', async () => {
    const { order } = await placeCustomerOrder(c, { products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 8 }] });
    expect((await ship(order.code, { trackingNumber: 'RET-RACE' })).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => ret(order.code, { entries: [{ entryNumber: 0, quantity: 1 }] })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((s) => s === 201)).toHaveLength(8);
    expect(codes.filter((s) => s === 409)).toHaveLength(12);
    expect(await returnedQty(order.code)).toEqual([8]);
    expect(await returnCount(order.code)).toBe(8);
  });
});
