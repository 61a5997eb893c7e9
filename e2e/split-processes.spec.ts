/**
 * Issue 11 item 2 (ADR 0020; DESIGN "One process by default, many in production"): the compiled
 * store run as two processes, as in production. The API-only process (`node
 * apps/api/dist/main-api.js`, its own port and SQLite database) and the storefront-only process
 * (`node apps/api/dist/main-storefront.js`, another port, `API_URL` pointing at the API) work
 * together over HTTP: a shopper opens a product page on the storefront process (pictures passed
 * through to the API), adds to cart, sees the cart on the next page. Both run the compiled
 * JavaScript (`npm run build`; built here first when out of date), no TypeScript loader.
 *
 * Ports: E2E_PORT + 1 (API) and E2E_PORT + 2 (storefront).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { prepareStoreRun, readyzStatus, spawnStore, stopStore, type ChildStore } from './child-store.ts';
import { DEMO_CODES, expect, PORT, test } from './fixtures.ts';
import { EN, expectCartCount, pickVariantAndAdd } from './shopper.ts';

const API_PORT = PORT + 1;
const STOREFRONT_PORT = PORT + 2;
const STOREFRONT = `http://localhost:${STOREFRONT_PORT}`;
const DIR = resolve('test-results/e2e-split');
const SECRET = 'e2e-split-storefront-secret';

type Running = ChildStore;

function start(entry: string, env: Record<string, string>): Running {
  return spawnStore([entry], { HOST: 'localhost', LOG_LEVEL: 'warn', OAUTH_CLIENT_SECRET: SECRET, ...env });
}

let api: Running | undefined;
let storefront: Running | undefined;

test.describe('API-only and storefront-only processes over HTTP', () => {
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    prepareStoreRun(DIR);
    api = start('apps/api/dist/main-api.js', {
      PORT: String(API_PORT),
      DATABASE_URL: `file:${DIR}/store.db`,
      DATA_DIR: DIR,
      OUTBOX_DIR: `${DIR}/outbox`,
      JWT_SECRET: 'e2e-split-jwt-secret-0123456789abcdef0123456789',
      PAYMENT_PROVIDER: 'test',
      // the storefront process, on this machine, tells the shopper's address (ADR 0012)
      TRUST_PROXY: 'loopback',
    });
    // RENDER_TIMEOUT_MS: a cold render on a busy CI machine may take more than the 3 s default (e2e/render-deadline.spec.ts tests the deadline)
    storefront = start('apps/api/dist/main-storefront.js', { PORT: String(STOREFRONT_PORT), API_URL: `http://localhost:${API_PORT}`, DATA_DIR: DIR, RENDER_TIMEOUT_MS: '30000' });
    await expect.poll(() => readyzStatus(`http://localhost:${API_PORT}`, [api!, storefront!]), { timeout: 120_000, intervals: [250] }).toBe(200);
    await expect.poll(() => readyzStatus(STOREFRONT, [api!, storefront!]), { timeout: 60_000, intervals: [250] }).toBe(200);
  });

  test.afterAll(async () => {
    await Promise.all([stopStore(storefront), stopStore(api)]);
  });

  test('the API process serves the API only; the storefront process serves pages and precompressed assets', async () => {
    const apiHome = await fetch(`http://localhost:${API_PORT}/`);
    expect(apiHome.status).toBe(404);
    const page = await fetch(`${STOREFRONT}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // a script of the page that has a brotli copy (files under 1 KB have none)
    const asset = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]).find((path) => existsSync(`apps/storefront/build/client${path}.br`));
    expect(asset).toBeTruthy();
    const js = await fetch(`${STOREFRONT}${asset}`, { headers: { 'accept-encoding': 'br' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-encoding')).toBe('br');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // the storefront process has no database and no API routes of its own
    expect((await fetch(`${STOREFRONT}/rest/v2/usb2c/products/${DEMO_CODES.coffee}`)).status).toBe(404);
  });

  test('a shopper opens a product page on the storefront process and adds to cart through the API process', async ({ page }) => {
    await page.goto(`${STOREFRONT}/p/${DEMO_CODES.coffee}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Signature Dark Roast Coffee' })).toBeVisible();
    await pickVariantAndAdd(page, EN, '48 ct');
    await expectCartCount(page, EN, 1);
    await page.getByRole('banner').getByRole('link', { name: EN.cart }).click();
    await expect(page.getByRole('heading', { level: 1, name: EN.cartTitle })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Signature Dark Roast Coffee');
    await expect(page.getByRole('main')).toContainText('48 ct');
  });
});
