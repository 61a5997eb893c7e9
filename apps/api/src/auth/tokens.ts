/**
 * Access tokens (issue 3, spec §4 token lifecycle, §6 roles, §9 refresh lifetime), both kinds
 * signed and verified through auth/jwt.ts (issue 11 item 8: JWT in one place, ADR 0024).
 *
 * - Client (machine-to-machine) token: `sub` = client id, `scope`, `typ` 'client', lifetime
 *   {@link ACCESS_TOKEN_TTL_S}; issued by the client_credentials grant (plugins/auth.ts).
 * - Customer access token: `sub` = customer id, `scope` 'customer', `client_id`, `email`, `sid`
 *   (the refresh token family = the sign-in session), `typ` 'customer',
 *   lifetime ACCESS_TOKEN_TTL_S (config, default 900 s). Stateless: verified on every
 *   `users/current` call by `app.requireCustomer` / `app.requireUser`.
 * - Both: HS256 with JWT_SECRET, `iss` store-api, `aud` store-occ.
 * - Refresh token: 32 random bytes, base64url (43 characters); only its sha-256 hex is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { signAccessToken, verifyAccessToken } from './jwt.ts';

/** Client access token lifetime, seconds (OAuth `expires_in`). */
export const ACCESS_TOKEN_TTL_S = 3600;

/** What a verified client token says. */
export interface AuthInfo {
  clientId: string;
  scopes: string[];
}

/** Signs an access token for a client (lifetime {@link ACCESS_TOKEN_TTL_S}). */
export async function signClientToken(secret: string, clientId: string, scopes: string[], nowMs = Date.now()): Promise<string> {
  return signAccessToken(secret, 'client', { sub: clientId, claims: { scope: scopes.join(' ') } }, ACCESS_TOKEN_TTL_S, nowMs);
}

/**
 * Client tokens already verified, until they expire (issue 11 item 6: the storefront sends the same
 * machine token with every anonymous call for an hour, and an HS256 check through WebCrypto cost
 * about a fifth of an add to cart). Keyed by the whole token (signature included) and the secret,
 * so only a token that passed the full check is ever answered from here; client tokens are
 * stateless (no revocation), so remembering a verdict until `exp` changes nothing. Bounded: the
 * oldest entry goes first.
 */
const verifiedClientTokens = new Map<string, { secret: string; info: AuthInfo; expiresAtMs: number }>();
/** At most this many remembered client tokens per process. */
const VERIFIED_CLIENT_TOKENS_MAX = 1000;

/** Verifies a client access token; null when invalid, expired, or not a client token. */
export async function verifyClientToken(secret: string, token: string): Promise<AuthInfo | null> {
  const known = verifiedClientTokens.get(token);
  if (known && known.secret === secret && known.expiresAtMs > Date.now()) return { clientId: known.info.clientId, scopes: [...known.info.scopes] };
  const payload = await verifyAccessToken(secret, 'client', token);
  if (!payload) return null;
  const scope = typeof payload.scope === 'string' ? payload.scope : '';
  const info = { clientId: payload.sub, scopes: scope.split(' ').filter(Boolean) };
  if (typeof payload.exp === 'number') {
    verifiedClientTokens.delete(token);
    if (verifiedClientTokens.size >= VERIFIED_CLIENT_TOKENS_MAX) verifiedClientTokens.delete(verifiedClientTokens.keys().next().value!);
    verifiedClientTokens.set(token, { secret, info: { clientId: info.clientId, scopes: [...info.scopes] }, expiresAtMs: payload.exp * 1000 });
  }
  return info;
}

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
  const claims: Record<string, string> = { scope: CUSTOMER_SCOPE, client_id: clientId, email: customer.email };
  if (sessionId) claims.sid = sessionId;
  return signAccessToken(secret, 'customer', { sub: customer.id, claims }, ttlS, nowMs);
}

/** Verifies a customer access token; null when invalid, expired, or not a customer token. */
export async function verifyCustomerToken(secret: string, token: string): Promise<CustomerAuth | null> {
  const payload = await verifyAccessToken(secret, 'customer', token);
  if (!payload) return null;
  const email = typeof payload.email === 'string' ? payload.email : '';
  const clientId = typeof payload.client_id === 'string' ? payload.client_id : '';
  const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
  return { id: payload.sub, email, clientId, sessionId };
}

/** A new opaque token: 32 random bytes, base64url (refresh tokens, password reset tokens). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** sha-256 hex of an opaque token (what the database stores). */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
