import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CustomerTokenAnswerSchema, TokenCallError, createApiCore, createAuthClient, refreshCustomerToken, requestCustomerToken, revokeCustomerToken } from '@store/contracts';
import { upsertOAuthClient } from '@store/db';
import { buildTestApp, dbKinds, TEST_OAUTH_CLIENT, type TestApp } from '@store/testing';
import { userIdOf } from '../src/plugins/auth.ts';

const TOKEN_URL = '/authorizationserver/oauth/token';
const REVOKE_URL = '/authorizationserver/oauth/revoke';
const PASSWORD = 'Brew2026coffee';
const client = { client_id: TEST_OAUTH_CLIENT.clientId, client_secret: TEST_OAUTH_CLIENT.clientSecret };
const form = (values: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(values).toString(),
});

let seq = 0;
async function signUp(t: TestApp, password = PASSWORD): Promise<{ email: string; customerId: string }> {
  const email = `tok${++seq}.${t.kind}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/rest/v2/usb2c/users',
    headers: { authorization: `Bearer ${t.token}` },
    payload: { email, password, firstName: 'Ada', lastName: 'Lovelace' },
  });
  expect(res.statusCode).toBe(201);
  return { email, customerId: (res.json() as { customerId: string }).customerId };
}

async function signIn(t: TestApp, email: string, password = PASSWORD) {
  return t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'password', username: email, password, ...client }) });
}

async function refresh(t: TestApp, refreshToken: string) {
  return t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'refresh_token', refresh_token: refreshToken, ...client }) });
}

async function tokensFor(t: TestApp, email: string, password = PASSWORD) {
  const res = await signIn(t, email, password);
  expect(res.statusCode).toBe(200);
  return CustomerTokenAnswerSchema.parse(res.json());
}

describe.each(dbKinds())('customer tokens on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { REFRESH_TOKEN_TTL_S: '60', REFRESH_TOKEN_MAX_LIFETIME_S: '150' },
      beforeReady: (app) => {
        app.get('/rest/v2/:baseSiteId/users/:userId/probe', { preHandler: app.requireUser }, async (request) => ({ userId: userIdOf(request) }));
        app.get('/rest/v2/:baseSiteId/customer-probe', { preHandler: app.requireCustomer }, async (request) => ({ customer: request.customer }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('password grant: the storefront client gets a customer token pair', async () => {
    const { email, customerId } = await signUp(t);
    const res = await signIn(t, email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = CustomerTokenAnswerSchema.parse(res.json());
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'customer', expires_in: 900 });
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ sub: customerId, scope: 'customer', client_id: TEST_OAUTH_CLIENT.clientId, email });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    const me = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/current', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ customerId, email, firstName: 'Ada' });
    // the refresh token is stored hashed, never as given
    const rows = await t.dbh.db.selectFrom('refresh_tokens').select('token_hash').where('customer_id', '=', customerId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(body.refresh_token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('password grant: other clients get unauthorized_client; bad credentials answer invalid_grant alike', async () => {
    const { email } = await signUp(t);
    await upsertOAuthClient(t.dbh.db, { clientId: 'kiosk', clientSecret: 'kiosk-secret-123', grants: ['client_credentials'], scopes: ['basic'] });
    const other = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'password', username: email, password: PASSWORD, client_id: 'kiosk', client_secret: 'kiosk-secret-123' }) });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ error: 'unauthorized_client' });
    const otherRefresh = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'kiosk', client_secret: 'kiosk-secret-123' }) });
    expect(otherRefresh.json()).toMatchObject({ error: 'unauthorized_client' });
    const noClient = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'password', username: email, password: PASSWORD }) });
    expect(noClient.statusCode).toBe(401);
    expect(noClient.json()).toMatchObject({ error: 'invalid_client' });
    const wrong = await signIn(t, email, 'Wrong2026coffee');
    const unknown = await signIn(t, `nobody.${kind}@example.com`, PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Bad credentials' });
    expect(unknown.json()).toEqual(wrong.json());
    const missing = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'password', username: email, ...client }) });
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refresh_token grant rotates: a new pair each time, the old refresh token stops working', async () => {
    const { email, customerId } = await signUp(t);
    const first = await tokensFor(t, email);
    const res = await refresh(t, first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = CustomerTokenAnswerSchema.parse(res.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).sub).toBe(customerId);
    const third = await refresh(t, second.refresh_token);
    expect(third.statusCode).toBe(200);
    const rows = await t.dbh.db.selectFrom('refresh_tokens').select(['status', 'family_id']).where('customer_id', '=', customerId).orderBy('created_at').execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'rotated', 'rotated']);
    expect(new Set(rows.map((r) => r.family_id)).size).toBe(1);
  });

  it('reuse of a rotated refresh token revokes the family: the reused token and its newest successor both get 401', async () => {
    const { email } = await signUp(t);
    const a = await tokensFor(t, email);
    const b = CustomerTokenAnswerSchema.parse((await refresh(t, a.refresh_token)).json());
    const c = CustomerTokenAnswerSchema.parse((await refresh(t, b.refresh_token)).json());
    const reuse = await refresh(t, a.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });
    const newest = await refresh(t, c.refresh_token);
    expect(newest.statusCode).toBe(401);
    expect(newest.json()).toMatchObject({ error: 'invalid_grant' });
    // another sign-in (another family) is unaffected
    const other = await tokensFor(t, email);
    expect((await refresh(t, other.refresh_token)).statusCode).toBe(200);
  });

  it('20 concurrent refreshes with one token: at most one succeeds', async () => {
    const { email } = await signUp(t);
    const { refresh_token } = await tokensFor(t, email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(t, refresh_token)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ error: 'invalid_grant' });
    }
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 401)).toBe(true);
  });

  it('logout (revoke) revokes the family; unknown tokens still answer 200; a bad client 401', async () => {
    const { email } = await signUp(t);
    const a = await tokensFor(t, email);
    const b = CustomerTokenAnswerSchema.parse((await refresh(t, a.refresh_token)).json());
    const out = await t.app.inject({ method: 'POST', url: REVOKE_URL, ...form({ token: b.refresh_token, ...client }) });
    expect(out.statusCode).toBe(200);
    expect((await refresh(t, b.refresh_token)).statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'POST', url: REVOKE_URL, ...form({ token: 'not-a-token', ...client }) });
    expect(unknown.statusCode).toBe(200);
    const badClient = await t.app.inject({ method: 'POST', url: REVOKE_URL, ...form({ token: b.refresh_token, client_id: 'storefront', client_secret: 'nope-nope' }) });
    expect(badClient.statusCode).toBe(401);
  });

  it('sign-out ends the access token at once too (issue 9 item 7): a replayed token gets 401, other sessions go on', async () => {
    const { email } = await signUp(t);
    const phone = await tokensFor(t, email);
    const laptop = await tokensFor(t, email);
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/current', headers: { authorization: `Bearer ${token}` } });
    expect((await me(laptop.access_token)).statusCode).toBe(200);
    // a refresh keeps the session: the old access token of the same session stays good until it expires
    const rotated = CustomerTokenAnswerSchema.parse((await refresh(t, laptop.refresh_token)).json());
    expect((await me(laptop.access_token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: REVOKE_URL, ...form({ token: rotated.refresh_token, ...client }) })).statusCode).toBe(200);
    const replay = await me(laptop.access_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ errors: [{ type: 'InvalidTokenError' }] });
    expect((await me(rotated.access_token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/customer-probe', headers: { authorization: `Bearer ${rotated.access_token}` } })).statusCode).toBe(401);
    // the other device's session is untouched
    expect((await me(phone.access_token)).statusCode).toBe(200);
    // a password change ends every other session's access tokens at once
    const change = await t.app.inject({
      method: 'PUT',
      url: '/rest/v2/usb2c/users/current/password',
      headers: { authorization: `Bearer ${phone.access_token}` },
      payload: { oldPassword: PASSWORD, newPassword: 'Brew2027coffee' },
    });
    expect(change.statusCode).toBe(200);
    const tablet = await tokensFor(t, email, 'Brew2027coffee');
    expect((await me(tablet.access_token)).statusCode).toBe(200);
    expect((await me(phone.access_token)).statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'PUT',
      url: '/rest/v2/usb2c/users/current/password',
      headers: { authorization: `Bearer ${tablet.access_token}` },
      payload: { oldPassword: 'Brew2027coffee', newPassword: 'Brew2028coffee' },
    });
    expect(other.statusCode).toBe(200);
    expect((await me(phone.access_token)).statusCode).toBe(401);
    expect((await me(tablet.access_token)).statusCode).toBe(200);
  });

  it('an expired refresh token gets 401 (token TTL, then the family maximum lifetime)', async () => {
    const { email } = await signUp(t);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const a = await tokensFor(t, email);
    vi.setSystemTime(start + 61_000); // REFRESH_TOKEN_TTL_S=60
    expect((await refresh(t, a.refresh_token)).statusCode).toBe(401);

    vi.setSystemTime(start + 100_000);
    const b = await tokensFor(t, email); // family ends at +250 s (REFRESH_TOKEN_MAX_LIFETIME_S=150)
    vi.setSystemTime(start + 150_000);
    const c = CustomerTokenAnswerSchema.parse((await refresh(t, b.refresh_token)).json());
    vi.setSystemTime(start + 200_000);
    const d = CustomerTokenAnswerSchema.parse((await refresh(t, c.refresh_token)).json());
    vi.setSystemTime(start + 251_000); // d is 51 s old (< TTL) but the family is over
    expect((await refresh(t, d.refresh_token)).statusCode).toBe(401);
  });

  it('typed calls (@store/contracts): sign in, profile, refresh, logout, 429 with retryAfterS', async () => {
    const { email, customerId } = await signUp(t);
    const opts = { tokenUrl: `http://localhost${TOKEN_URL}`, fetch: t.fetch, clientId: TEST_OAUTH_CLIENT.clientId, clientSecret: TEST_OAUTH_CLIENT.clientSecret };
    const first = await requestCustomerToken({ ...opts, username: email, password: PASSWORD });
    const api = createAuthClient(createApiCore({ baseUrl: 'http://localhost/rest/v2', fetch: t.fetch, getToken: async () => first.access_token }));
    expect(await api.getCurrentCustomer('usb2c')).toMatchObject({ customerId, email });
    expect(await api.getCustomerData('usb2c', 'current')).toMatchObject({ isLoggedIn: true, cartCount: 0 });
    const second = await refreshCustomerToken({ ...opts, refreshToken: first.refresh_token });
    await revokeCustomerToken({ ...opts, refreshToken: second.refresh_token });
    const refused = await refreshCustomerToken({ ...opts, refreshToken: second.refresh_token }).catch((e: unknown) => e);
    expect(refused instanceof TokenCallError && refused.status === 401 && refused.reason === 'invalid_grant').toBe(true);
    for (let i = 0; i < 5; i++) await requestCustomerToken({ ...opts, username: email, password: 'Wrong2026pw' }).catch(() => undefined);
    const limited = await requestCustomerToken({ ...opts, username: email, password: PASSWORD }).catch((e: unknown) => e);
    expect(limited instanceof TokenCallError && limited.status === 429 && limited.reason === 'tooManyAttempts' && (limited.retryAfterS ?? 0) > 0).toBe(true);
  });

  it('requireUser: anonymous needs the client token; current or an id needs the matching customer token; else 403', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const { access_token } = await tokensFor(t, me.email);
    const probe = (userId: string, token?: string) =>
      t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/${userId}/probe`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const cases: Array<[string, string | undefined, number, string | null | undefined]> = [
      ['anonymous', t.token, 200, null],
      ['anonymous', access_token, 401, undefined],
      ['anonymous', undefined, 401, undefined],
      ['current', access_token, 200, me.customerId],
      [me.customerId, access_token, 200, me.customerId],
      ['current', t.token, 401, undefined],
      ['current', undefined, 401, undefined],
      ['current', 'garbage.token.here', 401, undefined],
      [other.customerId, access_token, 403, undefined],
      ['someone-else', access_token, 403, undefined],
      [other.customerId, t.token, 401, undefined],
    ];
    for (const [userId, token, status, expected] of cases) {
      const res = await probe(userId, token);
      expect({ userId, token: token === t.token ? 'client' : token ? 'customer' : 'none', status: res.statusCode }).toEqual({
        userId,
        token: token === t.token ? 'client' : token ? 'customer' : 'none',
        status,
      });
      if (status === 200) expect(res.json()).toEqual({ userId: expected });
      if (status === 403) expect(res.json()).toMatchObject({ errors: [{ type: 'ForbiddenError' }] });
    }
    // a customer token is not a client token, and the other way round
    const clientRoute = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/getSessionCartGuid', headers: { authorization: `Bearer ${access_token}` } });
    expect(clientRoute.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/customer-probe', headers: { authorization: `Bearer ${t.token}` } })).statusCode).toBe(401);
    const customer = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/customer-probe', headers: { authorization: `Bearer ${access_token}` } });
    expect(customer.json()).toMatchObject({ customer: { id: me.customerId, email: me.email } });
  });
});
