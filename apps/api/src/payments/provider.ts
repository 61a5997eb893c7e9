/**
 * The payment provider interface (issue 2 "Guest single-step checkout"): payment intents that are
 * created for the cart total, confirmed with a payment method at order placement, cancelled, and
 * queried. Two implementations: the built-in {@link TestPaymentProvider} (test cards, state in
 * the `payment_intents` table) and the Stripe one (official SDK; the card number never reaches our
 * servers). Money in minor units. Implementations never log nor store card numbers.
 */

/** Provider names (`PAYMENT_PROVIDER` configuration). */
export type PaymentProviderName = 'test' | 'stripe';

/** Intent statuses (Stripe's vocabulary, plus `failed` for a declined confirmation). */
export type PaymentIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled' | 'failed' | 'refunded';

/** Why a payment failed. Mapped to `PaymentError` reasons by the place-order flow. */
export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'invalid_number'
  | 'expired_card'
  | 'authentication_required'
  | 'payment_method_required'
  | 'processing_error';

/** What the order shows of the card: brand and last 4 digits, never the number. */
export interface PaymentSummary {
  brand: string;
  last4: string;
}

/**
 * The payment method sent by the client at order placement: a test card number (test provider
 * only) or a Stripe PaymentMethod id created in the browser by Stripe.js (Stripe only).
 */
export type PaymentMethodInput = { testCardNumber?: string } | { stripePaymentMethodId?: string } | SavedMethodRef;

/**
 * A payment method saved on the provider's customer object (issue 3): the provider's own id
 * (`pm_...`). Built by the place-order flow from a saved method the customer owns, never taken
 * from a client; `confirm` then needs `opts.customerId`.
 */
export interface SavedMethodRef {
  providerPaymentMethodId: string;
}

/** Input of {@link PaymentProvider.createCustomer}. */
export interface CreateCustomerInput {
  /** our customer id (kept in the provider's metadata) */
  customerId: string;
  email: string;
  name?: string;
}

/**
 * A payment method to save on a customer (issue 3 `paymentdetails`): with the test provider a
 * test card number and its expiry (the number is never stored); with Stripe the id of a
 * PaymentMethod created by Stripe.js.
 */
export type SavePaymentMethodInput = { testCardNumber: string; expMonth: number; expYear: number } | { stripePaymentMethodId: string };

