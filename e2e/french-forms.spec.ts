/**
 * Issue 9 item 8: on the French Canadian store, what comes back after a form post is French:
 * the add-to-cart confirmation names the product by its French name, with JavaScript (fetcher,
 * snackbar) and without (plain POST, redirect, flash message), from the product page and from a
 * product card. The product names come from the pages themselves (English page, French page), so
 * the test does not depend on the demo copy. The JSON auth routes answer in French under /fr too
 * (the reset email of /fr/api/auth/forgotPassword).
 */
import type { Page } from '@playwright/test';
import { CA_ORIGIN, DEMO_CATEGORY_CODES, DEMO_CODES, expect, test } from './fixtures.ts';
import { buyBoxAddButton, EN, expectCartCount, FR, newCustomer, signUp } from './shopper.ts';
import { readMails } from './smtp-sink.ts';

/** The English and French names of a product, read from its two pages on cab2c. */
async function namesOf(page: Page, code: string): Promise<{ en: string; fr: string }> {
  await page.goto(`${CA_ORIGIN}/p/${code}`);
  const en = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  await page.goto(`${CA_ORIGIN}/fr/p/${code}`);
  const fr = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(en).not.toBe('');
  expect(fr, 'the demo product has a French name of its own').not.toBe(en);
  return { en, fr };
}

/** Adds from the French product page and checks the snackbar and the cart. */
async function addOnFrenchProductPage(page: Page): Promise<void> {
  const names = await namesOf(page, DEMO_CODES.caOnlyProduct);
  expect(new URL(page.url()).pathname).toMatch(/^\/fr\//);
  const frenchPage = page.url();
  await buyBoxAddButton(page, FR).click();
  const snackbar = page.getByRole('status').filter({ hasText: FR.addedToCart });
  await expect(snackbar).toContainText(`${names.fr} a été ajouté à votre panier.`);
  await expect(snackbar).not.toContainText(names.en);
  await expect(snackbar.getByRole('link', { name: 'Voir le panier' })).toHaveAttribute('href', '/fr/panier');
  expect(page.url(), 'back on the same French page').toBe(frenchPage);
  await expectCartCount(page, FR, 1);

  await page.goto(`${CA_ORIGIN}/fr/panier`);
  await expect(page.getByRole('main').getByRole('link', { name: names.fr })).toBeVisible();
}

/** Adds the first card of the French beverages list and checks the snackbar names it in French. */
async function addFromFrenchCard(page: Page): Promise<void> {
  await page.goto(`${CA_ORIGIN}/fr/c/${DEMO_CATEGORY_CODES.beverages}`);
  const card = page.getByRole('main').locator('article.product-card').filter({ has: page.getByRole('button', { name: FR.addToCart, disabled: false }) }).first();
  const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.getByRole('button', { name: FR.addToCart }).click();
  await expect(page.getByRole('status').filter({ hasText: FR.addedToCart })).toContainText(`${name} a été ajouté à votre panier.`);
}

test.describe('French answers to form posts, JavaScript on (issue 9 item 8)', () => {
  test('the add-to-cart snackbar names the product in French on the French product page', async ({ page }) => {
    await addOnFrenchProductPage(page);
  });

  test('a product card of a French list posts to the French path and answers in French', async ({ page }) => {
    await addFromFrenchCard(page);
  });

  test('the English page still answers in English', async ({ page }) => {
    const names = await namesOf(page, DEMO_CODES.caOnlyProduct);
    await page.goto(`${CA_ORIGIN}/p/${DEMO_CODES.caOnlyProduct}`);
    await buyBoxAddButton(page, EN).click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toContainText(`${names.en} was added to your cart.`);
  });
});

test.describe('French answers to form posts, JavaScript off (issue 9 item 8)', () => {
  test.use({ javaScriptEnabled: false });

  test('the add-to-cart confirmation after the redirect names the product in French', async ({ page }) => {
    await addOnFrenchProductPage(page);
  });

  test('a product card of a French list posts to the French path and answers in French', async ({ page }) => {
    await addFromFrenchCard(page);
  });

  test('the French add-to-cart form posts to the French path', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr/p/${DEMO_CODES.caOnlyProduct}`);
    await expect(page.locator('form.add-to-cart').first()).toHaveAttribute('action', '/fr/panier/ajouter');
  });
});

test.describe('French auth server routes (issue 9 item 8)', () => {
  test('POST /fr/api/auth/forgotPassword sends the French reset email', async ({ page }) => {
    const customer = newCustomer('frapi');
    await signUp(page, CA_ORIGIN, customer);
    await page.goto(`${CA_ORIGIN}/fr`);
    const token = await page.locator('input[name="_csrf"]').first().inputValue();
    const status = await page.evaluate(
      async ({ email, csrf }) => {
        const response = await fetch('/fr/api/auth/forgotPassword', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify({ email }),
        });
        return response.status;
      },
      { email: customer.email, csrf: token },
    );
    expect(status).toBeLessThan(300);
    const mail = () => readMails().find((m) => m.includes(customer.email) && /reinitialiser-mot-de-passe\?token=/.test(m)) ?? null;
    await expect.poll(mail, { timeout: 15_000 }).not.toBeNull();
    // the French template (the body is UTF-8 behind quoted-printable: ASCII words are compared)
    expect(mail()).toContain(`Bonjour ${customer.firstName},`);
    expect(mail()).toContain('/fr/reinitialiser-mot-de-passe?token=');
  });
});
