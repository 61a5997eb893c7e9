/**
 * Referrals (issue 12 "Referrals"; ADR 0030), through HTTP on SQLite and PostgreSQL:
 * submitReferral's input checks and rules (anonymous 403, 400 naming the field, NUL bytes, 3 KB
 * strings, self-referral 422, already a customer 422, duplicate 409, rate limits 429 per member and
 * per client address), the friend's email at the SMTP sink (en, fr) with the coupon code, the
 * friend's coupon (once, on a first order, only by the friend; refused for a second order or
 * another shopper; 20 concurrent placements redeem it once), and `referralOrderShipped` (the
 * referrer's points granted once, also under concurrent calls).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, createReferralClient, isApiError, type CommerceCalls, type ReferralCalls } from '@store/contracts';
import { withTransaction, type Executor } from '@store/db';
import { SITES } from '@store/domain';
import { buildTestApp, dbKinds, startSmtpSink, TEST_BASE_URL, type SmtpSink, type TestApp } from '@store/testing';
import { referralOrderShipped, type ReferralPointsGrant } from '../src/flows/referrals.ts';
import { commerce, expectApiError, newKey, placeCustomerOrder, prepareCheckout, signUpCustomer, type TestCustomer } from './support/commerce.ts';
import { prepareWithCoupons } from './support/promotions.ts';

const VISA = { testCardNumber: '4242424242424242' };
const DECLINED = { testCardNumber: '4000000000000002' };
const COFFEE = 'BH-SIGNATURE-DARK-24';
const CONCURRENT = 20;

interface Member extends TestCustomer {
  referrals: ReferralCalls;
}

describe.each(dbKinds())('referrals on %s', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let api: CommerceCalls;

  async function member(firstName = 'Grace'): Promise<Member> {
    const c = await signUpCustomer(t, { firstName });
    const core = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken });
    return { ...c, referrals: createReferralClient(core) };
  }
  const friendEmail = (tag = 'friend') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
  async function couponOf(email: string, site = 'usb2c'): Promise<string> {
    const r = await t.dbh.db.selectFrom('referrals').select('coupon_code').where('friend_email', '=', email.toLowerCase()).where('base_site', '=', site).executeTakeFirstOrThrow();
    return r.coupon_code;
  }
  async function referralRow(code: string) {
    return t.dbh.db.selectFrom('referrals').selectAll().where('coupon_code', '=', code).executeTakeFirstOrThrow();
  }
  async function post(auth: string, body: unknown, site = 'usb2c', user = 'current') {
    return t.app.inject({ method: 'POST', url: `/rest/v2/${site}/users/${user}/referrals`, headers: { authorization: auth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, { env: { SMTP_URL: sink.url, MAIL_FROM: 'Brewhaus <orders@brewhaus.test>', PUBLIC_URL: 'https://shop.example' } });
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  beforeEach(async () => {
    // every test starts with fresh rate-limit windows (all requests come from one address)
    await t.dbh.db.deleteFrom('rate_limit_hits').execute();
  });

  describe('submitReferral input and rules', () => {
    it('anonymous (machine token on users/anonymous) gets 403 customerRequired; no token gets 401', async () => {
      const res = await post(`Bearer ${t.token}`, { email: friendEmail() }, 'usb2c', 'anonymous');
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ type: 'ForbiddenError', reason: 'customerRequired', message: 'Sign in to use this resource' });
      const none = await t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/users/current/referrals', payload: { email: friendEmail() } });
      expect(none.statusCode).toBe(401);
      expect(await t.dbh.db.selectFrom('referrals').select('id').execute()).toEqual([]);
    });

    it('a bad email, a NUL byte and 3 KB strings answer 400 naming the field; nothing is stored', async () => {
      const m = await member();
      const cases: Array<[unknown, string, string]> = [
        [{ email: 'not-an-email' }, 'email', 'invalidEmail'],
        [{ email: 'a@b.c' }, 'email', 'invalidEmail'],
        [{}, 'email', 'missing'],
        [{ email: 'friend\u0000@example.com' }, 'email', 'invalidCharacters'],
        [{ email: `${'a'.repeat(3000)}@example.com` }, 'email', 'tooLong'],
        [{ email: friendEmail(), friendName: 'x'.repeat(3 * 1024) }, 'friendName', 'tooLong'],
        [{ email: friendEmail(), friendName: 'Bob\u0000' }, 'friendName', 'invalidCharacters'],
        [{ email: friendEmail(), friendName: 'y'.repeat(101) }, 'friendName', 'tooLong'],
        [{ email: friendEmail(), lang: 'de' }, 'lang', 'invalid'],
      ];
      for (const [body, subject, reason] of cases) {
        const res = await post(m.auth, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        const first = res.json().errors[0];
        expect(first).toMatchObject({ type: 'ValidationError', subject, reason });
      }
      expect(await t.dbh.db.selectFrom('referrals').select('id').where('referrer_id', '=', m.id).execute()).toEqual([]);
    });

    it('refers a friend (201), lists it as sent, and refuses a self-referral (422, any case)', async () => {
      const m = await member();
      const email = friendEmail();
      const created = await m.referrals.submitReferral('usb2c', { email: `  ${email.toUpperCase()} `, friendName: 'Bob' });
      expect(created).toMatchObject({ friendEmail: email, friendName: 'Bob', status: 'sent', usedAt: null, rewardedAt: null, rewardPoints: null });
      const list = await m.referrals.listReferrals('usb2c');
      expect(list.referrals.map((r) => [r.id, r.status])).toEqual([[created.id, 'sent']]);
      expect(list.offer).toEqual({ friendDiscount: '$10.00', minimumOrder: '$30.00', rewardPoints: 1000, validityDays: 90 });
      expect(JSON.stringify(list)).not.toContain('REF-');

      const self = await post(m.auth, { email: m.email.toUpperCase() });
      expect(self.statusCode).toBe(422);
      expect(self.json().errors[0]).toMatchObject({ type: 'ReferralError', reason: 'selfReferral', subject: 'email' });
    });

    it('a friend who already ordered is refused 422 alreadyCustomer; a second referral of one friend (by anyone) is 409', async () => {
      const a = await member();
      const b = await member();
      const buyer = await member('Buyer');
      await placeCustomerOrder(buyer);
      const res = await post(a.auth, { email: buyer.email });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ type: 'ReferralError', reason: 'alreadyCustomer', subject: 'email' });
      // a guest order counts too
      const guestEmail = friendEmail('guest');
      const p = await prepareCheckout(api, { email: guestEmail });
      await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      await expectApiError(a.referrals.submitReferral('usb2c', { email: guestEmail }), 422, 'alreadyCustomer');

      const email = friendEmail();
      await a.referrals.submitReferral('usb2c', { email });
      const again = await expectApiError(b.referrals.submitReferral('usb2c', { email: email.toUpperCase() }), 409, 'alreadyReferred');
      expect(again.errors[0]).toMatchObject({ type: 'ReferralError', subject: 'email' });
      await expectApiError(a.referrals.submitReferral('usb2c', { email }), 409, 'alreadyReferred');
      // the same friend on another site is another referral
      await a.referrals.submitReferral('cab2c', { email });
      expect(await t.dbh.db.selectFrom('referrals').select('id').where('friend_email', '=', email).execute()).toHaveLength(2);
    });

    it('a lapsed unused referral shows expired, its coupon stops working, and the friend can be referred again', async () => {
      const a = await member();
      const b = await member();
      const email = friendEmail('lapsed');
      const first = await a.referrals.submitReferral('usb2c', { email });
      const oldCode = await couponOf(email);
      await t.dbh.db.updateTable('referrals').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', first.id).execute();
      await t.dbh.db.updateTable('coupons').set({ ends_at: '2020-01-01T00:00:00.000Z' }).where('code', '=', oldCode).execute();
      expect((await a.referrals.listReferrals('usb2c')).referrals[0]).toMatchObject({ id: first.id, status: 'expired' });
      const cart = await api.addToCart('usb2c', { productCode: COFFEE, qty: 2 });
      await api.setEmail('usb2c', cart.cartGuid, email);
      await expectApiError(api.applyCoupon('usb2c', cart.cartGuid, oldCode), 400, 'couponExpired');

      const second = await b.referrals.submitReferral('usb2c', { email });
      expect(second.status).toBe('sent');
      const rows = await t.dbh.db.selectFrom('referrals').select(['id', 'status', 'open_key']).where('friend_email', '=', email).orderBy('created_at').execute();
      expect(rows).toEqual([
        { id: first.id, status: 'expired', open_key: null },
        { id: second.id, status: 'sent', open_key: email },
      ]);
      const old = await t.dbh.db.selectFrom('coupons').select('active').where('code', '=', oldCode).executeTakeFirstOrThrow();
      expect(Number(old.active)).toBe(0);
    });

    it('concurrent referrals of one friend: exactly one is stored, the others are 409', async () => {
      const members = await Promise.all([member(), member(), member(), member(), member()]);
      const email = friendEmail('race');
      const results = await Promise.allSettled(members.map((m) => m.referrals.submitReferral('usb2c', { email })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(isApiError(r.reason) && [r.reason.status, r.reason.reason]).toEqual([409, 'alreadyReferred']);
      expect(await t.dbh.db.selectFrom('referrals').select('id').where('friend_email', '=', email).execute()).toHaveLength(1);
      expect(await t.dbh.db.selectFrom('coupons').select('code').where('code', 'like', 'REF-%').where('code', 'in', t.dbh.db.selectFrom('referrals').select('coupon_code').where('friend_email', '=', email)).execute()).toHaveLength(1);
    });

    it('rate limits: the 11th referral of a member in a day is 429 with Retry-After; every attempt counts', async () => {
      const m = await member();
      for (let i = 0; i < 9; i++) await m.referrals.submitReferral('usb2c', { email: friendEmail('rl') });
      // a refused attempt counts as well (no probing)
      await expectApiError(m.referrals.submitReferral('usb2c', { email: m.email }), 422, 'selfReferral');
      const res = await post(m.auth, { email: friendEmail('rl') });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().errors[0]).toMatchObject({ type: 'TooManyAttemptsError', reason: 'tooManyAttempts' });
      expect(await t.dbh.db.selectFrom('referrals').select('id').where('referrer_id', '=', m.id).execute()).toHaveLength(9);
    });

    it('rate limits: 30 referrals an hour from one client address, whichever members send them', async () => {
      const members = await Promise.all([member(), member(), member(), member()]);
      for (let i = 0; i < 30; i++) await members[i % 3]!.referrals.submitReferral('usb2c', { email: friendEmail('ip') });
      await expectApiError(members[3]!.referrals.submitReferral('usb2c', { email: friendEmail('ip') }), 429, 'tooManyAttempts');
    });

    it('usafh does not offer referrals (404)', async () => {
      const m = await member();
      await expectApiError(m.referrals.submitReferral('usafh', { email: friendEmail() }), 404, 'referralsNotOffered');
    });
  });

  describe("the friend's email", () => {
    it('is sent after commit with the coupon code, in English, with a link to the store', async () => {
      const m = await member('Grace');
      const email = friendEmail('mail');
      await m.referrals.submitReferral('usb2c', { email, friendName: 'Bob <b>' });
      const code = await couponOf(email);
      const mail = await sink.waitFor((x) => x.to.includes(email));
      expect(mail.subject).toBe('Grace sent you $10.00 off at Brewhaus');
      expect(mail.decoded).toContain(code);
      expect(mail.decoded).toContain('Hello Bob <b>,');
      expect(mail.decoded).toContain('Bob &lt;b&gt;');
      expect(mail.decoded).toContain('$30.00');
      expect(mail.decoded).toContain('https://shop.example/');
    });

    it('is in French on cab2c when lang=fr (CAD amounts, narrow no-break spaces)', async () => {
      const m = await member('Émilie');
      const email = friendEmail('fr');
      await m.referrals.submitReferral('cab2c', { email, lang: 'fr' });
      const code = await couponOf(email, 'cab2c');
      const mail = await sink.waitFor((x) => x.to.includes(email));
      expect(mail.subject).toBe(`Émilie vous offre 10,00\u00a0$ de rabais chez ${SITES.cab2c.name}`);
      expect(mail.decoded).toContain(code);
      expect(mail.decoded).toContain('Votre code promo\u202f:');
      expect(mail.decoded).toContain('40,00');
    });
  });

  describe("the friend's coupon", () => {
    async function referred(site = 'usb2c'): Promise<{ referrer: Member; email: string; code: string }> {
      const referrer = await member();
      const email = friendEmail('buyer');
      await referrer.referrals.submitReferral(site, { email });
      return { referrer, email, code: await couponOf(email, site) };
    }

    it('takes $10 off the friend’s first order once; a second order by the friend is refused', async () => {
      const { referrer, email, code } = await referred();
      const p = await prepareWithCoupons(api, { coupons: [code], email, products: [{ code: COFFEE, qty: 2 }] });
      const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      expect(order.appliedCoupons).toEqual([code]);
      expect(order.totalDiscounts.value).toBe(10);
      const row = await referralRow(code);
      expect(row).toMatchObject({ status: 'used', order_code: order.code });
      expect((await referrer.referrals.listReferrals('usb2c')).referrals[0]?.status).toBe('used');

      // the same friend, a second order: the coupon is used (and it would not be a first order)
      const again = await api.addToCart('usb2c', { productCode: COFFEE, qty: 2 });
      await api.setEmail('usb2c', again.cartGuid, email);
      await expectApiError(api.applyCoupon('usb2c', again.cartGuid, code), 400, 'couponUsedUp');
    });

    it('is refused for another guest email, another customer, the referrer, and under the minimum', async () => {
      const { referrer, code } = await referred();
      const cart = await api.addToCart('usb2c', { productCode: COFFEE, qty: 2 });
      await api.setEmail('usb2c', cart.cartGuid, friendEmail('other'));
      await expectApiError(api.applyCoupon('usb2c', cart.cartGuid, code), 400, 'couponNotApplicable');

      const stranger = await member('Stranger');
      const sc = await stranger.commerce.addToCart('usb2c', { productCode: COFFEE, qty: 2 });
      await expectApiError(stranger.commerce.applyCoupon('usb2c', sc.cartGuid, code), 400, 'couponNotApplicable');
      const rc = await referrer.commerce.addToCart('usb2c', { productCode: COFFEE, qty: 2 });
      await expectApiError(referrer.commerce.applyCoupon('usb2c', rc.cartGuid, code), 400, 'couponNotApplicable');

      // under the $30 minimum
      const { email: e2, code: c2 } = await referred();
      const small = await api.addToCart('usb2c', { productCode: COFFEE, qty: 1 });
      await api.setEmail('usb2c', small.cartGuid, e2);
      const err = await expectApiError(api.applyCoupon('usb2c', small.cartGuid, c2), 400, 'couponNotApplicable');
      expect(err.errors[0]?.message).toMatch(/^Add \$[\d.]+ more to your cart/);
      expect((await referralRow(code)).status).toBe('sent');
    });

    it('is checked again at placement: applied before the email was known, then placed under another email → refused, nothing kept', async () => {
      const { code } = await referred();
      const cartGuid = (await api.addToCart('usb2c', { productCode: COFFEE, qty: 2 })).cartGuid;
      // no email on the cart yet: the coupon applies (the friend may be the one typing it)
      await api.applyCoupon('usb2c', cartGuid, code);
      await api.setEmail('usb2c', cartGuid, friendEmail('swap'));
      await api.setDeliveryAddress('usb2c', cartGuid, { firstName: 'Ada', lastName: 'Lovelace', line1: '9 Pine Road', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' });
      await api.setDeliveryMode('usb2c', cartGuid, 'standard');
      await api.setBillingAddress('usb2c', cartGuid, { sameAsShipping: true });
      const intent = await api.createPaymentIntent('usb2c', cartGuid);
      await expectApiError(api.placeOrder('usb2c', cartGuid, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: VISA }), 400, 'couponNotApplicable');
      expect(await t.dbh.db.selectFrom('orders').select('code').where('cart_guid', '=', cartGuid).execute()).toEqual([]);
      expect(await referralRow(code)).toMatchObject({ status: 'sent', order_code: null });
    });

    it('works for the friend as a signed-up customer with the referred email, but not once they have ordered', async () => {
      const { email, code } = await referred();
      const friend = await signUpCustomer(t, { email });
      const cartGuid = (await friend.commerce.addToCart('usb2c', { productCode: COFFEE, qty: 2 })).cartGuid;
      await friend.commerce.applyCoupon('usb2c', cartGuid, code);
      await friend.commerce.setDeliveryAddress('usb2c', cartGuid, { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main Street', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' });
      await friend.commerce.setDeliveryMode('usb2c', cartGuid, 'standard');
      await friend.commerce.setBillingAddress('usb2c', cartGuid, { sameAsShipping: true });
      const intent = await friend.commerce.createPaymentIntent('usb2c', cartGuid);
      const order = await friend.commerce.placeOrder('usb2c', cartGuid, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: VISA });
      expect(order.appliedCoupons).toEqual([code]);
      expect(await referralRow(code)).toMatchObject({ status: 'used', order_code: order.code, friend_user_id: friend.id });

      // a friend who ordered without the coupon cannot use it afterwards (first order only)
      const other = await referred();
      const p = await prepareCheckout(api, { email: other.email });
      await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      const cart = await api.addToCart('usb2c', { productCode: COFFEE, qty: 2 });
      await api.setEmail('usb2c', cart.cartGuid, other.email);
      const err = await expectApiError(api.applyCoupon('usb2c', cart.cartGuid, other.code), 400, 'couponNotApplicable');
      expect(err.errors[0]?.message).toContain('first order');
    });

    it('a cancelled first order gives the referral back (sent); the friend can use it on a new first order', async () => {
      const { email, code } = await referred();
      const friend = await signUpCustomer(t, { email });
      const place = async () => {
        const cartGuid = (await friend.commerce.addToCart('usb2c', { productCode: COFFEE, qty: 2 })).cartGuid;
        await friend.commerce.applyCoupon('usb2c', cartGuid, code);
        await friend.commerce.setDeliveryAddress('usb2c', cartGuid, { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main Street', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' });
        await friend.commerce.setDeliveryMode('usb2c', cartGuid, 'standard');
        await friend.commerce.setBillingAddress('usb2c', cartGuid, { sameAsShipping: true });
        const intent = await friend.commerce.createPaymentIntent('usb2c', cartGuid);
        return friend.commerce.placeOrder('usb2c', cartGuid, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: VISA });
      };
      const first = await place();
      const res = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/current/orders/${first.code}/cancel`, headers: { authorization: friend.auth } });
      expect(res.statusCode).toBe(200);
      expect(await referralRow(code)).toMatchObject({ status: 'sent', order_code: null });
      const second = await place();
      expect(second.appliedCoupons).toEqual([code]);
      expect(await referralRow(code)).toMatchObject({ status: 'used', order_code: second.code });
    });

    it('a declined payment gives the referral back (sent) and the friend can use it again', async () => {
      const { email, code } = await referred();
      const p = await prepareWithCoupons(api, { coupons: [code], email, products: [{ code: COFFEE, qty: 2 }] });
      await expect(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: DECLINED })).rejects.toSatisfy(isApiError);
      expect(await referralRow(code)).toMatchObject({ status: 'sent', order_code: null });
      const p2 = await prepareWithCoupons(api, { coupons: [code], email, products: [{ code: COFFEE, qty: 2 }] });
      const order = await api.placeOrder('usb2c', p2.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p2.paymentIntentId, paymentMethod: VISA });
      expect(order.appliedCoupons).toEqual([code]);
    });

    it(`${CONCURRENT} concurrent placements by the friend with the coupon: exactly one redeems it`, async () => {
      const { email, code } = await referred();
      const prepared = [];
      for (let i = 0; i < CONCURRENT; i++) prepared.push(await prepareWithCoupons(api, { coupons: [code], email, products: [{ code: COFFEE, qty: 2 }] }));
      const results = await Promise.allSettled(prepared.map((p) => api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA })));
      const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      expect(won).toHaveLength(1);
      for (const e of lost) expect(isApiError(e) && [e.status, e.errors[0]?.type, e.reason]).toEqual([400, 'CouponError', 'couponUsedUp']);
      const orders = await t.dbh.db.selectFrom('orders').select('code').where('cart_guid', 'in', prepared.map((p) => p.cartGuid)).execute();
      expect(orders).toEqual([{ code: won[0]!.code }]);
      expect(await referralRow(code)).toMatchObject({ status: 'used', order_code: won[0]!.code });
      const coupon = await t.dbh.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow();
      expect(Number(coupon.used_count)).toBe(1);
    });
  });

  describe('referralOrderShipped', () => {
    async function usedReferral(): Promise<{ referrer: Member; orderCode: string; code: string }> {
      const referrer = await member();
      const email = friendEmail('ship');
      await referrer.referrals.submitReferral('usb2c', { email });
      const code = await couponOf(email);
      const p = await prepareWithCoupons(api, { coupons: [code], email, products: [{ code: COFFEE, qty: 2 }] });
      const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      return { referrer, orderCode: order.code, code };
    }
    const event = (orderCode: string, complete = true) => ({
      orderCode,
      baseSite: 'usb2c' as const,
      userId: null,
      consignmentCode: `c-${randomUUID().slice(0, 6)}`,
      entries: [{ entryNumber: 0, quantity: 2 }],
      complete,
      shippedAt: new Date(),
    });

    it('grants the referrer 1000 points once, even when called twice; the list shows rewarded', async () => {
      const { referrer, orderCode, code } = await usedReferral();
      const grants: ReferralPointsGrant[] = [];
      const award = async (_trx: Executor, g: ReferralPointsGrant) => {
        grants.push(g);
      };
      await withTransaction(t.dbh, (trx) => referralOrderShipped(trx, event(orderCode, false), award));
      await withTransaction(t.dbh, (trx) => referralOrderShipped(trx, event(orderCode, true), award));
      expect(grants).toEqual([{ userId: referrer.id, baseSite: 'usb2c', points: 1000, reason: 'referral', orderCode }]);
      expect(await referralRow(code)).toMatchObject({ status: 'rewarded', reward_points: 1000 });
      const listed = (await referrer.referrals.listReferrals('usb2c')).referrals[0];
      expect(listed).toMatchObject({ status: 'rewarded', rewardPoints: 1000 });
      expect(listed?.rewardedAt).toBeTruthy();
    });

    it('concurrent shipped events grant once; an order without a referral grants nothing', async () => {
      const { orderCode } = await usedReferral();
      let grants = 0;
      const award = async () => {
        grants++;
      };
      await Promise.all(Array.from({ length: 5 }, () => withTransaction(t.dbh, (trx) => referralOrderShipped(trx, event(orderCode), award)).catch(() => undefined)));
      expect(grants).toBe(1);
      const p = await prepareCheckout(api);
      const plain = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      await withTransaction(t.dbh, (trx) => referralOrderShipped(trx, event(plain.code), award));
      expect(grants).toBe(1);
    });

    it('an award that fails rolls the reward back (the next shipped event grants it)', async () => {
      const { orderCode, code } = await usedReferral();
      await expect(
        withTransaction(t.dbh, (trx) =>
          referralOrderShipped(trx, event(orderCode), async () => {
            throw new Error('ledger down');
          }),
        ),
      ).rejects.toThrow('ledger down');
      expect((await referralRow(code)).status).toBe('used');
      let grants = 0;
      await withTransaction(t.dbh, (trx) =>
        referralOrderShipped(trx, event(orderCode), async () => {
          grants++;
        }),
      );
      expect(grants).toBe(1);
    });
  });
});
