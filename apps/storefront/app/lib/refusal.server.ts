/**
 * The answer of a request the storefront refuses before any route runs (CSRF, malformed body,
 * NUL in the URL, unsupported method): JSON `{errors:[{type, reason, message}]}` for `/api/*`,
 * `.data` and JSON-accepting requests, else a small HTML page in the page's language. Shared by
 * the CSRF guard (issue 3) and the request guard (issue 9 item 3).
 */
import type { Lang } from '@store/domain';

/** The texts of a refusal page in one language. */
export interface RefusalText {
  title: string;
  body: string;
  back: string;
}

/**
 * The language of a refused request: French for `/fr` paths; for language-less paths (`/cart/add`,
 * `/api/*`), French when the page that sent it (`Referer`, same origin) is a `/fr` page.
 */
export function refusalLang(request: Request): Lang {
  const url = new URL(request.url);
  const isFr = (path: string) => path === '/fr' || path.startsWith('/fr/');
  if (isFr(url.pathname)) return 'fr';
  const referer = request.headers.get('referer');
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.host === url.host && isFr(from.pathname)) return 'fr';
    } catch {
      // not a URL: ignore it
    }
  }
  return 'en';
}

/** Is the path one of the storefront's JSON server routes (`/api/*`, French `/fr/api/*`, spec §7)? */
export function isApiRoutePath(pathname: string): boolean {
  return /^\/(fr\/)?api\//.test(pathname);
}

/** Does the request want a JSON answer (`/api/*`, `/fr/api/*`, `.data`, `Accept: application/json`)? */
export function wantsJson(request: Request): boolean {
  const url = new URL(request.url);
  return isApiRoutePath(url.pathname) || url.pathname.endsWith('.data') || (request.headers.get('accept') ?? '').startsWith('application/json');
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Options of {@link refusalResponse}. */
export interface RefusalOptions {
  status: number;
  /** the error `type` of the JSON body, e.g. `CsrfError`, `BadRequestError` */
  type: string;
  /** the stable machine reason of the JSON body */
  reason: string;
  text: Record<Lang, RefusalText>;
  /** extra headers (`Allow`, `Set-Cookie`) */
  headers?: Headers;
}

/** A refusal answer (see module comment), `Cache-Control: no-store`. */
export function refusalResponse(request: Request, opts: RefusalOptions): Response {
  const lang = refusalLang(request);
  const t = opts.text[lang];
  const headers = new Headers(opts.headers);
  headers.set('Cache-Control', 'no-store');
  if (wantsJson(request)) {
    headers.set('Content-Type', 'application/json; charset=utf-8');
    return new Response(JSON.stringify({ errors: [{ type: opts.type, reason: opts.reason, message: t.body }] }), { status: opts.status, headers });
  }
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const home = lang === 'fr' ? '/fr' : '/';
  const html = `<!doctype html><html lang="${lang === 'fr' ? 'fr-CA' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#222}a{color:#7a3e1d}</style></head><body><main><h1>${escapeHtml(t.title)}</h1><p role="alert">${escapeHtml(t.body)}</p><p><a href="${home}">${escapeHtml(t.back)}</a></p></main></body></html>`;
  return new Response(request.method === 'HEAD' ? null : html, { status: opts.status, headers });
}
