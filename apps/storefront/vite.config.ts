import { reactRouter } from '@react-router/dev/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { clientChunks } from './vite-plugins/client-chunks.ts';
import { precompiledMessages } from './vite-plugins/precompiled-messages.ts';
import { preactClient } from './vite-plugins/preact-client.ts';

/**
 * Vite build of the storefront (ADR 0020). Workspace packages (@store/domain, @store/contracts)
 * are consumed from TypeScript source (the `source` export condition) and bundled into both
 * builds; npm dependencies stay external.
 *
 * The server build's entry is `server/handler.ts` (React Router's custom-server pattern): it
 * imports the route tree from `virtual:react-router/server-build`, so `build/server/index.js` is
 * the whole storefront request handler, compiled, and exports `createStorefrontHandler` for the
 * API process (single process) or the storefront-only process to load.
 */
export default defineConfig(({ isSsrBuild }) => ({
  // issue 11 item 7 (ADR 0023): the client bundle gets the message catalogues compiled to ICU ASTs
  // and react-intl without its runtime parser; the build fails if either leaks back. Its client
  // scripts come in fewer files (vite-plugins/client-chunks.ts).
  // ADR 0036: the browser runs Preact (preact/compat) in place of React and React DOM.
  plugins: [preactClient(), precompiledMessages(), clientChunks(), reactRouter()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  ssr: {
    noExternal: ['@store/domain', '@store/contracts'],
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  build: {
    sourcemap: false,
    ...(isSsrBuild ? { rollupOptions: { input: './server/handler.ts' } } : {}),
  },
}));
