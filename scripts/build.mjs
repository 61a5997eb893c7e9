/**
 * The production build (ADR 0020), plain JavaScript so that it runs without dev tooling:
 *
 * - `ts`: TypeScript of packages/domain, packages/contracts, packages/db and apps/api compiled
 *   by `tsc -b tsconfig.build.json` (project references, incremental) to each one's `dist/`,
 *   then the non-TypeScript files of their `src/` (data files) copied next to the output;
 * - `storefront`: the React Router / Vite build of apps/storefront (`build/server/index.js` and
 *   `build/client/`, precompressed; scripts/precompress.mjs).
 *
 * Each part leaves a stamp file (`apps/api/dist/.build-stamp`, `apps/storefront/build/.build-stamp`)
 * holding a hash of its inputs (sources, package.json and tsconfig files). With `--if-stale` a
 * part is built only when its output is missing or its inputs changed: when no input is newer
 * than the stamp it is up to date at once; otherwise the inputs are hashed and compared with the
 * stamp's hash (a copy or a checkout changes times, not contents). `npm start` runs it first and
 * goes on in milliseconds when nothing changed. In a production install (`npm ci --omit=dev`, or
 * the build tools missing) a stale part is not rebuilt: the existing build is used with a
 * warning; with no build at all it exits 1.
 *
 * Usage: node scripts/build.mjs [--if-stale] [--only=ts|storefront]
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'package.json'));

/** The TypeScript projects compiled by `tsc -b`, in dependency order. */
const TS_PROJECTS = ['packages/domain', 'packages/contracts', 'packages/db', 'apps/api'];

const PARTS = {
  ts: {
    stamp: 'apps/api/dist/.build-stamp',
    outputs: TS_PROJECTS.map((p) => `${p}/dist/index.js`).concat('apps/api/dist/main.js'),
    inputs: [
      'tsconfig.base.json',
      'tsconfig.build.json',
      ...TS_PROJECTS.flatMap((p) => [`${p}/src`, `${p}/package.json`, `${p}/tsconfig.build.json`]),
    ],
    tools: ['typescript/package.json', '@types/node/package.json'],
    build: buildTs,
  },
  storefront: {
    stamp: 'apps/storefront/build/.build-stamp',
    outputs: ['apps/storefront/build/server/index.js', 'apps/storefront/build/client'],
    inputs: [
      'tsconfig.base.json',
      'apps/storefront/app',
      'apps/storefront/server',
      'apps/storefront/public',
      'apps/storefront/package.json',
      'apps/storefront/vite.config.ts',
      'apps/storefront/react-router.config.ts',
      'packages/domain/src',
      'packages/domain/package.json',
      'packages/contracts/src',
      'packages/contracts/package.json',
    ],
    tools: ['@react-router/dev/package.json', 'vite/package.json'],
    build: buildStorefront,
  },
};

/** Newest modification time (ms) of a file or of the files under a directory; 0 when missing. */
function newestMtime(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The files of a file or directory, recursively, sorted. */
function filesOf(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return [];
  }
  if (!info.isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => filesOf(join(path, entry)));
}

/** Hash of the inputs of a part: every file's path and content. */
export function inputHash(part) {
  const hash = createHash('sha256');
  for (const input of part.inputs) {
    for (const file of filesOf(join(ROOT, input))) {
      hash.update(relative(ROOT, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

function readStamp(part) {
  try {
    return JSON.parse(readFileSync(join(ROOT, part.stamp), 'utf8'));
  } catch {
    return null;
  }
}

/** Writes the stamp of a part just built. */
function writeStamp(part) {
  writeFileSync(join(ROOT, part.stamp), `${JSON.stringify({ builtAt: new Date().toISOString(), inputs: inputHash(part) })}\n`);
}

/** Why a part needs building, or null when its build is up to date (see module comment). */
function staleness(part) {
  const missing = part.outputs.find((o) => !existsSync(join(ROOT, o)));
  if (missing) return `${missing} is missing`;
  const stampPath = join(ROOT, part.stamp);
  const stamp = newestMtime(stampPath);
  if (stamp === 0) return `${part.stamp} is missing`;
  const changed = part.inputs.find((input) => newestMtime(join(ROOT, input)) > stamp);
  if (!changed) return null;
  if (readStamp(part)?.inputs === inputHash(part)) {
    // same contents, newer times (a copy, a checkout): up to date; skip the hashing next time
    const now = new Date();
    utimesSync(stampPath, now, now);
    return null;
  }
  return `${changed} changed since the last build`;
}

/** Is this a production install (`npm ci --omit=dev`, `npm install --production`)? */
function productionInstall() {
  const omit = process.env.npm_config_omit ?? '';
  return omit.split(/[\s,]+/).includes('dev') || process.env.npm_config_production === 'true';
}

function hasTool(specifier) {
  try {
    require.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

function run(command, args, cwd = ROOT) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[build] ${command} ${args.join(' ')} failed (${result.error?.message ?? `exit code ${result.status}`})`);
    process.exit(1);
  }
}

/** Copies the files of `from` that TypeScript does not emit (data files) into `to`. */
function copyAssets(from, to) {
  if (!existsSync(from)) return 0;
  let copied = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copied += copyAssets(source, target);
    else if (entry.isFile() && !/\.(c|m)?tsx?$/.test(entry.name)) {
      mkdirSync(to, { recursive: true });
      copyFileSync(source, target);
      copied++;
    }
  }
  return copied;
}

function buildTs() {
  run(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.build.json']);
  let copied = 0;
  for (const project of TS_PROJECTS) copied += copyAssets(join(ROOT, project, 'src'), join(ROOT, project, 'dist'));
  if (copied > 0) console.log(`[build] copied ${copied} data files next to the compiled JavaScript`);
  writeStamp(PARTS.ts);
}

function buildStorefront() {
  // react-router build, then scripts/precompress.mjs
  run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', '@store/storefront']);
  writeStamp(PARTS.storefront);
}

const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const names = only ? only.split(',') : Object.keys(PARTS);
for (const name of names) {
  const part = PARTS[name];
  if (!part) {
    console.error(`[build] unknown part ${name} (ts, storefront)`);
    process.exit(1);
  }
  const started = performance.now();
  if (ifStale) {
    const reason = staleness(part);
    if (!reason) continue;
    if (productionInstall() || !part.tools.every(hasTool)) {
      if (part.outputs.every((o) => existsSync(join(ROOT, o)))) {
        console.warn(`[build] ${name}: ${reason}, but this is a production install (no build tools): using the existing build`);
        continue;
      }
      console.error(`[build] ${name}: ${reason} and this is a production install (no build tools): build it where the dev dependencies are installed (\`npm install && npm run build\`)`);
      process.exit(1);
    }
    console.log(`[build] ${name}: ${reason}; building`);
  }
  part.build();
  console.log(`[build] ${name} built in ${((performance.now() - started) / 1000).toFixed(1)} s (${relative(ROOT, join(ROOT, part.stamp))})`);
}
