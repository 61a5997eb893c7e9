/**
 * The compare lists' cookies (issue 13; ADR 0031): `sf_compare_brewers` and `sf_compare_products`,
 * comma lists of product codes (each code a safe code: letters, digits, `-`, `_`, `.`; at most
 * {@link COMPARE_MAX_ITEMS}). Not HttpOnly-sensitive (nothing secret) but HttpOnly anyway; 30 days.
 * An `sf_*` cookie makes the visitor's pages render per visitor (ADR 0019), so the tray never
 * lands in a shared cached page.
 */
import { COMPARE_MAX_ITEMS, COMPARE_NOTICE_PARAM, type CompareKind, type CompareState } from './compare.ts';
import { readCookie, serializeCookie } from './cookies.server.ts';

const COOKIE: Record<CompareKind, string> = { brewers: 'sf_compare_brewers', products: 'sf_compare_products' };
const CODE = /^[A-Za-z0-9._-]{1,64}$/;
const MAX_AGE_S = 30 * 24 * 60 * 60;

/** The codes of a comma list that look like product codes, distinct, at most 4. */
export function cleanCodes(raw: string | null | undefined): string[] {
  if (!raw) return [];
  return [...new Set(raw.split(',').map((c) => c.trim()).filter((c) => CODE.test(c)))].slice(0, COMPARE_MAX_ITEMS);
}

/** The compare list of one kind from the request's cookie. */
export function readCompareList(request: Request, kind: CompareKind): string[] {
  return cleanCodes(readCookie(request, COOKIE[kind]));
}

/** The visitor's compare state (both lists, and the "list full" notice of the page URL). */
export function readCompareState(request: Request): CompareState {
  const full = new URL(request.url).searchParams.get(COMPARE_NOTICE_PARAM) === 'full';
  return { brewers: readCompareList(request, 'brewers'), products: readCompareList(request, 'products'), notice: full ? 'full' : null };
}

/** The Set-Cookie header storing a list (removing the cookie when empty). */
export function compareCookie(kind: CompareKind, codes: readonly string[], secure: boolean): string {
  return serializeCookie(COOKIE[kind], codes.join(','), { maxAge: codes.length ? MAX_AGE_S : 0, httpOnly: true, secure, sameSite: 'Lax' });
}
