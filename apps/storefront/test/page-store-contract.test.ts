/**
 * The page cache stores (ADR 0019, ADR 0038): one contract run against the per-process store and
 * the shared Redis store (127.0.0.1:6379, database 15, a key prefix of its own, removed after);
 * purges seen across store instances on the same Redis (two processes); a Redis that refuses
 * connections or stops answering degrades to "not cached" within the timeout, logs once, and
 * replays the purges it missed once it is back.
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisPageStore, purgePageCache, type CachedPage, type PageCacheLog, type PageCacheStore } from '@store/contracts/page-cache';
import { createMemoryPageStore, createPageCache } from '../server/page-cache.ts';
import { startTcpProxy } from '../../../packages/testing/src/tcp-proxy.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const RUN = `pc-test-${process.pid}-${Date.now()}:`;
let prefixes = 0;
const nextPrefix = () => `${RUN}${++prefixes}:`;
const stores: Array<{ close(): Promise<void> }> = [];

function page(html: string, tags: string[] = [], t = Date.now(), ttl = 60_000, stale = 5000): CachedPage {
  const gz = new Uint8Array([31, 139, 8, 0, 1, 2, 3]);
  return { status: 200, headers: [['content-type', 'text/html; charset=utf-8'], ['vary', 'Accept-Encoding, Cookie']], body: new TextEncoder().encode(html), br: null, gzip: gz, tags, storedAt: t, freshUntil: t + ttl, staleUntil: t + ttl + stale };
}
const text = (p: CachedPage | undefined) => (p ? new TextDecoder().decode(p.body) : undefined);

function redisStore(prefix: string, extra: { url?: string; timeoutMs?: number; log?: PageCacheLog } = {}) {
  const store = createRedisPageStore({ url: extra.url ?? REDIS_URL, prefix, timeoutMs: extra.timeoutMs ?? 500, log: extra.log ?? (() => undefined) });
  stores.push(store);
  return store;
}

/** Resolves once `check` holds (polling), or fails after `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A Redis store that has connected (its first calls answer "absent" until then). */
async function readyRedisStore(prefix: string): Promise<PageCacheStore & { close(): Promise<void> }> {
  const store = redisStore(prefix);
  await until(async () => (await store.generation!()) !== null);
  return store;
}

afterAll(async () => {
  for (const s of stores) await s.close();
  const admin = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', `${RUN}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await admin.del(...keys);
    } while (cursor !== '0');
  } finally {
    admin.disconnect();
  }
});

const kinds: Array<[string, () => Promise<PageCacheStore>]> = [
  ['memory', async () => createMemoryPageStore()],
  ['redis', () => readyRedisStore(nextPrefix())],
];

describe.each(kinds)('page store contract: %s', (_name, make) => {
  it('stores and answers a page with its headers, encodings, tags and stamps', async () => {
    const store = await make();
    expect(await store.get('https://a.test/en-us/')).toBeUndefined();
    const p = page('<p>héllo</p>', ['page', 'product:1']);
    await store.set('https://a.test/en-us/', p);
    const got = await store.get('https://a.test/en-us/');
    expect(got).toEqual(p);
    expect(got!.body).toBeInstanceOf(Uint8Array);
  });

  it('replaces an entry and keeps keys apart', async () => {
    const store = await make();
    await store.set('k1', page('one', ['page']));
    await store.set('k1', page('one again', ['page']));
    await store.set('k2', page('two', ['page']));
    expect(text(await store.get('k1'))).toBe('one again');
    expect(text(await store.get('k2'))).toBe('two');
  });

  it('purges by tag only the entries carrying one of the tags, and answers how many', async () => {
    const store = await make();
    await store.set('a', page('a', ['page', 'product:1']));
    await store.set('b', page('b', ['page', 'product:2', 'category:x']));
    await store.set('c', page('c', ['page', 'content']));
    expect(await store.purgeTags(['product:1', 'category:x', 'product:404'])).toBe(2);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBeUndefined();
    expect(text(await store.get('c'))).toBe('c');
    expect(await store.purgeTags([])).toBe(0);
  });

  it('purges everything', async () => {
    const store = await make();
    await store.set('a', page('a', ['page']));
    await store.set('b', page('b', []));
    expect(await store.purgeAll()).toBe(2);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBeUndefined();
  });

  it('does not answer an entry past its stale window', async () => {
    const store = await make();
    const t = Date.now();
    await store.set('old', { ...page('old'), storedAt: t - 10_000, freshUntil: t - 5000, staleUntil: t + 150 });
    expect(text(await store.get('old'))).toBe('old');
    await new Promise((r) => setTimeout(r, 200));
    expect(await store.get('old')).toBeUndefined();
  });

  it('serves through the page cache: a render started before a purge is not stored', async () => {
    const cache = createPageCache({ store: await make() });
    let release!: () => void;
    const fill = cache.fill('k', async () => {
      await new Promise<void>((r) => (release = r));
      return page('before the purge', ['product:1']);
    });
    await until(() => release !== undefined);
    await cache.purge(['product:1']);
    release();
    expect(text((await fill) as CachedPage)).toBe('before the purge');
    expect(await cache.lookup('k')).toBeNull();
    await cache.fill('k', async () => page('after', ['product:1']));
    expect(text((await cache.lookup('k'))?.page)).toBe('after');
  });
});

