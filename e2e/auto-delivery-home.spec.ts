/**
 * Auto-delivery home in a real browser (issue 10; spec §2 "auto-delivery home", "upcoming-order
 * add-item"; ADR 0018): a customer with a subscription sees it (next ship date, items, rhythm,
 * card), skips the next order, changes the frequency and adds an item to the upcoming order (and
 * is told clearly when the product is already in it), in English on usb2c and in French on
 * cab2c; skipping works with JavaScript off (plain form posts); a brewer-campaign subscription
 * shows its commitment tracker (boxes, orders left, deadline, what cancelling would cost) and,
 * once met, that cancelling is free; cancelling asks for a reason and a confirmation.
 *
 * The subscriptions are written straight into the e2e database (like account.spec.ts does for
 * order statuses): what is tested here is the page and the AD home calls, not the checkout that
 * creates subscriptions.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { CA_ORIGIN, DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';
import { expectAccessible, shoot } from './page-checks.ts';
import { newCustomer, signUp } from './shopper.ts';
import type { Customer } from './shopper.ts';

/** The e2e database (playwright.config.ts DATABASE_URL). */
const DB_FILE = fileURLToPath(new URL('../test-results/e2e/store.db', import.meta.url));

/** The product added to the upcoming order (a beverage other than the subscription's). */
const ADDED_PRODUCT = DEMO_CODES.frenchAccentProduct;

const TIME_ZONES = { usb2c: 'America/New_York', cab2c: 'America/Toronto' } as const;
type Site = keyof typeof TIME_ZONES;

/** Today + n days in the site's time zone, `YYYY-MM-DD`. */
function localDate(site: Site, plusDays: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONES[site], year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.toISOString().slice(0, 10);
}

/** A local date as the page shows it (long date). */
function shown(date: string, locale: 'en-US' | 'fr-CA'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}

interface SeedOptions {
  site: Site;
  lang: 'en' | 'fr';
  program?: 'AUTO_DELIVERY' | 'BREWER_CAMPAIGN' | 'MONTHLY_BOX';
  frequencyWeeks?: number;
  nextShipDate: string;
  items: Array<{ variant: string; qty: number }>;
  /** the saved card declines off-session charges */
  decliningCard?: boolean;
  /** a brewer-campaign commitment with these counts */
  commitment?: { boxesCounted: number; ordersCounted: number; status?: 'open' | 'met' };
}

