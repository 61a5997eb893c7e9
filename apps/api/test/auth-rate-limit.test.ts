import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SIGN_IN_PER_ACCOUNT, accountSubject, buildApp, rateKey, signInDelayMs } from '@store/api';
import { createDb, type DbHandle } from '@store/db';
import { buildTestApp, dbKinds, TEST_OAUTH_CLIENT, type TestApp } from '@store/testing';

const TOKEN_URL = '/authorizationserver/oauth/token';
const PASSWORD = 'Brew2026coffee';
const client = { client_id: TEST_OAUTH_CLIENT.clientId, client_secret: TEST_OAUTH_CLIENT.clientSecret };

describe.each(dbKinds())('sign-in and forgot-password rate limits on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    // a short per-account slowdown, so its lower bound can be observed quickly (ADR 0012)
    t = await buildTestApp(kind, { env: { SIGN_IN_DELAY_BASE_MS: '300', SIGN_IN_DELAY_MAX_MS: '600' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // a client token issued at the (possibly faked) current time
  const clientToken = async () =>
    (
      (await t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'client_credentials', ...client }).toString(),
      })).json() as { access_token: string }
    ).access_token;
  const newEmail = () => `rl${++seq}.${kind}@example.com`;
  const signUp = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/v2/usb2c/users',
      headers: { authorization: `Bearer ${await clientToken()}` },
      payload: { email, password: PASSWORD, firstName: 'Rate', lastName: 'Limit' },
    });
    expect(res.statusCode).toBe(201);
  };
  const signIn = (email: string, password: string, ip = '10.0.0.1', app: FastifyInstance = t.app) =>
    app.inject({
      method: 'POST',
      url: TOKEN_URL,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: email, password, ...client }).toString(),
    });
  const forgot = async (email: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/forgottenpasswordtokens', remoteAddress: ip, headers: { authorization: `Bearer ${await clientToken()}` }, payload: { email } });

  it('5 failures per account from one address in 15 minutes: 429 with the real Retry-After for that address only; the owner signs in from elsewhere', async () => {
    const email = newEmail();
    await signUp(email);
    const start = Date.UTC(2030, 0, 1, 10, 0, 0); // the start of a 15-minute window
    vi.useFakeTimers({ toFake: ['Date'], now: start + 60_000 });
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'Wrong2026pw', '10.1.0.1')).statusCode).toBe(400);
    const blocked = await signIn(email, PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('840');
    expect(blocked.json()).toMatchObject({ error: 'too_many_attempts', errors: [{ type: 'TooManyAttemptsError', reason: 'tooManyAttempts' }] });
    // OWASP: the attacker's address is held back, the owner is not locked out
    expect((await signIn(email, PASSWORD, '10.1.1.1')).statusCode).toBe(200);
    // never a permanent lock: the next window lets that address in again
    vi.setSystemTime(start + 15 * 60_000);
    expect((await signIn(email, PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('refused attempts are not counted: they never extend the lock', async () => {
    const email = newEmail();
    await signUp(email);
    const start = Date.UTC(2030, 0, 6, 10, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'Wrong2026pw', '10.6.0.1')).statusCode).toBe(400);
    for (let i = 0; i < 30; i++) expect((await signIn(email, 'Wrong2026pw', '10.6.0.1')).statusCode).toBe(429);
    const counts = await t.dbh.db.selectFrom('rate_limit_hits').select(['key', 'count']).where('window_start', '=', new Date(start).toISOString()).execute();
    // the pair and the address stopped at the limit; nothing counted the 30 refusals
    expect(counts.map((c) => Number(c.count)).sort((a, b) => a - b)).toEqual([5, 5, 5]);
    // keys are fixed-length hashes: no email or address is stored in clear
    for (const { key } of counts) {
      expect(key).toMatch(/^signin:[a-z-]+:[0-9a-f]{32}$/);
      expect(key).not.toContain(email);
    }
    vi.setSystemTime(start + 15 * 60_000 - 1_000);
    const last = await signIn(email, PASSWORD, '10.6.0.1');
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBe('1');
    vi.setSystemTime(start + 15 * 60_000);
    expect((await signIn(email, PASSWORD, '10.6.0.1')).statusCode).toBe(200);
  });

  it('many addresses against one account: attempts are slowed down, never refused, and the right password still signs in', async () => {
    const email = newEmail();
    await signUp(email);
    // 10 failures from 10 addresses: no slowdown yet, none refused
    for (let i = 0; i < 10; i++) expect((await signIn(email, 'Wrong2026pw', `10.7.0.${i}`)).statusCode).toBe(400);
    // the 11th and later attempts wait at least SIGN_IN_DELAY_BASE_MS (300 ms here) before the check
    let began = performance.now();
    expect((await signIn(email, 'Wrong2026pw', '10.7.1.1')).statusCode).toBe(400);
    expect(performance.now() - began).toBeGreaterThanOrEqual(290);
    began = performance.now();
    const owner = await signIn(email, PASSWORD, '10.7.2.2');
    expect(owner.statusCode).toBe(200);
    expect(performance.now() - began).toBeGreaterThanOrEqual(590);
    // the success cleared the account's failures: the next attempt is not slowed down
    const accountKey = rateKey(SIGN_IN_PER_ACCOUNT, accountSubject(email));
    expect(await t.dbh.db.selectFrom('rate_limit_hits').select('count').where('key', '=', accountKey).execute()).toEqual([]);
    expect(signInDelayMs(0, { baseMs: 300, maxMs: 600 })).toBe(0);
  });

  it('a 3 KB username is refused with a 4xx, never a 500 (the rate-limit keys are hashed)', async () => {
    const res = await signIn(`${'x'.repeat(3000)}@example.com`, 'Wrong2026pw', '10.8.0.1');
    expect(res.statusCode).toBe(400);
  });

  it('a successful sign-in resets the account failures', async () => {
    const email = newEmail();
    await signUp(email);
    const start = Date.UTC(2030, 0, 2, 10, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'Wrong2026pw', '10.2.0.1')).statusCode).toBe(400);
    expect((await signIn(email, PASSWORD, '10.2.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'Wrong2026pw', '10.2.0.1')).statusCode).toBe(400);
    expect((await signIn(email, PASSWORD, '10.2.0.1')).statusCode).toBe(429);
  });

  it('20 failures per IP in 15 minutes (any accounts): 429 for that address only', async () => {
    const start = Date.UTC(2030, 0, 3, 10, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (let i = 0; i < 20; i++) expect((await signIn(`spray${i}.${kind}@example.com`, 'Wrong2026pw', '10.3.0.1')).statusCode).toBe(400);
    const email = newEmail();
    await signUp(email);
    const blocked = await signIn(email, PASSWORD, '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(900);
    expect((await signIn(email, PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('forgot password: 10 per hour per address and 3 per email from one address (429); the owner can always ask from elsewhere', async () => {
    const start = Date.UTC(2030, 0, 4, 10, 30, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const email = `unknown-${seq}.${kind}@example.com`;
    for (let i = 0; i < 3; i++) expect((await forgot(email, '10.4.0.1')).statusCode).toBe(202);
    const blocked = await forgot(email.toUpperCase(), '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1800');
    // another address asking for the same email is answered as usual
    expect((await forgot(email, '10.4.1.1')).statusCode).toBe(202);
    for (let i = 0; i < 10; i++) expect((await forgot(`other${i}.${kind}@example.com`, '10.4.2.1')).statusCode).toBe(202);
    expect((await forgot(`other-last.${kind}@example.com`, '10.4.2.1')).statusCode).toBe(429);
    vi.setSystemTime(start + 30 * 60_000);
    expect((await forgot(email, '10.4.2.1')).statusCode).toBe(202);
  });

  it('forgot password: past 5 links an hour for one account the answer stays 202 but no new link is sent; the newest link still works', async () => {
    const email = newEmail();
    await signUp(email);
    const start = Date.UTC(2030, 0, 7, 10, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (let i = 0; i < 8; i++) expect((await forgot(email, `10.9.0.${i}`)).statusCode).toBe(202);
    const customer = await t.dbh.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const links = await t.dbh.db.selectFrom('password_reset_tokens').select(['used_at']).where('customer_id', '=', customer.id).execute();
    expect(links).toHaveLength(5);
    // the next hour sends links again
    vi.setSystemTime(start + 60 * 60_000);
    expect((await forgot(email, '10.9.1.1')).statusCode).toBe(202);
    expect(await t.dbh.db.selectFrom('password_reset_tokens').select('used_at').where('customer_id', '=', customer.id).execute()).toHaveLength(6);
  });

  it('limits are shared by every API process on the database', async () => {
    const email = newEmail();
    await signUp(email);
    let second: { app: FastifyInstance; dbh: DbHandle } | null = null;
    const dbh = createDb(t.config.DATABASE_URL);
    try {
      const app = await buildApp({ config: t.config, dbh, logger: false });
      await app.ready();
      second = { app, dbh };
      const start = Date.UTC(2030, 0, 5, 10, 0, 0);
      vi.useFakeTimers({ toFake: ['Date'], now: start });
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(email, 'Wrong2026pw', '10.5.0.1', i % 2 === 0 ? t.app : app)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
      expect((await signIn(email, PASSWORD, '10.5.0.1', app)).statusCode).toBe(429);
      expect((await signIn(email, PASSWORD, '10.5.1.1', app)).statusCode).toBe(200);
    } finally {
      await second?.app.close();
      await dbh.close();
    }
  });
});

describe('signInDelayMs (per-account slowdown, ADR 0012)', () => {
  it('waits nothing up to the threshold, then doubles from the base up to the cap', () => {
    const settings = { baseMs: 1000, maxMs: 10_000 };
    expect(signInDelayMs(0, settings)).toBe(0);
    expect(signInDelayMs(9, settings)).toBe(0);
    expect([10, 11, 12, 13, 14, 15, 100].map((n) => signInDelayMs(n, settings))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });
});
