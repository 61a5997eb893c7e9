/**
 * Issue 9 item 9: a `?site=` preview is kept for the visit in a session cookie; precedence is the
 * parameter, then the cookie, then the host (spec §1). Through `getRequestContext`, which every
 * loader and action runs, and the `setCookies` map the handler flushes onto the response.
 */
import { parseSetCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOSTS } from '@store/domain';
import type { AppLoadContext } from 'react-router';
import { getRequestContext } from '../app/lib/context.server.ts';
import type { StorefrontLoadContext } from '../app/lib/load-context.ts';
import { detectRequestInfo } from '../app/lib/request-info.ts';
import { readSiteCookie, SITE_COOKIE } from '../app/lib/site-preview.server.ts';

function context(): AppLoadContext & { storefront: StorefrontLoadContext & { setCookies: Map<string, string> } } {
  const storefront = {
    apiFetch: async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    apiBaseUrl: 'http://api.test/rest/v2',
    hosts: DEFAULT_HOSTS,
    getToken: async () => 'machine',
    invalidateToken: () => undefined,
    nonce: 'n',
    devPages: false,
    setCookies: new Map<string, string>(),
  };
  return { storefront } as AppLoadContext & { storefront: typeof storefront };
}

/** The site and the `Set-Cookie` of the preview cookie for one request. */
function visit(url: string, headers: Record<string, string> = {}) {
  const ctx = context();
  const rc = getRequestContext({ request: new Request(url, { headers }), context: ctx });
  return { site: rc.site, lang: rc.lang, setCookie: ctx.storefront.setCookies.get(SITE_COOKIE) ?? null };
}

describe('site preview cookie (issue 9 item 9)', () => {
  it('?site=cab2c on the US host shows cab2c and keeps it in a session cookie (HttpOnly, SameSite=Lax)', () => {
    const first = visit('http://localhost:3000/?site=cab2c');
    expect(first.site).toBe('cab2c');
    expect(first.setCookie).toMatch(/^sf_site=cab2c; Path=\//);
    expect(first.setCookie).toContain('HttpOnly');
    expect(first.setCookie).toContain('SameSite=Lax');
    expect(first.setCookie).not.toMatch(/Max-Age|Expires/);
    expect(first.setCookie).not.toContain('Secure');
  });

  it('is Secure on HTTPS', () => {
    expect(visit('https://www.brewhaus.com/?site=cab2c').setCookie).toContain('; Secure');
    expect(visit('http://127.0.0.1/?site=cab2c', { 'x-forwarded-proto': 'https' }).setCookie).toContain('; Secure');
  });

  it('keeps the brand on the next pages, in French where asked, without the parameter', () => {
    const cookie = { cookie: 'sf_site=cab2c' };
    expect(visit('http://localhost:3000/c/BR', cookie)).toEqual({ site: 'cab2c', lang: 'en', setCookie: null });
    expect(visit('http://localhost:3000/fr/panier', cookie)).toEqual({ site: 'cab2c', lang: 'fr', setCookie: null });
    expect(visit('http://localhost:3000/fr/panier/ajouter', cookie)).toMatchObject({ site: 'cab2c', lang: 'fr' });
    // without the cookie a French path on localhost is the US site in English (the bug)
    expect(visit('http://localhost:3000/fr/panier')).toMatchObject({ site: 'usb2c', lang: 'en' });
  });

  it('the parameter wins over the cookie; naming the host brand ends the preview', () => {
    const back = visit('http://localhost:3000/?site=usb2c', { cookie: 'sf_site=cab2c' });
    expect(back.site).toBe('usb2c');
    expect(parseSetCookie(back.setCookie ?? '')).toMatchObject({ name: 'sf_site', value: '', path: '/', maxAge: 0 });
    const other = visit('http://localhost:3000/?site=usafh', { cookie: 'sf_site=cab2c' });
    expect(other).toMatchObject({ site: 'usafh' });
    expect(other.setCookie).toMatch(/^sf_site=usafh;/);
    // nothing to delete, nothing to write
    expect(visit('http://ca.localhost:3000/?site=cab2c').setCookie).toBeNull();
    expect(visit('http://localhost:3000/?site=cab2c', { cookie: 'sf_site=cab2c' }).setCookie).toBeNull();
  });

  it('ignores a parameter or a cookie naming no base site', () => {
    expect(visit('http://localhost:3000/?site=evil')).toEqual({ site: 'usb2c', lang: 'en', setCookie: null });
    expect(visit('http://localhost:3000/?site=evil', { cookie: 'sf_site=cab2c' })).toMatchObject({ site: 'cab2c', setCookie: null });
    expect(visit('http://ca.localhost:3000/', { cookie: 'sf_site=%3Cscript%3E' })).toMatchObject({ site: 'cab2c', setCookie: null });
    expect(readSiteCookie(new Request('http://x/', { headers: { cookie: 'sf_site=nope' } }))).toBeNull();
  });

  it('is read by detectRequestInfo after the parameter and before the host', () => {
    const req = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} });
    expect(detectRequestInfo(req('http://localhost/fr/recherche', 'sf_site=cab2c'), DEFAULT_HOSTS)).toMatchObject({ site: 'cab2c', lang: 'fr', htmlLang: 'fr-CA' });
    expect(detectRequestInfo(req('http://ca.localhost/?site=usb2c', 'sf_site=cab2c'), DEFAULT_HOSTS).site).toBe('usb2c');
    expect(detectRequestInfo(req('http://ca.localhost/', 'sf_site=usafh'), DEFAULT_HOSTS).site).toBe('usafh');
  });
});
