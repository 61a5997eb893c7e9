/**
 * Perks rewards in a real browser (issue 12; ADR 0028 amendment "Rewards"): a signed-in customer on
 * usb2c joins Perks, buys, the operator ships the order through the API call (an operator
 * client_credentials token, as the back office will), the points arrive in the header; in the next
 * cart "Use your Perks points" opens the reward dialog, a reward is applied, swapped, and the order
 * is placed with it. The points of the first order are topped up in the e2e database (like
 * page-cache.spec.ts changes it) so that a reward is affordable; the earning itself goes through
 * the ship call. Then the same picker in French on cab2c without JavaScript.
 */
import { resolve } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { CA_ORIGIN, DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible } from './page-checks.ts';
import { buyBoxAddButton, EN, expectConfirmation, FR, newCustomer, QUEBEC_GUEST, signUp, VERMONT_GUEST, type Guest, type Labels } from './shopper.ts';

const OPERATOR = { clientId: 'operator', clientSecret: process.env.E2E_OPERATOR_CLIENT_SECRET ?? 'e2e-only-operator-secret-0123456789abcdef' };
const DB_FILE = resolve('test-results/e2e/store.db');
const exact = { exact: true } as const;

/** An operator access token (client_credentials of the operator client). */
async function operatorToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${US_ORIGIN}/authorizationserver/oauth/token`, {
    form: { grant_type: 'client_credentials', client_id: OPERATOR.clientId, client_secret: OPERATOR.clientSecret },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Adds `points` available points to the member of `email` on `site` (test database). Waits (up to
 * 15 s) for the membership row: the join form's post may still be in flight when the test goes on.
 */
async function topUp(email: string, site: string, points: number): Promise<void> {
  const db = new Database(DB_FILE);
  db.pragma('busy_timeout = 5000');
  try {
    const row = db.prepare('SELECT id FROM customers WHERE email = ?').get(email.toLowerCase()) as { id: string } | undefined;
    if (!row) throw new Error(`no customer ${email}`);
    const member = db.prepare('SELECT 1 AS one FROM loyalty_members WHERE user_id = ? AND base_site = ?');
    for (let waited = 0; !member.get(row.id, site); waited += 100) {
      if (waited >= 15_000) throw new Error(`${email} did not join Perks on ${site}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const now = Date.now();
    db.prepare(
      "INSERT INTO loyalty_ledger (id, user_id, base_site, kind, bucket, points, order_code, entry_number, quantity, consignment_code, reason, idem_key, created_at, expires_at) VALUES (?, ?, ?, 'earned', 'available', ?, NULL, NULL, NULL, NULL, 'e2e', NULL, ?, ?)",
    ).run(`lp_e2e_${now}_${Math.random().toString(36).slice(2)}`, row.id, site, points, new Date(now - 1000).toISOString(), new Date(now + 300 * 86_400_000).toISOString());
  } finally {
    db.close();
  }
}

/** Joins Perks on the account page. */
async function join(page: Page, origin: string, path: string, terms: string, submit: string): Promise<void> {
  await page.goto(`${origin}${path}`);
  await page.getByLabel(terms).check();
  await page.getByRole('button', { name: submit }).click();
}

/** The signed-in checkout from the cart: address (when asked), standard shipping, billing as shipping, card, place. */
async function checkOut(page: Page, L: Labels, g: Guest): Promise<string> {
  await page.getByRole('link', { name: L.checkout, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: L.checkoutTitle })).toBeVisible();
  const main = page.getByRole('main');
  const first = main.getByLabel(L.firstName, exact);
  if (await first.isVisible()) {
    await first.fill(g.firstName);
    await main.getByLabel(L.lastName, exact).fill(g.lastName);
    await main.getByLabel(L.street, exact).fill(g.street);
    await main.getByLabel(L.city, exact).fill(g.city);
    await main.getByLabel(L.region, exact).selectOption({ label: g.region });
    await main.getByLabel(L.postal, exact).fill(g.postal);
  }
  await page.getByRole('button', { name: L.continue }).click();
  await expect(page.getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: L.continue }).click();
  await expect(page.getByRole('checkbox', { name: L.sameAsShipping })).toBeChecked();
  await page.getByRole('button', { name: L.continue }).click();
  await main.getByLabel(L.cardNumber, exact).fill(g.card);
  await main.getByLabel(L.expiry, exact).fill('12/34');
  await main.getByLabel(L.cvc, exact).fill('123');
  await page.getByRole('button', { name: L.placeOrder }).click();
  return expectConfirmation(page, L);
}

