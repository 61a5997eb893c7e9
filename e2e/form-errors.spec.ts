/**
 * Issue 11 item 1: a form is checked by its contract schema, and a bad field's message names the
 * field in the shopper's language. Without JavaScript the action answers it (plain POST, 400);
 * with JavaScript the same schema runs in the browser (conform) and the message shows before any
 * POST.
 */
import { CA_ORIGIN, expect, test } from './fixtures.ts';
import { newCustomer } from './shopper.ts';

const FIRST_NAME_REQUIRED = 'Prénom\u202f: ce champ est obligatoire.';
const PASSWORD_WEAK = 'Mot de passe\u202f: utilisez au moins une lettre et un chiffre.';

test.describe('French sign-up field errors, JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the server names the field in French after a plain form post', async ({ page }) => {
    const c = newCustomer('fr-nojs');
    const posts: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST') posts.push(r.status());
    });
    await page.goto(`${CA_ORIGIN}/fr/inscription`);
    const form = page.getByRole('main').locator('form.auth-form');
    await form.getByLabel('Nom', { exact: true }).fill('Lovelace');
    await form.getByLabel('Adresse courriel', { exact: true }).fill(c.email);
    await form.getByLabel('Mot de passe', { exact: true }).fill('coffeecoffee');
    await form.getByLabel('Confirmez le mot de passe', { exact: true }).fill('coffeecoffee');
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(form.getByText(FIRST_NAME_REQUIRED, { exact: true })).toBeVisible();
    await expect(form.getByText(PASSWORD_WEAK, { exact: true })).toBeVisible();
    await expect(form.getByLabel('Prénom', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Nom', { exact: true })).toHaveValue('Lovelace');
    expect(posts).toEqual([400]);
  });
});

test.describe('French sign-up field errors, JavaScript on', () => {
  test('the same schema runs in the browser: the message shows without a POST', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.goto(`${CA_ORIGIN}/fr/inscription`);
    const form = page.getByRole('main').locator('form.auth-form');
    await page.waitForLoadState('networkidle');
    const password = form.getByLabel('Mot de passe', { exact: true });
    await password.fill('coffeecoffee');
    await password.blur();
    await expect(form.getByText(PASSWORD_WEAK, { exact: true })).toBeVisible();
    // fixing the field clears its message as the shopper types (revalidation on input)
    await password.fill('coffee2coffee');
    await expect(form.getByText(PASSWORD_WEAK, { exact: true })).toHaveCount(0);
    // a submit with a missing first name is stopped in the browser, the field named in French
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(form.getByText(FIRST_NAME_REQUIRED, { exact: true })).toBeVisible();
    await expect(form.getByLabel('Prénom', { exact: true })).toBeFocused();
    expect(posts, 'no form post reached the server').toEqual([]);
  });
});
