/**
 * Server-side error logging of the storefront (spec §8: a render crash is logged and the error
 * page shown). One place so it can be silenced or redirected; writes to stderr.
 */

/** Logs a server error with a short context label. Aborted requests are not logged. */
export function logServerError(error: unknown, context: { url?: string; label?: string } = {}): void {
  if (error instanceof Error && error.name === 'AbortError') return;
  const where = [context.label ?? 'storefront', context.url].filter(Boolean).join(' ');
  console.error(`[${where}]`, error);
}
