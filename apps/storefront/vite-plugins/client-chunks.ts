/**
 * Fewer, larger script files for the browser (issue 11 item 7, ADR 0023).
 *
 * Left to itself, the bundler cuts one chunk per set of route modules sharing code: the product
 * page preloaded 25 files (a 0.05 KB one among them), each a request that Lighthouse's first paint
 * waits behind on HTTP/1.1. This plugin groups the **client** build's code:
 *
 * - `vendor`: React, React DOM, React Router and react-intl with the formatjs runtime: every page
 *   needs all of it before hydrating, and none of it changes between releases of the store, so
 *   one long-cached file;
 * - `shell`: the store's modules that every page or several catalogue pages need: all that
 *   `root.tsx` imports (header, footer, error page, `@store/domain`...), and what two catalogue
 *   routes or more share (product cards, listing, CMS blocks); worked out from the import graph
 *   (`shellChunkOf`);
 * - the rest keeps the bundler's default: a route's own code in its chunk, and what only
 *   checkout, cart or account pages share in their chunks (the catalogue pages do not load it).
 *
 * The server build is not touched (`applyToEnvironment`).
 */
import type { Plugin } from 'vite';

/** npm packages of the `vendor` chunk (path segment after `node_modules/`). */
export const VENDOR_PACKAGES = /[\\/]node_modules[\\/](preact|react|react-dom|scheduler|react-router|react-intl|@formatjs[\\/][^\\/]+|intl-messageformat|tslib|hoist-non-react-statics|react-is)[\\/]/;

/** Route modules whose shared code goes into `shell`: the shell and the catalogue pages. */
export const CATALOGUE_ROUTES = /[\\/]app[\\/](root|routes[\\/](home|category|product|search|content|discontinued|monthly-box|catch-all))\.tsx$/;
const ROUTE_MODULE = /[\\/]app[\\/](root\.tsx|routes[\\/][^\\/]+\.tsx?)$/;
const ROOT_MODULE = /[\\/]app[\\/]root\.tsx$/;

/** The part of the import graph `shellChunkOf` reads (rolldown's `ModuleInfo`). */
export interface ImportGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

const clean = (id: string) => id.split('?')[0] ?? id;

/**
 * `'shell'` for a store module (not an npm package) statically imported, directly or through
 * other store modules, by `root.tsx` or by two catalogue route modules or more (other routes may
 * import it too); `null` (default chunking) otherwise.
 */
export function shellChunkOf(id: string, graph: ImportGraph): 'shell' | null {
  if (id.includes('node_modules') || id.startsWith('\0') || ROUTE_MODULE.test(clean(id))) return null;
  const routes = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    for (const importer of graph.getModuleInfo(current)?.importers ?? []) {
      const file = clean(importer);
      if (ROUTE_MODULE.test(file)) routes.add(file);
      else if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  const list = [...routes];
  if (list.some((r) => ROOT_MODULE.test(r))) return 'shell';
  return list.filter((r) => CATALOGUE_ROUTES.test(r)).length >= 2 ? 'shell' : null;
}

/** The Vite plugin (client build only). */
export function clientChunks(): Plugin {
  return {
    name: 'store:client-chunks',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    configEnvironment(name, config) {
      if (name !== 'client' && config.consumer !== 'client') return null;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'vendor', test: VENDOR_PACKAGES, priority: 20 },
                  { name: (id, ctx) => shellChunkOf(id, ctx), priority: 10 },
                ],
              },
            },
          },
        },
      };
    },
  };
}
