/**
 * Refer a friend in a real browser without JavaScript (issue 12; ADR 0030): a member opens the
 * page from the account navigation, a bad email and their own email are refused next to the field,
 * a friend's email sends the invitation (plain POST + redirect): the notice, the list row "sent",
 * and the friend's email at the run's SMTP sink with the REF- code; French on cab2c. axe on the
 * page (with JavaScript: axe runs in the page); screenshots at 375 and 1280 px when E2E_SHOTS is set.
 */
import { CA_ORIGIN, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible, shoot } from './page-checks.ts';
import { newCustomer, signUp } from './shopper.ts';
import { readMails } from './smtp-sink.ts';

test.describe('refer a friend without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('English (usb2c): errors next to the field, invitation sent, listed, emailed with the code', async ({ page }) => {
    test.setTimeout(120_000);
    const c = newCustomer('referrer');
    await signUp(page, US_ORIGIN, c);
    await page.goto(`${US_ORIGIN}/account`);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Refer a friend' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Refer a friend' })).toBeVisible();
    await expect(page.getByText('Give a friend $10.00 off their first order of $30.00 or more.')).toBeVisible();
    await expect(page.getByText('You have not invited anyone yet.')).toBeVisible();

    const email = page.getByLabel('Friend’s email address');
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Friend’s email address: enter a valid email address, like name@example.com.')).toBeVisible();

    await page.getByLabel('Friend’s email address').fill(c.email.toUpperCase());
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Enter a friend’s email address, not your own.')).toBeVisible();

    const friend = `friend.${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Friend’s email address').fill(friend);
    await page.getByLabel('Friend’s name (optional)').fill('Bob');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Your invitation is on its way to ${friend}.`)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: friend });
    await expect(row).toContainText('Bob');
    await expect(row).toContainText('Invitation sent');
    await shoot(page, 'refer-a-friend-en');

    const mail = () => readMails().find((m) => m.includes(friend) && /REF-[A-Z0-9]{10}/.test(m)) ?? null;
    await expect.poll(mail, { timeout: 20_000 }).not.toBeNull();
    expect(mail()).toContain('Ann sent you $10.00 off at Brewhaus');

    // a second invitation of the same friend is refused
    await page.getByLabel('Friend’s email address').fill(friend);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('This friend has already been invited.')).toBeVisible();
  });

  test('French (cab2c): the page and the invitation in French', async ({ page }) => {
    test.setTimeout(120_000);
    const c = newCustomer('parrain');
    await signUp(page, CA_ORIGIN, c);
    await page.goto(`${CA_ORIGIN}/fr/compte/parrainage`);
    await expect(page.getByRole('heading', { level: 1, name: 'Parrainer un ami' })).toBeVisible();
    await expect(page.getByText(/Offrez à un ami 10,00\s\$ de rabais sur sa première commande de 40,00\s\$ ou plus/)).toBeVisible();
    const friend = `ami.${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Adresse courriel de votre ami').fill(friend);
    await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect(page.getByText(`Votre invitation est en route vers ${friend}.`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: friend })).toContainText('Invitation envoyée');
    await shoot(page, 'refer-a-friend-fr');
    const mail = () => readMails().find((m) => m.includes(friend) && /REF-[A-Z0-9]{10}/.test(m)) ?? null;
    await expect.poll(mail, { timeout: 20_000 }).not.toBeNull();
    expect(mail()).toContain('Votre code promo');
  });
});

test('refer a friend passes axe, before and after an invitation', async ({ page }) => {
  test.setTimeout(120_000);
  const c = newCustomer('axe');
  await signUp(page, US_ORIGIN, c);
  await page.goto(`${US_ORIGIN}/account/refer-a-friend`);
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a friend' })).toBeVisible();
  await expectAccessible(page, 'refer a friend');
  await page.getByLabel('Friend’s email address').fill(`axe.${Date.now().toString(36)}@example.com`);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(/Your invitation is on its way/)).toBeVisible();
  await expectAccessible(page, 'refer a friend with one invitation');
});
