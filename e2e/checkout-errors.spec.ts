/**
 * Failures a shopper must understand (issue 2): a declined card shows a clear message and creates
 * no order (the cart stays open; a new attempt with a good card then succeeds once), insufficient
 * funds has its own message, and cart changes refused for stock show "Only N left" on the line.
 */
import { DEMO_CODES, expect, test, US_ORIGIN, CA_ORIGIN } from './fixtures.ts';
import {
  buyBoxAddButton,
  EN,
  expectCartCount,
  expectConfirmation,
  fillCheckoutUpToPayment,
  FR,
  goToCheckout,
  payAndPlace,
  VERMONT_GUEST,
} from './shopper.ts';
import type { Page } from '@playwright/test';

/** Opens a product page by code (the store redirects to the canonical URL) and adds the default variant. */
async function addByCode(page: Page, origin: string, code: string): Promise<void> {
  await page.goto(`${origin}/p/${code}`);
  await buyBoxAddButton(page, EN).click();
  await expect(page.getByRole('status').filter({ hasText: /added to your cart|ajouté à votre panier/ })).toBeVisible();
}

test.describe('declined payment', () => {
  test('a declined card shows a clear message, places no order, and a good card then places exactly one', async ({ page }) => {
    await addByCode(page, US_ORIGIN, DEMO_CODES.coffee);
    await goToCheckout(page, EN);
    await fillCheckoutUpToPayment(page, EN, VERMONT_GUEST);

    await payAndPlace(page, EN, '4000 0000 0000 0002');
    const alert = page.getByRole('alert').filter({ hasText: EN.declined });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/singlestep/);
    await expect(page.getByRole('heading', { level: 1, name: EN.checkoutTitle })).toBeVisible();

    // no order: the cart is still open with its item
    const validation = await page.request.get(`${US_ORIGIN}/cart/validateCart`);
    expect(validation.status()).toBe(200);
    expect(await validation.json()).toMatchObject({ valid: true, empty: false });
    await expectCartCount(page, EN, 1);

    // insufficient funds has its own message
    await payAndPlace(page, EN, '4000 0000 0000 9995');
    await expect(page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds. Please use another card.' })).toBeVisible();

    // the shopper tries again with a good card: a fresh idempotency key, one order
    await payAndPlace(page, EN, VERMONT_GUEST.card);
    await expectConfirmation(page, EN);
    const after = await page.request.get(`${US_ORIGIN}/cart/validateCart`);
    expect(await after.json()).toMatchObject({ valid: false, empty: true });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the decline message is rendered by the server, in French on the French store', async ({ page }) => {
      await addByCode(page, CA_ORIGIN, DEMO_CODES.coffee);
      await page.goto(`${CA_ORIGIN}/fr/panier`);
      await page.getByRole('link', { name: FR.checkout, exact: true }).click();
      await fillCheckoutUpToPayment(page, FR, {
        email: 'refus@example.ca',
        firstName: 'Marc',
        lastName: 'Gagnon',
        street: '10 rue King Ouest',
        city: 'Toronto',
        region: 'Ontario',
        postal: 'M5H 1A1',
        card: '',
      });
      await payAndPlace(page, FR, '4000 0000 0000 0002');
      await expect(page.getByRole('alert').filter({ hasText: FR.declined })).toBeVisible();
      await expect(page).toHaveURL(/\/fr\/checkout\/singlestep/);
      await expect(page.getByLabel(FR.cardNumber, { exact: true })).toBeFocused();
    });
  });
});

