import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthTokenAnswerSchema, requestClientToken, isApiError } from '@store/contracts';
import { signClientToken } from '@store/api';
import { buildTestApp, dbKinds, TEST_OAUTH_CLIENT, type TestApp } from '@store/testing';

const TOKEN_URL = '/authorizationserver/oauth/token';
const form = (values: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(values).toString(),
});

describe.each(dbKinds())('OAuth2 client_credentials on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      beforeReady: (app) => {
        app.get('/rest/v2/:baseSiteId/test-protected', { preHandler: app.requireClientToken }, async (request) => ({ auth: request.auth }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('issues a bearer JWT for good credentials in the form body', async () => {
    const res = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'client_credentials', client_id: TEST_OAUTH_CLIENT.clientId, client_secret: TEST_OAUTH_CLIENT.clientSecret }) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = OAuthTokenAnswerSchema.parse(res.json());
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'basic' });
    const claims = decodeJwt(body.access_token);
    expect(claims.sub).toBe(TEST_OAUTH_CLIENT.clientId);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
  });

  it('accepts HTTP Basic client authentication and a JSON body', async () => {
    const basic = Buffer.from(`${TEST_OAUTH_CLIENT.clientId}:${TEST_OAUTH_CLIENT.clientSecret}`).toString('base64');
    const res = await t.app.inject({ method: 'POST', url: TOKEN_URL, headers: { authorization: `Basic ${basic}` }, payload: { grant_type: 'client_credentials' } });
    expect(res.statusCode).toBe(200);
    expect(OAuthTokenAnswerSchema.parse(res.json()).access_token.split('.')).toHaveLength(3);
  });

  it('refuses a bad secret or an unknown client with 401 invalid_client', async () => {
    const attempts: Array<Record<string, string>> = [
      { client_id: TEST_OAUTH_CLIENT.clientId, client_secret: 'wrong-secret' },
      { client_id: 'nobody', client_secret: TEST_OAUTH_CLIENT.clientSecret },
      { client_id: TEST_OAUTH_CLIENT.clientId },
    ];
    for (const creds of attempts) {
      const res = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'client_credentials', ...creds }) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid_client' });
      expect(res.headers['www-authenticate']).toMatch(/^Basic/);
    }
    const viaClient = await requestClientToken({ tokenUrl: `http://localhost${TOKEN_URL}`, fetch: t.fetch, clientId: 'x', clientSecret: 'y' }).catch((e: unknown) => e);
    expect(isApiError(viaClient) && viaClient.status === 401 && viaClient.reason === 'invalid_client').toBe(true);
  });

  it('refuses other grants with 400 unsupported_grant_type and a missing grant with invalid_request', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'authorization_code', code: 'x' }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const missing = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ client_id: 'storefront' }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    const scope = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'client_credentials', client_id: TEST_OAUTH_CLIENT.clientId, client_secret: TEST_OAUTH_CLIENT.clientSecret, scope: 'admin' }) });
    expect(scope.statusCode).toBe(400);
    expect(scope.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('requireClientToken: no token 401, bad or expired token 401, good token passes', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/test-protected' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ errors: [{ type: 'UnauthorizedError' }] });

    const forged = await signClientToken('another-secret-that-is-long-enough-0123456789', TEST_OAUTH_CLIENT.clientId, ['basic']);
    const expired = await signClientToken(t.config.JWT_SECRET, TEST_OAUTH_CLIENT.clientId, ['basic'], Date.now() - 2 * 3600_000);
    for (const token of ['garbage', forged, expired]) {
      const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/test-protected', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ errors: [{ type: 'InvalidTokenError' }] });
      expect(res.headers['www-authenticate']).toContain('invalid_token');
    }

    const ok = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/test-protected', headers: { authorization: `Bearer ${t.token}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ auth: { clientId: TEST_OAUTH_CLIENT.clientId, scopes: ['basic'] } });
  });
});