test.describe('Perks rewards, usb2c, English', () => {
  test('points earned through the ship call, a reward applied and swapped in the next cart, the order placed with it', async ({ page, request }) => {
    test.setTimeout(180_000);
    const c = newCustomer('rewards');
    await signUp(page, US_ORIGIN, c);
    await join(page, US_ORIGIN, '/account/perks', 'I accept the Brewhaus Perks terms (version 2026-11)', 'Join Brewhaus Perks');
    await expect(page.getByRole('banner').getByTestId('header-points')).toHaveText('0 pts');

    // buy, then the operator ships the order: the points arrive in the header
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.coffee}`);
    await buyBoxAddButton(page, EN).click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toBeVisible();
    await page.goto(`${US_ORIGIN}/cart`);
    const code = await checkOut(page, EN, VERMONT_GUEST);
    const token = await operatorToken(request);
    const shipped = await request.post(`${US_ORIGIN}/rest/v2/usb2c/orders/${code}/consignments`, { headers: { authorization: `Bearer ${token}` }, data: { trackingNumber: 'US-REWARD-0001' } });
    expect(shipped.status(), await shipped.text()).toBe(201);
    await page.goto(`${US_ORIGIN}/account/perks`);
    const earned = Number(((await page.getByRole('banner').getByTestId('header-points').textContent()) ?? '').replace(/\D/g, ''));
    expect(earned).toBeGreaterThan(0);
    await topUp(c.email, 'usb2c', 1000);

    // the next cart: "Use your Perks points" opens the reward dialog
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.coffee}`);
    await page.locator('html[data-hydrated]').waitFor();
    await buyBoxAddButton(page, EN).click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toBeVisible();
    await page.goto(`${US_ORIGIN}/cart`);
    await page.locator('html[data-hydrated]').waitFor();
    const picker = page.getByTestId('reward-picker');
    await picker.getByText('Use your Perks points', exact).click();
    const dialog = picker.getByRole('dialog', { name: 'Perks rewards' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-reward="OFF-10"]')).toContainText('1,800 points');
    await expectAccessible(page, 'reward dialog');
    await dialog.locator('[data-reward="OFF-5"]').getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your reward is applied.' })).toBeVisible();
    await expect(picker.getByTestId('reward-applied')).toContainText('Reward: $5 off your order — You save $5.00');
    await expect(page.getByRole('banner').getByRole('link', { name: EN.cart })).toContainText('1');

    // swap it for free shipping
    await picker.getByText('Use your Perks points', exact).click();
    await dialog.locator('[data-reward="FREE-SHIP"]').getByRole('button', { name: 'Swap for this one' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your reward was swapped.' })).toBeVisible();
    await expect(picker.getByTestId('reward-applied')).toContainText('Reward: Free standard shipping');

    const second = await checkOut(page, EN, VERMONT_GUEST);
    expect(second).not.toBe(code);
    await page.goto(`${US_ORIGIN}/account/perks`);
    await expect(page.getByRole('banner').getByTestId('header-points')).toHaveText(`${(earned + 1000 - 800).toLocaleString('en-US')} pts`);
    // the Perks page lists the popular rewards, most redeemed first
    const popular = page.getByRole('region', { name: 'Popular rewards' });
    await expect(popular.locator('li').first()).toContainText('Free standard shipping — 800 points');
    await expect(popular.locator('li')).toHaveCount(4);
  });
});

test.describe('Perks rewards, cab2c, French', () => {
  test('appliquer puis échanger une récompense dans le panier, commander avec elle (valeurs en CAD)', async ({ page }) => {
    test.setTimeout(150_000);
    const c = newCustomer('rewards-fr-js');
    await signUp(page, CA_ORIGIN, c);
    await join(page, CA_ORIGIN, '/fr/compte/perks', 'J’accepte les conditions de Brewhaus Perks (version 2026-11)', 'Adhérer à Brewhaus Perks');
    await topUp(c.email, 'cab2c', 2000);
    await page.goto(`${CA_ORIGIN}/fr/p/${DEMO_CODES.coffee}`);
    await page.locator('html[data-hydrated]').waitFor();
    await buyBoxAddButton(page, FR).click();
    await expect(page.getByRole('status').filter({ hasText: FR.addedToCart })).toBeVisible();
    await page.goto(`${CA_ORIGIN}/fr/panier`);
    await page.locator('html[data-hydrated]').waitFor();
    const picker = page.getByTestId('reward-picker');
    await picker.getByText('Utiliser vos points Perks', exact).click();
    const dialog = picker.getByRole('dialog', { name: 'Récompenses Perks' });
    await dialog.locator('[data-reward="OFF-10"]').getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Votre récompense est appliquée.' })).toBeVisible();
    await expect(picker.getByTestId('reward-applied')).toContainText(/Récompense\u202f: 10,00 \$ CA de rabais sur votre commande — Vous économisez 10,00\s\$/);
    await picker.getByText('Utiliser vos points Perks', exact).click();
    await dialog.locator('[data-reward="OFF-5"]').getByRole('button', { name: 'Échanger pour celle-ci' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Votre récompense a été échangée.' })).toBeVisible();
    await expect(picker.getByTestId('reward-applied')).toContainText('5,00 $ CA de rabais');
    await checkOut(page, FR, QUEBEC_GUEST);
    await page.goto(`${CA_ORIGIN}/fr/compte/perks`);
    await expect(page.getByTestId('perks-available')).toContainText(/^1\s000 points/);
  });
});

test.describe('Perks rewards, cab2c, French, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('ouvrir « Utiliser vos points Perks », appliquer puis retirer une récompense', async ({ page }) => {
    test.setTimeout(120_000);
    const c = newCustomer('rewards-fr');
    await signUp(page, CA_ORIGIN, c);
    await join(page, CA_ORIGIN, '/fr/compte/perks', 'J’accepte les conditions de Brewhaus Perks (version 2026-11)', 'Adhérer à Brewhaus Perks');
    await topUp(c.email, 'cab2c', 1200);
    await page.goto(`${CA_ORIGIN}/fr/p/${DEMO_CODES.coffee}`);
    await buyBoxAddButton(page, FR).click();
    await page.goto(`${CA_ORIGIN}/fr/panier`);
    const picker = page.getByTestId('reward-picker');
    await picker.getByText('Utiliser vos points Perks', exact).click();
    const dialog = picker.getByRole('dialog', { name: 'Récompenses Perks' });
    await expect(dialog).toContainText(/Vous avez 1\s200 points à utiliser\./);
    await expect(dialog.locator('[data-reward="OFF-10"]')).toContainText('Encore 600 points');
    await dialog.locator('[data-reward="OFF-5"]').getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByText('Votre récompense est appliquée.', exact)).toBeVisible();
    await expect(picker.getByTestId('reward-applied')).toContainText('Récompense\u202f: 5,00 $ CA de rabais sur votre commande');
    await picker.getByRole('button', { name: 'Retirer la récompense' }).click();
    await expect(page.getByText('Votre récompense a été retirée.', exact)).toBeVisible();
    await expect(picker.getByTestId('reward-applied')).toHaveCount(0);
  });
});
