/**
 * Issue 12 in a real browser (ADR 0029): the mailing list's double opt-in with JavaScript OFF
 * (footer form → confirmation email at the SMTP sink → confirm link → confirmed page →
 * unsubscribe link → one-click unsubscribe), in English (usb2c) and French (cab2c); and notify-me:
 * a shopper leaves an email on an out-of-stock variant, the stock is raised in the database, and
 * ONE back-in-stock email arrives at the SMTP sink (the API's sweep runs every 10 s).
 */
import Database from 'better-sqlite3';
import { resolve } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { CA_ORIGIN, expect, test, US_ORIGIN } from './fixtures.ts';
import { newCustomer, signUp } from './shopper.ts';
import { readMails } from './smtp-sink.ts';

const DB_FILE = resolve('test-results/e2e/store.db');
const PURGE_SECRET = 'e2e-only-page-cache-purge-secret';
/** A product no other spec buys; its 48-count variant is taken out of stock here. */
const PRODUCT = 'BH-CAMPFIRE-DARK';
const VARIANT = 'BH-CAMPFIRE-DARK-48';

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The messages sent to `email` whose text matches `re`. */
function mailsTo(email: string, re: RegExp): string[] {
  return readMails().filter((m) => m.includes(email) && re.test(m));
}

/** The first link of `mail` to `path` with a token (the plain-text part: no HTML escaping). */
function linkIn(mail: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_.-]+&site=[a-z0-9]+`).exec(mail);
  expect(match, `a ${path} link in the email`).not.toBeNull();
  return match![0];
}

/** Opens an emailed link on the origin under test (the API builds links on STOREFRONT_PUBLIC_URL). */
function onOrigin(link: string, origin: string): string {
  const url = new URL(link);
  return `${origin}${url.pathname}${url.search}`;
}

async function purge(request: APIRequestContext) {
  await request.post(`${US_ORIGIN}/__store/page-cache/purge`, { headers: { authorization: `Bearer ${PURGE_SECRET}` }, data: { tags: [`product:${PRODUCT}`] } });
}

test.describe('mailing list double opt-in without JavaScript (issue 12)', () => {
  test.use({ javaScriptEnabled: false });

  test('English: footer form → email → confirm link → confirmed; the unsubscribe link unsubscribes in one click', async ({ page }) => {
    const email = uniqueEmail('news');
    await page.goto(`${US_ORIGIN}/`);
    const footer = page.locator('footer');
    await footer.getByLabel('Your email for coffee news').fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(`${US_ORIGIN}/`);
    await expect(page.getByRole('status').filter({ hasText: 'Thanks! Check your inbox and click the link in our email to confirm your subscription.' })).toBeVisible();

    await expect.poll(() => mailsTo(email, /confirm your subscription/).length, { timeout: 30_000 }).toBe(1);
    const mail = mailsTo(email, /confirm your subscription/)[0]!;
    await page.goto(onOrigin(linkIn(mail, '/newsletter/confirm'), US_ORIGIN));
    await expect(page.getByRole('heading', { level: 1, name: 'Your subscription' })).toBeVisible();
    await expect(page.getByText('Your subscription is confirmed. Welcome aboard!')).toBeVisible();
    // the link works once
    await page.reload();
    await expect(page.getByText(/This confirmation link is invalid, expired or already used/)).toBeVisible();

    // asking again: the same answer, no second email
    await page.goto(`${US_ORIGIN}/`);
    await footer.getByLabel('Your email for coffee news').fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thanks! Check your inbox' })).toBeVisible();

    await page.goto(onOrigin(linkIn(mail, '/newsletter/unsubscribe'), US_ORIGIN));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You are unsubscribed: you will not receive our marketing emails any more.')).toBeVisible();
    expect(mailsTo(email, /confirm your subscription/)).toHaveLength(1);
  });

  test('French (cab2c): a bad email is named; the confirmation email and pages are French', async ({ page }) => {
    const email = uniqueEmail('infolettre');
    await page.goto(`${CA_ORIGIN}/fr`);
    const footer = page.locator('footer');
    await expect(footer.getByText('Désabonnez-vous en tout temps')).toBeVisible();
    await footer.getByLabel('Votre courriel pour nos nouvelles').fill('pas-une-adresse@exemple');
    await footer.getByRole('button', { name: 'M’abonner' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Votre courriel pour nos nouvelles\u202f: entrez une adresse courriel valide' })).toBeVisible();

    await footer.getByLabel('Votre courriel pour nos nouvelles').fill(email);
    await footer.getByRole('button', { name: 'M’abonner' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Merci\u202f! Consultez votre boîte de réception' })).toBeVisible();
    await expect.poll(() => mailsTo(email, /confirmez votre abonnement/).length, { timeout: 30_000 }).toBe(1);
    const mail = mailsTo(email, /confirmez votre abonnement/)[0]!;
    await page.goto(onOrigin(linkIn(mail, '/fr/infolettre/confirmer'), CA_ORIGIN));
    await expect(page.getByRole('heading', { level: 1, name: 'Votre abonnement' })).toBeVisible();
    await expect(page.getByText('Votre abonnement est confirmé. Bienvenue\u202f!')).toBeVisible();
  });
});

test.describe('notify me when it is back (issue 12)', () => {
  test.use({ javaScriptEnabled: false });

  test('an out-of-stock variant takes an email; when the stock is raised, one email arrives', async ({ page, request }) => {
    const email = uniqueEmail('back');
    const db = new Database(DB_FILE);
    db.pragma('busy_timeout = 5000');
    const before = (db.prepare('SELECT available FROM stock WHERE variant_code = ?').get(VARIANT) as { available: number }).available;
    try {
      db.prepare('UPDATE stock SET available = 0 WHERE variant_code = ?').run(VARIANT);
      await purge(request);
      await page.goto(`${US_ORIGIN}/p/${PRODUCT}?variant=${VARIANT}&probe=${Date.now().toString(36)}`);
      const box = page.getByTestId('notify-me');
      await expect(box.getByRole('heading', { name: 'Out of stock for now' })).toBeVisible();
      await box.getByLabel('Your email for the back-in-stock alert').fill(email);
      await box.getByRole('button', { name: 'Notify me when it’s back' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Thanks! We will email you once when this item is back in stock.' })).toBeVisible();
      // asked twice: still one request, one email
      await page.getByTestId('notify-me').getByLabel('Your email for the back-in-stock alert').fill(email);
      await page.getByTestId('notify-me').getByRole('button', { name: 'Notify me when it’s back' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Thanks! We will email you once' })).toBeVisible();
      expect(mailsTo(email, /back in stock/)).toHaveLength(0);

      db.prepare('UPDATE stock SET available = 25 WHERE variant_code = ?').run(VARIANT);
      await expect.poll(() => mailsTo(email, /is back in stock/).length, { timeout: 40_000 }).toBe(1);
      const mail = mailsTo(email, /is back in stock/)[0]!;
      expect(mail).toContain(`/p/${PRODUCT}?site=usb2c`);
      linkIn(mail, '/newsletter/unsubscribe');
      // the next sweeps send nothing more
      await page.waitForTimeout(12_000);
      expect(mailsTo(email, /is back in stock/)).toHaveLength(1);
    } finally {
      db.prepare('UPDATE stock SET available = ? WHERE variant_code = ?').run(before, VARIANT);
      db.close();
      await purge(request);
    }
  });
});

test.describe('with JavaScript (issue 12)', () => {
  test('the footer form answers in place (fetcher); a signed-in shopper asks for notify-me with one click', async ({ page, request }) => {
    const email = uniqueEmail('fetch');
    await page.goto(`${US_ORIGIN}/`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    const footer = page.locator('footer');
    await footer.getByLabel('Your email for coffee news').fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('status').filter({ hasText: 'Thanks! Check your inbox' })).toBeVisible();
    await expect(page).toHaveURL(`${US_ORIGIN}/`);
    await expect.poll(() => mailsTo(email, /confirm your subscription/).length, { timeout: 30_000 }).toBe(1);

    const customer = newCustomer('notify');
    await signUp(page, US_ORIGIN, customer);
    const variant = `${PRODUCT}-24`;
    const db = new Database(DB_FILE);
    db.pragma('busy_timeout = 5000');
    const before = (db.prepare('SELECT available FROM stock WHERE variant_code = ?').get(variant) as { available: number }).available;
    try {
      db.prepare('UPDATE stock SET available = 0 WHERE variant_code = ?').run(variant);
      await purge(request);
      await page.goto(`${US_ORIGIN}/p/${PRODUCT}?variant=${variant}`);
      await page.locator('html[data-hydrated="true"]').waitFor();
      const box = page.getByTestId('notify-me');
      await expect(box.getByText('We will email you once when this item is back in stock.')).toBeVisible();
      await expect(box.getByRole('textbox')).toHaveCount(0);
      await box.getByRole('button', { name: 'Notify me when it’s back' }).click();
      await expect(box.getByRole('status').filter({ hasText: 'Thanks! We will email you once' })).toBeVisible();
      const rows = db.prepare('SELECT email, lang FROM notify_requests WHERE variant_code = ?').all(variant) as Array<{ email: string; lang: string }>;
      expect(rows).toContainEqual({ email: customer.email, lang: 'en' });
    } finally {
      db.prepare('DELETE FROM notify_requests WHERE variant_code = ?').run(variant);
      db.prepare('UPDATE stock SET available = ? WHERE variant_code = ?').run(before, variant);
      db.close();
      await purge(request);
    }
  });
});
