/**
 * Bench section "recurring orders" (issue 10; ADR 0018 "Recurring orders"): on a fresh database
 * (SQLite file, or PostgreSQL with DATABASE_URL), N auto-delivery subscriptions all due the same
 * day are placed by one scheduler run (`runRecurringOrders`, the same code as the server's and
 * `npm run jobs`, test payment provider, no email transport). Figures:
 * - recurring orders created per second, against a BASELINE measured in the same run on the same
 *   database: the bare writes of an order as checkout makes them (one transaction: the
 *   conditional stock decrement + the order and its line), per second; ratio = scheduler ÷ baseline
 *   (what claiming, pricing, the off-session charge and settling cost on top);
 * - SQL statements of one recurring order with 1 line and with 5 lines (must be equal: the
 *   statement count does not grow with the lines).
 */
import { randomBytes } from 'node:crypto';
import { runRecurringOrders, TestPaymentProvider, type CommerceContext, type Mailer } from '@store/api';
import { createDb, createQueryCounter, ensureSeeded, insertOrder, migrateToLatest, newSubscriptionId, tryDecrementStockMany, withTransaction, type DbHandle } from '@store/db';
import { generateOrderCode, startOfLocalDay } from '@store/domain';
import { createBenchDatabase } from './database.ts';

/** The figures of the section. */
export interface RecurringFigure {
  subscriptions: number;
  ordersPlaced: number;
  seconds: number;
  ordersPerSec: number;
  /** checkout-style order writes per second (see module comment) */
  baselinePerSec: number;
  /** ordersPerSec ÷ baselinePerSec */
  ratio: number;
  statementsPerOrder: { oneLine: number; fiveLines: number };
  /** oneLine === fiveLines */
  constant: boolean;
}

