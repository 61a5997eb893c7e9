/** Session cookie flags and the request auth context (spec §4 logged-in detection, §6 segments, §9). */
import { parseSetCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOSTS } from '@store/domain';
import type { AppLoadContext } from 'react-router';
import {
  authTokenCookies,
  readAuthTokens,
  wasLoggedInCookie,
} from '../app/lib/auth/cookies.server.ts';
import { SignUpFormSchema } from '@store/contracts/forms';
import { afterLoginTarget, authFormErrors } from '../app/lib/auth/actions.server.ts';
import { createTranslator } from '../app/lib/intl.ts';

/** The reasons of the email and password fields of a sign-up with these values. */
function signUpReasons(email: string, password: string): Record<string, Array<string | undefined>> {
  const errors = authFormErrors({ t: createTranslator('en') }, SignUpFormSchema, { firstName: 'Ann', lastName: 'Lee', email, password, confirmPassword: password }) ?? {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((m) => m.reason)]));
}
import { isSafeRedirect } from '../app/lib/auth/paths.ts';
import { getRequestContext } from '../app/lib/context.server.ts';
import type { StorefrontLoadContext } from '../app/lib/load-context.ts';

function context(): AppLoadContext {
  const storefront: StorefrontLoadContext = {
    apiFetch: async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    apiBaseUrl: 'http://api.test/rest/v2',
    hosts: DEFAULT_HOSTS,
    getToken: async () => 'machine',
    invalidateToken: () => undefined,
    nonce: 'n',
    devPages: false,
    setCookies: new Map(),
  };
  return { storefront } as AppLoadContext;
}

describe('session cookies', () => {
  it('are HttpOnly, SameSite=Lax, Path=/ and __Host- + Secure on HTTPS', () => {
    const tokens = { accessToken: 'a.b.c', refreshToken: 'r1', expiresAt: 1_700_000_000_000 };
    for (const value of authTokenCookies(tokens, true).values()) {
      expect(value).toMatch(/^__Host-sf_(at|rt|exp)=/);
      expect(value).toContain('; Path=/');
      expect(value).toContain('; HttpOnly');
      expect(value).toContain('; Secure');
      expect(value).toContain('; SameSite=Lax');
      expect(value).not.toContain('Domain=');
    }
    for (const value of authTokenCookies(tokens, false).values()) {
      expect(value).toMatch(/^sf_(at|rt|exp)=.*; HttpOnly; SameSite=Lax$/);
    }
  });

  it('a null token deletes its cookie', () => {
    const cookies = authTokenCookies({ accessToken: null, refreshToken: null, expiresAt: null }, false);
    for (const value of cookies.values()) expect(value).toContain('Max-Age=0');
  });

  it("the 'user was logged in' cookie lasts 30 days and holds no secret", () => {
    const [name, value] = wasLoggedInCookie(true);
    expect(name).toBe('sf_wasLoggedIn');
    expect(parseSetCookie(value)).toEqual({ name: 'sf_wasLoggedIn', value: 'true', path: '/', maxAge: 2592000, secure: true, sameSite: 'lax' });
  });

  it('reads the tokens of the request, only under the right prefix', () => {
    const req = new Request('https://localhost/', { headers: { cookie: 'sf_rt=plain; __Host-sf_rt=good; __Host-sf_exp=123' } });
    expect(readAuthTokens(req, true)).toEqual({ accessToken: null, refreshToken: 'good', expiresAt: 123 });
  });
});

describe('auth in the request context (spec §4, §6)', () => {
  it('is anonymous without session cookies', () => {
    const ctx = getRequestContext({ request: new Request('http://localhost/'), context: context() });
    expect(ctx.auth.isLoggedIn).toBe(false);
    expect(ctx.auth.segment).toBe('anonymous');
    expect(ctx.auth.customer).toBeNull();
  });

  it("is 'current' with a refresh token, with the customer from the display cookie", () => {
    const user = encodeURIComponent(JSON.stringify({ id: 'cu_1', email: 'ann@example.com', firstName: 'Ann' }));
    const request = new Request('http://localhost/', { headers: { cookie: `sf_rt=r1; sf_user=${user}; sf_wasLoggedIn=true` } });
    const ctx = getRequestContext({ request, context: context() });
    expect(ctx.auth.isLoggedIn).toBe(true);
    expect(ctx.auth.segment).toBe('current');
    expect(ctx.auth.customer).toEqual({ id: 'cu_1', email: 'ann@example.com', firstName: 'Ann' });
    expect(ctx.auth.wasLoggedIn).toBe(true);
  });

  it('issues a CSRF cookie once when the browser has none', () => {
    const lc = context();
    const ctx = getRequestContext({ request: new Request('http://localhost/'), context: lc });
    const token = ctx.auth.csrfToken;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(ctx.auth.csrfToken).toBe(token);
    expect(lc.storefront.setCookies?.get('sf_csrf')).toContain(`sf_csrf=${token}`);
  });
});

describe('form rules', () => {
  it('validates emails per spec §5', () => {
    expect(signUpReasons('', 'brew2coffee')).toEqual({ email: ['required'] });
    expect(signUpReasons('ann@example', 'brew2coffee')).toEqual({ email: ['invalidEmail'] });
    expect(signUpReasons('Ann.O+x@Example.CO', 'brew2coffee')).toEqual({});
  });

  it('checks the password policy by reason', () => {
    expect(signUpReasons('a@b.co', 'short1')).toEqual({ password: ['passwordTooShort'] });
    expect(signUpReasons('a@b.co', 'longenough')).toEqual({ password: ['passwordTooWeak'] });
    expect(signUpReasons('ANN1@ex.co', 'ann1@ex.co')).toEqual({ password: ['passwordIsEmail'] });
    expect(signUpReasons('a@b.co', 'brew2coffee')).toEqual({});
  });

  it('redirects only to paths of this site, never back to a sign-in page', () => {
    expect(isSafeRedirect('/cart')).toBe(true);
    expect(isSafeRedirect('//evil.example')).toBe(false);
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
    expect(afterLoginTarget('/fr/panier', '/')).toBe('/fr/panier');
    expect(afterLoginTarget('/login?redirect=/x', '/')).toBe('/');
    expect(afterLoginTarget('//evil', '/account')).toBe('/account');
  });
});
