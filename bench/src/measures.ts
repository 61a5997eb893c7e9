/**
 * Measures 1-3 of issue 5 against one running server process: server render vs the same bytes
 * from memory, API routes vs hello world, SQL statements per operation.
 */
import { randomUUID } from 'node:crypto';
import { createApiClient, createApiCore, createCommerceClient, requestClientToken, type ApiClient, type CommerceCalls } from '@store/contracts';
import { measureLoad, type LoadResult, type LoadSpec } from './load.ts';
import type { ApiFigure, SsrFigure, SqlFigure, SqlOperation } from './results.ts';
import type { ServerProcess } from './server-process.ts';

/** Load settings shared by every measure of a run. */
export interface LoadSettings {
  connections: number;
  warmupS: number;
  durationS: number;
}

/** The site every measure uses (brand from the host: 127.0.0.1 is neither Canadian nor commercial). */
export const SITE = 'usb2c' as const;

/** A share of failed answers above which a load figure is not trusted. */
const MAX_FAILURE_SHARE = 0.01;

/**
 * Why a load figure cannot be trusted (more than 1 % of the answers were errors, or nothing was
 * sent), or null. Time-outs and saturation are results, not errors: they are shown with the figure.
 */
export function healthProblem(what: string, load: LoadResult): string | null {
  const total = load.requests + load.failures + load.timeouts;
  if (total === 0 && !load.saturated) return `${what}: no request sent`;
  if (load.failures / Math.max(1, total) > MAX_FAILURE_SHARE) {
    return `${what}: ${load.failures} of ${total} requests failed (status codes ${JSON.stringify(load.statusCodes)}, ${load.errors - load.timeouts} connection errors)`;
  }
  return null;
}

/** API clients for one server, with the storefront's machine-to-machine token. */
export interface Clients {
  api: ApiClient;
  commerce: CommerceCalls;
  /** a fresh bearer token */
  token(): Promise<string>;
}

/** Creates the typed clients for `origin` (client_credentials token cached for 10 minutes). */
export function createClients(origin: string, clientId: string, clientSecret: string): Clients {
  let cached: { token: string; until: number } | null = null;
  const token = async () => {
    if (cached && cached.until > Date.now()) return cached.token;
    const answer = await requestClientToken({ tokenUrl: `${origin}/authorizationserver/oauth/token`, fetch, clientId, clientSecret });
    cached = { token: answer.access_token, until: Date.now() + 600_000 };
    return answer.access_token;
  };
  const options = { baseUrl: `${origin}/rest/v2`, fetch, getToken: token };
  return { api: createApiClient(options), commerce: createCommerceClient(createApiCore(options)), token };
}

/**
 * Follows redirects from `path` on `origin` (at most 5) and answers the path that renders with
 * 200. Throws on any other final status.
 */
