/**
 * /authCallBack (spec §2): where an external sign-in comes back. The session cookies are already
 * set by then; this sends the customer on to `redirect` (a path of this site) or to the account,
 * and to the sign-in page when no session exists.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/auth-callback';
import { afterLoginTarget } from '../lib/auth/actions.server.ts';
import { authPaths } from '../lib/auth/paths.ts';
import { getRequestContext } from '../lib/context.server.ts';

export function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const back = ctx.url.searchParams.get('redirect');
  const paths = authPaths(ctx.lang);
  if (!ctx.auth.isLoggedIn) return redirect(paths.loginBack(back));
  return redirect(afterLoginTarget(back, paths.account));
}
