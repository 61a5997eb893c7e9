/**
 * CSRF protection (app/lib/csrf.server.ts): Origin / Sec-Fetch-Site for every state-changing
 * request, and the double-submit token once a customer session exists (issue 11 item 4).
 */
import { parseSetCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { createCsrfToken, csrfCookie, csrfGuard, verifyCsrf } from '../app/lib/csrf.server.ts';

const TOKEN = createCsrfToken();
const OTHER = createCsrfToken();
/** a customer session (refresh token cookie) */
const SESSION = 'sf_rt=some-refresh-token';

function post(url: string, opts: { headers?: Record<string, string>; form?: Record<string, string>; json?: unknown } = {}): Request {
  const headers = new Headers(opts.headers);
  let body: string | undefined;
  if (opts.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(opts.json);
  }
  return new Request(url, { method: 'POST', headers, body });
}

describe('CSRF check', () => {
  it('lets safe methods through', async () => {
    expect(await verifyCsrf(new Request('http://localhost/cart', { headers: { origin: 'https://evil.example' } }))).toBeNull();
  });

  it('accepts a same-origin form post whose _csrf field matches the cookie', async () => {
    const req = post('http://localhost:3000/cart/add', {
      headers: { origin: 'http://localhost:3000', cookie: `sf_csrf=${TOKEN}` },
      form: { productCode: 'X', _csrf: TOKEN },
    });
    expect(await verifyCsrf(req)).toBeNull();
    // the action can still read the body
    expect((await req.formData()).get('productCode')).toBe('X');
  });

  it('accepts the x-csrf-token header (JSON calls) and Sec-Fetch-Site same-origin without Origin', async () => {
    const req = post('http://localhost/api/auth/login', {
      headers: { 'sec-fetch-site': 'same-origin', cookie: `sf_csrf=${TOKEN}`, 'x-csrf-token': TOKEN },
      json: { email: 'a@b.co' },
    });
    expect(await verifyCsrf(req)).toBeNull();
  });

  it('refuses another origin even with a valid token', async () => {
    const req = post('http://localhost/login', { headers: { origin: 'https://evil.example', cookie: `sf_csrf=${TOKEN}` }, form: { _csrf: TOKEN } });
    expect(await verifyCsrf(req)).toBe('crossOrigin');
    const site = post('http://localhost/login', { headers: { 'sec-fetch-site': 'cross-site', cookie: `sf_csrf=${TOKEN}` }, form: { _csrf: TOKEN } });
    expect(await verifyCsrf(site)).toBe('crossOrigin');
    const nullOrigin = post('http://localhost/login', { headers: { origin: 'null', cookie: `sf_csrf=${TOKEN}` }, form: { _csrf: TOKEN } });
    expect(await verifyCsrf(nullOrigin)).toBe('crossOrigin');
  });

  it('compares the origin with the forwarded host and scheme', async () => {
    const req = post('http://internal:3000/logout', {
      headers: { origin: 'https://www.brewhaus.ca', 'x-forwarded-host': 'www.brewhaus.ca', 'x-forwarded-proto': 'https', cookie: `__Host-sf_csrf=${TOKEN}` },
      form: { _csrf: TOKEN },
    });
    expect(await verifyCsrf(req)).toBeNull();
  });

  it('with a session, refuses a missing or different token, even from our own origin', async () => {
    expect(await verifyCsrf(post('http://localhost/logout', { headers: { origin: 'http://localhost', cookie: SESSION }, form: { _csrf: TOKEN } }))).toBe('missingToken');
    expect(await verifyCsrf(post('http://localhost/logout', { headers: { origin: 'http://localhost', cookie: `${SESSION}; sf_csrf=${TOKEN}` }, form: { email: 'x' } }))).toBe('missingToken');
    expect(await verifyCsrf(post('http://localhost/logout', { headers: { cookie: `${SESSION}; sf_csrf=${TOKEN}` }, form: { _csrf: OTHER } }))).toBe('badToken');
    expect(await verifyCsrf(post('http://localhost/logout', { headers: { cookie: `sf_at=access; sf_csrf=${TOKEN}` }, form: { _csrf: OTHER } }))).toBe('badToken');
    // on HTTPS only the __Host- cookie counts
    const https = post('https://localhost/logout', { headers: { cookie: `__Host-sf_rt=r; sf_csrf=${TOKEN}` }, form: { _csrf: TOKEN } });
    expect(await verifyCsrf(https)).toBe('missingToken');
    // with the token, a session request without Origin / Sec-Fetch-Site passes (the token decides)
    expect(await verifyCsrf(post('http://localhost/logout', { headers: { cookie: `${SESSION}; sf_csrf=${TOKEN}` }, form: { _csrf: TOKEN } }))).toBeNull();
  });

  it('without a session, needs no token but a positive Origin or Sec-Fetch-Site', async () => {
    expect(await verifyCsrf(post('http://localhost/cart/add', { headers: { origin: 'http://localhost' }, form: { productCode: 'X' } }))).toBeNull();
    expect(await verifyCsrf(post('http://localhost/cart/add', { headers: { 'sec-fetch-site': 'same-origin', cookie: 'cartGuid=abcdef12-3456' }, form: { productCode: 'X' } }))).toBeNull();
    // neither header: refused (an old browser or a script; a cached page holds no token to fall back on)
    expect(await verifyCsrf(post('http://localhost/login', { headers: { cookie: `sf_csrf=${TOKEN}` }, form: { _csrf: TOKEN } }))).toBe('unverifiedOrigin');
    expect(await verifyCsrf(post('http://localhost/cart/add', { form: { productCode: 'X' } }))).toBe('unverifiedOrigin');
    // a cross-site post is refused whatever it carries
    expect(await verifyCsrf(post('http://localhost/cart/add', { headers: { origin: 'https://evil.example' }, form: { productCode: 'X' } }))).toBe('crossOrigin');
    expect(await verifyCsrf(post('http://localhost/cart/add', { headers: { 'sec-fetch-site': 'same-site' }, form: { productCode: 'X' } }))).toBe('crossOrigin');
  });

  it('answers a 403 page in the page language, JSON for /api and data requests', async () => {
    const en = await csrfGuard(post('http://localhost/login', { form: {} }));
    expect(en?.status).toBe(403);
    expect(en?.headers.get('content-type')).toContain('text/html');
    expect(await en?.text()).toContain('This form has expired');
    const fr = await csrfGuard(post('http://ca.localhost/fr/connexion', { form: {} }));
    expect(await fr?.text()).toContain('Ce formulaire a expiré');
    const api = await csrfGuard(post('http://localhost/api/auth/login', { json: {} }));
    expect(api?.status).toBe(403);
    expect(await api?.json()).toMatchObject({ errors: [{ type: 'CsrfError', reason: 'unverifiedOrigin' }] });
    // no session: no CSRF cookie is handed out
    expect(api?.headers.get('set-cookie')).toBeNull();
    const session = await csrfGuard(post('http://localhost/api/auth/refreshToken', { headers: { origin: 'http://localhost', cookie: SESSION }, json: {} }));
    expect(await session?.json()).toMatchObject({ errors: [{ type: 'CsrfError', reason: 'missingToken' }] });
    expect(session?.headers.get('set-cookie')).toMatch(/^sf_csrf=/);
    expect(await csrfGuard(post('http://localhost/login', { headers: { cookie: `${SESSION}; sf_csrf=${TOKEN}` }, form: { _csrf: TOKEN } }))).toBeNull();
  });

  it('sets the CSRF cookie HttpOnly, SameSite=Lax, __Host- and Secure on HTTPS', () => {
    expect(parseSetCookie(csrfCookie(TOKEN, false))).toEqual({ name: 'sf_csrf', value: TOKEN, path: '/', maxAge: 2592000, httpOnly: true, sameSite: 'lax' });
    expect(parseSetCookie(csrfCookie(TOKEN, true))).toEqual({ name: '__Host-sf_csrf', value: TOKEN, path: '/', maxAge: 2592000, httpOnly: true, secure: true, sameSite: 'lax' });
  });
});
