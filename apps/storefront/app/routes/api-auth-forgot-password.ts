/** POST /api/auth/forgotPassword (spec §7): `{email}` → 202 whatever the email (no enumeration); 429 with Retry-After. */
import type { Route } from './+types/api-auth-forgot-password';
import { forgotPassword } from '../lib/auth/actions.server.ts';
import { json, methodNotAllowed, readFields, resultJson } from '../lib/auth/api-routes.server.ts';
import { getRequestContext } from '../lib/context.server.ts';

export function loader() {
  return methodNotAllowed();
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const f = await readFields(args.request);
  const result = await forgotPassword(ctx, (f.email ?? '').trim());
  return result.ok ? json({ ok: true }, 202) : resultJson(result);
}
