/**
 * The page cache (server/page-cache.ts, issue 11 item 4) and the render limit
 * (server/render-limiter.ts, item 5): shared misses, stale-while-revalidate, purges by tag and
 * during a render, the byte bound, keys, eligibility and the hash-based CSP of a cached page.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryPageStore, createPageCache, pageCacheKey } from '../server/page-cache.ts';
import type { CachedPage } from '../server/page-cache.ts';
import { cachedResponse, CACHEABLE_ROUTE_IDS, createTagRecorder, inlineScriptHashes, isCacheableRequest, pagePathOf, toCachedPage } from '../server/page-cache-http.ts';
import { createRenderLimiter, releaseWhenDone } from '../server/render-limiter.ts';
import { hasVisitorState } from '../app/lib/visitor-state.server.ts';

function page(html: string, tags: string[] = [], t = Date.now(), ttl = 60_000, stale = 5000): CachedPage {
  return { status: 200, headers: [['content-type', 'text/html']], body: new TextEncoder().encode(html), br: null, gzip: null, tags, storedAt: t, freshUntil: t + ttl, staleUntil: t + ttl + stale };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('page cache', () => {
  it('renders once for concurrent misses of one key and answers everyone', async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => {
      renders++;
      await tick();
      return page(`<p>render ${renders}</p>`);
    };
    const outs = await Promise.all(Array.from({ length: 20 }, () => cache.fill('k', render)));
    expect(renders).toBe(1);
    for (const out of outs) expect(new TextDecoder().decode((out as CachedPage).body)).toBe('<p>render 1</p>');
    expect(cache.sharedRenders).toBe(19);
    expect((await cache.lookup('k'))?.fresh).toBe(true);
  });

  it('gives an uncacheable answer to its own caller only; the others render on their own', async () => {
    const cache = createPageCache();
    const own = new Response('with a cookie', { headers: { 'set-cookie': 'cartGuid=x' } });
    const render = async () => {
      await tick();
      return own;
    };
    const [first, second] = await Promise.all([cache.fill('k', render), cache.fill('k', render)]);
    expect(first).toBe(own);
    expect(second).toBeNull();
    expect(await cache.lookup('k')).toBeNull();
  });

  it('serves a stale entry and refreshes it with one background render', async () => {
    let now = 0;
    const cache = createPageCache({ ttlMs: 1000, staleMs: 5000, now: () => now });
    await cache.fill('k', async () => page('v1', [], now, 1000));
    now = 1500;
    const hit = await cache.lookup('k');
    expect(hit?.fresh).toBe(false);
    let renders = 0;
    const render = async () => {
      renders++;
      await tick();
      return page('v2', [], now, 1000);
    };
    cache.revalidate('k', render);
    cache.revalidate('k', render);
    await tick();
    await tick();
    expect(renders).toBe(1);
    const fresh = await cache.lookup('k');
    expect(new TextDecoder().decode(fresh!.page.body)).toBe('v2');
    now = 20_000;
    expect(await cache.lookup('k')).toBeNull();
  });

  it('purges by tag, and a render that started before a purge is not stored', async () => {
    const cache = createPageCache();
    await cache.fill('/p/A', async () => page('A', ['product:A']));
    await cache.fill('/c/X', async () => page('X', ['category:X', 'product:A', 'product:B']));
    await cache.fill('/p/C', async () => page('C', ['product:C']));
    expect(await cache.purge(['product:A'])).toBe(2);
    expect(await cache.lookup('/p/A')).toBeNull();
    expect(await cache.lookup('/c/X')).toBeNull();
    expect(await cache.lookup('/p/C')).not.toBeNull();

    let release!: () => void;
    const slow = cache.fill('/p/C2', () => new Promise<CachedPage>((r) => (release = () => r(page('old price', ['product:C'])))));
    await tick();
    await cache.purge(['product:C']);
    // a request after the purge does not join the old render
    let fresh = 0;
    const after = cache.fill('/p/C2', async () => {
      fresh++;
      return page('new price', ['product:C']);
    });
    release();
    expect(new TextDecoder().decode(((await slow) as CachedPage).body)).toBe('old price');
    expect(new TextDecoder().decode(((await after) as CachedPage).body)).toBe('new price');
    expect(fresh).toBe(1);
    expect(new TextDecoder().decode((await cache.lookup('/p/C2'))!.page.body)).toBe('new price');
  });

  it('stays within its byte budget, least recently used first', async () => {
    const store = createMemoryPageStore({ maxBytes: 1_048_576 });
    const big = 'x'.repeat(100_000);
    for (let i = 0; i < 50; i++) await store.set(`k${i}`, page(big + i, [`product:${i}`], Date.now(), 60_000));
    const stats = store.stats!();
    expect(stats.bytes).toBeLessThanOrEqual(1_048_576);
    expect(stats.entries).toBeLessThan(50);
    expect(await store.get('k0')).toBeUndefined();
    expect(await store.get('k49')).toBeDefined();
    // evicted entries left the tag index
    expect(await store.purgeTags(['product:0'])).toBe(0);
  });
});

describe('page cache keys and eligibility', () => {
  it('keys on origin, path and sorted query, without tracking parameters', () => {
    const a = pageCacheKey('http://www.example.com', new URL('http://x/c/BR?sort=name&page=2&utm_source=mail&gclid=1'));
    const b = pageCacheKey('http://WWW.example.com', new URL('http://x/c/BR?page=2&sort=name'));
    expect(a).toBe(b);
    expect(a).toBe('http://www.example.com/c/BR?page=2&sort=name');
    expect(pageCacheKey('https://www.example.com', new URL('http://x/c/BR'))).not.toBe(pageCacheKey('http://www.example.com', new URL('http://x/c/BR')));
    expect(pageCacheKey('http://a', new URL('http://x/fr/c/BR'))).not.toBe(pageCacheKey('http://a', new URL('http://x/c/BR')));
  });

  it('takes only documents of cacheable routes, and their data requests, from visitors without state', () => {
    const routeOf = (p: string) => (p.startsWith('/c/') ? 'category' : p === '/cart' ? 'cart' : p === '/' ? 'home' : null);
    const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => {
      const request = new Request(`http://localhost${path}`, { method, headers });
      return isCacheableRequest(request, new URL(request.url), routeOf);
    };
    expect(CACHEABLE_ROUTE_IDS.has('product-fr')).toBe(true);
    expect(get('/c/BR')).toBe(true);
    expect(get('/c/BR', { cookie: '_ga=1; sf_csrf=abc; sf_wasLoggedIn=true' })).toBe(true);
    expect(get('/c/BR', { cookie: 'cartGuid=abc-123-def' })).toBe(false);
    expect(get('/c/BR', { cookie: '__Host-sf_rt=r' })).toBe(false);
    expect(get('/c/BR', { cookie: 'sf_flash=x' })).toBe(false);
    expect(get('/c/BR', { authorization: 'Bearer x' })).toBe(false);
    expect(get('/c/BR?coupon=SAVE')).toBe(false);
    // issue 11: a client-side navigation's loader data is cached like its page, for the same visitors
    expect(get('/c/BR.data?_routes=routes%2Fcategory')).toBe(true);
    expect(get('/_root.data')).toBe(true);
    expect(get('/c/BR.data', { cookie: 'cartGuid=abc-123-def' })).toBe(false);
    expect(get('/cart.data')).toBe(false);
    expect(get('/c/BR?_data=root')).toBe(false);
    expect(pagePathOf('/c/BR.data')).toBe('/c/BR');
    expect(pagePathOf('/_root.data')).toBe('/');
    expect(pagePathOf('/fr.data')).toBe('/fr');
    expect(pagePathOf('/c/BR')).toBe('/c/BR');
    expect(get('/c/BR', {}, 'POST')).toBe(false);
    expect(get('/cart')).toBe(false);
    expect(hasVisitorState(new Request('http://x', { headers: { cookie: 'sf_user=%7B%7D' } }))).toBe(true);
  });
});

describe('cached answers', () => {
  it('allow the inline scripts by hash, compress once and answer the accepted encoding', async () => {
    const html = `<!doctype html><html><body>${'<p>coffee</p>'.repeat(200)}<script nonce="abc">window.x=1</script><script src="/a.js"></script><script type="module" nonce="abc">import "/b.js"</script></body></html>`;
    const stamps = { storedAt: 0, freshUntil: 60_000, staleUntil: 360_000 };
    const cached = await toCachedPage(new Response(html, { headers: { 'content-type': 'text/html' } }), { https: true, ttlMs: 60_000, staleMs: 300_000, tags: ['page'], stamps });
    const headers = new Map(cached.headers);
    expect(headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const csp = headers.get('content-security-policy')!;
    expect(csp).not.toContain('nonce');
    for (const h of inlineScriptHashes(html)) expect(csp).toContain(h);
    expect(inlineScriptHashes(html)).toHaveLength(2);
    expect(headers.get('strict-transport-security')).toContain('max-age');
    const br = cachedResponse(new Request('http://x/', { headers: { 'accept-encoding': 'gzip, br' } }), cached, 'hit', 5_000);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('age')).toBe('5');
    expect(br.headers.get('x-page-cache')).toBe('hit');
    const plain = cachedResponse(new Request('http://x/'), cached, 'hit');
    expect(await plain.text()).toBe(html);
    const head = cachedResponse(new Request('http://x/', { method: 'HEAD' }), cached, 'hit');
    expect(head.body).toBeNull();
  });

  it('tags a render with the products, categories and content it asked the API for', async () => {
    const recorder = createTagRecorder();
    const api = recorder.wrap(async (input) => {
      if (input.includes('/categories/BR/products')) return Response.json({ products: [{ code: 'P1', defaultVariantCode: 'P1-24' }, { code: 'P2' }] });
      return Response.json({});
    });
    await api('http://s/rest/v2/usb2c/categories/BR/products?page=0');
    await api('http://s/rest/v2/usb2c/products/P9?fields=FULL');
    await api('http://s/rest/v2/usb2c/cms/siteConfig');
    expect((await recorder.tags()).sort()).toEqual(['category:BR', 'content', 'page', 'product:P1', 'product:P1-24', 'product:P2', 'product:P9']);
  });
});

describe('render limit', () => {
  it('runs at most N renders; a request that waits too long gets no slot', async () => {
    const limiter = createRenderLimiter({ concurrency: 2, queueTimeoutMs: 30 });
    const a = await limiter.acquire();
    const b = await limiter.acquire();
    expect(a && b).toBeTruthy();
    const late = limiter.acquire();
    const queued = limiter.acquire();
    a!();
    expect(await late).toBeTypeOf('function');
    expect(await queued).toBeNull();
    expect(limiter.stats()).toMatchObject({ running: 2, waiting: 0, refused: 1 });
  });

  it('a state-changing request may wait longer than a page view for its slot (ADR 0026)', async () => {
    const limiter = createRenderLimiter({ concurrency: 1, queueTimeoutMs: 20 });
    const first = await limiter.acquire();
    const page = limiter.acquire();
    const mutation = limiter.acquire(undefined, 500);
    expect(await page).toBeNull();
    first!();
    expect(await mutation).toBeTypeOf('function');
    expect(limiter.stats()).toMatchObject({ running: 1, waiting: 0, refused: 1 });
  });

  it('holds the slot until the body has been read', async () => {
    const limiter = createRenderLimiter({ concurrency: 1, queueTimeoutMs: 0 });
    const release = await limiter.acquire();
    const response = releaseWhenDone(new Response('body'), release!);
    expect(await limiter.acquire()).toBeNull();
    await response.text();
    expect(await limiter.acquire()).toBeTypeOf('function');
  });
});
