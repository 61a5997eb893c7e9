/**
 * Response compression of the storefront (ADR 0011): brotli or gzip, chosen from the request's
 * `Accept-Encoding` (q-values honoured, `br` preferred at equal weight).
 *
 * - Pages (HTML) and other text answers are compressed as they stream, each chunk flushed at
 *   once so a streamed page (deferred data) still reaches the browser part by part. Brotli at
 *   quality 4 / gzip level 6: close to the best ratio for a fraction of the CPU of brotli's
 *   default 11. zlib streams work on libuv's thread pool, off the event loop.
 * - Files of the client build are compressed at build time, at the best ratio (brotli 11, gzip
 *   9; scripts/precompress.mjs), and served with @fastify/static's `preCompressed` (ADR 0020).
 *
 * Every compressible answer carries `Vary: Accept-Encoding`, compressed or not, so a cache never
 * hands one client's encoding to another.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';

/** A content coding the storefront can answer with. */
export type Encoding = 'br' | 'gzip';

/** Smaller bodies are sent as they are (compression would not pay for its header). */
export const MIN_COMPRESS_BYTES = 1024;

/** Whether a content type is worth compressing (text, JSON, JavaScript, SVG, XML, manifests). */
export function isCompressible(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/javascript' ||
    type === 'application/manifest+json' ||
    type === 'application/xml' ||
    type === 'image/svg+xml' ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  );
}

/**
 * The coding to answer with for an `Accept-Encoding` header: the highest q-value among `br` and
 * `gzip` (`*` stands for both), `prefer` on a tie (browsers send both at q=1); null when neither
 * is acceptable or the header is absent (identity).
 */
export function negotiateEncoding(acceptEncoding: string | null, prefer: Encoding = 'br'): Encoding | null {
  if (!acceptEncoding) return null;
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const n = Number(value);
        weight = Number.isFinite(n) ? n : 0;
      }
    }
    q[name] = weight;
  }
  const weightOf = (name: Encoding) => q[name] ?? q['*'] ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return null;
  if (br === gz) return prefer;
  return br > gz ? 'br' : 'gzip';
}

/** Appends `Accept-Encoding` to the response's `Vary` header (once). */
export function addVaryAcceptEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!vary.split(',').some((v) => ['accept-encoding', '*'].includes(v.trim().toLowerCase()))) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/**
 * The response compressed for the request when it should be (see module comment), else the
 * response as it is. Leaves alone: HEAD requests, bodiless answers (204, 304, redirects without
 * a body), answers already encoded, types not worth it, bodies known to be small.
 */
export function compressResponse(request: Request, response: Response): Response {
  const headers = response.headers;
  if (!response.body || request.method === 'HEAD' || headers.has('content-encoding')) return response;
  if (!isCompressible(headers.get('content-type'))) return response;
  const length = headers.get('content-length');
  if (length !== null && Number(length) < MIN_COMPRESS_BYTES) return response;
  const out = new Headers(headers);
  addVaryAcceptEncoding(out);
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
  if (!encoding) return new Response(response.body, { status: response.status, statusText: response.statusText, headers: out });
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
        })
      : createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
  const source = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  source.on('error', (error) => compressor.destroy(error));
  const body = Readable.toWeb(source.pipe(compressor)) as unknown as ReadableStream<Uint8Array>;
  out.delete('content-length');
  out.set('Content-Encoding', encoding);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: out });
}

/**
 * A response whose whole body is already in memory carries it under this symbol, so the Fastify
 * bridge can send the bytes as they are instead of streaming them through a web stream
 * (apps/api/src/storefront-bridge.ts).
 */
export const RAW_BODY = Symbol.for('@store/storefront/raw-body');

/**
 * An answer whose body is `bytes` as they are, also carried under {@link RAW_BODY} for the bridge;
 * `bytes` null (a HEAD request): no body. The body is a stream that hands over the same bytes when
 * read, because `new Response(bytes)` copies them (undici's `extractBody`: about 110 µs for a 90 KB
 * page, a quarter of the server's time in the profile of the cached product page) while the bridge
 * sends {@link RAW_BODY} without reading the body. The bytes must not be changed afterwards.
 */
export function bytesResponse(bytes: Uint8Array | null, init: { status: number; headers: Headers }): Response {
  if (bytes === null) return new Response(null, init);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const response = new Response(body, init);
  (response as unknown as Record<symbol, unknown>)[RAW_BODY] = bytes;
  return response;
}

/** zlib's one-shot brotli, on its thread pool. */
export const brotliAsync = promisify(brotliCompress);
/** zlib's one-shot gzip, on its thread pool. */
export const gzipAsync = promisify(gzip);

/**
 * The answer of a body held whole in memory (ADR 0040: a composed page): compressed in one call
 * on zlib's thread pool when the browser accepts it, with its length, `Vary: Accept-Encoding`,
 * and its final bytes under {@link RAW_BODY}. A HEAD request gets the headers only.
 *
 * gzip (level 6) is preferred when the browser takes both: on the bench machine a composed home
 * page came out as large as with brotli quality 4 (18.3 against 18.6 KB; category 23.7 against
 * 23.3 KB) while the server answered 2.6 times as many (790 against 300 req/s, autocannon -c 50):
 * zlib's one-shot brotli cost the event loop far more than its own compression time.
 */
export async function wholeBodyResponse(request: Request, body: Uint8Array, init: { status: number; headers: Headers }): Promise<Response> {
  const headers = new Headers(init.headers);
  let bytes: Uint8Array = body;
  if (isCompressible(headers.get('content-type')) && body.byteLength >= MIN_COMPRESS_BYTES) {
    addVaryAcceptEncoding(headers);
    const encoding = negotiateEncoding(request.headers.get('accept-encoding'), 'gzip');
    if (encoding === 'br') {
      bytes = await brotliAsync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
      });
    } else if (encoding === 'gzip') bytes = await gzipAsync(body, { level: 6 });
    if (encoding) headers.set('content-encoding', encoding);
  }
  headers.set('content-length', String(bytes.byteLength));
  return bytesResponse(request.method === 'HEAD' ? null : bytes, { status: init.status, headers });
}
