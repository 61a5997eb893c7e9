/**
 * The built-in test payment provider: simulated card payments whose state lives in the
 * `payment_intents` table (no per-process state, so several API processes agree).
 *
 * Documented test cards (spaces and dashes are ignored):
 * | number              | result                                   |
 * |---------------------|------------------------------------------|
 * | 4242 4242 4242 4242 | succeeds                                 |
 * | 4000 0000 0000 0002 | declined (`card_declined`)               |
 * | 4000 0000 0000 9995 | declined (`insufficient_funds`)          |
 * | any other Luhn-valid 12–19 digit number | succeeds             |
 * | anything else       | `invalid_number`                         |
 *
 * The card number is never stored nor logged: only the brand and the last 4 digits. A refund
 * (order cancellation, issue 4) moves a succeeded intent to `refunded`.
 *
 * Customer objects and saved cards (issue 3): `createCustomer` answers `cus_test_<random>`;
 * `attachPaymentMethod` checks the number and expiry and answers `pm_test_<random>` (the two
 * declining test cards give `pm_test_decline_...` / `pm_test_nofunds_...`, so a saved card keeps its
 * test outcome without its number). The flows record both in `payment_customers` /
 * `saved_payment_methods`, which is where this provider reads them back (no other state).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@store/db';
import {
  findPaymentCustomerByProviderId,
  findPaymentIntent,
  findSavedPaymentMethodByProviderId,
  insertPaymentIntent,
  listSavedPaymentMethods,
  transitionPaymentIntent,
  updatePaymentIntent,
} from '@store/db';
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
import { cardBrand, cardExpired, luhnValid } from './provider.ts';

/** The documented test card numbers. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** Statuses from which an intent may be (re)confirmed or have its amount changed. */
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'failed'];

function parseSummary(json: string | null): PaymentSummary | undefined {
  if (!json) return undefined;
  try {
    const v = JSON.parse(json) as Partial<PaymentSummary>;
    return typeof v.brand === 'string' && typeof v.last4 === 'string' ? { brand: v.brand, last4: v.last4 } : undefined;
  } catch {
    return undefined;
  }
}

