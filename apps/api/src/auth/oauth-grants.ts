/**
 * Customer grants of the OAuth2 token endpoint and the revocation endpoint (issue 3, ADR 0007).
 *
 * - `grant_type=password` (RFC 6749 §4.3; `username` = email, `password`): only for the
 *   storefront's confidential client (the configured OAUTH_CLIENT_ID, or a client whose grants
 *   list `password`); others get 400 `unauthorized_client`. Rate limited per client address and
 *   per account and address, slowed down per account (rate-limit.ts, ADR 0012): 429 with
 *   `Retry-After`. Wrong email or password: 400 `invalid_grant` "Bad credentials" (same
 *   answer and the same argon2 work for an unknown email).
 * - `grant_type=refresh_token` (§6): rotation in ONE transaction: the conditional update
 *   `UPDATE refresh_tokens SET status='rotated' WHERE token_hash=? AND status='active' AND
 *   unexpired` (row count checked) then the successor's insert, so of N concurrent uses of one
 *   token at most one succeeds. A token that was already rotated is a reuse: the whole family
 *   (every token of that sign-in, the newest successor included) is revoked. Unknown, revoked,
 *   reused or expired (REFRESH_TOKEN_TTL_S, or the family's REFRESH_TOKEN_MAX_LIFETIME_S): 401
 *   `invalid_grant`.
 * - Success: `{access_token, refresh_token, expires_in, scope:'customer', token_type:'bearer'}`
 *   with `Cache-Control: no-store`.
 * - `POST /authorizationserver/oauth/revoke` (RFC 7009; `token` = a refresh token; client
 *   authentication): revokes the token's family (logout); 200 whether or not the token was known.
 */
import type { FastifyInstance } from 'fastify';
import {
  findCustomerById,
  findCustomerCredentials,
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenRotated,
  newRefreshId,
  normalizeEmail,
  revokeRefreshFamily,
  withTransaction,
  type Executor,
  type OAuthClient,
} from '@store/db';
import { verifyDummyPassword, verifyPassword } from './passwords.ts';
import { beginPasswordAttempt, tooManyAttemptsBody, type SlowdownSettings } from './rate-limit.ts';
import { CUSTOMER_SCOPE, hashOpaqueToken, newOpaqueToken, signCustomerToken } from './tokens.ts';
import { OAuthRevokeRequestSchema } from '@store/contracts';
import { authenticateClient, bodyString, oauthError, oauthSuccess, registerOAuthEndpoint, type OAuthAnswer, type OAuthCall } from './oauth-common.ts';

/** The token endpoint's answer for customer grants. */
export interface CustomerTokenAnswer {
  access_token: string;
  refresh_token: string;
  /** seconds until the access token expires */
  expires_in: number;
  scope: string;
  token_type: 'bearer';
}

/** May this client use the customer grants (password, refresh_token)? */
export function isConfidentialStorefrontClient(app: FastifyInstance, client: OAuthClient): boolean {
  return client.clientId === app.config.OAUTH_CLIENT_ID || client.grants.includes('password');
}

/** The sign-in slowdown of the app's configuration (ADR 0012). */
export function slowdownOf(app: FastifyInstance): SlowdownSettings {
  return { baseMs: app.config.SIGN_IN_DELAY_BASE_MS, maxMs: app.config.SIGN_IN_DELAY_MAX_MS };
}

function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Starts a session for a customer: a new refresh token family and an access token. Runs on
 * `db` (pass a transaction to join it). Use after sign-in, or after creating an account.
 */
export async function startCustomerSession(
  app: FastifyInstance,
  db: Executor,
  customer: { id: string; email: string },
  clientId: string,
  nowMs = Date.now(),
): Promise<CustomerTokenAnswer> {
  const refreshToken = newOpaqueToken();
  const familyExpires = nowMs + app.config.REFRESH_TOKEN_MAX_LIFETIME_S * 1000;
  const familyId = newRefreshId('rf');
  await insertRefreshToken(db, {
    familyId,
    customerId: customer.id,
    clientId,
    tokenHash: hashOpaqueToken(refreshToken),
    expiresAt: isoAt(Math.min(nowMs + app.config.REFRESH_TOKEN_TTL_S * 1000, familyExpires)),
    familyExpiresAt: isoAt(familyExpires),
    now: isoAt(nowMs),
  });
  const accessToken = await signCustomerToken(app.config.JWT_SECRET, customer, clientId, app.config.ACCESS_TOKEN_TTL_S, nowMs, familyId);
  return { access_token: accessToken, refresh_token: refreshToken, expires_in: app.config.ACCESS_TOKEN_TTL_S, scope: CUSTOMER_SCOPE, token_type: 'bearer' };
}

/** The sign-in rate limit's 429: `Retry-After`, the OAuth `error` and the OCC body (ADR 0012). */
function tooManySignIns(retryAfterS: number): OAuthAnswer {
  return {
    status: 429,
    headers: { 'retry-after': String(retryAfterS), 'cache-control': 'no-store' },
    body: { error: 'too_many_attempts', error_description: 'Too many sign-in attempts', ...tooManyAttemptsBody() },
  };
}

