/**
 * Pages of a visitor whose only state is a cart, composed from the shared page (ADR 0040), through
 * HTTP with the storefront build (`npm run build`): two stores on one database, one with the page
 * cache (composes) and one with `PAGE_CACHE=off` (renders every page for its visitor). For the same
 * cart, every page the first composes shows exactly what the second renders (header count, the
 * product page's free-shipping progress, in English and French), is private, carries the parts for
 * hydration, and leaves nothing of the visitor in the shared page.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, dbKinds } from '@store/testing';
import type { RunningServer } from '../src/server.ts';
import { elementEnd } from '../../storefront/server/html-element.ts';
import { httpCall, startStoreWithEnv, type HttpAnswer, type HttpCallInit } from './support/store-http.ts';

const here = dirname(fileURLToPath(import.meta.url));
const BUILD = resolve(here, '../../storefront/build/server/index.js');
const US = 'localhost:3000';
const CA = 'ca.localhost:3000';

/** A request as a browser asks for a page (see {@link httpCall}). */
function call(server: RunningServer, host: string, path: string, init: HttpCallInit = {}): Promise<HttpAnswer> {
  return httpCall(server, host, path, { ...init, headers: { accept: 'text/html', ...init.headers } });
}

/**
 * The page as the browser shows it once streamed: each Suspense boundary's content streamed later
 * (`<div hidden id="S:n">`) put where its fallback was, as React's `$RC` does; which boundaries
 * stream and in what order depends on timing, not on the visitor.
 */
function resolveSuspense(html: string): string {
  const segments = new Map<string, string>();
  for (let m = /<div hidden id="S:(\d+)">/.exec(html); m; m = /<div hidden id="S:(\d+)">/.exec(html)) {
    const end = elementEnd(html, m.index);
    expect(end, `end of segment S:${m[1]}`).toBeGreaterThan(0);
    segments.set(m[1]!, html.slice(m.index + m[0].length, end - '</div>'.length));
    html = html.slice(0, m.index) + html.slice(end);
  }
  const boundary = /<!--\$\?--><template id="B:(\d+)"><\/template>[\s\S]*?<!--\/\$-->/;
  for (let m = boundary.exec(html); m; m = boundary.exec(html)) {
    const content = segments.get(m[1]!);
    expect(content, `segment S:${m[1]}`).toBeDefined();
    html = html.slice(0, m.index) + `<!--$-->${content}<!--/$-->` + html.slice(m.index + m[0].length);
  }
  return html;
}

/** What a shopper sees and the browser hydrates against: the page without its scripts and nonces, streamed boundaries in place. */
function visible(html: string): string {
  return resolveSuspense(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''))
    .replace(/ nonce="[^"]*"/g, '')
    .replace(/ data-visitor-info="[^"]*"/, '');
}

/** The visitor info a composed page carries (null without). */
function visitorInfo(html: string): unknown {
  const raw = / data-visitor-info="([^"]*)"/.exec(html)?.[1];
  return raw === undefined ? null : JSON.parse(raw.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

/** Adds `qty` of a product through the storefront's form; answers the `cartGuid=…` cookie. */
async function addToCart(server: RunningServer, host: string, productCode: string, qty: number, cookie?: string): Promise<string> {
  const res = await call(server, host, '/cart/add', {
    method: 'POST',
    headers: { origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ productCode, qty: String(qty), redirectTo: '/' }).toString(),
  });
  expect(res.status, res.body.slice(0, 300)).toBe(303);
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('cartGuid='));
  return set ? set.split(';')[0]! : (cookie ?? '');
}

