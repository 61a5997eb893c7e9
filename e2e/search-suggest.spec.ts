/**
 * Search suggestions and keyword redirects in a real browser (issue 13; ADR 0031): the header
 * search box is an ARIA combobox once hydrated — type, choose with the arrow keys, Enter opens the
 * product, Escape closes the list — in English and French; axe with the list open; without
 * JavaScript "descaling" / "détartrage" land on the descaler's page (keyword redirect seeded for
 * every site). Screenshots at 375 and 1280 px when E2E_SHOTS is set.
 */
import { CA_ORIGIN, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible, shoot } from './page-checks.ts';

test.describe('search suggestions', () => {
  test('English: keyboard selection opens the product; Escape closes the list', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/`);
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.click();
    await box.pressSequentially('solo', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list.getByRole('option', { name: /Brewhaus Solo Single-Serve Coffee Maker/ })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('ArrowDown');
    await expect(list.getByRole('option', { name: /Brewhaus Solo/ })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page, 'search suggestions open');
    await shoot(page, 'search-suggest-en');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/p\/BH-SOLO/);
    await expect(page.getByRole('heading', { level: 1, name: 'Brewhaus Solo Single-Serve Coffee Maker' })).toBeVisible();
  });

  test('French: categories and products, arrow keys, Enter', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr`);
    const box = page.getByRole('combobox', { name: 'Rechercher' });
    await box.click();
    await box.pressSequentially('détar', { delay: 30 });
    const option = page.getByRole('listbox').getByRole('option', { name: /Solution de détartrage/ });
    await expect(option).toBeVisible();
    await box.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await expectAccessible(page, 'search suggestions open (fr)');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/fr\/brewhaus-solution-de-detartrage\/p\/ACC-DESCALE/);
  });
});

test.describe('keyword redirects without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('"descaling" and "détartrage" land on the descaler page', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Descaling');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page).toHaveURL(/\/brewhaus-descaling-solution\/p\/ACC-DESCALE/);
    await expect(page.getByRole('heading', { level: 1, name: 'Descaling Solution' })).toBeVisible();
    await page.goto(`${CA_ORIGIN}/fr`);
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('détartrage');
    await page.getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
    await expect(page).toHaveURL(/\/fr\/brewhaus-solution-de-detartrage\/p\/ACC-DESCALE/);
    await expect(page.getByRole('heading', { level: 1, name: 'Solution de détartrage' })).toBeVisible();
  });
});
