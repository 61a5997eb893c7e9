import type { Config } from '@react-router/dev/config';

/**
 * React Router framework mode, server-rendered (ADR 0005). Routes are configured in
 * app/routes.ts; the production build lands in build/server/index.js and build/client/.
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