for (const kind of dbKinds()) {
  describe(`pages composed for a visitor with a cart (${kind}; needs the storefront build)`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    beforeAll(() => {
      if (!existsSync(BUILD)) throw new Error(`${BUILD} is missing: run npm run build first`);
    });
    afterEach(async () => {
      for (const c of cleanups.splice(0).reverse()) await c();
    });

    it('show what a render for the visitor shows, privately, in English and French; the shared page keeps nothing of them', async () => {
      const db = await createTestDb(kind);
      cleanups.push(() => db.close());
      const composer = await startStoreWithEnv(db, { PAGE_CACHE: 'on' });
      cleanups.push(() => composer.stop());
      const renderer = await startStoreWithEnv(db, { PAGE_CACHE: 'off' });
      cleanups.push(() => renderer.stop());

      // a US cart under the free-shipping minimum (one box), a Canadian one over it (two brewers)
      const usCart = await addToCart(composer, US, 'BH-DINER-CLASSIC', 1);
      const caCart = await addToCart(composer, CA, 'BH-SOLO', 2);
      const product = (await call(composer, US, '/p/BH-DINER-CLASSIC')).headers.location as string;
      const brewer = (await call(composer, CA, '/fr/p/BH-SOLO')).headers.location as string;
      expect(product).toMatch(/\/p\/BH-DINER-CLASSIC$/);
      expect(brewer).toMatch(/^\/fr\/.*\/p\/BH-SOLO$/);

      const pages: Array<[string, string, string]> = [
        [US, '/', usCart],
        [US, '/c/BV_COFFEE', usCart],
        [US, '/search?q=coffee', usCart],
        [US, product, usCart],
        [CA, '/fr', caCart],
        [CA, brewer, caCart],
      ];
      for (const [host, path, cookie] of pages) {
        const label = `${host}${path}`;
        const shared = await call(composer, host, path);
        expect(shared.status, label).toBe(200);
        const composed = await call(composer, host, path, { headers: { cookie } });
        const rendered = await call(renderer, host, path, { headers: { cookie } });
        expect(composed.status, label).toBe(200);
        expect(composed.headers['x-page-parts'], label).toBe('visitor');
        expect(composed.headers['cache-control'], label).toBe('private, no-store');
        expect(composed.headers['set-cookie'], label).toBeUndefined();
        expect(rendered.headers['x-page-parts'], label).toBeUndefined();
        expect(visible(composed.body), label).toBe(visible(rendered.body));
        expect(visible(composed.body), label).not.toBe(visible(shared.body));
        const info = visitorInfo(composed.body) as { cartQuantity: number; freeShipping: unknown };
        expect(info.cartQuantity, label).toBe(host === US ? 1 : 2);
        // the shared page is untouched: count 0, no visitor info
        const again = await call(composer, host, path);
        expect(again.headers['x-page-cache'], label).toBe('hit');
        expect(again.body, label).toBe(shared.body);
        expect(visitorInfo(again.body), label).toBeNull();
        expect(again.body.includes('data-count="0"'), label).toBe(true);
      }

      // the product pages show the cart's free-shipping progress, as the render does
      const us = await call(composer, US, product, { headers: { cookie: usCart } });
      expect(/away from free shipping/.test(us.body)).toBe(true);
      expect(us.body.includes('role="progressbar"')).toBe(true);
      expect((visitorInfo(us.body) as { freeShipping: { qualifies: boolean } }).freeShipping.qualifies).toBe(false);
      const ca = await call(composer, CA, brewer, { headers: { cookie: caCart } });
      expect(ca.body.includes('2 articles')).toBe(true);
      expect((visitorInfo(ca.body) as { freeShipping: { qualifies: boolean } }).freeShipping.qualifies).toBe(true);

      // a cart's change shows on the next page (the parts are never cached)
      await addToCart(composer, US, 'BH-DINER-CLASSIC', 1, usCart);
      const after = await call(composer, US, '/', { headers: { cookie: usCart } });
      expect(after.body.includes('data-count="2">2</span>')).toBe(true);

      // anything beyond a cart (here a category coupon) and a `.data` request: rendered for the visitor
      const other = await call(composer, US, '/', { headers: { cookie: `${usCart}; categoryCoupon=X` } });
      expect(other.status).toBe(200);
      expect(other.headers['x-page-parts']).toBeUndefined();
      expect(other.body.includes('data-count="2">2</span>')).toBe(true);
      const data = await call(composer, US, '/_root.data', { headers: { cookie: usCart } });
      expect(data.status).toBe(200);
      expect(data.headers['x-page-parts']).toBeUndefined();
      // an unknown or closed cart: count 0, still composed and private
      const stranger = await call(composer, US, '/', { headers: { cookie: 'cartGuid=00000000-0000-4000-8000-000000000000' } });
      expect(stranger.status).toBe(200);
      expect(stranger.headers['cache-control']).toBe('private, no-store');
      expect(stranger.body.includes('data-count="0">0</span>')).toBe(true);
    });

    it('render a page no visitor has had cached for the visitor, and have the shared page rendered in the background for the next ones', async () => {
      const db = await createTestDb(kind);
      cleanups.push(() => db.close());
      const composer = await startStoreWithEnv(db, { PAGE_CACHE: 'on' });
      cleanups.push(() => composer.stop());
      const cart = await addToCart(composer, US, 'BH-DINER-CLASSIC', 1);

      // nobody without a cart has asked for this category: the visitor's own render
      const first = await call(composer, US, '/c/BV_COFFEE', { headers: { cookie: cart } });
      expect(first.status).toBe(200);
      expect(first.headers['x-page-parts']).toBeUndefined();
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(first.body.includes('data-count="1">1</span>')).toBe(true);

      // the shared page arrives in the cache without any visitor asking for it: the next view is composed
      let next: HttpAnswer | undefined;
      for (let i = 0; i < 100; i++) {
        next = await call(composer, US, '/c/BV_COFFEE', { headers: { cookie: cart } });
        if (next.headers['x-page-parts'] === 'visitor') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(next!.headers['x-page-parts']).toBe('visitor');
      expect(next!.body.includes('data-count="1">1</span>')).toBe(true);
      expect(visible(next!.body)).toBe(visible(first.body));
      // and it is the page of a visitor without a cart
      const shared = await call(composer, US, '/c/BV_COFFEE');
      expect(shared.headers['x-page-cache']).toBe('hit');
      expect(shared.body.includes('data-count="0">0</span>')).toBe(true);
      expect(visitorInfo(shared.body)).toBeNull();
    });
  });
}
