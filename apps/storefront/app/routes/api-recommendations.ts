/**
 * GET /api/recommendations (and /fr/api/recommendations) — issue 13, ADR 0033: the deferred,
 * per-visitor recommendation islands of pages shared by the page cache (ADR 0019):
 * - `?component=recent&viewed=CODE`: records the product page view in the recent-products cookie
 *   (spec §8; lifetime from the site configuration, spec §9) and answers the recently viewed
 *   products without CODE (at most 5);
 * - `?component=recent`: the recently viewed products (home);
 * - `?component=home`: the home carousel of the shopper's segment, with its experiment variant.
 * Always `Cache-Control: private, no-store`. Never fails: any problem answers an empty list (the
 * island then renders nothing), so a failing call leaves the page intact.
 */
import type { Route } from './+types/api-recommendations';
import type { RecommendationCarousel } from '@store/contracts';
import { getRequestContext } from '../lib/context.server.ts';
import { readRecentProducts, recentProductsCookie, recommendationCalls, recordView } from '../lib/recs.server.ts';

/** What the island receives: the carousel, or `null` when there is nothing to show. */
export type RecsIslandAnswer = Pick<RecommendationCarousel, 'kind' | 'variant' | 'segment' | 'products' | 'reasons'> | null;

const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  const component = ctx.url.searchParams.get('component');
  const viewedParam = ctx.url.searchParams.get('viewed');
  const viewed = viewedParam !== null && CODE.test(viewedParam) ? viewedParam : null;
  let recent = readRecentProducts(args.request);
  if (viewed) {
    recent = recordView(recent, viewed);
    headers.append('Set-Cookie', await recentProductsCookie(ctx, recent));
  }
  let body: RecsIslandAnswer = null;
  if (component === 'recent' || component === 'home') {
    body = await recommendationCalls(ctx)
      .getRecommendationCarousel(ctx.site, {
        componentId: component === 'recent' ? 'RecentlyViewed' : 'HomeRecommendationCarousel',
        ...(viewed && component === 'recent' ? { baseProductCode: viewed } : {}),
        recent,
        lang: ctx.lang,
      })
      .then(({ kind, variant, segment, products, reasons }) => (products.length > 0 ? { kind, variant, segment, products, reasons } : null))
      .catch(() => null);
  }
  return Response.json(body, { headers });
}
