/**
 * The server under test, run as a child process of the harness (`server-process.ts` forks it):
 * the production storefront and the API in ONE Fastify process, started by `startServer` of
 * apps/api/src/server.ts exactly as `npm start` starts them (with the SQL counter plugin on the
 * database and the data and routes below added before it listens), on 127.0.0.1 and a free
 * port, on the database named by the config (migrated and seeded), plus the baseline and control
 * routes of the benchmark:
 *
 * - `GET /__bench/hello` — hello-world JSON (the API baseline);
 * - `GET /__bench/static/:name` — the bytes and headers of a page captured once by
 *   `POST /__bench/capture {name, path}`, served from memory (the server-render baseline);
 * - `POST /__bench/sql/start` and `POST /__bench/sql/stop` — count the SQL statements run in
 *   between (Kysely plugin of sql-counter.ts); the harness sends one request in between;
 * - `POST /__bench/settle` — answers once a `SELECT 1` has gone through the database queue (the
 *   pg pool or the SQLite connection) and the process has been idle (< 10 % CPU over 250 ms),
 *   so work left over from the previous measure (requests the load generator gave up on) does
 *   not run into the next one; at most 60 s;
 * - `POST /__bench/profile/start` and `POST /__bench/profile/stop {name}` — a V8 CPU profile of
 *   this process (main thread) between the two, written to `<profileDir>/<name>.cpuprofile`
 *   (only when the config has a `profileDir`, i.e. `npm run bench -- --profile`).
 *
 * Configuration comes as JSON in the `BENCH_SERVER_CONFIG` environment variable; progress, the
 * listening port and the data fixtures go to the parent over IPC (`ServerMessage`). The parent
 * sends `{type: 'stop'}` to close the server and the database and exit (which also writes the
 * CPU profile when the child runs with `--cpu-prof`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { loadConfig, startServer, type RunningServer } from '@store/api';
import { clearReadCache, importCatalog, type Database, type DbHandle } from '@store/db';
import type { Kysely } from 'kysely';
import { createSqlCounter } from './sql-counter.ts';
import { buildLargeCatalog, insertBulkOrders, type OrderVariant } from './large-catalog.ts';

/** What the harness asks of the server. */
export interface ServerConfig {
  databaseUrl: string;
  /** the port to listen on (127.0.0.1), chosen free by the harness */
  port: number;
  /** a directory for the server's own files (catalogue file, outbox) */
  workDir: string;
  /** absolute path of the storefront build (apps/storefront/build) */
  buildDir: string;
  /** 'demo': the seeded demo catalogue; 'large': plus generated products and orders */
  catalogue: { kind: 'demo' } | { kind: 'large'; products: number; orders: number };
  /** the storefront's OAuth client (client_credentials), also used by the harness */
  clientId: string;
  clientSecret: string;
  logLevel: string;
  /** where `/__bench/profile/stop` writes CPU profiles; profiling routes answer 404 without it */
  profileDir?: string;
}

/** Codes the measures use, chosen from the database after seeding. */
export interface Fixtures {
  /** the base product of the product page and the API product measure */
  productCode: string;
  /** the category of the category page */
  categoryCode: string;
  /** at least 21 sellable variant codes in stock on usb2c (cart measures) */
  variantCodes: string[];
}

/** Row counts while measuring. */
export interface DataCounts {
  products: number;
  variants: number;
  orders: number;
  orderEntries: number;
  carts: number;
}

/** Messages from the server to the harness. */
export type ServerMessage =
  | { type: 'progress'; text: string }
  | { type: 'ready'; port: number; fixtures: Fixtures; data: DataCounts; setupS: number }
  | { type: 'failed'; message: string };

/** Messages from the harness to the server. */
export type ParentMessage = { type: 'stop' };

function send(message: ServerMessage): void {
  if (process.send) process.send(message);
  else console.error(JSON.stringify(message));
}

const progress = (text: string) => send({ type: 'progress', text });

async function countRows(db: Kysely<Database>): Promise<DataCounts> {
  const count = async (table: keyof Database) => {
    const row = await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    products: await count('products'),
    variants: await count('variants'),
    orders: await count('orders'),
    orderEntries: await count('order_entries'),
    carts: await count('carts'),
  };
}

/** Sellable variants on usb2c: in stock, priced, not discontinued, virtual or a bundle. */
function sellableVariants(db: Kysely<Database>) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.code', 'v.base_product_code')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', 'usb2c'))
    .innerJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', 'usb2c'))
    .innerJoin('stock as s', 's.variant_code', 'v.code')
    .where('p.discontinued', '=', 0)
    .where('p.is_virtual', '=', 0)
    .where('p.is_bundle', '=', 0)
    .where('s.available', '>=', 50);
}

