/**
 * The demo auto-delivery customer (issue 10: "try auto-delivery on the demo store"): an account
 * with two book addresses, a saved test card (test payment provider) and two active
 * auto-deliveries — every 4 weeks on usb2c and on the 15th of each month on cab2c (in French) — so
 * auto-delivery home shows real data at once and `npm run jobs -- --until …` places their orders.
 *
 * Sign in as {@link DEMO_CUSTOMER} (email / password documented in the README). The password hash
 * is a fixed argon2id PHC string of that password (the seed does not hash at run time). Dates are
 * relative to the day of seeding (America/New_York calendar). Idempotent: rows that exist are kept.
 *
 * Issue 13 (ADR 0033 amendment): a past, delivered order of a Solo brewer on usb2c and on cab2c
 * ({@link DEMO_CUSTOMER}.`soloOrderCodes`, placed 30 days before seeding, shipped in one
 * consignment), so the demo customer's beverage recommendations show "Fits your Solo" /
 * « Compatible avec votre Solo » when signed in. Its amounts
 * are the seeded site price of the Solo's default variant with free standard shipping and no tax
 * lines (demo data, not a checkout); it earns no Perks points and takes no stock.
 */
import type { Kysely } from 'kysely';
import { addLocalDays, localDateOf, localDateParts, makeLocalDate } from '@store/domain';
import type { Database } from '../schema.ts';

/** The demo customer's sign-in (README "Try auto-delivery on the demo store"). */
export const DEMO_CUSTOMER = {
  id: 'cu_demo_autodelivery',
  email: 'demo@brewhaus.example',
  password: 'Brew2026demo',
  /** argon2id of `password` */
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$N86DTP09KZ2KoJDbgEzRBg$bYN7Anjqy1ThUuFd70qM9s0o92ceLckkfw00NOIg5Wk',
  subscriptions: { usb2c: 'sub_demo_usb2c', cab2c: 'sub_demo_cab2c' },
  /** issue 13: the past order of a Solo brewer per site (valid order codes) */
  soloOrderCodes: { usb2c: 'KC-DEM00-S0100', cab2c: 'CA-DEM00-S0100' },
  /** the Solo's default variant in that order */
  soloVariantCode: 'BH-SOLO-BLK',
} as const;

