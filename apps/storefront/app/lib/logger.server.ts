/**
 * Server-side error logging of the storefront (spec §8: a render crash is logged and the error
 * page shown). One place so it can be silenced or redirected; writes to stderr.
 */
import { requestIsUnavailable } from './unavailable.server.ts';

/**
 * Logs a server error with a short context label. Aborted requests are not logged, nor errors of
 * a request that found the API unavailable (issue 9 item 4: the availability guard logs one
 * warning for it, lib/unavailable.server.ts).
 */
export function logServerError(error: unknown, context: { url?: string; label?: string } = {}): void {
  if (error instanceof Error && error.name === 'AbortError') return;
  if (requestIsUnavailable()) return;
  const where = [context.label ?? 'storefront', context.url].filter(Boolean).join(' ');
  console.error(`[${where}]`, error);
}
