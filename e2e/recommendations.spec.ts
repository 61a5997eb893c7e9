/**
 * Recommendations in a real browser (issue 13; ADR 0033): the PDP's "You may also like" shows at
 * most 4 beverages (English and French); the pod system is a classification feature of the PDP in
 * both languages; a signed-in customer who bought a Solo sees "Fits your Solo" on every pod offered
 * and no carafe pod; "Recently viewed" shows a product viewed before (never the current one); the
 * home carousel follows the segment (`data-experiment`, brewer intender after two brewers). axe on
 * the PDP and home with the islands; screenshots at 375 and 1280 px when E2E_SHOTS is set.
 */
import type { Page } from '@playwright/test';
import { CA_ORIGIN, DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible, shoot } from './page-checks.ts';
import { buyBoxAddButton, EN, expectConfirmation, goToCheckout, newCustomer, signUp, VERMONT_GUEST } from './shopper.ts';

const exact = { exact: true } as const;

function crossSell(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

test.describe('recommendations', () => {
  test('English: PDP carousel of at most 4 beverages, pod system shown, recently viewed, home carousel variant', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.coffee}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const list = crossSell(page, 'You may also like');
    await expect(list).toBeVisible();
    const items = await list.getByRole('listitem').count();
    expect(items).toBeGreaterThan(0);
    expect(items).toBeLessThanOrEqual(4);
    await expect(page.getByRole('cell', { name: 'Classic pod' }).or(page.getByText('Classic pod', exact)).first()).toBeVisible();

    // the Solo's page: its accepted pods, and the pods offered fit it ("Fits the Solo")
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.brewer}`);
    await expect(page.getByText('Accepted pods').first()).toBeVisible();
    const soloList = crossSell(page, 'You may also like');
    await expect(soloList.getByRole('listitem')).toHaveCount(4);
    await expect(soloList.getByText('Fits the Solo')).toHaveCount(4);
    // recently viewed: the coffee seen before, not the Solo itself
    const recent = page.getByRole('region', { name: 'Recently viewed' });
    await expect(recent).toBeVisible();
    await expect(recent.locator(`[data-product-code="${DEMO_CODES.coffee}"]`)).toBeVisible();
    await expect(recent.locator(`[data-product-code="${DEMO_CODES.brewer}"]`)).toHaveCount(0);
    await expectAccessible(page, 'PDP with recommendations');
    await shoot(page, 'recs-pdp-en');

    // home: a repeat visitor gets the default carousel; after a second brewer, the brewer intender one
    await page.goto(`${US_ORIGIN}/`);
    await expect(page.locator('[data-experiment="carouseldefault"]')).toBeVisible();
    await page.goto(`${US_ORIGIN}/p/BH-MINI`);
    await expect(page.getByRole('region', { name: 'Recently viewed' })).toBeVisible();
    await page.goto(`${US_ORIGIN}/`);
    const home = page.locator('[data-experiment="carouselbrewerIntender"]');
    await expect(home).toBeVisible();
    await expect(home.getByRole('heading', { name: 'Find your brewer' })).toBeVisible();
    const brewers = await home.getByRole('listitem').count();
    expect(brewers).toBeLessThanOrEqual(5);
    await expect(page.getByRole('region', { name: 'Recently viewed' }).locator('[data-product-code="BH-MINI"]')).toBeVisible();
    await expectAccessible(page, 'home with recommendations');
    await shoot(page, 'recs-home-en');
  });

  test('French (cab2c): PDP carousel of at most 4 beverages, pod system feature, recently viewed', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${CA_ORIGIN}/fr/p/${DEMO_CODES.brewer}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Capsules acceptées').first()).toBeVisible();
    const list = crossSell(page, 'Vous aimerez aussi');
    await expect(list).toBeVisible();
    expect(await list.getByRole('listitem').count()).toBeLessThanOrEqual(4);
    await expect(list.getByText('Compatible avec la Solo').first()).toBeVisible();
    await page.goto(`${CA_ORIGIN}/fr/p/${DEMO_CODES.coffee}`);
    const recent = page.getByRole('region', { name: 'Consultés récemment' });
    await expect(recent.locator(`[data-product-code="${DEMO_CODES.brewer}"]`)).toBeVisible();
    await expectAccessible(page, 'PDP en français');
    await shoot(page, 'recs-pdp-fr');
    await page.goto(`${CA_ORIGIN}/fr`);
    await expect(page.locator('[data-experiment="carouseldefault"]').getByRole('heading', { name: 'Recommandé pour vous' })).toBeVisible();
    await shoot(page, 'recs-home-fr');
  });

  test('a customer who bought a Solo sees "Fits your Solo" on every pod offered, and no carafe pod', async ({ page }) => {
    test.setTimeout(180_000);
    const c = newCustomer('solo');
    await signUp(page, US_ORIGIN, c);
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.brewer}`);
    await buyBoxAddButton(page, EN).click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toBeVisible();
    await goToCheckout(page, EN);
    const g = VERMONT_GUEST;
    const main = page.getByRole('main');
    await main.getByLabel(EN.firstName, exact).fill(g.firstName);
    await main.getByLabel(EN.lastName, exact).fill(g.lastName);
    await main.getByLabel(EN.street, exact).fill(g.street);
    await main.getByLabel(EN.city, exact).fill(g.city);
    await main.getByLabel(EN.region, exact).selectOption({ label: g.region });
    await main.getByLabel(EN.postal, exact).fill(g.postal);
    await page.getByRole('button', { name: EN.continue }).click();
    await expect(page.getByRole('radio').first()).toBeChecked();
    await page.getByRole('button', { name: EN.continue }).click();
    await expect(page.getByRole('checkbox', { name: EN.sameAsShipping })).toBeChecked();
    await page.getByRole('button', { name: EN.continue }).click();
    await main.getByLabel(EN.cardNumber, exact).fill(g.card);
    await main.getByLabel(EN.expiry, exact).fill('12/34');
    await main.getByLabel(EN.cvc, exact).fill('123');
    await page.getByRole('button', { name: EN.placeOrder }).click();
    await expectConfirmation(page, EN);

    // the carafe pod's page: every pod offered fits the Solo, none is a carafe pod (Diner Classic)
    await page.goto(`${US_ORIGIN}/p/BH-DINER-CLASSIC`);
    await expect(page.getByText('Carafe pod').first()).toBeVisible();
    const list = crossSell(page, 'You may also like');
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(list.getByText('Fits your Solo')).toHaveCount(4);
    await expect(list.getByRole('link', { name: /Diner Classic/ })).toHaveCount(0);
    await expectAccessible(page, 'PDP for a Solo owner');
    await shoot(page, 'recs-pdp-solo-owner');
  });
});
