import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@store/api';
import { createDb, type DbHandle } from '@store/db';
import { buildTestApp, dbKinds, TEST_OAUTH_CLIENT, type TestApp } from '@store/testing';

const TOKEN_URL = '/authorizationserver/oauth/token';
const PASSWORD = 'Brew2026coffee';
const client = { client_id: TEST_OAUTH_CLIENT.clientId, client_secret: TEST_OAUTH_CLIENT.clientSecret };

describe.each(dbKinds())('sign-in and forgot-password rate limits on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
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

  it('5 failures per account in 15 minutes: the next attempt is 429 with Retry-After, even with the right password; the window passes', async () => {
    const email = newEmail();
    await signUp(email);
    const start = Date.UTC(2030, 0, 1, 10, 0, 0); // the start of a 15-minute window
    vi.useFakeTimers({ toFake: ['Date'], now: start + 60_000 });
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'Wrong2026pw', `10.1.0.${i}`)).statusCode).toBe(400);
    const blocked = await signIn(email, PASSWORD, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('840');
    expect(blocked.json()).toMatchObject({ errors: [{ type: 'TooManyAttemptsError', reason: 'tooManyAttempts' }] });
    // the limit is per account: another account signs in from the same address
    const other = newEmail();
    await signUp(other);
    expect((await signIn(other, PASSWORD, '10.1.1.1')).statusCode).toBe(200);
    // never a permanent lock: the next window lets the owner in
    vi.setSystemTime(start + 15 * 60_000);
    expect((await signIn(email, PASSWORD, '10.1.1.1')).statusCode).toBe(200);
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

  it('forgot password: 3 per hour per email (known or not), 10 per hour per IP', async () => {
    const start = Date.UTC(2030, 0, 4, 10, 30, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const email = `unknown-${seq}.${kind}@example.com`;
    for (let i = 0; i < 3; i++) expect((await forgot(email, `10.4.0.${i}`)).statusCode).toBe(202);
    const blocked = await forgot(email.toUpperCase(), '10.4.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1800');
    for (let i = 0; i < 10; i++) expect((await forgot(`other${i}.${kind}@example.com`, '10.4.2.1')).statusCode).toBe(202);
    expect((await forgot(`other-last.${kind}@example.com`, '10.4.2.1')).statusCode).toBe(429);
    vi.setSystemTime(start + 30 * 60_000);
    expect((await forgot(email, '10.4.2.1')).statusCode).toBe(202);
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
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => signIn(email, 'Wrong2026pw', `10.5.0.${i}`, i % 2 === 0 ? t.app : app)),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([400, 400, 400, 400, 400, 429]);
      expect((await signIn(email, PASSWORD, '10.5.1.1', app)).statusCode).toBe(429);
    } finally {
      await second?.app.close();
      await dbh.close();
    }
  });
});
