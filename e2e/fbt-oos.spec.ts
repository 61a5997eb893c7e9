/**
 * Frequently bought together, bundle add and out-of-stock alternatives in a real browser (issue
 * 13; ADR 0032), English (usb2c) and French (cab2c):
 * - the Solo brewer's page shows "Frequently bought together" (the brewer and three partners with
 *   checkboxes and the total); with JavaScript the total follows the checkboxes and "Add all to
 *   cart" shows the added message and puts every item in the cart; without JavaScript a link
 *   renders the block on the server (`?fbt=all`), the form posts and lands on the cart with the items;
 * - a sold-out choice (`?variant=LASTUNIT-48`, no stock in the demo catalogue) shows "Try these
 *   instead" with in-stock alternatives (at most 4 beverages);
 * - a bundle page's "Add to cart" (bundleAddToCart) puts the bundle in the cart with its contents;
 * - without JavaScript, the "Try these instead" placeholder's link (`?oos=all`) renders the block
 *   on the server;
 * - axe on the changed product pages; screenshots at 375 and 1280 px when E2E_SHOTS is set.
 */
import { CA_ORIGIN, DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible, shoot } from './page-checks.ts';
import { EN, FR, expectCartCount } from './shopper.ts';

const SOLO_EN = 'Brewhaus Solo Single-Serve Coffee Maker';
const SOLO_FR = 'Cafetière à portion individuelle Brewhaus Solo';

