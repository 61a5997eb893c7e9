/**
 * The storefront's client build served by @fastify/static (ADR 0020, issue 11 item 8): the
 * brotli / gzip copies made at build time by scripts/precompress.mjs go out as they are when the
 * browser accepts them, with `Vary: Accept-Encoding`; hashed /assets/* are cached a year
 * (immutable), other files an hour; small and binary files are sent as they are; the compressed
 * copies themselves, other methods and unknown files go on to the storefront handler; API paths
 * answer 404.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE_CONTROL, STATIC_CACHE_CONTROL, registerStorefrontRoutes } from '@store/api';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const buildDir = mkdtempSync(join(tmpdir(), 'storefront-build-'));
const clientDir = join(buildDir, 'client');
const js = `export const messages = ${JSON.stringify(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`key${i}`, `Message number ${i}`])))};`;
const css = `.a{color:red}${'.b{margin:0}'.repeat(200)}`;
let app: FastifyInstance;
const seen: string[] = [];

beforeAll(async () => {
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  mkdirSync(join(buildDir, 'server'), { recursive: true });
  writeFileSync(join(buildDir, 'server', 'index.js'), 'export {};\n');
  writeFileSync(join(clientDir, 'assets', 'entry-Ab12Cd.js'), js);
  writeFileSync(join(clientDir, 'assets', 'root-Xy34.css'), css);
  writeFileSync(join(clientDir, 'assets', 'tiny-Q1.css'), 'a{}');
  writeFileSync(join(clientDir, 'assets', 'logo-Z9.png'), Buffer.alloc(4000, 1));
  writeFileSync(join(clientDir, 'robots.txt'), `User-agent: *\n${'Allow: /\n'.repeat(200)}`);
  // the build step under test: brotli and gzip copies next to each text file
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'precompress.mjs'), buildDir], { stdio: 'pipe' });
  app = Fastify();
  await registerStorefrontRoutes(app, {
    clientDir,
    handler: async (request) => {
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response('<p>page</p>', { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
    },
    notFound: (method, url) => ({ errors: [{ type: 'NotFoundError', message: `No route ${method} ${url}` }] }),
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

describe('scripts/precompress.mjs', () => {
  it('writes smaller brotli and gzip copies of text files only', () => {
    expect(brotliDecompressSync(readFileSync(join(clientDir, 'assets', 'entry-Ab12Cd.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(join(clientDir, 'assets', 'entry-Ab12Cd.js.gz'))).toString()).toBe(js);
    expect(readFileSync(join(clientDir, 'assets', 'entry-Ab12Cd.js.br')).length).toBeLessThan(js.length / 3);
    expect(existsSync(join(clientDir, 'assets', 'tiny-Q1.css.br'))).toBe(false);
    expect(existsSync(join(clientDir, 'assets', 'logo-Z9.png.br'))).toBe(false);
  });
});

describe('static files of the client build', () => {
  it('answers a hashed asset with its brotli copy, immutable, with Vary', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/entry-Ab12Cd.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers.etag).toBeTruthy();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('answers gzip to a browser without brotli, and the file itself to one without either', async () => {
    const gz = await app.inject({ method: 'GET', url: '/assets/root-Xy34.css', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(css);
    const plain = await app.inject({ method: 'GET', url: '/assets/root-Xy34.css' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(css);
  });

  it('sends small and binary files as they are; files outside /assets/ are cached an hour', async () => {
    const tiny = await app.inject({ method: 'GET', url: '/assets/tiny-Q1.css', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('a{}');
    const png = await app.inject({ method: 'GET', url: '/assets/logo-Z9.png', headers: { 'accept-encoding': 'br' } });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.rawPayload.length).toBe(4000);
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: { 'accept-encoding': 'br' } });
    expect(robots.headers['cache-control']).toBe(STATIC_CACHE_CONTROL);
    expect(robots.headers['content-encoding']).toBe('br');
    const head = await app.inject({ method: 'HEAD', url: '/assets/entry-Ab12Cd.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('hands the compressed copies, other methods, unknown files and escapes to the storefront; API paths answer 404', async () => {
    seen.length = 0;
    const br = await app.inject({ method: 'GET', url: '/assets/entry-Ab12Cd.js.br' });
    expect(br.body).toBe('<p>page</p>');
    await app.inject({ method: 'POST', url: '/assets/entry-Ab12Cd.js', payload: 'x', headers: { 'content-type': 'text/plain' } });
    await app.inject({ method: 'GET', url: '/assets/missing.js' });
    const escape = await app.inject({ method: 'GET', url: '/assets/..%2f..%2fserver%2findex.js' });
    expect(escape.body).toBe('<p>page</p>');
    expect(seen).toEqual(['GET /assets/entry-Ab12Cd.js.br', 'POST /assets/entry-Ab12Cd.js', 'GET /assets/missing.js', 'GET /assets/..%2f..%2fserver%2findex.js']);
    const api = await app.inject({ method: 'GET', url: '/rest/v2/nowhere' });
    expect(api.statusCode).toBe(404);
  });
});
