/**
 * Issue 9 item 12 on rendered pages: the storefront's own French text has French typography
 * (U+202F before `: ; ? !`, inside `« »`), including texts built by interpolation (swatch legend
 * "Couleur : Noir mat", checkout step titles "Étape 1 sur 6 :"), and English pages keep
 * "Color: Matte Black". Only storefront-owned parts are judged (buy box labels, headings, step
 * titles, header navigation, footer): product names and descriptions are seeded catalogue copy.
 */
import type { Locator, Page } from '@playwright/test';
import { frenchTypographyIssues } from '@store/domain';
import { CA_ORIGIN, DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';
import { buyBoxAddButton, FR, goToCheckout } from './shopper.ts';

const NNBSP = '\u202F';

/** The rule breaks in what a locator shows, readable. */
async function issuesIn(locator: Locator): Promise<string[]> {
  const out: string[] = [];
  for (const text of await locator.allInnerTexts()) {
    for (const i of frenchTypographyIssues(text)) out.push(`${i.problem} "${i.mark}" in …${text.slice(Math.max(0, i.index - 25), i.index + 8)}…`);
  }
  return out;
}

async function legendText(page: Page): Promise<string> {
  return ((await page.locator('.pdp-buybox fieldset.swatches legend').textContent()) ?? '').trim();
}

test.describe('French typography on rendered pages (issue 9 item 12)', () => {
  test('product page with colour swatches: "Couleur : Noir mat", buy box labels, header and footer', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr/p/${DEMO_CODES.brewer}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    expect(await legendText(page)).toBe(`Couleur${NNBSP}: Noir mat`);
    await page.getByRole('radio', { name: 'Rouge cerise', exact: true }).check();
    await expect.poll(() => legendText(page)).toBe(`Couleur${NNBSP}: Rouge cerise`);
    // buy box: price labels (sale/original), stock, swatches, quantity, button
    expect(await issuesIn(page.locator('.pdp-buybox form.add-to-cart'))).toEqual([]);
    expect(await issuesIn(page.locator('.pdp-buybox [data-testid="price"]'))).toEqual([]);
    expect(await issuesIn(page.getByRole('navigation', { name: 'Magasiner par catégorie' }))).toEqual([]);
    expect(await issuesIn(page.locator('.header-main'))).toEqual([]);
    expect(await issuesIn(page.getByRole('contentinfo'))).toEqual([]);
    await expect(page.getByRole('contentinfo')).toContainText(`Appelez-nous sans frais${NNBSP}:`);
    await buyBoxAddButton(page, FR).click();
    const snackbar = page.getByRole('status').filter({ hasText: FR.addedToCart });
    await expect(snackbar).toBeVisible();
    expect(await issuesIn(snackbar)).toEqual([]);
  });

  test('search results: « terme » with narrow spaces', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr/recherche?term=signature`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Résultats pour «${NNBSP}signature${NNBSP}»`);
    expect(await issuesIn(page.getByRole('heading', { level: 1 }))).toEqual([]);
  });

  test('checkout: the step titles read "Étape 1 sur 6 :" and the page headings have no issue', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr/p/${DEMO_CODES.coffee}`);
    await buyBoxAddButton(page, FR).click();
    await expect(page.getByRole('status').filter({ hasText: FR.addedToCart })).toBeVisible();
    await goToCheckout(page, FR);
    const titles = page.locator('.checkout-section h2');
    const count = await titles.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i++) {
      const text = ((await titles.nth(i).textContent()) ?? '').trim();
      expect(text).toMatch(new RegExp(`^Étape ${i + 1} sur \\d+${NNBSP}: \\S`));
      expect(frenchTypographyIssues(text), text).toEqual([]);
    }
    expect(await issuesIn(page.getByRole('heading'))).toEqual([]);
    expect(await issuesIn(page.locator('.checkout-form label'))).toEqual([]);
  });
});

test.describe('English pages keep English punctuation and US spelling (issue 9 item 12)', () => {
  test('"Color: Matte Black" on the US product page', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.brewer}`);
    expect(await legendText(page)).toBe('Color: Matte Black');
    await expect(page.locator('.pdp-buybox')).not.toContainText(/colour/i);
  });
});
