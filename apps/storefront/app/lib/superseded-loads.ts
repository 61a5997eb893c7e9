/**
 * Quiet the aborts of superseded navigations (browser only).
 *
 * When a shopper clicks a second link (or submits a form) while React Router is still loading the
 * first page, the router aborts the first navigation's requests with `AbortController.abort()`
 * and no reason. Promises of that abandoned load (its fetch and the deferred values it was
 * decoding) then reject with a `DOMException` named `AbortError`, and nothing awaits them any
 * more, so the browser reports an "Uncaught (in promise) AbortError: signal is aborted without
 * reason". Nothing failed for the shopper: the newer navigation goes on. CI's Chromium tests saw
 * it as a page error (a flaky gift-card test whose trace showed the abort in the router's
 * `startNavigation`).
 *
 * {@link ignoreSupersededLoads} marks exactly those rejections as handled. Every other unhandled
 * rejection, including one whose reason is an ordinary `Error` that merely mentions an abort,
 * still reaches the console and error trackers.
 */

/** True for the reason of an aborted fetch or signal: a `DOMException` named `AbortError`. */
export function isAbortReason(reason: unknown): boolean {
  return typeof DOMException !== 'undefined' && reason instanceof DOMException && reason.name === 'AbortError';
}

/**
 * Listens for `unhandledrejection` on `target` and cancels the event (no console report) when
 * its reason is an abort ({@link isAbortReason}). Call once, before hydrating.
 */
export function ignoreSupersededLoads(target: Pick<Window, 'addEventListener'>): void {
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    if (isAbortReason(event.reason)) event.preventDefault();
  });
}
