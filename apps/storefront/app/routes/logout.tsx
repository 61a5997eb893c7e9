/**
 * Sign-out (POST /logout, /fr/logout): revokes the refresh token at the API, clears the auth and
 * cart cookies, and redirects (303) home with a notice. A GET only redirects home (signing out
 * must not happen through a link or an image).
 */
import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { signOut } from '../lib/auth/actions.server.ts';
import { getRequestContext } from '../lib/context.server.ts';

export function loader(args: Route.LoaderArgs) {
  return redirect(getRequestContext(args).paths.home);
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const result = await signOut(ctx);
  return redirect(result.ok ? result.redirectTo : ctx.paths.home, 303);
}
