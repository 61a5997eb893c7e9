/**
 * Last step of the storefront build (`npm run build -w @store/storefront`, ADR 0020): writes a
 * brotli (quality 11) and a gzip (level 9) copy next to every text file of the client build
 * (`x.js` → `x.js.br`, `x.js.gz`), for @fastify/static's `preCompressed` to send as they are. A
 * file under 1 KB, or whose compressed copy would not be smaller, gets none (the file is sent as
 * it is). Source maps are left out.
 *
 * Usage: node scripts/precompress.mjs [BUILD_DIR]   (default ./build, from apps/storefront)
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Extensions of the text files worth compressing. */
export const TEXT_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.html', '.ico']);
/** Smaller files are sent as they are. */
export const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

const buildDir = resolve(process.argv[2] ?? 'build');
const clientDir = join(buildDir, 'client');
let count = 0;
let rawBytes = 0;
let brBytes = 0;
for await (const file of files(clientDir)) {
  if (!TEXT_EXTENSIONS.has(extname(file).toLowerCase())) continue;
  const raw = await readFile(file);
  for (const suffix of ['.br', '.gz']) await rm(file + suffix, { force: true });
  if (raw.length < MIN_BYTES) continue;
  const [br, gzipped] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gz(raw, { level: 9 }),
  ]);
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
  count++;
  rawBytes += raw.length;
  brBytes += Math.min(br.length, raw.length);
}
await stat(join(buildDir, 'server', 'index.js'));
console.log(`precompressed ${count} files of ${clientDir}: ${Math.round(rawBytes / 1024)} KB → ${Math.round(brBytes / 1024)} KB brotli`);
