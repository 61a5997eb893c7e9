/**
 * The recent-products cookie (spec §8 cookies "recent products", §9 "recent-products cookie
 * expiry configurable in days"; issue 13, ADR 0033): the codes of the products the shopper viewed,
 * most recent first, `|`-separated. Pure parsing and updating; the storefront sets the cookie.
 */

/** The cookie's name. */
export const RECENT_PRODUCTS_COOKIE = 'recentProducts';
/** Codes kept in the cookie (more than are shown, so the current product can be left out). */
export const RECENT_PRODUCTS_KEPT = 8;
/** Products shown in a "Recently viewed" strip. */
export const RECENTLY_VIEWED_SHOWN = 5;
/** Default cookie lifetime in days when the site configuration has none (site config `recentProductsCookieDays`). */
export const DEFAULT_RECENT_PRODUCTS_DAYS = 30;

const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * Parse a cookie value into product codes, most recent first: URL-decoded, split on `|`, invalid
 * codes and duplicates dropped, at most {@link RECENT_PRODUCTS_KEPT}. Never throws (a value over
 * 2 KB or badly encoded gives `[]`).
 */
export function parseRecentProducts(value: string | null | undefined): string[] {
  if (!value || value.length > 2048) return [];
  let text: string;
  try {
    text = decodeURIComponent(value);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const code of text.split('|')) {
    if (CODE.test(code) && !out.includes(code)) out.push(code);
    if (out.length === RECENT_PRODUCTS_KEPT) break;
  }
  return out;
}

/** The list after viewing `code`: it moves to the front, the list is capped at {@link RECENT_PRODUCTS_KEPT}. */
export function pushRecentProduct(list: readonly string[], code: string): string[] {
  if (!CODE.test(code)) return [...list];
  return [code, ...list.filter((c) => c !== code)].slice(0, RECENT_PRODUCTS_KEPT);
}

/** The cookie value of a list (codes contain no characters that need encoding). */
export function formatRecentProducts(list: readonly string[]): string {
  return list.filter((c) => CODE.test(c)).slice(0, RECENT_PRODUCTS_KEPT).join('|');
}

/** The recently viewed codes to show on a page, leaving out the page's own product; at most {@link RECENTLY_VIEWED_SHOWN}. */
export function recentlyViewedToShow(list: readonly string[], current: string | null): string[] {
  return list.filter((c) => c !== current).slice(0, RECENTLY_VIEWED_SHOWN);
}

/**
 * The cookie lifetime in seconds for a configured number of days: whole days 1–365, anything
 * else (missing, not a number, out of range) gives {@link DEFAULT_RECENT_PRODUCTS_DAYS}.
 */
export function recentProductsMaxAgeSeconds(days: unknown): number {
  const d = typeof days === 'string' && /^\d+$/.test(days.trim()) ? Number(days) : days;
  const ok = typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 365;
  return (ok ? d : DEFAULT_RECENT_PRODUCTS_DAYS) * 86_400;
}
