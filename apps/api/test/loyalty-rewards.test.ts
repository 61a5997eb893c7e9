/**
 * Perks rewards (issue 12; ADR 0028 amendment "Rewards"): the catalogue and best sellers, apply /
 * remove / swap on the cart (one reward per cart, cart totals, sessionCartCount), every refusal
 * (400 naming the field, NUL bytes, 3 KB strings, 403, 404, 409, 422) with nothing changed, and the
 * points through an order: held at placement, redeemed when paid, released when the payment fails
 * or the order is cancelled; 50 concurrent placements and applications never overspend — on SQLite
 * and PostgreSQL. The main path earns its points through the operator's ship call.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, createLoyaltyClient, createRewardClient, isApiError, type LoyaltyCalls, type RewardCalls } from '@store/contracts';
import { dbKinds, TEST_BASE_URL, type TestApp } from '@store/testing';
import { createMailer } from '../src/email/mailer.ts';
import type { CommerceContext } from '../src/flows/context.ts';
import { IDEMPOTENCY_LEASE_MS, placeOrder, reconcilePendingOrder } from '../src/flows/place-order.ts';
import { TestPaymentProvider, type PaymentProvider } from '../src/payments/index.ts';
import { ADDRESSES, expectApiError, newKey, placeCustomerOrder, signUpCustomer, type TestCustomer } from './support/commerce.ts';
import { buildOperatorApp } from './support/operator.ts';

interface OccBody {
  errors: Array<{ type: string; reason?: string; subject?: string; message: string }>;
}

const silent = { info() {}, warn() {}, error() {} };
const DAY = 86_400_000;
const COFFEE_24 = 'BH-SIGNATURE-DARK-24';

describe.each(dbKinds())('Perks rewards (issue 12) on %s', (kind) => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    ({ t, operator } = await buildOperatorApp(kind));
  });
  afterAll(async () => {
    await t?.close();
  });

  const core = (c: TestCustomer) => createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken });
  const rewardsOf = (c: TestCustomer): RewardCalls => createRewardClient(core(c));
  const loyaltyOf = (c: TestCustomer): LoyaltyCalls => createLoyaltyClient(core(c));
  const call = (method: 'GET' | 'POST', site: string, path: string, auth: string | null, payload?: unknown) =>
    t.app.inject({ method, url: `/rest/v2/${site}/users/${path}`, headers: auth ? { authorization: auth } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A member of `site` with `points` available (written to the test database like other tests change it). */
  async function member(points: number, site = 'usb2c'): Promise<TestCustomer> {
    const c = await signUpCustomer(t);
    await loyaltyOf(c).signUp(site, { acceptTerms: true });
    if (points > 0) await give(c, points, site);
    return c;
  }
  async function give(c: TestCustomer, points: number, site = 'usb2c'): Promise<void> {
    const now = Date.now();
    await t.dbh.db
      .insertInto('loyalty_ledger')
      .values({ id: `lp_test_${randomUUID()}`, user_id: c.id, base_site: site, kind: 'earned', bucket: 'available', points, order_code: null, entry_number: null, quantity: null, consignment_code: null, reason: 'test', idem_key: null, created_at: new Date(now - 1000).toISOString(), expires_at: new Date(now + 300 * DAY).toISOString() })
      .execute();
  }
  /** The customer's cart with `products`, address, standard delivery, billing (no intent). */
  async function cartOf(c: TestCustomer, site = 'usb2c', products: Array<{ code: string; qty: number }> = [{ code: COFFEE_24, qty: 2 }], mode: 'standard' | 'expedited' = 'standard'): Promise<string> {
    let guid: string | undefined;
    for (const p of products) guid = (await c.commerce.addToCart(site, { productCode: p.code, qty: p.qty, ...(guid ? { cartGuid: guid } : {}) })).cartGuid;
    if (!guid) throw new Error('no cart');
    await c.commerce.setDeliveryAddress(site, guid, site === 'cab2c' ? ADDRESSES.QC : ADDRESSES.NY);
    await c.commerce.setDeliveryMode(site, guid, mode);
    await c.commerce.setBillingAddress(site, guid, { sameAsShipping: true });
    return guid;
  }
  async function place(c: TestCustomer, guid: string, site = 'usb2c', card = '4242424242424242') {
    const intent = await c.commerce.createPaymentIntent(site, guid);
    return c.commerce.placeOrder(site, guid, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: { testCardNumber: card } });
  }
  const rewardOfCart = async (guid: string) => (await t.dbh.db.selectFrom('carts').select('loyalty_reward_code').where('guid', '=', guid).executeTakeFirstOrThrow()).loyalty_reward_code ?? null;
  const ledger = (c: TestCustomer) => t.dbh.db.selectFrom('loyalty_ledger').selectAll().where('user_id', '=', c.id).orderBy('created_at').execute();

  it('the catalogue: seeded per site, affordability for the member, BASIC/FULL, CAD and French on cab2c', async () => {
    const outsider = await signUpCustomer(t);
    const none = await rewardsOf(outsider).getRewards('usb2c');
    expect(none).toMatchObject({ enrolled: false, availablePoints: 0 });
    expect(none.rewards.map((r) => [r.code, r.points])).toEqual([['OFF-5', 1000], ['OFF-10', 1800], ['FREE-SHIP', 800], ['FREE-BOX-24', 2500]]);
    expect(none.rewards.every((r) => !r.affordable)).toBe(true);

    const c = await member(1000);
    const basic = await rewardsOf(c).getRewards('usb2c');
    expect(basic.availablePoints).toBe(1000);
    const by = new Map(basic.rewards.map((r) => [r.code, r]));
    expect(by.get('OFF-5')).toMatchObject({ affordable: true, pointsShort: 0, amount: { value: 5, currencyIso: 'USD' }, variantCode: null });
    expect(by.get('OFF-10')).toMatchObject({ affordable: false, pointsShort: 800 });
    expect(by.get('FREE-SHIP')).toMatchObject({ affordable: true, kind: 'freeShipping', amount: null });
    expect(by.get('FREE-BOX-24')?.variantCode).toBeNull();
    const full = await rewardsOf(c).getRewards('usb2c', { fields: 'FULL' });
    expect(full.rewards.find((r) => r.code === 'FREE-BOX-24')?.variantCode).toBe(COFFEE_24);

    const ca = await member(0, 'cab2c');
    const fr = await rewardsOf(ca).getRewards('cab2c', { lang: 'fr' });
    const off5 = fr.rewards.find((r) => r.code === 'OFF-5');
    expect(off5?.amount).toMatchObject({ currencyIso: 'CAD', value: 5 });
    expect(off5?.amount?.formattedValue).toBe('5,00\u00a0$');
    expect(off5?.name).toBe('5,00 $ CA de rabais sur votre commande');
  });

  it('best sellers: most redeemed first, page size 28 by default, paged; bad paging answers 400 naming the field', async () => {
    const c = await member(3000);
    const guid = await cartOf(c);
    await rewardsOf(c).applyLoyaltyReward('usb2c', guid, { rewardCode: 'FREE-SHIP' });
    await place(c, guid);
    const list = await rewardsOf(c).getRewardBestSellers('usb2c');
    expect(list.pagination).toMatchObject({ currentPage: 0, pageSize: 28, totalResults: 4, totalPages: 1 });
    expect(list.rewards[0]).toMatchObject({ code: 'FREE-SHIP', affordable: true });
    expect(list.rewards[0]?.redemptions).toBeGreaterThanOrEqual(1);
    const second = await rewardsOf(c).getRewardBestSellers('usb2c', { currentPage: 1, pageSize: 3 });
    expect(second.rewards).toHaveLength(1);
    expect(second.pagination).toMatchObject({ currentPage: 1, pageSize: 3, totalPages: 2 });
    for (const [q, field] of [['pageSize=0', 'pageSize'], ['pageSize=101', 'pageSize'], ['currentPage=-1', 'currentPage'], ['pageSize=x', 'pageSize'], ['lang=de', 'lang']] as const) {
      const res = await call('GET', 'usb2c', `current/loyalty/rewards/bestSellers?${q}`, c.auth);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<OccBody>().errors[0]?.subject, q).toBe(field);
    }
    const badFields = await call('GET', 'usb2c', 'current/loyalty/rewards?fields=ALL', c.auth);
    expect(badFields.statusCode).toBe(400);
    expect(badFields.json<OccBody>().errors[0]?.subject).toBe('fields');
  });

  it('anonymous gets 403, no token 401, usafh 404 loyaltyDisabled on every rewards call; nothing changed', async () => {
    const c = await member(5000);
    const guid = await cartOf(c);
    const calls: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', 'loyalty/rewards', undefined],
      ['GET', 'loyalty/rewards/bestSellers', undefined],
      ['POST', `carts/${guid}/applyLoyaltyReward`, { rewardCode: 'OFF-5' }],
      ['POST', `carts/${guid}/removeLoyaltyReward`, {}],
      ['POST', `carts/${guid}/swapLoyaltyReward`, { rewardCode: 'OFF-5' }],
    ];
    for (const [method, path, body] of calls) {
      const anon = await call(method, 'usb2c', `anonymous/${path}`, `Bearer ${t.token}`, body);
      expect(anon.statusCode, path).toBe(403);
      expect(anon.json<OccBody>().errors[0]).toMatchObject({ type: 'LoyaltyError', reason: 'customersOnly' });
      expect((await call(method, 'usb2c', `current/${path}`, null, body)).statusCode, path).toBe(401);
      const off = await call(method, 'usafh', `current/${path}`, c.auth, body);
      expect(off.statusCode, path).toBe(404);
      expect(off.json<OccBody>().errors[0]).toMatchObject({ type: 'LoyaltyError', reason: 'loyaltyDisabled' });
    }
    expect(await rewardOfCart(guid)).toBeNull();
  });

  it('bad bodies answer 400 naming the field (missing, NUL byte, 3 KB, wrong type); the cart is unchanged', async () => {
    const c = await member(5000);
    const guid = await cartOf(c);
    const bad: Array<[string, unknown, string]> = [
      ['applyLoyaltyReward', {}, 'rewardCode'],
      ['applyLoyaltyReward', { rewardCode: '' }, 'rewardCode'],
      ['applyLoyaltyReward', { rewardCode: 42 }, 'rewardCode'],
      ['applyLoyaltyReward', { rewardCode: 'OFF-5\u0000' }, 'rewardCode'],
      ['applyLoyaltyReward', { rewardCode: 'x'.repeat(3000) }, 'rewardCode'],
      ['swapLoyaltyReward', { rewardCode: 'OFF\u0000' }, 'rewardCode'],
      ['swapLoyaltyReward', { rewardCode: 'y'.repeat(3000) }, 'rewardCode'],
      ['swapLoyaltyReward', {}, 'rewardCode'],
    ];
    for (const [path, body, field] of bad) {
      const res = await call('POST', 'usb2c', `current/carts/${guid}/${path}`, c.auth, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
      expect(res.json<OccBody>().errors[0]).toMatchObject({ type: 'ValidationError', subject: field });
    }
    const nul = await call('POST', 'usb2c', 'current/carts/cart%00guid/applyLoyaltyReward', c.auth, { rewardCode: 'OFF-5' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json<OccBody>().errors[0]?.subject).toBe('cartGuid');
    // a 3 KB guid in the path: the server's URL limit answers 414 before any route runs
    const long = await call('POST', 'usb2c', `current/carts/${'g'.repeat(3000)}/applyLoyaltyReward`, c.auth, { rewardCode: 'OFF-5' });
    expect(long.statusCode).toBe(414);
    const longer = await call('POST', 'usb2c', `current/carts/${'g'.repeat(200)}/removeLoyaltyReward`, c.auth, {});
    expect(longer.statusCode).toBe(400);
    expect(longer.json<OccBody>().errors[0]?.subject).toBe('cartGuid');
    const lang = await call('POST', 'usb2c', `current/carts/${guid}/applyLoyaltyReward?lang=xx`, c.auth, { rewardCode: 'OFF-5' });
    expect(lang.statusCode).toBe(400);
    expect(lang.json<OccBody>().errors[0]?.subject).toBe('lang');
    expect(await rewardOfCart(guid)).toBeNull();
  });

  it('refusals: unknown reward 404, another shopper’s cart 404, not a member / opted out / short of points 422, twice 409 — nothing changed', async () => {
    const c = await member(900);
    const api = rewardsOf(c);
    const guid = await cartOf(c);
    await expectApiError(api.applyLoyaltyReward('usb2c', guid, { rewardCode: 'NOPE' }), 404, 'rewardNotFound');
    await expectApiError(api.applyLoyaltyReward('usb2c', guid, { rewardCode: 'OFF-5' }), 422, 'insufficientPoints');
    await expectApiError(api.applyLoyaltyReward('usb2c', 'no-such-cart-0000', { rewardCode: 'FREE-SHIP' }), 404, 'notFound');
    await expectApiError(api.swapLoyaltyReward('usb2c', guid, { rewardCode: 'FREE-SHIP' }), 409, 'noRewardApplied');
    await expectApiError(api.removeLoyaltyReward('usb2c', guid), 409, 'noRewardApplied');
    expect(await rewardOfCart(guid)).toBeNull();

    // another member's cart: the same 404 as an unknown cart (IDOR), their cart untouched
    const other = await member(5000);
    const theirs = await cartOf(other);
    await expectApiError(api.applyLoyaltyReward('usb2c', theirs, { rewardCode: 'FREE-SHIP' }), 404, 'notFound');
    await rewardsOf(other).applyLoyaltyReward('usb2c', theirs, { rewardCode: 'OFF-5' });
    await expectApiError(api.removeLoyaltyReward('usb2c', theirs), 404, 'notFound');
    await expectApiError(api.swapLoyaltyReward('usb2c', theirs, { rewardCode: 'FREE-SHIP' }), 404, 'notFound');
    expect(await rewardOfCart(theirs)).toBe('OFF-5');
    // an anonymous cart is not the member's either
    const anonCart = (await t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/users/anonymous/addProductToCart', headers: { authorization: `Bearer ${t.token}` }, payload: { productCode: COFFEE_24, qty: 1 } })).json<{ cartGuid: string }>().cartGuid;
    await expectApiError(api.applyLoyaltyReward('usb2c', anonCart, { rewardCode: 'FREE-SHIP' }), 404, 'notFound');

    // a customer who has not joined; a member who opted out
    const outsider = await signUpCustomer(t);
    const g2 = await cartOf(outsider);
    await expectApiError(rewardsOf(outsider).applyLoyaltyReward('usb2c', g2, { rewardCode: 'FREE-SHIP' }), 422, 'notEnrolled');
    const out = await member(5000);
    await loyaltyOf(out).updatePerksOptInOut('usb2c', { perksOptIn: false });
    const g3 = await cartOf(out);
    await expectApiError(rewardsOf(out).applyLoyaltyReward('usb2c', g3, { rewardCode: 'FREE-SHIP' }), 422, 'optedOut');
    expect([await rewardOfCart(g2), await rewardOfCart(g3)]).toEqual([null, null]);

    // one reward per cart
    await api.applyLoyaltyReward('usb2c', guid, { rewardCode: 'FREE-SHIP' });
    await expectApiError(api.applyLoyaltyReward('usb2c', guid, { rewardCode: 'FREE-SHIP' }), 409, 'rewardAlreadyApplied');
    await expectApiError(api.swapLoyaltyReward('usb2c', guid, { rewardCode: 'OFF-10' }), 422, 'insufficientPoints');
    expect(await rewardOfCart(guid)).toBe('FREE-SHIP');
    expect((await ledger(c)).map((e) => e.kind)).toEqual(['earned']);
  });

  it('apply, swap and remove change the cart totals and answer sessionCartCount; money off never below zero nor on gift cards', async () => {
    const c = await member(5000);
    const api = rewardsOf(c);
    const guid = await cartOf(c);
    const before = await c.commerce.getCart('usb2c', guid);
    const off = await api.applyLoyaltyReward('usb2c', guid, { rewardCode: 'OFF-5' });
    expect(off.sessionCartCount).toBe(2);
    expect(off.cart.appliedLoyaltyReward).toMatchObject({ code: 'OFF-5', kind: 'amountOff', points: 1000, saving: { value: 5 } });
    expect(off.cart.totalDiscounts.value * 100).toBe(before.totalDiscounts.value * 100 + 500);
    expect(Math.round(off.cart.subTotal.value * 100)).toBe(Math.round(before.subTotal.value * 100));
    expect((await c.commerce.getCart('usb2c', guid)).appliedLoyaltyReward?.code).toBe('OFF-5');

    const ship = await api.swapLoyaltyReward('usb2c', guid, { rewardCode: 'FREE-SHIP' });
    expect(ship.cart.appliedLoyaltyReward).toMatchObject({ code: 'FREE-SHIP', kind: 'freeShipping' });
    expect(ship.cart.deliveryCost.value).toBe(0);
    expect(ship.cart.deliveryMode?.isFree).toBe(true);
    expect(ship.cart.totalDiscounts.value).toBe(before.totalDiscounts.value);

    const removed = await api.removeLoyaltyReward('usb2c', guid);
    expect(removed.cart.appliedLoyaltyReward ?? null).toBeNull();
    expect(removed.cart.totalPrice).toEqual(before.totalPrice);
    expect(removed.sessionCartCount).toBe(2);

    // a $10 reward on a cart of a gift card and one cheap line: capped at the non-gift-card goods
    const d = await member(5000);
    const small = await cartOf(d, 'usb2c', [{ code: 'GC-EGIFT-50', qty: 1 }]);
    const capped = await rewardsOf(d).applyLoyaltyReward('usb2c', small, { rewardCode: 'OFF-10' });
    expect(capped.cart.appliedLoyaltyReward?.saving.value).toBe(0);
    expect(capped.cart.totalPrice.value).toBeGreaterThanOrEqual(50);
    expect(capped.cart.totalPrice.value).toBeGreaterThanOrEqual(0);
  });

  it('placement holds the points, payment success redeems them; cancel gives them back', async () => {
    const c = await member(1500);
    const guid = await cartOf(c);
    await rewardsOf(c).applyLoyaltyReward('usb2c', guid, { rewardCode: 'OFF-5' });
    const order = await place(c, guid);
    const summary = await loyaltyOf(c).getLoyalty('usb2c');
    expect(summary.availablePoints).toBe(500);
    const rows = await ledger(c);
    expect(rows.filter((r) => r.order_code === order.code && r.bucket === 'available').map((r) => [r.kind, Number(r.points)])).toEqual([['redeemed', -1000]]);
    expect(await t.dbh.db.selectFrom('order_loyalty_rewards').select(['status', 'points']).where('order_code', '=', order.code).executeTakeFirstOrThrow()).toEqual({ status: 'redeemed', points: 1000 });
    // the order carries the money off
    expect(order.totalDiscounts?.value ?? 5).toBeGreaterThanOrEqual(5);

    const res = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/current/orders/${order.code}/cancel`, headers: { authorization: c.auth } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await loyaltyOf(c).getLoyalty('usb2c')).availablePoints).toBe(1500);
    const after = await ledger(c);
    expect(after.filter((r) => r.order_code === order.code && r.bucket === 'available').map((r) => r.kind).sort()).toEqual(['redeemed', 'released']);
    expect(await t.dbh.db.selectFrom('order_loyalty_rewards').select('status').where('order_code', '=', order.code).executeTakeFirstOrThrow()).toEqual({ status: 'released' });
  });

  it('a declined payment releases the held points; the cart reopens with its reward', async () => {
    const c = await member(1000);
    const guid = await cartOf(c);
    await rewardsOf(c).applyLoyaltyReward('usb2c', guid, { rewardCode: 'OFF-5' });
    await expectApiError(place(c, guid, 'usb2c', '4000000000000002'), 400, 'cardDeclined');
    expect((await loyaltyOf(c).getLoyalty('usb2c')).availablePoints).toBe(1000);
    const kinds = (await ledger(c)).map((r) => [r.kind, Number(r.points)]);
    expect(kinds).toEqual([['earned', 1000], ['held', -1000], ['released', 1000]]);
    expect(await rewardOfCart(guid)).toBe('OFF-5');
    // paid the second time: redeemed once
    const order = await place(c, guid);
    expect((await loyaltyOf(c).getLoyalty('usb2c')).availablePoints).toBe(0);
    expect(order.code).toBeTruthy();
  });

  it('points spent elsewhere between apply and placement: 422 insufficientPoints, nothing changed', async () => {
    const c = await member(1000);
    const guid = await cartOf(c);
    await rewardsOf(c).applyLoyaltyReward('usb2c', guid, { rewardCode: 'OFF-5' });
    await t.dbh.db.insertInto('loyalty_ledger').values({ id: `lp_test_${randomUUID()}`, user_id: c.id, base_site: 'usb2c', kind: 'redeemed', bucket: 'available', points: -500, order_code: null, entry_number: null, quantity: null, consignment_code: null, reason: 'test', idem_key: null, created_at: new Date().toISOString(), expires_at: null }).execute();
    await expectApiError(place(c, guid), 422, 'insufficientPoints');
    expect((await t.dbh.db.selectFrom('carts').select('status').where('guid', '=', guid).executeTakeFirstOrThrow()).status).toBe('open');
    expect((await ledger(c)).length).toBe(2);
    expect(await t.dbh.db.selectFrom('orders').select('code').where('cart_guid', '=', guid).execute()).toEqual([]);
  });

  it('a free product reward adds the product at price 0 to the order; free shipping needs standard delivery', async () => {
    const c = await member(5000);
    const guid = await cartOf(c, 'usb2c', [{ code: 'BH-SIGNATURE-DARK-48', qty: 1 }]);
    const applied = await rewardsOf(c).applyLoyaltyReward('usb2c', guid, { rewardCode: 'FREE-BOX-24' });
    expect(applied.cart.appliedLoyaltyReward).toMatchObject({ kind: 'freeProduct', variantCode: COFFEE_24 });
    // it saves the box's displayed price
    const box = await c.commerce.addToCart('usb2c', { productCode: COFFEE_24, qty: 1, cartGuid: guid });
    const withBox = await c.commerce.getCart('usb2c', guid);
    const boxLine = withBox.entries.find((e) => e.entryNumber === box.entry?.entryNumber) ?? withBox.entries.find((e) => e.product.code === COFFEE_24);
    expect(applied.cart.appliedLoyaltyReward?.saving.value).toBeGreaterThan(0);
    expect(applied.cart.appliedLoyaltyReward?.saving.value).toBe(boxLine?.basePrice.value);
    await c.commerce.removeEntry('usb2c', guid, boxLine?.entryNumber ?? -1);
    const order = await place(c, guid);
    const gift = order.entries.find((e) => e.product.code === COFFEE_24 && e.totalPrice.value === 0);
    expect(gift).toBeTruthy();
    expect(gift?.totalPrice.value).toBe(0);
    expect((await loyaltyOf(c).getLoyalty('usb2c')).availablePoints).toBe(2500);

    const d = await member(1000);
    const g2 = await cartOf(d, 'usb2c', [{ code: COFFEE_24, qty: 1 }], 'expedited');
    const ship = await rewardsOf(d).applyLoyaltyReward('usb2c', g2, { rewardCode: 'FREE-SHIP' });
    expect(ship.cart.deliveryCost.value).toBeGreaterThan(0);
    await expectApiError(place(d, g2), 422, 'rewardNotApplicable');
    expect((await loyaltyOf(d).getLoyalty('usb2c')).availablePoints).toBe(1000);
  });

  it('50 concurrent placements spending the same points never overspend; 50 concurrent applications leave one reward', async () => {
    const c = await member(2000);
    const guids: string[] = [];
    const intents: string[] = [];
    for (let i = 0; i < 50; i++) {
      const guid = await cartOf(c, 'usb2c', [{ code: COFFEE_24, qty: 1 }]);
      await rewardsOf(c).applyLoyaltyReward('usb2c', guid, { rewardCode: 'OFF-5' });
      intents.push((await c.commerce.createPaymentIntent('usb2c', guid)).paymentIntentId);
      guids.push(guid);
      // park it so that the next addToCart opens a new cart for the same customer
      await t.dbh.db.updateTable('carts').set({ status: 'merged' }).where('guid', '=', guid).execute();
    }
    await t.dbh.db.updateTable('carts').set({ status: 'open' }).where('guid', 'in', guids).execute();
    const results = await Promise.allSettled(
      guids.map((guid, i) => c.commerce.placeOrder('usb2c', guid, { idempotencyKey: newKey(), paymentIntentId: intents[i] ?? '', paymentMethod: { testCardNumber: '4242424242424242' } })),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(placed).toHaveLength(2);
    for (const r of refused) {
      expect(isApiError(r.reason) ? [r.reason.status, r.reason.reason] : String(r.reason)).toEqual([422, 'insufficientPoints']);
    }
    const rows = await ledger(c);
    const available = rows.filter((r) => r.bucket === 'available').reduce((s, r) => s + Number(r.points), 0);
    expect(available).toBe(0);
    expect(rows.filter((r) => r.kind === 'redeemed')).toHaveLength(2);
    let running = 0;
    for (const r of rows.filter((x) => x.bucket === 'available')) {
      running += Number(r.points);
      expect(running).toBeGreaterThanOrEqual(0);
    }

    // 50 concurrent applications on one cart: one wins, the rest 409, one reward on the cart
    const d = await member(5000);
    const guid = await cartOf(d);
    const codes = ['OFF-5', 'OFF-10', 'FREE-SHIP'];
    const tries = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => rewardsOf(d).applyLoyaltyReward('usb2c', guid, { rewardCode: codes[i % 3] ?? 'OFF-5' })));
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of tries) if (r.status === 'rejected') expect(isApiError(r.reason) && r.reason.status).toBe(409);
    expect(codes).toContain(await rewardOfCart(guid));
  });

  describe('a placement cut off between reservation and payment (the pending-order sweeper)', () => {
    function context(payments: PaymentProvider, now: () => Date = () => new Date()): CommerceContext {
      return { dbh: t.dbh, payments, mailer: createMailer({ MAIL_FROM: 'test@example.com', OUTBOX_DIR: join(tmpdir(), 'store-test-outbox', `rw-${kind}-${Date.now()}`) }, silent), log: silent, now };
    }
    const afterLease = () => new Date(Date.now() + IDEMPOTENCY_LEASE_MS + 1000);
    /** A provider whose confirm call fails: `charged` says whether the charge went through first. */
    function lostAnswer(charged: boolean): PaymentProvider {
      const real = new TestPaymentProvider(t.dbh.db);
      return {
        name: 'test',
        createIntent: (i) => real.createIntent(i),
        updateAmount: (id, a, c) => real.updateAmount(id, a, c),
        cancel: (id) => real.cancel(id),
        async confirm(id, pm, opts) {
          if (charged) await real.confirm(id, pm, opts);
          throw new Error('socket hang up');
        },
        async status() {
          throw new Error('provider unreachable');
        },
      };
    }

    for (const charged of [true, false]) {
      it(charged ? 'charged: the sweeper places the order and the held points become redeemed' : 'never charged: the sweeper releases the order and gives the held points back', async () => {
        const c = await member(1000);
        const guid = await cartOf(c);
        await rewardsOf(c).applyLoyaltyReward('usb2c', guid, { rewardCode: 'OFF-5' });
        const intent = await c.commerce.createPaymentIntent('usb2c', guid);
        await expect(
          placeOrder(context(lostAnswer(charged)), { site: 'usb2c', cartGuid: guid, idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' }, shopper: { userId: c.id, email: c.email } }),
        ).rejects.toThrow();
        const pending = await t.dbh.db.selectFrom('orders').select('code').where('cart_guid', '=', guid).executeTakeFirstOrThrow();
        expect((await ledger(c)).map((r) => r.kind)).toEqual(['earned', 'held']);
        expect(await reconcilePendingOrder(context(new TestPaymentProvider(t.dbh.db), afterLease), pending.code)).toBe(charged ? 'created' : 'released');
        const kinds = (await ledger(c)).filter((r) => r.bucket === 'available').map((r) => r.kind);
        expect(kinds).toEqual(charged ? ['earned', 'redeemed'] : ['earned', 'held', 'released']);
        expect((await loyaltyOf(c).getLoyalty('usb2c')).availablePoints).toBe(charged ? 0 : 1000);
      });
    }
  });

  it('the main path: points earned through the operator ship call pay for a reward in the next cart', async () => {
    const c = await member(0);
    const { order } = await placeCustomerOrder(c, { products: [{ code: 'BH-SIGNATURE-DARK-96', qty: 3 }] });
    const before = await rewardsOf(c).getRewards('usb2c');
    expect(before.availablePoints).toBe(0);
    const shipped = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/orders/${order.code}/consignments`, headers: { authorization: operator }, payload: { trackingNumber: '1Z999AA10123456784' } });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const after = await rewardsOf(c).getRewards('usb2c');
    expect(after.availablePoints).toBeGreaterThanOrEqual(800);
    const guid = await cartOf(c);
    const applied = await rewardsOf(c).applyLoyaltyReward('usb2c', guid, { rewardCode: 'FREE-SHIP' });
    expect(applied.cart.deliveryCost.value).toBe(0);
    await place(c, guid);
    expect((await loyaltyOf(c).getLoyalty('usb2c')).availablePoints).toBe(after.availablePoints - 800);
  });
});
