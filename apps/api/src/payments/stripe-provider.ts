/**
 * Stripe payment provider on the official `stripe` SDK (selected by `PAYMENT_PROVIDER=stripe`).
 *
 * Flow: the API creates a PaymentIntent (`automatic_payment_methods` enabled, redirects off) and
 * gives the browser its client secret and the publishable key; the browser collects the card with
 * Stripe.js (Elements) and creates a PaymentMethod (`stripe.createPaymentMethod`), sending only
 * its id (`pm_...`) to the storefront; at order placement the API confirms the intent with that
 * id. The card number never reaches our servers. Cards needing 3-D Secure answer
 * `authentication_required` (handling `next_action` in the browser is future work).
 *
 * The Stripe client is injected ({@link StripeClientLike}) so tests use a fake without network.
 */
import Stripe from 'stripe';
import { invalidInput } from '@store/domain';
import type {
  ChargeSavedInput,
  ChargeSavedResult,
  ConfirmOptions,
  ConfirmResult,
  CreateCustomerInput,
  CreatedIntent,
  CreateIntentInput,
  DeclineCode,
  IntentStatus,
  PaymentIntentStatus,
  PaymentMethodInput,
  PaymentProvider,
  PaymentSummary,
  SavedMethodInfo,
  SavePaymentMethodInput,
} from './provider.ts';

/** The part of the Stripe client this provider uses (a real `Stripe` instance satisfies it). */
export interface StripeClientLike {
  paymentIntents: {
    create(params: Stripe.PaymentIntentCreateParams, options?: Stripe.RequestOptions): Promise<Stripe.PaymentIntent>;
    update(id: string, params: Stripe.PaymentIntentUpdateParams, options?: Stripe.RequestOptions): Promise<Stripe.PaymentIntent>;
    confirm(id: string, params?: Stripe.PaymentIntentConfirmParams, options?: Stripe.RequestOptions): Promise<Stripe.PaymentIntent>;
    cancel(id: string, params?: Stripe.PaymentIntentCancelParams, options?: Stripe.RequestOptions): Promise<Stripe.PaymentIntent>;
    retrieve(id: string, params?: Stripe.PaymentIntentRetrieveParams, options?: Stripe.RequestOptions): Promise<Stripe.PaymentIntent>;
  };
  /** customer objects (issue 3 saved cards); optional so payment-only fakes stay valid */
  customers?: {
    create(params: Stripe.CustomerCreateParams, options?: Stripe.RequestOptions): Promise<Stripe.Customer>;
  };
  /** saved payment methods (issue 3) */
  paymentMethods?: {
    attach(id: string, params: Stripe.PaymentMethodAttachParams, options?: Stripe.RequestOptions): Promise<Stripe.PaymentMethod>;
    list(params: Stripe.PaymentMethodListParams, options?: Stripe.RequestOptions): Promise<{ data: Stripe.PaymentMethod[] }>;
    detach(id: string, params?: Stripe.PaymentMethodDetachParams, options?: Stripe.RequestOptions): Promise<Stripe.PaymentMethod>;
  };
  /** refunds (issue 4: order cancellation); optional so payment-only fakes stay valid */
  refunds?: {
    create(params: Stripe.RefundCreateParams, options?: Stripe.RequestOptions): Promise<Stripe.Refund>;
  };
}

function methodInfo(pm: Stripe.PaymentMethod): SavedMethodInfo {
  return {
    providerPaymentMethodId: pm.id,
    brand: pm.card?.brand ?? 'card',
    last4: pm.card?.last4 ?? '',
    expMonth: pm.card?.exp_month ?? 0,
    expYear: pm.card?.exp_year ?? 0,
  };
}

