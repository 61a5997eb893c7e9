/**
 * Gift cards through HTTP (issue 4; ADR 0010 "Gift cards") on every database kind: the cart calls
 * (validate, apply, apply-value, remove) with their happy paths and every error reason, the cart's
 * gift-card fields (also on `GET carts/{guid}?fields=SPC&redeemedGCvalue`), the code-guessing rate
 * limit (429 + Retry-After, per cart and per client address), and placement: a card paying part
 * of an order and the test card the rest, a card paying everything without any payment intent, a
 * declined card releasing the hold, a balance that dropped (409), reconciliation of a gift-card-only
 * pending order, and the cancel call refunding gift card and card. After each money movement
 * Σ ledger == balance.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CommerceCalls, PriceData } from '@store/contracts';
import { findOrder, giftCardLedgerSum, insertGiftCard, listGiftCardLedger, type DbHandle } from '@store/db';
import { formatGiftCardCode, generateGiftCardCode } from '@store/domain';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { createMailer } from '../src/email/mailer.ts';
import type { CommerceContext } from '../src/flows/context.ts';
import { reconcilePendingOrder } from '../src/flows/place-order.ts';
import { TestPaymentProvider } from '../src/payments/index.ts';
import { commerce, expectApiError, newKey, prepareCheckout, signUpCustomer, stockOf, type TestCustomer } from './support/commerce.ts';

const COFFEE_24 = 'BH-SIGNATURE-DARK-24';
const VISA = { testCardNumber: '4242424242424242' };
const DECLINED = { testCardNumber: '4000000000000002' };
const silent = { info() {}, warn() {}, error() {} };

/** Minor units of a price (test-side reading only). */
function minor(p: PriceData): number {
  return Math.round(p.value * 100);
}

/** A new card straight in the database; answers its id and its printed code. */
async function newCard(dbh: DbHandle, opts: { site?: string; currency?: string; amountMinor?: number; expiresAt?: string | null } = {}): Promise<{ id: string; code: string }> {
  const code = generateGiftCardCode((n) => randomBytes(n));
  const card = await insertGiftCard(dbh.db, {
    code,
    baseSite: opts.site ?? 'usb2c',
    currency: opts.currency ?? 'USD',
    amountMinor: opts.amountMinor ?? 5000,
    expiresAt: opts.expiresAt ?? null,
    now: new Date().toISOString(),
  });
  return { id: card.id, code: formatGiftCardCode(code) };
}

async function balanceOf(dbh: DbHandle, id: string): Promise<number> {
  const r = await dbh.db.selectFrom('gift_cards').select('balance_minor').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(r.balance_minor);
}

/** Asserts the ledger invariant of a card and answers its balance. */
async function expectLedgerMatches(dbh: DbHandle, id: string): Promise<number> {
  const balance = await balanceOf(dbh, id);
  expect(await giftCardLedgerSum(dbh.db, id)).toBe(balance);
  return balance;
}

async function ledgerKinds(dbh: DbHandle, id: string): Promise<string[]> {
  return (await listGiftCardLedger(dbh.db, id)).map((r) => `${r.kind}:${Number(r.amount_minor)}`);
}

