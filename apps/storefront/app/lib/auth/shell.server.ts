/**
 * The root loader's auth data (spec §4 logged-in detection): signed-in flag, first name, the
 * one-shot notice and the CSRF token of the page (issuing the CSRF cookie when missing).
 */
import type { RequestContext } from '../context.server.ts';
import type { ShellAuth } from './shell-auth.ts';

/** The auth shell of a request; never throws. */
export function loadShellAuth(ctx: RequestContext): ShellAuth {
  const { auth } = ctx;
  return {
    isLoggedIn: auth.isLoggedIn,
    firstName: auth.customer?.firstName ?? '',
    csrfToken: auth.csrfToken,
    notice: auth.takeNotice(),
    wasLoggedIn: auth.wasLoggedIn,
  };
}
