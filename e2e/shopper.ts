/**
 * What a shopper does, step by step, through roles and labels (DESIGN "Tests": the way a person
 * and a screen reader use the store). English and French label sets; the same steps work with
 * JavaScript on (fetchers, no reloads) and off (plain form posts and redirects).
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The visible texts the steps rely on, per language. */
export interface Labels {
  search: string;
  addToCart: string;
  addedToCart: RegExp;
  cart: RegExp;
  cartTitle: string;
  checkout: string;
  checkoutTitle: string;
  email: string;
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  region: string;
  postal: string;
  continue: string;
  sameAsShipping: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  placeOrder: string;
  thanks: string;
  orderNumber: string;
  declined: string;
  quantityFor: (name: string) => string;
  update: string;
  remove: (name: string) => string;
}

export const EN: Labels = {
  search: 'Search',
  addToCart: 'Add to cart',
  addedToCart: /was added to your cart/,
  cart: /^Cart/,
  cartTitle: 'Your cart',
  checkout: 'Checkout',
  checkoutTitle: 'Checkout',
  email: 'Email address',
  firstName: 'First name',
  lastName: 'Last name',
  street: 'Street address',
  city: 'City',
  region: 'State',
  postal: 'ZIP code',
  continue: 'Continue',
  sameAsShipping: 'Same as shipping address',
  cardNumber: 'Card number',
  expiry: 'Expiration date (MM/YY)',
  cvc: 'Security code (CVC)',
  placeOrder: 'Place order',
  thanks: 'Thank you for your order!',
  orderNumber: 'Order number',
  declined: 'Your card was declined. Please use another card.',
  quantityFor: (name) => `Quantity for ${name}`,
  update: 'Update',
  remove: (name) => `Remove ${name}`,
};

export const FR: Labels = {
  search: 'Rechercher',
  addToCart: 'Ajouter au panier',
  addedToCart: /a été ajouté à votre panier/,
  cart: /^Panier/,
  cartTitle: 'Votre panier',
  checkout: 'Passer la commande',
  checkoutTitle: 'Paiement',
  email: 'Adresse courriel',
  firstName: 'Prénom',
  lastName: 'Nom',
  street: 'Adresse',
  city: 'Ville',
  region: 'Province',
  postal: 'Code postal',
  continue: 'Continuer',
  sameAsShipping: 'Identique à l’adresse de livraison',
  cardNumber: 'Numéro de carte',
  expiry: 'Date d’expiration (MM/AA)',
  cvc: 'Code de sécurité (CVC)',
  placeOrder: 'Confirmer la commande',
  thanks: 'Merci de votre commande\u202f!',
  orderNumber: 'Numéro de commande',
  declined: 'Votre carte a été refusée. Veuillez utiliser une autre carte.',
  quantityFor: (name) => `Quantité pour ${name}`,
  update: 'Mettre à jour',
  remove: (name) => `Retirer ${name}`,
};

/** A guest's checkout details. */
export interface Guest {
  email: string;
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  /** the option label of the state/province select */
  region: string;
  postal: string;
  card: string;
}

export const VERMONT_GUEST: Guest = {
  email: 'ann.shopper@example.com',
  firstName: 'Ann',
  lastName: 'Shopper',
  street: '12 Church Street',
  city: 'Burlington',
  region: 'Vermont',
  postal: '05401',
  card: '4242 4242 4242 4242',
};

export const QUEBEC_GUEST: Guest = {
  email: 'julie.tremblay@example.ca',
  firstName: 'Julie',
  lastName: 'Tremblay',
  street: '350 rue Saint-Paul Est',
  city: 'Montréal',
  region: 'Québec',
  postal: 'H2Y 1H2',
  card: '4242 4242 4242 4242',
};

/** Order codes: a brand prefix and two groups of 5, e.g. KC-7K2QF-X9M4T (usb2c), CA-... (cab2c). */
export const ORDER_CODE = /^[A-Z]{2}-[A-Z0-9]{5}-[A-Z0-9]{5}$/;

/** Searches from the header search box and opens a product from the results. */
export async function searchAndOpen(page: Page, L: Labels, term: string, productName: string): Promise<void> {
  // issue 13: once hydrated the box is a combobox (search suggestions); without JavaScript a searchbox
  const box = page.getByRole('searchbox', { name: L.search }).or(page.getByRole('combobox', { name: L.search }));
  await box.fill(term);
  await box.press('Enter');
  await page.getByRole('main').getByRole('link', { name: productName, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
}

/**
 * The "Add to cart" button of the product page's buy box. Recommendation cards below it have
 * their own buttons with the same name; the buy box comes first in the page.
 */
export function buyBoxAddButton(page: Page, L: Labels) {
  return page.getByRole('main').getByRole('button', { name: L.addToCart }).first();
}

/** Picks a variant (pack count or colour) on the product page and adds it to the cart. */
export async function pickVariantAndAdd(page: Page, L: Labels, variantLabel: string): Promise<void> {
  const radio = page.getByRole('radio', { name: variantLabel, exact: true });
  await radio.check();
  await expect(radio).toBeChecked();
  await buyBoxAddButton(page, L).click();
  await expect(page.getByRole('status').filter({ hasText: L.addedToCart })).toBeVisible();
}

/** The header cart link shows this many items. */
export async function expectCartCount(page: Page, L: Labels, count: number): Promise<void> {
  await expect(page.getByRole('banner').getByRole('link', { name: L.cart })).toContainText(String(count));
}

/** Goes from the header to the cart and on to checkout. */
export async function goToCheckout(page: Page, L: Labels): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: L.cart }).click();
  await expect(page.getByRole('heading', { level: 1, name: L.cartTitle })).toBeVisible();
  await page.getByRole('link', { name: L.checkout, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: L.checkoutTitle })).toBeVisible();
}

