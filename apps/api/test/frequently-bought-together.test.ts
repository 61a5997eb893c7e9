/**
 * Frequently bought together, bundle add and out-of-stock alternatives (issue 13; ADR 0032), on
 * SQLite and PostgreSQL, over the test transport (`API_TRANSPORT=direct` too):
 * - the FULL product answer's `frequentlyBoughtTogether` (seeded fallback, in stock only, cap 3),
 *   and the refresh from real orders (orders first, gift cards never, counts per order);
 * - frequentlyBoughtTogetherAddToCart: all lines in one call; empty list, too many, duplicate 400;
 *   unknown 404 and sold out 409 naming `productCodes[i]` with NOTHING added;
 * - bundleAddToCart: the bundle line and its components; not a bundle / unknown 404; a sold-out
 *   component 409 naming `components[i]` with nothing added;
 * - concurrency: two adds racing for the last unit into one cart → exactly one succeeds and the
 *   loser added nothing (FBT and bundle);
 * - getProductOOSRecommendation: in-stock alternatives of the same kind, caps 4 and 5; 400 / 404;
 * - the product FULL answer reads the list in ONE statement, whatever its length (no read per partner).
 */
import { catalogChangesOf } from '../src/catalog-changes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFbtClient, isApiError, type CommerceCalls, type FbtCalls } from '@store/contracts';
import { createQueryCounter, getAvailable, setAvailable } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { refreshAssociations } from '../src/flows/frequently-bought-together.ts';
import { ADDRESSES, commerce, newKey, prepareCheckout } from './support/commerce.ts';

const VISA = { testCardNumber: '4242424242424242' };
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

async function apiError(promise: Promise<unknown>): Promise<{ status: number; reason: string | undefined; subject: string | undefined }> {
  try {
    await promise;
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, reason: error.reason, subject: error.errors[0]?.subject ?? undefined };
  }
  throw new Error('expected an API error');
}

