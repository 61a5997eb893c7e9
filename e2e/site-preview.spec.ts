/**
 * Issue 9 item 9: a `?site=cab2c` preview on the US host stays on the Canadian store through
 * ordinary links (category, product, language switch, cart) for the visit, in French where the
 * shopper chose it, until `?site=usb2c` ends it. The brand shows as the Canadian header theme and
 * CAD prices (the API's cab2c price, which differs from the usb2c one).
 */
import type { Page } from '@playwright/test';
import { DEMO_CATEGORY_CODES, DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';

/** cab2c header background (VISUAL.md: brown #4a2c1d). */
const CANADIAN_HEADER = 'rgb(74, 44, 29)';

interface ApiProduct {
  name: string;
  priceData: { formattedValue: string; currencyIso: string };
}

async function apiProduct(page: Page, site: string, lang: 'en' | 'fr'): Promise<ApiProduct> {
  const response = await page.request.get(`${US_ORIGIN}/rest/v2/${site}/products/${DEMO_CODES.coffee}?lang=${lang}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiProduct;
}

/** The page is the Canadian store: `data-site`, brown header, and in the expected language. */
async function expectCanadian(page: Page, lang: 'en' | 'fr'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-site', 'cab2c');
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'fr' ? 'fr-CA' : 'en');
  await expect(page.getByRole('banner')).toHaveCSS('background-color', CANADIAN_HEADER);
  // the preview lives in the cookie, not in the links
  expect(new URL(page.url()).searchParams.has('site')).toBe(false);
}

test.describe('site preview (issue 9 item 9)', () => {
  test('?site=cab2c stays on the Canadian store through category, product, French and cart, until ?site=usb2c', async ({ page }) => {
    const caEn = await apiProduct(page, 'cab2c', 'en');
    const caFr = await apiProduct(page, 'cab2c', 'fr');
    const us = await apiProduct(page, 'usb2c', 'en');
    expect(caEn.priceData.currencyIso).toBe('CAD');
    expect(caEn.priceData.formattedValue, 'the demo prices differ per site').not.toBe(us.priceData.formattedValue);

    await page.goto(`${US_ORIGIN}/?site=cab2c`);
    await expect(page.locator('html')).toHaveAttribute('data-site', 'cab2c');
    const cookie = (await page.context().cookies(US_ORIGIN)).find((c) => c.name === 'sf_site');
    expect(cookie).toMatchObject({ value: 'cab2c', httpOnly: true, sameSite: 'Lax', expires: -1, path: '/' });

    // 1. a category of the header's navigation
    await page.getByRole('navigation', { name: 'Shop by category' }).getByRole('link', { name: 'Beverages' }).click();
    await expect(page).toHaveURL(new RegExp(`/c/${DEMO_CATEGORY_CODES.beverages}$`));
    await expectCanadian(page, 'en');

    // 2. a product from the list: the Canadian price
    await page.getByRole('main').getByRole('link', { name: caEn.name, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: caEn.name })).toBeVisible();
    await expectCanadian(page, 'en');
    await expect(page.getByTestId('price').first()).toContainText(caEn.priceData.formattedValue);

    // 3. the language switch: the French page of the same product, still Canadian (no redirect to US English)
    await page.getByRole('banner').getByRole('link', { name: /Français/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: caFr.name })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/fr\//);
    await expectCanadian(page, 'fr');
    await expect(page.getByTestId('price').first()).toContainText(caFr.priceData.formattedValue);
    await page.getByRole('main').getByRole('button', { name: 'Ajouter au panier' }).first().click();
    await expect(page.getByRole('status').filter({ hasText: `${caFr.name} a été ajouté à votre panier.` })).toBeVisible();

    // 4. the cart, from the header
    await page.getByRole('banner').getByRole('link', { name: /^Panier/ }).click();
    await expect(page).toHaveURL(/\/fr\/panier$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Votre panier' })).toBeVisible();
    await expectCanadian(page, 'fr');
    await expect(page.getByRole('main').getByRole('link', { name: caFr.name })).toBeVisible();

    // a French page typed in directly stays French and Canadian
    const direct = await page.goto(`${US_ORIGIN}/fr/c/${DEMO_CATEGORY_CODES.brewers}`);
    expect(direct?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/fr/c/${DEMO_CATEGORY_CODES.brewers}`);
    await expectCanadian(page, 'fr');

    // ?site=usb2c ends the preview: the next links are the US store again
    await page.goto(`${US_ORIGIN}/?site=usb2c`);
    expect((await page.context().cookies(US_ORIGIN)).find((c) => c.name === 'sf_site')).toBeUndefined();
    await page.getByRole('navigation', { name: 'Shop by category' }).getByRole('link', { name: 'Beverages' }).click();
    await expect(page).toHaveURL(new RegExp(`/c/${DEMO_CATEGORY_CODES.beverages}$`));
    await expect(page.locator('html')).toHaveAttribute('data-site', 'usb2c');
    await expect(page.getByRole('banner')).not.toHaveCSS('background-color', CANADIAN_HEADER);
  });

  test('a site parameter naming no base site is ignored', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/?site=evil`);
    await expect(page.locator('html')).toHaveAttribute('data-site', 'usb2c');
    expect((await page.context().cookies(US_ORIGIN)).find((c) => c.name === 'sf_site')).toBeUndefined();
  });
});
