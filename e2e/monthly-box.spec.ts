/**
 * Issue 10 "Subscriptions beyond AD": the monthly-box page filters the boxes on 20, 22 and 24
 * pods (spec §9), in English on usb2c and in French on cab2c, with links that work without
 * JavaScript, and the footer leads to it.
 */
import { CA_ORIGIN, expect, test, US_ORIGIN } from './fixtures.ts';

test.describe('monthly box page', () => {
  test('usb2c English: the footer leads to it, and the 22-pod filter keeps only 22-pod boxes', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Monthly box' }).click();
    await expect(page).toHaveURL(/\/monthly-box$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Monthly box' })).toBeVisible();
    const filter = page.getByRole('navigation', { name: 'Box size' });
    await expect(filter.getByRole('link', { name: 'All boxes' })).toHaveAttribute('aria-current', 'page');
    const allCount = await page.locator('.listing-count').textContent();
    await filter.getByRole('link', { name: '22 pods' }).click();
    await expect(page).toHaveURL(/\/monthly-box\/22$/);
    await expect(filter.getByRole('link', { name: '22 pods' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.listing-count')).not.toHaveText(allCount ?? '');
    const cards = page.locator('article.product-card');
    await expect(cards.first()).toBeVisible();
  });

  test('cab2c French: /fr/boite-mensuelle/24 in French, the language switch keeps the box size', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr/boite-mensuelle/24`);
    await expect(page.getByRole('heading', { level: 1, name: 'Boîte mensuelle' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Format de la boîte' }).getByRole('link', { name: '24 capsules' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText('Choisissez une boîte ci-dessous, son format et le jour de son expédition chaque mois, puis passez à la caisse.')).toBeVisible();
    await page.locator('a.lang-switch').first().click();
    await expect(page).toHaveURL(/\/monthly-box\/24$/);
  });

  test('a box size that is not 20, 22 or 24 answers 404', async ({ page }) => {
    const res = await page.goto(`${US_ORIGIN}/monthly-box/23`);
    expect(res?.status()).toBe(404);
  });
});

test.describe('monthly box page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('a card starts a monthly box: the cart holds an MBOX line shipping on the chosen day', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/monthly-box/24`);
    const first = page.locator('article.product-card').first();
    await first.getByLabel('Ships on').selectOption({ label: 'day 15 of each month' });
    await first.getByRole('button', { name: /add to cart/i }).click();
    await page.goto(`${US_ORIGIN}/cart`);
    await expect(page.getByText('Monthly box, ships on day 15 of each month')).toBeVisible();
  });

  test('the box-size links work as plain links', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/monthly-box`);
    await page.getByRole('navigation', { name: 'Box size' }).getByRole('link', { name: '20 pods' }).click();
    await expect(page).toHaveURL(/\/monthly-box\/20$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Monthly box' })).toBeVisible();
  });
});
