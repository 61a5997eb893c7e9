/** Monthly-box products (issue 10 "Subscriptions beyond AD"; spec §9 box counts 20, 22, 24). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonthlyProductsAnswerSchema } from '@store/contracts';
import { DEMO_CODES } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';

describe.each(dbKinds())('GET /autoDelivery/monthlyProducts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const monthly = async (site: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/rest/v2/${site}/autoDelivery/monthlyProducts?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return MonthlyProductsAnswerSchema.parse(res.json());
  };
  /** The pod counts of a product's variants priced on the site, from the database. */
  const countsOf = async (site: string, productCode: string) => {
    const rows = await t.dbh.db
      .selectFrom('variants as v')
      .innerJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', site))
      .select('v.count')
      .where('v.base_product_code', '=', productCode)
      .execute();
    return rows.map((r) => Number(r.count));
  };

  it('lists only AD-eligible pod products sold in a box of 20, 22 or 24, with the curated rotation', async () => {
    const all = await monthly('usb2c', 'pageSize=100');
    expect(all.boxCounts).toEqual([20, 22, 24]);
    expect(all.boxCount).toBeNull();
    expect(all.rotations).toEqual(['choose', 'curated']);
    expect(all.products.length).toBeGreaterThan(0);
    expect(all.products.length).toBe(Math.min(100, all.pagination.totalResults));
    for (const p of all.products) {
      const counts = await countsOf('usb2c', p.code);
      expect(counts.some((c) => [20, 22, 24].includes(c)), p.code).toBe(true);
      const row = await t.dbh.db.selectFrom('products').select(['ad_eligible', 'pack_type']).where('code', '=', p.code).executeTakeFirstOrThrow();
      expect(Number(row.ad_eligible)).toBe(1);
      expect(['Bagged', 'Canned']).not.toContain(row.pack_type);
    }
    expect(all.curatedRotation.length).toBeGreaterThanOrEqual(all.products.length);
    expect(all.curatedRotation.every((b) => [20, 22, 24].includes(b.count))).toBe(true);
    const rotationProducts = new Set(all.curatedRotation.map((b) => b.productCode));
    expect(rotationProducts.size).toBe(all.pagination.totalResults);
    for (const p of all.products) expect(rotationProducts.has(p.code)).toBe(true);
  });

  it('filters on one box count', async () => {
    const all = await monthly('usb2c', 'pageSize=100');
    const only22 = await monthly('usb2c', 'boxCount=22&pageSize=100');
    expect(only22.boxCount).toBe(22);
    expect(only22.products.length).toBeGreaterThan(0);
    expect(only22.pagination.totalResults).toBeLessThan(all.pagination.totalResults);
    expect(only22.curatedRotation.every((b) => b.count === 22)).toBe(true);
    for (const p of only22.products) expect(await countsOf('usb2c', p.code)).toContain(22);
  });

  it('leaves out a product that stops being AD-eligible', async () => {
    const before = await monthly('cab2c', 'boxCount=24&pageSize=100&lang=fr');
    const gone = before.products[0]!.code;
    await t.dbh.db.updateTable('products').set({ ad_eligible: 0 }).where('code', '=', gone).execute();
    try {
      const after = await monthly('cab2c', 'boxCount=24&pageSize=100&lang=fr');
      expect(after.products.map((p) => p.code)).not.toContain(gone);
      expect(after.pagination.totalResults).toBe(before.pagination.totalResults - 1);
      expect(after.curatedRotation.map((b) => b.productCode)).not.toContain(gone);
    } finally {
      await t.dbh.db.updateTable('products').set({ ad_eligible: 1 }).where('code', '=', gone).execute();
    }
  });

  it("follows the operator's rotation, dropping codes the site does not sell as a box", async () => {
    const all = await monthly('usafh', 'pageSize=100');
    expect(all.curatedRotation.length).toBeGreaterThan(1);
    const [first, second] = all.curatedRotation;
    await t.dbh.db
      .insertInto('site_config')
      .values({ base_site: 'usafh', key: 'monthlyBoxRotation', value: `NOT-A-BOX, ${second!.variantCode}, ${first!.variantCode}` })
      .onConflict((oc) => oc.columns(['base_site', 'key']).doUpdateSet({ value: `NOT-A-BOX, ${second!.variantCode}, ${first!.variantCode}` }))
      .execute();
    const configured = await monthly('usafh', 'pageSize=100');
    expect(configured.curatedRotation.map((b) => b.variantCode)).toEqual([second!.variantCode, first!.variantCode]);
  });

  it.each(['boxCount=23', 'boxCount=48', 'boxCount=abc', 'boxCount=20.5'])('refuses %s naming boxCount', async (query) => {
    const res = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/autoDelivery/monthlyProducts?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ subject: 'boxCount' });
  });
});

describe.each(dbKinds())('product cards carry adEligible on %s (issue 10)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  it('is the product flag on listings: true for AD beverages, false for gift cards and brewers', async () => {
    for (const code of ['BV_BDN_DD_KC', 'BR', 'ACC_GIFT_CARDS']) {
      const res = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/categories/${code}/products?pageSize=100` });
      expect(res.statusCode).toBe(200);
      const products = res.json().products as Array<{ code: string; adEligible: boolean; adRecurringPriceData: { value: number } | null }>;
      expect(products.length).toBeGreaterThan(0);
      const rows = await t.dbh.db
        .selectFrom('products')
        .select(['code', 'ad_eligible', 'product_type'])
        .where('code', 'in', products.map((p) => p.code))
        .execute();
      const flag = new Map(rows.map((r) => [r.code, Number(r.ad_eligible) === 1 && r.product_type !== 'GiftCard']));
      for (const p of products) {
        expect(p.adEligible, p.code).toBe(flag.get(p.code));
        // the recurring AD price travels with the flag (ADR 0018 "Prices")
        expect(p.adRecurringPriceData === null, p.code).toBe(!p.adEligible);
      }
      if (code !== 'BV_BDN_DD_KC') expect(products.every((p) => !p.adEligible)).toBe(true);
      else expect(products.some((p) => p.adEligible)).toBe(true);
    }
  });

  it('answers the recurring AD price on cards: usb2c 25 % off the list price, cab2c its 15 %', async () => {
    const card = async (site: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/rest/v2/${site}/productCodesData?productCodes=${DEMO_CODES.coffee}` });
      expect(res.statusCode).toBe(200);
      return res.json().products[0] as { defaultVariantCode: string; adRecurringPriceData: { value: number; currencyIso: string } };
    };
    const us = await card('usb2c');
    const usList = await t.dbh.db.selectFrom('prices').select('price_minor').where('variant_code', '=', us.defaultVariantCode).where('base_site', '=', 'usb2c').executeTakeFirstOrThrow();
    expect(Math.round(us.adRecurringPriceData.value * 100)).toBe(Number(usList.price_minor) - Math.floor((Number(usList.price_minor) * 2500 + 5000) / 10000));
    const ca = await card('cab2c');
    const caList = await t.dbh.db.selectFrom('prices').select('price_minor').where('variant_code', '=', ca.defaultVariantCode).where('base_site', '=', 'cab2c').executeTakeFirstOrThrow();
    expect(ca.adRecurringPriceData.currencyIso).toBe('CAD');
    expect(Math.round(ca.adRecurringPriceData.value * 100)).toBe(Number(caList.price_minor) - Math.floor((Number(caList.price_minor) * 1500 + 5000) / 10000));
  });
});