export async function resolvePagePath(origin: string, path: string): Promise<string> {
  let current = path;
  for (let hop = 0; hop < 6; hop += 1) {
    const response = await fetch(`${origin}${current}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    await response.arrayBuffer();
    if (response.status === 200) return current;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, `${origin}${current}`);
      if (next.origin !== origin) throw new Error(`${path} redirects off the store to ${next.href}`);
      current = `${next.pathname}${next.search}`;
      continue;
    }
    throw new Error(`GET ${current} answered ${response.status}`);
  }
  throw new Error(`${path}: too many redirects`);
}

/** The storefront paths of the three measured pages. */
export interface PagePaths {
  home: string;
  category: string;
  product: string;
}

/** Finds the storefront paths of the fixtures (from the API's `url` fields, redirects followed). */
export async function pagePaths(server: ServerProcess, clients: Clients): Promise<PagePaths> {
  const product = await clients.api.getProduct(SITE, server.fixtures.productCode);
  const category = await clients.api.getCategory(SITE, server.fixtures.categoryCode);
  return {
    home: await resolvePagePath(server.origin, '/'),
    category: await resolvePagePath(server.origin, category.url),
    product: await resolvePagePath(server.origin, product.url.split('#')[0] ?? product.url),
  };
}

async function post<T>(origin: string, path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** CPU profiles taken during load measures (`--profile`): `<scenario>.<measure>` → file. */
export const profileFiles = new Map<string, string>();

/** The load hooks of a server: settle before each load, profile the window when asked. */
function hooks(server: ServerProcess, measure: string): Pick<LoadSpec, 'settle' | 'beforeMeasure' | 'afterMeasure'> {
  return {
    settle: async () => {
      await post(server.origin, '/__bench/settle');
    },
    ...profileHooks(server, measure),
  };
}

/** Hooks that profile the measured window of a load (not its warm-up) when the server profiles. */
function profileHooks(server: ServerProcess, measure: string): Pick<LoadSpec, 'beforeMeasure' | 'afterMeasure'> {
  if (!server.profiling) return {};
  const name = `${server.scenario}.${measure}`;
  return {
    beforeMeasure: async () => {
      await post(server.origin, '/__bench/profile/start');
    },
    afterMeasure: async () => {
      const { file } = await post<{ file: string }>(server.origin, '/__bench/profile/stop', { name });
      profileFiles.set(name, file);
    },
  };
}

/** Measure 1: one page and the same bytes from memory. */
export async function measureSsr(server: ServerProcess, name: string, path: string, settings: LoadSettings, cookie?: string): Promise<SsrFigure> {
  const captured = await post<{ status: number; bytes: number }>(server.origin, '/__bench/capture', { name, path, ...(cookie ? { cookie } : {}) });
  if (captured.status !== 200) throw new Error(`capturing ${path} answered ${captured.status}`);
  const headers: Record<string, string> = { accept: 'text/html', ...(cookie ? { cookie } : {}) };
  const page = await measureLoad({ url: `${server.origin}${path}`, headers, ...settings, ...hooks(server, `ssr.${name}`) });
  const baseline = await measureLoad({ url: `${server.origin}/__bench/static/${name}`, headers, ...settings, ...hooks(server, `ssr.${name}.static`) });
  const problems = [healthProblem(`page ${path}`, page), healthProblem(`static copy of ${path}`, baseline)].filter((p): p is string => p !== null);
  return { path, bytes: captured.bytes, page, baseline, ratio: round4(page.reqPerSec / baseline.reqPerSec), ...(problems.length ? { problem: problems.join('; ') } : {}) };
}

function round4(x: number): number {
  return Math.round(x * 10000) / 10000;
}

/** Measure 2: the hello-world baseline. */
export async function measureHello(server: ServerProcess, settings: LoadSettings): Promise<{ path: string; load: LoadResult }> {
  const path = '/__bench/hello';
  const load = await measureLoad({ url: `${server.origin}${path}`, ...settings, ...hooks(server, 'api.hello') });
  const problem = healthProblem('hello', load);
  if (problem) throw new Error(problem);
  return { path, load };
}

/** Measure 2: GET product ?fields=FULL. */
export async function measureApiProduct(server: ServerProcess, hello: LoadResult, settings: LoadSettings): Promise<ApiFigure> {
  const path = `/rest/v2/${SITE}/products/${encodeURIComponent(server.fixtures.productCode)}?fields=FULL`;
  const load = await measureLoad({ url: `${server.origin}${path}`, headers: { accept: 'application/json' }, ...settings, ...hooks(server, 'api.product') });
  const problem = healthProblem('GET product', load);
  return { path, method: 'GET', load, ratio: round4(load.reqPerSec / hello.reqPerSec), ...(problem ? { problem } : {}) };
}

/**
 * Measure 2: POST addProductToCart with the machine-to-machine token, one unit of the first
 * fixture variant and no cartGuid, so every request creates a new cart (a shopper's first add).
 */
export async function measureAddToCart(server: ServerProcess, clients: Clients, hello: LoadResult, settings: LoadSettings): Promise<ApiFigure> {
  const path = `/rest/v2/${SITE}/users/anonymous/addProductToCart`;
  const token = await clients.token();
  const load = await measureLoad({
    url: `${server.origin}${path}`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ productCode: server.fixtures.variantCodes[0], qty: 1 }),
    ...settings,
    ...hooks(server, 'api.addToCart'),
  });
  const problem = healthProblem('POST addProductToCart', load);
  return { path, method: 'POST', load, ratio: round4(load.reqPerSec / hello.reqPerSec), ...(problem ? { problem } : {}) };
}

/** Counts the SQL statements the server runs while `fn` runs (one request at a time). */
export async function countSql(server: ServerProcess, fn: () => Promise<unknown>): Promise<SqlFigure> {
  await post(server.origin, '/__bench/sql/start');
  let failure: unknown = null;
  try {
    await fn();
  } catch (error) {
    failure = error;
  }
  // stop even when fn failed, so the counter does not stay on
  const figure = await post<{ statements: number; transactionControl: number; log: string[]; requests: string[] }>(server.origin, '/__bench/sql/stop');
  if (failure) throw failure;
  return { statements: figure.statements, transactionControl: figure.transactionControl, log: figure.log, requests: figure.requests };
}

async function getPage(origin: string, path: string, cookie?: string): Promise<void> {
  const response = await fetch(`${origin}${path}`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
}

const ADDRESS = { firstName: 'Bench', lastName: 'Shopper', line1: '1 Main Street', city: 'New York', region: 'NY', postalCode: '10001', country: 'US', phone: '2125550100' };

/**
 * The `Cookie` of a visitor with a one-line cart (issue 11: the pages of such a visitor never come
 * from the page cache; ADR 0040: they are composed from the shared page).
 */
export async function cartVisitorCookie(server: ServerProcess, clients: Clients): Promise<string> {
  return `cartGuid=${await cartWith(server, clients, 1)}`;
}

/**
 * A per-visitor cookie besides the cart that changes none of the measured pages but rules out
 * composing them (ADR 0040): a category coupon waiting for a cart (issue 4), so every page is
 * rendered for the visitor.
 */
export const RENDERED_VISITOR_EXTRA_COOKIE = 'categoryCoupon=BENCH';

/** A cart with the first `lines` fixture variants, one unit each. */
async function cartWith(server: ServerProcess, clients: Clients, lines: number): Promise<string> {
  let cartGuid: string | undefined;
  for (const code of server.fixtures.variantCodes.slice(0, lines)) {
    const answer = await clients.commerce.addToCart(SITE, { productCode: code, qty: 1, ...(cartGuid ? { cartGuid } : {}) });
    cartGuid = answer.cartGuid;
  }
  if (!cartGuid) throw new Error('no cart created');
  return cartGuid;
}

/** Runs the checkout steps up to (not including) place order; answers the payment intent id. */
async function readyForOrder(clients: Clients, cartGuid: string): Promise<string> {
  await clients.commerce.setEmail(SITE, cartGuid, 'bench@example.com');
  await clients.commerce.setDeliveryAddress(SITE, cartGuid, ADDRESS);
  await clients.commerce.setDeliveryMode(SITE, cartGuid, 'standard');
  await clients.commerce.setBillingAddress(SITE, cartGuid, { sameAsShipping: true });
  const intent = await clients.commerce.createPaymentIntent(SITE, cartGuid);
  return intent.paymentIntentId;
}

async function placeOrder(clients: Clients, cartGuid: string, paymentIntentId: string): Promise<void> {
  await clients.commerce.placeOrder(SITE, cartGuid, {
    idempotencyKey: randomUUID(),
    paymentIntentId,
    paymentMethod: { testCardNumber: '4242424242424242' },
  });
}

/**
 * Measure 3: SQL statements per operation, each counted after one uncounted run of the same
 * operation (steady state: caches warm). Answers what it could count; `onError` gets the rest.
 */
export async function measureSql(
  server: ServerProcess,
  clients: Clients,
  paths: PagePaths,
  onError: (operation: SqlOperation, error: unknown) => void,
): Promise<Partial<Record<SqlOperation, SqlFigure>>> {
  const out: Partial<Record<SqlOperation, SqlFigure>> = {};
  const v = server.fixtures.variantCodes;
  const attempt = async (op: SqlOperation, fn: () => Promise<SqlFigure>) => {
    try {
      out[op] = await fn();
    } catch (error) {
      onError(op, error);
    }
  };
  await attempt('productPage', async () => {
    await getPage(server.origin, paths.product);
    return countSql(server, () => getPage(server.origin, paths.product));
  });
  await attempt('productPageCart', async () => {
    const cookie = await cartVisitorCookie(server, clients);
    await getPage(server.origin, paths.product, cookie);
    return countSql(server, () => getPage(server.origin, paths.product, cookie));
  });
  await attempt('categoryPage', async () => {
    await getPage(server.origin, paths.category);
    return countSql(server, () => getPage(server.origin, paths.category));
  });
  await attempt('addToCartNew', async () => {
    await clients.commerce.addToCart(SITE, { productCode: v[0] as string, qty: 1 });
    return countSql(server, () => clients.commerce.addToCart(SITE, { productCode: v[0] as string, qty: 1 }));
  });
  await attempt('addToCart1', async () => {
    const warm = await cartWith(server, clients, 1);
    await clients.commerce.addToCart(SITE, { productCode: v[1] as string, qty: 1, cartGuid: warm });
    const cartGuid = await cartWith(server, clients, 1);
    return countSql(server, () => clients.commerce.addToCart(SITE, { productCode: v[1] as string, qty: 1, cartGuid }));
  });
  await attempt('addToCart20', async () => {
    const cartGuid = await cartWith(server, clients, 20);
    return countSql(server, () => clients.commerce.addToCart(SITE, { productCode: v[20] as string, qty: 1, cartGuid }));
  });
  await attempt('placeOrder1', async () => {
    const warm = await cartWith(server, clients, 1);
    await placeOrder(clients, warm, await readyForOrder(clients, warm));
    const cartGuid = await cartWith(server, clients, 1);
    const intent = await readyForOrder(clients, cartGuid);
    return countSql(server, () => placeOrder(clients, cartGuid, intent));
  });
  await attempt('placeOrder20', async () => {
    const cartGuid = await cartWith(server, clients, 20);
    const intent = await readyForOrder(clients, cartGuid);
    return countSql(server, () => placeOrder(clients, cartGuid, intent));
  });
  return out;
}
