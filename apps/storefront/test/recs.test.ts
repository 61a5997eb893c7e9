/**
 * Recommendations on the storefront (issue 13; ADR 0033): the recent-products cookie is not
 * per-visitor state for the page cache (a shared page never varies by it), and a PDP rendered for
 * the cache is tagged with the products of its recommendation carousel (a price change purges it).
 */
import { describe, expect, it } from 'vitest';
import { RECENT_PRODUCTS_COOKIE } from '@store/domain';
import { createTagRecorder, isSharedVisitorRequest } from '../server/page-cache-http.ts';

describe('recommendations and the page cache', () => {
  it('a visitor with only the recent-products cookie still gets the shared page', () => {
    const url = new URL('http://s/p/BH-SOLO');
    const req = new Request(url, { headers: { cookie: `${RECENT_PRODUCTS_COOKIE}=BH-MINI%7CBH-SOLO` } });
    expect(isSharedVisitorRequest(req, url)).toBe(true);
    const withCart = new Request(url, { headers: { cookie: `${RECENT_PRODUCTS_COOKIE}=BH-MINI; cartGuid=abcdefgh-1234` } });
    expect(isSharedVisitorRequest(withCart, url)).toBe(false);
  });

  it('tags a render with the products of the recommendation carousel it asked for', async () => {
    const recorder = createTagRecorder();
    const api = recorder.wrap(async (input) =>
      input.includes('/recommendations/carousel') ? Response.json({ products: [{ code: 'P1', defaultVariantCode: 'P1-24' }], reasons: [{ code: 'P1', kind: 'popular' }] }) : Response.json({}),
    );
    await api('http://s/rest/v2/usb2c/users/anonymous/recommendations/carousel?componentId=PdpBeverageRecommendations&baseProductCode=BH-SOLO');
    expect((await recorder.tags()).sort()).toEqual(['listing', 'page', 'product:P1', 'product:P1-24']);
  });
});
