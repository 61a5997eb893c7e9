/**
 * The storefront's machine-to-machine token (spec §6: anonymous shoppers use it for cart and
 * checkout calls; spec §3 "Machine-to-machine token record": accessToken, expireBy). Fetched
 * with the OAuth2 client_credentials grant and kept in memory until shortly before it expires.
 * The cache is per process, which is safe with many processes: each holds its own valid token.
 */
import { requestClientToken } from '@store/contracts';
import type { ApiFetch } from './load-context.ts';

/** Options of {@link createTokenProvider}. */
export interface TokenProviderOptions {
  fetch: ApiFetch;
  /** absolute URL of the token endpoint, e.g. `http://localhost:3000/authorizationserver/oauth/token` */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** clock in ms (tests) */
  now?: () => number;
  /** renew this many ms before expiry (default 60 000, capped at half the lifetime) */
  refreshMarginMs?: number;
}

/** A cached machine-to-machine token. */
export interface TokenProvider {
  /** the current token, fetched when missing or about to expire; concurrent callers share one fetch */
  getToken(): Promise<string>;
  /** forget the cached token (e.g. after a 401) */
  invalidate(): void;
}

/**
 * Creates the token cache. `getToken` rejects with the contracts' `ApiError` when the endpoint
 * refuses the credentials; a failure is not cached.
 */
export function createTokenProvider(opts: TokenProviderOptions): TokenProvider {
  const now = opts.now ?? Date.now;
  const margin = opts.refreshMarginMs ?? 60_000;
  let record: { accessToken: string; expireBy: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const answer = await requestClientToken({
      tokenUrl: opts.tokenUrl,
      fetch: opts.fetch,
      clientId: opts.clientId,
      clientSecret: opts.clientSecret,
    });
    const lifetimeMs = answer.expires_in * 1000;
    const renewBefore = Math.min(margin, lifetimeMs / 2);
    record = { accessToken: answer.access_token, expireBy: now() + lifetimeMs - renewBefore };
    return answer.access_token;
  }

  return {
    getToken() {
      if (record && now() < record.expireBy) return Promise.resolve(record.accessToken);
      if (!inFlight) {
        inFlight = fetchToken().finally(() => {
          inFlight = null;
        });
      }
      return inFlight;
    },
    invalidate() {
      record = null;
    },
  };
}
