/** CSRF protection (app/lib/csrf.server.ts): Origin / Sec-Fetch-Site and the double-submit token. */
import { describe, expect, it } from 'vitest';
import { createCsrfToken, csrfCookie, csrfGuard, verifyCsrf } from '../app/lib/csrf.server.ts';

const TOKEN = createCsrfToken();
const OTHER = createCsrfToken();

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

  it('refuses a missing or different token', async () => {
    expect(await verifyCsrf(post('http://localhost/login', { headers: { origin: 'http://localhost' }, form: { _csrf: TOKEN } }))).toBe('missingToken');
    expect(await verifyCsrf(post('http://localhost/login', { headers: { cookie: `sf_csrf=${TOKEN}` }, form: { email: 'x' } }))).toBe('missingToken');
    expect(await verifyCsrf(post('http://localhost/login', { headers: { cookie: `sf_csrf=${TOKEN}` }, form: { _csrf: OTHER } }))).toBe('badToken');
    // on HTTPS only the __Host- cookie counts
    const https = post('https://localhost/login', { headers: { cookie: `sf_csrf=${TOKEN}` }, form: { _csrf: TOKEN } });
    expect(await verifyCsrf(https)).toBe('missingToken');
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
    expect(await api?.json()).toMatchObject({ errors: [{ type: 'CsrfError', reason: 'missingToken' }] });
    expect(api?.headers.get('set-cookie')).toMatch(/^sf_csrf=/);
    expect(await csrfGuard(post('http://localhost/login', { headers: { cookie: `sf_csrf=${TOKEN}` }, form: { _csrf: TOKEN } }))).toBeNull();
  });

  it('sets the CSRF cookie HttpOnly, SameSite=Lax, __Host- and Secure on HTTPS', () => {
    expect(csrfCookie(TOKEN, false)).toMatch(/^sf_csrf=[\w-]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(csrfCookie(TOKEN, true)).toMatch(/^__Host-sf_csrf=[\w-]+; Path=\/; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax$/);
  });
});
