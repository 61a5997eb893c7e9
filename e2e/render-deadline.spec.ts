/**
 * Issue 11 item 5 (SAP Spartacus' SSR timeout; ADR 0019 amendment): a page view answers within
 * RENDER_TIMEOUT_MS of its arrival. The compiled store is started with a deadline of 1 ms, which
 * no render meets: a visitor with a cart gets the brand's 503 page with Retry-After at once; an
 * anonymous visitor too on a cache miss, but the render goes on and stores the page, which the
 * next visitor gets from the cache; a state-changing request (add to cart) is never cut short.
 *
 * Port: E2E_PORT + 3.
 */
import { resolve } from 'node:path';
import { prepareStoreRun, spawnStore, stopStore, waitUntilReady, type ChildStore } from './child-store.ts';
import { DEMO_CODES, expect, PORT, test } from './fixtures.ts';

const ORIGIN = `http://localhost:${PORT + 3}`;
const DIR = resolve('test-results/e2e-deadline');
let store: ChildStore | undefined;

test.describe('render deadline (issue 11 item 5)', () => {
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    prepareStoreRun(DIR);
    store = spawnStore(['apps/api/dist/main.js'], {
      HOST: 'localhost',
      LOG_LEVEL: 'warn',
      PORT: String(PORT + 3),
      DATABASE_URL: `file:${DIR}/store.db`,
      DATA_DIR: DIR,
      OUTBOX_DIR: `${DIR}/outbox`,
      JWT_SECRET: 'e2e-deadline-jwt-secret-0123456789abcdef012345',
      OAUTH_CLIENT_SECRET: 'e2e-deadline-storefront-secret',
      PAYMENT_PROVIDER: 'test',
      RENDER_TIMEOUT_MS: '1',
    });
    await waitUntilReady(ORIGIN, [store]);
  });

  test.afterAll(async () => {
    await stopStore(store);
  });

  test('a page not ready by the deadline is the 503 page with Retry-After; a cache fill goes on and serves the next visitor; add to cart is not cut', async () => {
    // a visitor with a cart: rendered for them (no page cache), late, so 503 at once
    const withCart = await fetch(`${ORIGIN}/`, { headers: { cookie: 'cartGuid=00000000-0000-4000-8000-000000000000', accept: 'text/html' } });
    expect(withCart.status).toBe(503);
    expect(withCart.headers.get('retry-after')).toBe('2');
    expect(withCart.headers.get('cache-control')).toBe('no-store');
    expect(await withCart.text()).toContain('<html');

    // an anonymous visitor: the miss is late too, but the shared render stores the page
    const path = `/p/${DEMO_CODES.coffee}`;
    const first = await fetch(`${ORIGIN}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect([503, 301, 302]).toContain(first.status);
    await expect
      .poll(async () => {
        const r = await fetch(`${ORIGIN}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
        return `${r.status} ${r.headers.get('x-page-cache') ?? ''}`;
      }, { timeout: 30_000, intervals: [200] })
      .toMatch(/^(200 (hit|stale)|30[12] .*)$/);

    // a state-changing request waits for its answer (no deadline): the add is done and redirects back
    const add = await fetch(`${ORIGIN}/cart/add`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ productCode: DEMO_CODES.coffee, qty: '1', entryType: 'STD', redirectTo: '/' }).toString(),
    });
    expect(add.status).toBeGreaterThanOrEqual(300);
    expect(add.status).toBeLessThan(400);
    expect(add.headers.get('set-cookie') ?? '').toContain('cartGuid=');
  });
});
