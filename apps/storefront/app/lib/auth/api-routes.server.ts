/**
 * Helpers of the `/api/auth/*` server routes (spec §7): read a JSON or form body, answer JSON.
 * Answers never carry a token: tokens only travel in HttpOnly cookies. CSRF is checked by the
 * storefront handler before the route runs (header `x-csrf-token` for JSON calls).
 */
import type { AuthResult } from './actions.server.ts';

/** The request body as string fields (JSON object or form), at most 64 fields. */
export async function readFields(request: Request): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = (await request.json().catch(() => null)) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [k, v] of Object.entries(body as Record<string, unknown>).slice(0, 64)) {
        if (typeof v === 'string') out[k] = v.slice(0, 512);
        else if (typeof v === 'boolean' || typeof v === 'number') out[k] = String(v);
      }
    }
    return out;
  }
  const form = await request.formData().catch(() => null);
  if (form) for (const [k, v] of [...form.entries()].slice(0, 64)) if (typeof v === 'string') out[k] = v.slice(0, 512);
  return out;
}

/** A JSON answer (no-store). */
export function json(body: unknown, status = 200, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
  });
}

/** The JSON answer of an auth result: `{ok:true, ...extra}` or `{ok:false, errors:[{reason, subject?, messageKey}]}`. */
export function resultJson(result: AuthResult, extra: Record<string, unknown> = {}): Response {
  if (result.ok) return json({ ok: true, redirectTo: result.redirectTo || null, notice: result.notice, ...extra });
  const errors: Array<{ reason: string; subject?: string; messageKey: string }> = [];
  if (result.formError) errors.push({ reason: result.formError.key.replace(/^auth\.error\./, ''), messageKey: result.formError.key });
  for (const [subject, list] of Object.entries(result.fieldErrors)) {
    for (const m of list) errors.push({ reason: m.reason ?? m.key.replace(/^auth\.error\./, ''), subject, messageKey: m.key });
  }
  const headers: Record<string, string> = result.retryAfterS ? { 'Retry-After': String(result.retryAfterS) } : {};
  return json({ ok: false, errors, retryAfterS: result.retryAfterS }, result.status, headers);
}

/** 405 for anything but POST. */
export function methodNotAllowed(): Response {
  return json({ ok: false, errors: [{ reason: 'methodNotAllowed', messageKey: 'auth.error.generic' }] }, 405, { Allow: 'POST' });
}
