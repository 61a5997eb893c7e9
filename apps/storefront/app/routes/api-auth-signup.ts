/** POST /api/auth/signup (spec §7): `{email, password, confirmPassword?, firstName, lastName, perksOptIn?}` → account + session cookies. */
import type { Route } from './+types/api-auth-signup';
import { signUp } from '../lib/auth/actions.server.ts';
import { methodNotAllowed, readFields, resultJson } from '../lib/auth/api-routes.server.ts';
import { getRequestContext } from '../lib/context.server.ts';

export function loader() {
  return methodNotAllowed();
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const f = await readFields(args.request);
  const password = f.password ?? '';
  const result = await signUp(ctx, {
    email: (f.email ?? '').trim(),
    password,
    confirmPassword: f.confirmPassword ?? password,
    firstName: (f.firstName ?? '').trim(),
    lastName: (f.lastName ?? '').trim(),
    perksOptIn: f.perksOptIn === 'true' || f.perksOptIn === 'on',
    redirectTo: f.redirect ?? null,
  });
  return resultJson(result);
}
