/**
 * The shared page cache through HTTP (issue 11 item 4, ADR 0038): the store started with the
 * storefront build (`npm run build`) and `PAGE_CACHE_URL` set.
 * - Redis refusing connections or not answering: anonymous pages still render (200, no wait
 *   beyond the Redis timeout), never a 500;
 * - two store processes (two servers) on one Redis: a page rendered by one is a hit in the other,
 *   and a purge through one's purge endpoint makes the other render again.
 * Redis: 127.0.0.1:6379 database 15 (TEST_REDIS_URL), under a key prefix of this run, removed after.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, afterEach, describe, expect, it } from 'vitest';
import { createTestDb, dbKinds, deleteRedisKeys, listRedisKeys, startTcpProxy, testRedisUrl } from '@store/testing';
import type { RunningServer } from '../src/server.ts';
import { httpCall, startStoreWithEnv, type HttpAnswer, type HttpCallInit } from './support/store-http.ts';
import { purgePageCache } from '@store/contracts/page-cache';

const here = dirname(fileURLToPath(import.meta.url));
const BUILD = resolve(here, '../../storefront/build/server/index.js');
const REDIS_URL = testRedisUrl();
const RUN = `pc-http-test-${process.pid}-${Date.now()}:`;
const PRODUCT_PATH = '/p/BH-DINER-CLASSIC';
const PURGE_SECRET = 'test-only-page-cache-purge-secret';

/** GET (or POST) on a server with a fixed Host (the cache key holds the origin; both servers answer as one store). */
function get(server: RunningServer, path: string, init: HttpCallInit = {}): Promise<HttpAnswer> {
  return httpCall(server, 'localhost:3000', path, init);
}

/** The canonical path of the product page (`/p/CODE` redirects to it). */
async function productPage(server: RunningServer): Promise<string> {
  const res = await get(server, PRODUCT_PATH);
  const location = res.headers.location;
  return typeof location === 'string' ? new URL(location, 'http://localhost:3000').pathname : PRODUCT_PATH;
}

afterAll(async () => {
  await deleteRedisKeys(RUN, REDIS_URL);
});

for (const kind of dbKinds()) {
  describe(`shared page cache through HTTP (${kind}; needs the storefront build, which npm install makes)`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    beforeAll(() => {
      // no silent skip: the storefront build is made by `npm install` (prepare) and `npm run build`
      if (!existsSync(BUILD)) throw new Error(`${BUILD} is missing: run npm run build first`);
    });
    afterEach(async () => {
      for (const c of cleanups.splice(0).reverse()) await c();
    });

    it('Redis refusing connections or not answering: pages still render, never a 500 or a long wait', async () => {
      const db = await createTestDb(kind);
      cleanups.push(() => db.close());
      const proxy = await startTcpProxy({ host: '127.0.0.1', port: 6379 });
      cleanups.push(() => proxy.close());
      await proxy.setMode('refuse');
      const warn = console.warn;
      const warnings: string[] = [];
      console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
      cleanups.push(async () => void (console.warn = warn));
      const server = await startStoreWithEnv(db, { PAGE_CACHE_URL: proxy.urlFor(REDIS_URL), PAGE_CACHE_REDIS_PREFIX: `${RUN}down:`, PAGE_CACHE_REDIS_TIMEOUT_MS: '200' });
      cleanups.push(() => server.stop());
      const product = await productPage(server);
      for (const path of ['/', product, '/search?q=coffee']) {
        const t0 = performance.now();
        const res = await get(server, path);
        expect(res.status, path).toBe(200);
        expect(res.headers['x-page-cache'], path).toBe('miss');
        expect(performance.now() - t0).toBeLessThan(10_000); // a render on a loaded machine; without the Redis timeout it would wait forever
      }
      const page = await get(server, product);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<html');
      expect(page.headers['x-page-cache']).toBe('miss'); // nothing could be stored
      // Redis stops answering (connections accepted, nothing comes back): bounded by the timeout
      await proxy.setMode('blackhole');
      const t0 = performance.now();
      const slow = await get(server, product);
      expect(slow.status).toBe(200);
      expect(performance.now() - t0).toBeLessThan(10_000);
      expect(warnings.filter((w) => w.includes('Redis unavailable'))).toHaveLength(1);
    });

    it('two processes share pages through Redis; a purge through one reaches the other', async () => {
      const db = await createTestDb(kind);
      cleanups.push(() => db.close());
      // a generous Redis timeout: this test is about sharing, and a loaded CI machine must not turn a slow answer into a miss
      const env = { PAGE_CACHE_URL: REDIS_URL, PAGE_CACHE_REDIS_PREFIX: `${RUN}${kind}:`, PAGE_CACHE_PURGE_SECRET: PURGE_SECRET, PAGE_CACHE_REDIS_TIMEOUT_MS: '10000' };
      const a = await startStoreWithEnv(db, env);
      cleanups.push(() => a.stop());
      const b = await startStoreWithEnv(db, env);
      cleanups.push(() => b.stop());
      const product = await productPage(a);
      // a's Redis connection may still be opening: the first answers can be misses that store nothing
      for (let i = 0; i < 100 && (await get(a, product)).headers['x-page-cache'] !== 'hit'; i++) await new Promise((r) => setTimeout(r, 100));
      const first = await get(a, product);
      expect(first.status).toBe(200);
      expect(first.headers['x-page-cache']).toBe('hit');
      const other = await get(b, product);
      expect(other.headers['x-page-cache']).toBe('hit');
      expect(other.body).toBe(first.body);
      // ADR 0039: the stored page's key starts with the release whose route manifest the page
      // imports, so another release sharing this Redis (a rolling deploy) never serves it
      const release = /import "\/assets\/manifest-([0-9a-f]+)\.js"/.exec(first.body)?.[1];
      expect(release).toBeTruthy();
      expect(await listRedisKeys(`${RUN}${kind}:p:`)).toContain(`${RUN}${kind}:p:${release}|http://localhost:3000${product}`);
      const purge = await get(a, '/__store/page-cache/purge', {
        method: 'POST',
        headers: { authorization: `Bearer ${PURGE_SECRET}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tags: ['product:BH-DINER-CLASSIC'] }),
      });
      expect(purge.status).toBe(200);
      expect(JSON.parse(purge.body)).toEqual({ purged: 1 });
      expect((await get(b, product)).headers['x-page-cache']).toBe('miss');
      expect((await get(a, product)).headers['x-page-cache']).toBe('hit');

      // a price changed where no bus heard it (as the import CLI does), then purged through Redis
      // by that other process: b's API had the old answer cached (ADR 0037), and drops it too
      expect(b.app.responseCache?.stats().entries ?? 0).toBeGreaterThan(0);
      await b.dbh.db.updateTable('prices').set({ price_minor: 4321, discount_price_minor: null, is_discount_price: 0 }).where('base_site', '=', 'usb2c').where('variant_code', 'like', 'BH-DINER-CLASSIC-%').execute();
      const outcome = await purgePageCache({ kind: 'redis', url: REDIS_URL, prefix: `${RUN}${kind}:`, timeoutMs: 10_000 }, 'all');
      expect(outcome.ok).toBe(true);
      await expect.poll(() => b.app.responseCache?.stats().entries ?? -1, { timeout: 10_000 }).toBe(0);
      const fresh = await get(b, product);
      expect(fresh.headers['x-page-cache']).toBe('miss');
      expect(fresh.body).toContain('43.21');
    });
  });
}
