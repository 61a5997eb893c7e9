/**
 * Change events of what the storefront's shared pages show (issue 11 item 4, ADR 0019): a
 * price, a stock status, the catalogue or content changed. The API emits them in process after
 * the change is committed; the storefront's page cache subscribes (apps/api/src/server.ts) and
 * purges the pages that show it. Other processes (the catalogue importer, a back office) reach a
 * storefront through its purge endpoint (`POST /__store/page-cache/purge`).
 *
 * One bus per database handle: whatever writes through that handle in this process can tell.
 */
import type { DbHandle } from '@store/db';

/** What changed. */
export type CatalogChange =
  /**
   * products or variants (price, stock status); codes of variants and their base products.
   * `fbt`: the change may ADD partners to other products' frequently-bought-together lists
   * (stock given back, associations refreshed; ADR 0037), not only change the listed products.
   */
  | { kind: 'products'; codes: string[]; fbt?: true }
  /** anything of the catalogue (an import): every page */
  | { kind: 'catalogue' }
  /** CMS pages, site configuration: every page */
  | { kind: 'content' };

/** A listener; errors it throws are ignored. */
export type CatalogChangeListener = (change: CatalogChange) => void | Promise<void>;

/** The bus of one database handle. */
export interface CatalogChanges {
  /** tells every listener; never throws, never waits for them */
  emit(change: CatalogChange): void;
  /** adds a listener; answers its removal */
  subscribe(listener: CatalogChangeListener): () => void;
}

const buses = new WeakMap<DbHandle, CatalogChanges>();

/** The change bus of a database handle (created on first use). */
export function catalogChangesOf(dbh: DbHandle): CatalogChanges {
  let bus = buses.get(dbh);
  if (bus) return bus;
  const listeners = new Set<CatalogChangeListener>();
  bus = {
    emit(change) {
      for (const listener of listeners) {
        try {
          void Promise.resolve(listener(change)).catch(() => undefined);
        } catch {
          // a listener's failure is its own
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  buses.set(dbh, bus);
  return bus;
}

/** The purge tags of a change for the storefront's page cache (`page`: every page). */
export function purgeTagsOf(change: CatalogChange): string[] {
  if (change.kind === 'products') return [...new Set(change.codes)].map((code) => `product:${code}`);
  return ['page'];
}

/** The product codes of an order's entries (variants and their base products): what placing or cancelling it changed in stock. */
export function stockCodesOf(order: { entries?: ReadonlyArray<{ product: { code: string; baseProduct?: string } }> }): string[] {
  const codes = new Set<string>();
  for (const e of order.entries ?? []) {
    codes.add(e.product.code);
    if (e.product.baseProduct) codes.add(e.product.baseProduct);
  }
  return [...codes];
}
