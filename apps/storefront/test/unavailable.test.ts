/**
 * Issue 9 item 4: the storefront's availability guard. A request during which the API answered
 * 503 (its database is down), could not be reached, or did not answer in time is answered 503
 * with Retry-After: documents by a second render in unavailable mode (the brand's 503 page),
 * data requests and JSON by a JSON 503; API calls after the first failure answer at once.
 * (The rendered page itself is checked end to end in e2e/outage.spec.ts.)
 */
import { ApiError } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import type { StorefrontLoadContext } from '../app/lib/load-context.ts';
import { createAvailabilityGuard, requestIsUnavailable } from '../app/lib/unavailable.server.ts';

const API = 'http://localhost/rest/v2';

function context(): StorefrontLoadContext {
  return {
    apiFetch: () => Promise.reject(new Error('not used')),
    apiBaseUrl: API,
    hosts: { canadianHosts: [], commercialHosts: [], apexHosts: [] },
    getToken: () => Promise.resolve('token'),
    invalidateToken: () => undefined,
    nonce: 'n',
    devPages: false,
  };
}

const apiDown = () =>
  Promise.resolve(
    new Response('{"errors":[{"type":"ServiceUnavailableError","reason":"databaseUnavailable","message":"x"}]}', {
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '7', correlationid: 'api-123' },
    }),
  );

function setup(apiFetch: (input: string, init?: RequestInit) => Promise<Response>, timeoutMs = 1_000) {
  let calls = 0;
  const warnings: Array<Record<string, unknown>> = [];
  const guard = createAvailabilityGuard(
    (input, init) => {
      calls++;
      return apiFetch(input, init);
    },
    { timeoutMs, warn: (_message, details) => warnings.push(details) },
  );
  return { guard, warnings, calls: () => calls };
}

const html = (body: string, init: ResponseInit = {}) =>
  new Response(body, { ...init, headers: { 'content-type': 'text/html; charset=utf-8', ...(init.headers as Record<string, string>) } });