/** Creates a real Stripe client for a secret key (network calls time out after 20 s, 2 retries). */
export function createStripeClient(secretKey: string): StripeClientLike {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

function summaryOf(pi: Stripe.PaymentIntent): PaymentSummary | undefined {
  const pm = pi.payment_method;
  if (pm && typeof pm === 'object' && pm.card) return { brand: pm.card.brand, last4: pm.card.last4 };
  return undefined;
}

function mapStatus(s: Stripe.PaymentIntent.Status): PaymentIntentStatus {
  switch (s) {
    case 'requires_payment_method':
    case 'requires_confirmation':
    case 'requires_action':
    case 'processing':
    case 'succeeded':
    case 'canceled':
      return s as PaymentIntentStatus;
    default:
      // requires_capture: this provider always captures automatically, so it does not occur.
      return 'processing';
  }
}

/** Maps a Stripe error code / decline code to ours. */
export function mapStripeDecline(code: string | undefined, declineCode: string | undefined): DeclineCode {
  if (declineCode === 'insufficient_funds' || code === 'insufficient_funds') return 'insufficient_funds';
  if (code === 'expired_card' || declineCode === 'expired_card') return 'expired_card';
  if (code === 'incorrect_number' || code === 'invalid_number' || declineCode === 'incorrect_number' || declineCode === 'invalid_number') return 'invalid_number';
  if (code === 'authentication_required' || declineCode === 'authentication_required') return 'authentication_required';
  if (code === 'processing_error') return 'processing_error';
  return 'card_declined';
}

interface StripeErrorLike {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  payment_intent?: Stripe.PaymentIntent;
}

function asCardError(error: unknown): StripeErrorLike | null {
  if (error && typeof error === 'object' && (error as StripeErrorLike).type === 'StripeCardError') return error as StripeErrorLike;
  return null;
}

/** The Stripe provider (see module comment). */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string | undefined;
  readonly #client: StripeClientLike;

  constructor(client: StripeClientLike, opts: { publishableKey?: string } = {}) {
    this.#client = client;
    this.publishableKey = opts.publishableKey;
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const pi = await this.#client.paymentIntents.create(
      {
        amount: input.amountMinor,
        currency: input.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        metadata: { cartGuid: input.cartGuid, baseSite: input.site },
      },
      input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
    );
    if (!pi.client_secret) throw new Error('Stripe answered a PaymentIntent without client_secret');
    return { id: pi.id, clientSecret: pi.client_secret, status: mapStatus(pi.status) };
  }

  async updateAmount(id: string, amountMinor: number, currency: string): Promise<void> {
    await this.#client.paymentIntents.update(id, { amount: amountMinor, currency: currency.toLowerCase() });
  }

  async confirm(id: string, paymentMethod: PaymentMethodInput | undefined, opts: ConfirmOptions): Promise<ConfirmResult> {
    const pmId =
      paymentMethod && 'stripePaymentMethodId' in paymentMethod
        ? paymentMethod.stripePaymentMethodId
        : paymentMethod && 'providerPaymentMethodId' in paymentMethod
          ? paymentMethod.providerPaymentMethodId
          : undefined;
    if (typeof pmId !== 'string' || !pmId.startsWith('pm_')) {
      return { status: 'failed', declineCode: 'payment_method_required', message: 'A Stripe payment method id (pm_...) is required.' };
    }
    let pi: Stripe.PaymentIntent;
    try {
      if (opts.customerId) {
        // A saved method can only be used on an intent of its customer; saveForFuture keeps a new one on it.
        await this.#client.paymentIntents.update(id, { customer: opts.customerId, ...(opts.saveForFuture ? { setup_future_usage: 'off_session' as const } : {}) });
      }
      pi = await this.#client.paymentIntents.confirm(id, { payment_method: pmId, expand: ['payment_method'] }, { idempotencyKey: `confirm-${opts.idempotencyKey}` });
    } catch (error) {
      const card = asCardError(error);
      if (!card) throw error;
      const out: ConfirmResult = { status: 'failed', declineCode: mapStripeDecline(card.code, card.decline_code) };
      if (card.message) out.message = card.message;
      return out;
    }
    const summary = summaryOf(pi);
    if (pi.status === 'succeeded') return summary ? { status: 'succeeded', summary } : { status: 'succeeded' };
    if (pi.status === 'requires_action') return { status: 'failed', declineCode: 'authentication_required', message: 'The card needs authentication.' };
    const err = pi.last_payment_error;
    const out: ConfirmResult = { status: 'failed', declineCode: err ? mapStripeDecline(err.code, err.decline_code) : 'processing_error' };
    if (err?.message) out.message = err.message;
    return out;
  }

  /**
   * Off-session charge of a saved card (issue 10, ADR 0018): one PaymentIntent created with
   * `confirm: true, off_session: true` on the saved method and its customer, under the caller's
   * idempotency key (the SDK's 20 s timeout and 2 retries, like every call of this provider). A
   * card error (declined, `authentication_required`) is answered as `failed`.
   */
  async chargeSaved(input: ChargeSavedInput): Promise<ChargeSavedResult> {
    let pi: Stripe.PaymentIntent;
    try {
      pi = await this.#client.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          customer: input.providerCustomerId,
          payment_method: input.providerPaymentMethodId,
          confirm: true,
          off_session: true,
          expand: ['payment_method'],
          metadata: { baseSite: input.site, reference: input.reference },
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      const card = asCardError(error);
      if (!card) throw error;
      const out: ChargeSavedResult = { intentId: card.payment_intent?.id ?? '', status: 'failed', declineCode: mapStripeDecline(card.code, card.decline_code) };
      if (card.message) out.message = card.message;
      return out;
    }
    const summary = summaryOf(pi);
    if (pi.status === 'succeeded') return { intentId: pi.id, status: 'succeeded', ...(summary ? { summary } : {}) };
    const err = pi.last_payment_error;
    const out: ChargeSavedResult = {
      intentId: pi.id,
      status: 'failed',
      declineCode: pi.status === 'requires_action' ? 'authentication_required' : err ? mapStripeDecline(err.code, err.decline_code) : 'processing_error',
    };
    if (err?.message) out.message = err.message;
    return out;
  }

  #customersApi() {
    const { customers, paymentMethods } = this.#client;
    if (!customers || !paymentMethods) throw new Error('this Stripe client has no customers/paymentMethods API');
    return { customers, paymentMethods };
  }

  async createCustomer(input: CreateCustomerInput): Promise<string> {
    const { customers } = this.#customersApi();
    const c = await customers.create(
      { email: input.email, ...(input.name ? { name: input.name } : {}), metadata: { customerId: input.customerId } },
      { idempotencyKey: `customer-${input.customerId}` },
    );
    return c.id;
  }

  async attachPaymentMethod(providerCustomerId: string, method: SavePaymentMethodInput): Promise<SavedMethodInfo> {
    const { paymentMethods } = this.#customersApi();
    const pmId = 'stripePaymentMethodId' in method ? method.stripePaymentMethodId : '';
    if (!pmId.startsWith('pm_')) throw invalidInput('PaymentError', 'paymentMethodRequired', 'A Stripe payment method id (pm_...) is required.', 'stripePaymentMethodId');
    try {
      return methodInfo(await paymentMethods.attach(pmId, { customer: providerCustomerId }));
    } catch (error) {
      const card = asCardError(error);
      if (!card) throw error;
      const code = mapStripeDecline(card.code, card.decline_code);
      const reason = code === 'expired_card' ? 'expiredCard' : code === 'invalid_number' ? 'invalidCardNumber' : 'cardDeclined';
      throw invalidInput('PaymentError', reason, card.message ?? 'The card was refused.', 'stripePaymentMethodId');
    }
  }

  async listPaymentMethods(providerCustomerId: string): Promise<SavedMethodInfo[]> {
    const { paymentMethods } = this.#customersApi();
    const list = await paymentMethods.list({ customer: providerCustomerId, type: 'card', limit: 100 });
    return list.data.map(methodInfo);
  }

  async detachPaymentMethod(providerPaymentMethodId: string): Promise<void> {
    const { paymentMethods } = this.#customersApi();
    try {
      await paymentMethods.detach(providerPaymentMethodId);
    } catch (error) {
      // Already detached (or deleted on Stripe's side): nothing left to do.
      if ((error as { code?: string }).code === 'resource_missing' || (error as { type?: string }).type === 'StripeInvalidRequestError') return;
      throw error;
    }
  }

  /** Refunds part or all of a succeeded PaymentIntent (`refunds.create`). */
  async refund(intentId: string, amountMinor: number, opts: { idempotencyKey: string }): Promise<{ id: string }> {
    const refunds = this.#client.refunds;
    if (!refunds) throw new Error('this Stripe client has no refunds API');
    const r = await refunds.create({ payment_intent: intentId, amount: amountMinor }, { idempotencyKey: `refund-${opts.idempotencyKey}` });
    return { id: r.id };
  }

  async cancel(id: string): Promise<void> {
    const pi = await this.#client.paymentIntents.retrieve(id);
    if (pi.status === 'canceled' || pi.status === 'succeeded') return;
    await this.#client.paymentIntents.cancel(id);
  }

  async status(id: string): Promise<IntentStatus> {
    const pi = await this.#client.paymentIntents.retrieve(id, { expand: ['payment_method'] });
    const out: IntentStatus = { id: pi.id, status: mapStatus(pi.status), amountMinor: pi.amount, currency: pi.currency.toUpperCase() };
    const summary = summaryOf(pi);
    if (summary) out.summary = summary;
    return out;
  }
}
