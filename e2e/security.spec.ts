/**
 * Issue 9 items 1, 2 and 7 in a real browser (ADR 0012). Every shopper reaches the API through
 * the storefront, so the API must key its limits on each shopper's own address: the e2e server
 * trusts loopback as a proxy (playwright.config.ts TRUST_PROXY), and each browser context here
 * plays a shopper at its own address with `X-Forwarded-For`.
 * - An attacker's failed sign-ins hold back the attacker only; the owner signs in with the right
 *   password from their own address; the attacker sees the real wait (the API's Retry-After).
 * - Signed-in pages are `Cache-Control: private, no-store`; after sign-out, replaying the old
 *   cookies opens nothing (the access token died with the session).
 * - Over HTTPS (a trusted proxy says so) answers carry HSTS.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, US_ORIGIN } from './fixtures.ts';
import { newCustomer, signOutFromHeader, signUp } from './shopper.ts';

/** A browser context of a shopper at `address`; JavaScript off unless asked (plain form posts). */
async function shopperAt(browser: Browser, address: string, javaScriptEnabled = false): Promise<BrowserContext> {
  return browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address }, javaScriptEnabled });
}

/** Submits the /login page's form without JavaScript; answers the POST's response. */
async function submitLogin(page: Page, email: string, password: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Email address', { exact: true }).fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login'),
    main.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  return response;
}

test.describe('one visitor cannot lock other shoppers out', () => {
  test('wrong passwords from one address: that address waits the real window; the owner and other shoppers sign in', async ({ browser }) => {
    const victim = newCustomer('victim');
    const owner = await shopperAt(browser, '198.51.100.21', true);
    const ownerPage = await owner.newPage();
    await signUp(ownerPage, US_ORIGIN, victim);
    await signOutFromHeader(ownerPage, victim);

    const attacker = await shopperAt(browser, '203.0.113.66');
    const page = await attacker.newPage();
    await page.goto(`${US_ORIGIN}/login`);
    for (let i = 0; i < 5; i++) {
      const response = await submitLogin(page, victim.email, `Wrong${i}guess99`);
      expect(response.status()).toBe(401);
    }
    const refused = await submitLogin(page, victim.email, victim.password);
    expect(refused.status()).toBe(429);
    const retryAfter = Number(refused.headers()['retry-after']);
    // a fixed 15-minute window: the wait is what is left of it, in whole minutes
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    await expect(page.getByText(`Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`)).toBeVisible();

    // the owner, at their own address, signs in with the right password
    await ownerPage.goto(`${US_ORIGIN}/login`);
    const main = ownerPage.getByRole('main');
    await main.getByLabel('Email address', { exact: true }).fill(victim.email);
    await main.getByLabel('Password', { exact: true }).fill(victim.password);
    await main.getByRole('button', { name: 'Sign in' }).click();
    await expect(ownerPage.getByRole('banner').getByText(`Hi, ${victim.firstName}`)).toBeVisible();

    // and any other shopper too
    const other = newCustomer('bystander');
    const bystander = await shopperAt(browser, '198.51.100.77', true);
    await signUp(await bystander.newPage(), US_ORIGIN, other);
    await Promise.all([owner.close(), attacker.close(), bystander.close()]);
  });
});

test.describe('sessions end for real', () => {
  test('signed-in pages are never cached; replaying the cookies after sign-out opens nothing', async ({ browser }) => {
    const c = newCustomer('replay');
    const context = await shopperAt(browser, '198.51.100.31', true);
    const page = await context.newPage();
    await signUp(page, US_ORIGIN, c);
    const account = await page.goto(`${US_ORIGIN}/account`);
    expect(account?.status()).toBe(200);
    expect(account?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: `Hello, ${c.firstName}` })).toBeVisible();
    const stolen = await context.cookies();

    await signOutFromHeader(page, c);
    await context.close();

    // someone replays the cookies the browser had while signed in
    const replay = await shopperAt(browser, '198.51.100.32', true);
    await replay.addCookies(stolen);
    const again = await replay.newPage();
    await again.goto(`${US_ORIGIN}/account`);
    await expect(again).toHaveURL(/\/login/);
    await expect(again.getByRole('heading', { name: `Hello, ${c.firstName}` })).toHaveCount(0);
    await expect(again.getByRole('banner').getByText(`Hi, ${c.firstName}`)).toHaveCount(0);
    await replay.close();
  });

  test('over HTTPS behind the trusted proxy, answers carry HSTS; plain HTTP does not', async ({ request }) => {
    const https = await request.get(`${US_ORIGIN}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await request.get(`${US_ORIGIN}/`);
    expect(plain.headers()['strict-transport-security']).toBeUndefined();
  });
});
