/**
 * Static files of the client build (build/client): hashed assets under /assets/ are cached for a
 * year (immutable), other files (favicon) for an hour. Only regular files inside the directory
 * are served; anything else answers null (the request goes on to React Router).
 *
 * Text files (JS, CSS, SVG, ...) go out brotli- or gzip-compressed when the request accepts it,
 * from an in-memory copy compressed once (compression.ts, ADR 0011).
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { addVaryAcceptEncoding, isCompressible, negotiateEncoding, type AssetCompressor } from './compression.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/** Content type of a file name (application/octet-stream when unknown). */
export function contentTypeOf(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Cache-Control of a static path: immutable for hashed /assets/*, one hour otherwise. */
export function cacheControlOf(pathname: string): string {
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/** Options of `serveStatic`. */
export interface StaticOptions {
  /** the request's Accept-Encoding header */
  acceptEncoding?: string | null;
  /** compresses (once) and keeps text files; without it files are sent as they are */
  compressor?: AssetCompressor;
}

/**
 * Answers a GET/HEAD for a file of `root`, or null when the path is not a file there (or
 * escapes it). `pathname` is the URL path name (percent-encoded).
 */
export async function serveStatic(root: string, pathname: string, method: string, opts: StaticOptions = {}): Promise<Response | null> {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (pathname === '/' || pathname.endsWith('/') || !pathname.includes('.')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const file = resolve(base, `.${decoded}`);
  if (!file.startsWith(base + sep)) return null;
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    const headers = new Headers({
      'Content-Type': contentTypeOf(file),
      'Content-Length': String(info.size),
      'Cache-Control': cacheControlOf(pathname),
      'Last-Modified': info.mtime.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    });
    if (opts.compressor && isCompressible(headers.get('content-type'))) {
      addVaryAcceptEncoding(headers);
      const encoding = negotiateEncoding(opts.acceptEncoding ?? null);
      const compressed = encoding ? await opts.compressor.get(file, `${info.mtimeMs}:${info.size}`, () => readFile(file)) : null;
      if (encoding && compressed) {
        const bytes = compressed[encoding];
        headers.set('Content-Encoding', encoding);
        headers.set('Content-Length', String(bytes.length));
        return new Response(method === 'HEAD' ? null : bytes, { status: 200, headers });
      }
    }
    if (method === 'HEAD') return new Response(null, { status: 200, headers });
    const body = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  } catch {
    return null;
  }
}
