/**
 * Recommendation carousels (issue 13; spec §5/§9 caps, §6 segments, §7 recommendation carousel;
 * ADR 0033), through the API client on SQLite and PostgreSQL and over both transports
 * (`API_TRANSPORT=direct`): caps 4 beverages / 5 brewers; bad input (unknown componentId 400, unknown
 * baseProductCode 404, missing baseProductCode 400, NUL bytes and 3 KB strings 400); segments and
 * variants (anonymous, brewer intender from the recent-products codes, returning beverage buyer,
 * auto-delivery); and beyond the peers: a customer who bought a Solo gets only classic pods, each
 * with the reason "fits" naming the Solo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, createRecommendationClient, type RecommendationCalls } from '@store/contracts';
import { buildTestApp, dbKinds, TEST_BASE_URL, type TestApp } from '@store/testing';
import { DEMO_CUSTOMER } from '@store/db';
import { expectApiError, placeCustomerOrder, signInCustomer, signUpCustomer } from './support/commerce.ts';

describe.each(dbKinds())('recommendation carousels on %s', (kind) => {
  let t: TestApp;
  let anon: RecommendationCalls;

  const podSystemOf = async (codes: string[]) =>
    new Map((await t.dbh.db.selectFrom('products').select(['code', 'pod_system']).where('code', 'in', codes).execute()).map((r) => [r.code, r.pod_system]));

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const core = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => t.token });
    anon = createRecommendationClient(core, 'anonymous');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('caps PDP carousels at 4 beverages and 5 brewers, never the product itself', async () => {
    const bev = await anon.getRecommendationCarousel('usb2c', { componentId: 'PdpBeverageRecommendations', baseProductCode: 'BH-SIGNATURE-DARK' });
    expect(bev).toMatchObject({ kind: 'beverage', cap: 4, segment: 'unknownUser', variant: 'carouseldefault' });
    expect(bev.products).toHaveLength(4);
    expect(bev.products.map((p) => p.code)).not.toContain('BH-SIGNATURE-DARK');
    expect(bev.reasons.map((r) => r.code)).toEqual(bev.products.map((p) => p.code));
    const brewers = await anon.getRecommendationCarousel('usb2c', { componentId: 'PdpBrewerRecommendations', baseProductCode: 'BH-SOLO', lang: 'fr' });
    expect(brewers).toMatchObject({ kind: 'brewer', cap: 5 });
    expect(brewers.products).toHaveLength(5);
    expect(brewers.products.map((p) => p.code)).not.toContain('BH-SOLO');
  });

  it("on a brewer's PDP offers only pods that fit it, saying so", async () => {
    const r = await anon.getRecommendationCarousel('usb2c', { componentId: 'PdpBeverageRecommendations', baseProductCode: 'BH-SOLO' });
    const systems = await podSystemOf(r.products.map((p) => p.code));
    expect([...systems.values()]).toEqual(['classic', 'classic', 'classic', 'classic']);
    expect(r.reasons[0]).toMatchObject({ kind: 'fits', brewerCode: 'BH-SOLO', brewerName: 'Solo', owned: false });
  });

  it('rejects bad input: unknown componentId 400, unknown or missing baseProductCode 404/400, NUL bytes and 3 KB strings 400', async () => {
    const call = (opts: Record<string, unknown>) => anon.getRecommendationCarousel('usb2c', opts as never);
    const e1 = await expectApiError(call({ componentId: 'Nope' }), 400, 'unknownComponent');
    expect(e1.errors[0]!.subject).toBe('componentId');
    const e2 = await expectApiError(call({ componentId: 'PdpBeverageRecommendations', baseProductCode: 'NO-SUCH-PRODUCT' }), 404, 'notFound');
    expect(e2.errors[0]!.subject).toBe('baseProductCode');
    const e3 = await expectApiError(call({ componentId: 'PdpBrewerRecommendations' }), 400, 'missing');
    expect(e3.errors[0]!.subject).toBe('baseProductCode');
    const e4 = await expectApiError(call({ componentId: 'HomeRecommendationCarousel', baseProductCode: 'BH-SOLO\u0000' }), 400, 'invalidCharacters');
    expect(e4.errors[0]!.subject).toBe('baseProductCode');
    const e5 = await expectApiError(call({ componentId: 'RecentlyViewed', recent: ['A'.repeat(3000)] }), 400, 'tooLong');
    expect(e5.errors[0]!.subject).toBe('recent');
    await expectApiError(call({ componentId: 'x'.repeat(3000) }), 400, 'tooLong');
    // a product of another site is unknown here
    await expectApiError(call({ componentId: 'PdpBeverageRecommendations', baseProductCode: 'BH-OFFICE-MAX' }), 404, 'notFound');
  });

  it('anonymous shoppers: repeat visitor, brewer intender (two brewers viewed), recently viewed without the current product', async () => {
    const home = await anon.getRecommendationCarousel('usb2c', { componentId: 'HomeRecommendationCarousel', recent: ['BH-SIGNATURE-DARK'] });
    expect(home).toMatchObject({ segment: 'repeatVisitor', variant: 'carouseldefault', kind: 'beverage' });
    expect(home.products.length).toBeLessThanOrEqual(4);
    const intender = await anon.getRecommendationCarousel('usb2c', { componentId: 'HomeRecommendationCarousel', recent: ['BH-SOLO', 'BH-MINI', 'BH-SIGNATURE-DARK'] });
    expect(intender).toMatchObject({ segment: 'brewerIntender', variant: 'carouselbrewerIntender', kind: 'brewer', cap: 5 });
    expect(intender.products.slice(0, 2).map((p) => p.code).sort()).toEqual(['BH-MINI', 'BH-SOLO']);
    const recent = await anon.getRecommendationCarousel('usb2c', {
      componentId: 'RecentlyViewed',
      baseProductCode: 'BH-SOLO',
      recent: ['BH-SOLO', 'BH-MINI', 'bad code', 'BH-SIGNATURE-DARK', 'NOT-A-PRODUCT', 'ACC-MUG', 'BH-SLIM', 'BH-ELITE', 'BH-CLASSIC'],
    });
    expect(recent.products.map((p) => p.code)).toEqual(['BH-MINI', 'BH-SIGNATURE-DARK', 'ACC-MUG', 'BH-SLIM', 'BH-ELITE']);
    expect(recent.kind).toBe('recent');
  });

  it('a customer who bought a Solo gets only pods that fit it, each with "fits your Solo"; then returning beverage buyer', async () => {
    const c = await signUpCustomer(t);
    const core = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken });
    const mine = createRecommendationClient(core, 'current');
    expect((await mine.getRecommendationCarousel('usb2c', { componentId: 'HomeRecommendationCarousel' })).segment).toBe('knownUser');

    await placeCustomerOrder(c, { products: [{ code: 'BH-SOLO-BLK' }] });
    // the carafe pod's PDP: its beverage carousel must not offer carafe pods to a Solo owner
    const r = await mine.getRecommendationCarousel('usb2c', { componentId: 'PdpBeverageRecommendations', baseProductCode: 'BH-DINER-CLASSIC', lang: 'fr' });
    expect(r.products).toHaveLength(4);
    expect([...(await podSystemOf(r.products.map((p) => p.code))).values()].every((s) => s === 'classic')).toBe(true);
    expect(r.reasons.every((x) => x.kind === 'fits' && x.brewerName === 'Solo' && x.owned === true)).toBe(true);
    expect(r).toMatchObject({ segment: 'purchaser', variant: 'carouseldefault' });
    // the anonymous shopper on the same page is not filtered by fit
    const a = await anon.getRecommendationCarousel('usb2c', { componentId: 'PdpBeverageRecommendations', baseProductCode: 'BH-DINER-CLASSIC' });
    expect(a.reasons.map((x) => x.kind)).not.toContain('fits');
    // the Solo owner is not offered brewers they own
    expect((await mine.getRecommendationCarousel('usb2c', { componentId: 'PdpBrewerRecommendations', baseProductCode: 'BH-MINI' })).products.map((p) => p.code)).not.toContain('BH-SOLO');

    await placeCustomerOrder(c, { products: [{ code: 'BH-SIGNATURE-DARK-24' }] });
    const home = await mine.getRecommendationCarousel('usb2c', { componentId: 'HomeRecommendationCarousel' });
    expect(home).toMatchObject({ segment: 'purchaser', variant: 'carouselreturningBevBuyer', kind: 'beverage', cap: 4 });
    expect(home.products[0]!.code).toBe('BH-SIGNATURE-DARK');
    // another site knows nothing of these orders
    expect((await mine.getRecommendationCarousel('cab2c', { componentId: 'HomeRecommendationCarousel' })).segment).toBe('knownUser');
  });

  it('the demo customer with an active auto-delivery gets the auto-delivery carousel: eligible beverages only', async () => {
    const c = await signInCustomer(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const core = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken });
    const home = await createRecommendationClient(core, 'current').getRecommendationCarousel('usb2c', { componentId: 'HomeRecommendationCarousel', recent: ['BH-SOLO', 'BH-MINI'] });
    expect(home).toMatchObject({ segment: 'activeAdUser', variant: 'carouselautoDelivery', kind: 'beverage', cap: 4 });
    expect(home.products).toHaveLength(4);
    expect(home.products.every((p) => p.adEligible)).toBe(true);
  });
});
