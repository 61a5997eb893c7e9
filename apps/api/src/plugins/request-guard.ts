/**
 * Safety nets in front of the routes (issue 9 item 3, ADR 0015), added to the field checks of the
 * contract schemas (which stay the validation and name the field):
 *
 * - **Methods.** A request whose method has no route for its path answers 405 with `Allow`
 *   listing the methods the path does have (API paths: their routes; storefront paths: `GET,
 *   HEAD, POST`, the only methods the storefront catch-all takes), instead of 404 or, for
 *   `TRACE`, a 500 from the storefront bridge. A path no route knows stays 404.
 * - **NUL in the URL.** A URL holding a NUL byte (`%00`) or a raw control character answers 400
 *   `BadRequestError` reason `invalidCharacters` subject `url` on API paths, after validation (so
 *   a declared parameter is refused by its schema first, naming it) and before any handler: it
 *   covers parameters no schema declares (hidden routes, unknown query parameters). Storefront
 *   paths get the storefront's own 400 page in the page's language (storefront request guard).
 *
 * - **Host.** A request for the storefront whose `Host` header is no host (`a b`, `[`) answers
 *   400: the storefront's web `Request` is built from it (it answered 500).
 *
 * The routes are learnt from `onRoute`, so install the guard before registering them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { OccErrorBody } from '@store/contracts';

/** Options of {@link installRequestGuard}. */
export interface RequestGuardOptions {
  /** is this path (no query) an API path (answered by the API only, never the storefront)? */
  isApiPath: (path: string) => boolean;
  /** the URL pattern of the storefront catch-all route (default `/*`) */
  catchAllUrl?: string;
}

interface KnownRoute {
  pattern: RegExp;
  methods: string[];
  catchAll: boolean;
}

/** A NUL byte, raw or percent-encoded, or a raw C0 / C1 control character, in a request URL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BAD_URL = /%00|[\u0000-\u001F\u007F-\u009F]/i;

/** Does a request URL hold a NUL byte (raw or `%00`) or a raw control character? */
export function hasBadUrlCharacters(url: string): boolean {
  return BAD_URL.test(url);
}

/** The 400 body of an API URL holding a NUL or a control character. */
export const BAD_URL_BODY: OccErrorBody = {
  errors: [{ type: 'BadRequestError', reason: 'invalidCharacters', subject: 'url', message: 'The URL must not contain NUL bytes or control characters' }],
};

/** A find-my-way URL pattern as a regular expression over a raw path (`:param` → one segment, `*` → the rest). */
export function routePattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*$/, '.*');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** The 405 body on an API path (OCC shape). */
export function methodNotAllowedBody(method: string, path: string, allowed: string[]): OccErrorBody {
  return {
    errors: [{ type: 'MethodNotAllowedError', reason: 'methodNotAllowed', subject: 'method', message: `Method ${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}` }],
  };
}

const STOREFRONT_405 = {
  en: { title: 'Method not allowed', body: 'This page does not accept this kind of request.', back: 'Back to the store' },
  fr: { title: 'Méthode non permise', body: 'Cette page n’accepte pas ce type de requête.', back: 'Retour à la boutique' },
} as const;

/**
 * The 405 page of a storefront path, in the path's language (`/fr...` French). It looks like the
 * storefront's own refusal pages (apps/storefront/app/lib/refusal.server.ts): the storefront
 * cannot answer it, as the web `Request` it takes refuses `TRACE`.
 */
export function storefrontMethodNotAllowedPage(path: string): string {
  const fr = path === '/fr' || path.startsWith('/fr/');
  const t = fr ? STOREFRONT_405.fr : STOREFRONT_405.en;
  return `<!doctype html><html lang="${fr ? 'fr-CA' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#222}a{color:#7a3e1d}</style></head><body><main><h1>${t.title}</h1><p role="alert">${t.body}</p><p><a href="${fr ? '/fr' : '/'}">${t.back}</a></p></main></body></html>`;
}

/** Installs the method and URL guards on `app` (root scope, before the routes). See module comment. */
export function installRequestGuard(app: FastifyInstance, opts: RequestGuardOptions): void {
  const catchAllUrl = opts.catchAllUrl ?? '/*';
  const routes: KnownRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
    routes.push({ pattern: routePattern(route.url), methods, catchAll: route.url === catchAllUrl });
  });

  /** The methods with a route for `path` (the catch-all counts only for storefront paths). */
  function allowedMethods(path: string, api: boolean): string[] {
    const allowed = new Set<string>();
    for (const r of routes) {
      if (r.catchAll && api) continue;
      if (r.pattern.test(path)) for (const m of r.methods) allowed.add(m);
    }
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const catchAll = request.routeOptions.url === catchAllUrl;
    if (!request.is404 && !catchAll) return;
    // the storefront gets a web Request built from the Host header: one that is no host is a bad request
    if (catchAll && !URL.canParse(`http://${request.headers.host ?? 'localhost'}/`)) {
      return reply.status(400).send({ errors: [{ type: 'BadRequestError', reason: 'invalidHost', subject: 'Host', message: 'The Host header is not a valid host' }] });
    }
    const path = request.url.split('?')[0] ?? request.url;
    const api = opts.isApiPath(path);
    // a page request: the catch-all takes its method (no route scan on the storefront's hot path)
    if (catchAll && !api) return;
    const allowed = allowedMethods(path, api);
    if (allowed.length === 0 || allowed.includes(request.method)) return;
    reply.status(405).header('allow', allowed.join(', ')).header('cache-control', 'no-store');
    if (api) return reply.send(methodNotAllowedBody(request.method, path, allowed));
    return reply.type('text/html; charset=utf-8').send(storefrontMethodNotAllowedPage(path));
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!BAD_URL.test(request.url)) return;
    const path = request.url.split('?')[0] ?? request.url;
    if (!opts.isApiPath(path)) return;
    return reply.status(400).send(BAD_URL_BODY);
  });
}
