/**
 * `npm run jobs` as real processes (issue 10; ADR 0018 "Recurring orders"): two scheduler
 * processes started together on one PostgreSQL database create each recurring order exactly once
 * (the cycle claim is a database constraint, not a lock in memory). PostgreSQL only (SQLite is one
 * writer per file and this test is about two processes on a server database).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbKinds, deleteRedisKeys, readyRedisPageStore, testRedisUrl, type TestApp } from '@store/testing';
import { signUpCustomer } from './support/commerce.ts';
import { cancelSeededSubscriptions, createSubscription, saveCard } from './support/subscriptions.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

function runJobs(env: Record<string, string>, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/api/src/jobs.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => done({ code, out, err }));
  });
}

const onPostgres = dbKinds().includes('postgres');

describe.skipIf(!onPostgres)('npm run jobs: two processes on one PostgreSQL database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('postgres');
    await cancelSeededSubscriptions(t.dbh);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('create each recurring order once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await signUpCustomer(t);
      const card = await saveCard(c);
      for (let j = 0; j < 5; j++) ids.push(await createSubscription(t.dbh, c.id, { nextShipDate: `2027-03-0${1 + j}`, frequencyWeeks: 1, cardId: card, items: [{ variantCode: 'BH-BOLD-SUMMIT-24', qty: 1 }] }));
    }
    const dir = mkdtempSync(join(tmpdir(), 'store-jobs-'));
    const env = { NODE_ENV: 'test', DATABASE_URL: t.config.DATABASE_URL, DATA_DIR: dir, OUTBOX_DIR: join(dir, 'outbox'), LOG_LEVEL: 'silent' };
    const args = ['--from', '2027-03-01', '--until', '2027-03-28'];
    const [one, two] = await Promise.all([runJobs(env, args), runJobs(env, args)]);
    expect({ code: one.code, err: one.err }).toMatchObject({ code: 0 });
    expect({ code: two.code, err: two.err }).toMatchObject({ code: 0 });
    expect(one.out).toContain('2027-03-28');
    const placed = (s: string) => Number(/total\s+placed (\d+)/.exec(s)?.[1] ?? -1);
    // weekly from March 1–5 up to March 28: 4 cycles each
    const expected = ids.length * 4;
    expect(placed(one.out) + placed(two.out)).toBe(expected);
    const orders = await t.dbh.db.selectFrom('orders').select(['subscription_id', 'cart_guid', 'status']).where('kind', '=', 'recurring').where('subscription_id', 'in', ids).execute();
    expect(orders).toHaveLength(expected);
    expect(orders.every((o) => o.status === 'created')).toBe(true);
    const cycles = await t.dbh.db.selectFrom('subscription_cycles').select(['subscription_id', 'cycle_date', 'status']).where('subscription_id', 'in', ids).execute();
    expect(cycles).toHaveLength(expected);
    expect(new Set(cycles.map((c) => `${c.subscription_id}:${c.cycle_date}`)).size).toBe(expected);
  }, 180_000);

  // issue 11 item 4 (ADR 0038): after its run, the jobs process purges the shared page cache of the stock it took
  it('purges the cached pages of the products whose stock the run took (PAGE_CACHE_URL)', async () => {
    const c = await signUpCustomer(t);
    const card = await saveCard(c);
    await createSubscription(t.dbh, c.id, { nextShipDate: '2030-05-07', frequencyWeeks: 4, cardId: card, items: [{ variantCode: 'BH-CAFE-AU-LAIT-72', qty: 1 }] });
    const url = testRedisUrl();
    const prefix = `pc-jobs-test-${process.pid}-${Date.now()}:`;
    const store = await readyRedisPageStore(prefix, url);
    try {
      const at = Date.now();
      const page = (tags: string[]) => ({ status: 200, headers: [], body: new TextEncoder().encode('p'), br: null, gzip: null, tags, storedAt: at, freshUntil: at + 60_000, staleUntil: at + 120_000 });
      await store.set('https://a.test/en-us/p/cafe-au-lait', page(['page', 'product:BH-CAFE-AU-LAIT-72']));
      await store.set('https://a.test/en-us/p/other', page(['page', 'product:BH-OTHER']));
      const dir = mkdtempSync(join(tmpdir(), 'store-jobs-'));
      const env = { NODE_ENV: 'test', DATABASE_URL: t.config.DATABASE_URL, DATA_DIR: dir, OUTBOX_DIR: join(dir, 'outbox'), LOG_LEVEL: 'silent', PAGE_CACHE_URL: url, PAGE_CACHE_REDIS_PREFIX: prefix };
      const r = await runJobs(env, ['--from', '2030-05-07', '--until', '2030-05-07']);
      expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
      expect(r.out).toMatch(/total\s+placed [1-9]/);
      expect(r.out).toContain('page cache: purged 1 cached page');
      expect(await store.get('https://a.test/en-us/p/cafe-au-lait')).toBeUndefined();
      expect(await store.get('https://a.test/en-us/p/other')).toBeDefined();
    } finally {
      await store.close();
      await deleteRedisKeys(prefix, url); // the entries, tag sets and the purge generation (which outlives purges)
    }
  }, 120_000);

  it('refuses a future date outside test/development unless --simulate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-jobs-'));
    const env = { NODE_ENV: 'production', DATABASE_URL: t.config.DATABASE_URL, DATA_DIR: dir, OUTBOX_DIR: join(dir, 'outbox'), JWT_SECRET: 'x'.repeat(40), OAUTH_CLIENT_SECRET: 'y'.repeat(40) };
    const r = await runJobs(env, ['--until', '2099-01-01']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/refusing|JWT|configuration/i);
  }, 60_000);
});
