/**
 * Requests the storefront refuses before any route runs (issue 9 item 3, ADR 0015), so no loader
 * or action meets them and none answers 5xx:
 * - a method other than GET, HEAD and POST → 405 with `Allow: GET, HEAD, POST` (the API server
 *   answers those before the storefront; this covers a storefront run on its own);
 * - a NUL byte in the URL (`%00`: never legitimate, and PostgreSQL refuses it in text) → 400;
 * - a POST whose body cannot be read: every page action reads a form (`request.formData()`, which
 *   throws on a malformed multipart or urlencoded body, or on a JSON one), so a page POST must
 *   carry a form that parses; `/api/*` (and `/fr/api/*`) routes read JSON or a form, so a JSON body must be an
 *   object → 400.
 * Refusals answer a small page in the page's language, or JSON for `/api/*` and `.data`
 * requests (refusal.server.ts). The storefront handler runs {@link requestGuard} first, then the
 * CSRF guard.
 */
import type { Lang } from '@store/domain';
import { isApiRoutePath, refusalResponse, type RefusalText } from './refusal.server.ts';

/** The methods the storefront answers. */
export const STOREFRONT_METHODS = ['GET', 'HEAD', 'POST'] as const;

/** Why a request was refused. */
export type RequestRefusal = 'methodNotAllowed' | 'invalidCharacters' | 'malformedBody';

const BACK = { en: 'Back to the store', fr: 'Retour à la boutique' } as const;

const TEXT: Record<RequestRefusal, Record<Lang, RefusalText>> = {
  methodNotAllowed: {
    en: { title: 'Method not allowed', body: 'This page does not accept this kind of request.', back: BACK.en },
    fr: { title: 'Méthode non permise', body: 'Cette page n’accepte pas ce type de requête.', back: BACK.fr },
  },
  invalidCharacters: {
    en: { title: 'This web address is not valid', body: 'The web address contains characters that are not allowed. Please check it and try again.', back: BACK.en },
    fr: { title: 'Cette adresse web n’est pas valide', body: 'L’adresse web contient des caractères non permis. Vérifiez-la et réessayez.', back: BACK.fr },
  },
  malformedBody: {
    en: { title: 'We could not read this form', body: 'The form reached us in a shape we could not read. Please go back, reload the page and try again.', back: BACK.en },
    fr: { title: 'Nous n’avons pas pu lire ce formulaire', body: 'Le formulaire nous est parvenu sous une forme illisible. Revenez en arrière, rechargez la page et réessayez.', back: BACK.fr },
  },
};

function isForm(contentType: string): boolean {
  return contentType.startsWith('application/x-www-form-urlencoded') || contentType.startsWith('multipart/form-data');
}

/** Is the body of a POST readable by the route it goes to (see module comment)? Reads a clone. */
export async function isReadableBody(request: Request): Promise<boolean> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const api = isApiRoutePath(new URL(request.url).pathname);
  try {
    if (isForm(type)) {
      await request.clone().formData();
      return true;
    }
    if (!api) return false;
    if (!type.startsWith('application/json')) return true;
    const body: unknown = await request.clone().json();
    return body !== null && typeof body === 'object' && !Array.isArray(body);
  } catch {
    return false;
  }
}

/** Why the request is refused, or null when it may go on. */
export async function refusalOf(request: Request): Promise<RequestRefusal | null> {
  const method = request.method.toUpperCase();
  if (!(STOREFRONT_METHODS as readonly string[]).includes(method)) return 'methodNotAllowed';
  if (/%00/i.test(request.url)) return 'invalidCharacters';
  if (method === 'POST' && !(await isReadableBody(request))) return 'malformedBody';
  return null;
}

/** Runs the checks; answers the 405 / 400 response when refused, else null. */
export async function requestGuard(request: Request): Promise<Response | null> {
  const refusal = await refusalOf(request);
  if (!refusal) return null;
  const status = refusal === 'methodNotAllowed' ? 405 : 400;
  const headers = new Headers();
  if (refusal === 'methodNotAllowed') headers.set('Allow', STOREFRONT_METHODS.join(', '));
  return refusalResponse(request, { status, type: status === 405 ? 'MethodNotAllowedError' : 'BadRequestError', reason: refusal, text: TEXT[refusal], headers });
}