/** Writes a subscription (and a saved card, and a commitment) for the customer; answers its id. */
function seedSubscription(c: Customer, o: SeedOptions): string {
  const db = new Database(DB_FILE);
  try {
    const now = new Date().toISOString();
    const customer = db.prepare('SELECT id FROM customers WHERE email = ?').get(c.email.toLowerCase()) as { id: string } | undefined;
    if (!customer) throw new Error(`no customer ${c.email}`);
    let card = db.prepare('SELECT id FROM saved_payment_methods WHERE customer_id = ?').get(customer.id) as { id: string } | undefined;
    if (!card) {
      // the provider customer the saved card belongs to (off-session charges check the owner)
      db.prepare("INSERT INTO payment_customers (customer_id, provider, provider_customer_id) VALUES (?, 'test', ?)").run(customer.id, id('cus_test'));
      card = { id: id('spm') };
      db.prepare(
        `INSERT INTO saved_payment_methods (id, customer_id, provider, provider_payment_method_id, brand, last4, exp_month, exp_year, is_default, created_at)
         VALUES (?, ?, 'test', ?, 'visa', '4242', 12, 2034, 1, ?)`,
      ).run(card.id, customer.id, id(o.decliningCard ? 'pm_test_decline' : 'pm_test'), now);
    }
    const subId = id('sub');
    const address =
      o.site === 'cab2c'
        ? { firstName: 'Julie', lastName: 'Tremblay', line1: '350 rue Saint-Paul Est', city: 'Montréal', region: 'QC', postalCode: 'H2Y 1H2', country: 'CA' }
        : { firstName: 'Ann', lastName: 'Member', line1: '12 Church Street', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US' };
    const program = o.program ?? 'AUTO_DELIVERY';
    db.prepare(
      `INSERT INTO subscriptions (id, customer_id, base_site, currency, lang, program, entry_type, status, frequency_weeks, day_of_month,
         next_ship_date, paused_until, shipping_address_json, address_id, saved_payment_method_id, parent_order_code, campaign_code, rotation,
         pods_at_home_qty, cups_per_day, reminded_for_date, cancel_reason, cancel_note, cancelled_at, suspended_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, NULL, ?, NULL, ?, NULL, ?, ?, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ?, ?)`,
    ).run(
      subId,
      customer.id,
      o.site,
      o.site === 'cab2c' ? 'CAD' : 'USD',
      o.lang,
      program,
      program === 'BREWER_CAMPAIGN' ? 'BBAD' : program === 'MONTHLY_BOX' ? 'MBOX' : 'ADC',
      program === 'MONTHLY_BOX' ? null : (o.frequencyWeeks ?? 4),
      program === 'MONTHLY_BOX' ? 5 : null,
      o.nextShipDate,
      JSON.stringify(address),
      card.id,
      program === 'BREWER_CAMPAIGN' ? 'KSKBBAD' : null,
      program === 'MONTHLY_BOX' ? 'choose' : null,
      now,
      now,
    );
    o.items.forEach((item, i) => {
      db.prepare('INSERT INTO subscription_items (id, subscription_id, variant_code, qty, backup_variant_code, sort_order, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?)').run(
        id('si'),
        subId,
        item.variant,
        item.qty,
        i,
        now,
      );
    });
    if (o.commitment) {
      db.prepare(
        `INSERT INTO commitments (id, subscription_id, base_site, campaign_code, customer_id, email, address_key, currency, brewer_variant_code,
           brewer_list_minor, brewer_paid_minor, boxes_required, min_orders, min_boxes_per_order, boxes_counted, orders_counted, deadline, status,
           clawback_minor, clawback_order_code, parent_order_code, created_at, updated_at)
         VALUES (?, ?, ?, 'KSKBBAD', ?, ?, ?, ?, ?, 14999, 3750, 16, 4, 4, ?, ?, ?, ?, NULL, NULL, 'KC-E2E00-00000', ?, ?)`,
      ).run(
        id('cm'),
        subId,
        o.site,
        customer.id,
        c.email.toLowerCase(),
        `e2e|${subId}`,
        o.site === 'cab2c' ? 'CAD' : 'USD',
        DEMO_CODES.brewerDefaultVariant,
        o.commitment.boxesCounted,
        o.commitment.ordersCounted,
        localDate(o.site, 300),
        o.commitment.status ?? 'open',
        now,
        now,
      );
    }
    return subId;
  } finally {
    db.close();
  }
}

/** Adds another saved card (Mastercard …4444) to the customer. */
function addSecondCard(c: Customer): void {
  const db = new Database(DB_FILE);
  try {
    const customer = db.prepare('SELECT id FROM customers WHERE email = ?').get(c.email.toLowerCase()) as { id: string };
    db.prepare(
      `INSERT INTO saved_payment_methods (id, customer_id, provider, provider_payment_method_id, brand, last4, exp_month, exp_year, is_default, created_at)
       VALUES (?, ?, 'test', ?, 'mastercard', '4444', 6, 2033, 0, ?)`,
    ).run(id('spm'), customer.id, id('pm_test'), new Date().toISOString());
  } finally {
    db.close();
  }
}

/** Opens a `<details>` disclosure of a subscription by its summary text (left as is when already open). */
async function openDisclosure(scope: Locator, summary: string): Promise<void> {
  const head = scope.locator('summary').filter({ hasText: new RegExp(`^${summary}$`) });
  if ((await head.locator('..').getAttribute('open')) === null) await head.click();
}

/** Marks a commitment met (16 boxes in 4 orders). */
function meetCommitment(subId: string): void {
  const db = new Database(DB_FILE);
  try {
    db.prepare("UPDATE commitments SET boxes_counted = 16, orders_counted = 4, status = 'met' WHERE subscription_id = ?").run(subId);
  } finally {
    db.close();
  }
}

/** The product's name in a language. */
function productName(code: string, lang: 'en' | 'fr'): string {
  const db = new Database(DB_FILE, { readonly: true });
  try {
    const row = db.prepare(`SELECT name_${lang} AS name FROM products WHERE code = ?`).get(code) as { name: string } | undefined;
    if (!row) throw new Error(`no product ${code}`);
    return row.name;
  } finally {
    db.close();
  }
}

/** The default variant of a product. */
function defaultVariant(code: string): string {
  const db = new Database(DB_FILE, { readonly: true });
  try {
    const row = db.prepare('SELECT default_variant_code AS v FROM products WHERE code = ?').get(code) as { v: string } | undefined;
    if (!row) throw new Error(`no product ${code}`);
    return row.v;
  } finally {
    db.close();
  }
}

/** The words of one language. */
const WORDS = {
  en: {
    path: '/account/auto-delivery',
    nav: 'Auto-delivery',
    title: 'Auto-delivery',
    card: (weeks: number) => new RegExp(`^Auto-delivery, every ${weeks} weeks$`),
    skip: 'Skip next order',
    skipped: 'Your next order is skipped.',
    changeFrequency: 'Change frequency',
    deliverEvery: 'Deliver every',
    weeks: (n: number) => `${n} weeks`,
    saveFrequency: 'Save frequency',
    frequencySaved: 'Your delivery frequency is saved.',
    addItem: 'Add an item to the next order',
    addTitle: 'Add to your next order',
    search: 'Search auto-delivery products',
    searchButton: 'Search',
    results: 'Products you can add',
    added: 'The item is added to your next order.',
    already: 'This product is already in this auto-delivery.',
    card4242: 'Visa ending in 4242',
    locale: 'en-US' as const,
  },
  fr: {
    path: '/fr/compte/livraison-automatique',
    nav: 'Livraison automatique',
    title: 'Livraison automatique',
    card: (weeks: number) => new RegExp(`^Livraison automatique, toutes les ${weeks} semaines$`),
    skip: 'Sauter la prochaine commande',
    skipped: 'Votre prochaine commande est sautée.',
    changeFrequency: 'Changer la fréquence',
    deliverEvery: 'Livrer toutes les',
    weeks: (n: number) => `${n} semaines`,
    saveFrequency: 'Enregistrer la fréquence',
    frequencySaved: 'Votre fréquence de livraison est enregistrée.',
    addItem: 'Ajouter un article à la prochaine commande',
    addTitle: 'Ajouter à votre prochaine commande',
    search: 'Rechercher des produits en livraison automatique',
    searchButton: 'Rechercher',
    results: 'Produits que vous pouvez ajouter',
    added: 'L’article est ajouté à votre prochaine commande.',
    already: 'Ce produit est déjà dans cette livraison automatique.',
    card4242: 'Visa se terminant par 4242',
    locale: 'fr-CA' as const,
  },
};

/** The add button of a product of the add-item page (its name is "Add <name> (<size>) to the next order"). */
function addButtonOf(page: Page, listName: string, productName: string) {
  return page
    .getByRole('list', { name: listName })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: productName }) })
    .first()
    .getByRole('button');
}

