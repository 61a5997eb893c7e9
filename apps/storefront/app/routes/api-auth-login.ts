/** POST /api/auth/login (spec §7): `{email, password, redirect?}` → sets the session cookies; JSON without tokens. */
import type { Route } from './+types/api-auth-login';
import { signIn } from '../lib/auth/actions.server.ts';
import { methodNotAllowed, readFields, resultJson } from '../lib/auth/api-routes.server.ts';
import { getRequestContext } from '../lib/context.server.ts';

export function loader() {
  return methodNotAllowed();
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const f = await readFields(args.request);
  const result = await signIn(ctx, { email: (f.email ?? '').trim(), password: f.password ?? '', redirectTo: f.redirect ?? null });
  return resultJson(result, result.ok ? { customer: { firstName: ctx.auth.customer?.firstName ?? '' } } : {});
}