const VARIANTS = ['BH-BOLD-SUMMIT-12', 'BH-BOLD-SUMMIT-24', 'BH-BOLD-SUMMIT-48', 'BH-CAFE-AU-LAIT-24', 'BH-CAFE-AU-LAIT-72', 'BH-CAMPFIRE-DARK-24', 'BH-SIGNATURE-DARK-24', 'BH-SIGNATURE-DARK-48'];
const CUSTOMER = 'cu_bench_recurring';
const ADDRESS = JSON.stringify({ firstName: 'Ada', lastName: 'Bench', line1: '1 Main Street', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' });
const noon = (day: string) => new Date(startOfLocalDay(day, 'America/New_York').getTime() + 12 * 3_600_000);

const quietMailer: Mailer = {
  kind: 'outbox',
  outboxDir: undefined,
  send: async () => ({ id: 'bench' }),
  sendInBackground: () => {},
  flush: async () => {},
  close: async () => {},
};

async function prepare(dbh: DbHandle): Promise<void> {
  const now = new Date().toISOString();
  const db = dbh.db;
  await db.updateTable('subscriptions').set({ status: 'cancelled' }).execute(); // the seeded demo ones
  await db
    .insertInto('customers')
    .values({ id: CUSTOMER, email: 'bench-recurring@example.com', password_hash: 'x', first_name: 'Ada', last_name: 'Bench', perks_opt_in: 0, is_employee: 0, roles: '', price_group: null, user_group: null, created_at: now, updated_at: now })
    .execute();
  await db.insertInto('payment_customers').values({ customer_id: CUSTOMER, provider: 'test', provider_customer_id: 'cus_test_bench' }).execute();
  await db
    .insertInto('saved_payment_methods')
    .values({ id: 'spm_bench', customer_id: CUSTOMER, provider: 'test', provider_payment_method_id: 'pm_test_bench_4242', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2035, is_default: 1, created_at: now })
    .execute();
  await db.updateTable('stock').set({ available: 10_000_000 }).where('variant_code', 'in', VARIANTS).execute();
}

async function addSubscriptions(dbh: DbHandle, count: number, date: string, lines: number): Promise<string[]> {
  const now = new Date().toISOString();
  const ids: string[] = [];
  for (let start = 0; start < count; start += 200) {
    const chunk = Array.from({ length: Math.min(200, count - start) }, () => newSubscriptionId('sub'));
    ids.push(...chunk);
    await withTransaction(dbh, async (trx) => {
      await trx
        .insertInto('subscriptions')
        .values(
          chunk.map((id) => ({
            id,
            customer_id: CUSTOMER,
            base_site: 'usb2c',
            currency: 'USD',
            lang: 'en',
            program: 'AUTO_DELIVERY',
            entry_type: 'ADC',
            status: 'active',
            frequency_weeks: 4,
            next_ship_date: date,
            shipping_address_json: ADDRESS,
            saved_payment_method_id: 'spm_bench',
            reminded_for_date: date,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('subscription_items')
        .values(chunk.flatMap((id, n) => Array.from({ length: lines }, (_, k) => ({ id: newSubscriptionId('si'), subscription_id: id, variant_code: VARIANTS[(n + k) % VARIANTS.length] as string, qty: 1, backup_variant_code: null, sort_order: k, created_at: now }))))
        .execute();
    });
  }
  return ids;
}

/** The checkout-style baseline: `count` transactions of a conditional stock decrement + an order with one line. */
async function baseline(dbh: DbHandle, count: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    await withTransaction(dbh, async (trx) => {
      const variant = VARIANTS[i % VARIANTS.length] as string;
      const short = await tryDecrementStockMany(trx, [{ variantCode: variant, qty: 1 }]);
      if (short.length) throw new Error('bench stock ran out');
      const code = generateOrderCode('usb2c', (n) => randomBytes(n));
      const now = new Date().toISOString();
      await insertOrder(
        trx,
        {
          code,
          base_site: 'usb2c',
          cart_guid: `bench-baseline:${code}`,
          user_id: CUSTOMER,
          email: 'bench-recurring@example.com',
          status: 'created',
          currency: 'USD',
          lang: 'en',
          subtotal_minor: 1349,
          discount_minor: 0,
          shipping_minor: 0,
          tax_minor: 54,
          total_minor: 1403,
          tax_lines_json: '[]',
          shipping_address_json: ADDRESS,
          billing_address_json: ADDRESS,
          delivery_mode: 'standard',
          payment_intent_id: '',
          payment_provider: 'test',
          payment_summary: '{}',
          created_at: now,
          gift_card_minor: 0,
          kind: 'checkout',
          subscription_id: null,
        },
        [{ order_code: code, entry_number: 0, variant_code: variant, product_code: variant, name: variant, entry_type: 'STD', qty: 1, unit_price_minor: 1349, total_minor: 1349, frequency_weeks: null, subscription_id: null }],
      );
    });
  }
  return count / ((performance.now() - t0) / 1000);
}

/**
 * Runs the section (see module comment) with `count` due subscriptions.
 * @param databaseUrl the user's DATABASE_URL (PostgreSQL server) or undefined (SQLite file)
 */
export async function measureRecurringOrders(databaseUrl: string | undefined, count: number, log: (text: string) => void): Promise<RecurringFigure> {
  const bench = await createBenchDatabase(databaseUrl, 'recurring');
  const counter = createQueryCounter();
  const dbh = createDb(bench.url, { plugins: [counter] });
  try {
    log('recurring: migrating and seeding');
    await migrateToLatest(dbh);
    await ensureSeeded(dbh);
    await prepare(dbh);
    const clock = { now: noon('2030-01-05') };
    const silent = { info() {}, warn() {}, error() {} };
    const ctx: CommerceContext = { dbh, payments: new TestPaymentProvider(dbh.db, () => clock.now), mailer: quietMailer, log: silent, now: () => clock.now };

    // Statements per order: one subscription of 1 line due on the 6th, one of 5 lines on the 7th.
    await addSubscriptions(dbh, 1, '2030-01-06', 1);
    await addSubscriptions(dbh, 1, '2030-01-07', 5);
    await runRecurringOrders(ctx, { sites: ['usb2c'] }); // warm-up (nothing due)
    const statementsOn = async (day: string) => {
      clock.now = noon(day);
      counter.reset();
      const r = await runRecurringOrders(ctx, { sites: ['usb2c'] });
      if (r.placed !== 1) throw new Error(`expected one recurring order on ${day}, got ${r.placed}`);
      return counter.count;
    };
    const oneLine = await statementsOn('2030-01-06');
    const fiveLines = await statementsOn('2030-01-07');

    log(`recurring: baseline (${Math.min(count, 2000)} checkout-style order writes)`);
    const baselinePerSec = await baseline(dbh, Math.min(count, 2000));

    log(`recurring: creating ${count} subscriptions due 2030-01-14`);
    await addSubscriptions(dbh, count, '2030-01-14', 1);
    clock.now = noon('2030-01-14');
    log('recurring: running the scheduler');
    const t0 = performance.now();
    const r = await runRecurringOrders(ctx, { sites: ['usb2c'] });
    const seconds = (performance.now() - t0) / 1000;
    if (r.placed !== count) throw new Error(`the scheduler placed ${r.placed} of ${count} orders (failed ${r.failed}, unknown ${r.unknown})`);
    const ordersPerSec = r.placed / seconds;
    return {
      subscriptions: count,
      ordersPlaced: r.placed,
      seconds: Math.round(seconds * 100) / 100,
      ordersPerSec: Math.round(ordersPerSec),
      baselinePerSec: Math.round(baselinePerSec),
      ratio: Math.round((ordersPerSec / baselinePerSec) * 1000) / 1000,
      statementsPerOrder: { oneLine, fiveLines },
      constant: oneLine === fiveLines,
    };
  } finally {
    await dbh.close();
    await bench.dispose();
  }
}

/** The section as printed under the report. */
export function renderRecurring(f: RecurringFigure): string {
  const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
  return [
    '== Recurring orders (scheduler, one run)',
    `subscriptions due  orders placed  seconds  orders/s  baseline orders/s  ratio  statements/order 1 line  5 lines  constant`,
    `${String(f.subscriptions).padStart(17)}  ${String(f.ordersPlaced).padStart(13)}  ${String(f.seconds).padStart(7)}  ${String(f.ordersPerSec).padStart(8)}  ${String(f.baselinePerSec).padStart(17)}  ${pct(f.ratio).padStart(5)}  ${String(f.statementsPerOrder.oneLine).padStart(23)}  ${String(f.statementsPerOrder.fiveLines).padStart(7)}  ${f.constant ? 'yes' : 'NO'}`,
    'baseline: checkout-style order writes (conditional stock decrement + order + line, one transaction each) on the same database',
  ].join('\n');
}
