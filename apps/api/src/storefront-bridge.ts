/**
 * The bridge between Fastify and the storefront's web-standard handler (DESIGN "One process by
 * default"): Fastify request → web `Request`, web `Response` → Fastify reply, and an in-process
 * `fetch` that calls the API through `app.inject` (no loopback hop; the storefront's API client
 * works the same over real HTTP when the two run apart).
 *
 * The client address (issue 9 item 1, ADR 0012): the storefront gets the shopper's address from
 * Fastify (`request.ip`, which believes `X-Forwarded-For` only from TRUST_PROXY peers) and sends
 * it with every API call as `X-Forwarded-For`. Over HTTP the API believes it only when the
 * storefront is one of its trusted proxies; in process, {@link createInjectFetch} turns it into
 * the injected request's socket address, so the API's rate limits key on the shopper, never on
 * the storefront. The web Request carries no forwarded header: its URL already has the trusted
 * protocol and host.
 *
 * Issue 11 item 3 (ADR 0021): {@link createDirectFetch} is the in-process transport the single
 * process uses. It calls the route handlers directly (http/direct.ts: same auth, validation and
 * error answers) with the body object and answers the handler's object, no JSON either way; the
 * shopper's address becomes the call's client address as with inject. The OAuth token and
 * revoke endpoints (form bodies) are answered in process too; the few routes the storefront
 * never calls (`INJECT_ONLY_ROUTES` of http/direct.ts: probes, media bytes, documentation) fall
 * back to `app.inject`.
 *
 * Every direct answer arrives in a later turn of the event loop ({@link yieldToEventLoop}), as an
 * answer over HTTP would. Without it a page render (SQLite answers synchronously under Kysely's
 * promises) is one unbroken chain of microtasks: the process stops accepting connections and
 * reading sockets while renders run, so under load new visitors waited seconds in the kernel's
 * accept queue, before the render limit or the render deadline could see them (ADR 0021
 * amendment 2; measured: p99 5.4 s → 0.8 s at 50 connections on the product page of a visitor
 * with a cart).
 */
import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import { parse as parseQuery } from 'fast-querystring';
import { directBodyOf, directResponse } from '@store/contracts';
import { createDirectDispatcher, type DirectDispatcher, type DirectFallback } from './http/direct.ts';

/** Symbol under which a storefront response may carry its whole body (the page cache's `RAW_BODY`). */
const RAW_BODY = Symbol.for('@store/storefront/raw-body');

/** Hop-by-hop headers that must not be copied between messages. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/**
 * Headers that claim a client address, protocol or host. Fastify has already decided (with
 * TRUST_PROXY) what to believe of them; the storefront sees only that decision.
 */
const FORWARDING = new Set(['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-prefix', 'forwarded', 'x-real-ip']);

/** The header that carries the shopper's address from the storefront to the API. */
export const CLIENT_ADDRESS_HEADER = 'x-forwarded-for';