/** What is kept of a saved payment method: brand, last 4, expiry, and the provider's id. */
export interface SavedMethodInfo {
  providerPaymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Options of {@link PaymentProvider.confirm}. */
export interface ConfirmOptions {
  idempotencyKey: string;
  /** the provider customer the intent is charged for (needed for a saved method) */
  customerId?: string;
  /** ask the provider to keep the method on `customerId` for later payments (Stripe `setup_future_usage`) */
  saveForFuture?: boolean;
}

/** Input of {@link PaymentProvider.createIntent}. */
export interface CreateIntentInput {
  /** minor units, integer > 0 */
  amountMinor: number;
  /** ISO code, e.g. USD */
  currency: string;
  cartGuid: string;
  site: string;
  /** forwarded to the provider so a retried creation does not create two intents */
  idempotencyKey?: string;
}

/** A created intent. `clientSecret` goes to the browser (Stripe.js); it is not a card credential. */
export interface CreatedIntent {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
}

/** Result of {@link PaymentProvider.confirm}. */
export interface ConfirmResult {
  status: 'succeeded' | 'failed';
  declineCode?: DeclineCode;
  /** the provider's message, safe to log (never contains the card number) */
  message?: string;
  summary?: PaymentSummary;
}

/** Result of {@link PaymentProvider.status}. */
export interface IntentStatus {
  id: string;
  status: PaymentIntentStatus;
  amountMinor: number;
  currency: string;
  summary?: PaymentSummary;
}

/**
 * Input of {@link PaymentProvider.chargeSaved}: an off-session charge of a saved card (issue 10,
 * ADR 0018 "Recurring orders": the scheduler charges without the customer present).
 */
export interface ChargeSavedInput {
  /** minor units, integer > 0 */
  amountMinor: number;
  /** ISO code, e.g. USD */
  currency: string;
  /** the provider's customer the card is saved on (`cus_…`) */
  providerCustomerId: string;
  /** the provider's saved payment method (`pm_…`) */
  providerPaymentMethodId: string;
  /** `cycle:<subscription>:<date>:<attempt>` (or `clawback:<subscription>`): a retried call never charges twice */
  idempotencyKey: string;
  site: string;
  /** what the charge is for (order code), kept in the provider's metadata */
  reference: string;
}

/** Result of {@link PaymentProvider.chargeSaved}: the confirm result and the provider's intent id. */
export type ChargeSavedResult = ConfirmResult & { intentId: string };

/** A payment provider. All amounts in minor units. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * true when the provider keeps its intents in our `payment_intents` table and writes the final
   * status and card summary there itself when it confirms (the test provider); the placement then
   * does not write them a second time (issue 11 item 6). Providers with their own store (Stripe):
   * absent, the placement records the outcome.
   */
  readonly recordsIntentOutcome?: boolean;
  /** the key the browser needs (Stripe publishable key); undefined for the test provider */
  readonly publishableKey?: string;
  /** Creates an intent for an amount. */
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** Changes the amount of an intent that is not confirmed yet (the cart total changed). */
  updateAmount(id: string, amountMinor: number, currency: string): Promise<void>;
  /**
   * Confirms (charges) an intent with a payment method. Declines are answered as
   * `{status: 'failed', declineCode}`, not thrown; unexpected failures (network, provider down)
   * throw. Confirming an intent that already succeeded answers `succeeded` again.
   */
  confirm(id: string, paymentMethod: PaymentMethodInput | undefined, opts: ConfirmOptions): Promise<ConfirmResult>;
  /** Cancels an intent that has not succeeded (no-op when already cancelled). */
  cancel(id: string): Promise<void>;
  /** The provider's view of an intent (used to reconcile after an unexpected failure). */
  status(id: string): Promise<IntentStatus>;
  /**
   * Creates the provider's customer object for one of our customers (issue 3); answers its id
   * (Stripe `cus_...`). Optional so minimal test doubles stay valid; both real providers have it.
   */
  createCustomer?(input: CreateCustomerInput): Promise<string>;
  /**
   * Saves a payment method on a provider customer.
   * @throws DomainError 400 `PaymentError` (`invalidCardNumber`, `expiredCard`, `cardDeclined`) when the provider refuses it
   */
  attachPaymentMethod?(providerCustomerId: string, method: SavePaymentMethodInput): Promise<SavedMethodInfo>;
  /** The payment methods saved on a provider customer. */
  listPaymentMethods?(providerCustomerId: string): Promise<SavedMethodInfo[]>;
  /** Removes a saved payment method from its customer (no-op when already gone). */
  detachPaymentMethod?(providerPaymentMethodId: string): Promise<void>;
  /**
   * Refunds `amountMinor` of a succeeded intent (issue 4: order cancellation); answers the
   * provider's refund id. Optional so minimal test doubles stay valid; both real providers have it.
   * @throws when the intent did not succeed or the provider refuses
   */
  refund?(intentId: string, amountMinor: number, opts: { idempotencyKey: string }): Promise<{ id: string }>;
  /**
   * Charges a saved card off-session in one step (issue 10 recurring orders and clawbacks; Stripe:
   * a PaymentIntent with `confirm: true, off_session: true` on the saved method and customer).
   * Declines (including `authentication_required`: the customer is not there) are answered as
   * `{status: 'failed'}`, not thrown; unexpected failures throw. The same `idempotencyKey` answers
   * the first outcome again. Optional so minimal test doubles stay valid.
   */
  chargeSaved?(input: ChargeSavedInput): Promise<ChargeSavedResult>;
}

/** The customer-object part of a provider (all optional members present). */
export type CustomerPaymentProvider = PaymentProvider & Required<Pick<PaymentProvider, 'createCustomer' | 'attachPaymentMethod' | 'listPaymentMethods' | 'detachPaymentMethod'>>;

/** Does this provider support customer objects and saved methods? */
export function supportsCustomers(p: PaymentProvider): p is CustomerPaymentProvider {
  return typeof p.createCustomer === 'function' && typeof p.attachPaymentMethod === 'function' && typeof p.listPaymentMethods === 'function' && typeof p.detachPaymentMethod === 'function';
}

/** Is a card expiry (month 1–12, 4-digit year) before the month of `now`? */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expYear < y || (expYear === y && expMonth < m);
}

/** Is `x` a Luhn-valid digit string? */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Card brand from the leading digits (Visa, Mastercard, American Express, Discover; else "Card"). */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}
