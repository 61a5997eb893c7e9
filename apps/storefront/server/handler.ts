/**
 * Storefront request handler: web Request in, web Response out (React Router framework mode,
 * server-rendered; ADR 0005). The API server's catch-all route calls it for every non-API path.
 *
 * Per request, in order: apex host → 302 to `www.` (spec §2); a file of build/client (hashed
 * /assets/* cached immutable, text files compressed once and kept in memory); otherwise React
 * Router renders the page with a load context carrying the API fetch (which sends the shopper's
 * address, `info.clientAddress`, to the API: ADR 0012), the cached machine-to-machine token, the
 * hosts and a fresh CSP nonce; security headers are added to every answer (HSTS over HTTPS), a
 * page of a signed-in visitor (or one that sets session cookies) gets `Cache-Control: private,
 * no-store`, and pages are compressed as they stream when the browser accepts it (compression.ts).
 * When the API is unavailable during a request (its database is down), the answer is the brand's
 * 503 page or a JSON 503, with Retry-After (app/lib/unavailable.server.ts, issue 9 item 4).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APEX_REDIRECT_STATUS, apexRedirect } from '@store/domain';
import { createRequestHandler } from 'react-router';
import type { ServerBuild } from 'react-router';
import type { StorefrontLoadContext } from '../app/lib/load-context.ts';
import { requestHost } from '../app/lib/request-info.ts';
import { createAuthService } from '../app/lib/auth/service.server.ts';
import { createRefreshCoordinator } from '../app/lib/auth/token-lifecycle.ts';
import { authCookieNames } from '../app/lib/auth/cookies.server.ts';
import { csrfGuard } from '../app/lib/csrf.server.ts';
import { requestGuard } from '../app/lib/request-guard.server.ts';
import { applySecurityHeaders, createNonce } from '../app/lib/security.server.ts';
import { createTokenProvider } from '../app/lib/token.server.ts';
import { createAvailabilityGuard } from '../app/lib/unavailable.server.ts';
import { compressResponse, createAssetCompressor, precompressAssets } from './compression.ts';
import { serveStatic } from './static.ts';

/** What the server knows of a request beyond the web Request (the API server's StorefrontRequestInfo). */
export interface StorefrontRequestInfo {
  /** the shopper's address (forwarded headers believed only from trusted proxies) */
  clientAddress: string;
}

/**
 * `fetch` with the shopper's address in `X-Forwarded-For` (replacing any value): in process the
 * API turns it into the request's socket address; over HTTP it believes it from trusted proxies
 * only (ADR 0012).
 */
export function withClientAddress(fetch: StorefrontHandlerOptions['apiFetch'], clientAddress: string): StorefrontHandlerOptions['apiFetch'] {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', clientAddress);
    return fetch(input, { ...init, headers });
  };
}

/**
 * Does the request carry a customer session (access or refresh token cookie), or does its answer
 * set or clear one (sign-in, refresh, sign-out)?
 */
function touchesSession(request: Request, setCookies: Map<string, string> | undefined, secure: boolean): boolean {
  const names = authCookieNames(secure);
  const isSession = (name: string | undefined) => name === names.at || name === names.rt;
  if ([...(setCookies?.keys() ?? [])].some(isSession)) return true;
  const cookie = request.headers.get('cookie');
  return cookie !== null && cookie.split(';').some((part) => isSession(part.split('=')[0]?.trim()));
}

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
export async function createStorefrontHandler(
  opts: StorefrontHandlerOptions,
): Promise<(request: Request, info?: StorefrontRequestInfo) => Promise<Response>> {
  const serverEntry = resolve(opts.buildDir, 'server', 'index.js');
  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`storefront build not found or broken at ${serverEntry} (run \`npm run build\`): ${String(error)}`, { cause: error });
  }
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const handle = createRequestHandler(build, mode);
  // issue 9 item 4: every API call goes through the guard; an unavailable API gives the brand's 503 page
  const availability = createAvailabilityGuard(opts.apiFetch);
  opts = { ...opts, apiFetch: availability.fetch };
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
  const coordinator = createRefreshCoordinator();

  return async (request: Request, info?: StorefrontRequestInfo): Promise<Response> => {
    const url = new URL(request.url);
    const apex = apexRedirect(requestHost(request), url, opts.hosts);
    if (apex) return new Response(null, { status: APEX_REDIRECT_STATUS, headers: { Location: apex } });

    const file = await serveStatic(clientDir, url.pathname, request.method, { acceptEncoding: request.headers.get('accept-encoding'), compressor });
    if (file) return file;

    const nonce = createNonce();
    // issue 9: methods, NUL in the URL, unreadable bodies; issue 3: CSRF check of every state-changing request, before any action runs
    const refused = (await requestGuard(request)) ?? (await csrfGuard(request));
    if (refused) {
      applySecurityHeaders(refused.headers, nonce, url.protocol === 'https:');
      return refused;
    }
    // issue 9 item 1: every API call of this request carries the shopper's address (ADR 0012)
    const clientAddress = info?.clientAddress;
    const apiFetch = clientAddress ? withClientAddress(opts.apiFetch, clientAddress) : opts.apiFetch;
    const auth = createAuthService({ fetch: apiFetch, tokenUrl: tokenUrlFor(opts.apiBaseUrl), clientId: opts.clientId, clientSecret: opts.clientSecret, coordinator });
    const storefront: StorefrontLoadContext = {
      apiFetch,
      clientAddress,
      apiBaseUrl: opts.apiBaseUrl,
      hosts: opts.hosts,
      getToken: () => tokens.getToken(),
      invalidateToken: () => tokens.invalidate(),
      nonce,
      devPages: opts.devPages,
      auth,
      setCookies: new Map(),
    };
    const response = await availability.handle(request, storefront, (req) => handle(req, { storefront }));
    const headers = new Headers(response.headers);
    // issue 3: auth / CSRF cookies written while serving the request (refresh, sign-in, sign-out)
    for (const cookie of storefront.setCookies?.values() ?? []) headers.append('Set-Cookie', cookie);
    // issue 9 item 7: a signed-in page (or the answer that signs in or out) is never stored by a cache
    if (touchesSession(request, storefront.setCookies, url.protocol === 'https:')) headers.set('Cache-Control', 'private, no-store');
    applySecurityHeaders(headers, nonce, url.protocol === 'https:');
    return compressResponse(request, new Response(response.body, { status: response.status, statusText: response.statusText, headers }));
  };
}
