/**
 * Accounts in a real browser (issue 3 "How it is checked", Playwright): sign up, sign out, add to
 * the cart anonymously, sign in through the header flyout and see the merged cart, check out
 * signed in (saving the address and the card on the first order, reusing them on the second),
 * see the orders in the history with the spec §3 status mapping; forgot password: the email
 * arrives at the run's SMTP sink (e2e/smtp-sink.ts; the server's SMTP_URL points at it) and its link resets the password; `document.cookie`, localStorage and
 * sessionStorage never hold a token. Also the account pages themselves: profile, password, the
 * address book (page size 4, spec §9) without JavaScript, and axe on each page.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { CA_ORIGIN, DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible, shoot } from './page-checks.ts';
import {
  buyBoxAddButton,
  EN,
  expectCartCount,
  expectConfirmation,
  expectNoTokenReadableByScripts,
  goToCheckout,
  newCustomer,
  signInFromFlyout,
  signOutFromHeader,
  signUp,
  VERMONT_GUEST,
} from './shopper.ts';
import { readMails } from './smtp-sink.ts';

/** The e2e database (playwright.config.ts DATABASE_URL). */
const DB_FILE = fileURLToPath(new URL('../test-results/e2e/store.db', import.meta.url));

const exact = { exact: true } as const;

