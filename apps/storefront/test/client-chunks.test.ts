/**
 * The client build's chunk groups (issue 11 item 7, ADR 0023): which store modules go into the
 * `shell` chunk every catalogue page loads, and which keep their own chunks.
 */
import { describe, expect, it } from 'vitest';
import { shellChunkOf, VENDOR_PACKAGES } from '../vite-plugins/client-chunks.ts';
import type { ImportGraph } from '../vite-plugins/client-chunks.ts';

const APP = '/repo/apps/storefront/app';
const BUILD_ROUTE = '?__react-router-build-client-route';

/** A graph from `module -> importers`. */
function graph(importers: Record<string, string[]>): ImportGraph {
  return { getModuleInfo: (id) => (id in importers ? { importers: importers[id] ?? [] } : null) };
}

const g = graph({
  [`${APP}/components/layout/Header.tsx`]: [`${APP}/root.tsx`],
  [`${APP}/lib/paths.ts`]: [`${APP}/components/layout/Header.tsx`, `${APP}/routes/checkout.tsx${BUILD_ROUTE}`],
  [`${APP}/components/product/ProductCard.tsx`]: [`${APP}/routes/home.tsx${BUILD_ROUTE}`, `${APP}/routes/category.tsx${BUILD_ROUTE}`],
  [`${APP}/components/product/VariantSwatches.tsx`]: [`${APP}/routes/product.tsx${BUILD_ROUTE}`],
  [`${APP}/components/promotions/CouponBox.tsx`]: [`${APP}/routes/cart.tsx${BUILD_ROUTE}`, `${APP}/routes/checkout.tsx${BUILD_ROUTE}`],
  [`${APP}/lib/meta.ts`]: [`${APP}/routes/product.tsx${BUILD_ROUTE}`, `${APP}/routes/search.tsx${BUILD_ROUTE}`, `${APP}/routes/account.tsx${BUILD_ROUTE}`],
});

describe('shell chunk', () => {
  it('takes what the root imports, directly or through other store modules', () => {
    expect(shellChunkOf(`${APP}/components/layout/Header.tsx`, g)).toBe('shell');
    expect(shellChunkOf(`${APP}/lib/paths.ts`, g)).toBe('shell');
  });

  it('takes what two catalogue routes share, even when other routes share it too', () => {
    expect(shellChunkOf(`${APP}/components/product/ProductCard.tsx`, g)).toBe('shell');
    expect(shellChunkOf(`${APP}/lib/meta.ts`, g)).toBe('shell');
  });

  it('leaves a single route’s code and cart/checkout-only code to their own chunks', () => {
    expect(shellChunkOf(`${APP}/components/product/VariantSwatches.tsx`, g)).toBeNull();
    expect(shellChunkOf(`${APP}/components/promotions/CouponBox.tsx`, g)).toBeNull();
  });

  it('leaves route modules and npm packages alone', () => {
    expect(shellChunkOf(`${APP}/routes/home.tsx${BUILD_ROUTE}`, g)).toBeNull();
    expect(shellChunkOf('/repo/node_modules/react/index.js', g)).toBeNull();
  });
});

describe('vendor chunk', () => {
  it('holds the frameworks and the formatjs runtime, not the store’s code', () => {
    for (const id of ['/r/node_modules/react-dom/cjs/react-dom-client.production.js', '/r/node_modules/react-router/dist/development/chunk-X.mjs', '/r/node_modules/@formatjs/intl/lib/src/message.js', '/r/node_modules/intl-messageformat/lib/src/core.js']) {
      expect(VENDOR_PACKAGES.test(id)).toBe(true);
    }
    for (const id of [`${APP}/lib/paths.ts`, '/r/node_modules/@date-fns/tz/index.js', '/r/node_modules/react-router-extra/x.js']) {
      expect(VENDOR_PACKAGES.test(id)).toBe(false);
    }
  });
});
