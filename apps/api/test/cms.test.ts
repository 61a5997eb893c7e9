import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CmsPageSchema, ComponentsAnswerSchema, OccErrorBodySchema, SiteConfigAnswerSchema } from '@store/contracts';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';

describe.each(dbKinds())('content API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('GET /cms/pages answers the home page (default ContentPage) with slots and components, in English and French', async () => {
    const en = CmsPageSchema.parse((await get('/rest/v2/cab2c/cms/pages?lang=en')).json());
    const fr = CmsPageSchema.parse((await get('/rest/v2/cab2c/cms/pages?pageType=ContentPage&pageLabelOrId=homepage&lang=fr')).json());
    expect(en.uid).toBe('homepage');
    expect(en.pageType).toBe('ContentPage');
    expect(en.title).not.toBe(fr.title);
    const slots = en.contentSlots.contentSlot;
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(slots.map((s) => s.position)).toEqual(fr.contentSlots.contentSlot.map((s) => s.position));
    for (const slot of slots) {
      expect(slot.components.component.map((c) => c.uid)).toEqual(slot.componentUids.componentUidList);
    }
    const hero = slots[0]!.components.component[0]!;
    const heroFr = fr.contentSlots.contentSlot[0]!.components.component[0]!;
    expect(hero.uid).toBe(heroFr.uid);
    expect(hero.typeCode).toMatch(/Component$/);
    expect(hero.headline).not.toBe(heroFr.headline);
    expect(en.metadata).not.toBeNull();
  });

  it('each site has its own home page', async () => {
    const us = CmsPageSchema.parse((await get('/rest/v2/usb2c/cms/pages')).json());
    const afh = CmsPageSchema.parse((await get('/rest/v2/usafh/cms/pages')).json());
    expect(us.title).not.toBe(afh.title);
  });

  it('loginContentPage answers configurationData and metadata', async () => {
    const page = CmsPageSchema.parse((await get('/rest/v2/usb2c/cms/pages?pageLabelOrId=loginContentPage&lang=en')).json());
    expect(page.configurationData).toMatchObject({ guestCheckoutEnabled: expect.anything() });
    expect(page.metadata).toMatchObject({ title: expect.any(String) });
  });

  it('ProductPage by code falls back to the template page; unknown pages answer 404', async () => {
    const page = CmsPageSchema.parse((await get('/rest/v2/usb2c/cms/pages?pageType=ProductPage&code=BH-SOLO')).json());
    expect(page.pageType).toBe('ProductPage');
    const missing = await get('/rest/v2/usb2c/cms/pages?pageLabelOrId=no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(OccErrorBodySchema.parse(missing.json()).errors[0]).toMatchObject({ type: 'CMSItemNotFoundError', subject: 'pageLabelOrId' });
  });

  it('GET /cms/siteConfig?pageLabelOrId=NAVIGATIONHEADER answers messageItems and siteConfigurations', async () => {
    const fr = SiteConfigAnswerSchema.parse((await get('/rest/v2/cab2c/cms/siteConfig?pageLabelOrId=NAVIGATIONHEADER&lang=fr')).json());
    const en = SiteConfigAnswerSchema.parse((await get('/rest/v2/cab2c/cms/siteConfig?lang=en')).json());
    expect(fr.messageItems.length).toBeGreaterThan(0);
    expect(fr.messageItems.map((m) => m.message)).not.toEqual(en.messageItems.map((m) => m.message));
    expect(fr.messageItems[0]!.message).toContain('55');
    const keys = Object.fromEntries(fr.siteConfigurations.map((c) => [c.key, c.value]));
    expect(keys.freeShippingMinimum).toBe('5500');
    expect(fr.baseSite).toMatchObject({ uid: 'cab2c', currency: 'CAD', languages: ['en', 'fr'] });
    expect(fr.contentSlots.contentSlot.length).toBeGreaterThan(0);
    const us = SiteConfigAnswerSchema.parse((await get('/rest/v2/usb2c/cms/siteConfig')).json());
    expect(Object.fromEntries(us.siteConfigurations.map((c) => [c.key, c.value])).freeShippingMinimum).toBe('2900');
  });

  it('GET /cms/components answers component data by uid, in order, skipping unknown ones', async () => {
    const page = CmsPageSchema.parse((await get('/rest/v2/cab2c/cms/pages')).json());
    const uids = page.contentSlots.contentSlot.flatMap((s) => s.componentUids.componentUidList).slice(0, 3);
    const body = ComponentsAnswerSchema.parse((await get(`/rest/v2/cab2c/cms/components?componentIds=${[uids[1], 'nope', uids[0]].join(',')}&lang=fr`)).json());
    expect(body.component.map((c) => c.uid)).toEqual([uids[1], uids[0]]);
    expect(body.pagination.totalResults).toBe(3);
    const paged = ComponentsAnswerSchema.parse((await get(`/rest/v2/cab2c/cms/components?componentIds=${uids.join(',')}&pageSize=1`)).json());
    expect(paged.component.map((c) => c.uid)).toEqual([uids[0]]);
    expect(paged.pagination.totalPages).toBe(uids.length);
    expect((await get('/rest/v2/cab2c/cms/components')).statusCode).toBe(400);
  });

  it('the typed client reads pages, site configuration and components', async () => {
    const page = await t.client.getCmsPage('cab2c', { lang: 'fr' });
    expect(page.uid).toBe('homepage');
    const config = await t.client.getSiteConfig('usb2c', { pageLabelOrId: 'NAVIGATIONHEADER' });
    expect(config.baseSite.currency).toBe('USD');
    const first = page.contentSlots.contentSlot[0]!.componentUids.componentUidList[0]!;
    const components = await t.client.getComponents('cab2c', { componentIds: [first], lang: 'fr' });
    expect(components.component[0]!.uid).toBe(first);
  });
});
