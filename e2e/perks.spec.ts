/**
 * Brewhaus Perks in a real browser (issue 12; ADR 0028): the product page's "Join Brewhaus Perks"
 * message leads to the Perks page (anonymous visitors sign in first), the join form refuses an
 * unticked terms box and then enrols the customer, the header shows their points, the product
 * page, the cart and the checkout preview the points. In French on cab2c without JavaScript: join, values in
 * CAD, stop earning.
 */
import { CA_ORIGIN, DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible } from './page-checks.ts';
import { buyBoxAddButton, EN, newCustomer, signUp } from './shopper.ts';

const exact = { exact: true } as const;

test.describe('Brewhaus Perks, usb2c, English', () => {
  test('join from the product page: sign in first, terms required, then points in the header and a points preview on the product page and cart', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.coffee}`);
    await page.locator('html[data-hydrated]').waitFor();
    const main = page.locator('#main');
    await expect(main.getByTestId('points-preview')).toHaveText(/^Earn \d+ Perks points with this item\.$/);
    await main.getByRole('link', { name: 'Join Brewhaus Perks and save 25.00% on your next order.' }).click();
    // anonymous: sent to sign in, coming back to the Perks page
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Fperks$/);

    const c = newCustomer('perks');
    await signUp(page, US_ORIGIN, c);
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.coffee}`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.locator('#main').getByRole('link', { name: /^Join Brewhaus Perks/ }).click();
    await expect(page).toHaveURL(/\/account\/perks$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Join Brewhaus Perks' })).toBeVisible();
    await expect(page.getByText('Earn 10 points for every $1.00 you spend on coffee, tea and other beverages — 15 points on auto-delivery orders. Every 100 points are worth $0.50.')).toBeVisible();

    await expectAccessible(page, 'perks join form');
    // the terms must be accepted
    await page.getByRole('button', { name: 'Join Brewhaus Perks' }).click();
    await expect(page.getByText('Accept the Brewhaus Perks terms to join', exact)).toBeVisible();
    await page.getByLabel('I accept the Brewhaus Perks terms (version 2026-11)').check();
    await page.getByRole('button', { name: 'Join Brewhaus Perks' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Welcome to Brewhaus Perks! You now earn points on every order.' })).toBeVisible();
    await expect(page.getByTestId('perks-available')).toHaveText('0 points (worth $0.00)');
    await expectAccessible(page, 'perks member page');
    await expect(page.getByTestId('perks-tier')).toHaveText('Tier: Member');
    await expect(page.getByText('No points yet. Your first order will show here.')).toBeVisible();
    await expect(page.getByRole('banner').getByTestId('header-points')).toHaveText('0 pts');
    // the promise of the product page, kept: a personal code for 25% off the next order
    await expect(page.getByText(/^Save 25% on your next order, until [A-Z][a-z]+ \d{1,2}, \d{4}\.$/)).toBeVisible();
    const welcomeCode = ((await page.getByTestId('perks-welcome-code').textContent()) ?? '').trim();
    expect(welcomeCode).toMatch(/^PERKS-[A-Z2-9]{10}$/);

    // the cart previews what the order earns
    await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.coffee}`);
    await buyBoxAddButton(page, EN).click();
    await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toBeVisible();
    await page.goto(`${US_ORIGIN}/cart`);
    await expect(page.getByTestId('points-preview')).toHaveText(/^Earn \d+ Perks points with this order \(worth \$\d+\.\d{2}\)\.$/);
    // the welcome code takes 25% off in this member's cart
    await page.goto(`${US_ORIGIN}/cart?coupon=${welcomeCode}`);
    await expect(page.locator('.summary-promotion')).toContainText(welcomeCode);
    await expect(page.locator('.summary-promotion dd')).toHaveText(/^−\$\d+\.\d{2}$/);
    // and so does the checkout summary
    await page.goto(`${US_ORIGIN}/checkout/singlestep`);
    await expect(page.getByTestId('points-preview')).toHaveText(/^Earn \d+ Perks points with this order \(worth \$\d+\.\d{2}\)\.$/);
  });
});

test.describe('Brewhaus Perks, cab2c, French, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('adhérer sur /fr/compte/perks, valeurs en dollars canadiens, ne plus obtenir de points', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${CA_ORIGIN}/fr/compte/perks`);
    await expect(page).toHaveURL(/\/fr\/connexion\?redirect=%2Ffr%2Fcompte%2Fperks$/);
    const c = newCustomer('perks-fr');
    await signUp(page, CA_ORIGIN, c);
    await page.goto(`${CA_ORIGIN}/fr/compte/perks`);
    await expect(page.getByRole('heading', { level: 2, name: 'Adhérez à Brewhaus Perks' })).toBeVisible();
    await expect(page.getByText(/Chaque tranche de 100 points vaut 0,50\u00a0\$\./)).toBeVisible();
    await page.getByRole('button', { name: 'Adhérer à Brewhaus Perks' }).click();
    await expect(page.getByText('Acceptez les conditions de Brewhaus Perks pour adhérer', exact)).toBeVisible();
    await page.getByLabel('J’accepte les conditions de Brewhaus Perks (version 2026-11)').check();
    await page.getByRole('button', { name: 'Adhérer à Brewhaus Perks' }).click();
    await expect(page.getByText('Bienvenue dans Brewhaus Perks\u202f! Vous obtenez maintenant des points sur chaque commande.')).toBeVisible();
    await expect(page.getByTestId('perks-available')).toHaveText('0 point (valeur de 0,00\u00a0$)'); // French: 0 takes the singular
    await expect(page.getByTestId('perks-tier')).toHaveText('Niveau\u202f: Membre');
    await expect(page.getByText(/^Économisez 25\u202f% sur votre prochaine commande, jusqu’au \d{1,2} \S+ \d{4}\.$/)).toBeVisible();
    await expect(page.getByTestId('perks-welcome-code')).toHaveText(/^PERKS-[A-Z2-9]{10}$/);
    await page.getByRole('button', { name: 'Ne plus obtenir de points' }).click();
    await expect(page.getByText('Vous n’obtenez plus de points. Vos points et votre historique sont conservés.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Obtenir de nouveau des points' })).toBeVisible();
  });
});
