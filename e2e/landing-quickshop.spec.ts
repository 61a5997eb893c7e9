/**
 * Issue 13 (ADR 0035) in a real browser: `/pod-id/{code}` opens the product page with the pod-id
 * variant chosen (English and French, canonical link to the product URL); starter-kit landing
 * pages from content slots (French trousse-de-demarrage-solo on cab2c adds the kit to the cart;
 * brewer-starter-kit and small-business-bundle in English); the quick shop lists 36 beverages on
 * page 1 with a next page, switches sections and adds a product with its quantity (JavaScript on
 * and off), and a chosen size from a card's variant select (English with JavaScript, French
 * without). axe on every new page; screenshots at 375 and 1280 px when E2E_SHOTS is set.
 */
import { CA_ORIGIN, DEMO_CODES, expect, PORT, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible, shoot } from './page-checks.ts';
import { EN, expectCartCount, FR } from './shopper.ts';

const OFFICE_ORIGIN = `http://office.localhost:${PORT}`;

test.describe('pod-id product URLs (spec §2)', () => {
  test('English: /pod-id/{variant code} shows the product with that variant chosen', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/pod-id/bh-signature-dark-48`);
    await expect(page).toHaveURL(/\/pod-id\/bh-signature-dark-48$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Signature Dark Roast Coffee' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^48/ })).toBeChecked();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/p/${DEMO_CODES.coffee}$`));
    await expectAccessible(page, 'pod-id page (en)');
    await shoot(page, 'pod-id-en');
  });

  test('French (cab2c): /fr/pod-id/{base code} chooses the default variant; an unknown code is a 404', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr/pod-id/${DEMO_CODES.coffeeVariant96}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Café Signature, torréfaction foncée' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^96/ })).toBeChecked();
    await expectAccessible(page, 'pod-id page (fr)');
    await shoot(page, 'pod-id-fr');

    await page.goto(`${CA_ORIGIN}/fr/pod-id/${DEMO_CODES.coffee}`);
    await expect(page.getByRole('radio', { name: /^24/ })).toBeChecked();

    const missing = await page.goto(`${CA_ORIGIN}/fr/pod-id/NO-SUCH-POD`);
    expect(missing?.status()).toBe(404);
    const brewer = await page.goto(`${US_ORIGIN}/pod-id/${DEMO_CODES.brewer}`);
    expect(brewer?.status()).toBe(404);
  });
});

test.describe('starter-kit landing pages (spec §2)', () => {
  test('French (cab2c): trousse-de-demarrage-solo shows the kit and adds it to the cart', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/fr/trousse-de-demarrage-solo?site=cab2c`);
    await expect(page.getByRole('heading', { level: 1, name: /Commencez à infuser avec la/ })).toBeVisible();
    await page.goto(`${CA_ORIGIN}/fr/trousse-de-demarrage-solo`);
    const hero = page.getByRole('heading', { level: 1, name: /Commencez à infuser avec la/ });
    await expect(hero).toBeVisible();
    const kit = page.getByRole('region', { name: 'Contenu de la trousse' });
    await expect(kit.getByRole('listitem')).toHaveCount(4);
    await expect(kit).toContainText('Signature');
    await expect(kit.getByText(/^À la pièce\u202f:/)).toBeVisible();
    await expect(kit.getByText(/^Vous économisez \d/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Questions sur la trousse' }).getByText('Puis-je recevoir la trousse en livraison automatique\u202f?')).toBeVisible();
    await expectAccessible(page, 'starter-kit landing (fr)');
    await shoot(page, 'starter-kit-fr');

    await kit.getByRole('button', { name: 'Ajouter la trousse au panier' }).click();
    await expect(page.getByRole('status').filter({ hasText: FR.addedToCart })).toContainText('Trousse de démarrage');
    await expectCartCount(page, FR, 1);
    // the English slug of another kit answers in French too; an unknown product is a 404
    await page.goto(`${CA_ORIGIN}/fr/duo-plus-starter-kit`);
    await expect(page.getByRole('region', { name: 'Contenu de la trousse' })).toContainText('Duo Plus');
    const missing = await page.goto(`${CA_ORIGIN}/fr/trousse-de-demarrage-inconnue`);
    expect(missing?.status()).toBe(404);
  });

  test('English: brewer-starter-kit and {product}-starter-kit (usb2c), small-business-bundle (usafh)', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/brewer-starter-kit`);
    await expect(page.getByRole('heading', { level: 1, name: /Start brewing with the/ })).toBeVisible();
    const kit = page.getByRole('region', { name: 'What’s in the kit' });
    await expect(kit.getByRole('listitem')).toHaveCount(4);
    await expect(kit.getByText(/^You save \$\d/)).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/brewer-starter-kit$/);
    await expectAccessible(page, 'brewer-starter-kit');
    await shoot(page, 'starter-kit-en');
    await page.getByRole('link', { name: 'See what’s in the kit' }).click();
    await expect(page).toHaveURL(/#kit-contents$/);

    await page.goto(`${US_ORIGIN}/iced-plus-starter-kit`);
    await expect(page.getByRole('region', { name: 'What’s in the kit' })).toContainText('Iced Plus');
    expect((await page.goto(`${US_ORIGIN}/office-pro-starter-kit`))?.status()).toBe(404);

    await page.goto(`${OFFICE_ORIGIN}/small-business-bundle`);
    await expect(page.getByRole('heading', { level: 1, name: 'Open the break room on Monday' })).toBeVisible();
    const office = page.getByRole('region', { name: 'What’s in the kit' });
    await expect(office.getByRole('listitem')).toHaveCount(5);
    await expectAccessible(page, 'small-business-bundle');
    await shoot(page, 'small-business-bundle-en');
    await office.getByRole('button', { name: 'Add the kit to cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toContainText('Small Business Bundle');
  });
});

