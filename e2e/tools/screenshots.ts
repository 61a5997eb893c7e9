/**
 * Screenshots of the cart, checkout (with an error shown, and at payment) and confirmation pages
 * at 375 px and 1280 px, on usb2c in English and cab2c in French (VISUAL.md "Check it with your
 * own eyes"). Not a test: run it against a running store.
 *
 *   node --import tsx e2e/tools/screenshots.ts [baseOrigin=http://localhost:3210] [outDir=/tmp/shots]
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { buyBoxAddButton, EN, fillCheckoutUpToPayment, FR, payAndPlace, QUEBEC_GUEST, VERMONT_GUEST } from '../shopper.ts';
import type { Guest, Labels } from '../shopper.ts';

const origin = process.argv[2] ?? 'http://localhost:3210';
const out = process.argv[3] ?? '/tmp/shots';
const port = new URL(origin).port;
mkdirSync(out, { recursive: true });

interface Store {
  name: string;
  origin: string;
  prefix: string;
  cart: string;
  L: Labels;
  guest: Guest;
  products: string[];
}

const STORES: Store[] = [
  { name: 'usb2c-en', origin, prefix: '', cart: '/cart', L: EN, guest: VERMONT_GUEST, products: ['BH-SIGNATURE-DARK-48', 'BH-SOLO-RED'] },
  {
    name: 'cab2c-fr',
    origin: `http://ca.localhost:${port}`,
    prefix: '/fr',
    cart: '/fr/panier',
    L: FR,
    guest: QUEBEC_GUEST,
    products: ['BH-SIGNATURE-DARK-24', 'BH-CAFE-AU-LAIT'],
  },
];

async function shot(page: Page, file: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${out}/${file}.png`, fullPage: true });
  console.log(`${out}/${file}.png`);
}

async function run(browser: Browser, store: Store, width: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
  const page = await context.newPage();
  const tag = `${store.name}-${width}`;
  for (const code of store.products) {
    await page.goto(`${store.origin}${store.prefix}/p/${code}`);
    await buyBoxAddButton(page, store.L).click();
    await page.getByRole('status').filter({ hasText: store.L.addedToCart }).waitFor();
  }
  await page.goto(`${store.origin}${store.cart}`);
  await shot(page, `${tag}-cart`);

  await page.getByRole('link', { name: store.L.checkout, exact: true }).click();
  await page.getByLabel(store.L.email, { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: store.L.continue }).click();
  await page.getByLabel(store.L.email, { exact: true }).and(page.locator('[aria-invalid="true"]')).waitFor();
  await shot(page, `${tag}-checkout-error`);

  await fillCheckoutUpToPayment(page, store.L, store.guest);
  await shot(page, `${tag}-checkout-payment`);
  await payAndPlace(page, store.L, '4000 0000 0000 0002');
  await page.getByRole('alert').waitFor();
  await shot(page, `${tag}-checkout-declined`);
  await payAndPlace(page, store.L, store.guest.card);
  await page.getByTestId('order-code').waitFor();
  await shot(page, `${tag}-confirmation`);
  await context.close();
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const store of STORES) for (const width of [375, 1280]) await run(browser, store, width);
} finally {
  await browser.close();
}