describe.each(dbKinds())('gift cards on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    // every test starts with fresh guessing counters (they are per client address, and inject uses one)
    await t.dbh.db.deleteFrom('rate_limit_hits').execute();
  });

  async function cartWith(products = [{ code: COFFEE_24, qty: 1 }], site = 'usb2c'): Promise<string> {
    let guid: string | undefined;
    for (const p of products) guid = (await api.addToCart(site, { productCode: p.code, qty: p.qty, ...(guid ? { cartGuid: guid } : {}) })).cartGuid;
    if (!guid) throw new Error('no product');
    return guid;
  }

  describe('cart calls', () => {
    it('validate answers the masked code and the balance without changing the cart; any spelling of the code works', async () => {
      const card = await newCard(t.dbh, { amountMinor: 2500 });
      const guid = await cartWith();
      const v = await api.validateGiftCard('usb2c', guid, card.code.toLowerCase().replace(/-/g, ' '));
      expect(v).toEqual({ giftCardId: card.id, maskedCode: `•••• ${card.code.slice(-4)}`, balance: { value: 25, formattedValue: '$25.00', currencyIso: 'USD' }, valid: true });
      expect((await api.getCart('usb2c', guid)).appliedGiftCards).toEqual([]);
      // empty and expired cards are reported, not applied
      const empty = await newCard(t.dbh, { amountMinor: 0 });
      expect(await api.validateGiftCard('usb2c', guid, empty.code)).toMatchObject({ giftCardId: empty.id, valid: false, balance: { value: 0 } });
      const expired = await newCard(t.dbh, { expiresAt: '2020-01-01T00:00:00.000Z' });
      expect(await api.validateGiftCard('usb2c', guid, expired.code)).toMatchObject({ valid: false, balance: { value: 50 } });
    });

    it('validate errors: unknown and malformed codes are the same 404; another currency; a missing code', async () => {
      const guid = await cartWith();
      const unknown = await expectApiError(api.validateGiftCard('usb2c', guid, formatGiftCardCode(generateGiftCardCode((n) => randomBytes(n)))), 404, 'giftCardNotFound');
      const malformed = await expectApiError(api.validateGiftCard('usb2c', guid, 'hello'), 404, 'giftCardNotFound');
      expect(malformed.errors).toEqual(unknown.errors);
      expect(unknown.errors[0]).toMatchObject({ type: 'GiftCardError', subject: 'giftCardCode' });
      const cad = await newCard(t.dbh, { site: 'cab2c', currency: 'CAD' });
      await expectApiError(api.validateGiftCard('usb2c', guid, cad.code), 400, 'giftCardCurrency');
      const res = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/anonymous/carts/${guid}/giftcard/validate`, headers: { authorization: `Bearer ${t.token}` }, payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ type: 'ValidationError', reason: 'required', subject: 'giftCardCode' }] });
    });

    it('apply puts the card on the cart: redeemedGCvalue and amountToPay follow the total, also on GET ?fields=SPC&redeemedGCvalue', async () => {
      const card = await newCard(t.dbh, { amountMinor: 1000 });
      const guid = await cartWith([{ code: COFFEE_24, qty: 2 }]);
      const cart = await api.applyGiftCard('usb2c', guid, card.code);
      const total = minor(cart.totalPrice);
      expect(cart.appliedGiftCards).toEqual([
        { giftCardId: card.id, maskedCode: `•••• ${card.code.slice(-4)}`, balance: { value: 10, formattedValue: '$10.00', currencyIso: 'USD' }, requestedAmount: null, appliedAmount: { value: 10, formattedValue: '$10.00', currencyIso: 'USD' } },
      ]);
      expect(minor(cart.redeemedGCvalue)).toBe(1000);
      expect(minor(cart.amountToPay)).toBe(total - 1000);
      // applying again changes nothing
      expect((await api.applyGiftCard('usb2c', guid, card.code)).appliedGiftCards).toHaveLength(1);
      const res = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/anonymous/carts/${guid}?fields=SPC&redeemedGCvalue`, headers: { authorization: `Bearer ${t.token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ redeemedGCvalue: { value: 10 }, amountToPay: { value: (total - 1000) / 100 }, appliedGiftCards: [{ giftCardId: card.id }] });
      // the card never pays more than the total: a big card pays exactly the total, a second one nothing
      const big = await newCard(t.dbh, { amountMinor: 100000 });
      const both = await api.applyGiftCard('usb2c', guid, big.code);
      expect(both.appliedGiftCards.map((c) => minor(c.appliedAmount))).toEqual([1000, total - 1000]);
      expect(minor(both.amountToPay)).toBe(0);
      const bigOnly = await api.removeGiftCard('usb2c', guid, card.id);
      expect(bigOnly.appliedGiftCards.map((c) => minor(c.appliedAmount))).toEqual([total]);
    });

    it('apply errors: empty, expired, another currency, unknown, and more than 5 cards', async () => {
      const guid = await cartWith();
      await expectApiError(api.applyGiftCard('usb2c', guid, (await newCard(t.dbh, { amountMinor: 0 })).code), 400, 'giftCardEmpty');
      await expectApiError(api.applyGiftCard('usb2c', guid, (await newCard(t.dbh, { expiresAt: '2020-01-01T00:00:00.000Z' })).code), 400, 'giftCardExpired');
      await expectApiError(api.applyGiftCard('usb2c', guid, (await newCard(t.dbh, { site: 'cab2c', currency: 'CAD' })).code), 400, 'giftCardCurrency');
      await expectApiError(api.applyGiftCard('usb2c', guid, 'ABCD-EFGH-JKMN-PQRS'), 404, 'giftCardNotFound');
      for (let i = 0; i < 5; i++) await api.applyGiftCard('usb2c', guid, (await newCard(t.dbh, { amountMinor: 100 })).code);
      const err = await expectApiError(api.applyGiftCard('usb2c', guid, (await newCard(t.dbh)).code), 400, 'giftCardLimit');
      expect(err.errors[0]).toMatchObject({ type: 'GiftCardError', message: 'At most 5 gift cards can pay one order' });
      expect((await api.getCart('usb2c', guid)).appliedGiftCards).toHaveLength(5);
    });

    it('apply-value uses part of a balance; too much, an unknown card or a bad amount are refused; null gives it all again', async () => {
      const card = await newCard(t.dbh, { amountMinor: 1500 });
      const guid = await cartWith([{ code: COFFEE_24, qty: 2 }]);
      await api.applyGiftCard('usb2c', guid, card.code);
      const part = await api.applyGiftCardValue('usb2c', guid, card.id, 700);
      expect(part.appliedGiftCards[0]).toMatchObject({ requestedAmount: { value: 7 }, appliedAmount: { value: 7 }, balance: { value: 15 } });
      expect(minor(part.amountToPay)).toBe(minor(part.totalPrice) - 700);
      await expectApiError(api.applyGiftCardValue('usb2c', guid, card.id, 1501), 400, 'amountTooHigh');
      await expectApiError(api.applyGiftCardValue('usb2c', guid, 'not-on-this-cart', 100), 404, 'giftCardNotFound');
      const bad = await t.app.inject({ method: 'PUT', url: `/rest/v2/usb2c/users/anonymous/carts/${guid}/giftcard/apply-value`, headers: { authorization: `Bearer ${t.token}` }, payload: { giftCardId: card.id, amount: -5 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ errors: [{ reason: 'invalidAmount', subject: 'amount' }] });
      const all = await api.applyGiftCardValue('usb2c', guid, card.id, null);
      expect(all.appliedGiftCards[0]).toMatchObject({ requestedAmount: null, appliedAmount: { value: 15 } });
    });

    it('remove takes the card off (DELETE or POST); removing it again is 404', async () => {
      const card = await newCard(t.dbh);
      const guid = await cartWith();
      await api.applyGiftCard('usb2c', guid, card.code);
      const after = await api.removeGiftCard('usb2c', guid, card.id);
      expect(after.appliedGiftCards).toEqual([]);
      expect(after.amountToPay).toEqual(after.totalPrice);
      await expectApiError(api.removeGiftCard('usb2c', guid, card.id), 404, 'giftCardNotFound');
      await api.applyGiftCard('usb2c', guid, card.code);
      const viaPost = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/anonymous/carts/${guid}/giftcard/remove/${card.id}`, headers: { authorization: `Bearer ${t.token}` } });
      expect(viaPost.statusCode).toBe(200);
      expect(viaPost.json()).toMatchObject({ appliedGiftCards: [] });
    });

    it('gift cards never pay for gift-card products', async () => {
      const card = await newCard(t.dbh, { amountMinor: 100000 });
      const guid = await cartWith([
        { code: 'GC-EGIFT-50', qty: 1 },
        { code: COFFEE_24, qty: 1 },
      ]);
      const cart = await api.applyGiftCard('usb2c', guid, card.code);
      expect(minor(cart.redeemedGCvalue)).toBe(minor(cart.totalPrice) - 5000);
      expect(minor(cart.amountToPay)).toBe(5000);
    });

    it("someone else's cart answers the cart 404 and counts no guess", async () => {
      const c = await signUpCustomer(t);
      const theirs = (await c.commerce.addToCart('usb2c', { productCode: COFFEE_24, qty: 1 })).cartGuid;
      await expectApiError(api.applyGiftCard('usb2c', theirs, 'ABCD-EFGH-JKMN-PQRS'), 404, 'notFound');
      const mine = await cartWith();
      await expectApiError(c.commerce.validateGiftCard('usb2c', mine, 'ABCD-EFGH-JKMN-PQRS'), 404, 'notFound');
      const hits = await t.dbh.db.selectFrom('rate_limit_hits').selectAll().where('key', 'like', 'giftcard:%').execute();
      expect(hits).toEqual([]);
      // the customer uses their own cart through users/current
      const card = await newCard(t.dbh);
      expect((await c.commerce.applyGiftCard('usb2c', theirs, card.code)).appliedGiftCards).toHaveLength(1);
    });
  });

  describe('code guessing', () => {
    function inject(method: 'POST', url: string, body: object, remoteAddress: string) {
      return t.app.inject({ method, url, remoteAddress, headers: { authorization: `Bearer ${t.token}` }, payload: body });
    }
    const wrong = () => formatGiftCardCode(generateGiftCardCode((n) => randomBytes(n)));

    it('10 wrong codes on one cart, then 429 with Retry-After, even for a right code; right codes never count', async () => {
      const card = await newCard(t.dbh);
      const guid = await cartWith();
      const url = `/rest/v2/usb2c/users/anonymous/carts/${guid}/giftcard/validate`;
      for (let i = 0; i < 15; i++) expect((await inject('POST', url, { giftCardCode: card.code }, '10.1.0.1')).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) {
        const res = await inject('POST', i % 2 ? url : url.replace('/validate', '/apply'), { giftCardCode: wrong() }, '10.1.0.1');
        expect(res.statusCode).toBe(404);
      }
      const limited = await inject('POST', url, { giftCardCode: card.code }, '10.1.0.1');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(limited.json()).toEqual({ errors: [{ type: 'TooManyAttemptsError', reason: 'tooManyAttempts', message: 'Too many attempts. Please try again later.' }] });
      expect((await inject('POST', url.replace('/validate', '/apply'), { giftCardCode: card.code }, '10.1.0.2')).statusCode).toBe(429);
      // another cart from another address is not affected
      const other = await cartWith();
      expect((await inject('POST', `/rest/v2/usb2c/users/anonymous/carts/${other}/giftcard/validate`, { giftCardCode: card.code }, '10.1.0.3')).statusCode).toBe(200);
    });

    it('20 wrong codes from one address over several carts, then 429 on a fresh cart', async () => {
      const card = await newCard(t.dbh);
      for (let c = 0; c < 3; c++) {
        const guid = await cartWith();
        for (let i = 0; i < (c < 2 ? 9 : 2); i++) {
          expect((await inject('POST', `/rest/v2/usb2c/users/anonymous/carts/${guid}/giftcard/validate`, { giftCardCode: wrong() }, '10.2.0.1')).statusCode).toBe(404);
        }
      }
      const fresh = await cartWith();
      const res = await inject('POST', `/rest/v2/usb2c/users/anonymous/carts/${fresh}/giftcard/apply`, { giftCardCode: card.code }, '10.2.0.1');
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      // the fresh cart's own counter was given back: from another address it works
      expect((await inject('POST', `/rest/v2/usb2c/users/anonymous/carts/${fresh}/giftcard/apply`, { giftCardCode: card.code }, '10.2.0.2')).statusCode).toBe(200);
    });
  });

  describe('placing orders', () => {
    it('a gift card pays part of the order and the test card the rest (the intent is charged the remainder)', async () => {
      const card = await newCard(t.dbh, { amountMinor: 1000 });
      const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 2 }] });
      const cart = await api.applyGiftCard('usb2c', p.cartGuid, card.code);
      const total = minor(cart.totalPrice);
      const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      expect(order.status).toBe('created');
      expect(order.giftCardPayments).toEqual([{ giftCardId: card.id, maskedCode: `•••• ${card.code.slice(-4)}`, amount: { value: 10, formattedValue: '$10.00', currencyIso: 'USD' } }]);
      expect(minor(order.amountPaidByCard)).toBe(total - 1000);
      expect(order.paymentInfo).toMatchObject({ provider: 'test', brand: 'visa', last4: '4242' });
      const intent = await t.dbh.db.selectFrom('payment_intents').selectAll().where('id', '=', p.paymentIntentId).executeTakeFirstOrThrow();
      expect({ status: intent.status, amount: Number(intent.amount_minor) }).toEqual({ status: 'succeeded', amount: total - 1000 });
      expect(await expectLedgerMatches(t.dbh, card.id)).toBe(0);
      expect(await ledgerKinds(t.dbh, card.id)).toEqual(['issue:1000', 'hold:1000', 'redeem:1000']);
      const stored = await findOrder(t.dbh.db, order.code);
      expect(Number(stored?.order.gift_card_minor)).toBe(1000);
      // the guest confirmation lookup shows the same payments
      expect((await api.getOrder('usb2c', order.code, { email: p.email })).giftCardPayments).toHaveLength(1);
    });

    it('a card that covers the whole total places the order without any payment intent', async () => {
      const card = await newCard(t.dbh, { amountMinor: 100000 });
      const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
      const cart = await api.applyGiftCard('usb2c', p.cartGuid, card.code);
      expect(minor(cart.amountToPay)).toBe(0);
      // no intent is offered for nothing to pay
      await expectApiError(api.createPaymentIntent('usb2c', p.cartGuid), 400, 'paymentNotNeeded');
      const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey() });
      expect(order.status).toBe('created');
      expect(minor(order.amountPaidByCard)).toBe(0);
      expect(order.paymentInfo).toMatchObject({ provider: 'giftcard', brand: 'giftcard', last4: card.code.slice(-4) });
      expect(minor(order.giftCardPayments[0]!.amount)).toBe(minor(cart.totalPrice));
      const stored = await findOrder(t.dbh.db, order.code);
      expect(stored?.order).toMatchObject({ payment_provider: 'giftcard', payment_intent_id: '' });
      const intent = await t.dbh.db.selectFrom('payment_intents').select('status').where('id', '=', p.paymentIntentId).executeTakeFirstOrThrow();
      expect(intent.status).toBe('requires_payment_method');
      expect(await expectLedgerMatches(t.dbh, card.id)).toBe(100000 - minor(cart.totalPrice));
      expect((await api.getCart('usb2c', p.cartGuid)).status).toBe('ordered');
    });

    it('an intent sent anyway for a fully covered order is cancelled, never charged', async () => {
      const card = await newCard(t.dbh, { amountMinor: 100000 });
      const p = await prepareCheckout(api);
      await api.applyGiftCard('usb2c', p.cartGuid, card.code);
      const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      expect(order.paymentInfo.provider).toBe('giftcard');
      const intent = await t.dbh.db.selectFrom('payment_intents').select('status').where('id', '=', p.paymentIntentId).executeTakeFirstOrThrow();
      expect(intent.status).toBe('canceled');
    });

    it('without an intent, an order the cards do not cover is refused (409 giftCardBalance; 400 required without cards), nothing kept', async () => {
      const card = await newCard(t.dbh, { amountMinor: 500 });
      const p = await prepareCheckout(api);
      const noCards = await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey() }), 400, 'required');
      expect(noCards.errors[0]).toMatchObject({ type: 'CheckoutError', subject: 'paymentIntentId' });
      await api.applyGiftCard('usb2c', p.cartGuid, card.code);
      const err = await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey() }), 409, 'giftCardBalance');
      expect(err.errors[0]).toMatchObject({ type: 'GiftCardError', subject: 'paymentIntentId' });
      expect(await expectLedgerMatches(t.dbh, card.id)).toBe(500);
      // the intent of a partly covered cart is for the remainder
      const intent = await api.createPaymentIntent('usb2c', p.cartGuid);
      const cart = await api.getCart('usb2c', p.cartGuid);
      expect(minor(intent.amount)).toBe(minor(cart.totalPrice) - 500);
    });

    it('a declined card releases the hold: balance restored, ledger sums to the balance, cart open with the card', async () => {
      const card = await newCard(t.dbh, { amountMinor: 1200 });
      const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 2 }] });
      await api.applyGiftCard('usb2c', p.cartGuid, card.code);
      await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: DECLINED }), 400, 'cardDeclined');
      expect(await expectLedgerMatches(t.dbh, card.id)).toBe(1200);
      expect(await ledgerKinds(t.dbh, card.id)).toEqual(['issue:1200', 'hold:1200', 'release:1200']);
      const cart = await api.getCart('usb2c', p.cartGuid);
      expect(cart.status).toBe('open');
      expect(cart.appliedGiftCards.map((c) => c.giftCardId)).toEqual([card.id]);
      // a new attempt with a good card succeeds
      const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      expect(minor(order.giftCardPayments[0]!.amount)).toBe(1200);
      expect(await expectLedgerMatches(t.dbh, card.id)).toBe(0);
    });

    it('a balance spent by another order answers 409 giftCardBalance and keeps nothing', async () => {
      const card = await newCard(t.dbh, { amountMinor: 100000 });
      const first = await prepareCheckout(api);
      const second = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
      await api.applyGiftCard('usb2c', first.cartGuid, card.code);
      await api.applyGiftCard('usb2c', second.cartGuid, card.code);
      await api.applyGiftCardValue('usb2c', second.cartGuid, card.id, 99000);
      const stock = await stockOf(t.dbh, COFFEE_24);
      await api.placeOrder('usb2c', first.cartGuid, { idempotencyKey: newKey() });
      const err = await expectApiError(api.placeOrder('usb2c', second.cartGuid, { idempotencyKey: newKey(), paymentIntentId: second.paymentIntentId, paymentMethod: VISA }), 409, 'giftCardBalance');
      expect(err.errors[0]).toMatchObject({ type: 'GiftCardError', message: `The balance of gift card •••• ${card.code.slice(-4)} changed; check your cart` });
      expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock - 2);
      expect(await t.dbh.db.selectFrom('orders').select('code').where('cart_guid', '=', second.cartGuid).execute()).toEqual([]);
      expect((await api.getCart('usb2c', second.cartGuid)).status).toBe('open');
      await expectLedgerMatches(t.dbh, card.id);
    });

    it('reconciliation releases a gift-card-only order left pending', async () => {
      const card = await newCard(t.dbh, { amountMinor: 100000 });
      const p = await prepareCheckout(api);
      await api.applyGiftCard('usb2c', p.cartGuid, card.code);
      const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey() });
      const paid = minor(order.totalPrice);
      // as if the process died between the reservation and transaction 2
      await t.dbh.db.updateTable('orders').set({ status: 'pendingPayment' }).where('code', '=', order.code).execute();
      await t.dbh.db.updateTable('order_gift_cards').set({ status: 'held' }).where('order_code', '=', order.code).execute();
      await t.dbh.db.deleteFrom('gift_card_ledger').where('order_code', '=', order.code).where('kind', '=', 'redeem').execute();
      await t.dbh.db.updateTable('carts').set({ status: 'placing' }).where('guid', '=', p.cartGuid).execute();
      expect(await balanceOf(t.dbh, card.id)).toBe(100000 - paid);
      const ctx: CommerceContext = { dbh: t.dbh, payments: new TestPaymentProvider(t.dbh.db), mailer: createMailer({ MAIL_FROM: 'x@example.com', OUTBOX_DIR: t.config.OUTBOX_DIR }, silent), log: silent, now: () => new Date() };
      expect(await reconcilePendingOrder(ctx, order.code)).toBe('released');
      expect(await expectLedgerMatches(t.dbh, card.id)).toBe(100000);
      expect(await findOrder(t.dbh.db, order.code)).toBeUndefined();
      expect((await api.getCart('usb2c', p.cartGuid)).status).toBe('open');
    });
  });

  describe('cancelling an order', () => {
    let c: TestCustomer;
    beforeAll(async () => {
      c = await signUpCustomer(t);
    });

    async function customerOrder(cardCode: string) {
      const guid = (await c.commerce.addToCart('usb2c', { productCode: COFFEE_24, qty: 2 })).cartGuid;
      await c.commerce.setDeliveryAddress('usb2c', guid, { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main Street', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' });
      await c.commerce.setDeliveryMode('usb2c', guid, 'standard');
      await c.commerce.setBillingAddress('usb2c', guid, { sameAsShipping: true });
      await c.commerce.applyGiftCard('usb2c', guid, cardCode);
      const intent = await c.commerce.createPaymentIntent('usb2c', guid);
      const order = await c.commerce.placeOrder('usb2c', guid, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: VISA });
      return { order, intentId: intent.paymentIntentId };
    }
    const cancel = (code: string, auth: string, user = 'current') => t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/${user}/orders/${code}/cancel`, headers: { authorization: auth } });

    it('refunds the gift card (ledger refund) and the card, gives the stock back; only once, only to its customer', async () => {
      const card = await newCard(t.dbh, { amountMinor: 1000 });
      const stock = await stockOf(t.dbh, COFFEE_24);
      const { order, intentId } = await customerOrder(card.code);
      expect(await balanceOf(t.dbh, card.id)).toBe(0);
      expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock - 2);

      const other = await signUpCustomer(t);
      expect((await cancel(order.code, other.auth)).statusCode).toBe(404);
      expect((await cancel(order.code, `Bearer ${t.token}`, 'anonymous')).statusCode).toBe(403);

      const res = await cancel(order.code, c.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: order.code, status: 'cancelled' });
      expect(await expectLedgerMatches(t.dbh, card.id)).toBe(1000);
      expect(await ledgerKinds(t.dbh, card.id)).toEqual(['issue:1000', 'hold:1000', 'redeem:1000', 'refund:1000']);
      expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock);
      const intent = await t.dbh.db.selectFrom('payment_intents').select('status').where('id', '=', intentId).executeTakeFirstOrThrow();
      expect(intent.status).toBe('refunded');
      const again = await cancel(order.code, c.auth);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ errors: [{ type: 'OrderError', reason: 'notCancellable' }] });
      expect(await expectLedgerMatches(t.dbh, card.id)).toBe(1000);
      // the refunded card pays a new order
      const next = await customerOrder(card.code);
      expect(minor(next.order.giftCardPayments[0]!.amount)).toBe(1000);
    });
  });
});
