/**
 * The storefront-only process (`npm run start:storefront`: `node apps/api/dist/main-storefront.js`;
 * ADR 0020): the compiled storefront on HOST:PORT, calling the API process over HTTP at API_URL
 * (storefront-server.ts). No database.
 */
import { runMain, runStorefront } from './run.ts';

runMain(() => runStorefront());
