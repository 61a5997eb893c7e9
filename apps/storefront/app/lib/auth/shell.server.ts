/**
 * The root loader's auth data (spec §4 logged-in detection): signed-in flag, first name, the
 * one-shot notice and the CSRF token of the page when a session exists (issuing the CSRF cookie
 * when missing; issue 11 item 4: a page without a session carries no token).
 */
import type { RequestContext } from '../context.server.ts';
import { hasSession } from '../csrf.server.ts';
import type { ShellAuth } from './shell-auth.ts';

/** The auth shell of a request; never throws. */
export function loadShellAuth(ctx: RequestContext): ShellAuth {
  const { auth } = ctx;
  return {
    isLoggedIn: auth.isLoggedIn,
    firstName: auth.customer?.firstName ?? '',
    // issue 11 item 4: a token only once a session exists, so pages without one can be shared
    csrfToken: hasSession(ctx.request) ? auth.csrfToken : '',
    notice: auth.takeNotice(),
    wasLoggedIn: auth.wasLoggedIn,
  };
}