test.describe('cart page', () => {
  test('update a quantity, see "Only N left" when the stock is short, remove the line, see the empty cart', async ({ page }) => {
    await addByCode(page, US_ORIGIN, DEMO_CODES.lastUnitProduct);
    await page.getByRole('banner').getByRole('link', { name: EN.cart }).click();
    await expect(page.getByRole('heading', { level: 1, name: EN.cartTitle })).toBeVisible();
    const line = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).first();
    const name = ((await line.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();

    const qty = page.getByLabel(EN.quantityFor(name), { exact: true });
    await expect(qty).toHaveValue('1');
    await qty.fill('2');
    await page.getByRole('button', { name: EN.update }).click();
    await expect(page.getByText('Only 1 left. Please lower the quantity.')).toBeVisible();
    await expect(qty).toBeFocused();

    await page.getByRole('button', { name: EN.remove(name) }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expectCartCount(page, EN, 0);
  });

  test('free-shipping progress and a quantity change update the summary', async ({ page }) => {
    await addByCode(page, US_ORIGIN, DEMO_CODES.coffee);
    await page.goto(`${US_ORIGIN}/cart`);
    await expect(page.getByText(/^You are \$\d+\.\d{2} away from free shipping$/)).toBeVisible();
    await expect(page.getByText('Calculated at checkout').first()).toBeVisible();
    const qty = page.getByRole('spinbutton', { name: /^Quantity for / });
    await qty.fill('3');
    await page.getByRole('button', { name: EN.update }).click();
    await expect(page.getByText('You qualify for free standard shipping')).toBeVisible();
    await expect(page.getByText('Subtotal (3 items)')).toBeVisible();
    await expectCartCount(page, EN, 3);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('quantity and remove work as plain form posts, in French', async ({ page }) => {
      await addByCode(page, CA_ORIGIN, DEMO_CODES.coffee);
      await page.goto(`${CA_ORIGIN}/fr/panier`);
      await expect(page.getByText(/^Plus que \d+,\d{2}\u00a0\$ pour la livraison gratuite$/)).toBeVisible();
      const qty = page.getByRole('spinbutton', { name: /^Quantité pour / });
      await qty.fill('2');
      await page.getByRole('button', { name: FR.update }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Votre panier a été mis à jour.' })).toBeVisible();
      await expect(page.getByRole('spinbutton', { name: /^Quantité pour / })).toHaveValue('2');
      await page.getByRole('button', { name: /^Retirer / }).click();
      await expect(page.getByRole('heading', { name: 'Votre panier est vide' })).toBeVisible();
    });
  });
});

test.describe('place order', () => {
  test('a double submit of "Place order" gives one order (same idempotency key)', async ({ page }) => {
    await addByCode(page, US_ORIGIN, DEMO_CODES.coffee);
    await goToCheckout(page, EN);
    await fillCheckoutUpToPayment(page, EN, VERMONT_GUEST);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: EN.placeOrder }) });
    const hidden = async (name: string) => (await form.locator(`input[type="hidden"][name="${name}"]`).inputValue()) ?? '';
    const fields = {
      intent: 'place',
      paymentIntentId: await hidden('paymentIntentId'),
      idempotencyKey: await hidden('idempotencyKey'),
      cardNumber: VERMONT_GUEST.card,
      cardExpiry: '12/34',
      cardCvc: '123',
    };
    expect(fields.idempotencyKey).not.toBe('');
    // two submissions of the same rendered form, at the same time (the browser's cookies go along;
    // a guest has no session, so the store's own Origin is the CSRF check: issue 11 item 4)
    const submit = () => page.request.post(`${US_ORIGIN}/checkout/singlestep`, { headers: { origin: US_ORIGIN }, form: fields, maxRedirects: 0 });
    const [first, second] = await Promise.all([submit(), submit()]);
    expect(first.status()).toBe(303);
    expect(second.status()).toBe(303);
    const location = first.headers().location ?? '';
    expect(location).toMatch(/^\/order-confirmation\/[A-Z]{2}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(second.headers().location).toBe(location);
    await page.goto(`${US_ORIGIN}${location}`);
    await expectConfirmation(page, EN);
  });

  test('checkout sends the shopper back to the cart when an item sold out meanwhile (cart validation, spec §2)', async ({ page, browser }) => {
    // another shopper buys the last unit first
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await addByCode(otherPage, US_ORIGIN, DEMO_CODES.lastUnitProduct);
    await addByCode(page, US_ORIGIN, DEMO_CODES.lastUnitProduct);
    await goToCheckout(otherPage, EN);
    await fillCheckoutUpToPayment(otherPage, EN, VERMONT_GUEST);
    await payAndPlace(otherPage, EN, VERMONT_GUEST.card);
    await expectConfirmation(otherPage, EN);
    await other.close();

    await page.goto(`${US_ORIGIN}/checkout/singlestep`);
    await expect(page).toHaveURL(/\/cart\?review=1$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Please review your cart before checking out' })).toBeVisible();
    await expect(page.getByText('This item is out of stock. Please remove it.')).toBeVisible();
    const validation = await page.request.get(`${US_ORIGIN}/cart/validateCart`);
    const body = (await validation.json()) as { valid: boolean; messages: Array<{ reason: string; productCode: string }> };
    expect(body.valid).toBe(false);
    expect(body.messages).toEqual([expect.objectContaining({ reason: 'outOfStock', productCode: DEMO_CODES.lastUnit })]);
  });
});