test.describe('quick shop (spec §9)', () => {
  test('English: linked from the footer, 36 beverages on page 1 with a next page, sections, add with a quantity', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Quick shop' }).click();
    await expect(page).toHaveURL(/\/quick-shop$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quick shop' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Quick shop sections' });
    await expect(tabs.getByRole('link', { name: 'Beverages' })).toHaveAttribute('aria-current', 'page');
    const cards = page.getByRole('main').locator('article.product-card');
    await expect(cards).toHaveCount(36);
    await expect(page.getByText('Page 1 of')).toBeVisible();
    await expectAccessible(page, 'quick shop (en)');
    await shoot(page, 'quick-shop-en');

    const card = cards.filter({ has: page.getByRole('button', { name: EN.addToCart, disabled: false }) }).first();
    const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card.getByLabel('Quantity').fill('2');
    await card.getByRole('button', { name: EN.addToCart }).click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toContainText(`${name} was added to your cart.`);
    await expectCartCount(page, EN, 2);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByText('Page 2 of')).toBeVisible();
    await expect(cards.first()).toBeVisible();

    await tabs.getByRole('link', { name: 'Coffee makers' }).click();
    await expect(page).toHaveURL(/\?tab=BR$/);
    await expect(page.getByRole('heading', { level: 2, name: /Coffee makers/ })).toBeVisible();
    await tabs.getByRole('link', { name: 'Accessories & gift cards' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Accessories & gift cards/ })).toBeVisible();
  });

  test('English: a card with several sizes adds the chosen one (48 ct)', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/quick-shop`);
    const card = page.getByRole('main').locator('article.product-card').filter({ has: page.getByRole('heading', { name: 'Signature Dark Roast Coffee', exact: true }) });
    const size = card.getByLabel('Size');
    await expect(size.locator('option')).toHaveText([/^24 ct, \$\d+\.\d{2}/, /^48 ct, \$\d+\.\d{2}/, /^96 ct, \$\d+\.\d{2}/]);
    await expect(size).toHaveValue(DEMO_CODES.coffeeVariant24);
    await size.selectOption({ label: (await size.locator('option').nth(1).textContent()) ?? '' });
    await card.getByRole('button', { name: EN.addToCart }).click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toContainText('Signature Dark Roast Coffee was added to your cart.');
    await expectCartCount(page, EN, 1);
    await page.goto(`${US_ORIGIN}/cart`);
    await expect(page.getByRole('main')).toContainText('48 ct');
    await expect(page.getByRole('main')).not.toContainText('24 ct');
  });

  test('French: /fr/achat-rapide', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr/achat-rapide`);
    await expect(page.getByRole('heading', { level: 1, name: 'Achat rapide' })).toBeVisible();
    await expect(page.getByRole('main').locator('article.product-card')).toHaveCount(36);
    await expect(page.getByRole('navigation', { name: 'Sections de l’achat rapide' }).getByRole('link', { name: 'Boissons' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page, 'quick shop (fr)');
    await shoot(page, 'quick-shop-fr');
  });
});