test.describe('frequently bought together', () => {
  test('English with JavaScript: the total follows the checkboxes; Add all puts the four items in the cart', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.brewer}`);
    await expect(page.getByRole('heading', { level: 1, name: SOLO_EN })).toBeVisible();
    const block = page.getByRole('region', { name: 'Frequently bought together' });
    await expect(block).toBeVisible();
    const boxes = block.getByRole('checkbox');
    await expect(boxes).toHaveCount(4);
    for (const b of await boxes.all()) await expect(b).toBeChecked();
    await expect(block.getByText(`This item: ${SOLO_EN}`)).toBeVisible();
    await expect(block.getByText('Descaling Solution')).toBeVisible();
    await expect(block.getByText(/^Total for 4 items: \$/)).toBeVisible();
    await expectAccessible(page, 'product page with frequently bought together');
    await block.scrollIntoViewIfNeeded();
    await shoot(page, 'fbt-block-en');

    // one unchecked: three items, "Add selected"
    await block.getByRole('checkbox', { name: 'Include Descaling Solution' }).uncheck();
    await expect(block.getByText(/^Total for 3 items: \$/)).toBeVisible();
    await expect(block.getByRole('button', { name: 'Add selected to cart' })).toBeVisible();
    await block.getByRole('checkbox', { name: 'Include Descaling Solution' }).check();

    await block.getByRole('button', { name: 'Add all to cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: '4 items were added to your cart.' })).toBeVisible();
    await expectCartCount(page, EN, 4);
    await page.goto(`${US_ORIGIN}/cart`);
    await expect(page.getByRole('heading', { level: 1, name: EN.cartTitle })).toBeVisible();
    const main = page.getByRole('main');
    for (const name of [SOLO_EN, 'Descaling Solution', 'Signature Dark Roast Coffee', 'Everyday Ceramic Mug, 12 oz']) {
      await expect(main.getByRole('link', { name, exact: true }).first()).toBeVisible();
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('French (cab2c): "Tout ajouter au panier" posts the form and lands on the cart with the items', async ({ page }) => {
      await page.goto(`${CA_ORIGIN}/fr/p/${DEMO_CODES.brewer}`);
      await expect(page.getByRole('heading', { level: 1, name: SOLO_FR })).toBeVisible();
      // the streamed block needs a script to show; without one, a link renders it on the server
      await page.getByRole('link', { name: 'Voir ce qui est souvent acheté ensemble' }).click();
      const block = page.getByRole('region', { name: 'Souvent achetés ensemble' });
      await expect(block.getByText(`Cet article\u202F: ${SOLO_FR}`)).toBeVisible();
      await expect(block.getByText(/^Total pour 4 articles\u202F: /)).toBeVisible();
      await shoot(page, 'fbt-block-fr');
      await block.getByRole('button', { name: 'Tout ajouter au panier' }).click();
      await expect(page).toHaveURL(/\/fr\/panier$/);
      await expect(page.getByRole('heading', { level: 1, name: FR.cartTitle })).toBeVisible();
      const main = page.getByRole('main');
      for (const name of [SOLO_FR, 'Solution de détartrage', 'Café Signature, torréfaction foncée', 'Tasse en céramique de tous les jours, 12 oz']) {
        await expect(main.getByRole('link', { name, exact: true }).first()).toBeVisible();
      }
    });
  });
});

test.describe('sold-out product', () => {
  test('English: a sold-out choice shows in-stock alternatives ("Try these instead")', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.lastUnitProduct}?variant=LASTUNIT-48`);
    await expect(page.getByRole('heading', { level: 1, name: 'Last Harvest Micro-Lot Coffee' })).toBeVisible();
    const block = page.getByRole('region', { name: 'Try these instead' });
    await expect(block).toBeVisible();
    const cards = block.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(4);
    await expect(block.getByText('Out of stock')).toHaveCount(0);
    await expectAccessible(page, 'sold-out product page with alternatives');
    await shoot(page, 'oos-alternatives-en');
    // an alternative goes straight into the cart
    await block.getByRole('button', { name: EN.addToCart }).first().click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toBeVisible();
  });

  test('French: « Essayez plutôt ceux-ci »', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr/p/${DEMO_CODES.lastUnitProduct}?variant=LASTUNIT-48`);
    await expect(page.getByRole('heading', { level: 1, name: 'Café microlot de la dernière récolte' })).toBeVisible();
    const block = page.getByRole('region', { name: 'Essayez plutôt ceux-ci' });
    await expect(block.getByRole('article').first()).toBeVisible();
    await expect(block.getByText('Cet article est épuisé. Ceux-ci sont en stock et s’en rapprochent.')).toBeVisible();
    await expectAccessible(page, 'page produit épuisé');
    await shoot(page, 'oos-alternatives-fr');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('English: the placeholder link renders "Try these instead" on the server', async ({ page, browser }) => {
      await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.lastUnitProduct}?variant=LASTUNIT-48`);
      await expect(page.getByRole('heading', { level: 1, name: 'Last Harvest Micro-Lot Coffee' })).toBeVisible();
      // the streamed block needs a script to show; without one, a link renders it on the server
      await expect(page.getByRole('region', { name: 'Try these instead' })).toHaveCount(0);
      await page.getByRole('link', { name: 'See in-stock alternatives' }).click();
      await expect(page).toHaveURL(/[?&]oos=all/);
      await expect(page).toHaveURL(/[?&]variant=LASTUNIT-48/);
      const block = page.getByRole('region', { name: 'Try these instead' });
      await expect(block.getByText('This item is sold out. These are in stock and close to it.')).toBeVisible();
      const cards = block.getByRole('article');
      await expect(cards.first()).toBeVisible();
      expect(await cards.count()).toBeLessThanOrEqual(4);
      await expect(block.getByText('Out of stock')).toHaveCount(0);
      await shoot(page, 'oos-alternatives-nojs-en');
      // axe runs scripts in the page: check the same server-rendered page (`?oos=all`) in a context with JavaScript
      const url = page.url();
      const context = await browser.newContext({ javaScriptEnabled: true });
      try {
        const withJs = await context.newPage();
        await withJs.goto(url);
        await expect(withJs.getByRole('region', { name: 'Try these instead' }).getByRole('article').first()).toBeVisible();
        await expectAccessible(withJs, 'sold-out product page with server-rendered alternatives');
      } finally {
        await context.close();
      }
    });
  });

  test('an in-stock choice shows no alternatives', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.coffee}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Signature Dark Roast Coffee' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Frequently bought together' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Try these instead' })).toHaveCount(0);
  });
});

test.describe('bundle add', () => {
  test('English with JavaScript: the bundle page adds the bundle (bundleAddToCart); the cart holds it', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/b/${DEMO_CODES.bundle}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Brewer Starter Kit' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: EN.addToCart }).first().click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toBeVisible();
    await expectCartCount(page, EN, 1);
    await page.goto(`${US_ORIGIN}/cart`);
    await expect(page.getByRole('main').getByRole('link', { name: 'Brewer Starter Kit', exact: true }).first()).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('French: « Ajouter au panier » on the bundle page puts the bundle in the cart', async ({ page }) => {
      await page.goto(`${CA_ORIGIN}/fr/b/${DEMO_CODES.bundle}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Trousse de démarrage cafetière Solo' })).toBeVisible();
      await page.getByRole('main').getByRole('button', { name: FR.addToCart }).first().click();
      await expect(page.getByText(FR.addedToCart).first()).toBeVisible();
      await page.goto(`${CA_ORIGIN}/fr/panier`);
      await expect(page.getByRole('main').getByRole('link', { name: 'Trousse de démarrage cafetière Solo', exact: true }).first()).toBeVisible();
    });
  });
});