describe('shared Redis store across processes', () => {
  it('a page stored by one process is served, and purged by tag, in another', async () => {
    const prefix = nextPrefix();
    const a = createPageCache({ store: await readyRedisStore(prefix) });
    const b = createPageCache({ store: await readyRedisStore(prefix) });
    await a.fill('https://a.test/en-us/p/1', async () => page('price 12.00', ['page', 'product:1']));
    await a.fill('https://a.test/en-us/p/2', async () => page('other', ['page', 'product:2']));
    expect(text((await b.lookup('https://a.test/en-us/p/1'))?.page)).toBe('price 12.00');
    expect(await b.purge(['product:1'])).toBe(1);
    expect(await a.lookup('https://a.test/en-us/p/1')).toBeNull();
    expect(text((await a.lookup('https://a.test/en-us/p/2'))?.page)).toBe('other');
    expect(await b.purgeAll()).toBe(1);
    expect(await a.lookup('https://a.test/en-us/p/2')).toBeNull();
  });

  it('a render in flight in one process when another purges is not stored, and the next request there renders again', async () => {
    const prefix = nextPrefix();
    const a = createPageCache({ store: await readyRedisStore(prefix) });
    const b = createPageCache({ store: await readyRedisStore(prefix) });
    let release!: () => void;
    let renders = 0;
    const first = a.fill('k', async () => {
      renders++;
      await new Promise<void>((r) => (release = r));
      return page('old price', ['product:1']);
    });
    await until(() => release !== undefined);
    await b.purge(['product:1']);
    // the purge message reaches process a: a new request does not join the old render
    await until(async () => {
      const out = await Promise.race([a.fill('k', async () => (renders++, page('new price', ['product:1']))), new Promise((r) => setTimeout(() => r('joined'), 100))]);
      return out !== 'joined';
    });
    release();
    expect(text((await first) as CachedPage)).toBe('old price');
    expect(text((await b.lookup('k'))?.page)).toBe('new price');
    expect(renders).toBe(2);
  });

  it('a purge from another process (the importer) reaches the store', async () => {
    const prefix = nextPrefix();
    const store = await readyRedisStore(prefix);
    let heard = 0;
    store.onPurge!(() => heard++);
    await store.set('x', page('x', ['product:9']));
    await store.set('y', page('y', ['content']));
    const outcome = await purgePageCache({ kind: 'redis', url: REDIS_URL, prefix, timeoutMs: 2000 }, ['product:9']);
    expect(outcome).toEqual({ ok: true, purged: 1, failures: [] });
    expect(await store.get('x')).toBeUndefined();
    expect(text(await store.get('y'))).toBe('y');
    await until(() => heard === 1);
    expect((await purgePageCache({ kind: 'redis', url: REDIS_URL, prefix, timeoutMs: 2000 }, 'all')).purged).toBe(1);
  });
});

describe('Redis outage', () => {
  it('a refused connection answers "not cached" at once, logs once, and purges answer 0', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: 6379 });
    await proxy.setMode('refuse');
    const logs: string[] = [];
    const store = redisStore(nextPrefix(), { url: proxy.urlFor(REDIS_URL), timeoutMs: 200, log: (level, message) => logs.push(`${level} ${message}`) });
    try {
      const cache = createPageCache({ store });
      const t0 = performance.now();
      for (let i = 0; i < 5; i++) {
        expect(await cache.lookup('k')).toBeNull();
        const out = await cache.fill('k', async () => page('rendered'));
        expect(text(out as CachedPage)).toBe('rendered');
        expect(await cache.purge(['product:1'])).toBe(0);
      }
      expect(performance.now() - t0).toBeLessThan(1000);
      await until(() => logs.length > 0);
      await new Promise((r) => setTimeout(r, 500)); // reconnect attempts meanwhile
      expect(logs.filter((l) => l.startsWith('warn'))).toHaveLength(1);
      expect(logs[0]).toContain('Redis unavailable');
    } finally {
      await store.close();
      await proxy.close();
    }
  });

  it('a Redis that stops answering costs at most the timeout per call; purges made meanwhile are replayed once it is back', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: 6379 });
    const prefix = nextPrefix();
    const logs: string[] = [];
    const store = redisStore(prefix, { url: proxy.urlFor(REDIS_URL), timeoutMs: 150, log: (level, message) => logs.push(`${level} ${message}`) });
    const observer = await readyRedisStore(prefix);
    try {
      await until(async () => (await store.generation!()) !== null);
      await store.set('k', page('kept', ['product:1']));
      expect(text(await observer.get('k'))).toBe('kept');
      await proxy.setMode('blackhole');
      let t0 = performance.now();
      expect(await store.get('k')).toBeUndefined();
      expect(performance.now() - t0).toBeLessThan(600);
      t0 = performance.now();
      expect(await store.purgeTags(['product:1'])).toBe(0); // not made now (Redis left alone for a second after a failure)
      expect(performance.now() - t0).toBeLessThan(600);
      expect(text(await observer.get('k'))).toBe('kept');
      expect(logs.filter((l) => l.startsWith('warn'))).toHaveLength(1);
      await proxy.setMode('pass');
      // back: the next calls (traffic) find Redis answering, and the purge it missed is replayed
      await until(async () => {
        await store.get('other');
        return (await observer.get('k')) === undefined;
      }, 10_000);
      await until(() => logs.some((l) => l.startsWith('info')), 10_000);
    } finally {
      await store.close();
      await proxy.close();
    }
  });
});