test.describe('shared pages (ADR 0019)', () => {
  test('pod-id, landing and quick-shop pages of an anonymous visitor come from the page cache, without per-visitor data', async ({ request }) => {
    const tag = Date.now().toString(36);
    for (const path of [`/pod-id/bh-signature-dark-48?t=${tag}`, `/brewer-starter-kit?t=${tag}`, `/fr/achat-rapide?page=2&t=${tag}`]) {
      // Node's resolver does not know ca.localhost (Chromium does): the Host header picks cab2c
      const headers = path.startsWith('/fr') ? { host: `ca.localhost:${PORT}` } : undefined;
      const first = await request.get(`${US_ORIGIN}${path}`, { headers });
      expect(first.status(), path).toBe(200);
      expect(first.headers()['cache-control'], path).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
      expect(first.headers()['set-cookie'], path).toBeUndefined();
      expect(await first.text()).not.toContain('name="_csrf"');
      if (headers) expect(await first.text()).toContain('Achat rapide');
      // the next view is a hit. Not always the very next one: an order placed by the other
      // worker's test purges pages, and a render in flight during any purge is not stored
      // (ADR 0019), so the page may need one more render before it is kept
      await expect
        .poll(async () => (await request.get(`${US_ORIGIN}${path}`, { headers })).headers()['x-page-cache'], { message: path, timeout: 15_000 })
        .toBe('hit');
    }
    // a 404 landing slug is never stored
    const missing = await request.get(`${US_ORIGIN}/no-such-brewer-starter-kit?t=${tag}`);
    expect(missing.status()).toBe(404);
    expect((await request.get(`${US_ORIGIN}/no-such-brewer-starter-kit?t=${tag}`)).headers()['x-page-cache']).not.toBe('hit');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the quick shop adds a product with its quantity (plain POST and redirect back)', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/quick-shop?tab=BR`);
    const card = page.getByRole('main').locator('article.product-card').filter({ has: page.getByRole('button', { name: EN.addToCart, disabled: false }) }).first();
    const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card.getByLabel('Quantity').fill('3');
    await card.getByRole('button', { name: EN.addToCart }).click();
    await expect(page).toHaveURL(/\/quick-shop\?tab=BR/);
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toContainText(name);
    await expectCartCount(page, EN, 3);
  });

  test('French: the quick shop posts the chosen size (96 unités) and the cart has it', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr/achat-rapide`);
    const card = page.getByRole('main').locator('article.product-card').filter({ has: page.getByRole('heading', { name: 'Café Signature, torréfaction foncée', exact: true }) });
    const size = card.getByLabel('Format');
    await expect(size.locator('option').nth(2)).toHaveText(/^96 unités, \d+,\d{2}\u00a0\$/);
    await size.selectOption(DEMO_CODES.coffeeVariant96);
    await card.getByRole('button', { name: FR.addToCart }).click();
    await expect(page).toHaveURL(/\/fr\/achat-rapide/);
    await expect(page.getByRole('status').filter({ hasText: FR.addedToCart })).toBeVisible();
    await expectCartCount(page, FR, 1);
    await page.goto(`${CA_ORIGIN}/fr/panier`);
    await expect(page.getByRole('main')).toContainText('96 unités');
    await expect(page.getByRole('main')).not.toContainText('24 unités');
  });

  test('the French kit page adds the kit', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr/trousse-de-demarrage-duo-plus`);
    await page.getByRole('button', { name: 'Ajouter la trousse au panier' }).click();
    await expect(page).toHaveURL(/\/fr\/trousse-de-demarrage-duo-plus/);
    await expect(page.getByRole('status').filter({ hasText: FR.addedToCart })).toBeVisible();
    await expectCartCount(page, FR, 1);
    // the language switch goes to the English twin of the French slug
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/duo-plus-starter-kit$/);
    await expect(page.getByRole('region', { name: 'What’s in the kit' })).toContainText('Duo Plus');
  });
});