/** The whole flow of one site and language: see, skip, change frequency, add an item. */
async function seeSkipChangeAdd(page: Page, origin: string, site: Site, lang: 'en' | 'fr'): Promise<void> {
  const w = WORDS[lang];
  const c = newCustomer(`ad-${site}`);
  await signUp(page, origin, c);
  const next = localDate(site, 10);
  seedSubscription(c, { site, lang, nextShipDate: next, items: [{ variant: DEMO_CODES.coffeeVariant24, qty: 2 }] });
  const itemName = productName(DEMO_CODES.coffee, lang);

  // the account navigation leads there
  await page.goto(`${origin}${lang === 'fr' ? '/fr/compte' : '/account'}`);
  await page.getByRole('navigation', { name: lang === 'fr' ? 'Compte' : 'Account' }).getByRole('link', { name: w.nav }).click();
  await expect(page).toHaveURL(`${origin}${w.path}`);
  await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();

  // the subscription: next date, item, card
  let card = page.getByRole('article', { name: w.card(4) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(shown(next, w.locale));
  await expect(card).toContainText(itemName);
  await expect(card).toContainText(w.card4242);
  await expectAccessible(page, 'auto-delivery home');
  await shoot(page, `ad-home-${lang}`);

  // skip the next order: the next date moves one cycle (4 weeks)
  await card.getByRole('button', { name: w.skip }).click();
  await expect(page.getByRole('status').filter({ hasText: w.skipped })).toBeVisible();
  await expect(card).toContainText(shown(localDate(site, 10 + 28), w.locale));

  // change the frequency to 6 weeks
  await card.getByText(w.changeFrequency, { exact: true }).click();
  await card.getByLabel(w.deliverEvery).selectOption({ label: w.weeks(6) });
  await card.getByRole('button', { name: w.saveFrequency }).click();
  await expect(page.getByRole('status').filter({ hasText: w.frequencySaved })).toBeVisible();
  card = page.getByRole('article', { name: w.card(6) });
  await expect(card).toBeVisible();

  // add an item to the upcoming order
  await card.getByRole('link', { name: w.addItem }).click();
  await expect(page.getByRole('heading', { level: 1, name: w.addTitle })).toBeVisible();
  const addedName = productName(ADDED_PRODUCT, lang);
  await page.getByLabel(w.search).fill(addedName);
  await page.getByRole('main').getByRole('button', { name: w.searchButton, exact: true }).click();
  const addButton = addButtonOf(page, w.results, addedName);
  await expect(addButton).toBeVisible();
  // the price each auto-delivery order charges, the one-time price struck through
  const row = page.getByRole('list', { name: w.results }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: addedName }) }).first();
  await expect(row.locator('.ad-add-price s.price-was')).toBeVisible();
  await expectAccessible(page, 'add-item page');
  await shoot(page, `ad-add-${lang}`);
  await addButton.click();
  await expect(page.getByRole('status').filter({ hasText: w.added })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${w.path}\\?done=itemAdded`));
  await expect(page.getByRole('article', { name: w.card(6) })).toContainText(addedName);

  // the same product again: a clear refusal (ALREADY_ADDED_TO_SP)
  await page.getByRole('article', { name: w.card(6) }).getByRole('link', { name: w.addItem }).click();
  await page.getByLabel(w.search).fill(addedName);
  await page.getByRole('main').getByRole('button', { name: w.searchButton, exact: true }).click();
  await addButtonOf(page, w.results, addedName).click();
  await expect(page.getByRole('alert').filter({ hasText: w.already })).toBeVisible();
}

test.describe('auto-delivery home, usb2c, English', () => {
  test('a customer sees the subscription, skips, changes the frequency and adds an item', async ({ page }) => {
    test.setTimeout(120_000);
    await seeSkipChangeAdd(page, US_ORIGIN, 'usb2c', 'en');
  });

  test('a campaign subscription shows its commitment tracker, and cancelling asks for a reason and confirmation', async ({ page }) => {
    test.setTimeout(120_000);
    const c = newCustomer('ad-campaign');
    await signUp(page, US_ORIGIN, c);
    const subId = seedSubscription(c, {
      site: 'usb2c',
      lang: 'en',
      program: 'BREWER_CAMPAIGN',
      nextShipDate: localDate('usb2c', 5),
      items: [{ variant: DEMO_CODES.coffeeVariant48, qty: 2 }],
      commitment: { boxesCounted: 6, ordersCounted: 1 },
    });
    await page.goto(`${US_ORIGIN}/account/auto-delivery`);
    const card = page.getByRole('article', { name: /^Brewer offer auto-delivery/ });
    const tracker = card.getByRole('region', { name: 'Brewer offer commitment' });
    await expect(tracker).toContainText('6 of 16 boxes');
    await expect(tracker.getByRole('progressbar', { name: 'Boxes received toward your commitment' })).toHaveAttribute('aria-valuenow', '6');
    await expect(tracker).toContainText('3 more orders of 4+ boxes needed');
    await expect(tracker).toContainText(shown(localDate('usb2c', 300), 'en-US'));
    // (149.99 − 37.50) × 10 / 16 = 70.31 (half-up)
    await expect(tracker).toContainText('Canceling today would cost $70.31.');
    await shoot(page, 'ad-campaign-en');

    // the cancel step: reason select, then confirmation with the cost
    await card.getByRole('link', { name: 'Cancel auto-delivery' }).click();
    const confirm = card.getByRole('region', { name: 'Cancel this auto-delivery?' });
    await expect(confirm).toContainText('$70.31');
    await expect(confirm.getByLabel('Why are you canceling?')).toBeVisible();
    await shoot(page, 'ad-cancel-en');
    await confirm.getByRole('link', { name: 'Keep my auto-delivery' }).click();
    await expect(card.getByRole('region', { name: 'Cancel this auto-delivery?' })).toHaveCount(0);

    // once met: cancelling is free
    meetCommitment(subId);
    await page.reload();
    await expect(page.getByRole('article', { name: /^Brewer offer auto-delivery/ })).toContainText('Commitment met. You can cancel at no cost');
  });

  test("the product page's 'Add to my next auto-delivery' picks the subscription and adds the product", async ({ page }) => {
    const c = newCustomer('ad-pdp');
    await signUp(page, US_ORIGIN, c);
    const next = localDate('usb2c', 8);
    seedSubscription(c, { site: 'usb2c', lang: 'en', nextShipDate: next, items: [{ variant: DEMO_CODES.coffeeVariant24, qty: 1 }] });
    await page.goto(`${US_ORIGIN}/p/${ADDED_PRODUCT}`);
    await page.getByRole('link', { name: 'Add to my next auto-delivery' }).click();
    const name = productName(ADDED_PRODUCT, 'en');
    const picker = page.getByRole('region', { name: `Add ${name} to an auto-delivery` });
    await expect(picker).toBeVisible();
    await shoot(page, 'ad-pick-en');
    await picker.getByRole('button', { name: `Add to the order shipping ${shown(next, 'en-US')}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The item is added to your next order.' })).toBeVisible();
    await expect(page.getByRole('article', { name: /^Auto-delivery, every 4 weeks$/ })).toContainText(name);

    // ship now: an order is placed and charged on the saved card today; it is listed under the
    // past auto-delivery orders and opens on the account order page
    await page.getByRole('article', { name: /^Auto-delivery, every 4 weeks$/ }).getByRole('button', { name: 'Ship now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your order is on its way: it ships today.' })).toBeVisible();
    const past = page.getByRole('table', { name: 'Past auto-delivery orders' });
    await expect(past.getByRole('row')).toHaveCount(2);
    await shoot(page, 'ad-shipped-en');
    await past.getByRole('link', { name: /^View order / }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(name);
  });

  test('ship now with a card that declines: no order, the page says so', async ({ page }) => {
    const c = newCustomer('ad-declined');
    await signUp(page, US_ORIGIN, c);
    seedSubscription(c, { site: 'usb2c', lang: 'en', nextShipDate: localDate('usb2c', 9), items: [{ variant: DEMO_CODES.coffeeVariant24, qty: 1 }], decliningCard: true });
    await page.goto(`${US_ORIGIN}/account/auto-delivery`);
    await page.getByRole('button', { name: 'Ship now' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'We could not charge your card, so no order was placed.' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'on its way' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: /^Auto-delivery, every 4 weeks$/ })).toContainText('We could not charge your card for the order of');
  });

  test("items: change an item's quantity and backup product, remove an item, and the last item cannot be removed", async ({ page }) => {
    const c = newCustomer('ad-items');
    await signUp(page, US_ORIGIN, c);
    seedSubscription(c, {
      site: 'usb2c',
      lang: 'en',
      nextShipDate: localDate('usb2c', 6),
      items: [
        { variant: DEMO_CODES.coffeeVariant24, qty: 1 },
        { variant: defaultVariant(ADDED_PRODUCT), qty: 1 },
      ],
    });
    const first = productName(DEMO_CODES.coffee, 'en');
    const second = productName(ADDED_PRODUCT, 'en');
    await page.goto(`${US_ORIGIN}/account/auto-delivery`);
    const card = page.getByRole('article', { name: /^Auto-delivery, every 4 weeks$/ });
    const items = card.getByRole('list', { name: 'Items' });
    const firstItem = items.getByRole('listitem').filter({ has: page.getByText(first, { exact: true }) });

    // quantity 3 and a backup product (the backup cannot be the other item: ALREADY_ADDED_TO_SP)
    await firstItem.getByText('Change quantity or backup').click();
    await firstItem.getByLabel(`Quantity for ${first}`).selectOption('3');
    await firstItem.getByLabel(`Backup product for ${first}`).selectOption(defaultVariant(ADDED_PRODUCT));
    await firstItem.getByRole('button', { name: `Save changes to ${first}` }).click();
    await expect(card.getByRole('alert').filter({ hasText: 'This product is already in this auto-delivery.' })).toBeVisible();
    await shoot(page, 'ad-item-error-en');

    const backup = page.getByLabel(`Backup product for ${first}`);
    const otherBeverage = await backup.locator('option').evaluateAll(
      (options, avoid) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== '' && !avoid.includes(v)) ?? '',
      [defaultVariant(ADDED_PRODUCT), DEMO_CODES.coffeeVariant24],
    );
    await firstItem.getByLabel(`Quantity for ${first}`).selectOption('3');
    await backup.selectOption(otherBeverage);
    await firstItem.getByRole('button', { name: `Save changes to ${first}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The item is updated.' })).toBeVisible();
    await expect(firstItem).toContainText('Qty 3');
    await expect(firstItem).toContainText('Backup:');

    // remove the second item, then the last one is refused
    const secondItem = items.getByRole('listitem').filter({ has: page.getByText(second, { exact: true }) });
    await secondItem.getByText('Change quantity or backup').click();
    await secondItem.getByRole('button', { name: `Remove ${second} from this auto-delivery` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The item is removed.' })).toBeVisible();
    await expect(items.getByRole('listitem')).toHaveCount(1);
    await firstItem.getByText('Change quantity or backup').click();
    await firstItem.getByRole('button', { name: `Remove ${first} from this auto-delivery` }).click();
    await expect(card.getByRole('alert').filter({ hasText: 'An auto-delivery needs at least one item.' })).toBeVisible();
  });

  test('ship on a chosen date, pause until a date and resume, change the card', async ({ page }) => {
    const c = newCustomer('ad-dates');
    await signUp(page, US_ORIGIN, c);
    seedSubscription(c, { site: 'usb2c', lang: 'en', nextShipDate: localDate('usb2c', 20), items: [{ variant: DEMO_CODES.coffeeVariant24, qty: 1 }] });
    addSecondCard(c);
    await page.goto(`${US_ORIGIN}/account/auto-delivery`);
    const card = page.getByRole('article', { name: /^Auto-delivery, every 4 weeks$/ });

    // ship on a date: the next order moves to it
    const shipOn = localDate('usb2c', 5);
    await openDisclosure(card, 'Ship on a date');
    await card.getByLabel('Ship date').fill(shipOn);
    await card.getByRole('button', { name: 'Ship on this date' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your next order ships on the date you chose.' })).toBeVisible();
    await expect(card).toContainText(`Next order ships ${shown(shipOn, 'en-US')}`);

    // a date out of range is refused by the API with a clear message (the input's max is bypassed)
    await openDisclosure(card, 'Ship on a date');
    await card.getByLabel('Ship date').evaluate((el) => el.removeAttribute('max'));
    await card.getByLabel('Ship date').fill(localDate('usb2c', 400));
    await card.getByRole('button', { name: 'Ship on this date' }).click();
    await expect(card.getByRole('alert').filter({ hasText: 'Choose a date from tomorrow to 180 days from now.' })).toBeVisible();

    // pause until a date, then resume
    const until = localDate('usb2c', 30);
    await openDisclosure(card, 'Pause');
    await card.getByLabel('Pause until').fill(until);
    await card.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your auto-delivery is paused.' })).toBeVisible();
    await expect(card.getByText('Paused', { exact: true })).toBeVisible();
    await expect(card).toContainText(`Paused until ${shown(until, 'en-US')}`);
    await expect(card.getByRole('button', { name: 'Skip next order' })).toHaveCount(0);
    await shoot(page, 'ad-paused-en');
    await card.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your auto-delivery is active again.' })).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();

    // change the card
    await openDisclosure(card, 'Change card');
    await card.getByLabel('Pay with').selectOption({ label: 'Mastercard ending in 4444, expires 06/2033' });
    await card.getByRole('button', { name: 'Use this card' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your auto-delivery now uses the card you chose.' })).toBeVisible();
    await expect(card).toContainText('Mastercard ending in 4444');
  });

  test('the empty state links to the beverages', async ({ page }) => {
    const c = newCustomer('ad-empty');
    await signUp(page, US_ORIGIN, c);
    await page.goto(`${US_ORIGIN}/account/auto-delivery`);
    await expect(page.getByRole('heading', { name: 'You have no auto-delivery yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop beverages' })).toBeVisible();
    await shoot(page, 'ad-empty-en');
  });
});

test.describe('auto-delivery home, cab2c, French', () => {
  test('une cliente voit son abonnement, saute une commande, change la fréquence et ajoute un article', async ({ page }) => {
    test.setTimeout(120_000);
    await seeSkipChangeAdd(page, CA_ORIGIN, 'cab2c', 'fr');
  });
});

test.describe('auto-delivery home, cab2c, French: campaign and empty state', () => {
  test('le suivi de l’engagement, l’étape d’annulation et la page vide, en français', async ({ page }) => {
    const c = newCustomer('ad-campagne');
    await signUp(page, CA_ORIGIN, c);
    await page.goto(`${CA_ORIGIN}/fr/compte/livraison-automatique`);
    await expect(page.getByRole('heading', { name: 'Vous n’avez pas encore de livraison automatique' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Magasiner les boissons' })).toHaveAttribute('href', /^\/fr\/c\//);
    await shoot(page, 'ad-empty-fr');

    seedSubscription(c, {
      site: 'cab2c',
      lang: 'fr',
      program: 'BREWER_CAMPAIGN',
      nextShipDate: localDate('cab2c', 5),
      items: [{ variant: DEMO_CODES.coffeeVariant48, qty: 2 }],
      commitment: { boxesCounted: 6, ordersCounted: 1 },
    });
    await page.reload();
    const card = page.getByRole('article', { name: /^Livraison automatique de l’offre cafetière/ });
    const tracker = card.getByRole('region', { name: 'Engagement de l’offre cafetière' });
    await expect(tracker).toContainText('6 boîtes sur 16');
    await expect(tracker).toContainText('Encore 3 commandes de 4 boîtes ou plus');
    await expect(tracker).toContainText(/Annuler aujourd’hui coûterait 70,31\s\$\./);
    await expectAccessible(page, 'auto-delivery home, campaign, French');
    await shoot(page, 'ad-campaign-fr');
    await card.getByRole('link', { name: 'Annuler la livraison automatique' }).click();
    const confirm = card.getByRole('region', { name: 'Annuler cette livraison automatique\u202f?' });
    await expect(confirm.getByLabel('Pourquoi annulez-vous\u202f?')).toBeVisible();
    await shoot(page, 'ad-cancel-fr');
  });
});

test.describe('auto-delivery home without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('skip and cancel are plain form posts', async ({ page }) => {
    const c = newCustomer('ad-nojs');
    await signUp(page, US_ORIGIN, c);
    const next = localDate('usb2c', 12);
    seedSubscription(c, { site: 'usb2c', lang: 'en', nextShipDate: next, items: [{ variant: DEMO_CODES.coffeeVariant24, qty: 1 }] });
    await page.goto(`${US_ORIGIN}/account/auto-delivery`);
    const card = page.getByRole('article', { name: /^Auto-delivery, every 4 weeks$/ });
    await card.getByRole('button', { name: 'Skip next order' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your next order is skipped.' })).toBeVisible();
    await expect(card).toContainText(shown(localDate('usb2c', 12 + 28), 'en-US'));

    await card.getByRole('link', { name: 'Cancel auto-delivery' }).click();
    const confirm = card.getByRole('region', { name: 'Cancel this auto-delivery?' });
    await confirm.getByLabel('Why are you canceling?').selectOption({ label: 'I have too much coffee' });
    await confirm.getByRole('button', { name: 'Yes, cancel auto-delivery' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your auto-delivery is canceled.' })).toBeVisible();
    await expect(page.getByRole('article', { name: /^Auto-delivery, every 4 weeks$/ })).toContainText('Canceled');
  });
});

test.describe('monthly box in auto-delivery home (issue 10)', () => {
  test('usb2c English: the customer switches to the curated rotation and back', async ({ page }) => {
    const c = newCustomer('ad-box');
    await signUp(page, US_ORIGIN, c);
    seedSubscription(c, { site: 'usb2c', lang: 'en', program: 'MONTHLY_BOX', nextShipDate: localDate('usb2c', 9), items: [{ variant: DEMO_CODES.coffeeVariant24, qty: 1 }] });
    await page.goto(`${US_ORIGIN}/account/auto-delivery`);
    const card = page.getByRole('article', { name: 'Monthly box on day 5 of each month' });
    await openDisclosure(card, 'Box of each month');
    const group = card.getByRole('group', { name: 'Which box ships each month?' });
    await expect(group.getByLabel('I choose: the box listed above, until I change it')).toBeChecked();
    await group.getByLabel('Surprise me: a different box from our curated rotation each month').check();
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your monthly box choice is saved.' })).toBeVisible();
    await openDisclosure(page.getByRole('article', { name: 'Monthly box on day 5 of each month' }), 'Box of each month');
    await expect(page.getByLabel('Surprise me: a different box from our curated rotation each month')).toBeChecked();
    await expectAccessible(page, 'monthly box rotation');
  });

  test('cab2c French without JavaScript: la rotation se choisit par un simple formulaire', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const c = newCustomer('ad-boite');
    await signUp(page, CA_ORIGIN, c);
    seedSubscription(c, { site: 'cab2c', lang: 'fr', program: 'MONTHLY_BOX', nextShipDate: localDate('cab2c', 9), items: [{ variant: DEMO_CODES.coffeeVariant24, qty: 1 }] });
    await page.goto(`${CA_ORIGIN}/fr/compte/livraison-automatique`);
    const card = page.getByRole('article', { name: 'Boîte mensuelle le 5 de chaque mois' });
    await openDisclosure(card, 'Boîte de chaque mois');
    await card.getByLabel('Surprenez-moi\u202f: une boîte différente de notre rotation chaque mois').check();
    await card.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Votre choix de boîte mensuelle est enregistré.' })).toBeVisible();
    await context.close();
  });
});
