/**
 * Cookie helpers: the anonymous cart guid (spec §3 "Cookies and storage": cartGuid) and a
 * one-shot flash cookie carrying the add-to-cart outcome across a no-JavaScript redirect.
 */
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Flash } from './flash.ts';
import { sameOriginPath } from './safe-redirect.ts';

/** Name of the cart cookie (spec §3). */
export const CART_COOKIE = 'cartGuid';
/** Lifetime of the cart cookie: 30 days, in seconds. */
export const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Name of the flash cookie (add-to-cart outcome after a redirect). */
export const FLASH_COOKIE = 'sf_flash';
/** Lifetime of the flash cookie, in seconds (read on the next page view, then cleared). */
export const FLASH_COOKIE_MAX_AGE_S = 60;

/** Options of {@link serializeCookie}. */
export interface CookieOptions {
  /** seconds; 0 deletes the cookie; absent = session cookie */
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
  path?: string;
}

/**
 * Parses a `Cookie` header into name → value with the `cookie` library (values URI-decoded, bad
 * encodings kept raw, the first of two same-named cookies wins).
 */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  if (!header) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseCookie(header))) if (name && value !== undefined) out[name] = value;
  return out;
}

/** The value of one cookie of a request, or null. */
export function readCookie(request: Request, name: string): string | null {
  return parseCookies(request.headers.get('cookie'))[name] ?? null;
}

/**
 * A `Set-Cookie` header value, written by the `cookie` library (value URI-encoded). Defaults:
 * `Path=/`, `SameSite=Lax`; a `maxAge` of 0 or less also sets an `Expires` in 1970 (deletes the
 * cookie in old browsers too).
 * @throws TypeError when the name is not a cookie token
 */
export function serializeCookie(name: string, value: string, opts: CookieOptions = {}): string {
  const maxAge = opts.maxAge === undefined ? undefined : Math.max(0, Math.floor(opts.maxAge));
  return stringifySetCookie(name, value, {
    path: opts.path ?? '/',
    ...(maxAge === undefined ? {} : { maxAge }),
    ...(maxAge === 0 ? { expires: new Date(0) } : {}),
    httpOnly: opts.httpOnly === true,
    secure: opts.secure === true,
    sameSite: (opts.sameSite ?? 'Lax').toLowerCase() as 'lax' | 'strict' | 'none',
  });
}

const GUID = /^[A-Za-z0-9-]{8,64}$/;

/** The cart guid from the cookie when it looks like a guid, else null. */
export function readCartGuid(request: Request): string | null {
  const v = readCookie(request, CART_COOKIE);
  return v && GUID.test(v) ? v : null;
}

/** `Set-Cookie` for the cart guid: HttpOnly, SameSite=Lax, Secure on HTTPS, 30 days. */
export function cartGuidCookie(guid: string, secure: boolean): string {
  return serializeCookie(CART_COOKIE, guid, { maxAge: CART_COOKIE_MAX_AGE_S, httpOnly: true, secure, sameSite: 'Lax' });
}

/** `Set-Cookie` that deletes the cart cookie. */
export function clearCartGuidCookie(secure: boolean): string {
  return serializeCookie(CART_COOKIE, '', { maxAge: 0, httpOnly: true, secure, sameSite: 'Lax' });
}


/** `Set-Cookie` carrying a flash message (HttpOnly, 60 s). */
export function flashCookie(flash: Flash, secure: boolean): string {
  return serializeCookie(FLASH_COOKIE, JSON.stringify(flash), { maxAge: FLASH_COOKIE_MAX_AGE_S, httpOnly: true, secure, sameSite: 'Lax' });
}

/** `Set-Cookie` that deletes the flash cookie. */
export function clearFlashCookie(secure: boolean): string {
  return serializeCookie(FLASH_COOKIE, '', { maxAge: 0, httpOnly: true, secure, sameSite: 'Lax' });
}

/** The flash message of a request, or null when absent or malformed. */
export function readFlash(request: Request): Flash | null {
  const raw = readCookie(request, FLASH_COOKIE);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    if (typeof v !== 'object' || v === null) return null;
    const o = v as Record<string, unknown>;
    if (o.kind === 'added') {
      return {
        kind: 'added',
        name: typeof o.name === 'string' ? o.name.slice(0, 200) : null,
        cartQuantity: typeof o.cartQuantity === 'number' ? o.cartQuantity : 0,
      };
    }
    if (o.kind === 'error' && typeof o.reason === 'string') {
      return { kind: 'error', reason: o.reason.slice(0, 64), ...(typeof o.text === 'string' ? { text: o.text.slice(0, 300) } : {}) };
    }
    if (o.kind === 'coupon' && typeof o.text === 'string') {
      const link = typeof o.link === 'string' && o.link.length <= 500 ? sameOriginPath(o.link) : null;
      return { kind: 'coupon', ok: o.ok === true, text: o.text.slice(0, 300), link };
    }
    return null;
  } catch {
    return null;
  }
}
