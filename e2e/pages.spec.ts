/**
 * Page-level answers (spec §2, §8): the generic error page with status 500 and its exact text,
 * the 404 page, the discontinued-product redirect (302) and the product URL canonicalisation
 * (301 for a wrong slug, 302 for a variant code), checked on the wire with `maxRedirects: 0`;
 * and the order confirmation is private to the browser that placed the order.
 */
import { DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';

test.describe('error pages', () => {
  test('a render crash answers 500 with the generic error page (spec §2)', async ({ page }) => {
    const response = await page.goto(`${US_ORIGIN}/_dev/crash`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole('heading', { name: 'SORRY, SOMETHING WENT WRONG!' })).toBeVisible();
    await expect(page.getByText('Looks like we brewed decaf by mistake.')).toBeVisible();
  });

  test('an unknown page answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto(`${US_ORIGIN}/no-such-page-for-sure`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('an unknown order code answers 404 without showing any order', async ({ page }) => {
    const response = await page.goto(`${US_ORIGIN}/order-confirmation/KC-AAAAA-BBBBB`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'We could not find this order' })).toBeVisible();
  });
});

test.describe('redirects', () => {
  test('a discontinued product redirects 302 to the discontinued-items page, in each language', async ({ page }) => {
    const en = await page.request.get(`${US_ORIGIN}/p/${DEMO_CODES.discontinued}`, { maxRedirects: 0 });
    expect(en.status()).toBe(302);
    expect(new URL(en.headers().location ?? '', US_ORIGIN).pathname).toBe('/discontinued-items');
    // the request context resolves hosts through the OS, so the brand comes from `site` here (spec §1)
    const fr = await page.request.get(`${US_ORIGIN}/fr/p/${DEMO_CODES.discontinued}?site=cab2c`, { maxRedirects: 0 });
    expect(fr.status()).toBe(302);
    expect(new URL(fr.headers().location ?? '', US_ORIGIN).pathname).toBe('/fr/article-de-fin-de-serie');
  });

  test('product URLs are canonicalised: 301 for a wrong slug, 302 for a variant code', async ({ page }) => {
    const canonical = await page.request.get(`${US_ORIGIN}/p/${DEMO_CODES.coffee}`, { maxRedirects: 0 });
    expect([301, 302]).toContain(canonical.status());
    const canonicalPath = new URL(canonical.headers().location ?? '', US_ORIGIN).pathname;
    expect(canonicalPath).toMatch(new RegExp(`^/[a-z0-9-]+/p/${DEMO_CODES.coffee}$`));

    const ok = await page.request.get(`${US_ORIGIN}${canonicalPath}`, { maxRedirects: 0 });
    expect(ok.status()).toBe(200);

    const wrongSlug = await page.request.get(`${US_ORIGIN}/some-old-name/p/${DEMO_CODES.coffee}`, { maxRedirects: 0 });
    expect(wrongSlug.status()).toBe(301);
    expect(new URL(wrongSlug.headers().location ?? '', US_ORIGIN).pathname).toBe(canonicalPath);

    const variant = await page.request.get(`${US_ORIGIN}${canonicalPath.replace(DEMO_CODES.coffee, DEMO_CODES.coffeeVariant48)}`, {
      maxRedirects: 0,
    });
    expect(variant.status()).toBe(302);
    expect(new URL(variant.headers().location ?? '', US_ORIGIN).pathname).toBe(canonicalPath);
  });

  test('checkout without a cart sends the shopper to the cart; both checkout paths exist', async ({ page }) => {
    for (const path of ['/checkout/singlestep', '/checkout/v2/singlestep']) {
      const response = await page.request.get(`${US_ORIGIN}${path}`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(new URL(response.headers().location ?? '', US_ORIGIN).pathname).toBe('/cart');
    }
    const validation = await page.request.get(`${US_ORIGIN}/cart/validateCart`);
    expect(validation.status()).toBe(200);
    expect(await validation.json()).toEqual({ valid: false, messages: [], empty: true });
  });
});
