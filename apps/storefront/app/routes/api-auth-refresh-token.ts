/**
 * POST /api/auth/refreshToken (spec §7): refreshes the session from the refresh-token cookie
 * (rotation) and answers `{ok, expiresAt}` — never the tokens. 401 when there is no session or
 * the API refused the refresh (every auth cookie is then cleared).
 */
import type { Route } from './+types/api-auth-refresh-token';
import { json, methodNotAllowed } from '../lib/auth/api-routes.server.ts';
import { TIMEOUT_WAITING_MESSAGE } from '../lib/auth/token-lifecycle.ts';
import { getRequestContext } from '../lib/context.server.ts';

export function loader() {
  return methodNotAllowed();
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const { lifecycle } = ctx.auth;
  try {
    const token = await lifecycle.refresh();
    if (!token) return json({ ok: false, errors: [{ reason: 'sessionExpired', messageKey: 'auth.notice.sessionExpired' }] }, 401);
  } catch (error) {
    const timeout = error instanceof Error && error.message === TIMEOUT_WAITING_MESSAGE;
    return json({ ok: false, errors: [{ reason: timeout ? 'timeout' : 'unavailable', messageKey: 'auth.error.unavailable' }] }, 503);
  }
  return json({ ok: true, isLoggedIn: true });
}
