import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bytesResponse, compressResponse, negotiateEncoding, RAW_BODY, wholeBodyResponse } from '../server/compression.ts';

const html = `<!DOCTYPE html><html><body>${'<p>Medium roast coffee pods, 24 count</p>'.repeat(200)}</body></html>`;

function page(body: BodyInit | null, headers: Record<string, string> = {}, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers } });
}

function get(acceptEncoding?: string, method = 'GET'): Request {
  return new Request('http://localhost/p', { method, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });
}

describe('negotiateEncoding', () => {
  it('prefers br (or the coding asked for) on a tie, honours q-values and refusals', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br', 'gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=1, gzip;q=0.9', 'gzip')).toBe('br');
    expect(negotiateEncoding('br', 'gzip')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(negotiateEncoding(null)).toBeNull();
  });
});

describe('compressResponse', () => {
  it('compresses a page with brotli or gzip and says so', async () => {
    const br = compressResponse(get('gzip, br'), page(html, { 'Content-Length': String(html.length) }));
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-length')).toBeNull();
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(html.length / 5);
    expect(brotliDecompressSync(brBytes).toString()).toBe(html);

    const gz = compressResponse(get('gzip'), page(html, { Vary: 'Cookie' }));
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
  });

  it('leaves alone what should not be compressed', async () => {
    const none = compressResponse(get(), page(html));
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(none.headers.get('vary')).toBe('Accept-Encoding');
    expect(await none.text()).toBe(html);
    const head = page(null);
    expect(compressResponse(get('br', 'HEAD'), head)).toBe(head);
    const image = page('x'.repeat(5000), { 'Content-Type': 'image/png' });
    expect(compressResponse(get('br'), image)).toBe(image);
    const small = page('<p>hi</p>', { 'Content-Length': '9' });
    expect(compressResponse(get('br'), small)).toBe(small);
    const encoded = page(html, { 'Content-Encoding': 'gzip' });
    expect(compressResponse(get('br'), encoded)).toBe(encoded);
    const redirect = new Response(null, { status: 302, headers: { Location: '/x' } });
    expect(compressResponse(get('br'), redirect)).toBe(redirect);
  });

  it('flushes each streamed chunk: the first part of a page arrives before the rest is rendered', async () => {
    let release!: () => void;
    const later = new Promise<void>((r) => (release = r));
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(`<html><body><h1>Shell</h1>${'x'.repeat(2000)}`));
        await later;
        controller.enqueue(encoder.encode('<p>deferred</p></body></html>'));
        controller.close();
      },
    });
    const response = compressResponse(get('br'), page(stream));
    const reader = response.body!.getReader();
    const inflate = createBrotliDecompress();
    const seen: string[] = [];
    inflate.on('data', (chunk: Buffer) => seen.push(chunk.toString()));
    const first = await reader.read();
    inflate.write(first.value);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.join('')).toContain('<h1>Shell</h1>');
    expect(seen.join('')).not.toContain('deferred');
    release();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      inflate.write(value);
    }
    await new Promise<void>((r) => inflate.end(r));
    expect(seen.join('')).toContain('<p>deferred</p></body></html>');
  });
});

describe('bytesResponse (a cached or composed page)', () => {
  it('carries the very bytes for the bridge and gives the same bytes to whoever reads the body', async () => {
    const bytes = new TextEncoder().encode(html);
    const response = bytesResponse(bytes, { status: 200, headers: new Headers({ 'content-type': 'text/html; charset=utf-8', 'content-length': String(bytes.byteLength) }) });
    // not a copy: the bridge sends these bytes without reading the body
    expect((response as unknown as Record<symbol, unknown>)[RAW_BODY]).toBe(bytes);
    expect(response.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(await response.text()).toBe(html);
    const head = bytesResponse(null, { status: 200, headers: new Headers() });
    expect(head.body).toBeNull();
    expect((head as unknown as Record<symbol, unknown>)[RAW_BODY]).toBeUndefined();
  });
});

describe('wholeBodyResponse (ADR 0040: a composed page)', () => {
  const bytes = new TextEncoder().encode(html);
  const init = () => ({ status: 200, headers: new Headers({ 'content-type': 'text/html; charset=utf-8', vary: 'Accept-Encoding, Cookie' }) });
  const rawOf = (r: Response) => (r as unknown as Record<symbol, unknown>)[RAW_BODY] as Uint8Array;

  it('compresses in one call as the browser accepts (gzip when it takes both), with the length, and carries the final bytes', async () => {
    const both = await wholeBodyResponse(get('gzip, deflate, br, zstd'), bytes, init());
    expect(both.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await both.arrayBuffer())).toString('utf8')).toBe(html);

    const br = await wholeBodyResponse(get('br'), bytes, init());
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const brBody = new Uint8Array(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBody.byteLength);
    expect(brBody.byteLength).toBeLessThan(bytes.byteLength / 5);
    expect(brotliDecompressSync(brBody).toString('utf8')).toBe(html);
    expect(Buffer.from(rawOf(br)).equals(Buffer.from(brBody))).toBe(true);

    const gz = await wholeBodyResponse(get('gzip'), bytes, init());
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(rawOf(gz))).toString('utf8')).toBe(html);
  });

  it('sends the bytes as they are without an accepted encoding, and headers only to HEAD', async () => {
    const plain = await wholeBodyResponse(get(), bytes, init());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(await plain.text()).toBe(html);
    expect(rawOf(plain).byteLength).toBe(bytes.byteLength);
    const head = await wholeBodyResponse(get('br', 'HEAD'), bytes, init());
    expect(head.body).toBeNull();
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(rawOf(head)).toBeUndefined();
  });
});
