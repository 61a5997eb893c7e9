/**
 * Accessibility (issue 2): axe-core reports no serious or critical violation (WCAG 2.1 A and AA
 * rules) on home, category, product, cart, checkout (also with an error shown) and confirmation
 * pages, on usb2c in English and cab2c in French.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { CA_ORIGIN, DEMO_CODES, DEMO_CATEGORY_CODES, expect, test, US_ORIGIN } from './fixtures.ts';
import { buyBoxAddButton, EN, expectConfirmation, fillCheckoutUpToPayment, FR, payAndPlace, QUEBEC_GUEST, VERMONT_GUEST } from './shopper.ts';
import type { Guest, Labels } from './shopper.ts';

/** Runs axe on the page and answers the serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), `${what}: ${page.url()}`).toEqual([]);
}

async function walk(page: Page, origin: string, prefix: string, L: Labels, guest: Guest): Promise<void> {
  await page.goto(`${origin}${prefix || '/'}`);
  await expectAccessible(page, 'home');

  await page.goto(`${origin}${prefix}/c/${DEMO_CATEGORY_CODES.beverages}`);
  await expectAccessible(page, 'category');

  await page.goto(`${origin}${prefix}/p/${DEMO_CODES.brewer}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'product');
  await buyBoxAddButton(page, L).click();
  await expect(page.getByRole('status').filter({ hasText: L.addedToCart })).toBeVisible();

  await page.goto(`${origin}${prefix}${prefix ? '/panier' : '/cart'}`);
  await expect(page.getByRole('heading', { level: 1, name: L.cartTitle })).toBeVisible();
  await expectAccessible(page, 'cart');

  await page.getByRole('link', { name: L.checkout, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: L.checkoutTitle })).toBeVisible();
  await expectAccessible(page, 'checkout');
  await page.getByRole('button', { name: L.continue }).click();
  await expect(page.getByLabel(L.email, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'checkout with an error');

  await fillCheckoutUpToPayment(page, L, guest);
  await expectAccessible(page, 'checkout, payment and review');
  await payAndPlace(page, L, guest.card);
  await expectConfirmation(page, L);
  await expectAccessible(page, 'confirmation');
}

// Seven pages, each analysed by axe, plus a whole purchase: more than the default minute.
test.describe.configure({ timeout: 180_000 });

test('usb2c pages have no serious or critical axe violations', async ({ page }) => {
  await walk(page, US_ORIGIN, '', EN, VERMONT_GUEST);
});

test('cab2c French pages have no serious or critical axe violations', async ({ page }) => {
  await walk(page, CA_ORIGIN, '/fr', FR, QUEBEC_GUEST);
});