/** Fills contact, shipping address, shipping method (standard) and billing (same as shipping). */
export async function fillCheckoutUpToPayment(page: Page, L: Labels, guest: Guest): Promise<void> {
  const exact = { exact: true } as const;
  await page.getByLabel(L.email, exact).fill(guest.email);
  await page.getByRole('button', { name: L.continue }).click();

  await expect(page.getByLabel(L.firstName, exact)).toBeVisible();
  await page.getByLabel(L.firstName, exact).fill(guest.firstName);
  await page.getByLabel(L.lastName, exact).fill(guest.lastName);
  await page.getByLabel(L.street, exact).fill(guest.street);
  await page.getByLabel(L.city, exact).fill(guest.city);
  await page.getByLabel(L.region, exact).selectOption({ label: guest.region });
  await page.getByLabel(L.postal, exact).fill(guest.postal);
  await page.getByRole('button', { name: L.continue }).click();

  // shipping method: standard is preselected
  const standard = page.getByRole('radio').first();
  await expect(standard).toBeChecked();
  await page.getByRole('button', { name: L.continue }).click();

  // billing: same as shipping (on by default)
  await expect(page.getByRole('checkbox', { name: L.sameAsShipping })).toBeChecked();
  await page.getByRole('button', { name: L.continue }).click();
  await expect(page.getByLabel(L.cardNumber, exact)).toBeVisible();
}

/** Types the card and presses "Place order". */
export async function payAndPlace(page: Page, L: Labels, card: string): Promise<void> {
  const exact = { exact: true } as const;
  await page.getByLabel(L.cardNumber, exact).fill(card);
  await page.getByLabel(L.expiry, exact).fill('12/34');
  await page.getByLabel(L.cvc, exact).fill('123');
  await page.getByRole('button', { name: L.placeOrder }).click();
}

/** On the confirmation page: answers the order code shown. */
export async function expectConfirmation(page: Page, L: Labels): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: L.thanks })).toBeVisible();
  const code = (await page.getByTestId('order-code').textContent())?.trim() ?? '';
  expect(code).toMatch(ORDER_CODE);
  await expect(page).toHaveURL(new RegExp(`/${code}$`));
  return code;
}

// ---------------------------------------------------------------------------------------------
// Accounts (issue 3): sign-up, sign-in through the header flyout, sign-out, the signed-in
// checkout with saved addresses and cards, and the "no token readable by scripts" check.

/** A customer of the account tests (a unique email per run). */
export interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A fresh customer with a unique email. */
export function newCustomer(tag: string): Customer {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return { firstName: 'Ann', lastName: 'Member', email: `ann.${tag}.${n}@example.com`, password: 'Brew2024coffee' };
}

/** Creates the account on /signup (English); the customer is signed in afterwards. */
export async function signUp(page: Page, origin: string, c: Customer): Promise<void> {
  const exact = { exact: true } as const;
  await page.goto(`${origin}/signup`);
  await page.getByRole('main').getByLabel('First name', exact).fill(c.firstName);
  await page.getByRole('main').getByLabel('Last name', exact).fill(c.lastName);
  await page.getByRole('main').getByLabel('Email address', exact).fill(c.email);
  await page.getByRole('main').getByLabel('Password', exact).fill(c.password);
  await page.getByRole('main').getByLabel('Confirm password', exact).fill(c.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('banner').getByText(`Hi, ${c.firstName}`)).toBeVisible();
}

/** Signs out from the header's account menu. */
export async function signOutFromHeader(page: Page, c: Customer): Promise<void> {
  const banner = page.getByRole('banner');
  await banner.getByText(`Hi, ${c.firstName}`).click();
  await banner.getByRole('button', { name: 'Sign out' }).click();
  await expect(banner.locator('summary').getByText('Sign in', { exact: true })).toBeVisible();
}

/** Signs in through the header's sign-in flyout. */
export async function signInFromFlyout(page: Page, c: Customer): Promise<void> {
  const banner = page.getByRole('banner');
  await banner.locator('summary').getByText('Sign in', { exact: true }).click();
  const flyout = banner.getByRole('group', { name: 'Sign in to your account' });
  await flyout.getByLabel(/^(your )?email( address)?$/i).fill(c.email);
  await flyout.getByLabel(/^(your )?password$/i).fill(c.password);
  await flyout.getByRole('button', { name: 'Sign in' }).click();
  await expect(banner.getByText(`Hi, ${c.firstName}`)).toBeVisible();
}

/**
 * Neither `document.cookie` nor localStorage nor sessionStorage holds a token (issue 3: tokens
 * live in HttpOnly cookies only): no JWT-looking value, no access/refresh token names.
 */
export async function expectNoTokenReadableByScripts(page: Page): Promise<void> {
  const seen = await page.evaluate(() => {
    const dump = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`).join('\n');
    return { cookie: document.cookie, local: dump(window.localStorage), session: dump(window.sessionStorage) };
  });
  for (const [where, text] of Object.entries(seen)) {
    expect(text, `${where} holds no JWT`).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\./);
    expect(text, `${where} holds no token cookie`).not.toMatch(/(sf_at|sf_rt|access_token|refresh_token)/i);
  }
}
