/**
 * Issue 9 item 7 (open redirect): a redirect target taken from a request never sends the browser
 * to another site. `/\t/evil.example` reached the `Location` header as is, and browsers drop the
 * tab and follow `//evil.example`. Checked on the wire (`maxRedirects: 0`) through the real form
 * post (the store's own `Origin`, as a browser sends it: without a session no CSRF token is needed,
 * issue 11 item 4), and by following the redirect.
 */
import type { Page } from '@playwright/test';
import { DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';

const NASTY = ['/\t/evil.example', '/\n/evil.example', '/\\evil.example', '//evil.example', '/%09/evil.example', 'https://evil.example/', 'javascript:alert(1)', ' /x'];

/** Opens a product page (its add-to-cart form carries no CSRF token: no session, issue 11 item 4). */
async function openProduct(page: Page): Promise<void> {
  await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.coffee}`);
  await expect(page.locator('input[name="_csrf"]')).toHaveCount(0);
}

/** What a browser sends with a form post from the store's own page. */
const SAME_ORIGIN = { origin: US_ORIGIN };

/** Where a `Location` header sends a browser on this site. */
function target(location: string | undefined): URL {
  return new URL(location ?? '', `${US_ORIGIN}/cart/add`);
}

test.describe('redirect targets stay on the site (issue 9 item 7)', () => {
  test('add to cart without JavaScript: a nasty redirectTo goes home, a path of the site is kept', async ({ page }) => {
    await openProduct(page);
    for (const redirectTo of NASTY) {
      const response = await page.request.post(`${US_ORIGIN}/cart/add`, {
        headers: SAME_ORIGIN,
        form: { productCode: DEMO_CODES.coffeeVariant24, qty: '1', redirectTo },
        maxRedirects: 0,
      });
      expect(response.status(), JSON.stringify(redirectTo)).toBe(303);
      const location = response.headers().location;
      expect(location, JSON.stringify(redirectTo)).toBe('/');
      expect(target(location).origin).toBe(US_ORIGIN);
    }
    const kept = await page.request.post(`${US_ORIGIN}/cart/add`, {
      headers: SAME_ORIGIN,
      form: { productCode: DEMO_CODES.coffeeVariant24, qty: '1', redirectTo: '/c/BR?page=2' },
      maxRedirects: 0,
    });
    expect(kept.headers().location).toBe('/c/BR?page=2');
  });

  test('a browser following the add-to-cart redirect stays on the store', async ({ page }) => {
    await openProduct(page);
    // a cross-site form would be refused by the CSRF guard; this posts the store's own form with a
    // tampered hidden field, as an attacker-controlled value would arrive
    await page.evaluate(
      ({ code }) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/cart/add';
        for (const [name, value] of Object.entries({ productCode: code, qty: '1', redirectTo: '/\t/evil.example' })) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      { code: DEMO_CODES.coffeeVariant24 },
    );
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).origin).toBe(US_ORIGIN);
  });

  test('sign-in pages ignore a nasty redirect parameter', async ({ page }) => {
    for (const redirect of NASTY) {
      const callback = await page.request.get(`${US_ORIGIN}/authCallBack?redirect=${encodeURIComponent(redirect)}`, { maxRedirects: 0 });
      expect(callback.status()).toBe(302);
      expect(callback.headers().location, JSON.stringify(redirect)).toBe('/login');
      await page.goto(`${US_ORIGIN}/login?redirect=${encodeURIComponent(redirect)}`);
      await expect(page.getByRole('main').locator('input[name="redirect"]')).toHaveCount(0);
    }
  });
});