describe('availability guard', () => {
  it('answers the first render unchanged while the API answers', async () => {
    const { guard, warnings } = setup(() => Promise.resolve(Response.json({ ok: true })));
    const first = html('<p>page</p>');
    const answer = await guard.handle(new Request('http://localhost/cart'), context(), async () => {
      expect((await guard.fetch(`${API}/usb2c/cms/pages`)).status).toBe(200);
      return first;
    });
    expect(answer).toBe(first);
    expect(warnings).toEqual([]);
  });

  it('a page whose API call answered 503 becomes the 503 page: rendered again as the home page of its language, in unavailable mode', async () => {
    const { guard, warnings, calls } = setup(apiDown);
    const ctx = context();
    const renders: Array<{ url: string; method: string; mode: StorefrontLoadContext['unavailable']; cookie: string | null }> = [];
    const answer = await guard.handle(
      new Request('http://ca.localhost/fr/panier?site=cab2c', { headers: { cookie: 'cartGuid=abc' } }),
      ctx,
      async (request) => {
        renders.push({ url: request.url, method: request.method, mode: ctx.unavailable, cookie: request.headers.get('cookie') });
        const first = await guard.fetch(`${API}/cab2c/users/anonymous/carts/abc`);
        expect(first.status).toBe(503);
        // later calls of the request answer at once, without reaching the API
        expect((await guard.fetch(`${API}/cab2c/cms/pages`)).status).toBe(503);
        expect(requestIsUnavailable()).toBe(true);
        return renders.length === 1 ? html('<p>empty cart</p>', { headers: { 'set-cookie': 'csrf=t; Path=/' } }) : html('<h1>503 page</h1>', { status: 503 });
      },
    );
    expect(calls()).toBe(1);
    expect(renders).toEqual([
      { url: 'http://ca.localhost/fr/panier?site=cab2c', method: 'GET', mode: undefined, cookie: 'cartGuid=abc' },
      { url: 'http://ca.localhost/fr?site=cab2c', method: 'GET', mode: { retryHref: '/fr/panier?site=cab2c' }, cookie: 'cartGuid=abc' },
    ]);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.headers.getSetCookie()).toEqual(['csrf=t; Path=/']);
    expect(await answer.text()).toBe('<h1>503 page</h1>');
    expect(warnings).toEqual([{ method: 'GET', path: '/fr/panier', cause: 'API answered 503', correlationId: 'api-123' }]);
  });

  it('guards API calls made outside a render (ADR 0040): their value while the API answers, else the 503 page rendered in unavailable mode', async () => {
    const up = setup(() => Promise.resolve(Response.json({ cartQuantity: 2 })));
    const noRender = async (): Promise<Response> => {
      throw new Error('no render while the API answers');
    };
    const ok = await up.guard.guard(new Request('http://localhost/'), context(), async () => (await up.guard.fetch(`${API}/usb2c/carts/abc/count`)).status, noRender);
    expect(ok).toEqual({ value: 200 });

    const down = setup(apiDown);
    const ctx = context();
    const renders: string[] = [];
    const out = await down.guard.guard(
      new Request('http://localhost/c/BR', { headers: { cookie: 'cartGuid=abc' } }),
      ctx,
      async () => (await down.guard.fetch(`${API}/usb2c/carts/abc/count`)).status,
      async (request) => {
        renders.push(new URL(request.url).pathname);
        return html('<h1>503 page</h1>', { status: 503 });
      },
    );
    expect('unavailable' in out).toBe(true);
    const answer = (out as { unavailable: Response }).unavailable;
    expect(renders).toEqual(['/']);
    expect(ctx.unavailable).toEqual({ retryHref: '/c/BR' });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(await answer.text()).toBe('<h1>503 page</h1>');
  });

  it('a form post (no JavaScript) that found the API down answers the 503 page too, not its redirect, in the language of the page it came from', async () => {
    const { guard } = setup(apiDown);
    const ctx = context();
    const methods: string[] = [];
    const answer = await guard.handle(
      new Request('http://ca.localhost/cart/add', {
        method: 'POST',
        body: 'productCode=X',
        headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://ca.localhost/fr/p/X?site=cab2c' },
      }),
      ctx,
      async (request) => {
        const u = new URL(request.url);
        methods.push(`${request.method} ${u.pathname}${u.search} ${request.headers.get('content-type')}`);
        await guard.fetch(`${API}/usb2c/users/anonymous/addProductToCart`, { method: 'POST' });
        return methods.length === 1 ? new Response(null, { status: 303, headers: { location: '/p/X' } }) : html('<h1>503</h1>', { status: 503 });
      },
    );
    expect(methods).toEqual(['POST /cart/add application/x-www-form-urlencoded', 'GET /fr?site=cab2c null']);
    expect(ctx.unavailable).toEqual({ retryHref: '/fr/p/X?site=cab2c' });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('location')).toBeNull();
  });

  it('data requests and JSON answers get a JSON 503 (no second render)', async () => {
    for (const [url, type] of [
      ['http://localhost/cart.data', 'text/x-script'],
      ['http://localhost/api/auth/login', 'application/json'],
    ] as const) {
      const { guard } = setup(apiDown);
      let renders = 0;
      const answer = await guard.handle(new Request(url, { method: 'POST' }), context(), async () => {
        renders++;
        await guard.fetch(`${API}/authorizationserver/oauth/token`, { method: 'POST' });
        return new Response('{}', { headers: { 'content-type': type } });
      });
      expect(renders).toBe(1);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('7');
      expect(await answer.json()).toMatchObject({ errors: [{ type: 'ServiceUnavailableError' }] });
    }
  });

  it('an API that cannot be reached, or does not answer in time, marks the request (Retry-After defaults to 5 s)', async () => {
    for (const apiFetch of [() => Promise.reject(new TypeError('fetch failed')), () => new Promise<Response>(() => undefined)]) {
      const { guard } = setup(apiFetch, 50);
      let renders = 0;
      const answer = await guard.handle(new Request('http://localhost/'), context(), async () => {
        renders++;
        if (renders === 1) expect((await guard.fetch(`${API}/usb2c/cms/pages`)).status).toBe(503);
        return html('<p>x</p>');
      });
      expect(renders).toBe(2);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
    }
  });

  it('a shopper who went away (the call aborted by its caller) is not an outage', async () => {
    const { guard } = setup((_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))));
    const controller = new AbortController();
    const answer = await guard.handle(new Request('http://localhost/'), context(), async () => {
      const call = guard.fetch(`${API}/usb2c/cms/pages`, { signal: controller.signal });
      controller.abort();
      await expect(call).rejects.toThrow();
      return html('<p>x</p>');
    });
    expect(answer.status).toBe(200);
  });

  it('a machine-token fetch shared with another request marks this request too', async () => {
    const { guard } = setup(() => Promise.resolve(Response.json({ ok: true })));
    const ctx = context();
    ctx.getToken = () => Promise.reject(new ApiError(503, [{ type: 'ServiceUnavailableError', message: 'x' }], null, null));
    let renders = 0;
    const answer = await guard.handle(new Request('http://localhost/search?text=dark'), ctx, async () => {
      renders++;
      await ctx.getToken().catch(() => undefined);
      return html('<p>no results</p>');
    });
    expect(renders).toBe(2);
    expect(answer.status).toBe(503);
  });
});
