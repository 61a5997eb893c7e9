/**
 * Storefront request handler: web Request in, web Response out (React Router framework mode,
 * server-rendered). The API server's catch-all route calls it for every non-API path.
 * Placeholder until the storefront lands.
 */
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

export async function createStorefrontHandler(
  _opts: StorefrontHandlerOptions,
): Promise<(request: Request) => Promise<Response>> {
  return async () => new Response('Storefront not built yet', { status: 503 });
}
