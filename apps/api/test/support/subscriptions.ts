/**
 * Fixtures of the auto-delivery tests (issue 10): subscriptions created directly through the
 * repository (the buying API creates them at order placement; these tests do not depend on it), a
 * saved test card, the AD home client of a customer, and a flow context with a controllable clock
 * and a capturing mailer for the scheduler.
 */
import { createApiClient, createSubscriptionClient, type SubscriptionCalls } from '@store/contracts';
import { insertCommitment, insertSubscription, newSubscriptionId, type DbHandle } from '@store/db';
import { TEST_BASE_URL, type TestApp } from '@store/testing';
import type { CommerceContext } from '../../src/flows/context.ts';
import type { Mailer, MailMessage } from '../../src/email/mailer.ts';
import { TestPaymentProvider } from '../../src/payments/index.ts';
import { ADDRESSES, type TestCustomer } from './commerce.ts';

/** The documented test cards (a card saved from the declining one declines off-session). */
export const CARDS = { ok: '4242424242424242', declined: '4000000000000002' } as const;

/** The AD home calls of a signed-in customer. */
export function adHome(t: TestApp, c: TestCustomer): SubscriptionCalls {
  return createSubscriptionClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken }));
}

/** Saves a test card for the customer (creates the provider customer) and answers its id. */
export async function saveCard(c: TestCustomer, card: keyof typeof CARDS = 'ok', site = 'usb2c'): Promise<string> {
  await c.customer.saveStripeCustomerId(site);
  const m = await c.customer.addPaymentDetails(site, { testCardNumber: CARDS[card], expMonth: 12, expYear: 2035 });
  return m.id;
}

/** Options of {@link createSubscription}. */
export interface CreateSubscriptionOptions {
  site?: 'usb2c' | 'cab2c';
  program?: 'AUTO_DELIVERY' | 'SCHEDULED' | 'BREWER_CAMPAIGN' | 'MONTHLY_BOX';
  /** MONTHLY_BOX: choose (default) or curated */
  rotation?: 'choose' | 'curated';
  frequencyWeeks?: number;
  dayOfMonth?: number;
  nextShipDate: string;
  items?: Array<{ variantCode: string; qty: number; backup?: string }>;
  cardId: string;
  lang?: 'en' | 'fr';
  status?: 'active' | 'paused' | 'suspended' | 'cancelled';
  /** opens a FIFTYPERCENTBREWER commitment (list 10000, paid 5000) */
  campaign?: { boxesCounted?: number; ordersCounted?: number; deadline?: string };
}

/** Creates a subscription (and its items) directly in the database; answers its id. */
export async function createSubscription(dbh: DbHandle, customerId: string, o: CreateSubscriptionOptions): Promise<string> {
  const site = o.site ?? 'usb2c';
  const program = o.campaign ? 'BREWER_CAMPAIGN' : (o.program ?? 'AUTO_DELIVERY');
  const weekly = program !== 'SCHEDULED' && program !== 'MONTHLY_BOX';
  const id = newSubscriptionId('sub');
  const now = new Date().toISOString();
  await insertSubscription(
    dbh.db,
    {
      id,
      customer_id: customerId,
      base_site: site,
      currency: site === 'cab2c' ? 'CAD' : 'USD',
      lang: o.lang ?? 'en',
      program,
      entry_type: program === 'SCHEDULED' ? 'ADF' : program === 'MONTHLY_BOX' ? 'MBOX' : program === 'BREWER_CAMPAIGN' ? 'BBAD' : 'ADC',
      status: o.status ?? 'active',
      frequency_weeks: weekly ? (o.frequencyWeeks ?? 4) : null,
      day_of_month: weekly ? null : (o.dayOfMonth ?? 15),
      next_ship_date: o.nextShipDate,
      shipping_address_json: JSON.stringify(site === 'cab2c' ? ADDRESSES.QC : ADDRESSES.NY),
      saved_payment_method_id: o.cardId,
      campaign_code: o.campaign ? 'FIFTYPERCENTBREWER' : null,
      rotation: program === 'MONTHLY_BOX' ? (o.rotation ?? 'choose') : null,
      created_at: now,
      updated_at: now,
    },
    (o.items ?? [{ variantCode: 'BH-BOLD-SUMMIT-24', qty: 2 }]).map((i, n) => ({ variant_code: i.variantCode, qty: i.qty, backup_variant_code: i.backup ?? null, sort_order: n, created_at: now })),
  );
  if (o.campaign) {
    const customer = await dbh.db.selectFrom('customers').select('email').where('id', '=', customerId).executeTakeFirstOrThrow();
    await insertCommitment(dbh.db, {
      id: newSubscriptionId('cm'),
      subscription_id: id,
      base_site: site,
      campaign_code: 'FIFTYPERCENTBREWER',
      customer_id: customerId,
      email: customer.email,
      address_key: `${id}-address`,
      currency: site === 'cab2c' ? 'CAD' : 'USD',
      brewer_variant_code: 'BH-SOLO',
      brewer_list_minor: 10_000,
      brewer_paid_minor: 5_000,
      boxes_required: 16,
      min_orders: 4,
      min_boxes_per_order: 4,
      boxes_counted: o.campaign.boxesCounted ?? 0,
      orders_counted: o.campaign.ordersCounted ?? 0,
      deadline: o.campaign.deadline ?? '2099-12-31',
      status: 'open',
      clawback_minor: null,
      clawback_order_code: null,
      parent_order_code: 'PARENT',
      created_at: now,
      updated_at: now,
    });
  }
  return id;
}

/** A mailer that keeps what it sends. */
export function capturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  const pending: Array<Promise<unknown>> = [];
  return {
    kind: 'outbox',
    outboxDir: undefined,
    sent,
    async send(message) {
      sent.push(message);
      return { id: String(sent.length) };
    },
    sendInBackground(task) {
      pending.push(task().catch(() => undefined));
    },
    async flush() {
      await Promise.all(pending.splice(0));
    },
    async close() {
      await this.flush();
    },
  };
}

/** A flow context on a test app's database with a clock the test moves (`clock.now`). */
export function flowContext(dbh: DbHandle, clock: { now: Date }): CommerceContext & { mailer: ReturnType<typeof capturingMailer> } {
  const silent = { info() {}, warn() {}, error() {} };
  return { dbh, payments: new TestPaymentProvider(dbh.db, () => clock.now), mailer: capturingMailer(), log: silent, now: () => clock.now };
}

/** Cancels the subscriptions the seed created (the demo customer's), so scheduler runs only see the test's own. */
export async function cancelSeededSubscriptions(dbh: DbHandle): Promise<void> {
  await dbh.db.updateTable('subscriptions').set({ status: 'cancelled' }).execute();
}
