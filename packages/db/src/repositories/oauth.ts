/**
 * OAuth2 clients (machine-to-machine tokens, spec §6 "uses a machine-to-machine token for checkout
 * calls"). Client secrets are high-entropy random strings, so they are stored as
 * `sha256:<hex>` (a slow password hash adds nothing for them); comparison is constant-time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../connection.ts';

/** An OAuth client as the token endpoint sees it. */
export interface OAuthClient {
  clientId: string;
  grants: string[];
  scopes: string[];
}

/** `sha256:<hex>` of a client secret. */
export function hashClientSecret(secret: string): string {
  return `sha256:${createHash('sha256').update(secret, 'utf8').digest('hex')}`;
}

/** Creates or replaces a client (id, secret, grants, scopes). */
export async function upsertOAuthClient(
  db: Executor,
  client: { clientId: string; clientSecret: string; grants: string[]; scopes: string[] },
): Promise<void> {
  const row = {
    client_id: client.clientId,
    secret_hash: hashClientSecret(client.clientSecret),
    grants: client.grants.join(','),
    scopes: client.scopes.join(','),
  };
  await db
    .insertInto('oauth_clients')
    .values(row)
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ secret_hash: row.secret_hash, grants: row.grants, scopes: row.scopes }))
    .execute();
}

/**
 * Checks a client id and secret. Answers the client when both match, null otherwise (unknown id
 * and wrong secret are indistinguishable to the caller).
 */
export async function verifyClientCredentials(db: Executor, clientId: string, clientSecret: string): Promise<OAuthClient | null> {
  const row = await db
    .selectFrom('oauth_clients')
    .select(['client_id', 'secret_hash', 'grants', 'scopes'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  const expected = Buffer.from(row?.secret_hash ?? hashClientSecret('\u0000no-such-client'), 'utf8');
  const given = Buffer.from(hashClientSecret(clientSecret), 'utf8');
  const same = expected.length === given.length && timingSafeEqual(expected, given);
  if (!row || !same) return null;
  return {
    clientId: row.client_id,
    grants: row.grants.split(',').filter(Boolean),
    scopes: row.scopes.split(',').filter(Boolean),
  };
}
