import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';

describe.each(dbKinds())('OpenAPI document on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /rest/v2/openapi.json answers an OpenAPI 3.1 document built from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = JSON.parse(res.body) as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; responses?: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title.length).toBeGreaterThan(0);
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/rest/v2/{baseSiteId}/products/{code}',
      '/rest/v2/{baseSiteId}/products/{code}/variantOptions',
      '/rest/v2/{baseSiteId}/products/{code}/bundleData',
      '/rest/v2/{baseSiteId}/products/{code}/productClassifications',
      '/rest/v2/{baseSiteId}/categories/{code}/products',
      '/rest/v2/{baseSiteId}/search',
      // issue 13 (ADR 0035)
      '/rest/v2/{baseSiteId}/products/{code}/productData',
      '/rest/v2/{baseSiteId}/search/productCodes',
      '/rest/v2/{baseSiteId}/cms/pages',
      '/rest/v2/{baseSiteId}/cms/siteConfig',
      '/rest/v2/{baseSiteId}/cms/components',
      // issue 10: auto-delivery buying
      '/rest/v2/{baseSiteId}/users/{userId}/carts/{cartGuid}/removeAutoDeliveryItem',
      '/rest/v2/{baseSiteId}/users/{userId}/autoDelivery/smartSuggestion',
      '/rest/v2/{baseSiteId}/users/{userId}/addCampaignBundle',
      '/authorizationserver/oauth/token',
      '/healthz',
      '/readyz',
    ]) {
      expect(paths, path).toContain(path);
    }
    const search = doc.paths['/rest/v2/{baseSiteId}/search']!.get!;
    expect(search.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:term', 'query:lang', 'query:q', 'query:page', 'path:baseSiteId']));
    expect(Object.keys(search.responses!)).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(paths.some((p) => p.includes('/docs'))).toBe(false);
  });

  it('lists the Idempotency-Key header of placeOrder and the fields of other requireFields schemas as required (issue 11 item 1)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/rest/v2/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; required?: boolean }> }>>;
    };
    const place = Object.entries(doc.paths).find(([path]) => path.endsWith('/placeOrder'));
    expect(place, 'placeOrder path').toBeTruthy();
    const header = place![1].post!.parameters!.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
    expect(header).toMatchObject({ required: true });
    // a header that is not required stays optional
    const optional = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops))
      .flatMap((op) => op.parameters ?? [])
      .filter((p) => p.in === 'query' && p.name === 'lang');
    expect(optional.length).toBeGreaterThan(0);
    expect(optional.every((p) => p.required !== true)).toBe(true);
  });

  it('serves the docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
  });
});
