/**
 * Secrets generated once and kept in the data folder (issue 9 item 6, ADR 0012): when
 * `JWT_SECRET` or `OAUTH_CLIENT_SECRET` is not configured outside production, `npm start` and
 * `npm run dev` use random values kept in `<DATA_DIR>/secrets.json` (mode 0600), so the
 * two-command start works, signed-in customers stay signed in across restarts, and no secret is a
 * value printed in the README or the code.
 *
 * The file is created atomically (written beside it, then hard-linked into place, which fails if
 * another process got there first; that process's file is then read), so two processes started
 * together agree on one set of secrets.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomSecret, type GeneratedSecretName, type SecretStore } from './config.ts';

/** The file name of the generated secrets in the data folder. */
export const SECRETS_FILE = 'secrets.json';

const NAMES: GeneratedSecretName[] = ['JWT_SECRET', 'OAUTH_CLIENT_SECRET'];

type SecretFile = Partial<Record<GeneratedSecretName, string>>;

function readSecrets(path: string): SecretFile | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as SecretFile) : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot read ${path}: ${(error as Error).message} (delete it to generate new secrets)`, { cause: error });
  }
}

/** Writes `values` to `path` unless a file is already there; answers what the file holds then. */
function createOnce(path: string, values: SecretFile): SecretFile {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(temp, path);
    return values;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecrets(path) ?? values;
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * The secret store of a data folder: `<dataDir>/secrets.json`, created with every generated
 * secret on first use.
 * @throws Error when the file exists but cannot be read, parsed, or lacks a secret (the message
 *   says to delete it)
 */
export function fileSecretStore(dataDir: string): SecretStore {
  const path = join(resolve(dataDir), SECRETS_FILE);
  let cache: SecretFile | null = null;
  return {
    get(name) {
      cache ??= readSecrets(path);
      if (!cache) {
        mkdirSync(resolve(dataDir), { recursive: true });
        cache = createOnce(path, Object.fromEntries(NAMES.map((n) => [n, randomSecret()])));
      }
      const value = cache[name];
      if (typeof value !== 'string' || value.length < 32) throw new Error(`${path} has no usable ${name} (delete the file to generate new secrets)`);
      return value;
    },
  };
}