/**
 * Chosen on the demo catalogue (before the large data is loaded), so both scenarios measure the
 * same product, category and cart lines: only the amount of data around them differs.
 */
async function chooseFixtures(db: Kysely<Database>): Promise<Fixtures> {
  // The product page: a beverage with several variants (the common case), from the middle of the list.
  const candidates = await sellableVariants(db)
    .where('p.product_type', '=', 'Coffee')
    .groupBy('p.code')
    .having(sql<number>`count(distinct v.code)`, '>=', 2)
    .select(['p.code', 'p.sort_order'])
    .orderBy('p.sort_order')
    .orderBy('p.code')
    .execute();
  const product = candidates[Math.floor(candidates.length / 2)] ?? (await sellableVariants(db).select('p.code').limit(1).executeTakeFirst());
  if (!product) throw new Error('no sellable product on usb2c to measure');
  // The category page: the biggest category on usb2c.
  const biggest = await db
    .selectFrom('product_categories as pc')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'pc.product_code').on('ps.base_site', '=', 'usb2c'))
    .select(['pc.category_code', sql<number>`count(*)`.as('n')])
    .groupBy('pc.category_code')
    .orderBy('n', 'desc')
    .orderBy('pc.category_code')
    .executeTakeFirst();
  if (!biggest) throw new Error('no category with products on usb2c');
  const categoryCode = biggest.category_code;
  // One variant per product, so a 20-line cart has 20 distinct products.
  const variants = await sellableVariants(db)
    .where('v.is_default', '=', 1)
    .select(['v.code'])
    .orderBy('p.sort_order')
    .orderBy('v.code')
    .limit(40)
    .execute();
  if (variants.length < 21) throw new Error(`only ${variants.length} sellable default variants on usb2c; the cart measures need 21`);
  return { productCode: product.code, categoryCode, variantCodes: variants.map((v) => v.code) };
}

/**
 * Loads the large data set: `products` generated products (also put in the measured category)
 * through the catalogue importer, then `orders` orders over every sellable variant.
 */
