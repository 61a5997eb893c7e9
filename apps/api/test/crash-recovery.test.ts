/**
 * Crash leftovers, for real (issue 9 item 5; ADR 0014): the store runs as a child process
 * (`node --import tsx apps/api/src/main.ts`, its own port, STOREFRONT=off) on a SQLite file and on
 * a PostgreSQL database; checkouts are placed and the process is killed with SIGKILL at each
 * dangerous point of order placement — right after the idempotency key is claimed, after the stock
 * reservation, after the charge — through the TEST-ONLY `CRASH_AT` hook (NODE_ENV=test). Then the
 * store restarts, and:
 * - the same key answers 409 while its lease runs (the first request might still be alive);
 * - the orders left `pendingPayment` are settled by the sweeper (start-up, then every 15 s): the
 *   charged one placed, the one never charged released (asserted on state, polled with a generous
 *   bound);
 * - the same idempotency key then completes every checkout: the charged order is answered again,
 *   the released one is placed (after a new payment intent, its old one having been cancelled),
 *   the one that only claimed its key is taken over and placed — one order per cart, each charged
 *   once;
 * - for every variant, stock + units in orders stays what it was before the first crash.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, createCommerceClient, isApiError, requestClientToken, type CommerceCalls, type PlaceOrderRequest } from '@store/contracts';
import { DEMO_CODES, type DbHandle } from '@store/db';
import { createTestDb, dbKinds, TEST_OAUTH_CLIENT, type TestDb } from '@store/testing';
import { expectApiError, newKey, prepareCheckout, type PreparedCheckout } from './support/commerce.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const VISA = { testCardNumber: '4242424242424242' };
/** Generous bound for the sweeper: it settles within a minute of the reservation. */
const SETTLE_BOUND_MS = 120_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A running store process. */
interface Store {
  child: ChildProcess;
  url: string;
  api: CommerceCalls;
  /** what it printed (pino JSON lines), for failure messages */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the store on `databaseUrl` (port chosen by the system) and waits until it listens. */
async function startStore(databaseUrl: string, outboxDir: string, crashAt?: string): Promise<Store> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    STOREFRONT: 'off',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    OUTBOX_DIR: outboxDir,
    JWT_SECRET: randomBytes(24).toString('hex'),
    OAUTH_CLIENT_ID: TEST_OAUTH_CLIENT.clientId,
    OAUTH_CLIENT_SECRET: TEST_OAUTH_CLIENT.clientSecret,
  };
  delete env.CRASH_AT;
  if (crashAt) env.CRASH_AT = crashAt;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/api/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`the store did not start:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /store listening on (http:\/\/[^\s"]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the store exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
  const { access_token: token } = await requestClientToken({
    tokenUrl: `${url}/authorizationserver/oauth/token`,
    fetch,
    clientId: TEST_OAUTH_CLIENT.clientId,
    clientSecret: TEST_OAUTH_CLIENT.clientSecret,
  });
  const api = createCommerceClient(createApiClient({ baseUrl: `${url}/rest/v2`, fetch, getToken: async () => token }));
  return { child, url, api, output: () => out, exited };
}

/** Stops a store gracefully (SIGTERM) and waits for it. */
async function stopStore(store: Store | undefined): Promise<void> {
  if (!store || store.child.exitCode !== null || store.child.signalCode !== null) return;
  store.child.kill('SIGTERM');
  await store.exited;
}

/** Per variant: units in stock plus units in orders (pending or placed). */
async function stockPlusSold(dbh: DbHandle, codes: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const code of codes) {
    const stock = await dbh.db.selectFrom('stock').select('available').where('variant_code', '=', code).executeTakeFirstOrThrow();
    const sold = await dbh.db
      .selectFrom('order_entries as e')
      .innerJoin('orders as o', 'o.code', 'e.order_code')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('e.qty'), eb.lit(0)).as('n'))
      .where('e.variant_code', '=', code)
      .where('o.status', '!=', 'cancelled')
      .executeTakeFirstOrThrow();
    out[code] = Number(stock.available) + Number(sold.n);
  }
  return out;
}

async function ordersOf(dbh: DbHandle, cartGuid: string) {
  return dbh.db.selectFrom('orders').select(['code', 'status']).where('cart_guid', '=', cartGuid).execute();
}

async function chargesOf(dbh: DbHandle, cartGuid: string): Promise<number> {
  const rows = await dbh.db.selectFrom('payment_intents').select('id').where('cart_guid', '=', cartGuid).where('status', '=', 'succeeded').execute();
  return rows.length;
}

describe.each(dbKinds())('a store killed during checkout recovers on %s', (kind) => {
  let db: TestDb;
  let store: Store | undefined;
  const outboxDir = join(tmpdir(), 'store-test-outbox', `crash-${randomBytes(6).toString('hex')}`);
  beforeAll(async () => {
    db = await createTestDb(kind);
  });
  afterAll(async () => {
    await stopStore(store);
    await db?.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('settles crash leftovers after a restart; the same keys complete every order once; stock + sold units never change', { timeout: 300_000 }, async () => {
    const variants = [DEMO_CODES.coffeeVariant24, DEMO_CODES.coffeeVariant48, DEMO_CODES.coffeeVariant96] as const;
    // Three checkouts, one per crash point (two lines for the charged one).
    store = await startStore(db.url, outboxDir);
    const carts: Record<'afterClaim' | 'afterReserve' | 'afterCharge', PreparedCheckout> = {
      afterClaim: await prepareCheckout(store.api, { products: [{ code: variants[0], qty: 1 }] }),
      afterReserve: await prepareCheckout(store.api, { products: [{ code: variants[1], qty: 2 }] }),
      afterCharge: await prepareCheckout(store.api, { products: [{ code: variants[2], qty: 3 }, { code: variants[0], qty: 1 }] }),
    };
    await stopStore(store);
    const before = await stockPlusSold(db.dbh, variants);
    const keys = { afterClaim: newKey(), afterReserve: newKey(), afterCharge: newKey() };
    const body = (p: PreparedCheckout, paymentIntentId = p.paymentIntentId): PlaceOrderRequest & { idempotencyKey: string } => ({ idempotencyKey: '', paymentIntentId, paymentMethod: VISA });

    // Kill the store at each point, one checkout each.
    for (const point of ['afterClaim', 'afterReserve', 'afterCharge'] as const) {
      store = await startStore(db.url, outboxDir, point);
      const p = carts[point];
      const answer = await store.api.placeOrder('usb2c', p.cartGuid, { ...body(p), idempotencyKey: keys[point] }).then(
        () => 'answered',
        (error: unknown) => (isApiError(error) ? `HTTP ${error.status}` : 'connection lost'),
      );
      expect(answer, store.output()).toBe('connection lost');
      expect(await store.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await stockPlusSold(db.dbh, variants)).toEqual(before);
    }
    // What each crash left: a key with no order; a pending order, never charged; a pending order, charged.
    expect(await ordersOf(db.dbh, carts.afterClaim.cartGuid)).toEqual([]);
    const claimed = await db.dbh.db.selectFrom('idempotency_keys').select(['status', 'order_code']).where('key', '=', keys.afterClaim).executeTakeFirstOrThrow();
    expect(claimed).toEqual({ status: 'in_progress', order_code: null });
    const [reserved] = await ordersOf(db.dbh, carts.afterReserve.cartGuid);
    expect(reserved?.status).toBe('pendingPayment');
    expect(await chargesOf(db.dbh, carts.afterReserve.cartGuid)).toBe(0);
    const [charged] = await ordersOf(db.dbh, carts.afterCharge.cartGuid);
    expect(charged?.status).toBe('pendingPayment');
    expect(await chargesOf(db.dbh, carts.afterCharge.cartGuid)).toBe(1);

    // Restart. While the lease of the charged order's key runs, its request might still be alive: 409.
    store = await startStore(db.url, outboxDir);
    const api = store.api;
    await expectApiError(api.placeOrder('usb2c', carts.afterCharge.cartGuid, { ...body(carts.afterCharge), idempotencyKey: keys.afterCharge }), 409, 'requestInProgress');

    // The sweeper settles both pending orders (polled; it acts within a minute of the reservation).
    const settled = async () => {
      const c = await ordersOf(db.dbh, carts.afterCharge.cartGuid);
      const r = await ordersOf(db.dbh, carts.afterReserve.cartGuid);
      return c.length === 1 && c[0]?.status === 'created' && r.length === 0;
    };
    const giveUp = Date.now() + SETTLE_BOUND_MS;
    while (!(await settled()) && Date.now() < giveUp) await sleep(1000);
    expect(await settled(), store.output()).toBe(true);
    expect(await stockPlusSold(db.dbh, variants)).toEqual(before);
    // the never-charged order's intent was cancelled, so no late confirmation can charge it
    const cancelled = await db.dbh.db.selectFrom('payment_intents').select('status').where('id', '=', carts.afterReserve.paymentIntentId).executeTakeFirstOrThrow();
    expect(cancelled.status).toBe('canceled');

    // The same keys complete every checkout.
    const chargedAgain = await api.placeOrder('usb2c', carts.afterCharge.cartGuid, { ...body(carts.afterCharge), idempotencyKey: keys.afterCharge });
    expect(chargedAgain).toMatchObject({ code: charged?.code, status: 'created' });
    expect(chargedAgain.entries.map((e) => [e.product.code, e.quantity])).toEqual([
      [variants[2], 3],
      [variants[0], 1],
    ]);

    await expectApiError(api.placeOrder('usb2c', carts.afterReserve.cartGuid, { ...body(carts.afterReserve), idempotencyKey: keys.afterReserve }), 400, 'invalidPaymentIntent');
    const intent = await api.createPaymentIntent('usb2c', carts.afterReserve.cartGuid);
    const reservedAgain = await api.placeOrder('usb2c', carts.afterReserve.cartGuid, { ...body(carts.afterReserve, intent.paymentIntentId), idempotencyKey: keys.afterReserve });
    expect(reservedAgain.status).toBe('created');

    // the first key's lease is long over (it was claimed before the other two crashes)
    const claimedAgain = await api.placeOrder('usb2c', carts.afterClaim.cartGuid, { ...body(carts.afterClaim), idempotencyKey: keys.afterClaim });
    expect(claimedAgain.status).toBe('created');

    // One order per cart, each charged once; asking again answers the same orders.
    for (const [point, p] of Object.entries(carts)) {
      const orders = await ordersOf(db.dbh, p.cartGuid);
      expect(orders.map((o) => o.status), point).toEqual(['created']);
      expect(await chargesOf(db.dbh, p.cartGuid), point).toBe(1);
    }
    const replay = await api.placeOrder('usb2c', carts.afterClaim.cartGuid, { ...body(carts.afterClaim), idempotencyKey: keys.afterClaim });
    expect(replay.code).toBe(claimedAgain.code);
    expect(await stockPlusSold(db.dbh, variants)).toEqual(before);
  });
});
