/**
 * Issue 11 item 4 (ADR 0019) in a real browser: pages of visitors without per-visitor state come
 * from the page cache, carry public `Cache-Control` and `Vary`, and never another visitor's cart
 * count, name or token; the header learns the count and name from `GET /api/visitor` once
 * loaded; concurrent misses render once; a price change shows on the next request after the
 * purge; CSRF: a cross-site form post is refused with and without a session.
 */
import Database from 'better-sqlite3';
import { resolve } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, US_ORIGIN } from './fixtures.ts';
import { EN, newCustomer, signUp } from './shopper.ts';

/** A product no other spec buys or prices (its price changes here). */
const PRODUCT = 'BH-DINER-CLASSIC';
const PRODUCT_PATH = `/p/${PRODUCT}`;
const PURGE_SECRET = 'e2e-only-page-cache-purge-secret';
const DB_FILE = resolve('test-results/e2e/store.db');

/** A page path no other request asked for yet (a query parameter that is part of the key). */
function freshPath(base = '/c/BR'): string {
  return `${base}?sort=name-asc&probe=${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
}

async function purge(request: APIRequestContext, body: unknown) {
  return request.post(`${US_ORIGIN}/__store/page-cache/purge`, { headers: { authorization: `Bearer ${PURGE_SECRET}` }, data: body });
}

/** Adds the product (default variant) to the cart from its page, with JavaScript. */
async function addToCart(page: Page): Promise<void> {
  await page.goto(`${US_ORIGIN}${PRODUCT_PATH}`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('main').getByRole('button', { name: EN.addToCart }).first().click();
  await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toBeVisible();
}

test.describe('page cache (issue 11 item 4)', () => {
  test('anonymous pages come from the cache with public Cache-Control and Vary; pages of a visitor with a cart stay private', async ({ request, browser }) => {
    const path = freshPath();
    const first = await request.get(`${US_ORIGIN}${path}`);
    expect(first.status()).toBe(200);
    expect(first.headers()['x-page-cache']).toBe('miss');
    expect(first.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(first.headers()['vary']).toBe('Accept-Encoding, Cookie');
    expect(first.headers()['set-cookie']).toBeUndefined();
    const second = await request.get(`${US_ORIGIN}${path}&utm_source=newsletter`);
    expect(second.headers()['x-page-cache']).toBe('hit');
    expect(await second.text()).toBe(await first.text());
    // no token, no per-visitor data in a shared page
    expect(await first.text()).not.toContain('name="_csrf"');

    // a client-side navigation's loader data is cached the same way (issue 11)
    const dataPath = path.replace('/c/BR?', '/c/BR.data?');
    const data = await request.get(`${US_ORIGIN}${dataPath}`);
    expect(data.status()).toBe(200);
    expect(data.headers()['content-type']).toContain('text/x-script');
    expect(data.headers()['x-page-cache']).toBe('miss');
    const dataAgain = await request.get(`${US_ORIGIN}${dataPath}`);
    expect(dataAgain.headers()['x-page-cache']).toBe('hit');
    expect(await dataAgain.text()).toBe(await data.text());

    const shopper = await browser.newContext();
    const page = await shopper.newPage();
    await addToCart(page);
    const own = await page.request.get(`${US_ORIGIN}${path}`);
    expect(own.headers()['cache-control']).toBe('private, no-store');
    expect(own.headers()['x-page-cache']).toBeUndefined();
    const ownData = await page.request.get(`${US_ORIGIN}${dataPath}`);
    expect(ownData.status()).toBe(200);
    expect(ownData.headers()['x-page-cache']).toBeUndefined();
    await shopper.close();
  });

  test('a cached page never holds another visitor’s cart count, name or token; the header gets them after load', async ({ browser, request }) => {
    const customer = newCustomer('cache');
    const member = await browser.newContext();
    const page = await member.newPage();
    await signUp(page, US_ORIGIN, customer);
    await addToCart(page);
    const cookies = await member.cookies();
    const cartGuid = cookies.find((c) => c.name === 'cartGuid')?.value ?? '';
    const csrf = cookies.find((c) => c.name === 'sf_csrf')?.value ?? '';
    expect(cartGuid).not.toBe('');
    expect(csrf).not.toBe('');

    // the member's own page: rendered for them (name, count, token), never stored anywhere
    const mine = await page.request.get(`${US_ORIGIN}${PRODUCT_PATH}`);
    expect(mine.headers()['cache-control']).toBe('private, no-store');
    const mineHtml = await mine.text();
    expect(mineHtml).toContain(`Hi, ${customer.firstName}`);
    expect(mineHtml).toContain(csrf);

    // an anonymous visitor right after: the shared page, without any of it
    const anonymous = await browser.newContext();
    const other = await anonymous.newPage();
    const shared = await other.request.get(`${US_ORIGIN}${PRODUCT_PATH}`);
    expect(['hit', 'miss', 'shared', 'stale']).toContain(shared.headers()['x-page-cache']);
    const html = await shared.text();
    expect(html).not.toContain(`Hi, ${customer.firstName}`);
    expect(html).not.toContain(customer.email);
    expect(html).not.toContain(csrf);
    expect(html).not.toContain(cartGuid);
    expect(html).not.toContain('name="_csrf"');
    expect(html).toMatch(/class="cart-count"[^>]*data-count="0"/);
    await other.goto(`${US_ORIGIN}${PRODUCT_PATH}`);
    await other.locator('html[data-visitor="ready"]').waitFor();
    await expect(other.getByRole('banner').getByText(`Hi, ${customer.firstName}`)).toHaveCount(0);

    // the member handed the shared page (as a CDN would): the header fills in from /api/visitor
    const canonical = new URL(other.url()).pathname;
    await page.route(`${US_ORIGIN}${canonical}`, async (route) => route.fulfill({ response: await request.get(`${US_ORIGIN}${canonical}`) }));
    const response = await page.goto(`${US_ORIGIN}${canonical}`);
    expect(response?.headers()['x-page-cache']).toMatch(/^(hit|stale|shared|miss)$/);
    expect(await response?.text()).not.toContain(`Hi, ${customer.firstName}`);
    await page.locator('html[data-visitor="ready"]').waitFor();
    await expect(page.getByRole('banner').getByText(`Hi, ${customer.firstName}`)).toBeVisible();
    await expect(page.getByRole('banner').locator('.cart-count')).toHaveText('1');
    await Promise.all([member.close(), anonymous.close()]);
  });

  test('without JavaScript, a visitor with a cart gets a fully rendered header', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${US_ORIGIN}${PRODUCT_PATH}`);
    await page.getByRole('main').getByRole('button', { name: EN.addToCart }).first().click();
    await page.waitForURL((url) => url.pathname.endsWith(PRODUCT_PATH) && url.search === '');
    await expect(page.getByRole('banner').locator('.cart-count')).toHaveText('1');
    const again = await page.goto(`${US_ORIGIN}/`);
    expect(again?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('banner').locator('.cart-count')).toHaveText('1');
    await context.close();
  });

  test('concurrent misses of one page render once', async ({ request }) => {
    const path = freshPath();
    const answers = await Promise.all(Array.from({ length: 12 }, () => request.get(`${US_ORIGIN}${path}`)));
    const outcomes = answers.map((a) => a.headers()['x-page-cache']);
    expect(answers.every((a) => a.status() === 200)).toBe(true);
    expect(outcomes.filter((o) => o === 'miss')).toHaveLength(1);
    expect(outcomes.every((o) => o === 'miss' || o === 'shared' || o === 'hit')).toBe(true);
    const bodies = new Set(await Promise.all(answers.map((a) => a.text())));
    expect(bodies.size).toBe(1);
  });

  test('a price change shows on the next request after the purge', async ({ request }) => {
    const db = new Database(DB_FILE);
    db.pragma('busy_timeout = 5000');
    const before = db.prepare("SELECT variant_code, price_minor, discount_price_minor, is_discount_price FROM prices WHERE base_site = 'usb2c' AND variant_code LIKE ?").all(`${PRODUCT}-%`) as Array<{
      variant_code: string;
      price_minor: number;
      discount_price_minor: number | null;
      is_discount_price: number;
    }>;
    expect(before.length).toBeGreaterThan(0);
    try {
      const cached = await request.get(`${US_ORIGIN}${PRODUCT_PATH}`);
      expect(cached.status()).toBe(200);
      const again = await request.get(`${US_ORIGIN}${PRODUCT_PATH}`);
      expect(again.headers()['x-page-cache']).toMatch(/^(hit|stale)$/);
      expect(await again.text()).not.toContain('43.21');
      // the canonical path (/p/CODE redirects to /{slug}/p/CODE)
      const dataUrl = `${new URL(again.url()).pathname}.data`;
      const dataBefore = await request.get(`${US_ORIGIN}${dataUrl}`);
      expect(dataBefore.status()).toBe(200);
      expect(await dataBefore.text()).not.toContain('43.21');

      db.prepare("UPDATE prices SET price_minor = 4321, discount_price_minor = NULL, is_discount_price = 0 WHERE base_site = 'usb2c' AND variant_code LIKE ?").run(`${PRODUCT}-%`);
      // still the cached page until the purge (wrong secret: nothing happens)
      expect((await request.post(`${US_ORIGIN}/__store/page-cache/purge`, { headers: { authorization: 'Bearer wrong-secret-0123456789' }, data: { all: true } })).status()).toBe(401);
      expect(await (await request.get(`${US_ORIGIN}${PRODUCT_PATH}`)).text()).not.toContain('43.21');

      const purged = await purge(request, { tags: [`product:${PRODUCT}`] });
      expect(purged.status()).toBe(200);
      expect((await purged.json()) as { purged: number }).toMatchObject({ purged: expect.any(Number) });
      const next = await request.get(`${US_ORIGIN}${PRODUCT_PATH}`);
      expect(next.headers()['x-page-cache']).toBe('miss');
      expect(await next.text()).toContain('43.21');
      // the loader data of a client-side navigation to the page went with it
      const data = await request.get(`${US_ORIGIN}${dataUrl}`);
      expect(data.headers()['x-page-cache']).toBe('miss');
      expect(await data.text()).toContain('43.21');
    } finally {
      const restore = db.prepare("UPDATE prices SET price_minor = ?, discount_price_minor = ?, is_discount_price = ? WHERE base_site = 'usb2c' AND variant_code = ?");
      for (const row of before) restore.run(row.price_minor, row.discount_price_minor, row.is_discount_price, row.variant_code);
      db.close();
      await purge(request, { tags: [`product:${PRODUCT}`] });
    }
  });
});

