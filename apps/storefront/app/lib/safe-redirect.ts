/**
 * Same-origin redirect targets (issue 9 item 7): every redirect whose target comes from a request
 * (the add-to-cart `redirectTo` field, the sign-in `redirect` parameter, the flash cookie's link)
 * goes through {@link sameOriginPath}, so a crafted value can never send the browser to another
 * site. Shared by server and client code (no Node API).
 *
 * Browsers parse a `Location` header with the WHATWG URL parser, which drops tabs and new lines
 * anywhere and reads `\` as `/`: `/\t/evil.example` and `/\evil.example` both become
 * `//evil.example`, another origin. So the raw text is refused when it holds a control character
 * or a backslash (also percent-encoded, for proxies that decode before forwarding), then resolved
 * against the request origin with the same parser, and kept only when the origin is unchanged and
 * the path starts with a single `/`.
 */

/** Longest redirect target kept, in UTF-16 code units (longer ones fall back). */
export const MAX_REDIRECT_LENGTH = 2000;

/** Stands in for the request origin where it is unknown (client code): only paths pass anyway. */
const PLACEHOLDER_ORIGIN = 'https://same-origin.invalid';

/** C0 and C1 control characters, DEL, and the backslash. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\\]/;
/** The same, percent-encoded (`%09`, `%0A`, `%5C`, `%7F`, C1 as UTF-8 `%C2%80`...). */
const FORBIDDEN_ENCODED = /%(?:[01][0-9a-f]|7f|5c)|%c2%[89][0-9a-f]/i;
/** A second slash right after the first, percent-encoded (`/%2F/evil` → `//evil` once decoded). */
const ENCODED_DOUBLE_SLASH = /^\/(?:%2f|%5c)/i;

/**
 * The target as a normalised same-origin path (`/path?query#fragment`), or `null` when it is not
 * one: not a string, empty, longer than {@link MAX_REDIRECT_LENGTH}, not starting with a single
 * `/` (`//host`, `https://host`, `javascript:`, ` /x`), holding a control character or a
 * backslash (raw or percent-encoded), or resolving to another origin.
 * @param origin the request origin (`https://www.brewhaus.ca`); a placeholder when omitted
 */
export function sameOriginPath(target: unknown, origin?: string): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_REDIRECT_LENGTH) return null;
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  if (FORBIDDEN_CHARS.test(target) || FORBIDDEN_ENCODED.test(target) || ENCODED_DOUBLE_SLASH.test(target)) return null;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin ?? PLACEHOLDER_ORIGIN);
    resolved = new URL(target, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base.origin) return null;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return path;
}

/** Is `target` a same-origin path (see {@link sameOriginPath})? */
export function isSameOriginPath(target: unknown, origin?: string): target is string {
  return sameOriginPath(target, origin) !== null;
}

/** {@link sameOriginPath} of `target`, or `fallback` when it is not a same-origin path. */
export function safeRedirectTarget(target: unknown, fallback: string, origin?: string): string {
  return sameOriginPath(target, origin) ?? fallback;
}
