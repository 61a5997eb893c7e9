/**
 * Storefront request handler: web Request in, web Response out (React Router framework mode,
 * server-rendered; ADR 0005). The API server's catch-all route calls it for every non-API path.
 *
 * Per request, in order: apex host → 302 to `www.` (spec §2); a file of build/client (hashed
 * /assets/* cached immutable, text files compressed once and kept in memory); otherwise React
 * Router renders the page with a load context carrying the API fetch, the cached
 * machine-to-machine token, the hosts and a fresh CSP nonce; security headers are added to every
 * answer, and pages are compressed as they stream when the browser accepts it (compression.ts).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APEX_REDIRECT_STATUS, apexRedirect } from '@store/domain';
import { createRequestHandler } from 'react-router';
import type { ServerBuild } from 'react-router';
import type { StorefrontLoadContext } from '../app/lib/load-context.ts';
import { requestHost } from '../app/lib/request-info.ts';
import { createAuthService } from '../app/lib/auth/service.server.ts';
import { csrfGuard } from '../app/lib/csrf.server.ts';
import { requestGuard } from '../app/lib/request-guard.server.ts';
import { applySecurityHeaders, createNonce } from '../app/lib/security.server.ts';
import { createTokenProvider } from '../app/lib/token.server.ts';
import { compressResponse, createAssetCompressor, precompressAssets } from './compression.ts';
import { serveStatic } from './static.ts';

export interface StorefrontHandlerOptions {
  /** fetch used to reach the commerce API; in-process (app.inject) or over HTTP */
  apiFetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** absolute base URL of the API, e.g. http://localhost:3000/rest/v2 */
  apiBaseUrl: string;
  /** OAuth2 client credentials of the storefront (machine-to-machine token) */
  clientId: string;
  clientSecret: string;
  /** comma lists of hosts, see @store/domain HostConfig */
  hosts: { canadianHosts: string[]; commercialHosts: string[]; apexHosts: string[] };
  /** absolute path of the React Router build directory (contains server/index.js and client/) */
  buildDir: string;
  /** show the dev-only pages (outbox) */
  devPages: boolean;
}

/** The token endpoint next to the API: `<origin>/authorizationserver/oauth/token`. */
export function tokenUrlFor(apiBaseUrl: string): string {
  return new URL('/authorizationserver/oauth/token', apiBaseUrl).href;
}

/**
 * Loads the server build (`<buildDir>/server/index.js`) and answers the request handler.
 * @throws Error when the build is missing (run `npm run build -w @store/storefront`)
 */
export async function createStorefrontHandler(opts: StorefrontHandlerOptions): Promise<(request: Request) => Promise<Response>> {
  const serverEntry = resolve(opts.buildDir, 'server', 'index.js');
  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`storefront build not found or broken at ${serverEntry} (run \`npm run build\`): ${String(error)}`, { cause: error });
  }
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const handle = createRequestHandler(build, mode);
  const tokens = createTokenProvider({
    fetch: opts.apiFetch,
    tokenUrl: tokenUrlFor(opts.apiBaseUrl),
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
  });
  const clientDir = resolve(opts.buildDir, 'client');
  const compressor = createAssetCompressor();
  // Compress the build's assets in the background now (zlib's thread pool), not on first request.
  void precompressAssets(resolve(clientDir, 'assets'), compressor);
  // issue 3: customer sign-in, refresh and revocation (one refresh coordinator per process)
  const auth = createAuthService({
    fetch: opts.apiFetch,
    tokenUrl: tokenUrlFor(opts.apiBaseUrl),
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
  });

  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const apex = apexRedirect(requestHost(request), url, opts.hosts);
    if (apex) return new Response(null, { status: APEX_REDIRECT_STATUS, headers: { Location: apex } });

    const file = await serveStatic(clientDir, url.pathname, request.method, { acceptEncoding: request.headers.get('accept-encoding'), compressor });
    if (file) return file;

    const nonce = createNonce();
    // issue 9: methods, NUL in the URL, unreadable bodies; issue 3: CSRF check of every state-changing request, before any action runs
    const refused = (await requestGuard(request)) ?? (await csrfGuard(request));
    if (refused) {
      applySecurityHeaders(refused.headers, nonce);
      return refused;
    }
    const storefront: StorefrontLoadContext = {
      apiFetch: opts.apiFetch,
      apiBaseUrl: opts.apiBaseUrl,
      hosts: opts.hosts,
      getToken: () => tokens.getToken(),
      invalidateToken: () => tokens.invalidate(),
      nonce,
      devPages: opts.devPages,
      auth,
      setCookies: new Map(),
    };
    const response = await handle(request, { storefront });
    const headers = new Headers(response.headers);
    // issue 3: auth / CSRF cookies written while serving the request (refresh, sign-in, sign-out)
    for (const cookie of storefront.setCookies?.values() ?? []) headers.append('Set-Cookie', cookie);
    applySecurityHeaders(headers, nonce);
    return compressResponse(request, new Response(response.body, { status: response.status, statusText: response.statusText, headers }));
  };
}
