/**
 * The other spec §7 recommendation calls (issue 13 "API tests for each call"; ADR 0033):
 * recommended list, real-time product codes and sort recommendation, through the API client on
 * SQLite and PostgreSQL and over both transports (`API_TRANSPORT=direct`). Each with bad input:
 * NUL bytes and 3 KB strings 400 naming the field, unknown component 400, unknown product context
 * 404, pageSize out of range 400, another customer's id 403, an empty list and 51 codes 400,
 * unknown codes dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, createRecommendationClient, type RecommendationCalls } from '@store/contracts';
import { SORT_RECOMMENDATION_MAX_CODES } from '@store/domain';
import { buildTestApp, dbKinds, TEST_BASE_URL, type TestApp } from '@store/testing';
import { DEMO_CUSTOMER } from '@store/db';
import { expectApiError, placeCustomerOrder, signInCustomer, signUpCustomer, type TestCustomer } from './support/commerce.ts';

describe.each(dbKinds())('recommended list, real-time product codes and sort recommendation on %s', (kind) => {
  let t: TestApp;
  let anon: RecommendationCalls;
  let solo: TestCustomer;
  let mine: RecommendationCalls;
  let other: TestCustomer;

  const podSystemOf = async (codes: string[]) =>
    new Map((await t.dbh.db.selectFrom('products').select(['code', 'pod_system']).where('code', 'in', codes).execute()).map((r) => [r.code, r.pod_system]));
  const clientOf = (c: TestCustomer) => createRecommendationClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken }), 'current');

  beforeAll(async () => {
    t = await buildTestApp(kind);
    anon = createRecommendationClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => t.token }), 'anonymous');
    solo = await signUpCustomer(t);
    await placeCustomerOrder(solo, { products: [{ code: 'BH-SOLO-BLK' }] });
    mine = clientOf(solo);
    other = await signUpCustomer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('recommended list', () => {
    it('answers the ranked cards of a component, at most pageSize and never beyond the cap', async () => {
      const full = await anon.getRecommendedList('usb2c', { componentId: 'PdpBeverageRecommendations', baseProductCode: 'BH-SIGNATURE-DARK' });
      expect(full).toMatchObject({ kind: 'beverage', cap: 4, pageSize: 4, segment: 'unknownUser' });
      expect(full.products).toHaveLength(4);
      expect(full.products.map((p) => p.code)).not.toContain('BH-SIGNATURE-DARK');
      const carousel = await anon.getRecommendationCarousel('usb2c', { componentId: 'PdpBeverageRecommendations', baseProductCode: 'BH-SIGNATURE-DARK' });
      expect(full.products.map((p) => p.code)).toEqual(carousel.products.map((p) => p.code));
      const two = await anon.getRecommendedList('usb2c', { componentId: 'PdpBeverageRecommendations', baseProductCode: 'BH-SIGNATURE-DARK', pageSize: 2 });
      expect(two.products.map((p) => p.code)).toEqual(carousel.products.slice(0, 2).map((p) => p.code));
      expect(two.reasons.map((r) => r.code)).toEqual(two.products.map((p) => p.code));
      expect(two.pageSize).toBe(2);
      const brewers = await anon.getRecommendedList('usb2c', { componentId: 'PdpBrewerRecommendations', baseProductCode: 'BH-SOLO', pageSize: 36, lang: 'fr' });
      expect(brewers).toMatchObject({ kind: 'brewer', cap: 5, pageSize: 5 });
      expect(brewers.products).toHaveLength(5);
    });

    it('personalises for the customer: a Solo owner gets pods that fit it', async () => {
      const r = await mine.getRecommendedList('usb2c', { componentId: 'HomeRecommendationCarousel', pageSize: 3 });
      expect(r.products).toHaveLength(3);
      expect([...(await podSystemOf(r.products.map((p) => p.code))).values()].every((s) => s === 'classic')).toBe(true);
      expect(r.reasons.every((x) => x.kind === 'fits' && x.brewerName === 'Solo')).toBe(true);
    });

    it('rejects bad input naming the field: pageSize, componentId, NUL bytes, 3 KB strings; unknown product 404', async () => {
      const call = (opts: Record<string, unknown>) => anon.getRecommendedList('usb2c', opts as never);
      for (const pageSize of [0, 37, 1.5]) {
        const e = await call({ componentId: 'HomeRecommendationCarousel', pageSize }).then(
          () => null,
          (err: unknown) => err as { status: number; errors: Array<{ subject?: string }> },
        );
        expect(e?.status).toBe(400);
        expect(e?.errors[0]!.subject).toBe('pageSize');
      }
      expect((await expectApiError(call({ componentId: 'Nope' }), 400, 'unknownComponent')).errors[0]!.subject).toBe('componentId');
      expect((await expectApiError(call({ componentId: 'PdpBeverageRecommendations', baseProductCode: 'BH-SOLO\u0000' }), 400, 'invalidCharacters')).errors[0]!.subject).toBe('baseProductCode');
      expect((await expectApiError(call({ componentId: 'RecentlyViewed', recent: ['A'.repeat(3000)] }), 400, 'tooLong')).errors[0]!.subject).toBe('recent');
      expect((await expectApiError(call({ componentId: 'PdpBeverageRecommendations', baseProductCode: 'NO-SUCH-PRODUCT' }), 404, 'notFound')).errors[0]!.subject).toBe('baseProductCode');
      await expectApiError(call({ componentId: 'PdpBrewerRecommendations' }), 400, 'missing');
    });
  });

  describe('real-time product codes', () => {
    it('answers the ranked codes for a product or component context, capped at 5 brewers and 4 beverages', async () => {
      const brewers = await anon.getRecommendationProductCodes('usb2c', { contextId: 'BH-SOLO' });
      expect(brewers).toMatchObject({ contextId: 'BH-SOLO', customerId: 'anonymous', kind: 'brewer', cap: 5, segment: 'unknownUser' });
      expect(brewers.productCodes).toHaveLength(5);
      expect(brewers.productCodes).not.toContain('BH-SOLO');
      const bev = await anon.getRecommendationProductCodes('usb2c', { contextId: 'BH-SIGNATURE-DARK' });
      expect(bev).toMatchObject({ kind: 'beverage', cap: 4 });
      expect(bev.productCodes).toHaveLength(4);
      const carousel = await anon.getRecommendationCarousel('usb2c', { componentId: 'PdpBeverageRecommendations', baseProductCode: 'BH-SIGNATURE-DARK' });
      expect(bev.productCodes).toEqual(carousel.products.map((p) => p.code));
      const home = await anon.getRecommendationProductCodes('usb2c', { contextId: 'HomeRecommendationCarousel', recent: ['BH-SOLO', 'BH-MINI'] });
      expect(home).toMatchObject({ segment: 'brewerIntender', variant: 'carouselbrewerIntender', kind: 'brewer' });
      expect(home.productCodes.slice(0, 2).sort()).toEqual(['BH-MINI', 'BH-SOLO']);
      const recent = await anon.getRecommendationProductCodes('usb2c', { contextId: 'RecentlyViewed', recent: ['BH-SOLO', 'NOT-A-PRODUCT', 'BH-SIGNATURE-DARK'] });
      expect(recent).toMatchObject({ kind: 'recent', cap: 5, productCodes: ['BH-SOLO', 'BH-SIGNATURE-DARK'] });
    });

    it('ranks for the customer the customerId names: current or their own id; anonymous on request; another customer 403', async () => {
      const current = await mine.getRecommendationProductCodes('usb2c', { contextId: 'HomeRecommendationCarousel' });
      expect(current).toMatchObject({ customerId: 'current', segment: 'purchaser', kind: 'beverage' });
      expect(current.productCodes).toHaveLength(4);
      expect([...(await podSystemOf(current.productCodes)).values()].every((s) => s === 'classic')).toBe(true);
      expect(await mine.getRecommendationProductCodes('usb2c', { contextId: 'HomeRecommendationCarousel', customerId: solo.id })).toEqual(current);
      expect(await mine.getRecommendationProductCodes('usb2c', { contextId: 'HomeRecommendationCarousel', customerId: 'anonymous' })).toMatchObject({ customerId: 'anonymous', segment: 'unknownUser' });
      const e = await expectApiError(mine.getRecommendationProductCodes('usb2c', { contextId: 'HomeRecommendationCarousel', customerId: other.id }), 403, 'notYourCustomerId');
      expect(e.errors[0]!.subject).toBe('customerId');
      await expectApiError(anon.getRecommendationProductCodes('usb2c', { contextId: 'HomeRecommendationCarousel', customerId: solo.id }), 403, 'notYourCustomerId');
      await expectApiError(anon.getRecommendationProductCodes('usb2c', { contextId: 'HomeRecommendationCarousel', customerId: 'current' }), 403, 'notYourCustomerId');
    });

    it('rejects bad input: unknown product context 404, NUL bytes, 3 KB strings, missing contextId 400', async () => {
      const call = (opts: Record<string, unknown>) => anon.getRecommendationProductCodes('usb2c', opts as never);
      expect((await expectApiError(call({ contextId: 'NO-SUCH-PRODUCT' }), 404, 'notFound')).errors[0]!.subject).toBe('contextId');
      await expectApiError(call({ contextId: 'BH-OFFICE-MAX' }), 404, 'notFound');
      expect((await expectApiError(call({ contextId: 'BH-SOLO\u0000' }), 400, 'invalidCharacters')).errors[0]!.subject).toBe('contextId');
      expect((await expectApiError(call({ contextId: 'x'.repeat(3000) }), 400, 'tooLong')).errors[0]!.subject).toBe('contextId');
      expect((await expectApiError(call({ contextId: 'BH-SOLO', customerId: 'c'.repeat(3000) }), 400, 'tooLong')).errors[0]!.subject).toBe('customerId');
      const missing = await call({}).then(
        () => null,
        (err: unknown) => err as { status: number; errors: Array<{ subject?: string }> },
      );
      expect(missing?.status).toBe(400);
      expect(missing?.errors[0]!.subject).toBe('contextId');
    });
  });

  describe('sort recommendation', () => {
    it('re-orders the codes for a Solo owner: pods that fit first, the given order otherwise; unknown codes dropped', async () => {
      const codes = ['BH-DINER-CLASSIC', 'BH-SIGNATURE-DARK', 'NOT-A-PRODUCT', 'BH-MINI', 'BH-SIGNATURE-DARK', 'BH-OFFICE-MAX'];
      const r = await mine.sortRecommendations('usb2c', { contextId: 'HomeRecommendationCarousel', productCodes: codes });
      expect(r).toMatchObject({ customerId: 'current', segment: 'purchaser', droppedCodes: ['NOT-A-PRODUCT', 'BH-OFFICE-MAX'] });
      expect(r.productCodes).toEqual(['BH-SIGNATURE-DARK', 'BH-DINER-CLASSIC', 'BH-MINI']);
      // the anonymous shopper: nothing fits, the given order stays
      const a = await anon.sortRecommendations('usb2c', { contextId: 'HomeRecommendationCarousel', productCodes: codes });
      expect(a).toMatchObject({ customerId: 'anonymous', productCodes: ['BH-DINER-CLASSIC', 'BH-SIGNATURE-DARK', 'BH-MINI'] });
      // on a Solo's page, for anyone: the Solo's pods first, the Solo itself last
      const pdp = await anon.sortRecommendations('usb2c', { contextId: 'BH-SOLO', productCodes: ['BH-SOLO', 'BH-DINER-CLASSIC', 'BH-SIGNATURE-DARK'] });
      expect(pdp.productCodes).toEqual(['BH-SIGNATURE-DARK', 'BH-DINER-CLASSIC', 'BH-SOLO']);
    });

    it('accepts 50 codes; rejects an empty list, 51 codes, NUL bytes and 3 KB codes (400 naming productCodes), unknown contexts 404, another customer 403', async () => {
      const fifty = Array.from({ length: SORT_RECOMMENDATION_MAX_CODES }, (_, i) => (i === 0 ? 'BH-SIGNATURE-DARK' : `UNKNOWN-${i}`));
      const ok = await anon.sortRecommendations('usb2c', { contextId: 'HomeRecommendationCarousel', productCodes: fifty });
      expect(ok.productCodes).toEqual(['BH-SIGNATURE-DARK']);
      expect(ok.droppedCodes).toHaveLength(49);
      const sort = (body: Record<string, unknown>) => anon.sortRecommendations('usb2c', { contextId: 'HomeRecommendationCarousel', ...body } as never);
      expect((await expectApiError(sort({ productCodes: [] }), 400, 'required')).errors[0]!.subject).toBe('productCodes');
      expect((await expectApiError(sort({ productCodes: [...fifty, 'BH-MINI'] }), 400, 'tooMany')).errors[0]!.subject).toBe('productCodes');
      expect((await expectApiError(sort({ productCodes: ['BH-MINI', 'BH-SOLO\u0000'] }), 400, 'invalidCharacters')).errors[0]!.subject).toMatch(/^productCodes/);
      expect((await expectApiError(sort({ productCodes: ['A'.repeat(3000)] }), 400, 'tooLong')).errors[0]!.subject).toMatch(/^productCodes/);
      expect((await expectApiError(sort({ contextId: 'NO-SUCH-PRODUCT', productCodes: ['BH-MINI'] }), 404, 'notFound')).errors[0]!.subject).toBe('contextId');
      expect((await expectApiError(sort({ contextId: 'BH-SOLO\u0000', productCodes: ['BH-MINI'] }), 400, 'invalidCharacters')).errors[0]!.subject).toBe('contextId');
      await expectApiError(mine.sortRecommendations('usb2c', { contextId: 'BH-SOLO', customerId: other.id, productCodes: ['BH-MINI'] }), 403, 'notYourCustomerId');
    });
  });

  it('the seeded demo customer has a delivered Solo order on usb2c and cab2c, so their recommendations are pods that "fit your Solo"', async () => {
    const demo = await signInCustomer(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    for (const site of ['usb2c', 'cab2c'] as const) {
      const orders = await demo.customer.listOrders(site);
      expect(orders.orders.map((o) => [o.code, o.status])).toEqual([[DEMO_CUSTOMER.soloOrderCodes[site], 'delivered']]);
      const order = await demo.commerce.getOrder(site, DEMO_CUSTOMER.soloOrderCodes[site], {});
      expect(order.entries.map((e) => [e.product.code, e.quantity])).toEqual([[DEMO_CUSTOMER.soloVariantCode, 1]]);
      const home = await clientOf(demo).getRecommendationCarousel(site, { componentId: 'HomeRecommendationCarousel', lang: site === 'cab2c' ? 'fr' : 'en' });
      expect(home).toMatchObject({ segment: 'activeAdUser', variant: 'carouselautoDelivery', kind: 'beverage' });
      expect(home.products).toHaveLength(4);
      expect(home.reasons.every((r) => r.kind === 'fits' && r.brewerName === 'Solo' && r.owned === true)).toBe(true);
    }
  });
});
