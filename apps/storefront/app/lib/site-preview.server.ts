/**
 * Site preview for the visit (issue 9 item 9, ADR 0016): `?site=cab2c` on any page shows that
 * brand, and a session cookie keeps it on the following pages, whose links do not carry the
 * parameter. Precedence (spec §1, `detectBaseSite`): the `site` parameter, then this cookie, then
 * the host.
 *
 * - `?site=<id>` naming another brand than the host's stores `sf_site=<id>`: a session cookie
 *   (no Max-Age: it ends with the browser session), HttpOnly, SameSite=Lax, Path=/, Secure on
 *   HTTPS.
 * - `?site=<id>` naming the host's own brand deletes it (`?site=usb2c` on localhost ends the
 *   preview), so the cookie only ever holds a real preview.
 * - A parameter that names no base site changes nothing (and is ignored by the detection).
 */
import { baseSiteOfHost, isBaseSiteId } from '@store/domain';
import type { BaseSiteId, HostConfig } from '@store/domain';
import { readCookie, serializeCookie } from './cookies.server.ts';

/** Name of the site preview cookie. */
export const SITE_COOKIE = 'sf_site';

/** The base site kept by the preview cookie, or null when absent or not a base site id. */
export function readSiteCookie(request: Request): BaseSiteId | null {
  const v = readCookie(request, SITE_COOKIE)?.trim().toLowerCase();
  return isBaseSiteId(v) ? v : null;
}

/**
 * The `Set-Cookie` header the request calls for (see module comment), or null when the cookie
 * stays as it is.
 * @param host the request host (`requestHost(request)`)
 * @param secure the request came over HTTPS (adds `Secure`)
 */
export function siteCookieUpdate(request: Request, host: string, hosts: HostConfig, secure: boolean): string | null {
  const param = new URL(request.url).searchParams.get('site')?.trim().toLowerCase();
  if (!isBaseSiteId(param)) return null;
  const kept = readSiteCookie(request);
  if (param === baseSiteOfHost(host, hosts)) {
    return readCookie(request, SITE_COOKIE) === null ? null : serializeCookie(SITE_COOKIE, '', { maxAge: 0, httpOnly: true, secure, sameSite: 'Lax' });
  }
  if (kept === param) return null;
  return serializeCookie(SITE_COOKIE, param, { httpOnly: true, secure, sameSite: 'Lax' });
}
