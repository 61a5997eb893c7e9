/**
 * Response compression of the storefront (ADR 0011): brotli or gzip, chosen from the request's
 * `Accept-Encoding` (q-values honoured, `br` preferred at equal weight).
 *
 * - Pages (HTML) and other text answers are compressed as they stream, each chunk flushed at
 *   once so a streamed page (deferred data) still reaches the browser part by part. Brotli at
 *   quality 4 / gzip level 6: close to the best ratio for a fraction of the CPU of brotli's
 *   default 11. zlib streams work on libuv's thread pool, off the event loop.
 * - Files of the client build are compressed once, at the best ratio (brotli 11, gzip 9), and
 *   kept in memory (`createAssetCompressor`): the build is a fixed, small set of files.
 *
 * Every compressible answer carries `Vary: Accept-Encoding`, compressed or not, so a cache never
 * hands one client's encoding to another.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
} from 'node:zlib';

/** A content coding the storefront can answer with. */
export type Encoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

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
 * `gzip` (`*` stands for both), `br` on a tie; null when neither is acceptable or the header is
 * absent (identity).
 */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
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
  return br >= gz ? 'br' : 'gzip';
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

/** The compressed forms of one file. */
export interface CompressedAsset {
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

/** Compresses build files once and keeps them (see module comment). */
export interface AssetCompressor {
  /**
   * The compressed forms of `file` (its content `read()` answers), computed on first use and
   * kept while `version` (e.g. the file's mtime and size) stays the same; null for files not
   * worth compressing.
   */
  get(file: string, version: string, read: () => Promise<Buffer>): Promise<CompressedAsset | null>;
}

/** An {@link AssetCompressor} holding at most `maxFiles` files (oldest dropped first). */
export function createAssetCompressor(maxFiles = 2000): AssetCompressor {
  const cache = new Map<string, { version: string; value: Promise<CompressedAsset | null> }>();
  return {
    get(file, version, read) {
      const hit = cache.get(file);
      if (hit && hit.version === version) return hit.value;
      const value = (async () => {
        const raw = await read();
        if (raw.length < MIN_COMPRESS_BYTES) return null;
        const [br, gz] = await Promise.all([
          brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          gzipAsync(raw, { level: 9 }),
        ]);
        // plain ArrayBuffer-backed copies, handed to every Response as they are
        return { br: new Uint8Array(br), gzip: new Uint8Array(gz) };
      })();
      cache.delete(file);
      if (cache.size >= maxFiles) cache.delete(cache.keys().next().value!);
      cache.set(file, { version, value });
      value.catch(() => {
        if (cache.get(file)?.value === value) cache.delete(file);
      });
      return value;
    },
  };
}

/** Extensions of the build's text files. */
const TEXT_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.map', '.txt', '.xml', '.webmanifest']);

/**
 * Compresses every text file of `dir` (not recursive) into `compressor`, one after the other;
 * never throws (a missing directory or unreadable file is skipped: it is compressed on first
 * request instead). Source maps are left out: browsers only fetch them with devtools open.
 */
export async function precompressAssets(dir: string, compressor: AssetCompressor): Promise<void> {
  try {
    for (const name of await readdir(dir)) {
      const ext = extname(name).toLowerCase();
      if (!TEXT_EXTENSIONS.has(ext) || ext === '.map') continue;
      const file = join(dir, name);
      try {
        const info = await stat(file);
        if (info.isFile()) await compressor.get(file, `${info.mtimeMs}:${info.size}`, () => readFile(file));
      } catch {
        // compressed on first request instead
      }
    }
  } catch {
    // no assets directory: nothing to do
  }
}