async function loadLargeData(dbh: DbHandle, sizes: { products: number; orders: number }, fixtures: Fixtures, workDir: string): Promise<void> {
  const { products, orders } = sizes;
  let t = performance.now();
  const catalogue = buildLargeCatalog(products, [fixtures.categoryCode]);
  // Kept on disk for inspection, and in the same format `npm run catalog:import` reads.
  writeFileSync(join(workDir, 'large-catalog.json'), JSON.stringify(catalogue));
  progress(`generated ${products} products in ${((performance.now() - t) / 1000).toFixed(1)} s; importing`);
  t = performance.now();
  let lastShown = 0;
  await importCatalog(dbh.db, catalogue, {
    onProgress: (done, total) => {
      if (performance.now() - lastShown > 5000 || done === total) {
        lastShown = performance.now();
        progress(`import ${done}/${total}`);
      }
    },
  });
  progress(`imported in ${((performance.now() - t) / 1000).toFixed(1)} s; inserting ${orders} orders`);
  t = performance.now();
  const rows = await dbh.db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.code', 'v.base_product_code')
    .innerJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', 'usb2c'))
    .select(['v.code as variantCode', 'p.code as productCode', 'p.name_en as name', 'pr.price_minor as unitPriceMinor'])
    .execute();
  const variants: OrderVariant[] = rows;
  lastShown = 0;
  const lines = await insertBulkOrders(dbh.db, {
    count: orders,
    variants,
    chunkSize: dbh.dialect === 'sqlite' ? 400 : 1000,
    onProgress: (done, total) => {
      if (performance.now() - lastShown > 5000 || done === total) {
        lastShown = performance.now();
        progress(`orders ${done}/${total}`);
      }
    },
  });
  progress(`inserted ${orders} orders (${lines} lines) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  // Fresh planner statistics, as a live database would have (both dialects accept ANALYZE).
  await sql`ANALYZE`.execute(dbh.db);
  // the categories and pages read so far predate the import
  clearReadCache(dbh.db);
}

interface CapturedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers not copied to the static copy: they describe the connection or the framing, not the page. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The store's configuration for the benchmark: production mode, the test payment provider, dev pages off, 127.0.0.1. */
function storeConfig(config: ServerConfig) {
  return loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(config.port),
    DATABASE_URL: config.databaseUrl,
    LOG_LEVEL: config.logLevel,
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789abcdef',
    OAUTH_CLIENT_ID: config.clientId,
    OAUTH_CLIENT_SECRET: config.clientSecret,
    PAYMENT_PROVIDER: 'test',
    OUTBOX_DIR: join(config.workDir, 'outbox'),
    DEV_PAGES: 'off',
    STOREFRONT: 'on',
  });
}

/**
 * Registers the baseline and control routes (module comment) on the store's app. `origin()`
 * answers the listening origin (known once the server listens).
 */
async function addBenchRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  counter: ReturnType<typeof createSqlCounter>,
  profileDir: string | undefined,
  origin: () => string,
): Promise<void> {
  const pages = new Map<string, CapturedPage>();
  app.get('/__bench/hello', async () => ({ hello: 'world' }));
  app.get<{ Params: { name: string } }>('/__bench/static/:name', async (request, reply) => {
    const page = pages.get(request.params.name);
    if (!page) return reply.code(404).send({ error: 'not captured' });
    return reply.code(page.status).headers(page.headers).send(page.body);
  });
  app.post<{ Body: { name: string; path: string; cookie?: string } }>('/__bench/capture', async (request) => {
    const { name, path, cookie } = request.body;
    // identity: the load generator asks for no compression either, so the baseline serves the
    // same bytes the measured page sends it; `cookie`: the page of a visitor with a cart (issue 11)
    const response = await fetch(`${origin()}${path}`, { redirect: 'manual', headers: { accept: 'text/html', 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      if (!HOP_HEADERS.has(key)) headers[key] = value;
    });
    const setCookies = response.headers.getSetCookie();
    const body = Buffer.from(await response.arrayBuffer());
    const page: CapturedPage = { status: response.status, headers, body };
    pages.set(name, page);
    return { status: response.status, bytes: body.length, headers: Object.keys(headers), setCookies: setCookies.length };
  });
  app.post('/__bench/settle', async () => {
    const started = performance.now();
    for (;;) {
      await sql`SELECT 1`.execute(db);
      const before = process.cpuUsage();
      const t0 = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 250));
      const used = process.cpuUsage(before);
      const share = (used.user + used.system) / 1000 / (performance.now() - t0);
      if (share < 0.1) return { settledMs: Math.round(performance.now() - started) };
      if (performance.now() - started > 60_000) return { settledMs: null };
    }
  });

  // While counting, also list the requests the app handles: the page itself and the storefront's
  // in-process API calls (app.inject), to see which API calls a page makes.
  let requestLog: string[] | null = null;
  app.addHook('onRequest', async (request) => {
    if (requestLog && !request.url.startsWith('/__bench/') && requestLog.length < 200) requestLog.push(`${request.method} ${request.url}`);
  });
  app.post('/__bench/sql/start', async () => {
    counter.reset();
    counter.enable(true);
    requestLog = [];
    return { ok: true };
  });
  app.post('/__bench/sql/stop', async () => {
    counter.enable(false);
    const requests = requestLog ?? [];
    requestLog = null;
    return { statements: counter.count(), transactionControl: counter.transactionControl(), log: counter.statements(), requests };
  });

  if (profileDir) {
    mkdirSync(profileDir, { recursive: true });
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    app.post('/__bench/profile/start', async () => {
      await session.post('Profiler.start');
      return { ok: true };
    });
    app.post<{ Body: { name: string } }>('/__bench/profile/stop', async (request) => {
      const { profile } = await session.post('Profiler.stop');
      const file = join(profileDir, `${request.body.name.replace(/[^\w.-]+/g, '_')}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      return { file };
    });
  }
}

async function main(): Promise<void> {
  const raw = process.env.BENCH_SERVER_CONFIG;
  if (!raw) throw new Error('BENCH_SERVER_CONFIG is not set (this script is started by bench/src/run.ts)');
  const config = JSON.parse(raw) as ServerConfig;
  const started = performance.now();
  const counter = createSqlCounter();
  counter.enable(false);

  // The store starts exactly as `npm start` starts it (apps/api/src/server.ts), with the
  // statement counter on the database and the benchmark's data and routes added before it listens.
  let fixtures: Fixtures | null = null;
  let data: DataCounts | null = null;
  let origin = '';
  progress('starting the store (migrate, seed, load the storefront build)');
  const server: RunningServer = await startServer(storeConfig(config), {
    dbPlugins: [counter.plugin],
    buildDir: config.buildDir,
    beforeListen: async ({ app, dbh }) => {
      fixtures = await chooseFixtures(dbh.db);
      if (config.catalogue.kind === 'large') await loadLargeData(dbh, config.catalogue, fixtures, config.workDir);
      data = await countRows(dbh.db);
      await addBenchRoutes(app, dbh.db, counter, config.profileDir, () => origin);
    },
  });
  origin = server.url;
  const port = Number(new URL(server.url).port);
  const setupS = Math.round((performance.now() - started) / 100) / 10;
  send({ type: 'ready', port, fixtures: fixtures!, data: data!, setupS });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await server.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void stop();
  });
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  send({ type: 'failed', message });
  // Give the IPC message time to leave before exiting.
  setTimeout(() => process.exit(1), 200);
});
