/**
 * Accessibility (issue 2): axe-core reports no serious or critical violation (WCAG 2.1 A and AA
 * rules) on home, category, product, cart, checkout (also with an error shown) and confirmation
 * pages, on usb2c in English and cab2c in French.
 */
import type { Page } from '@playwright/test';
import { CA_ORIGIN, DEMO_CODES, DEMO_CATEGORY_CODES, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible } from './page-checks.ts';
import { buyBoxAddButton, EN, expectConfirmation, fillCheckoutUpToPayment, FR, payAndPlace, QUEBEC_GUEST, VERMONT_GUEST } from './shopper.ts';
import type { Guest, Labels } from './shopper.ts';

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

// issue 10: the auto-delivery buying screens (purchase choice, campaign offer, cart AD line,
// checkout's account request) in both languages
async function walkAutoDelivery(page: Page, origin: string, prefix: string, L: Labels): Promise<void> {
  await page.goto(`${origin}${prefix}/p/${DEMO_CODES.coffee}`);
  const choice = page.getByTestId('purchase-options');
  await choice.getByRole('radio').nth(1).check();
  await expectAccessible(page, 'product, auto-delivery chosen');
  await buyBoxAddButton(page, L).click();
  await expect(page.getByRole('status').filter({ hasText: L.addedToCart })).toBeVisible();

  await page.goto(`${origin}${prefix}/p/${DEMO_CODES.brewer}`);
  await expect(page.getByTestId('campaign-offer')).toBeVisible();
  await expectAccessible(page, 'brewer with campaign offer');

  await page.goto(`${origin}${prefix}${prefix ? '/panier' : '/cart'}`);
  await expect(page.getByTestId('cart-line-ad')).toBeVisible();
  await expectAccessible(page, 'cart with an auto-delivery line');

  await page.getByRole('link', { name: L.checkout, exact: true }).click();
  await expect(page.getByTestId('ad-account-required')).toBeVisible();
  await expectAccessible(page, 'checkout asking for an account');
}

test('auto-delivery buying screens have no serious or critical axe violations (usb2c English, cab2c French)', async ({ page }) => {
  await walkAutoDelivery(page, US_ORIGIN, '', EN);
  await walkAutoDelivery(page, CA_ORIGIN, '/fr', FR);
});
