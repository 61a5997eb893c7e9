/**
 * Storefront URLs and server-side redirects (spec §2, §5): apex → www, product URL
 * canonicalisation, localised paths of fixed pages, slugs.
 */
import type { HostConfig, Lang } from './sites.ts';
import { normalizeHost } from './sites.ts';

/** Status of the apex → www redirect (spec §2). */
export const APEX_REDIRECT_STATUS = 302;
/** Status of the discontinued-product redirect (spec §2). */
export const DISCONTINUED_REDIRECT_STATUS = 302;

function withSearch(search: string): string {
  if (!search || search === '?') return '';
  return search.startsWith('?') ? search : `?${search}`;
}

/**
 * The apex redirect (spec §2): when the host (port stripped, lower-cased) is one of
 * `hosts.apexHosts`, the location `https://www.<host><pathname><search>` (a port in the request
 * host is kept); otherwise `null`. The caller answers {@link APEX_REDIRECT_STATUS}.
 */
export function apexRedirect(host: string, url: { pathname: string; search: string }, hosts: HostConfig): string | null {
  const bare = normalizeHost(host);
  if (!hosts.apexHosts.some((h) => normalizeHost(h) === bare)) return null;
  const raw = host.trim().toLowerCase();
  const port = raw.startsWith('[') ? '' : raw.includes(':') ? raw.slice(raw.indexOf(':')) : '';
  const pathname = url.pathname.startsWith('/') ? url.pathname : `/${url.pathname}`;
  return `https://www.${bare}${port}${pathname}${withSearch(url.search)}`;
}

/**
 * Product URL canonicalisation on the server (spec §2, issue 2):
 * - the requested code is a variant code of a base product (`requestedCode !== baseProductCode`)
 *   → 302 to `canonicalPath` (the variant is still shown through the fragment);
 * - else the path name differs from `canonicalPath` (a wrong or outdated slug) → 301;
 * - else `null` (already canonical).
 * The query string is kept on the location.
 */
export function canonicalProductRedirect(input: {
  pathname: string;
  search: string;
  canonicalPath: string;
  requestedCode: string;
  baseProductCode: string;
}): { status: 301 | 302; location: string } | null {
  const location = `${input.canonicalPath}${withSearch(input.search)}`;
  if (input.requestedCode !== input.baseProductCode) return { status: 302, location };
  if (input.pathname !== input.canonicalPath) return { status: 301, location };
  return null;
}

function prefix(lang: Lang): string {
  return lang === 'fr' ? '/fr' : '';
}
function seg(s: string): string {
  return encodeURIComponent(s);
}

/** Product detail page path: `/{slug}/p/{code}`, prefixed `/fr` in French (spec §2). */
export function productPath(slug: string, code: string, lang: Lang): string {
  return `${prefix(lang)}/${seg(slug)}/p/${seg(code)}`;
}
/** Bundle page path: `/b/{code}`, prefixed `/fr` in French (spec §2). */
export function bundlePath(code: string, lang: Lang): string {
  return `${prefix(lang)}/b/${seg(code)}`;
}
/** Category page path: `/{slug}/c/{code}`, prefixed `/fr` in French (spec §2). */
export function categoryPath(slug: string, code: string, lang: Lang): string {
  return `${prefix(lang)}/${seg(slug)}/c/${seg(code)}`;
}
/** Search page path: `/search` or `/fr/recherche` (spec §2). */
export function searchPath(lang: Lang): string {
  return lang === 'fr' ? '/fr/recherche' : '/search';
}
/** Discontinued-items page path: `/discontinued-items` or `/fr/article-de-fin-de-serie` (spec §2). */
export function discontinuedPath(lang: Lang): string {
  return lang === 'fr' ? '/fr/article-de-fin-de-serie' : '/discontinued-items';
}

const SPECIAL_LETTERS: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', þ: 'th' };

/**
 * A URL slug: lower-case, accents folded (é → e, œ → oe), every run of other characters turned
 * into one dash, no leading or trailing dash. `"Café Crème — Dark Roast!"` → `"cafe-creme-dark-roast"`.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[œæßøđłþ]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Spec §5: a variant code counts as a regular product when it has four dash-separated
 * (non-empty) parts and the first part is numeric. `"5000367523-24-CT-US"` → true.
 */
export function isRegularVariantCode(code: string): boolean {
  const parts = code.split('-');
  return parts.length === 4 && parts.every((p) => p.length > 0) && /^\d+$/.test(parts[0] ?? '');
}
