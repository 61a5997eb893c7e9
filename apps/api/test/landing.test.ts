/**
 * Issue 13 (ADR 0035): `GET /products/pod-id/{code}` (spec §2, §5, §7) and
 * `GET /cms/landingPages/{slug}` (spec §2 starter-kit landing slugs), through the typed client
 * (both transports with API_TRANSPORT) on SQLite and PostgreSQL: the chosen variant, bad codes and
 * slugs (400 naming the field), unknown ones (404), French slugs on cab2c only in French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLandingClient, createApiClient, isApiError, OccErrorBodySchema, type LandingCalls } from '@store/contracts';
import { buildTestApp, dbKinds, TEST_BASE_URL, type TestApp } from '@store/testing';
import { expectApiError } from './support/commerce.ts';

describe.each(dbKinds())('pod-id and landing pages on %s', (kind) => {
  let t: TestApp;
  let api: LandingCalls;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const core = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, direct: t.transport === 'direct', validateAnswers: true });
    api = createLandingClient(core);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function subjectOf(promise: Promise<unknown>): Promise<string | undefined> {
    try {
      await promise;
    } catch (error) {
      if (isApiError(error)) return error.errors[0]?.subject;
      throw error;
    }
    return 'succeeded';
  }

  describe('GET /products/pod-id/{code}', () => {
    it('a variant code answers the product FULL with that variant selected (any case)', async () => {
      const p = await api.getPodIdProduct('usb2c', 'bh-signature-dark-48', { lang: 'en' });
      expect(p.code).toBe('BH-SIGNATURE-DARK');
      expect(p.fields).toBe('FULL');
      expect(p.baseOptions.selected?.code).toBe('BH-SIGNATURE-DARK-48');
      expect(p.variantOptions.length).toBeGreaterThan(1);
    });

    it('a base code selects the default variant; French names in French', async () => {
      const p = await api.getPodIdProduct('cab2c', 'BH-SIGNATURE-DARK', { lang: 'fr' });
      expect(p.baseOptions.selected?.code).toBe(p.defaultVariantCode);
      expect(p.baseOptions.selected?.code).toBe('BH-SIGNATURE-DARK-24');
      expect(p.name).toMatch(/Café/);
    });

    it('unknown codes, brewers and bundles answer 404 naming the code', async () => {
      for (const code of ['NO-SUCH-POD', 'BH-SOLO', 'BH-SOLO-BLK', 'BUNDLE-BREWER-STARTER', '5000-0042-24-CT']) {
        await expectApiError(api.getPodIdProduct('usb2c', code), 404, 'notFound');
      }
      // a product not sold on the site
      await expectApiError(api.getPodIdProduct('usb2c', 'MR-MAPLE-SUGAR-SHACK'), 404, 'notFound');
    });

    it('bad codes answer 400 naming the code', async () => {
      for (const code of ['bh_signature', 'BH--DARK', 'x'.repeat(65), 'a b', '-BH']) {
        const error = await expectApiError(api.getPodIdProduct('usb2c', code), 400, code.length > 64 ? 'tooLong' : 'invalidCode');
        expect(error.errors[0]?.subject).toBe('code');
      }
      const raw = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/pod-id/%00abc' });
      expect(raw.statusCode).toBe(400);
      expect(OccErrorBodySchema.parse(raw.json()).errors[0]?.subject).toBe('code');
    });

    it('does not shadow the product routes', async () => {
      const r = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/BH-SIGNATURE-DARK-48/variantOptions' });
      expect(r.statusCode).toBe(200);
    });
  });

  describe('GET /cms/landingPages/{slug}', () => {
    it('brewer-starter-kit answers the default kit page with its slots in order', async () => {
      const page = await api.getLandingPage('usb2c', 'brewer-starter-kit', { lang: 'en' });
      expect(page.pageType).toBe('LandingPage');
      expect(page.configurationData).toMatchObject({ kitCode: 'BUNDLE-BREWER-STARTER' });
      expect(page.contentSlots.contentSlot.map((s) => s.position)).toEqual(['Hero', 'KitContents', 'Benefits', 'Faq']);
      const types = page.contentSlots.contentSlot.map((s) => s.components.component[0]?.typeCode);
      expect(types).toEqual(['HeroBannerComponent', 'StarterKitContentsComponent', 'BenefitListComponent', 'FaqComponent']);
      expect(page.metadata).toMatchObject({ title: expect.stringContaining('Brewer Starter Kit') });
    });

    it('{product}-starter-kit resolves a brewer code or slug to its kit', async () => {
      for (const slug of ['duo-plus-starter-kit', 'bh-duo-plus-starter-kit', 'brewhaus-duo-plus-single-serve-coffee-maker-starter-kit']) {
        const page = await api.getLandingPage('usb2c', slug, { lang: 'en' });
        expect(page.configurationData).toMatchObject({ kitCode: 'BUNDLE-DUO-STARTER' });
      }
      expect((await api.getLandingPage('usb2c', 'solo-starter-kit')).configurationData).toMatchObject({ kitCode: 'BUNDLE-BREWER-STARTER' });
      // a brewer without a kit, and a beverage
      await expectApiError(api.getLandingPage('usb2c', 'office-pro-starter-kit'), 404, 'notFound');
      await expectApiError(api.getLandingPage('usb2c', 'bh-signature-dark-starter-kit'), 404, 'notFound');
    });

    it('small-business-bundle is the commercial site’s kit only', async () => {
      const page = await api.getLandingPage('usafh', 'small-business-bundle', { lang: 'en' });
      expect(page.configurationData).toMatchObject({ kitCode: 'BUNDLE-SMALL-BUSINESS' });
      expect(await subjectOf(api.getLandingPage('usb2c', 'small-business-bundle'))).toBe('slug');
    });

    it('trousse-de-demarrage-{product} answers in French on cab2c, not in English', async () => {
      const page = await api.getLandingPage('cab2c', 'trousse-de-demarrage-solo', { lang: 'fr' });
      expect(page.configurationData).toMatchObject({ kitCode: 'BUNDLE-BREWER-STARTER' });
      expect(page.title).toMatch(/Trousse/);
      const hero = page.contentSlots.contentSlot[0]!.components.component[0]!;
      expect(String(hero.headline)).toMatch(/Commencez/);
      await expectApiError(api.getLandingPage('cab2c', 'trousse-de-demarrage-solo', { lang: 'en' }), 404, 'notFound');
      // French pages answer the English slugs too
      expect((await api.getLandingPage('cab2c', 'iced-plus-starter-kit', { lang: 'fr' })).configurationData).toMatchObject({ kitCode: 'BUNDLE-ICED-STARTER' });
    });

    it('slot data by component ids (spec §7) answers the landing components; bad input is a 400', async () => {
      const page = await api.getLandingPage('cab2c', 'trousse-de-demarrage-duo-plus', { lang: 'fr' });
      const uids = page.contentSlots.contentSlot.flatMap((s) => s.componentUids.componentUidList);
      const answer = await t.client.getComponents('cab2c', { componentIds: uids, lang: 'fr' });
      expect(answer.component.map((c) => c.uid)).toEqual(uids);
      expect(answer.component.find((c) => c.typeCode === 'StarterKitContentsComponent')).toMatchObject({ bundleCode: 'BUNDLE-DUO-STARTER', title: 'Contenu de la trousse' });
      for (const query of ['pageSize=0', 'pageSize=abc', `componentIds=${'x,'.repeat(1001)}`, 'componentIds=a&currentPage=-1']) {
        const r = await t.app.inject({ method: 'GET', url: `/rest/v2/cab2c/cms/components?componentIds=${uids[0]}&${query}` });
        expect(r.statusCode, query).toBe(400);
      }
    });

    it('bad slugs answer 400 naming the slug', async () => {
      for (const slug of ['coffee', 'Brewer-Starter-Kit', 'starter-kit', `${'a'.repeat(120)}-starter-kit`, 'a_b-starter-kit']) {
        const error = await expectApiError(api.getLandingPage('usb2c', slug), 400, slug.length > 120 ? 'tooLong' : 'invalidSlug');
        expect(error.errors[0]?.subject).toBe('slug');
      }
    });
  });
});
