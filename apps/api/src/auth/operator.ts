/**
 * The operator client (issue 12, ADR 0027): the one OAuth client whose client_credentials tokens
 * carry the `operator` scope, required by operator calls (ship an order; later the back office).
 *
 * - Configured, not stored: `OPERATOR_CLIENT_ID` (default `operator`) and `OPERATOR_CLIENT_SECRET`
 *   (at least 32 characters). Without a secret there is no operator client at all, in every mode
 *   (development included: set one to try the call): no token can carry the scope.
 * - The token endpoint asks {@link verifyOperatorCredentials} before the stored clients; the
 *   comparison is constant-time on SHA-256 digests. Stored clients never get the scope (the
 *   storefront's has `basic`), and the configuration refuses an operator id equal to the
 *   storefront's.
 * - The token is an ordinary client token (1 h, HS256, stateless): removing the secret stops new
 *   tokens at once; tokens already issued live out their hour.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { OAuthClient } from '@store/db';

/** The scope of operator tokens. */
export const OPERATOR_SCOPE = 'operator';

/** What the operator client needs of the configuration. */
export interface OperatorClientConfig {
  OPERATOR_CLIENT_ID: string;
  /** undefined: no operator client */
  OPERATOR_CLIENT_SECRET: string | undefined;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * The operator client when `clientId` is the configured operator id and `clientSecret` its secret
 * (grants `client_credentials`, scopes `operator`); null otherwise, and always when no operator
 * secret is configured.
 */
export function verifyOperatorCredentials(config: OperatorClientConfig, clientId: string, clientSecret: string): OAuthClient | null {
  const secret = config.OPERATOR_CLIENT_SECRET;
  if (!secret || clientId !== config.OPERATOR_CLIENT_ID) return null;
  if (!timingSafeEqual(digest(secret), digest(clientSecret))) return null;
  return { clientId, grants: ['client_credentials'], scopes: [OPERATOR_SCOPE] };
}

/** Is `clientId` the configured operator client (whether or not it is enabled)? */
export function isOperatorClientId(config: OperatorClientConfig, clientId: string): boolean {
  return clientId === config.OPERATOR_CLIENT_ID;
}
