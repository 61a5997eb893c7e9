/**
 * Brewer compare and product comparison in a real browser (issue 13; ADR 0031): three brewers
 * chosen from the coffee makers listing and a product page (plain POST forms, no JavaScript), the
 * tray with its count, the table with differences, "hide identical rows" (a link), removing one,
 * a 5th item refused with a message; the same in French with JavaScript; the error area for an
 * unknown code and a non-brewer; the empty page. axe on each page (with JavaScript); screenshots
 * at 375 and 1280 px when E2E_SHOTS is set.
 */
import type { Page } from '@playwright/test';
import { CA_ORIGIN, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible, shoot } from './page-checks.ts';

const SOLO = 'Brewhaus Solo Single-Serve Coffee Maker';
const MINI = 'Brewhaus Mini Single-Serve Coffee Maker';
const SLIM = 'Brewhaus Slim Single-Serve Coffee Maker';

async function rowNames(page: Page): Promise<string[]> {
  return (await page.locator('.compare-table tbody th[scope=row]').allInnerTexts()).map((t) => t.trim());
}

test.describe('compare from a listing with JavaScript', () => {
  test('the cards share the grid\'s compare forms: add two, remove one, from the coffee makers listing (issue 11)', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/c/BR`);
    await page.locator('html[data-hydrated]').waitFor();
    // one form per grid and intent, not one per card
    expect(await page.locator('.product-grid form.add-to-compare').count()).toBe(0);
    await page.getByRole('button', { name: `Add to compare (${SOLO})` }).click();
    await expect(page.getByRole('button', { name: `Remove (${SOLO})` })).toBeVisible();
    await page.getByRole('button', { name: `Add to compare (${MINI})` }).click();
    await expect(page.getByRole('complementary', { name: 'Compare list' }).getByRole('link', { name: 'Compare coffee makers (2/4)' })).toBeVisible();
    await page.getByRole('button', { name: `Remove (${SOLO})` }).click();
    await expect(page.getByRole('button', { name: `Add to compare (${SOLO})` })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Compare list' }).getByRole('link', { name: 'Compare coffee makers (1/4)' })).toBeVisible();
  });
});

test.describe('compare brewers without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('English: choose three from the listing and a product page, compare, hide identical rows, remove one', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${US_ORIGIN}/c/BR`);
    await page.getByRole('button', { name: `Add to compare (${SOLO})` }).click();
    await expect(page.getByRole('complementary', { name: 'Compare list' }).getByRole('link', { name: 'Compare coffee makers (1/4)' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Remove (${SOLO})` })).toBeVisible();
    await page.getByRole('button', { name: `Add to compare (${MINI})` }).click();
    await page.goto(`${US_ORIGIN}/p/BH-SLIM`);
    await expect(page.getByRole('heading', { level: 1, name: SLIM })).toBeVisible();
    await page.getByRole('button', { name: `Add to compare (${SLIM})` }).click();
    await expect(page.getByRole('heading', { level: 1, name: SLIM })).toBeVisible();
    await page.getByRole('link', { name: 'Compare coffee makers (3/4)' }).click();

    await expect(page).toHaveURL(/\/compare\/brewers\?items=BH-SOLO,BH-MINI,BH-SLIM$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Compare coffee makers' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([new RegExp(SOLO), new RegExp(MINI), new RegExp(SLIM)]);
    await expect(table.getByRole('row', { name: /Reservoir capacity \(Differs\) 42 oz 12 oz 46 oz/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /^Iced setting No No No$/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Price \(Differs\)/ })).toBeVisible();

    await page.getByRole('link', { name: 'Hide identical rows' }).click();
    await expect(page).toHaveURL(/items=BH-SOLO,BH-MINI,BH-SLIM&hide=1$/);
    await expect(page.getByRole('link', { name: 'Show all rows' })).toBeVisible();
    await expect(page.getByText(/identical rows? hidden/)).toBeVisible();
    expect(await rowNames(page)).not.toContain('Iced setting');
    expect((await rowNames(page)).join('|')).toContain('Reservoir capacity');

    await page.getByRole('button', { name: `Remove (${MINI})` }).click();
    await expect(page).toHaveURL(/items=BH-SOLO,BH-SLIM&hide=1$/);
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(2);
    await page.getByRole('link', { name: 'Show all rows' }).click();
    await expect(page.getByRole('link', { name: 'Hide identical rows' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Iced setting' })).toBeVisible();
  });

  test('a fifth item is refused with a message, not an error page', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/c/BR`);
    const cards = page.getByRole('button', { name: /^Add to compare \(/ });
    // one post at a time: each click waits for the page it redirects back to (the tray's count)
    for (let i = 1; i <= 4; i += 1) {
      await cards.first().click();
      await expect(page.getByRole('link', { name: `Compare coffee makers (${i}/4)` })).toBeVisible();
    }
    await cards.first().click();
    await expect(page.getByRole('status').filter({ hasText: 'You can compare up to 4 items. Remove one before adding another.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Compare coffee makers (4/4)' })).toBeVisible();
  });
});

test.describe('compare pages with JavaScript', () => {
  test('French (cab2c): choose three, compare, hide identical rows, remove one; axe', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${CA_ORIGIN}/fr/c/BR`);
    for (const code of ['BH-SOLO', 'BH-MINI', 'BH-SLIM']) {
      const card = page.locator(`article[data-product-code="${code}"]`);
      await card.getByRole('button', { name: /^Ajouter à la comparaison \(/ }).click();
      await expect(card.getByText('Dans la comparaison')).toBeVisible();
    }
    await expectAccessible(page, 'brewers listing with compare buttons (fr)');
    await page.getByRole('link', { name: 'Comparer les cafetières (3/4)' }).click();
    await expect(page).toHaveURL(/\/fr\/comparer\/cafetieres\?items=BH-SOLO,BH-MINI,BH-SLIM$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Comparer les cafetières' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(3);
    await expect(page.getByRole('rowheader', { name: /Capacité du réservoir/ })).toBeVisible();
    await expectAccessible(page, 'brewer compare (fr)');
    await shoot(page, 'compare-brewers-fr');
    await page.getByRole('link', { name: 'Masquer les lignes identiques' }).click();
    await expect(page.getByRole('link', { name: 'Afficher toutes les lignes' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Capacité du réservoir (Diffère)' })).toBeVisible();
    expect(await rowNames(page)).not.toContain('Réglage glacé');
    await page.getByRole('button', { name: 'Retirer (Cafetière à portion individuelle Brewhaus Mini)', exact: true }).click();
    await expect(page).toHaveURL(/items=BH-SOLO,BH-SLIM&hide=1$/);
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(2);
    await expectAccessible(page, 'brewer compare, identical rows hidden (fr)');
  });

  test('English product comparison, error areas and the empty page; axe', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/compare?items=BH-SOLO,ACC-DESCALE`);
    await expect(page.getByRole('heading', { level: 1, name: 'Compare products' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(2);
    await expectAccessible(page, 'product comparison');
    await shoot(page, 'compare-products-en');
    await page.goto(`${US_ORIGIN}/compare/brewers?items=BH-SOLO,BH-MINI,BH-SLIM`);
    await shoot(page, 'compare-brewers-en');

    await page.goto(`${US_ORIGIN}/compare/brewers?items=BH-SOLO,NOPE-404`);
    await expect(page.getByRole('alert')).toContainText('One of the items is not available on this store: NOPE-404.');
    await page.goto(`${US_ORIGIN}/compare/brewers?items=BH-SOLO,ACC-DESCALE`);
    await expect(page.getByRole('alert')).toContainText('ACC-DESCALE is not a coffee maker.');
    await page.getByRole('link', { name: 'Compare again' }).click();
    await expect(page.getByText(`Add at least one more item to compare with ${SOLO}.`)).toBeVisible();

    await page.goto(`${US_ORIGIN}/compare/brewers`);
    await expect(page.getByRole('heading', { name: 'Nothing to compare yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse coffee makers' })).toBeVisible();
    await expectAccessible(page, 'empty compare page');
    await page.goto(`${CA_ORIGIN}/fr/comparer`);
    await expect(page.getByRole('heading', { name: 'Rien à comparer pour l’instant' })).toBeVisible();
    await expectAccessible(page, 'empty compare page (fr)');
  });
});
