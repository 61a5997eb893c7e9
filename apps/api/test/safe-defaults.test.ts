/**
 * Issue 9 item 6: `npm start` is safe as it is. The real entry point (apps/api/src/main.ts) is
 * started with NODE_ENV unset, as `npm start` does: the development outbox page does not exist,
 * secrets are random values kept in the data folder (0600) and reused after a restart, and the
 * formerly documented development secrets open nothing. `NODE_ENV=development` (`npm run dev`)
 * turns the development pages on. ADR 0012.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, dbKinds, freePort, type TestDb } from '@store/testing';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The values the README and the code used to document (before issue 9). */
const OLD_DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789abcdef';
const OLD_DEV_CLIENT_SECRET = 'storefront-dev-secret';

interface Store {
  url: string;
  stop(): Promise<void>;
}

/** Starts main.ts like `npm start` (NODE_ENV unset unless given) on a data folder; resolves once /readyz answers. */
async function startStore(dataDir: string, databaseUrl: string, env: Record<string, string> = {}): Promise<Store> {
  const port = await freePort();
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    OUTBOX_DIR: join(dataDir, 'outbox'),
    STOREFRONT: 'off',
    LOG_LEVEL: 'warn',
    ...env,
  };
  for (const name of ['NODE_ENV', 'JWT_SECRET', 'OAUTH_CLIENT_SECRET', 'DEV_PAGES', 'TEST_DATABASE_URL', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID']) {
    if (!(name in env)) delete childEnv[name];
  }
  const child: ChildProcess = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/api/src/main.ts'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`store exited with ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`store did not become ready: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

const tokenForm = (clientSecret: string) =>
  new URLSearchParams({ grant_type: 'client_credentials', client_id: 'storefront', client_secret: clientSecret }).toString();

describe.each(dbKinds())('npm start is safe as it is (NODE_ENV unset) on %s', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-safe-defaults-'));
  let db: TestDb;
  let store: Store;
  beforeAll(async () => {
    db = await createTestDb(kind);
    store = await startStore(dataDir, db.url);
  }, 90_000);
  afterAll(async () => {
    await store?.stop();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no development outbox page', async () => {
    const res = await fetch(`${store.url}/rest/v2/usb2c/dev/outbox`);
    expect(res.status).toBe(404);
  });

  it('generates random secrets, kept in the data folder readable by the owner only', async () => {
    const file = join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(secrets.JWT_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secrets.OAUTH_CLIENT_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the generated client secret is the storefront client's
    const ok = await fetch(`${store.url}/authorizationserver/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: tokenForm(secrets.OAUTH_CLIENT_SECRET!),
    });
    expect(ok.status).toBe(200);
  });

  it('the formerly documented development secrets open nothing', async () => {
    const client = await fetch(`${store.url}/authorizationserver/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: tokenForm(OLD_DEV_CLIENT_SECRET),
    });
    expect(client.status).toBe(401);
    const key = new TextEncoder().encode(OLD_DEV_JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const forgedClient = await new SignJWT({ scope: 'basic', typ: 'client' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('storefront')
      .setIssuer('store-api')
      .setAudience('store-occ')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    const cart = await fetch(`${store.url}/rest/v2/usb2c/getSessionCartGuid`, { headers: { authorization: `Bearer ${forgedClient}` } });
    expect(cart.status).toBe(401);
    const forgedCustomer = await new SignJWT({ scope: 'customer', typ: 'customer', client_id: 'storefront', email: 'victim@example.com', sid: 'rf_x' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('cu_victim')
      .setIssuer('store-api')
      .setAudience('store-occ')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    const me = await fetch(`${store.url}/rest/v2/usb2c/users/current`, { headers: { authorization: `Bearer ${forgedCustomer}` } });
    expect(me.status).toBe(401);
  });

  it('keeps the same secrets after a restart (tokens survive), and NODE_ENV=development turns the dev pages on', async () => {
    const before = readFileSync(join(dataDir, 'secrets.json'), 'utf8');
    await store.stop();
    store = await startStore(dataDir, db.url, { NODE_ENV: 'development' });
    expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).toBe(before);
    const outbox = await fetch(`${store.url}/rest/v2/usb2c/dev/outbox`);
    expect(outbox.status).toBe(200);
  }, 90_000);
});
