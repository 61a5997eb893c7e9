/**
 * GET /api/visitor (issue 11 item 4, ADR 0019): the per-visitor parts of the header — cart count,
 * sign-in state, first name and, once a session exists, the page's CSRF token — for a page that
 * was rendered without them (shared through the page cache or a CDN). Always
 * `Cache-Control: private, no-store`; a visitor without state gets zeros without an API call.
 */
import type { Route } from './+types/api-visitor';
import { getRequestContext } from '../lib/context.server.ts';
import { hasSession } from '../lib/csrf.server.ts';
import { cartQuantityOf } from '../lib/shell.server.ts';
import type { VisitorInfo } from '../lib/shell-data.ts';
import { hasVisitorState } from '../lib/visitor-state.server.ts';

const NOBODY: VisitorInfo = { cartQuantity: 0, isLoggedIn: false, firstName: '', csrfToken: '' };

function answer(body: VisitorInfo): Response {
  return Response.json(body, { headers: { 'Cache-Control': 'private, no-store' } });
}

export async function loader(args: Route.LoaderArgs) {
  if (!hasVisitorState(args.request)) return answer(NOBODY);
  const ctx = getRequestContext(args);
  const session = hasSession(args.request);
  return answer({
    cartQuantity: await cartQuantityOf(ctx),
    isLoggedIn: ctx.auth.isLoggedIn,
    firstName: ctx.auth.customer?.firstName ?? '',
    csrfToken: session ? ctx.auth.csrfToken : '',
  });
}
