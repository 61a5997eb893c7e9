/**
 * The API-only process (`npm run start:api`: `node apps/api/dist/main-api.js`; ADR 0020): the
 * commerce API, token endpoint, media and probes on HOST:PORT, no storefront (`STOREFRONT=off`
 * whatever the environment says). Pair it with main-storefront.ts, whose API_URL points here.
 */
import { runMain, runStore } from './run.ts';

runMain(() => runStore({ STOREFRONT: 'off' }));
