import type { Config } from '@react-router/dev/config';

/**
 * React Router framework mode, server-rendered (ADR 0005). Routes are configured in
 * app/routes.ts; the production build lands in build/server/index.js and build/client/.
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // ADR 0039: the whole route manifest in one cached, hashed module instead of a partial manifest
  // computed for every page (React Router's lazy discovery matched 112 routes per render)
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
