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
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';

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