describe.each(dbKinds())('recommendations on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  let rec: FbtCalls;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
    rec = createFbtClient(t.client);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function withStock<T>(variant: string, available: number, fn: () => Promise<T>): Promise<T> {
    const before = await getAvailable(t.dbh.db, variant);
    // a stock edit tells the catalogue change bus after its write (ADR 0037), as the store's own writers do
    const edit = async (n: number) => {
      await setAvailable(t.dbh.db, variant, n);
      catalogChangesOf(t.dbh).emit({ kind: 'products', codes: [variant], fbt: true });
    };
    await edit(available);
    try {
      return await fn();
    } finally {
      await edit(before);
    }
  }
  const fbtOf = async (code: string, site: 'usb2c' | 'cab2c' = 'usb2c') => (await t.client.getProduct(site, code)).variantOptions[0]?.frequentlyBoughtTogether;
  const linesOf = async (guid: string) => (await api.getCart('usb2c', guid)).entries.map((e) => `${e.product.code}x${e.quantity}`).sort();

  describe('frequently bought together on the product answer', () => {
    it('falls back to the seeded list: in stock only, never the product, at most 3', async () => {
      expect(await fbtOf('BH-SOLO')).toEqual(['ACC-DESCALE', 'BH-SIGNATURE-DARK', 'ACC-MUG']);
      // every variant carries the list
      const solo = await t.client.getProduct('usb2c', 'BH-SOLO');
      for (const v of solo.variantOptions) expect(v.frequentlyBoughtTogether).toEqual(['ACC-DESCALE', 'BH-SIGNATURE-DARK', 'ACC-MUG']);
      // a sold-out partner (its default variant) gives its place to the next one
      const descalerDefault = (await t.client.getProduct('usb2c', 'ACC-DESCALE')).defaultVariantCode;
      await withStock(descalerDefault, 0, async () => {
        expect(await fbtOf('BH-SOLO')).toEqual(['BH-SIGNATURE-DARK', 'ACC-MUG', 'BH-CAFE-AU-LAIT']);
      });
      // a product without associations answers an empty list
      expect(await fbtOf('TW-MATCHA-LATTE')).toEqual([]);
    });

    it('ranks partners bought together in real orders first (a pair once per order, gift cards never)', async () => {
      for (let i = 0; i < 2; i++) {
        const p = await prepareCheckout(api, {
          products: [
            { code: 'BH-MINI-BLK', qty: 1 },
            { code: 'ACC-FROTHER-CPR', qty: 3 },
            { code: 'GC-PHYSICAL-25', qty: 1 },
          ],
        });
        await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      }
      const ctx = { dbh: t.dbh, log: quiet, now: () => new Date() };
      const [first] = await refreshAssociations(ctx, { sites: ['usb2c'] });
      expect(first?.orders).toBeGreaterThanOrEqual(2);
      const rows = await t.dbh.db.selectFrom('product_associations').selectAll().where('base_site', '=', 'usb2c').where('source', '=', 'orders').where('product_code', '=', 'BH-MINI').execute();
      expect(rows.find((r) => r.partner_code === 'ACC-FROTHER')?.score).toBe(2);
      expect(rows.some((r) => r.partner_code.startsWith('GC-'))).toBe(false);
      // orders first, then the seeded fallback (descaler, coffee; the mug makes three)
      expect(await fbtOf('BH-MINI')).toEqual(['ACC-FROTHER', 'ACC-DESCALE', 'BH-SIGNATURE-DARK']);
      // a second refresh replaces the site's order rows (same result, no duplicates)
      await refreshAssociations(ctx, { sites: ['usb2c'] });
      const again = await t.dbh.db.selectFrom('product_associations').selectAll().where('base_site', '=', 'usb2c').where('source', '=', 'orders').where('product_code', '=', 'BH-MINI').execute();
      expect(again.length).toBe(rows.length);
      // refreshes running at once (several processes) are serialised: all succeed, the rows stay whole
      await Promise.all([0, 1, 2].map(() => refreshAssociations(ctx, { sites: ['usb2c'] })));
      const seedRows = await t.dbh.db.selectFrom('product_associations').select('partner_code').where('base_site', '=', 'usb2c').where('source', '=', 'seed').where('product_code', '=', 'BH-SOLO').execute();
      expect(seedRows.map((r) => r.partner_code).sort()).toEqual(['ACC-DESCALE', 'ACC-MUG', 'BH-CAFE-AU-LAIT', 'BH-SIGNATURE-DARK']);
      // another site's orders are another site's
      expect(await fbtOf('BH-MINI', 'cab2c')).toEqual(['ACC-DESCALE', 'BH-SIGNATURE-DARK', 'ACC-MUG']);
    });
  });

  describe('frequentlyBoughtTogetherAddToCart', () => {
    it('adds one unit of each product in one call', async () => {
      const r = await rec.frequentlyBoughtTogetherAddToCart('usb2c', { productCodes: ['BH-SOLO', 'ACC-DESCALE', 'BH-SIGNATURE-DARK-48'] });
      expect(r.cartQuantity).toBe(3);
      expect(r.added).toHaveLength(3);
      expect(r.ResponseMessage).toBe('3 items were added to your cart.');
      expect(await linesOf(r.cartGuid)).toEqual([`${r.added[0]}x1`, `${r.added[1]}x1`, 'BH-SIGNATURE-DARK-48x1'].sort());
      // into the same cart again: the lines grow
      const again = await rec.frequentlyBoughtTogetherAddToCart('usb2c', { cartGuid: r.cartGuid, productCodes: ['BH-SIGNATURE-DARK-48'], lang: 'en' });
      expect(again.cartGuid).toBe(r.cartGuid);
      expect(again.cartQuantity).toBe(4);
      const fr = await rec.frequentlyBoughtTogetherAddToCart('cab2c', { productCodes: ['BH-SOLO', 'ACC-MUG'], lang: 'fr' });
      expect(fr.ResponseMessage).toBe('2 articles ont été ajoutés à votre panier.');
    });

    it('refuses an empty list, too many codes and a repeated code (400 naming the field)', async () => {
      expect(await apiError(rec.frequentlyBoughtTogetherAddToCart('usb2c', { productCodes: [] }))).toMatchObject({ status: 400, subject: 'productCodes' });
      const seven = ['BH-SOLO', 'ACC-MUG', 'ACC-DESCALE', 'BH-MINI', 'ACC-TUMBLER', 'ACC-FROTHER', 'BH-CLASSIC'];
      expect(await apiError(rec.frequentlyBoughtTogetherAddToCart('usb2c', { productCodes: seven }))).toMatchObject({ status: 400, subject: 'productCodes' });
      expect(await apiError(rec.frequentlyBoughtTogetherAddToCart('usb2c', { productCodes: ['ACC-MUG', 'ACC-MUG'] }))).toMatchObject({ status: 400, reason: 'duplicate', subject: 'productCodes[1]' });
      const raw = await t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/users/anonymous/frequentlyBoughtTogetherAddToCart', headers: { authorization: `Bearer ${t.token}` }, payload: {} });
      expect(raw.statusCode).toBe(400);
    });

    it('unknown code 404 and sold-out line 409 name productCodes[i]; nothing is added', async () => {
      const start = await api.addToCart('usb2c', { productCode: 'ACC-MUG-BLK', qty: 1 });
      const before = await linesOf(start.cartGuid);
      expect(await apiError(rec.frequentlyBoughtTogetherAddToCart('usb2c', { cartGuid: start.cartGuid, productCodes: ['BH-SOLO', 'NO-SUCH-THING'] }))).toMatchObject({
        status: 404,
        subject: 'productCodes[1]',
      });
      expect(await apiError(rec.frequentlyBoughtTogetherAddToCart('usb2c', { cartGuid: start.cartGuid, productCodes: ['BH-SOLO', 'ACC-MUG-BLK', 'LASTUNIT-48'] }))).toMatchObject({
        status: 409,
        reason: 'outOfStock',
        subject: 'productCodes[2]',
      });
      expect(await linesOf(start.cartGuid)).toEqual(before);
    });
  });

  describe('bundleAddToCart', () => {
    it('adds the bundle line at the bundle price and lists its components', async () => {
      const r = await rec.bundleAddToCart('usb2c', { bundleCode: 'BUNDLE-BREWER-STARTER' });
      expect(r.bundleCode).toBe('BUNDLE-BREWER-STARTER');
      expect(r.name).toBe('Brewer Starter Kit');
      expect(r.components.map((c) => `${c.productCode}x${c.qty}`)).toEqual(['BH-SOLO-BLKx1', 'BH-SIGNATURE-DARK-24x2', 'TW-WILD-BERRY-22x1', 'ACC-MUG-WHTx1']);
      expect(r.cartQuantity).toBe(1);
      const cart = await api.getCart('usb2c', r.cartGuid);
      const bundle = await t.client.getProduct('usb2c', 'BUNDLE-BREWER-STARTER');
      expect(cart.entries.map((e) => e.product.code)).toEqual(['BUNDLE-BREWER-STARTER']);
      expect(cart.entries[0]?.basePrice.value).toBe(bundle.variantOptions[0]?.priceData.value);
      const fr = await rec.bundleAddToCart('cab2c', { bundleCode: 'BUNDLE-BREWER-STARTER', lang: 'fr', qty: 2 });
      expect(fr.cartQuantity).toBe(2);
      expect(fr.SuccessMessage).toContain('a été ajouté à votre panier');
    });

    it('unknown code and a product that is not a bundle answer 404; nothing is added', async () => {
      expect(await apiError(rec.bundleAddToCart('usb2c', { bundleCode: 'NO-SUCH-BUNDLE' }))).toMatchObject({ status: 404, subject: 'bundleCode' });
      expect(await apiError(rec.bundleAddToCart('usb2c', { bundleCode: 'BH-SOLO' }))).toMatchObject({ status: 404, reason: 'notABundle', subject: 'bundleCode' });
      expect(await apiError(rec.bundleAddToCart('usb2c', { bundleCode: '' }))).toMatchObject({ status: 400, subject: 'bundleCode' });
    });

    it('a sold-out component answers 409 naming it; nothing is added', async () => {
      const start = await api.addToCart('usb2c', { productCode: 'ACC-MUG-BLK', qty: 1 });
      await withStock('ACC-MUG-WHT', 0, async () => {
        expect(await apiError(rec.bundleAddToCart('usb2c', { cartGuid: start.cartGuid, bundleCode: 'BUNDLE-BREWER-STARTER' }))).toMatchObject({
          status: 409,
          reason: 'outOfStock',
          subject: 'components[3]',
        });
      });
      // two coffees a bundle: 3 in stock cover one bundle, not two
      await withStock('BH-SIGNATURE-DARK-24', 3, async () => {
        expect(await apiError(rec.bundleAddToCart('usb2c', { cartGuid: start.cartGuid, bundleCode: 'BUNDLE-BREWER-STARTER', qty: 2 }))).toMatchObject({
          status: 409,
          reason: 'insufficientStock',
          subject: 'components[1]',
        });
      });
      expect(await linesOf(start.cartGuid)).toEqual(['ACC-MUG-BLKx1']);
    });
  });

  describe('concurrency: racing for the last unit', () => {
    it('two frequently-bought-together adds into one cart: exactly one succeeds, the other adds nothing', async () => {
      await withStock('LASTUNIT-24', 1, async () => {
        const start = await api.addToCart('usb2c', { productCode: 'ACC-TUMBLER-BLK', qty: 1 });
        const results = await Promise.allSettled([
          rec.frequentlyBoughtTogetherAddToCart('usb2c', { cartGuid: start.cartGuid, productCodes: ['ACC-POD-DRAWER-BLK', 'LASTUNIT-24'] }),
          rec.frequentlyBoughtTogetherAddToCart('usb2c', { cartGuid: start.cartGuid, productCodes: ['ACC-POD-DRAWER-BLK', 'LASTUNIT-24'] }),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const failed = results.find((r) => r.status === 'rejected');
        expect(failed && isApiError(failed.reason) ? { status: failed.reason.status, subject: failed.reason.errors[0]?.subject } : null).toEqual({ status: 409, subject: 'productCodes[1]' });
        expect(await linesOf(start.cartGuid)).toEqual(['ACC-POD-DRAWER-BLKx1', 'ACC-TUMBLER-BLKx1', 'LASTUNIT-24x1']);
      });
    });

    it('two bundle adds into one cart for the last unit of a component: exactly one succeeds', async () => {
      await withStock('TW-JASMINE-GREEN-24', 1, async () => {
        const start = await api.addToCart('usb2c', { productCode: 'ACC-TUMBLER-BLK', qty: 1 });
        const results = await Promise.allSettled([
          rec.bundleAddToCart('usb2c', { cartGuid: start.cartGuid, bundleCode: 'BUNDLE-TEA-SAMPLER' }),
          rec.bundleAddToCart('usb2c', { cartGuid: start.cartGuid, bundleCode: 'BUNDLE-TEA-SAMPLER' }),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const failed = results.find((r) => r.status === 'rejected');
        expect(failed && isApiError(failed.reason) ? { status: failed.reason.status, subject: failed.reason.errors[0]?.subject } : null).toEqual({ status: 409, subject: 'components[2]' });
        expect(await linesOf(start.cartGuid)).toEqual(['ACC-TUMBLER-BLKx1', 'BUNDLE-TEA-SAMPLERx1']);
      });
    });

    it('two shoppers who each added the last unit: exactly one order is placed (stock is taken at placement)', async () => {
      await withStock('LASTUNIT-24', 1, async () => {
        const carts = await Promise.all([0, 1].map(() => prepareCheckout(api, { products: [{ code: 'LASTUNIT-24', qty: 1 }] })));
        const results = await Promise.allSettled(carts.map((p) => api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA })));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await getAvailable(t.dbh.db, 'LASTUNIT-24')).toBe(0);
      });
    });
  });

  it('two shoppers who each added the last bundle with bundleAddToCart: exactly one order is placed', async () => {
    await withStock('BUNDLE-TEA-SAMPLER', 1, async () => {
      const carts = await Promise.all(
        [0, 1].map(async (i) => {
          const { cartGuid } = await rec.bundleAddToCart('usb2c', { bundleCode: 'BUNDLE-TEA-SAMPLER' });
          await api.setEmail('usb2c', cartGuid, `bundle-racer-${i}-${Date.now()}@example.com`);
          await api.setDeliveryAddress('usb2c', cartGuid, ADDRESSES.NY);
          await api.setDeliveryMode('usb2c', cartGuid, 'standard');
          await api.setBillingAddress('usb2c', cartGuid, { sameAsShipping: true });
          return { cartGuid, paymentIntentId: (await api.createPaymentIntent('usb2c', cartGuid)).paymentIntentId };
        }),
      );
      const results = await Promise.allSettled(carts.map((c) => api.placeOrder('usb2c', c.cartGuid, { idempotencyKey: newKey(), paymentIntentId: c.paymentIntentId, paymentMethod: VISA })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await getAvailable(t.dbh.db, 'BUNDLE-TEA-SAMPLER')).toBe(0);
    });
  });

  describe('getProductOOSRecommendation', () => {
    it('a sold-out beverage: up to 4 in-stock coffees, same roast first', async () => {
      const r = await rec.getProductOOSRecommendation('usb2c', 'LASTUNIT-48');
      expect(r.soldOut).toBe(true);
      expect(r.baseProduct).toBe('LASTUNIT');
      expect(r.products.length).toBeGreaterThan(0);
      expect(r.products.length).toBeLessThanOrEqual(4);
      for (const p of r.products) {
        expect(p.code).not.toBe('LASTUNIT');
        expect(p.productType).toBe('Coffee');
      }
      expect(r.products[0]?.roast).toBe('light');
      // an in-stock variant is not sold out; the alternatives are answered anyway
      expect((await rec.getProductOOSRecommendation('usb2c', 'BH-SIGNATURE-DARK')).soldOut).toBe(false);
      const fr = await rec.getProductOOSRecommendation('cab2c', 'LASTUNIT-48', { lang: 'fr' });
      expect(fr.products[0]?.url.startsWith('/fr/')).toBe(true);
    });

    it('a brewer: up to 5 brewers of the same class; sold-out alternatives are never offered', async () => {
      const r = await rec.getProductOOSRecommendation('usb2c', 'BH-SOLO');
      expect(r.products).toHaveLength(5);
      for (const p of r.products) expect(p.productType).toBe('Brewer');
      const firstCode = r.products[0]?.code ?? '';
      const variants = (await t.client.getProduct('usb2c', firstCode)).variantOptions.map((v) => v.code);
      const before = await Promise.all(variants.map((v) => getAvailable(t.dbh.db, v)));
      try {
        for (const v of variants) await setAvailable(t.dbh.db, v, 0);
        expect((await rec.getProductOOSRecommendation('usb2c', 'BH-SOLO')).products.map((p) => p.code)).not.toContain(firstCode);
      } finally {
        for (const [i, v] of variants.entries()) await setAvailable(t.dbh.db, v, before[i] ?? 0);
      }
    });

    it('missing or bad code 400, unknown code 404', async () => {
      const get = (q: string) => t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/getProductOOSRecommendation${q}` });
      const missing = await get('');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].subject).toBe('productCode');
      expect((await get('?productCode=')).statusCode).toBe(400);
      expect((await get(`?productCode=${'x'.repeat(3000)}`)).statusCode).toBe(400);
      expect((await get('?productCode=%00abc')).statusCode).toBe(400);
      expect(await apiError(rec.getProductOOSRecommendation('usb2c', 'NO-SUCH-PRODUCT'))).toMatchObject({ status: 404, subject: 'productCode' });
    });
  });

  it('product FULL: the list costs one statement, the same for 3 partners and for none', async () => {
    const counter = createQueryCounter();
    const w = await buildTestApp(kind, { dbOptions: { plugins: [counter], readCacheTtlMs: 600_000 } });
    try {
      const count = async (code: string) => {
        await w.client.getProduct('usb2c', code); // warm the read cache
        counter.reset();
        const p = await w.client.getProduct('usb2c', code);
        return { n: counter.count, fbt: p.variantOptions[0]?.frequentlyBoughtTogether ?? [] };
      };
      const withThree = await count('BH-SOLO');
      const withNone = await count('TW-MATCHA-LATTE');
      expect(withThree.fbt).toHaveLength(3);
      expect(withNone.fbt).toHaveLength(0);
      expect(withThree.n).toBe(withNone.n);
      // and exactly one of them reads the associations: without the table's rows nothing changes
      await w.dbh.db.deleteFrom('product_associations').where('product_code', '=', 'BH-SOLO').execute();
      expect((await count('BH-SOLO')).n).toBe(withThree.n);
    } finally {
      await w.close();
    }
  });
});