/**
 * A web Request for a Fastify request: full URL from the trusted protocol and host (Fastify's
 * `request.protocol` / `request.host`), every header except the forwarding ones, and for methods
 * with a body the raw body stream (the storefront scope registers a pass-through content-type
 * parser so `request.body` is the unread stream). Aborted when the client goes away.
 */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const host = request.host || 'localhost';
  const url = `${request.protocol}://${host}${request.url}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key.startsWith(':') || HOP_BY_HOP.has(key) || FORWARDING.has(key)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  headers.set('host', host);
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const body = request.body;
    if (body instanceof Readable) {
      init.body = Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>;
      init.duplex = 'half';
    } else if (typeof body === 'string') {
      init.body = body;
    } else if (Buffer.isBuffer(body)) {
      init.body = new Uint8Array(body);
    }
  }
  return new Request(url, init);
}

/** Sends a web Response through a Fastify reply: status, every header (each Set-Cookie), body stream. */
export function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie' || HOP_BY_HOP.has(key)) return;
    reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // issue 11: a page from the storefront's page cache carries its bytes; send them as they are
  const raw = (response as unknown as Record<symbol, unknown>)[RAW_BODY];
  if (raw instanceof Uint8Array) return reply.send(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>));
}

/**
 * A `fetch` that answers from `app.inject` (in process). `getApp` is called per call, so the
 * fetch can be created before the app is built. Absolute URLs only; the Host header defaults to
 * the URL's host. An `X-Forwarded-For` header (the storefront's {@link CLIENT_ADDRESS_HEADER})
 * becomes the injected request's socket address and is not passed on, so the API sees the
 * shopper's address as `request.ip` whatever TRUST_PROXY says.
 */
export function createInjectFetch(getApp: () => FastifyInstance): (input: string, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    headers.host ??= url.host;
    const clientAddress = headers[CLIENT_ADDRESS_HEADER]?.split(',')[0]?.trim();
    delete headers[CLIENT_ADDRESS_HEADER];
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
    const payload = hasBody ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await getApp().inject({
      method: request.method as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers,
      ...(clientAddress ? { remoteAddress: clientAddress } : {}),
      ...(payload ? { payload } : {}),
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined || HOP_BY_HOP.has(key)) continue;
      if (Array.isArray(value)) for (const v of value) out.append(key, String(v));
      else out.set(key, String(value));
    }
    const nullBody = request.method === 'HEAD' || [101, 204, 205, 304].includes(res.statusCode);
    return new Response(nullBody ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      statusText: res.statusMessage,
      headers: out,
    });
  };
}

/** A form-encoded body as the object @fastify/formbody makes of it (fast-querystring: a repeated field becomes an array). */
export function parseFormBody(text: string): Record<string, unknown> {
  return parseQuery(text) as Record<string, unknown>;
}

/** Lower-case header record of a fetch init's headers. */
function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (headers instanceof Headers) {
    headers.forEach((value, key) => {
      out[key] = value;
    });
  } else if (Array.isArray(headers)) {
    for (const [key, value] of headers) out[key.toLowerCase()] = value;
  } else {
    for (const [key, value] of Object.entries(headers)) out[key.toLowerCase()] = value;
  }
  return out;
}

/**
 * The direct in-process `fetch` (see module comment). `getApp` is called per call; the router is
 * built on the first call (the app is ready by then). A string JSON body is parsed (callers that
 * pass `direct: true` to the API client send the object instead), a form body is parsed as
 * @fastify/formbody parses it (the OAuth endpoints); any other body, and a call no converted
 * route takes, goes through `app.inject` unchanged; `onFallback` hears of each such
 * call (the test harness fails the API suite on one the storefront should not make, ADR 0021
 * amendment).
 */
export function createDirectFetch(getApp: () => FastifyInstance, onFallback?: (call: DirectFallback) => void): (input: string, init?: RequestInit) => Promise<Response> {
  const inject = createInjectFetch(getApp);
  let dispatcher: DirectDispatcher | undefined;
  let dispatcherOf: FastifyInstance | undefined;
  return async (input, init) => {
    const app = getApp();
    if (dispatcherOf !== app) {
      dispatcher = createDirectDispatcher(app);
      dispatcherOf = app;
    }
    const url = new URL(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = headerRecord(init?.headers);
    let body = directBodyOf(init);
    const objectBody = body !== undefined;
    if (body === undefined && init?.body !== undefined && init.body !== null) {
      const type = headers['content-type'] ?? '';
      const bodyFallback = () => {
        onFallback?.({ method, path: url.pathname, reason: 'body' });
        return inject(input, init);
      };
      if (init.body instanceof URLSearchParams) {
        body = parseFormBody(init.body.toString());
      } else if (typeof init.body !== 'string') {
        return bodyFallback();
      } else if (type.includes('application/x-www-form-urlencoded')) {
        // as @fastify/formbody parses it (the OAuth endpoints' form bodies, RFC 6749)
        body = parseFormBody(init.body);
      } else if (type.includes('application/json')) {
        try {
          body = JSON.parse(init.body) as unknown;
        } catch {
          return bodyFallback(); // Fastify's own 400 for a malformed body
        }
      } else {
        return bodyFallback();
      }
    }
    const clientAddress = headers[CLIENT_ADDRESS_HEADER]?.split(',')[0]?.trim();
    delete headers[CLIENT_ADDRESS_HEADER];
    const answer = await dispatcher!.dispatch({
      method,
      path: url.pathname,
      search: url.search.slice(1),
      headers,
      body,
      ...(clientAddress ? { clientAddress } : {}),
    });
    if (!answer) {
      onFallback?.({ method, path: url.pathname, reason: 'unrouted' });
      const fallback: RequestInit = { ...init };
      if (objectBody) fallback.body = JSON.stringify(body);
      return inject(input, fallback);
    }
    // see module comment: the answer comes in the next turn of the event loop, so sockets and new connections are served in between
    await yieldToEventLoop();
    return directResponse(method === 'HEAD' ? undefined : answer.data, answer.status, answer.headers);
  };
}
