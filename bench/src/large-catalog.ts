/**
 * A generated large catalogue and order history for the growth measures (issue 5, measure 5):
 * `buildLargeCatalog` makes a catalogue file (docs/catalog-format.md, `CatalogFileInput`) of N
 * beverage products, imported through the real importer; `insertBulkOrders` writes M placed orders
 * straight into `orders` / `order_entries` with chunked multi-row inserts (the order history a
 * live store accumulates, which no page should have to scan).
 *
 * Everything is deterministic (seeded PRNG) and uses codes prefixed `BENCH-` so it never collides
 * with the demo catalogue. The products also go into existing categories chosen by the caller
 * (the demo category the category page measures), so the same page is measured on more data.
 */
import type { Kysely } from 'kysely';
import type { BaseSiteUid, CatalogFileInput } from '@store/contracts';
import type { Database } from '@store/db';

/** A small deterministic PRNG (mulberry32); returns floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BRANDS = ['Ridgeline', 'Harbor Mill', 'Copper Kettle', 'North Quay', 'Saltbox', 'Lantern Hill', 'Bramble', 'Ironwood', 'Tidewater', 'Foxglove', 'Summit Row', 'Old Orchard'];
const ADJECTIVES = ['Bold', 'Bright', 'Smooth', 'Velvet', 'Morning', 'Evening', 'Harvest', 'Golden', 'Midnight', 'Highland', 'Coastal', 'Rustic'];
const ADJECTIVES_FR = ['Intense', 'Vif', 'Doux', 'Velours', 'Matin', 'Soir', 'Récolte', 'Doré', 'Minuit', 'Montagne', 'Côtier', 'Rustique'];
const NOUNS: Record<'coffee' | 'tea' | 'cocoa' | 'iced', [string, string]> = {
  coffee: ['Roast', 'Torréfaction'],
  tea: ['Tea', 'Thé'],
  cocoa: ['Cocoa', 'Cacao'],
  iced: ['Cold Brew', 'Infusion froide'],
};
const BEVERAGES = ['coffee', 'tea', 'cocoa', 'iced'] as const;
const ROASTS = ['light', 'medium', 'dark', 'extra-dark'] as const;
const ORIGINS: Array<[string, string]> = [
  ['Colombia', 'Colombie'],
  ['Brazil', 'Brésil'],
  ['Ethiopia', 'Éthiopie'],
  ['Guatemala', 'Guatemala'],
  ['Sumatra', 'Sumatra'],
  ['Kenya', 'Kenya'],
];
const SITES: BaseSiteUid[] = ['usb2c', 'cab2c', 'usafh'];
/** the generated sub-categories (of `BENCH-ALL`) the products are spread over */
export const LARGE_SUBCATEGORY_COUNT = 12;
/** the parent of the generated sub-categories */
export const LARGE_ROOT_CATEGORY = 'BENCH-ALL';

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * Builds a catalogue of `productCount` beverage products (two pod-count variants each, prices on
 * the three base sites, three classification features). Each product is in every category of
 * `hostCategories` (codes that must already exist in the database) and in one of
 * `BENCH-C01`..`BENCH-C12` (children of `BENCH-ALL`, defined by the file).
 */