/** grant_type=password (see module comment). `client` is already authenticated. */
export async function passwordGrant(call: OAuthCall, client: OAuthClient): Promise<OAuthAnswer> {
  const { app } = call;
  if (!isConfidentialStorefrontClient(app, client)) return oauthError(400, 'unauthorized_client', 'The client may not use this grant type');
  const body = call.body;
  const username = bodyString(body, 'username');
  const password = bodyString(body, 'password');
  if (!username || password === undefined) return oauthError(400, 'invalid_request', 'username and password are required');
  const db = app.dbh.db;
  const email = normalizeEmail(username);
  const nowMs = Date.now();
  const start = await beginPasswordAttempt(db, { email, clientIp: call.ip, nowMs, slowdown: slowdownOf(app) });
  if (!start.ok) return tooManySignIns(start.retryAfterS);
  let creds: Awaited<ReturnType<typeof findCustomerCredentials>>;
  let ok: boolean;
  try {
    creds = await findCustomerCredentials(db, { email });
    ok = creds ? await verifyPassword(creds.passwordHash, password) : await verifyDummyPassword(password);
  } catch (error) {
    await start.attempt.abandoned();
    throw error;
  }
  if (!creds || !ok) {
    call.log.info({ event: 'signInFailed' }, 'sign-in failed');
    return oauthError(400, 'invalid_grant', 'Bad credentials');
  }
  // a success clears the account's failures and does not count against the address
  await start.attempt.succeeded();
  const customer = creds.customer;
  const answer = await withTransaction(app.dbh, (trx) => startCustomerSession(app, trx, customer, client.clientId));
  return oauthSuccess(answer);
}

type RotationResult = { ok: true; customerId: string; familyId: string; refreshToken: string } | { ok: false; reused: boolean };

/** grant_type=refresh_token (see module comment). `client` is already authenticated. */
export async function refreshTokenGrant(call: OAuthCall, client: OAuthClient): Promise<OAuthAnswer> {
  const { app } = call;
  if (!isConfidentialStorefrontClient(app, client)) return oauthError(400, 'unauthorized_client', 'The client may not use this grant type');
  const token = bodyString(call.body, 'refresh_token');
  if (!token) return oauthError(400, 'invalid_request', 'refresh_token is required');
  const tokenHash = hashOpaqueToken(token);
  const nowMs = Date.now();
  const now = isoAt(nowMs);
  const result = await withTransaction<RotationResult>(
    app.dbh,
    async (trx) => {
      const rotated = await markRefreshTokenRotated(trx, tokenHash, client.clientId, now);
      const row = await findRefreshToken(trx, tokenHash);
      if (rotated && row) {
        const refreshToken = newOpaqueToken();
        await insertRefreshToken(trx, {
          familyId: row.familyId,
          customerId: row.customerId,
          clientId: row.clientId,
          tokenHash: hashOpaqueToken(refreshToken),
          expiresAt: isoAt(Math.min(nowMs + app.config.REFRESH_TOKEN_TTL_S * 1000, Date.parse(row.familyExpiresAt))),
          familyExpiresAt: row.familyExpiresAt,
          now,
        });
        return { ok: true, customerId: row.customerId, familyId: row.familyId, refreshToken };
      }
      if (row && row.status === 'rotated' && row.clientId === client.clientId) {
        await revokeRefreshFamily(trx, row.familyId);
        return { ok: false, reused: true };
      }
      return { ok: false, reused: false };
    },
    { retries: 3 },
  );
  if (!result.ok) {
    if (result.reused) call.log.warn({ event: 'refreshTokenReuse' }, 'refresh token reuse: family revoked');
    return oauthError(401, 'invalid_grant', 'Invalid refresh token');
  }
  const customer = await findCustomerById(app.dbh.db, result.customerId);
  if (!customer) return oauthError(401, 'invalid_grant', 'Invalid refresh token');
  const accessToken = await signCustomerToken(app.config.JWT_SECRET, customer, client.clientId, app.config.ACCESS_TOKEN_TTL_S, nowMs, result.familyId);
  return oauthSuccess({
    access_token: accessToken,
    refresh_token: result.refreshToken,
    expires_in: app.config.ACCESS_TOKEN_TTL_S,
    scope: CUSTOMER_SCOPE,
    token_type: 'bearer',
  } satisfies CustomerTokenAnswer);
}

/** `POST /authorizationserver/oauth/revoke` (see module comment). */
export async function revokeEndpoint(call: OAuthCall): Promise<OAuthAnswer> {
  const authenticated = await authenticateClient(call);
  if ('refusal' in authenticated) return authenticated.refusal;
  const token = bodyString(call.body, 'token');
  if (!token) return oauthError(400, 'invalid_request', 'token is required');
  const db = call.app.dbh.db;
  const row = await findRefreshToken(db, hashOpaqueToken(token));
  if (row && row.clientId === authenticated.client.clientId) await withTransaction(call.app.dbh, (trx) => revokeRefreshFamily(trx, row.familyId));
  return { status: 200, headers: { 'cache-control': 'no-store' }, body: {} };
}

/** Registers `POST /authorizationserver/oauth/revoke` (see module comment). */
export function registerRevokeEndpoint(app: FastifyInstance): void {
  registerOAuthEndpoint(
    app,
    { path: '/authorizationserver/oauth/revoke', body: OAuthRevokeRequestSchema, run: revokeEndpoint },
    {
      tags: ['auth'],
      summary: 'OAuth2 token revocation (RFC 7009): logout',
      description: 'Form-encoded or JSON body: token (a refresh token), client authentication as on the token endpoint. Revokes the whole refresh token family. 200 whether or not the token was known. A parameter too long or holding a control character: 400 invalid_request naming it.',
    },
  );
}
