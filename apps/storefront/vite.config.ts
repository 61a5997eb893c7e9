import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * Vite build of the storefront. Workspace packages (@store/domain, @store/contracts) are consumed
 * from TypeScript source and bundled into the server build; npm dependencies stay external.
 */
export default defineConfig({
  plugins: [reactRouter()],
  ssr: {
    noExternal: ['@store/domain', '@store/contracts'],
  },
  build: {
    sourcemap: false,
  },
});
