/**
 * The whole purchase in a real browser (issue 2 "How it is checked"): a shopper finds a product
 * through search, picks a variant, adds it to the cart, checks out as a guest with the test card
 * and sees the confirmation with the order code and the tax lines; on usb2c in English, on cab2c
 * in French, and with JavaScript disabled.
 */
import { CA_ORIGIN, DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';
import {
  EN,
  expectCartCount,
  expectConfirmation,
  fillCheckoutUpToPayment,
  FR,
  goToCheckout,
  payAndPlace,
  pickVariantAndAdd,
  QUEBEC_GUEST,
  searchAndOpen,
  VERMONT_GUEST,
} from './shopper.ts';

const COFFEE_EN = 'Signature Dark Roast Coffee';
const COFFEE_FR = 'Café Signature, torréfaction foncée';

test.describe('guest purchase, usb2c, English', () => {
  test('search, pick a pack count, add to cart, check out with the test card, see the order code and the tax line', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/`);
    await searchAndOpen(page, EN, 'signature dark', COFFEE_EN);
    await expect(page).toHaveURL(new RegExp(`/p/${DEMO_CODES.coffee}`));
    await pickVariantAndAdd(page, EN, '48 ct');
    await expectCartCount(page, EN, 1);

    await goToCheckout(page, EN);
    await fillCheckoutUpToPayment(page, EN, VERMONT_GUEST);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary).toContainText(/Sales tax \(6%\)/);
    await payAndPlace(page, EN, VERMONT_GUEST.card);

    await expectConfirmation(page, EN);
    const orderSummary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(orderSummary).toContainText(COFFEE_EN);
    await expect(orderSummary).toContainText('48 ct');
    await expect(orderSummary.getByText(/^Sales tax \(6%\)$/)).toBeVisible();
    await expect(page.getByText(`We sent a confirmation email to ${VERMONT_GUEST.email}`)).toBeVisible();
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    // the cart is closed: the header count is back to 0
    await expectCartCount(page, EN, 0);
  });
});

test.describe('guest purchase, cab2c, French', () => {
  test('recherche, format, panier, paiement invité avec adresse au Québec : TPS et TVQ, confirmation en français', async ({ page }) => {
    await page.goto(`${CA_ORIGIN}/fr`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await searchAndOpen(page, FR, 'signature', COFFEE_FR);
    await expect(page).toHaveURL(/\/fr\/.+\/p\/BH-SIGNATURE-DARK/);
    await expect(page.getByRole('main').getByText(/^\d+,\d{2}\u00a0\$$/).first()).toBeVisible();
    await pickVariantAndAdd(page, FR, '48 unités');
    await expectCartCount(page, FR, 1);

    await goToCheckout(page, FR);
    await expect(page).toHaveURL(/\/fr\/checkout\/singlestep/);
    await fillCheckoutUpToPayment(page, FR, QUEBEC_GUEST);
    const summary = page.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    await expect(summary).toContainText(/TPS \(5\s%\)/);
    await expect(summary).toContainText(/TVQ \(9,975\s%\)/);
    await expect(summary).toContainText(/\d+,\d{2}\u00a0\$/);
    await payAndPlace(page, FR, QUEBEC_GUEST.card);

    await expectConfirmation(page, FR);
    await expect(page).toHaveURL(/\/fr\/confirmation-de-commande\/[A-Z]{2}-/);
    const orderSummary = page.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    await expect(orderSummary.getByText(/^TPS \(5\s%\)$/)).toBeVisible();
    await expect(orderSummary.getByText(/^TVQ \(9,975\s%\)$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Prochaines étapes' })).toBeVisible();
    await expect(page.getByText('Visa se terminant par 4242')).toBeVisible();
  });
});

test.describe('guest purchase without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the same purchase works with plain form posts and redirects', async ({ page }) => {
    await page.goto(`${US_ORIGIN}/`);
    await searchAndOpen(page, EN, 'signature dark', COFFEE_EN);
    await pickVariantAndAdd(page, EN, '96 ct');
    await expectCartCount(page, EN, 1);

    await goToCheckout(page, EN);
    // a field error comes back from the server, in place, and the field is focused
    await page.getByLabel(EN.email, { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: EN.continue }).click();
    const email = page.getByLabel(EN.email, { exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();

    await fillCheckoutUpToPayment(page, EN, VERMONT_GUEST);
    await payAndPlace(page, EN, VERMONT_GUEST.card);
    await expectConfirmation(page, EN);
    await expect(page.getByText(/^Sales tax \(6%\)$/)).toBeVisible();
  });
});
