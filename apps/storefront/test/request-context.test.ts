import { describe, expect, it } from 'vitest';
import { DEFAULT_HOSTS } from '@store/domain';
import type { AppLoadContext } from 'react-router';
import { getRequestContext } from '../app/lib/context.server.ts';
import {
  cartGuidCookie,
  CART_COOKIE_MAX_AGE_S,
  flashCookie,
  parseCookies,
  readCartGuid,
  readFlash,
} from '../app/lib/cookies.server.ts';
import type { StorefrontLoadContext } from '../app/lib/load-context.ts';
import { apiQuery, listHref, pageWindow, readListState } from '../app/lib/listing.ts';
import { pathsFor, switchLanguagePath } from '../app/lib/paths.ts';
import { detectRequestInfo, isHttps } from '../app/lib/request-info.ts';
import { createTokenProvider } from '../app/lib/token.server.ts';
import { safeRedirect } from '../app/routes/add-to-cart.tsx';
import { isLandingSlug } from '../app/routes/catch-all.server.ts';

const req = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe('detectRequestInfo (spec §1, §2)', () => {
  it('gives usb2c in English for localhost and any other host', () => {
    expect(detectRequestInfo(req('http://localhost:3000/'), DEFAULT_HOSTS)).toEqual({ site: 'usb2c', lang: 'en', locale: 'en-US', htmlLang: 'en' });
    expect(detectRequestInfo(req('https://shop.example.org/c/BR'), DEFAULT_HOSTS).site).toBe('usb2c');
  });

  it('gives cab2c for a Canadian host, French under /fr with fr-CA', () => {
    expect(detectRequestInfo(req('http://ca.localhost:3000/'), DEFAULT_HOSTS)).toEqual({ site: 'cab2c', lang: 'en', locale: 'en-CA', htmlLang: 'en' });
    expect(detectRequestInfo(req('https://www.brewhaus.ca/fr/recherche?term=cafe'), DEFAULT_HOSTS)).toEqual({
      site: 'cab2c',
      lang: 'fr',
      locale: 'fr-CA',
      htmlLang: 'fr-CA',
    });
    expect(detectRequestInfo(req('http://ca.localhost/fr'), DEFAULT_HOSTS).lang).toBe('fr');
  });

  it('gives usafh for a commercial host', () => {
    expect(detectRequestInfo(req('http://office.localhost:3000/c/BR'), DEFAULT_HOSTS).site).toBe('usafh');
  });

  it('uses the Host header (and X-Forwarded-Host) rather than the URL host', () => {
    expect(detectRequestInfo(req('http://127.0.0.1:3000/', { host: 'ca.localhost:3000' }), DEFAULT_HOSTS).site).toBe('cab2c');
    expect(detectRequestInfo(req('http://127.0.0.1/', { host: 'x', 'x-forwarded-host': 'office.localhost, proxy' }), DEFAULT_HOSTS).site).toBe('usafh');
  });

  it('lets the site query parameter choose the brand', () => {
    expect(detectRequestInfo(req('http://localhost/fr/recherche?site=cab2c'), DEFAULT_HOSTS)).toMatchObject({ site: 'cab2c', lang: 'fr' });
    expect(detectRequestInfo(req('http://ca.localhost/?site=USAFH'), DEFAULT_HOSTS).site).toBe('usafh');
    expect(detectRequestInfo(req('http://ca.localhost/?site=nope'), DEFAULT_HOSTS).site).toBe('cab2c');
  });

  it('keeps English on a site that does not sell in French', () => {
    expect(detectRequestInfo(req('http://localhost/fr/recherche'), DEFAULT_HOSTS)).toMatchObject({ site: 'usb2c', lang: 'en', htmlLang: 'en' });
  });

  it('honours configured hosts', () => {
    const hosts = { canadianHosts: ['shop.example.ca'], commercialHosts: [], apexHosts: [] };
    expect(detectRequestInfo(req('https://shop.example.ca/'), hosts).site).toBe('cab2c');
    expect(detectRequestInfo(req('http://ca.localhost/'), hosts).site).toBe('usb2c');
  });

  it('knows HTTPS from the URL or X-Forwarded-Proto', () => {
    expect(isHttps(req('https://a.test/'))).toBe(true);
    expect(isHttps(req('http://a.test/', { 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(isHttps(req('http://a.test/'))).toBe(false);
  });
});

function loadContext(calls: string[] = []): AppLoadContext {
  const storefront: StorefrontLoadContext = {
    apiFetch: async (input) => {
      calls.push(input);
      return Response.json({ ok: true });
    },
    apiBaseUrl: 'http://api.test/rest/v2',
    hosts: DEFAULT_HOSTS,
    getToken: async () => 'token-1',
    invalidateToken: () => {},
    nonce: 'n',
    devPages: false,
  };
  return { storefront };
}

describe('getRequestContext', () => {
  it('answers brand, language, locale, paths, t() and the cart cookie', () => {
    const request = req('http://ca.localhost/fr/panier', { cookie: 'other=1; cartGuid=3f2a9c1e-7b4d-4e8a-9c1f-2b3d4e5f6a7b' });
    const ctx = getRequestContext({ request, context: loadContext() });
    expect(ctx.site).toBe('cab2c');
    expect(ctx.lang).toBe('fr');
    expect(ctx.locale).toBe('fr-CA');
    expect(ctx.paths.cart).toBe('/fr/panier');
    expect(ctx.paths.search).toBe('/fr/recherche');
    expect(ctx.t('addToCart.button')).toBe('Ajouter au panier');
    expect(ctx.cart.guid).toBe('3f2a9c1e-7b4d-4e8a-9c1f-2b3d4e5f6a7b');
    const headers = new Headers();
    ctx.cart.setGuid(headers, 'abcdef12-0000-0000-0000-000000000000');
    const cookie = headers.get('set-cookie') ?? '';
    expect(cookie).toContain('cartGuid=abcdef12-0000-0000-0000-000000000000');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain(`Max-Age=${CART_COOKIE_MAX_AGE_S}`);
    expect(cookie).not.toContain('Secure');
  });

  it('is built once per request', () => {
    const request = req('http://localhost/');
    const context = loadContext();
    expect(getRequestContext({ request, context })).toBe(getRequestContext({ request, context }));
  });

  it('calls the API under the base URL with the machine token on commerce calls', async () => {
    const calls: string[] = [];
    const seen: Array<string | null> = [];
    const context = loadContext(calls);
    const sf = context.storefront;
    sf.apiFetch = async (input, init) => {
      calls.push(input);
      seen.push(new Headers(init?.headers).get('authorization'));
      return Response.json({ cartGuid: 'g', cartQuantity: 0, created: true });
    };
    const ctx = getRequestContext({ request: req('http://localhost/'), context });
    await ctx.commerce.getSessionCartGuid(ctx.site, null);
    expect(calls).toEqual(['http://api.test/rest/v2/usb2c/getSessionCartGuid']);
    expect(seen).toEqual(['Bearer token-1']);
  });

  it('retries once with a fresh token after a 401', async () => {
    let token = 'old';
    let invalidated = 0;
    const auth: Array<string | null> = [];
    const context = loadContext();
    context.storefront.getToken = async () => token;
    context.storefront.invalidateToken = () => {
      invalidated++;
      token = 'new';
    };
    context.storefront.apiFetch = async (_input, init) => {
      const a = new Headers(init?.headers).get('authorization');
      auth.push(a);
      return a === 'Bearer new' ? Response.json({ cartGuid: 'g', cartQuantity: 0, created: false }) : new Response('{}', { status: 401 });
    };
    const ctx = getRequestContext({ request: req('http://localhost/'), context });
    await expect(ctx.commerce.getSessionCartGuid('usb2c')).resolves.toMatchObject({ cartGuid: 'g' });
    expect(auth).toEqual(['Bearer old', 'Bearer new']);
    expect(invalidated).toBe(1);
  });

  it('marks the cart cookie Secure on HTTPS', () => {
    expect(cartGuidCookie('abcdefgh', true)).toContain('Secure');
    const ctx = getRequestContext({ request: req('https://www.brewhaus.ca/'), context: loadContext() });
    const h = new Headers();
    ctx.cart.setGuid(h, 'abcdefgh');
    expect(h.get('set-cookie')).toContain('Secure');
  });
});

describe('cookies', () => {
  it('parses cookie headers and rejects malformed cart guids', () => {
    expect(parseCookies('a=1; b=%20x; a=2')).toEqual({ a: '1', b: ' x' });
    expect(readCartGuid(req('http://x/', { cookie: 'cartGuid=../../etc' }))).toBeNull();
    expect(readCartGuid(req('http://x/'))).toBeNull();
  });

  it('round-trips the flash message', () => {
    const set = flashCookie({ kind: 'added', name: 'Signature Dark', cartQuantity: 3 }, false);
    const value = set.split(';')[0] ?? '';
    expect(readFlash(req('http://x/', { cookie: value }))).toEqual({ kind: 'added', name: 'Signature Dark', cartQuantity: 3 });
    expect(readFlash(req('http://x/', { cookie: 'sf_flash=%7Bnot-json' }))).toBeNull();
  });
});

describe('machine-to-machine token cache', () => {
  function tokenServer() {
    let n = 0;
    const fetch = async (_input: string, init?: RequestInit) => {
      n++;
      const body = new URLSearchParams(String(init?.body));
      expect(body.get('grant_type')).toBe('client_credentials');
      expect(body.get('client_id')).toBe('storefront');
      return Response.json({ access_token: `t${n}`, token_type: 'bearer', expires_in: 3600, scope: 'basic' });
    };
    return { fetch, count: () => n };
  }

  it('fetches once and reuses the token until shortly before expiry', async () => {
    let now = 0;
    const server = tokenServer();
    const p = createTokenProvider({ fetch: server.fetch, tokenUrl: 'http://api.test/authorizationserver/oauth/token', clientId: 'storefront', clientSecret: 's', now: () => now });
    const [a, b] = await Promise.all([p.getToken(), p.getToken()]);
    expect([a, b]).toEqual(['t1', 't1']);
    now = 3_500_000; // 58 min 20 s: inside the lifetime minus the 60 s margin
    expect(await p.getToken()).toBe('t1');
    now = 3_545_000; // within 60 s of expiry: renewed
    expect(await p.getToken()).toBe('t2');
    expect(server.count()).toBe(2);
  });

  it('fetches again after invalidate() and does not cache failures', async () => {
    const server = tokenServer();
    const p = createTokenProvider({ fetch: server.fetch, tokenUrl: 'http://api.test/t', clientId: 'storefront', clientSecret: 's' });
    await p.getToken();
    p.invalidate();
    expect(await p.getToken()).toBe('t2');
    let fail = true;
    const flaky = createTokenProvider({
      fetch: async (input, init) => (fail ? Response.json({ error: 'invalid_client' }, { status: 401 }) : server.fetch(input, init)),
      tokenUrl: 'http://api.test/t',
      clientId: 'storefront',
      clientSecret: 's',
    });
    await expect(flaky.getToken()).rejects.toMatchObject({ status: 401 });
    fail = false;
    expect(await flaky.getToken()).toMatch(/^t\d$/);
  });
});

describe('paths', () => {
  it('localises fixed pages', () => {
    const en = pathsFor('en');
    const fr = pathsFor('fr');
    expect([en.home, en.search, en.cart, en.discontinued, en.checkout]).toEqual(['/', '/search', '/cart', '/discontinued-items', '/checkout/singlestep']);
    expect([fr.home, fr.search, fr.cart, fr.discontinued, fr.checkout]).toEqual(['/fr', '/fr/recherche', '/fr/panier', '/fr/article-de-fin-de-serie', '/fr/checkout/singlestep']);
    expect(en.product('signature-dark', 'BH-1')).toBe('/signature-dark/p/BH-1');
    expect(fr.category('BR')).toBe('/fr/c/BR');
    expect(fr.supportContact).toBe('/fr/content/support/email-us-page');
    expect(fr.orderConfirmation('KC-1')).toBe('/fr/confirmation-de-commande/KC-1');
  });

  it('switches the language keeping the page', () => {
    expect(switchLanguagePath('/search', '?term=cafe', 'fr')).toBe('/fr/recherche?term=cafe');
    expect(switchLanguagePath('/fr/recherche', '?term=cafe', 'en')).toBe('/search?term=cafe');
    expect(switchLanguagePath('/fr/panier', '', 'en')).toBe('/cart');
    expect(switchLanguagePath('/x/p/BH-1', '', 'fr')).toBe('/fr/x/p/BH-1');
    expect(switchLanguagePath('/fr', '', 'en')).toBe('/');
    expect(switchLanguagePath('/', '', 'fr')).toBe('/fr');
    expect(switchLanguagePath('/order-confirmation/KC1', '', 'fr')).toBe('/fr/confirmation-de-commande/KC1');
  });
});

describe('list state', () => {
  it('reads page, sort and filters from the URL, with safe defaults', () => {
    const s = readListState(new URLSearchParams('page=3&sort=price-asc&f=roast:dark&f=brand:MAPLE&f=bad'));
    expect(s).toEqual({ page: 3, sort: 'price-asc', filters: ['brand:MAPLE', 'roast:dark'], term: '' });
    expect(apiQuery(s)).toBe('brand:MAPLE,roast:dark');
    expect(readListState(new URLSearchParams('page=-2&sort=evil'))).toMatchObject({ page: 1, sort: 'relevance', filters: [] });
    expect(readListState(new URLSearchParams('q=roast:dark,count:24')).filters).toEqual(['count:24', 'roast:dark']);
  });

  it('builds list URLs and page windows', () => {
    expect(listHref('/search', { page: 2, sort: 'relevance', filters: ['roast:dark'], term: 'cafe' })).toBe('/search?term=cafe&f=roast%3Adark&page=2');
    expect(listHref('/c/BR', { page: 1, sort: 'relevance', filters: [], term: '' })).toBe('/c/BR');
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
  });
});

describe('add to cart and landing helpers', () => {
  it('only redirects back to a path of this site', () => {
    expect(safeRedirect('/c/BR?page=2', '/')).toBe('/c/BR?page=2');
    expect(safeRedirect('//evil.example/x', '/')).toBe('/');
    expect(safeRedirect('https://evil.example/', '/fr')).toBe('/fr');
    expect(safeRedirect(null, '/')).toBe('/');
  });

  it('recognises the starter-kit landing slugs (spec §2)', () => {
    expect(['brewer-starter-kit', 'solo-starter-kit', 'small-business-bundle', 'trousse-de-demarrage-cafetiere-solo'].every(isLandingSlug)).toBe(true);
    expect(isLandingSlug('coffee')).toBe(false);
  });
});
