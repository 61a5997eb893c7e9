/**
 * Screenshots of the sign-up form and the checkout shipping-address form with field errors
 * (issue 11 item 1), at 375 px and 1280 px, on usb2c in English and cab2c in French, JavaScript
 * off (the server's answer). Not a test: run it against a running store.
 *
 *   node --import tsx e2e/tools/form-screenshots.ts [baseOrigin=http://localhost:3210] [outDir=/tmp/form-shots]
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { buyBoxAddButton, EN, FR } from '../shopper.ts';
import type { Labels } from '../shopper.ts';

const origin = process.argv[2] ?? 'http://localhost:3210';
const out = process.argv[3] ?? '/tmp/form-shots';
const port = new URL(origin).port;
mkdirSync(out, { recursive: true });

const STORES = [
  { name: 'usb2c-en', origin, signup: '/signup', product: '/p/BH-SIGNATURE-DARK-48', L: EN, email: 'shots@example.com' },
  { name: 'cab2c-fr', origin: `http://ca.localhost:${port}`, signup: '/fr/inscription', product: '/fr/p/BH-SIGNATURE-DARK-48', L: FR, email: 'photos@example.ca' },
] as const;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const store of STORES) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    const L: Labels = store.L;
    await page.goto(`${store.origin}${store.signup}`);
    const form = page.getByRole('main').locator('form.auth-form');
    await form.locator('input[name="lastName"]').fill('L'.repeat(101));
    await form.locator('input[name="email"]').fill('not-an-email');
    await form.locator('input[name="password"]').fill('coffeecoffee');
    await form.locator('input[name="confirmPassword"]').fill('other');
    await form.locator('button[type="submit"]').click();
    await page.screenshot({ path: `${out}/signup-${store.name}-${width}.png`, fullPage: true });

    await page.goto(`${store.origin}${store.product}`);
    await buyBoxAddButton(page, L).click();
    await page.goto(`${store.origin}${store.signup.startsWith('/fr') ? '/fr/checkout/singlestep' : '/checkout/singlestep'}`);
    await page.getByLabel(L.email, { exact: true }).fill(store.email);
    await page.getByRole('button', { name: L.continue }).click();
    await page.getByLabel(L.lastName, { exact: true }).fill('Lovelace');
    await page.getByLabel(L.street, { exact: true }).fill('1 Main\u0007Street');
    await page.getByLabel(L.postal, { exact: true }).fill('ABC');
    await page.getByRole('button', { name: L.continue }).click();
    await page.locator('#checkout-shipping').scrollIntoViewIfNeeded();
    await page.locator('#checkout-shipping').screenshot({ path: `${out}/checkout-address-${store.name}-${width}.png` });
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