export function buildLargeCatalog(productCount: number, hostCategories: string[] = [], seed = 20261122): CatalogFileInput {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const categories: CatalogFileInput['categories'] = [
    { code: LARGE_ROOT_CATEGORY, parentCode: null, name: { en: 'Bench beverages', fr: 'Boissons banc' }, slug: { en: 'bench-beverages', fr: 'boissons-banc' }, sortOrder: 900 },
  ];
  for (let c = 1; c <= LARGE_SUBCATEGORY_COUNT; c += 1) {
    categories.push({
      code: `BENCH-C${pad(c, 2)}`,
      parentCode: LARGE_ROOT_CATEGORY,
      name: { en: `Bench collection ${c}`, fr: `Collection banc ${c}` },
      slug: { en: `bench-collection-${c}`, fr: `collection-banc-${c}` },
      sortOrder: c,
    });
  }
  const width = Math.max(5, String(productCount).length);
  const products: CatalogFileInput['products'] = [];
  for (let i = 1; i <= productCount; i += 1) {
    const n = pad(i, width);
    const beverage = BEVERAGES[i % BEVERAGES.length] ?? 'coffee';
    const adjectiveIndex = Math.floor(random() * ADJECTIVES.length);
    const [nounEn, nounFr] = NOUNS[beverage];
    const brand = pick(BRANDS);
    const roast = beverage === 'coffee' ? pick(ROASTS) : null;
    const origin = pick(ORIGINS);
    const intensity = 1 + Math.floor(random() * 12);
    const priceMinor = 1099 + Math.floor(random() * 40) * 50;
    const discounted = random() < 0.2;
    const nameEn = `${ADJECTIVES[adjectiveIndex]} ${nounEn} ${n}`;
    const nameFr = `${nounFr} ${ADJECTIVES_FR[adjectiveIndex]} ${n}`;
    const code = `BENCH-${n}`;
    const counts = [24, 48] as const;
    products.push({
      code,
      productType: 'Coffee',
      beverageType: beverage,
      brand,
      brandCode: brand.toUpperCase().replace(/[^A-Z]+/g, '-'),
      series: null,
      packType: null,
      roast,
      sellGroupName: null,
      name: { en: nameEn, fr: nameFr },
      summary: { en: `${nameEn}: a generated benchmark product from ${origin[0]}.`, fr: `${nameFr} : un produit de banc d'essai généré, origine ${origin[1]}.` },
      description: {
        en: `${nameEn} is generated for load tests. Intensity ${intensity} of 12, ${roast ?? 'no'} roast, beans from ${origin[0]}.`,
        fr: `${nameFr} est généré pour les essais de charge. Intensité ${intensity} sur 12, origine ${origin[1]}.`,
      },
      slug: { en: `${nameEn.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, fr: `banc-${n}` },
      categories: [...hostCategories, `BENCH-C${pad(1 + (i % LARGE_SUBCATEGORY_COUNT), 2)}`],
      sites: SITES,
      imageColor: `#${Math.floor(random() * 0xffffff).toString(16).padStart(6, '0')}`,
      sortOrder: i,
      variants: counts.map((count, v) => ({
        code: `${code}-${count}CT`,
        variantUrlSuffix: `${count}ct`,
        count,
        isDefault: v === 0,
        stock: 100000,
        prices: SITES.map((baseSite) => {
          const price = Math.round((priceMinor * count) / 24) + (baseSite === 'cab2c' ? 200 : 0);
          return {
            baseSite,
            price,
            discountPrice: discounted ? price - 100 : null,
            isDiscountPrice: discounted,
          };
        }),
      })),
      features: [
        { classCode: 'bench-taste', className: { en: 'Taste', fr: 'Goût' }, code: 'bench-intensity', name: { en: 'Intensity', fr: 'Intensité' }, value: { en: String(intensity), fr: String(intensity) } },
        { classCode: 'bench-taste', className: { en: 'Taste', fr: 'Goût' }, code: 'bench-origin', name: { en: 'Origin', fr: 'Origine' }, value: { en: origin[0], fr: origin[1] } },
        { classCode: 'bench-taste', className: { en: 'Taste', fr: 'Goût' }, code: 'bench-beverage', name: { en: 'Beverage', fr: 'Boisson' }, value: { en: nounEn, fr: nounFr } },
      ],
    });
  }
  return { version: 1, categories, products };
}

/** A sellable variant used to fill order lines. Money in minor units. */
export interface OrderVariant {
  variantCode: string;
  productCode: string;
  name: string;
  unitPriceMinor: number;
}

/** Options of `insertBulkOrders`. */
export interface BulkOrderOptions {
  /** number of orders to write */
  count: number;
  /** variants the lines are drawn from (at least one) */
  variants: OrderVariant[];
  /** rows per multi-row INSERT for orders (entries use 2.5x as many) */
  chunkSize?: number;
  onProgress?: (done: number, total: number) => void;
  seed?: number;
}

const STATUSES = ['created', 'processing', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled'];
const STATES = ['NY', 'CA', 'TX', 'WA', 'FL', 'IL'];

/**
 * Writes `count` placed orders (1 to 3 lines each, usb2c, USD, dates over the last year) into
 * `orders` and `order_entries` with chunked multi-row inserts, one transaction per chunk. Order
 * codes are `BENCH-O<n>`; cart guids `bench-cart-<n>`. Returns the number of order lines written.
 */
export async function insertBulkOrders(db: Kysely<Database>, options: BulkOrderOptions): Promise<number> {
  const random = createRandom(options.seed ?? 7);
  const chunkSize = options.chunkSize ?? 400;
  const yearMs = 365 * 24 * 3600 * 1000;
  const now = Date.now();
  let lines = 0;
  if (options.variants.length === 0) throw new Error('insertBulkOrders needs at least one variant');
  for (let start = 0; start < options.count; start += chunkSize) {
    const end = Math.min(options.count, start + chunkSize);
    const orders: Array<Database['orders']> = [];
    const entries: Array<Database['order_entries']> = [];
    for (let i = start; i < end; i += 1) {
      const code = `BENCH-O${pad(i + 1, 7)}`;
      const lineCount = 1 + Math.floor(random() * 3);
      let subtotal = 0;
      for (let e = 0; e < lineCount; e += 1) {
        const variant = options.variants[Math.floor(random() * options.variants.length)] as OrderVariant;
        const qty = 1 + Math.floor(random() * 3);
        const total = variant.unitPriceMinor * qty;
        subtotal += total;
        entries.push({
          order_code: code,
          entry_number: e,
          variant_code: variant.variantCode,
          product_code: variant.productCode,
          name: variant.name,
          entry_type: 'STD',
          qty,
          unit_price_minor: variant.unitPriceMinor,
          total_minor: total,
          frequency_weeks: null,
          subscription_id: null,
        });
      }
      lines += lineCount;
      const state = STATES[i % STATES.length] ?? 'NY';
      const tax = Math.round((subtotal * 800) / 10000);
      const shipping = subtotal >= 2900 ? 0 : 599;
      const address = JSON.stringify({ firstName: 'Bench', lastName: `Shopper ${i}`, line1: `${i} Main Street`, city: 'Springfield', region: state, postalCode: '10001', country: 'US' });
      orders.push({
        code,
        base_site: 'usb2c',
        cart_guid: `bench-cart-${i + 1}`,
        user_id: null,
        email: `shopper${i + 1}@bench.example`,
        status: STATUSES[i % STATUSES.length] ?? 'delivered',
        currency: 'USD',
        lang: 'en',
        subtotal_minor: subtotal,
        discount_minor: 0,
        shipping_minor: shipping,
        tax_minor: tax,
        total_minor: subtotal + shipping + tax,
        tax_lines_json: JSON.stringify([{ code: `US-${state}`, name: `${state} sales tax`, rateBps: 800, amountMinor: tax }]),
        shipping_address_json: address,
        billing_address_json: address,
        delivery_mode: 'standard',
        payment_intent_id: `bench-pi-${i + 1}`,
        payment_provider: 'test',
        payment_summary: JSON.stringify({ provider: 'test', brand: 'visa', last4: '4242' }),
        created_at: new Date(now - Math.floor(random() * yearMs)).toISOString(),
        gift_card_minor: 0,
        kind: 'checkout',
        subscription_id: null,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('orders').values(orders).execute();
      const entryChunk = Math.floor(chunkSize * 2.5);
      for (let e = 0; e < entries.length; e += entryChunk) {
        await trx.insertInto('order_entries').values(entries.slice(e, e + entryChunk)).execute();
      }
    });
    options.onProgress?.(end, options.count);
  }
  return lines;
}
