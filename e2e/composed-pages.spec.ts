/**
 * ADR 0040 in a real browser: a visitor whose only state is a cart gets the shared page with their
 * cart count (and, on a product page, the cart's free-shipping progress) written in by the server.
 * The page hydrates with what its HTML shows (no flash back to the shared page's count, no
 * `GET /api/visitor`), goes on working (client-side navigation, add to cart), and with JavaScript
 * off shows the same parts.
 */
import type { Page, Response } from '@playwright/test';
import { expect, test, US_ORIGIN } from './fixtures.ts';
import { EN } from './shopper.ts';

/** A product whose one unit is under the free-shipping minimum (no other spec reprices it). */
const PRODUCT_PATH = '/p/ACC-DESCALE';

/** The text of the free-shipping progress in an HTML page, or null. */
function barText(html: string): string | null {
  const m = /<p class="pdp-free-shipping-text"[^>]*>(?:<svg[\s\S]*?<\/svg>)?([^<]*)<\/p>/.exec(html);
  return m ? m[1]!.replace(/&#x27;/g, "'").replace(/&amp;/g, '&') : null;
}

async function headerCount(page: Page): Promise<string> {
  return (await page.locator('header .cart-count').textContent()) ?? '';
}

test.describe('pages composed for a visitor with a cart (ADR 0040)', () => {
  test('hydrate with the cart count and free-shipping progress the server wrote in, and keep working', async ({ page, browser, request }) => {
    // the shared pages first (composing starts from the cached page): count 0, the threshold without a cart
    expect((await request.get(`${US_ORIGIN}/`)).status()).toBe(200);
    const shared = await request.get(`${US_ORIGIN}${PRODUCT_PATH}`);
    const sharedHtml = await shared.text();
    expect(sharedHtml).toContain('data-count="0"');

    await page.goto(`${US_ORIGIN}${PRODUCT_PATH}`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByRole('main').getByRole('button', { name: EN.addToCart }).first().click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toBeVisible();
    await expect(page.locator('header .cart-count')).toHaveText('1');

    // a full load of the page: composed on the server, hydrated without asking /api/visitor
    const visitorCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/visitor') visitorCalls.push(r.url());
    });
    // another worker's order may purge the shared page between its fill and this view: fill, view, until composed
    let response: Response | null = null;
    await expect
      .poll(
        async () => {
          await request.get(`${US_ORIGIN}${PRODUCT_PATH}`);
          response = await page.goto(`${US_ORIGIN}${PRODUCT_PATH}`);
          return response?.headers()['x-page-parts'];
        },
        { timeout: 20_000 },
      )
      .toBe('visitor');
    const composed = response as Response | null;
    expect(composed?.headers()['cache-control']).toBe('private, no-store');
    const html = (await composed?.text()) ?? '';
    expect(html).toContain('data-count="1">1</span>');
    const serverBar = barText(html);
    expect(serverBar).toBeTruthy();
    expect(serverBar).not.toBe(barText(sharedHtml)); // the cart's progress, not the threshold alone
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.locator('html[data-visitor="ready"]').waitFor();
    expect(await headerCount(page)).toBe('1');
    await expect(page.locator('.pdp-free-shipping-text')).toHaveText(serverBar!);
    await expect(page.locator('header .cart-link')).toContainText('1 item');
    expect(await page.locator('html').getAttribute('data-visitor-info')).toBeNull();
    expect(visitorCalls).toEqual([]);

    // client-side navigation keeps the count; on a freshly loaded product page, another add to cart raises it
    await page.locator('nav.category-nav a').first().click();
    await page.waitForURL(/\/c\//);
    await expect(page.locator('header .cart-count')).toHaveText('1');
    await page.goto(`${US_ORIGIN}${PRODUCT_PATH}`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.locator('html[data-visitor="ready"]').waitFor();
    await page.getByRole('main').getByRole('button', { name: EN.addToCart }).first().click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toBeVisible();
    await expect(page.locator('header .cart-count')).toHaveText('2');

    // with JavaScript off, the same cart: a complete page
    const cookies = (await page.context().cookies()).filter((c) => c.name === 'cartGuid');
    expect(cookies).toHaveLength(1);
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    await noJs.addCookies(cookies);
    const plain = await noJs.newPage();
    await expect
      .poll(
        async () => {
          await request.get(`${US_ORIGIN}/`);
          return (await plain.goto(`${US_ORIGIN}/`))?.headers()['x-page-parts'];
        },
        { timeout: 20_000 },
      )
      .toBe('visitor');
    await expect(plain.locator('header .cart-count')).toHaveText('2');
    await expect(plain.locator('header .cart-link')).toContainText('2 items');
    await noJs.close();

    // the shared page still shows nobody's cart
    const after = await request.get(`${US_ORIGIN}${PRODUCT_PATH}`);
    expect(await after.text()).toContain('data-count="0"');
  });
});
