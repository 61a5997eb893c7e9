/**
 * Payment providers: the built-in test provider (state in the payment_intents table, on every
 * database kind) and the Stripe provider against a fake Stripe client (no network).
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPaymentIntent } from '@store/db';
import { createTestDb, dbKinds, type TestDb } from '@store/testing';
import {
  cardBrand,
  createPaymentProvider,
  luhnValid,
  mapStripeDecline,
  StripePaymentProvider,
  TEST_CARDS,
  TestPaymentProvider,
  testCardOutcome,
  type StripeClientLike,
} from '../src/payments/index.ts';

describe('card helpers', () => {
  it('checks Luhn and reads the brand', () => {
    expect(luhnValid(TEST_CARDS.success)).toBe(true);
    expect(luhnValid(TEST_CARDS.declined)).toBe(true);
    expect(luhnValid(TEST_CARDS.insufficientFunds)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42x2')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
  });

  it('maps the documented test cards', () => {
    expect(testCardOutcome(TEST_CARDS.success)).toEqual({ ok: true });
    expect(testCardOutcome('5555555555554444')).toEqual({ ok: true });
    expect(testCardOutcome(TEST_CARDS.declined)).toMatchObject({ ok: false, declineCode: 'card_declined' });
    expect(testCardOutcome(TEST_CARDS.insufficientFunds)).toMatchObject({ ok: false, declineCode: 'insufficient_funds' });
    expect(testCardOutcome('4242424242424241')).toMatchObject({ ok: false, declineCode: 'invalid_number' });
    expect(testCardOutcome('4242')).toMatchObject({ ok: false, declineCode: 'invalid_number' });
  });
});

describe.each(dbKinds())('TestPaymentProvider on %s', (kind) => {
  let tdb: TestDb;
  let provider: TestPaymentProvider;
  beforeAll(async () => {
    tdb = await createTestDb(kind);
    provider = new TestPaymentProvider(tdb.dbh.db);
  });
  afterAll(async () => {
    await tdb?.close();
  });

  const create = () => provider.createIntent({ amountMinor: 2599, currency: 'USD', cartGuid: 'cart-guid-0001', site: 'usb2c' });

  it('creates an intent stored in the database', async () => {
    const intent = await create();
    expect(intent.id).toMatch(/^pi_test_[0-9a-f]{24}$/);
    expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
    expect(intent.status).toBe('requires_payment_method');
    const row = await findPaymentIntent(tdb.dbh.db, intent.id);
    expect(row).toMatchObject({ provider: 'test', amount_minor: 2599, currency: 'USD', cart_guid: 'cart-guid-0001', status: 'requires_payment_method' });
    // a second provider object (another process) sees the same state
    expect((await new TestPaymentProvider(tdb.dbh.db).status(intent.id)).amountMinor).toBe(2599);
  });

  it('succeeds with 4242 and keeps only brand and last 4', async () => {
    const intent = await create();
    const result = await provider.confirm(intent.id, { testCardNumber: '4242 4242 4242 4242' }, { idempotencyKey: 'k1' });
    expect(result).toEqual({ status: 'succeeded', summary: { brand: 'visa', last4: '4242' } });
    const row = await findPaymentIntent(tdb.dbh.db, intent.id);
    expect(row?.status).toBe('succeeded');
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(JSON.stringify(row)).not.toContain('4242 4242 4242 4242');
    // confirming again answers the same success (no second charge)
    expect((await provider.confirm(intent.id, { testCardNumber: TEST_CARDS.declined }, { idempotencyKey: 'k1' })).status).toBe('succeeded');
    expect((await provider.status(intent.id)).summary).toEqual({ brand: 'visa', last4: '4242' });
  });

  it('declines 0002 and 9995, refuses a non-Luhn number, and allows a retry with another card', async () => {
    const intent = await create();
    expect(await provider.confirm(intent.id, { testCardNumber: TEST_CARDS.declined }, { idempotencyKey: 'a' })).toMatchObject({ status: 'failed', declineCode: 'card_declined' });
    expect(await provider.confirm(intent.id, { testCardNumber: '4000-0000-0000-9995' }, { idempotencyKey: 'b' })).toMatchObject({ status: 'failed', declineCode: 'insufficient_funds' });
    expect(await provider.confirm(intent.id, { testCardNumber: '1234 5678 9012 3456' }, { idempotencyKey: 'c' })).toMatchObject({ status: 'failed', declineCode: 'invalid_number' });
    expect(await provider.confirm(intent.id, undefined, { idempotencyKey: 'd' })).toMatchObject({ status: 'failed', declineCode: 'payment_method_required' });
    const row = await findPaymentIntent(tdb.dbh.db, intent.id);
    expect(row?.payment_summary ?? '').not.toContain('1234567890123456');
    expect(await provider.confirm(intent.id, { testCardNumber: '5555555555554444' }, { idempotencyKey: 'e' })).toEqual({ status: 'succeeded', summary: { brand: 'mastercard', last4: '4444' } });
  });

  it('updates the amount before confirmation and cancels', async () => {
    const intent = await create();
    await provider.updateAmount(intent.id, 4100, 'USD');
    expect((await provider.status(intent.id)).amountMinor).toBe(4100);
    await provider.cancel(intent.id);
    expect((await provider.status(intent.id)).status).toBe('canceled');
    expect((await provider.confirm(intent.id, { testCardNumber: TEST_CARDS.success }, { idempotencyKey: 'z' })).status).toBe('failed');
  });

  it('two concurrent confirmations charge once and both see success', async () => {
    const intent = await create();
    const [a, b] = await Promise.all([
      provider.confirm(intent.id, { testCardNumber: TEST_CARDS.success }, { idempotencyKey: 'x' }),
      provider.confirm(intent.id, { testCardNumber: TEST_CARDS.success }, { idempotencyKey: 'x' }),
    ]);
    expect(a.status).toBe('succeeded');
    expect(b.status).toBe('succeeded');
  });

  it('two concurrent partial refunds of one intent both succeed (two returns at once)', async () => {
    const intent = await create();
    await provider.confirm(intent.id, { testCardNumber: TEST_CARDS.success }, { idempotencyKey: 'r' });
    const results = await Promise.all([
      provider.refund(intent.id, 1000, { idempotencyKey: 'ret-1' }),
      provider.refund(intent.id, 599, { idempotencyKey: 'ret-2' }),
      provider.refund(intent.id, 500, { idempotencyKey: 'ret-3' }),
    ]);
    expect(results.every((r) => r.id.startsWith('re_test_'))).toBe(true);
    expect((await provider.status(intent.id)).status).toBe('refunded');
    // an intent that never succeeded still cannot be refunded
    const unpaid = await create();
    await expect(provider.refund(unpaid.id, 100, { idempotencyKey: 'ret-4' })).rejects.toThrow(/cannot be refunded/);
  });

  it('createPaymentProvider picks the test provider by default and Stripe by configuration', () => {
    expect(createPaymentProvider({ PAYMENT_PROVIDER: 'test' }, tdb.dbh.db).name).toBe('test');
    const stripe = createPaymentProvider({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_PUBLISHABLE_KEY: 'pk_test_dummy' }, tdb.dbh.db);
    expect(stripe.name).toBe('stripe');
    expect(stripe.publishableKey).toBe('pk_test_dummy');
    expect(() => createPaymentProvider({ PAYMENT_PROVIDER: 'stripe' }, tdb.dbh.db)).toThrow(/STRIPE_SECRET_KEY/);
  });
});

/** A fake Stripe client recording calls. */
function fakeStripe(behaviour: { confirm?: (id: string, params: Stripe.PaymentIntentConfirmParams | undefined) => Stripe.PaymentIntent; status?: Stripe.PaymentIntent.Status }) {
  const calls: Array<{ method: string; id?: string; params?: unknown; options?: unknown }> = [];
  const pi = (over: Partial<Stripe.PaymentIntent>): Stripe.PaymentIntent =>
    ({ id: 'pi_123', object: 'payment_intent', amount: 2599, currency: 'usd', status: 'requires_payment_method', client_secret: 'pi_123_secret_abc', payment_method: null, last_payment_error: null, ...over }) as Stripe.PaymentIntent;
  const client: StripeClientLike = {
    paymentIntents: {
      async create(params, options) {
        calls.push({ method: 'create', params, options });
        return pi({ amount: params.amount, currency: params.currency });
      },
      async update(id, params, options) {
        calls.push({ method: 'update', id, params, options });
        return pi({ amount: params.amount ?? 0 });
      },
      async confirm(id, params, options) {
        calls.push({ method: 'confirm', id, params, options });
        if (!behaviour.confirm) throw new Error('no confirm behaviour');
        return behaviour.confirm(id, params);
      },
      async cancel(id, params, options) {
        calls.push({ method: 'cancel', id, params, options });
        return pi({ status: 'canceled' });
      },
      async retrieve(id, params, options) {
        calls.push({ method: 'retrieve', id, params, options });
        return pi({ status: behaviour.status ?? 'requires_payment_method', payment_method: { id: 'pm_1', card: { brand: 'visa', last4: '4242' } } as Stripe.PaymentMethod });
      },
    },
  };
  return { client, calls, pi };
}

