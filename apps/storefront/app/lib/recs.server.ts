/**
 * Recommendations on the storefront's server (issue 13; ADR 0033): the recommendation call with
 * the right token (the customer's when signed in: "Fits your Solo"; the machine token otherwise)
 * and the recent-products cookie (spec §8 "recent products", §9 lifetime in days from the site
 * configuration key `recentProductsCookieDays`).
 *
 * The cookie is NOT per-visitor state for the page cache (visitor-state.server.ts ignores it): the
 * cached pages never read it. Only the `/api/recommendations` resource route (never cached,
 * `private, no-store`) reads and writes it.
 */
import { createRecommendationClient, type RecommendationCalls } from '@store/contracts';
import { formatRecentProducts, parseRecentProducts, pushRecentProduct, recentProductsMaxAgeSeconds, RECENT_PRODUCTS_COOKIE } from '@store/domain';
import type { RequestContext } from './context.server.ts';
import { readCookie, serializeCookie } from './cookies.server.ts';

/** The recommendation call of the shopper: `users/current` with the customer's token, else `users/anonymous`. */
export function recommendationCalls(ctx: RequestContext): RecommendationCalls {
  return ctx.auth.isLoggedIn ? createRecommendationClient(ctx.customerCore, 'current') : createRecommendationClient(ctx.anonymousCore, 'anonymous');
}

/** The product codes of the recent-products cookie, most recent first (never throws). */
export function readRecentProducts(request: Request): string[] {
  return parseRecentProducts(readCookie(request, RECENT_PRODUCTS_COOKIE));
}

/** The list after viewing `code` (moved first, at most 8). */
export function recordView(list: readonly string[], code: string): string[] {
  return pushRecentProduct(list, code);
}

/**
 * The `Set-Cookie` of the recent-products list, with the site's configured lifetime in days (30
 * when the configuration cannot be read). Not HttpOnly-sensitive data, but kept HttpOnly: only the
 * server reads it.
 */
export async function recentProductsCookie(ctx: RequestContext, list: readonly string[]): Promise<string> {
  const days = await ctx.api
    .getSiteConfig(ctx.site, { lang: ctx.lang })
    .then((c) => c.siteConfigurations.find((x) => x.key === 'recentProductsCookieDays')?.value)
    .catch(() => undefined);
  return serializeCookie(RECENT_PRODUCTS_COOKIE, formatRecentProducts(list), { maxAge: recentProductsMaxAgeSeconds(days), httpOnly: true, secure: ctx.secure, sameSite: 'Lax' });
}