/** The outcome of a test card number (digits only). */
export function testCardOutcome(digits: string): { ok: true } | { ok: false; declineCode: DeclineCode; message: string } {
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { ok: false, declineCode: 'invalid_number', message: 'The card number is not valid.' };
  if (digits === TEST_CARDS.declined) return { ok: false, declineCode: 'card_declined', message: 'Your card was declined.' };
  if (digits === TEST_CARDS.insufficientFunds) return { ok: false, declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  return { ok: true };
}

/** The outcome of a saved test card, from the tag its id carries (see module comment). */
function savedOutcome(providerPaymentMethodId: string): ReturnType<typeof testCardOutcome> {
  if (providerPaymentMethodId.startsWith('pm_test_decline_')) return { ok: false, declineCode: 'card_declined', message: 'Your card was declined.' };
  if (providerPaymentMethodId.startsWith('pm_test_nofunds_')) return { ok: false, declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  return { ok: true };
}

/** The built-in test provider (see module comment). */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  /** it writes the outcome of a confirmation into payment_intents itself (see PaymentProvider) */
  readonly recordsIntentOutcome = true;
  readonly publishableKey = undefined;
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;

  /**
   * @param db the store database (never a transaction: intents are written on their own)
   * @param now clock, for tests
   */
  constructor(db: Kysely<Database>, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor < 0) throw new RangeError(`amountMinor must be a non-negative integer, got ${input.amountMinor}`);
    const id = `pi_test_${randomBytes(12).toString('hex')}`;
    const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
    const now = this.#now().toISOString();
    await insertPaymentIntent(this.#db, {
      id,
      provider: 'test',
      base_site: input.site,
      cart_guid: input.cartGuid,
      amount_minor: input.amountMinor,
      currency: input.currency,
      status: 'requires_payment_method',
      client_secret: clientSecret,
      last_error: null,
      payment_summary: null,
      created_at: now,
      updated_at: now,
    });
    return { id, clientSecret, status: 'requires_payment_method' };
  }

  async updateAmount(id: string, amountMinor: number, currency: string): Promise<void> {
    const row = await findPaymentIntent(this.#db, id);
    if (!row) throw new Error(`unknown payment intent ${id}`);
    if (!CONFIRMABLE.includes(row.status)) throw new Error(`payment intent ${id} cannot change amount in status ${row.status}`);
    await updatePaymentIntent(this.#db, id, { amount_minor: amountMinor, currency }, this.#now().toISOString());
  }

  async confirm(id: string, paymentMethod: PaymentMethodInput | undefined, opts: ConfirmOptions): Promise<ConfirmResult> {
    // A test card decides its outcome by itself: one conditional update records it (issue 11 item
    // 6), and only when it changes nothing (unknown intent, another provider's, or no longer
    // confirmable) is the row read to answer as below.
    const raw = paymentMethod && 'testCardNumber' in paymentMethod ? paymentMethod.testCardNumber : undefined;
    if (typeof raw === 'string' && raw.trim() !== '') {
      const digits = raw.replace(/[\s-]/g, '');
      const outcome = testCardOutcome(digits);
      const summary: PaymentSummary | undefined = outcome.ok || outcome.declineCode !== 'invalid_number' ? { brand: cardBrand(digits), last4: digits.slice(-4) } : undefined;
      const summaryJson = summary ? JSON.stringify(summary) : null;
      const changed = await this.#db
        .updateTable('payment_intents')
        .set({ status: outcome.ok ? 'succeeded' : 'failed', last_error: outcome.ok ? null : outcome.declineCode, payment_summary: summaryJson, updated_at: this.#now().toISOString() })
        .where('id', '=', id)
        .where('provider', '=', 'test')
        .where('status', 'in', [...CONFIRMABLE])
        .executeTakeFirst();
      if (changed.numUpdatedRows > 0n) {
        if (outcome.ok) return summary ? { status: 'succeeded', summary } : { status: 'succeeded' };
        const failed: ConfirmResult = { status: 'failed', declineCode: outcome.declineCode, message: outcome.message };
        if (summary) failed.summary = summary;
        return failed;
      }
    }
    const row = await findPaymentIntent(this.#db, id);
    if (!row || row.provider !== 'test') throw new Error(`unknown payment intent ${id}`);
    if (row.status === 'succeeded') {
      const summary = parseSummary(row.payment_summary);
      return summary ? { status: 'succeeded', summary } : { status: 'succeeded' };
    }
    if (!CONFIRMABLE.includes(row.status)) return { status: 'failed', declineCode: 'processing_error', message: `The payment is ${row.status}.` };
    const now = this.#now().toISOString();
    let outcome: ReturnType<typeof testCardOutcome>;
    let summary: PaymentSummary | undefined;
    if (paymentMethod && 'providerPaymentMethodId' in paymentMethod) {
      const saved = await this.#savedMethodOf(paymentMethod.providerPaymentMethodId, opts.customerId);
      if (!saved) {
        await updatePaymentIntent(this.#db, id, { status: 'failed', last_error: 'payment_method_required' }, now);
        return { status: 'failed', declineCode: 'payment_method_required', message: 'The saved card is not available.' };
      }
      outcome = savedOutcome(saved.provider_payment_method_id);
      summary = { brand: saved.brand, last4: saved.last4 };
    } else {
      const raw = paymentMethod && 'testCardNumber' in paymentMethod ? paymentMethod.testCardNumber : undefined;
      if (typeof raw !== 'string' || raw.trim() === '') {
        await updatePaymentIntent(this.#db, id, { status: 'failed', last_error: 'payment_method_required' }, now);
        return { status: 'failed', declineCode: 'payment_method_required', message: 'A card number is required.' };
      }
      const digits = raw.replace(/[\s-]/g, '');
      outcome = testCardOutcome(digits);
      // Only brand + last 4 are kept; an invalid number keeps nothing at all.
      summary = outcome.ok || outcome.declineCode !== 'invalid_number' ? { brand: cardBrand(digits), last4: digits.slice(-4) } : undefined;
    }
    const summaryJson = summary ? JSON.stringify(summary) : null;
    if (outcome.ok) {
      const won = await transitionPaymentIntent(this.#db, id, CONFIRMABLE, 'succeeded', { last_error: null, payment_summary: summaryJson }, now);
      if (!won) return this.#afterLostRace(id);
      return summary ? { status: 'succeeded', summary } : { status: 'succeeded' };
    }
    const changed = await transitionPaymentIntent(this.#db, id, CONFIRMABLE, 'failed', { last_error: outcome.declineCode, payment_summary: summaryJson }, now);
    if (!changed) return this.#afterLostRace(id);
    const failed: ConfirmResult = { status: 'failed', declineCode: outcome.declineCode, message: outcome.message };
    if (summary) failed.summary = summary;
    return failed;
  }

  /** Another confirmation changed the intent first: answer what it decided. */
  async #afterLostRace(id: string): Promise<ConfirmResult> {
    const row = await findPaymentIntent(this.#db, id);
    const summary = parseSummary(row?.payment_summary ?? null);
    if (row?.status === 'succeeded') return summary ? { status: 'succeeded', summary } : { status: 'succeeded' };
    return { status: 'failed', declineCode: 'processing_error', message: 'The payment changed while it was being confirmed.' };
  }

  /** A saved test method owned by the provider customer `customerId`, or undefined. */
  async #savedMethodOf(providerPaymentMethodId: string, customerId: string | undefined) {
    if (!customerId || !providerPaymentMethodId.startsWith('pm_test_')) return undefined;
    const saved = await findSavedPaymentMethodByProviderId(this.#db, 'test', providerPaymentMethodId);
    const owner = await findPaymentCustomerByProviderId(this.#db, 'test', customerId);
    return saved && owner && owner.customer_id === saved.customer_id ? saved : undefined;
  }

  async createCustomer(_input: CreateCustomerInput): Promise<string> {
    return `cus_test_${randomBytes(12).toString('hex')}`;
  }

  async attachPaymentMethod(_providerCustomerId: string, method: SavePaymentMethodInput): Promise<SavedMethodInfo> {
    if (!('testCardNumber' in method)) throw invalidInput('PaymentError', 'invalidCardNumber', 'Enter a test card number.', 'testCardNumber');
    const digits = method.testCardNumber.replace(/[\s-]/g, '');
    const outcome = testCardOutcome(digits);
    if (!outcome.ok && outcome.declineCode === 'invalid_number') throw invalidInput('PaymentError', 'invalidCardNumber', 'The card number is not valid.', 'testCardNumber');
    if (cardExpired(method.expMonth, method.expYear, this.#now())) throw invalidInput('PaymentError', 'expiredCard', 'Your card has expired.', 'expYear');
    const tag = digits === TEST_CARDS.declined ? 'decline_' : digits === TEST_CARDS.insufficientFunds ? 'nofunds_' : '';
    return {
      providerPaymentMethodId: `pm_test_${tag}${randomBytes(12).toString('hex')}`,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: method.expMonth,
      expYear: method.expYear,
    };
  }

  async listPaymentMethods(providerCustomerId: string): Promise<SavedMethodInfo[]> {
    const owner = await findPaymentCustomerByProviderId(this.#db, 'test', providerCustomerId);
    if (!owner) return [];
    const rows = await listSavedPaymentMethods(this.#db, owner.customer_id, 'test');
    return rows.map((r) => ({ providerPaymentMethodId: r.provider_payment_method_id, brand: r.brand, last4: r.last4, expMonth: Number(r.exp_month), expYear: Number(r.exp_year) }));
  }

  async detachPaymentMethod(_providerPaymentMethodId: string): Promise<void> {
    // The saved row is the only state: the flow deletes it.
  }

  /** Refunds a succeeded intent: status `refunded` (the amount may not exceed what was charged). */
  async refund(intentId: string, amountMinor: number, _opts: { idempotencyKey: string }): Promise<{ id: string }> {
    const row = await findPaymentIntent(this.#db, intentId);
    if (!row || row.provider !== 'test') throw new Error(`unknown payment intent ${intentId}`);
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > Number(row.amount_minor)) throw new RangeError(`cannot refund ${amountMinor} of payment intent ${intentId}`);
    if (row.status !== 'refunded' && !(await transitionPaymentIntent(this.#db, intentId, ['succeeded'], 'refunded', {}, this.#now().toISOString()))) {
      // A concurrent refund of the same intent (two partial returns at once) may have moved it first:
      // the intent is then already `refunded`, which is what this refund needs too.
      const now = await findPaymentIntent(this.#db, intentId);
      if (now?.status !== 'refunded') throw new Error(`payment intent ${intentId} cannot be refunded in status ${now?.status ?? row.status}`);
    }
    return { id: `re_test_${intentId.slice('pi_test_'.length)}` };
  }

  /**
   * Off-session charge of a saved test card (issue 10): the intent id derives from the idempotency
   * key (`pi_test_off_<sha256>`), so a repeated call answers the first outcome; the outcome is the
   * saved card's tag (a card saved from 4000 0000 0000 0002 declines, …9995 has no funds).
   */
  async chargeSaved(input: ChargeSavedInput): Promise<ChargeSavedResult> {
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new RangeError(`amountMinor must be a positive integer, got ${input.amountMinor}`);
    const id = `pi_test_off_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 32)}`;
    const existing = await findPaymentIntent(this.#db, id);
    if (existing && existing.status !== 'requires_payment_method') {
      const summary = parseSummary(existing.payment_summary);
      if (existing.status === 'succeeded') return { intentId: id, status: 'succeeded', ...(summary ? { summary } : {}) };
      return { intentId: id, status: 'failed', declineCode: (existing.last_error as DeclineCode | null) ?? 'processing_error', ...(summary ? { summary } : {}) };
    }
    if (!existing) {
      const now = this.#now().toISOString();
      await this.#db
        .insertInto('payment_intents')
        .values({
          id,
          provider: 'test',
          base_site: input.site,
          cart_guid: input.reference,
          amount_minor: input.amountMinor,
          currency: input.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          last_error: null,
          payment_summary: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    const result = await this.confirm(id, { providerPaymentMethodId: input.providerPaymentMethodId }, { idempotencyKey: input.idempotencyKey, customerId: input.providerCustomerId });
    return { ...result, intentId: id };
  }

  async cancel(id: string): Promise<void> {
    await transitionPaymentIntent(this.#db, id, CONFIRMABLE, 'canceled', {}, this.#now().toISOString());
  }

  async status(id: string): Promise<IntentStatus> {
    const row = await findPaymentIntent(this.#db, id);
    if (!row) throw new Error(`unknown payment intent ${id}`);
    const out: IntentStatus = { id, status: row.status as PaymentIntentStatus, amountMinor: Number(row.amount_minor), currency: row.currency };
    const summary = parseSummary(row.payment_summary);
    if (summary) out.summary = summary;
    return out;
  }
}
