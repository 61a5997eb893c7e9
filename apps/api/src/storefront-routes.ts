/**
 * The storefront inside a Fastify server (ADR 0005, ADR 0020), shared by the single process
 * (app.ts) and the storefront-only process (storefront-server.ts):
 *
 * - {@link loadStorefrontBuild}: imports the compiled storefront, `<buildDir>/server/index.js`
 *   (the Vite server build whose entry is apps/storefront/server/handler.ts);
 * - {@link registerStorefrontRoutes}: the files of `<buildDir>/client` through @fastify/static,
 *   then the catch-all route that hands every other GET / HEAD / POST to the storefront handler
 *   as a web `Request` (storefront-bridge.ts).
 *
 * Static files: one route per file of the build (`wildcard: false`: the build is a fixed set of
 * files, and the catch-all `/*` stays the storefront's), answered with the brotli or gzip copy
 * made at build time (scripts/precompress.mjs; `preCompressed`) when the browser accepts it,
 * `Vary: Accept-Encoding` on every compressible file, `Cache-Control` immutable for a year on
 * the content-hashed `/assets/*` and one hour on other files (favicon), ETag and Last-Modified.
 * A build made after the server started is seen on the next start.
 */
import { existsSync } from 'node:fs';
import { extname, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendWebResponse, toWebRequest } from './storefront-bridge.ts';
import type { StorefrontBuildModule, StorefrontHandler } from './types.ts';

/** Paths the storefront never answers (API, auth, media, probes). */
export const API_PATH_PREFIXES = ['/rest/v2', '/authorizationserver', '/medias', '/healthz', '/readyz'] as const;

/** Is this URL (query allowed) under one of the {@link API_PATH_PREFIXES}? */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return API_PATH_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The methods the storefront answers (pages and form posts); others answer 405 (issue 9). */
export const STOREFRONT_METHODS = ['GET', 'HEAD', 'POST'] as const;

/** Cache-Control of hashed build files (`/assets/*`): a year, never revalidated. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Cache-Control of the other build files (favicon, robots.txt): an hour. */
export const STATIC_CACHE_CONTROL = 'public, max-age=3600';

/** Extensions of the build files that have compressed copies (scripts/precompress.mjs). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.html', '.ico']);

/**
 * Imports the storefront build of `buildDir` and answers its module.
 * @throws Error naming the file and `npm run build` when the build is missing or broken
 */
export async function loadStorefrontBuild(buildDir: string): Promise<StorefrontBuildModule> {
  const entry = resolve(buildDir, 'server', 'index.js');
  let mod: Partial<StorefrontBuildModule>;
  try {
    mod = (await import(pathToFileURL(entry).href)) as Partial<StorefrontBuildModule>;
  } catch (error) {
    throw new Error(`storefront build not found or broken at ${entry} (run \`npm run build\`): ${String(error)}`, { cause: error });
  }
  if (typeof mod.createStorefrontHandler !== 'function') {
    throw new Error(`${entry} does not export createStorefrontHandler (an old build? run \`npm run build\`)`);
  }
  return mod as StorefrontBuildModule;
}

/** Options of {@link registerStorefrontRoutes}. */
export interface StorefrontRoutesOptions {
  handler: StorefrontHandler;
  /** the client build (`<buildDir>/client`) served as static files; null/absent or missing: none */
  clientDir?: string | null;
  /** the body of a 404 for an API path that reached the catch-all */
  notFound: (method: string, url: string) => unknown;
}

/** Registers the static files and the storefront catch-all on `app` (see module comment). */
export async function registerStorefrontRoutes(app: FastifyInstance, opts: StorefrontRoutesOptions): Promise<void> {
  const { handler, clientDir } = opts;
  // a shared page cache store (Redis, ADR 0038) holds connections
  const closable = handler as StorefrontHandler & { close?: () => Promise<void> };
  if (typeof closable.close === 'function') app.addHook('onClose', () => closable.close!());
  await app.register(async (scope) => {
    if (clientDir && existsSync(clientDir)) {
      const root = resolve(clientDir);
      await scope.register(fastifyStatic, {
        root,
        wildcard: false,
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        index: false,
        decorateReply: false,
        cacheControl: false,
        setHeaders(res, path) {
          const file = path.replace(/\.(br|gz)$/, '');
          const rel = relative(root, file).split(sep).join('/');
          res.setHeader('Cache-Control', rel.startsWith('assets/') ? IMMUTABLE_CACHE_CONTROL : STATIC_CACHE_CONTROL);
          if (COMPRESSIBLE.has(extname(file).toLowerCase())) res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    }
    // The storefront reads bodies itself (web Request): hand it the raw stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // GET, HEAD and POST only (issue 9): other methods answer 405 (request guard)
    scope.route({
      method: [...STOREFRONT_METHODS],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        if (isApiPath(request.url)) return reply.status(404).send(opts.notFound(request.method, request.url));
        const response = await handler(toWebRequest(request, reply), { clientAddress: request.ip });
        return sendWebResponse(reply, response);
      },
    });
  });
}
