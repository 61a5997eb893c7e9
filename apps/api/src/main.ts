/**
 * The single process (`npm start`: `node apps/api/dist/main.js`; `npm run dev` runs this source
 * with tsx): API and storefront on HOST:PORT, the storefront calling the API in process
 * (server.ts). `STOREFRONT=off` serves the API only, as main-api.ts does. See run.ts for the
 * configuration check, the generated secrets and the signals.
 */
import { runMain, runStore } from './run.ts';

runMain(() => runStore());