const US_ADDRESS = { firstName: 'Dana', lastName: 'Demo', line1: '1 Main Street', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US', phone: '518-555-0100' };
const CA_ADDRESS = { firstName: 'Dana', lastName: 'Demo', line1: '100 rue Sainte-Catherine', city: 'Montréal', region: 'QC', postalCode: 'H2X 1Y4', country: 'CA' };

/** Seeds the demo auto-delivery customer (see module comment). Call after the catalogue import. */
export async function seedDemoCustomer(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const iso = now.toISOString();
  const today = localDateOf(now, 'America/New_York');
  const c = DEMO_CUSTOMER;
  await db
    .insertInto('customers')
    .values({ id: c.id, email: c.email, password_hash: c.passwordHash, first_name: 'Dana', last_name: 'Demo', perks_opt_in: 0, is_employee: 0, roles: '', price_group: null, user_group: null, created_at: iso, updated_at: iso })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const book = (id: string, a: typeof US_ADDRESS | typeof CA_ADDRESS, isDefault: number) => ({
    id,
    customer_id: c.id,
    first_name: a.firstName,
    last_name: a.lastName,
    line1: a.line1,
    line2: null,
    city: a.city,
    region: a.region,
    postal_code: a.postalCode,
    country: a.country,
    phone: 'phone' in a ? a.phone : null,
    is_default: isDefault,
    created_at: iso,
    updated_at: iso,
  });
  await db.insertInto('addresses').values([book('ad_demo_us', US_ADDRESS, 1), book('ad_demo_ca', CA_ADDRESS, 0)]).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('payment_customers').values({ customer_id: c.id, provider: 'test', provider_customer_id: 'cus_test_demo_autodelivery' }).onConflict((oc) => oc.doNothing()).execute();
  await db
    .insertInto('saved_payment_methods')
    .values({ id: 'spm_demo_visa', customer_id: c.id, provider: 'test', provider_payment_method_id: 'pm_test_demo_visa_4242', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, is_default: 1, created_at: iso })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const { year, month, day } = localDateParts(today);
  const next15 = day < 15 ? makeLocalDate(year, month, 15) : makeLocalDate(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 15);
  const base = {
    customer_id: c.id,
    status: 'active',
    saved_payment_method_id: 'spm_demo_visa',
    created_at: iso,
    updated_at: iso,
  };
  await db
    .insertInto('subscriptions')
    .values([
      {
        ...base,
        id: c.subscriptions.usb2c,
        base_site: 'usb2c',
        currency: 'USD',
        lang: 'en',
        program: 'AUTO_DELIVERY',
        entry_type: 'ADC',
        frequency_weeks: 4,
        next_ship_date: addLocalDays(today, 5),
        shipping_address_json: JSON.stringify(US_ADDRESS),
        address_id: 'ad_demo_us',
      },
      {
        ...base,
        id: c.subscriptions.cab2c,
        base_site: 'cab2c',
        currency: 'CAD',
        lang: 'fr',
        program: 'SCHEDULED',
        entry_type: 'ADF',
        frequency_weeks: null,
        day_of_month: 15,
        next_ship_date: next15,
        shipping_address_json: JSON.stringify(CA_ADDRESS),
        address_id: 'ad_demo_ca',
      },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('subscription_items')
    .values([
      { id: 'si_demo_us_1', subscription_id: c.subscriptions.usb2c, variant_code: 'BH-SIGNATURE-DARK-24', qty: 2, backup_variant_code: 'BH-BOLD-SUMMIT-24', sort_order: 0, created_at: iso },
      { id: 'si_demo_us_2', subscription_id: c.subscriptions.usb2c, variant_code: 'BH-CAFE-AU-LAIT-24', qty: 1, backup_variant_code: null, sort_order: 1, created_at: iso },
      { id: 'si_demo_ca_1', subscription_id: c.subscriptions.cab2c, variant_code: 'BH-BOLD-SUMMIT-48', qty: 1, backup_variant_code: 'BH-CAMPFIRE-DARK-24', sort_order: 0, created_at: iso },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await seedDemoSoloOrder(db, now, 'usb2c');
  await seedDemoSoloOrder(db, now, 'cab2c');
}

/** The past Solo order of the demo customer on `site` (see module comment); nothing when the site does not sell the Solo. */
async function seedDemoSoloOrder(db: Kysely<Database>, now: Date, site: 'usb2c' | 'cab2c'): Promise<void> {
  const c = DEMO_CUSTOMER;
  const code = c.soloOrderCodes[site];
  const fr = site === 'cab2c';
  const address = fr ? CA_ADDRESS : US_ADDRESS;
  const solo = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.code', 'v.base_product_code')
    .innerJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', site))
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', site))
    .select(['v.code', 'p.code as product_code', 'p.name_en', 'p.name_fr', 'pr.price_minor', 'pr.currency'])
    .where('v.code', '=', c.soloVariantCode)
    .executeTakeFirst();
  if (!solo) return;
  const placedAt = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const shippedAt = new Date(now.getTime() - 28 * 86_400_000).toISOString();
  const price = solo.price_minor;
  const inserted = await db
    .insertInto('orders')
    .values({
      code,
      base_site: site,
      cart_guid: `demo-solo-order-${site}`,
      user_id: c.id,
      email: c.email,
      status: 'delivered',
      currency: solo.currency,
      lang: fr ? 'fr' : 'en',
      subtotal_minor: price,
      discount_minor: 0,
      shipping_minor: 0,
      tax_minor: 0,
      total_minor: price,
      tax_lines_json: '[]',
      shipping_address_json: JSON.stringify(address),
      billing_address_json: JSON.stringify(address),
      delivery_mode: 'standard',
      payment_intent_id: '',
      payment_provider: 'test',
      payment_summary: JSON.stringify({ brand: 'visa', last4: '4242' }),
      created_at: placedAt,
      gift_card_minor: 0,
      kind: 'checkout',
      subscription_id: null,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  if (!(inserted.numInsertedOrUpdatedRows !== undefined && inserted.numInsertedOrUpdatedRows > 0n)) return;
  await db
    .insertInto('order_entries')
    .values({
      order_code: code,
      entry_number: 0,
      variant_code: solo.code,
      product_code: solo.product_code,
      name: fr ? solo.name_fr : solo.name_en,
      entry_type: 'STD',
      qty: 1,
      unit_price_minor: price,
      total_minor: price,
      frequency_weeks: null,
      subscription_id: null,
      shipped_qty: 1,
    })
    .execute();
  const consignment = `${code}-1`;
  await db
    .insertInto('consignments')
    .values({ code: consignment, order_code: code, base_site: site, seq: 1, tracking_number: '1Z999AA10123456784', carrier: 'UPS', shipped_at: shippedAt })
    .execute();
  await db.insertInto('consignment_entries').values({ consignment_code: consignment, order_code: code, entry_number: 0, qty: 1 }).execute();
}