describe('StripePaymentProvider (fake client)', () => {
  it('a real Stripe client satisfies the injected interface without any network call', () => {
    const real: StripeClientLike = new Stripe('sk_test_not_used');
    expect(typeof real.paymentIntents.create).toBe('function');
  });

  it('creates PaymentIntents with automatic payment methods and no redirects', async () => {
    const { client, calls } = fakeStripe({});
    const provider = new StripePaymentProvider(client, { publishableKey: 'pk_test_1' });
    const created = await provider.createIntent({ amountMinor: 2599, currency: 'USD', cartGuid: 'g-1', site: 'usb2c', idempotencyKey: 'ik' });
    expect(created).toEqual({ id: 'pi_123', clientSecret: 'pi_123_secret_abc', status: 'requires_payment_method' });
    expect(calls[0]).toEqual({
      method: 'create',
      params: { amount: 2599, currency: 'usd', automatic_payment_methods: { enabled: true, allow_redirects: 'never' }, metadata: { cartGuid: 'g-1', baseSite: 'usb2c' } },
      options: { idempotencyKey: 'ik' },
    });
    await provider.updateAmount('pi_123', 3000, 'CAD');
    expect(calls[1]).toMatchObject({ method: 'update', id: 'pi_123', params: { amount: 3000, currency: 'cad' } });
    expect(provider.publishableKey).toBe('pk_test_1');
  });

  it('confirms with the PaymentMethod id from Stripe.js and reads brand and last 4', async () => {
    const { client, calls, pi } = fakeStripe({
      confirm: () => pi({ status: 'succeeded', payment_method: { id: 'pm_card_visa', card: { brand: 'visa', last4: '4242' } } as Stripe.PaymentMethod }),
    });
    const provider = new StripePaymentProvider(client);
    const result = await provider.confirm('pi_123', { stripePaymentMethodId: 'pm_card_visa' }, { idempotencyKey: 'usb2c:key-1' });
    expect(result).toEqual({ status: 'succeeded', summary: { brand: 'visa', last4: '4242' } });
    expect(calls[0]).toEqual({ method: 'confirm', id: 'pi_123', params: { payment_method: 'pm_card_visa', expand: ['payment_method'] }, options: { idempotencyKey: 'confirm-usb2c:key-1' } });
  });

  it('answers declines from StripeCardError as results', async () => {
    const cardError = (code: string, decline_code?: string) => () => {
      throw Object.assign(new Error('Your card was declined.'), { type: 'StripeCardError', code, decline_code });
    };
    const declined = new StripePaymentProvider(fakeStripe({ confirm: cardError('card_declined', 'generic_decline') }).client);
    expect(await declined.confirm('pi_1', { stripePaymentMethodId: 'pm_x' }, { idempotencyKey: 'k' })).toEqual({ status: 'failed', declineCode: 'card_declined', message: 'Your card was declined.' });
    const funds = new StripePaymentProvider(fakeStripe({ confirm: cardError('card_declined', 'insufficient_funds') }).client);
    expect((await funds.confirm('pi_1', { stripePaymentMethodId: 'pm_x' }, { idempotencyKey: 'k' })).declineCode).toBe('insufficient_funds');
    const expired = new StripePaymentProvider(fakeStripe({ confirm: cardError('expired_card') }).client);
    expect((await expired.confirm('pi_1', { stripePaymentMethodId: 'pm_x' }, { idempotencyKey: 'k' })).declineCode).toBe('expired_card');
    expect(mapStripeDecline('incorrect_number', undefined)).toBe('invalid_number');
  });

  it('treats 3-D Secure as authentication required and rethrows non-card errors', async () => {
    const { client, pi } = fakeStripe({ confirm: () => pi({ status: 'requires_action' }) });
    expect((await new StripePaymentProvider(client).confirm('pi_1', { stripePaymentMethodId: 'pm_x' }, { idempotencyKey: 'k' })).declineCode).toBe('authentication_required');
    const broken = fakeStripe({
      confirm: () => {
        throw Object.assign(new Error('connection reset'), { type: 'StripeConnectionError' });
      },
    });
    await expect(new StripePaymentProvider(broken.client).confirm('pi_1', { stripePaymentMethodId: 'pm_x' }, { idempotencyKey: 'k' })).rejects.toThrow('connection reset');
  });

  it('never sends a raw card number: without a pm_ id nothing is called', async () => {
    const { client, calls } = fakeStripe({});
    const provider = new StripePaymentProvider(client);
    expect(await provider.confirm('pi_1', { testCardNumber: '4242424242424242' }, { idempotencyKey: 'k' })).toMatchObject({ status: 'failed', declineCode: 'payment_method_required' });
    expect(calls).toEqual([]);
  });

  it('cancels only what can be cancelled and reports status', async () => {
    const open = fakeStripe({ status: 'requires_payment_method' });
    await new StripePaymentProvider(open.client).cancel('pi_1');
    expect(open.calls.map((c) => c.method)).toEqual(['retrieve', 'cancel']);
    const done = fakeStripe({ status: 'succeeded' });
    await new StripePaymentProvider(done.client).cancel('pi_1');
    expect(done.calls.map((c) => c.method)).toEqual(['retrieve']);
    expect(await new StripePaymentProvider(done.client).status('pi_1')).toEqual({ id: 'pi_123', status: 'succeeded', amountMinor: 2599, currency: 'USD', summary: { brand: 'visa', last4: '4242' } });
  });
});