/** Adds a product (its default variant) from its product page. */
async function addFromProductPage(page: Page, code: string): Promise<void> {
  await page.goto(`${US_ORIGIN}/p/${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await buyBoxAddButton(page, EN).click();
  await expect(page.getByRole('status').filter({ hasText: EN.addedToCart })).toBeVisible();
}

/** Fills the shipping address fields of the checkout (a new address). */
async function fillNewShippingAddress(page: Page): Promise<void> {
  const g = VERMONT_GUEST;
  await page.getByRole('main').getByLabel(EN.firstName, exact).fill(g.firstName);
  await page.getByRole('main').getByLabel(EN.lastName, exact).fill(g.lastName);
  await page.getByRole('main').getByLabel(EN.street, exact).fill(g.street);
  await page.getByRole('main').getByLabel(EN.city, exact).fill(g.city);
  await page.getByRole('main').getByLabel(EN.region, exact).selectOption({ label: g.region });
  await page.getByRole('main').getByLabel(EN.postal, exact).fill(g.postal);
}

test.describe('accounts, usb2c, English', () => {
  test('sign up, sign out, anonymous cart merged at sign-in, two orders with a saved address and card, history with mapped statuses', async ({ page }) => {
    test.setTimeout(180_000);
    const c = newCustomer('flow');

    // sign up, put something in the customer's own cart, sign out
    await signUp(page, US_ORIGIN, c);
    await expectNoTokenReadableByScripts(page);
    await addFromProductPage(page, DEMO_CODES.brewer);
    await expectCartCount(page, EN, 1);
    await signOutFromHeader(page, c);
    await expectCartCount(page, EN, 0);

    // anonymous cart, then sign in through the header flyout: the carts merge
    await addFromProductPage(page, DEMO_CODES.coffee);
    await expectCartCount(page, EN, 1);
    await signInFromFlyout(page, c);
    await expectCartCount(page, EN, 2);
    await expectNoTokenReadableByScripts(page);

    // first order: a new address saved to the address book, a new card saved
    await goToCheckout(page, EN);
    await expect(page.getByText(`Signed in as ${c.email}`)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Save to my address book' })).toBeVisible();
    await fillNewShippingAddress(page);
    await page.getByRole('checkbox', { name: 'Save to my address book' }).check();
    await page.getByRole('button', { name: EN.continue }).click();
    await expect(page.getByRole('radio').first()).toBeChecked();
    await page.getByRole('button', { name: EN.continue }).click();
    await expect(page.getByRole('checkbox', { name: EN.sameAsShipping })).toBeChecked();
    await page.getByRole('button', { name: EN.continue }).click();
    await page.getByRole('main').getByLabel(EN.cardNumber, exact).fill(VERMONT_GUEST.card);
    await page.getByRole('main').getByLabel(EN.expiry, exact).fill('12/34');
    await page.getByRole('main').getByLabel(EN.cvc, exact).fill('123');
    await page.getByRole('checkbox', { name: 'Save this card' }).check();
    await expectNoTokenReadableByScripts(page);
    await page.getByRole('button', { name: EN.placeOrder }).click();
    const first = await expectConfirmation(page, EN);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toHaveCount(0);

    // second order: the saved address and the saved card are offered, chosen, and used
    await addFromProductPage(page, DEMO_CODES.coffee);
    await goToCheckout(page, EN);
    const savedAddress = page.getByRole('group', { name: 'Your saved addresses' }).getByRole('radio', { name: /Ann Shopper/ });
    await expect(savedAddress).toBeChecked();
    await expect(page.getByRole('main').getByLabel(EN.street, exact)).toBeHidden();
    // each step opens before its Continue is pressed (a click during the change would press the previous one)
    await page.getByRole('button', { name: EN.continue }).click();
    await expect(page.getByRole('radio', { name: /Standard shipping/ })).toBeChecked();
    await page.getByRole('button', { name: EN.continue }).click();
    await expect(page.getByRole('checkbox', { name: EN.sameAsShipping })).toBeChecked();
    await page.getByRole('button', { name: EN.continue }).click();
    const savedCard = page.getByRole('group', { name: 'Your saved cards' }).getByRole('radio', { name: /^Visa ending in 4242, expires \d{2}\/\d{2}$/ });
    await expect(savedCard).toBeChecked();
    await expect(page.getByRole('main').getByLabel(EN.cardNumber, exact)).toBeHidden();
    await shoot(page, 'account-checkout-saved');
    await page.getByRole('button', { name: EN.placeOrder }).click();
    const second = await expectConfirmation(page, EN);
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    await expect(page.getByText('12 Church Street').first()).toBeVisible();

    // the warehouse starts processing the first order (the back office writes the status)
    const db = new Database(DB_FILE);
    try {
      db.prepare('UPDATE orders SET status = ? WHERE code = ?').run('processing', first);
    } finally {
      db.close();
    }

    // the history: newest first, statuses through the spec §3 mapping, in both languages
    await page.getByRole('banner').getByText(`Hi, ${c.firstName}`).click();
    await page.getByRole('banner').getByRole('link', { name: 'Order history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(second);
    await expect(rows.nth(1)).toContainText('Received');
    await expect(rows.nth(2)).toContainText(first);
    await expect(rows.nth(2)).toContainText('Processed');
    await expectAccessible(page, 'order history');
    await shoot(page, 'account-orders');
    await page.getByRole('link', { name: `View order ${first}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${first}` })).toBeVisible();
    await expect(page.getByText('Processed')).toBeVisible();
    await expectAccessible(page, 'order detail');
    await shoot(page, 'account-order');

    // the address and the card are in the account
    await page.goto(`${US_ORIGIN}/account/addresses`);
    await expect(page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem')).toHaveCount(1);
    await expectNoTokenReadableByScripts(page);
  });

  test('forgot password: the email reaches the SMTP sink and its link sets a new password', async ({ page, consoleProblems }) => {
    {
      const c = newCustomer('reset');
      await signUp(page, US_ORIGIN, c);
      await signOutFromHeader(page, c);

      await page.goto(`${US_ORIGIN}/login`);
      await page.getByRole('main').getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
      await page.locator('html[data-hydrated]').waitFor();
      await page.getByRole('main').getByLabel('Email address', exact).fill(c.email);
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await expect(page.getByText(`If an account exists for ${c.email}`)).toBeVisible();

      // the message arrives at the sink (quoted-printable decoded), addressed to the customer
      const resetMail = () => readMails().find((m) => m.includes(c.email) && /reset-password\?token=/.test(m)) ?? null;
      await expect.poll(resetMail, { timeout: 20_000 }).not.toBeNull();
      const mail = resetMail() ?? '';
      const link = /\/reset-password\?token=[A-Za-z0-9_%.-]+/.exec(mail)?.[0] ?? '';
      expect(link).not.toBe('');

      const newPassword = 'Roast2025beans';
      await page.goto(`${US_ORIGIN}${link}`);
      await page.getByRole('main').getByLabel('New password', exact).fill(newPassword);
      await page.getByRole('main').getByLabel('Confirm password', exact).fill(newPassword);
      await page.getByRole('button', { name: 'Save the new password' }).click();

      // the old password no longer works, the new one does
      await page.goto(`${US_ORIGIN}/login`);
      const main = page.getByRole('main');
      await main.getByLabel('Email address', exact).fill(c.email);
      await main.getByLabel('Password', exact).fill(c.password);
      await main.getByRole('button', { name: 'Sign in' }).click();
      await expect(main.getByText('The email address or password is incorrect.')).toBeVisible();
      await expect(page.getByRole('banner').getByText(`Hi, ${c.firstName}`)).toHaveCount(0);
      // the refused sign-in page answers 401: expected here, not a console problem
      const refused = consoleProblems.findIndex((p) => p.includes('status of 401'));
      if (refused >= 0) consoleProblems.splice(refused, 1);
      await main.getByLabel('Password', exact).fill(newPassword);
      await main.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('banner').getByText(`Hi, ${c.firstName}`)).toBeVisible();
      await expectNoTokenReadableByScripts(page);

      // the link is single-use
      await signOutFromHeader(page, c);
      await page.goto(`${US_ORIGIN}${link}`);
      const again = page.getByRole('main').getByLabel('New password', exact);
      if (await again.count()) {
        await again.fill('Another2026cup');
        await page.getByRole('main').getByLabel('Confirm password', exact).fill('Another2026cup');
        await page.getByRole('button', { name: 'Save the new password' }).click();
      }
      await page.goto(`${US_ORIGIN}/login`);
      await main.getByLabel('Email address', exact).fill(c.email);
      await main.getByLabel('Password', exact).fill(newPassword);
      await main.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('banner').getByText(`Hi, ${c.firstName}`)).toBeVisible();
    }
  });

  test('profile and password forms; guest order becomes an account on the confirmation page', async ({ page }) => {
    test.setTimeout(120_000);
    // a guest order, then "Create an account" with a password on its confirmation
    const email = newCustomer('guest').email;
    await addFromProductPage(page, DEMO_CODES.coffee);
    await goToCheckout(page, EN);
    await page.getByRole('main').getByLabel(EN.email, exact).fill(email);
    await page.getByRole('button', { name: EN.continue }).click();
    await fillNewShippingAddress(page);
    await page.getByRole('button', { name: EN.continue }).click();
    await expect(page.getByRole('radio', { name: /Standard shipping/ })).toBeChecked();
    await page.getByRole('button', { name: EN.continue }).click();
    await expect(page.getByRole('checkbox', { name: EN.sameAsShipping })).toBeChecked();
    await page.getByRole('button', { name: EN.continue }).click();
    await page.getByRole('main').getByLabel(EN.cardNumber, exact).fill(VERMONT_GUEST.card);
    await page.getByRole('main').getByLabel(EN.expiry, exact).fill('12/34');
    await page.getByRole('main').getByLabel(EN.cvc, exact).fill('123');
    await page.getByRole('button', { name: EN.placeOrder }).click();
    const code = await expectConfirmation(page, EN);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expectAccessible(page, 'guest confirmation with the account offer');
    await page.getByRole('main').getByLabel('Password', exact).fill('short');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await page.getByRole('main').getByLabel('Password', exact).fill('Guest2024order');
    await page.getByRole('button', { name: 'Create my account' }).click();
    // signed in, on the order in the history
    await expect(page.getByRole('heading', { level: 1, name: `Order ${code}` })).toBeVisible();
    await expect(page.getByText('Received')).toBeVisible();

    // profile: edit the name, change the password
    await page.goto(`${US_ORIGIN}/account/profile`);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page, 'profile');
    await shoot(page, 'account-profile');
    await page.getByRole('link', { name: 'Edit details' }).click();
    await page.getByRole('main').getByLabel('First name', exact).fill('Grace');
    await page.getByRole('main').getByLabel('Last name', exact).fill('Guest');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your details were saved.' })).toBeVisible();
    await expect(page.getByText('Grace', exact)).toBeVisible();
    await page.getByRole('main').getByLabel('Current password', exact).fill('wrong-password1');
    await page.getByRole('main').getByLabel('New password', exact).fill('Guest2025order');
    await page.getByRole('main').getByLabel('Confirm new password', exact).fill('Guest2025order');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your current password is not correct.')).toBeVisible();
    await page.getByRole('main').getByLabel('Current password', exact).fill('Guest2024order');
    await page.getByRole('main').getByLabel('New password', exact).fill('Guest2025order');
    await page.getByRole('main').getByLabel('Confirm new password', exact).fill('Guest2025order');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password was changed.' })).toBeVisible();

    // the other account pages pass axe too (the address book with its open form)
    await page.goto(`${US_ORIGIN}/account`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Grace' })).toBeVisible();
    await expectAccessible(page, 'account overview');
    await shoot(page, 'account-overview');
    await page.goto(`${US_ORIGIN}/account/addresses?add=1`);
    await expect(page.getByRole('heading', { name: 'New address' })).toBeVisible();
    await expectAccessible(page, 'address book with the new-address form');
    await expect(page.getByRole('banner').getByText('Hi, Grace')).toBeVisible();
  });
});

test.describe('accounts, cab2c, French', () => {
  test('les pages du compte en français : profil, carnet d’adresses, historique', async ({ page }) => {
    const c = newCustomer('fr');
    await page.goto(`${CA_ORIGIN}/fr/compte`);
    await expect(page).toHaveURL(/\/fr\/connexion\?redirect=%2Ffr%2Fcompte/);
    await signUp(page, CA_ORIGIN, c);
    await page.goto(`${CA_ORIGIN}/fr/compte`);
    await expect(page.getByRole('heading', { level: 1, name: `Bonjour, ${c.firstName}` })).toBeVisible();
    await expectAccessible(page, 'aperçu du compte');
    await page.getByRole('navigation', { name: 'Compte' }).getByRole('link', { name: 'Adresses' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Carnet d’adresses' })).toBeVisible();
    await page.getByRole('link', { name: 'Ajouter une adresse' }).click();
    const main = page.getByRole('main');
    await main.getByLabel('Prénom', exact).fill('Julie');
    await main.getByLabel('Nom', exact).fill('Tremblay');
    await main.getByLabel('Adresse', exact).fill('350 rue Saint-Paul Est');
    await main.getByLabel('Ville', exact).fill('Montréal');
    await main.getByLabel('Province', exact).selectOption({ label: 'Québec' });
    await main.getByLabel('Code postal', exact).fill('H2Y 1H2');
    await page.getByRole('button', { name: 'Enregistrer l’adresse' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'L’adresse a été ajoutée.' })).toBeVisible();
    await expect(page.getByText('Par défaut', exact)).toBeVisible();
    await expectAccessible(page, 'carnet d’adresses');
    await shoot(page, 'account-adresses-fr');
    await page.getByRole('navigation', { name: 'Compte' }).getByRole('link', { name: 'Commandes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Historique des commandes' })).toBeVisible();
    await expect(page.getByText('Vous n’avez encore passé aucune commande.')).toBeVisible();
    await page.getByRole('navigation', { name: 'Compte' }).getByRole('link', { name: 'Profil' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Changer le mot de passe' })).toBeVisible();
    await expectAccessible(page, 'profil');
  });
});

test.describe('address book without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('add five addresses, four per page, edit, make default, delete', async ({ page }) => {
    test.setTimeout(120_000);
    const c = newCustomer('book');
    await page.goto(`${US_ORIGIN}/account/addresses`);
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Faddresses/);
    await signUpNoJs(page, c);

    await page.goto(`${US_ORIGIN}/account/addresses`);
    await expect(page.getByText('No saved addresses', exact)).toBeVisible();
    for (let i = 1; i <= 5; i++) {
      await page.getByRole('link', { name: 'Add an address' }).click();
      await page.getByRole('main').getByLabel(EN.firstName, exact).fill('Ann');
      await page.getByRole('main').getByLabel(EN.lastName, exact).fill(`Home${i}`);
      await page.getByRole('main').getByLabel(EN.street, exact).fill(`${i} Main Street`);
      await page.getByRole('main').getByLabel(EN.city, exact).fill('Burlington');
      await page.getByRole('main').getByLabel(EN.region, exact).selectOption({ label: 'Vermont' });
      await page.getByRole('main').getByLabel(EN.postal, exact).fill(i === 5 ? '1234' : '05401');
      await page.getByRole('button', { name: 'Save address' }).click();
      if (i === 5) {
        // a bad ZIP comes back next to the field
        await expect(page.getByText('Enter a valid ZIP code, like 05401.')).toBeVisible();
        await page.getByRole('main').getByLabel(EN.postal, exact).fill('05401');
        await page.getByRole('button', { name: 'Save address' }).click();
      }
      await expect(page.getByRole('status').filter({ hasText: 'The address was added.' })).toBeVisible();
    }
    await expect(page.getByText('5 saved addresses', exact)).toBeVisible();
    const cards = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
    await expect(cards).toHaveCount(4);
    await shoot(page, 'account-addresses');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(cards).toHaveCount(1);

    // edit the address on page 2, then make it the default, then delete it
    await page.getByRole('link', { name: /^Edit the address of/ }).click();
    await expect(page.getByRole('heading', { name: 'Edit address' })).toBeVisible();
    await shoot(page, 'account-address-edit');
    await page.getByRole('main').getByLabel(EN.street, exact).fill('99 Lake Road');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The address was updated.' })).toBeVisible();
    await expect(page.getByText('99 Lake Road')).toBeVisible();
    const lake = page.getByRole('listitem').filter({ hasText: '99 Lake Road' });
    await lake.getByRole('button', { name: /^Make the address of/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your default address was changed.' })).toBeVisible();
    await page.goto(`${US_ORIGIN}/account/addresses`);
    const lakeAgain = page.getByRole('listitem').filter({ hasText: '99 Lake Road' });
    await expect(lakeAgain.getByText('Default', exact)).toBeVisible();
    await lakeAgain.getByRole('button', { name: /^Delete the address of/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The address was deleted.' })).toBeVisible();
    await expect(page.getByText('4 saved addresses', exact)).toBeVisible();
    await expect(page.getByText('99 Lake Road')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  });
});

/** /signup without JavaScript (a plain form post). */
async function signUpNoJs(page: Page, c: { firstName: string; lastName: string; email: string; password: string }): Promise<void> {
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await page.getByRole('main').getByLabel('First name', exact).fill(c.firstName);
  await page.getByRole('main').getByLabel('Last name', exact).fill(c.lastName);
  await page.getByRole('main').getByLabel('Email address', exact).fill(c.email);
  await page.getByRole('main').getByLabel('Password', exact).fill(c.password);
  await page.getByRole('main').getByLabel('Confirm password', exact).fill(c.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

