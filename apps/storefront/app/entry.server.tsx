/**
 * Server entry: renders the matched routes to an HTML stream (React 19, renderToPipeableStream).
 * Bots and crawlers get the whole document at once (onAllReady); browsers get the shell as soon
 * as it is ready. A render crash rejects, and React Router renders the route's ErrorBoundary
 * (the generic error page of spec §2) with status 500; the error is logged by `handleError`.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter } from 'react-router';
import { logServerError } from './lib/logger.server.ts';
import { NonceContext } from './lib/nonce.ts';

/** How long deferred data may stream before it is rejected (ms). */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  if (request.method.toUpperCase() === 'HEAD') {
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return Promise.resolve(new Response(null, { status: responseStatusCode, headers: responseHeaders }));
  }
  const nonce = loadContext.storefront?.nonce ?? '';
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors while rendering the shell reject and are logged by handleError; later
          // streaming errors are logged here.
          if (shellRendered) logServerError(error, { url: request.url, label: 'render' });
        },
      },
    );
  });
}

/** Logs loader, action and render errors on the server (spec §8: render crashes are logged). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logServerError(error, { url: request.url });
};
