/**
 * Preact in the browser, React on the server (issue 11 item 7, ADR 0036).
 *
 * In the **client** build every import of React and React DOM (from the store's code and from the
 * npm packages it uses: React Router, react-intl, conform) resolves to `preact/compat`, Preact's React-compatible API (hooks, `hydrateRoot`,
 * `startTransition`, `flushSync`, `useSyncExternalStore`, `use`, `Suspense`, `forwardRef`). The
 * server build is not touched (`applyToEnvironment`): pages are still rendered by React DOM's
 * streaming renderer, and Preact hydrates that HTML.
 *
 * React DOM and React are 68 KB gzipped, `preact/compat` with `preact/hooks` about 12 KB.
 */
import type { Plugin } from 'vite';

/** `import` specifiers rewritten in the client build (exact match) to the Preact module they load. */
export const PREACT_ALIASES: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  scheduler: 'preact/compat/scheduler',
};

/**
 * The Vite plugin (client build and dev client only). A `resolveId` hook rather than
 * `resolve.alias`, which Vite shares between the client and server environments.
 */
export function preactClient(): Plugin {
  return {
    name: 'store:preact-client',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    async resolveId(source, importer, options) {
      const target = Object.hasOwn(PREACT_ALIASES, source) ? PREACT_ALIASES[source] : undefined;
      if (target === undefined) return null;
      const resolved = await this.resolve(target, importer, { ...options, skipSelf: true });
      return resolved?.id ?? null;
    },
  };
}
