/** Session cookie flags and the request auth context (spec §4 logged-in detection, §6 segments, §9). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOSTS } from '@store/domain';
import type { AppLoadContext } from 'react-router';
import {
  authTokenCookies,
  readAuthTokens,
  wasLoggedInCookie,
} from '../app/lib/auth/cookies.server.ts';
import { afterLoginTarget, emailErrors, passwordErrors } from '../app/lib/auth/actions.server.ts';
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
    expect(value).toBe('sf_wasLoggedIn=true; Path=/; Max-Age=2592000; Secure; SameSite=Lax');
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
    expect(emailErrors('')).toEqual([{ key: 'auth.error.emailRequired' }]);
    expect(emailErrors('ann@example')).toEqual([{ key: 'auth.error.emailInvalid' }]);
    expect(emailErrors('Ann.O+x@Example.CO')).toEqual([]);
  });

  it('checks the password policy by reason', () => {
    expect(passwordErrors('short1', 'a@b.co').map((e) => e.key)).toEqual(['auth.error.passwordTooShort']);
    expect(passwordErrors('longenough', 'a@b.co').map((e) => e.key)).toEqual(['auth.error.passwordTooWeak']);
    expect(passwordErrors('ann1@ex.co', 'ANN1@ex.co').map((e) => e.key)).toEqual(['auth.error.passwordIsEmail']);
    expect(passwordErrors('brew2coffee', 'a@b.co')).toEqual([]);
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
