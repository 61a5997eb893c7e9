/**
 * Order placement (spec §2, §7; DESIGN "Concurrency and integrity"; ADR 0004) on every database
 * kind: declined cards and insufficient funds create no order and leave stock unchanged;
 * idempotency (same key → same order, same key with another request → 422, concurrent duplicate →
 * 409 or the same order, never two orders); stock lowered after the cart was filled; and, through
 * the flow with a failing provider, the "outcome unknown" paths, their reconciliation, and keys
 * whose request died: 409 while leased, then a retry takes them over (issue 9 items 5 and 7).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, type CommerceCalls } from '@store/contracts';
import { claimIdempotencyKey, findOrder, setAvailable } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { createMailer } from '../src/email/mailer.ts';
import type { CommerceContext } from '../src/flows/context.ts';
import { beforeDeadline, IDEMPOTENCY_LEASE_MS, PAYMENT_DEADLINE_MS, PaymentDeadlineError, placeOrder, placeOrderRequestHash, reconcilePendingOrder } from '../src/flows/place-order.ts';
import { PENDING_ORDER_GRACE_MS, startPendingOrderSweeper, sweepPendingOrders } from '../src/flows/sweep-pending-orders.ts';
import { TestPaymentProvider, type PaymentProvider } from '../src/payments/index.ts';
import { commerce, expectApiError, newKey, orderCount, prepareCheckout, stockOf } from './support/commerce.ts';

const COFFEE_24 = 'BH-SIGNATURE-DARK-24';
const VISA = { testCardNumber: '4242424242424242' };

const silent = { info() {}, warn() {}, error() {} };

describe('payment provider calls of a placement (issue 9 item 5: a live request ends within its lease)', () => {
  it('run within the deadline: a call still running then is given up with a 503 PaymentDeadlineError, none starts after it', async () => {
    expect(await beforeDeadline(Date.now() + 1000, 'confirm', async () => 'charged')).toBe('charged');
    const hanging = beforeDeadline(Date.now() + 50, 'confirm', () => new Promise<never>(() => {}));
    await expect(hanging).rejects.toBeInstanceOf(PaymentDeadlineError);
    await expect(hanging).rejects.toMatchObject({ statusCode: 503, message: 'The payment provider did not answer in time (confirm)' });
    let started = false;
    const late = beforeDeadline(Date.now() - 1, 'status', async () => {
      started = true;
      return 'succeeded';
    });
    await expect(late).rejects.toBeInstanceOf(PaymentDeadlineError);
    expect(started).toBe(false);
    await expect(beforeDeadline(Date.now() + 1000, 'cancel', () => Promise.reject(new Error('declined by the bank')))).rejects.toThrow('declined by the bank');
    // the whole budget fits in the lease, with room for the request's transactions
    expect(IDEMPOTENCY_LEASE_MS - PAYMENT_DEADLINE_MS).toBeGreaterThanOrEqual(15_000);
  });
});

describe.each(dbKinds())('placing orders on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a declined card answers 400 PaymentError cardDeclined: no order, stock unchanged, cart open; the same key replays it', async () => {
    const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 3 }] });
    const stock = await stockOf(t.dbh, COFFEE_24);
    const orders = await orderCount(t.dbh);
    const key = newKey();
    const err = await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4000 0000 0000 0002' } }), 400, 'cardDeclined');
    expect(err.errors[0]).toMatchObject({ type: 'PaymentError', subject: 'paymentMethod', message: 'Your card was declined. Try another card.' });
    expect(await orderCount(t.dbh)).toBe(orders);
    expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock);
    const cart = await api.getCart('usb2c', p.cartGuid);
    expect(cart.status).toBe('open');
    expect(cart.cartQuantity).toBe(3);
    // the same key answers the same error for the same request; with another card it is another request (422)
    await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4000000000000002' } }), 400, 'cardDeclined');
    await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA }), 422, 'idempotencyKeyReused');
    expect(await orderCount(t.dbh)).toBe(orders);
    // a new attempt (new key) with another card succeeds on the same intent
    const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    expect(order.status).toBe('created');
    expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock - 3);
    expect(await orderCount(t.dbh)).toBe(orders + 1);
  });

  it('insufficient funds and an invalid number are clear payment errors with no order', async () => {
    const p = await prepareCheckout(api);
    const stock = await stockOf(t.dbh, COFFEE_24);
    const orders = await orderCount(t.dbh);
    const funds = await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4000000000009995' } }), 400, 'insufficientFunds');
    expect(funds.errors[0]?.message).toMatch(/insufficient funds/);
    await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424241' } }), 400, 'invalidCardNumber');
    await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId }), 400, 'paymentMethodRequired');
    expect(await orderCount(t.dbh)).toBe(orders);
    expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock);
    const pending = await t.dbh.db.selectFrom('orders').select('code').where('status', '=', 'pendingPayment').execute();
    expect(pending).toEqual([]);
  });

  it('the same key on the same cart answers the same order; on another cart 422', async () => {
    const p = await prepareCheckout(api);
    const key = newKey();
    const first = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    const stock = await stockOf(t.dbh, COFFEE_24);
    const orders = await orderCount(t.dbh);
    const again = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    expect(again).toEqual(first);
    expect(await orderCount(t.dbh)).toBe(orders);
    expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock);

    const other = await prepareCheckout(api);
    const reused = await expectApiError(api.placeOrder('usb2c', other.cartGuid, { idempotencyKey: key, paymentIntentId: other.paymentIntentId, paymentMethod: VISA }), 422, 'idempotencyKeyReused');
    expect(reused.errors[0]).toMatchObject({ type: 'IdempotencyError', subject: 'Idempotency-Key' });
    expect((await api.getCart('usb2c', other.cartGuid)).status).toBe('open');
    // keys are per site: the same key on another site is a new key
    const ca = await prepareCheckout(api, { site: 'cab2c' });
    expect((await api.placeOrder('cab2c', ca.cartGuid, { idempotencyKey: key, paymentIntentId: ca.paymentIntentId, paymentMethod: VISA })).code).toMatch(/^CA-/);
  });

  it('the same key with a different request answers 422 naming Idempotency-Key; the same request answers the first order (issue 9 item 7)', async () => {
    const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
    const key = newKey();
    const first = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    const stock = await stockOf(t.dbh, COFFEE_24);
    const orders = await orderCount(t.dbh);
    // another card, another intent, no card at all: other requests
    for (const body of [
      { paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4000056655665556' } },
      { paymentIntentId: 'pi_test_another', paymentMethod: VISA },
      { paymentIntentId: p.paymentIntentId },
    ]) {
      const reused = await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, ...body }), 422, 'idempotencyKeyReused');
      expect(reused.errors).toEqual([{ type: 'IdempotencyError', reason: 'idempotencyKeyReused', subject: 'Idempotency-Key', message: 'This idempotency key was already used for another request' }]);
    }
    // the same request (the card number written with spaces, the answer asked in another language) answers the first order again
    const again = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4242 4242 4242 4242' }, lang: 'fr' });
    expect(again.code).toBe(first.code);
    expect(await orderCount(t.dbh)).toBe(orders);
    expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock);
    // what is stored is a hash of the request, not the card number
    const row = await t.dbh.db.selectFrom('idempotency_keys').selectAll().where('base_site', '=', 'usb2c').where('key', '=', key).executeTakeFirstOrThrow();
    expect(row.request_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
  });

  it('a key still in progress answers 422 to a different request and 409 to the same one', async () => {
    const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
    const key = newKey();
    const now = new Date();
    await claimIdempotencyKey(t.dbh.db, {
      baseSite: 'usb2c',
      key,
      cartGuid: p.cartGuid,
      requestHash: placeOrderRequestHash({ site: 'usb2c', cartGuid: p.cartGuid, userId: null, paymentIntentId: p.paymentIntentId, paymentMethod: VISA }),
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString(),
    });
    await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '5555555555554444' } }), 422, 'idempotencyKeyReused');
    await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA }), 409, 'requestInProgress');
  });

  it('concurrent duplicates of one request give one order: the others answer it again or 409 requestInProgress', async () => {
    const p = await prepareCheckout(api);
    const orders = await orderCount(t.dbh);
    const key = newKey();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA })),
    );
    const codes = new Set<string>();
    for (const r of results) {
      if (r.status === 'fulfilled') codes.add(r.value.code);
      else {
        expect(isApiError(r.reason)).toBe(true);
        expect(isApiError(r.reason) && [r.reason.status, r.reason.reason]).toEqual([409, 'requestInProgress']);
      }
    }
    expect(codes.size).toBe(1);
    expect(await orderCount(t.dbh)).toBe(orders + 1);
    // once finished, the key answers the order
    const after = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    expect(codes.has(after.code)).toBe(true);
  });

  it('concurrent placements of one cart with different keys give one order', async () => {
    const p = await prepareCheckout(api);
    const orders = await orderCount(t.dbh);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') {
        // the cart is being placed or already ordered (409), or its intent already succeeded (400)
        expect(isApiError(r.reason)).toBe(true);
        const e = r.reason as { status: number; reason: string };
        expect([`${e.status} ${e.reason}`]).toSatisfy((x: string[]) => ['409 cartNotOpen', '409 requestInProgress', '400 invalidPaymentIntent'].includes(x[0] ?? ''));
      }
    }
    expect(await orderCount(t.dbh)).toBe(orders + 1);
  });

  it('stock that fell after the cart was filled answers 409 naming the entry; no order, no charge, the key can be reused', async () => {
    const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }, { code: 'BH-SIGNATURE-DARK-48', qty: 3 }] });
    const original = await stockOf(t.dbh, 'BH-SIGNATURE-DARK-48');
    const stock24 = await stockOf(t.dbh, COFFEE_24);
    const orders = await orderCount(t.dbh);
    const key = newKey();
    await setAvailable(t.dbh.db, 'BH-SIGNATURE-DARK-48', 2);
    try {
      const err = await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA }), 409, 'insufficientStock');
      expect(err.errors[0]).toMatchObject({ type: 'InsufficientStockError', subject: 'entries[1].qty' });
      expect(err.errors[0]?.message).toMatch(/Only 2 left$/);
      expect(await orderCount(t.dbh)).toBe(orders);
      expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock24);
      expect(await stockOf(t.dbh, 'BH-SIGNATURE-DARK-48')).toBe(2);
      const intent = await t.dbh.db.selectFrom('payment_intents').select('status').where('id', '=', p.paymentIntentId).executeTakeFirstOrThrow();
      expect(intent.status).toBe('requires_payment_method');
      expect((await api.validateCart('usb2c', p.cartGuid)).messages).toMatchObject([{ entryNumber: 1, reason: 'insufficientStock', available: 2 }]);
      // the shopper lowers the quantity and retries with the same key
      await api.updateEntry('usb2c', p.cartGuid, 1, 2);
      await api.createPaymentIntent('usb2c', p.cartGuid);
      const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      expect(order.entries.map((e) => e.quantity)).toEqual([1, 2]);
      expect(await stockOf(t.dbh, 'BH-SIGNATURE-DARK-48')).toBe(0);
    } finally {
      await setAvailable(t.dbh.db, 'BH-SIGNATURE-DARK-48', original);
    }
  });

  it('a product discontinued after it was put in the cart stops the order (409)', async () => {
    const p = await prepareCheckout(api, { products: [{ code: 'BH-SIGNATURE-DARK-96', qty: 1 }] });
    await t.dbh.db.updateTable('products').set({ discontinued: 1 }).where('code', '=', 'BH-SIGNATURE-DARK').execute();
    try {
      const err = await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA }), 409, 'discontinued');
      expect(err.errors[0]).toMatchObject({ type: 'CartError', subject: 'entries[0]' });
      expect((await api.getCart('usb2c', p.cartGuid)).status).toBe('open');
    } finally {
      await t.dbh.db.updateTable('products').set({ discontinued: 0 }).where('code', '=', 'BH-SIGNATURE-DARK').execute();
    }
  });

  it('prices are frozen in the order', async () => {
    const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
    const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    await t.dbh.db.updateTable('prices').set({ price_minor: 9999 }).where('variant_code', '=', COFFEE_24).where('base_site', '=', 'usb2c').execute();
    try {
      const read = await api.getOrder('usb2c', order.code, { email: p.email });
      expect(read.entries[0]?.basePrice.value).toBe(17.99);
      expect(read.totalPrice).toEqual(order.totalPrice);
    } finally {
      await t.dbh.db.updateTable('prices').set({ price_minor: 1799 }).where('variant_code', '=', COFFEE_24).where('base_site', '=', 'usb2c').execute();
    }
  });

  describe('when the provider fails with an unknown outcome (flow level)', () => {
    function context(payments: PaymentProvider, now: () => Date = () => new Date()): CommerceContext {
      return {
        dbh: t.dbh,
        payments,
        mailer: createMailer({ MAIL_FROM: 'test@example.com', OUTBOX_DIR: join(tmpdir(), 'store-test-outbox', `po-${kind}-${Date.now()}`) }, silent),
        log: silent,
        now,
      };
    }
    /** A clock past the lease of a key claimed now (the request that claimed it is gone). */
    const afterLease = () => new Date(Date.now() + IDEMPOTENCY_LEASE_MS + 1000);

    /** A provider that charges, then loses the answer (network failure after the charge). */
    function chargesThenThrows(statusWorks: boolean): PaymentProvider {
      const real = new TestPaymentProvider(t.dbh.db);
      return {
        name: 'test',
        createIntent: (i) => real.createIntent(i),
        updateAmount: (id, a, c) => real.updateAmount(id, a, c),
        cancel: (id) => real.cancel(id),
        async confirm(id, pm, opts) {
          await real.confirm(id, pm, opts);
          throw new Error('socket hang up');
        },
        async status(id) {
          if (!statusWorks) throw new Error('provider unreachable');
          return real.status(id);
        },
      };
    }

    it('asks the provider and places the order when the charge went through', async () => {
      const p = await prepareCheckout(api);
      const order = await placeOrder(context(chargesThenThrows(true)), { site: 'usb2c', cartGuid: p.cartGuid, idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      expect(order.status).toBe('created');
      expect(order.paymentInfo).toMatchObject({ brand: 'visa', last4: '4242' });
      expect((await api.getCart('usb2c', p.cartGuid)).status).toBe('ordered');
    });

    it('leaves the order pending (invisible, stock held) when the provider cannot answer, and reconciliation settles it', async () => {
      const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 2 }] });
      const stock = await stockOf(t.dbh, COFFEE_24);
      const key = newKey();
      await expect(placeOrder(context(chargesThenThrows(false)), { site: 'usb2c', cartGuid: p.cartGuid, idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA })).rejects.toThrow('socket hang up');
      const pending = await t.dbh.db.selectFrom('orders').select(['code', 'status']).where('cart_guid', '=', p.cartGuid).executeTakeFirstOrThrow();
      expect(pending.status).toBe('pendingPayment');
      expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock - 2);
      await expectApiError(api.getOrder('usb2c', pending.code, { email: p.email }), 404, 'notFound');
      await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA }), 409, 'requestInProgress');

      // while the key's lease runs the request may still be alive: reconciliation leaves it alone
      expect(await reconcilePendingOrder(context(new TestPaymentProvider(t.dbh.db)), pending.code)).toBeNull();
      expect((await findOrder(t.dbh.db, pending.code))?.order.status).toBe('pendingPayment');
      expect(await reconcilePendingOrder(context(new TestPaymentProvider(t.dbh.db), afterLease), pending.code)).toBe('created');
      expect((await findOrder(t.dbh.db, pending.code))?.order.status).toBe('created');
      expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock - 2);
      const replay = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      expect(replay.code).toBe(pending.code);
    });

    it('reconciliation releases the stock of a pending order that was never charged', async () => {
      const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 2 }] });
      const stock = await stockOf(t.dbh, COFFEE_24);
      const neverAnswers: PaymentProvider = {
        ...chargesThenThrows(false),
        async confirm() {
          throw new Error('timeout before reaching the provider');
        },
      };
      const key = newKey();
      await expect(placeOrder(context(neverAnswers), { site: 'usb2c', cartGuid: p.cartGuid, idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA })).rejects.toThrow();
      const pending = await t.dbh.db.selectFrom('orders').select('code').where('cart_guid', '=', p.cartGuid).executeTakeFirstOrThrow();
      expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock - 2);
      expect(await reconcilePendingOrder(context(new TestPaymentProvider(t.dbh.db), afterLease), pending.code)).toBe('released');
      expect(await findOrder(t.dbh.db, pending.code)).toBeUndefined();
      expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock);
      expect((await api.getCart('usb2c', p.cartGuid)).status).toBe('open');
      // the intent was cancelled (a late confirmation cannot charge) and the key forgotten: the same
      // key answers "create a new intent", then completes the order with the new one
      const intent = await t.dbh.db.selectFrom('payment_intents').select('status').where('id', '=', p.paymentIntentId).executeTakeFirstOrThrow();
      expect(intent.status).toBe('canceled');
      await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA }), 400, 'invalidPaymentIntent');
      const fresh = await api.createPaymentIntent('usb2c', p.cartGuid);
      expect(fresh.paymentIntentId).not.toBe(p.paymentIntentId);
      const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: fresh.paymentIntentId, paymentMethod: VISA });
      expect(order.status).toBe('created');
      expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock - 2);
    });

    it('a retry with the same key after the lease takes the key over and completes a charged order, once, even when two retries race', async () => {
      const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 2 }] });
      const stock = await stockOf(t.dbh, COFFEE_24);
      const orders = await orderCount(t.dbh);
      const key = newKey();
      const request = { site: 'usb2c' as const, cartGuid: p.cartGuid, idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA };
      // charged, then the answer is lost and the provider cannot be asked: as if the process died after the charge
      await expect(placeOrder(context(chargesThenThrows(false)), request)).rejects.toThrow('socket hang up');
      const pending = await t.dbh.db.selectFrom('orders').select('code').where('cart_guid', '=', p.cartGuid).executeTakeFirstOrThrow();
      // a retry while the lease runs: 409
      await expect(placeOrder(context(new TestPaymentProvider(t.dbh.db)), request)).rejects.toMatchObject({ reason: 'requestInProgress' });
      // two retries after it: one takes the key over and places the order; the other waits (409) or gets it
      const results = await Promise.allSettled([0, 1].map(() => placeOrder(context(new TestPaymentProvider(t.dbh.db), afterLease), request)));
      const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(placed.length).toBeGreaterThanOrEqual(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ reason: 'requestInProgress' });
      expect(new Set(placed.map((o) => o.code))).toEqual(new Set([pending.code]));
      expect(placed[0]?.status).toBe('created');
      // one order, charged once, stock taken once; the key answers the order from now on
      expect(await orderCount(t.dbh)).toBe(orders + 1);
      const charged = await t.dbh.db.selectFrom('payment_intents').select('id').where('cart_guid', '=', p.cartGuid).where('status', '=', 'succeeded').execute();
      expect(charged).toHaveLength(1);
      expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock - 2);
      expect((await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA })).code).toBe(pending.code);
    });

    it('a retry after the lease carries on with a reservation that was never charged, on the same intent', async () => {
      const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
      const stock = await stockOf(t.dbh, COFFEE_24);
      const key = newKey();
      const request = { site: 'usb2c' as const, cartGuid: p.cartGuid, idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA };
      const unreachable: PaymentProvider = {
        ...chargesThenThrows(false),
        async confirm() {
          throw new Error('timeout before reaching the provider');
        },
      };
      await expect(placeOrder(context(unreachable), request)).rejects.toThrow('timeout before reaching the provider');
      const pending = await t.dbh.db.selectFrom('orders').select(['code', 'status']).where('cart_guid', '=', p.cartGuid).executeTakeFirstOrThrow();
      expect(pending.status).toBe('pendingPayment');
      const order = await placeOrder(context(new TestPaymentProvider(t.dbh.db), afterLease), request);
      expect(order).toMatchObject({ code: pending.code, status: 'created' });
      expect(order.paymentInfo).toMatchObject({ brand: 'visa', last4: '4242' });
      expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock - 1);
      expect((await api.getCart('usb2c', p.cartGuid)).status).toBe('ordered');
    });

    it('a key left in progress with no order (the request died right after claiming it) answers 409 during its lease, then a retry completes', async () => {
      const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
      const key = newKey();
      const now = new Date();
      await claimIdempotencyKey(t.dbh.db, {
        baseSite: 'usb2c',
        key,
        cartGuid: p.cartGuid,
        requestHash: placeOrderRequestHash({ site: 'usb2c', cartGuid: p.cartGuid, userId: null, paymentIntentId: p.paymentIntentId, paymentMethod: VISA }),
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString(),
      });
      const request = { site: 'usb2c' as const, cartGuid: p.cartGuid, idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA };
      await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA }), 409, 'requestInProgress');
      const order = await placeOrder(context(new TestPaymentProvider(t.dbh.db), afterLease), request);
      expect(order.status).toBe('created');
      expect((await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: key, paymentIntentId: p.paymentIntentId, paymentMethod: VISA })).code).toBe(order.code);
    });

    it('the sweeper sweeps once as soon as it starts (start-up), before its first interval', async () => {
      const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
      await expect(placeOrder(context(chargesThenThrows(false)), { site: 'usb2c', cartGuid: p.cartGuid, idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA })).rejects.toThrow();
      const pending = await t.dbh.db.selectFrom('orders').select('code').where('cart_guid', '=', p.cartGuid).executeTakeFirstOrThrow();
      // an hour between sweeps: only the start-up sweep can settle it; stopping waits for that sweep
      const stop = startPendingOrderSweeper(context(new TestPaymentProvider(t.dbh.db), afterLease), 3_600_000);
      await stop();
      expect((await findOrder(t.dbh.db, pending.code))?.order.status).toBe('created');
    });

    it('the sweeper settles only orders pending for longer than the grace period', async () => {
      const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
      await expect(placeOrder(context(chargesThenThrows(false)), { site: 'usb2c', cartGuid: p.cartGuid, idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA })).rejects.toThrow();
      const pending = await t.dbh.db.selectFrom('orders').select('code').where('cart_guid', '=', p.cartGuid).executeTakeFirstOrThrow();
      const settle = context(new TestPaymentProvider(t.dbh.db));
      await sweepPendingOrders(settle, PENDING_ORDER_GRACE_MS);
      expect((await findOrder(t.dbh.db, pending.code))?.order.status).toBe('pendingPayment');
      // older than the grace, but its key is leased again (a retry is working on it): left alone
      const leasedUntil = new Date(Date.now() + 10 * IDEMPOTENCY_LEASE_MS).toISOString();
      await t.dbh.db.updateTable('idempotency_keys').set({ lease_expires_at: leasedUntil }).where('order_code', '=', pending.code).execute();
      const later = { ...settle, now: () => new Date(Date.now() + PENDING_ORDER_GRACE_MS + 1000) };
      expect(await sweepPendingOrders(later, PENDING_ORDER_GRACE_MS)).toMatchObject({ failed: 0 });
      expect((await findOrder(t.dbh.db, pending.code))?.order.status).toBe('pendingPayment');
      // once that lease is over too, the sweep places it (the charge had gone through)
      const muchLater = { ...settle, now: () => new Date(Date.now() + 11 * IDEMPOTENCY_LEASE_MS) };
      expect(await sweepPendingOrders(muchLater, PENDING_ORDER_GRACE_MS)).toMatchObject({ failed: 0 });
      expect((await findOrder(t.dbh.db, pending.code))?.order.status).toBe('created');
    });
  });
});
