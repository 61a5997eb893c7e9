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
export type PaymentIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled' | 'failed';

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
export type PaymentMethodInput = { testCardNumber?: string } | { stripePaymentMethodId?: string };

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

/** A payment provider. All amounts in minor units. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
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
  confirm(id: string, paymentMethod: PaymentMethodInput | undefined, opts: { idempotencyKey: string }): Promise<ConfirmResult>;
  /** Cancels an intent that has not succeeded (no-op when already cancelled). */
  cancel(id: string): Promise<void>;
  /** The provider's view of an intent (used to reconcile after an unexpected failure). */
  status(id: string): Promise<IntentStatus>;
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