test.describe('CSRF without tokens on shared pages (issue 11 item 4)', () => {
  /** Serves an attacker's page at http://evil.example/ that posts a form to the store. */
  async function attackerPage(page: Page, action: string, fields: Record<string, string>): Promise<void> {
    const inputs = Object.entries(fields)
      .map(([n, v]) => `<input type="hidden" name="${n}" value="${v}">`)
      .join('');
    await page.route('http://evil.example/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><form method="post" action="${US_ORIGIN}${action}">${inputs}<button>win</button></form>` }),
    );
    await page.goto('http://evil.example/');
  }

  test('a cross-site form post is refused for an anonymous visitor and for a signed-in one', async ({ browser }) => {
    const anonymous = await browser.newContext();
    const page = await anonymous.newPage();
    await attackerPage(page, '/cart/add', { productCode: `${PRODUCT}-12`, qty: '1', redirectTo: '/' });
    const [refused] = await Promise.all([page.waitForResponse((r) => r.url() === `${US_ORIGIN}/cart/add`), page.getByRole('button', { name: 'win' }).click()]);
    expect(refused.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'This form has expired' })).toBeVisible();
    expect((await anonymous.cookies(US_ORIGIN)).some((c) => c.name === 'cartGuid')).toBe(false);
    await anonymous.close();

    const customer = newCustomer('csrf');
    const member = await browser.newContext();
    const memberPage = await member.newPage();
    await signUp(memberPage, US_ORIGIN, customer);
    await attackerPage(memberPage, '/logout', {});
    const [refusedLogout] = await Promise.all([memberPage.waitForResponse((r) => r.url() === `${US_ORIGIN}/logout`), memberPage.getByRole('button', { name: 'win' }).click()]);
    expect(refusedLogout.status()).toBe(403);
    await memberPage.goto(`${US_ORIGIN}/account`);
    await expect(memberPage.getByRole('heading', { level: 1, name: `Hello, ${customer.firstName}` })).toBeVisible();
    // with a session, the same-origin post still needs the page's token
    const noToken = await memberPage.request.post(`${US_ORIGIN}/logout`, { headers: { origin: US_ORIGIN }, form: {}, maxRedirects: 0 });
    expect(noToken.status()).toBe(403);
    await member.close();
  });
});
