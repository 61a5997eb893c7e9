/**
 * Customer tokens (issue 3, spec §4 token lifecycle, §6 roles, §9 refresh lifetime).
 *
 * - Access token: HS256 JWT signed with JWT_SECRET (jose): `sub` = customer id, `scope`
 *   'customer', `client_id`, `email`, `sid` (the refresh token family = the sign-in session),
 *   `typ` 'customer', `iss` store-api, `aud` store-occ,
 *   lifetime ACCESS_TOKEN_TTL_S (config, default 900 s). Stateless: verified on every
 *   `users/current` call by `app.requireCustomer` / `app.requireUser`.
 * - Refresh token: 32 random bytes, base64url (43 characters); only its sha-256 hex is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../plugins/auth.ts';

/** The scope of customer access tokens. */
export const CUSTOMER_SCOPE = 'customer';

/** What a verified customer access token says. */
export interface CustomerAuth {
  /** customer id ('cu_...') */
  id: string;
  /** lower-cased email */
  email: string;
  /** the OAuth client the token was issued to */
  clientId: string;
  /** the sign-in session (refresh token family id); null when the token was issued without one */
  sessionId: string | null;
}

/**
 * Signs a customer access token valid `ttlS` seconds from `nowMs`.
 * @param secret JWT_SECRET (≥ 32 characters)
 */
export async function signCustomerToken(
  secret: string,
  customer: { id: string; email: string },
  clientId: string,
  ttlS: number,
  nowMs = Date.now(),
  sessionId: string | null = null,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const claims: Record<string, string> = { scope: CUSTOMER_SCOPE, typ: 'customer', client_id: clientId, email: customer.email };
  if (sessionId) claims.sid = sessionId;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(customer.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlS)
    .sign(new TextEncoder().encode(secret));
}

/** Verifies a customer access token; null when invalid, expired, or not a customer token. */
export async function verifyCustomerToken(secret: string, token: string): Promise<CustomerAuth | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    if (payload.typ !== 'customer' || typeof payload.sub !== 'string') return null;
    const email = typeof payload.email === 'string' ? payload.email : '';
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : '';
    const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
    return { id: payload.sub, email, clientId, sessionId };
  } catch {
    return null;
  }
}

/** A new opaque token: 32 random bytes, base64url (refresh tokens, password reset tokens). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** sha-256 hex of an opaque token (what the database stores). */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
