/**
 * Off-session charges of saved cards (issue 10; ADR 0018 "Recurring orders"):
 * `StripePaymentProvider.chargeSaved` creates ONE PaymentIntent with `confirm: true,
 * off_session: true` on the saved method and its customer under the caller's idempotency key, and
 * answers card errors (declined, authentication required) as `failed`. Fake Stripe client: no network.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { StripePaymentProvider, type StripeClientLike } from '../src/payments/index.ts';

function fakeStripe(answer: (params: Stripe.PaymentIntentCreateParams) => Stripe.PaymentIntent | Error) {
  const calls: Array<{ params: Stripe.PaymentIntentCreateParams; options?: Stripe.RequestOptions }> = [];
  const unused = () => {
    throw new Error('not used');
  };
  const client: StripeClientLike = {
    paymentIntents: {
      create: async (params, options) => {
        calls.push({ params, ...(options ? { options } : {}) });
        const out = answer(params);
        if (out instanceof Error) throw out;
        return out;
      },
      update: unused,
      confirm: unused,
      cancel: unused,
      retrieve: unused,
    },
  };
  return { client, calls };
}

const input = { amountMinor: 2698, currency: 'USD', providerCustomerId: 'cus_1', providerPaymentMethodId: 'pm_1', idempotencyKey: 'cycle:sub_1:2027-03-01:1', site: 'usb2c', reference: '00001234' };

describe('Stripe off-session charge (chargeSaved)', () => {
  it('confirms one PaymentIntent off-session on the saved method and customer, with the idempotency key', async () => {
    const { client, calls } = fakeStripe(() => ({ id: 'pi_1', status: 'succeeded', payment_method: { card: { brand: 'visa', last4: '4242' } } }) as unknown as Stripe.PaymentIntent);
    const r = await new StripePaymentProvider(client).chargeSaved(input);
    expect(r).toEqual({ intentId: 'pi_1', status: 'succeeded', summary: { brand: 'visa', last4: '4242' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toMatchObject({ amount: 2698, currency: 'usd', customer: 'cus_1', payment_method: 'pm_1', confirm: true, off_session: true });
    expect(calls[0]!.options).toEqual({ idempotencyKey: 'cycle:sub_1:2027-03-01:1' });
  });

  it('a declined card or one needing authentication is a failed charge, not an exception', async () => {
    const declined = Object.assign(new Error('Your card was declined.'), { type: 'StripeCardError', code: 'card_declined', decline_code: 'insufficient_funds', payment_intent: { id: 'pi_2' } });
    const r = await new StripePaymentProvider(fakeStripe(() => declined).client).chargeSaved(input);
    expect(r).toMatchObject({ intentId: 'pi_2', status: 'failed', declineCode: 'insufficient_funds' });
    const auth = await new StripePaymentProvider(fakeStripe(() => ({ id: 'pi_3', status: 'requires_action' }) as unknown as Stripe.PaymentIntent).client).chargeSaved(input);
    expect(auth).toMatchObject({ intentId: 'pi_3', status: 'failed', declineCode: 'authentication_required' });
    await expect(new StripePaymentProvider(fakeStripe(() => new Error('network down')).client).chargeSaved(input)).rejects.toThrow('network down');
  });
});
