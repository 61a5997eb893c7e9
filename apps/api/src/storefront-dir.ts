/** Where the storefront app lives, from this file in `apps/api/src` or `apps/api/dist` (ADR 0020). */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/storefront (its `build/` holds the compiled storefront). */
export const STOREFRONT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../storefront');
