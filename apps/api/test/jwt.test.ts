import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, TOKEN_AUDIENCE, TOKEN_ISSUER, verifyAccessToken } from '../src/auth/jwt.ts';
import { signClientToken, signCustomerToken, verifyClientToken, verifyCustomerToken } from '../src/auth/tokens.ts';

/** issue 11 item 8 (ADR 0024): every JWT the API signs or verifies goes through auth/jwt.ts. */
const SECRET = 'jwt-test-secret-0123456789abcdef0123456789abcdef';

describe('auth/jwt: one place for signing and verifying', () => {
  it('signs HS256 tokens with issuer, audience, kind, subject and lifetime', async () => {
    const now = Date.now();
    const token = await signAccessToken(SECRET, 'client', { sub: 'storefront', claims: { scope: 'basic' } }, 60, now);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, typ: 'client', sub: 'storefront', scope: 'basic' });
    expect(claims.exp! - claims.iat!).toBe(60);
    expect((await verifyAccessToken(SECRET, 'client', token))?.sub).toBe('storefront');
  });

  it('refuses another kind, another secret, an expired token, a foreign issuer and garbage', async () => {
    const customer = await signCustomerToken(SECRET, { id: 'cu_1', email: 'a@example.com' }, 'storefront', 900, Date.now(), 'rf_1');
    expect(await verifyCustomerToken(SECRET, customer)).toEqual({ id: 'cu_1', email: 'a@example.com', clientId: 'storefront', sessionId: 'rf_1' });
    expect(await verifyClientToken(SECRET, customer)).toBeNull();
    const client = await signClientToken(SECRET, 'storefront', ['basic', 'extended']);
    expect(await verifyClientToken(SECRET, client)).toEqual({ clientId: 'storefront', scopes: ['basic', 'extended'] });
    expect(await verifyCustomerToken(SECRET, client)).toBeNull();
    expect(await verifyClientToken('another-secret-0123456789abcdef0123456789abcdef', client)).toBeNull();
    expect(await verifyClientToken(SECRET, await signClientToken(SECRET, 'storefront', ['basic'], Date.now() - 2 * 3600_000))).toBeNull();
    const foreign = await new SignJWT({ typ: 'client', scope: 'basic' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('storefront')
      .setIssuer('someone-else')
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyAccessToken(SECRET, 'client', foreign)).toBeNull();
    expect(await verifyAccessToken(SECRET, 'client', 'not-a-jwt')).toBeNull();
  });
});
