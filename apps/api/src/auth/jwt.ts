/**
 * The one place the store signs and verifies JSON Web Tokens (issue 11 item 8, ADR 0024): HS256
 * with JWT_SECRET through jose, issuer `store-api`, audience `store-occ`, and a `typ` claim that
 * keeps the kinds of token apart (a customer token is never a client token). Client tokens
 * (plugins/auth.ts) and customer tokens (auth/tokens.ts) are built on these two functions; no other
 * module imports jose.
 */
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

/** The `iss` claim of every token the API signs. */
export const TOKEN_ISSUER = 'store-api';
/** The `aud` claim of every token the API signs. */
export const TOKEN_AUDIENCE = 'store-occ';

/** The kinds of access token (the `typ` claim). */
export type TokenKind = 'client' | 'customer';

/** What {@link signAccessToken} puts in a token besides `iss`, `aud`, `iat`, `exp` and `typ`. */
export interface AccessTokenClaims {
  /** the subject: client id or customer id */
  sub: string;
  /** further string claims (`scope`, `email`, `client_id`, `sid`, ...) */
  claims: Record<string, string>;
}

/** The HMAC key of a secret (UTF-8 bytes). */
function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * Signs an HS256 access token of kind `kind`, valid `ttlS` seconds from `nowMs`.
 * @param secret JWT_SECRET (≥ 32 characters, checked by the config)
 * @param ttlS lifetime, seconds
 * @param nowMs issue time, ms since the epoch (tests may move it)
 */
export async function signAccessToken(secret: string, kind: TokenKind, token: AccessTokenClaims, ttlS: number, nowMs = Date.now()): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ ...token.claims, typ: kind })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(token.sub)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlS)
    .sign(keyOf(secret));
}

/**
 * Verifies an access token of kind `kind`: HS256 signature, issuer, audience, expiry, `typ` and a
 * string `sub`. Answers the payload, or null when any check fails (never throws).
 */
export async function verifyAccessToken(secret: string, kind: TokenKind, token: string): Promise<(JWTPayload & { sub: string }) | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE });
    if (payload.typ !== kind || typeof payload.sub !== 'string') return null;
    return payload as JWTPayload & { sub: string };
  } catch {
    return null;
  }
}
