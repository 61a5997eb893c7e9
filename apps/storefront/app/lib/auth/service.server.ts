/**
 * The storefront's calls to the authorization server (issue 3 decisions "API contract"): the
 * password grant (sign-in, confidential client only), the refresh_token grant (rotation) and
 * revocation (sign-out). Created for each request by the storefront handler (its fetch carries
 * the shopper's address to the API's sign-in limits, ADR 0012), around the refresh coordinator
 * that the handler creates once per process and that holds the in-progress flags of spec §4.
 */
import { z } from 'zod';
import { ApiError, OccErrorBodySchema, parseRetryAfter } from '@store/contracts';
import type { ApiFetch } from '../load-context.ts';
import { createRefreshCoordinator } from './token-lifecycle.ts';
import type { RefreshAnswer, RefreshCoordinator } from './token-lifecycle.ts';

declare module '../load-context.ts' {
  interface StorefrontLoadContext {
    /** the authorization-server calls (per request) and the process's refresh coordinator (set by the handler) */
    auth?: AuthService;
    /** `Set-Cookie` headers to add to the response, by cookie name (set by the handler) */
    setCookies?: Map<string, string>;
  }
}

/** The token endpoint's answer to the password and refresh_token grants. */
export const CustomerTokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  /** seconds */
  expires_in: z.number().int().positive(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});
export type CustomerTokenAnswer = z.infer<typeof CustomerTokenAnswerSchema>;

/** The authorization-server calls of the storefront. */
export interface AuthService {
  /**
   * grant_type=password. Rejects with `ApiError` (400/401 `invalid_grant` for bad credentials,
   * 429 `tooManyAttempts` with `retryAfterS`).
   */
  passwordGrant(email: string, password: string): Promise<CustomerTokenAnswer>;
  /** grant_type=refresh_token (the refresh token rotates). Rejects with `ApiError` (401 when refused). */
  refreshGrant(refreshToken: string): Promise<RefreshAnswer>;
  /** Revokes a refresh token (and its family); never rejects. */
  revoke(refreshToken: string): Promise<void>;
  /** per-process in-progress flags and recent outcomes of refreshes (spec §4) */
  coordinator: RefreshCoordinator;
}

/** Options of {@link createAuthService}. */
export interface AuthServiceOptions {
  /** reaches the API; per request, it carries the shopper's address (ADR 0012) */
  fetch: ApiFetch;
  /** the process's refresh coordinator (default: a new one); share it between per-request services */
  coordinator?: RefreshCoordinator;
  /** absolute URL of `/authorizationserver/oauth/token` */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

async function toError(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // keep the text
  }
  const occ = OccErrorBodySchema.safeParse(body);
  let errors;
  if (occ.success && occ.data.errors.length > 0) errors = occ.data.errors;
  else if (body && typeof body === 'object' && 'error' in body) {
    const o = body as { error: unknown; error_description?: unknown };
    errors = [{ type: 'OAuthError', reason: String(o.error), message: String(o.error_description ?? o.error) }];
  } else errors = [{ type: 'HttpError', reason: String(response.status), message: `HTTP ${response.status}` }];
  return new ApiError(response.status, errors, response.headers.get('correlationid'), body, parseRetryAfter(response.headers.get('retry-after')));
}

/** The token endpoint's sibling: `/authorizationserver/oauth/revoke`. */
export function revokeUrlFor(tokenUrl: string): string {
  return tokenUrl.replace(/\/token$/, '/revoke');
}

/** Creates the service (see {@link AuthService}). */
export function createAuthService(opts: AuthServiceOptions): AuthService {
  const post = async (url: string, form: Record<string, string>): Promise<Response> =>
    opts.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ ...form, client_id: opts.clientId, client_secret: opts.clientSecret }).toString(),
      signal: AbortSignal.timeout(60_000),
    });
  const grant = async (form: Record<string, string>): Promise<CustomerTokenAnswer> => {
    const response = await post(opts.tokenUrl, form);
    if (!response.ok) throw await toError(response);
    return CustomerTokenAnswerSchema.parse(await response.json());
  };
  return {
    passwordGrant: (email, password) => grant({ grant_type: 'password', username: email, password }),
    refreshGrant: (refreshToken) => grant({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revoke(refreshToken) {
      try {
        const response = await post(revokeUrlFor(opts.tokenUrl), { token: refreshToken, token_type_hint: 'refresh_token' });
        await response.body?.cancel();
      } catch {
        // sign-out goes on: the cookies are cleared whatever the API says
      }
    },
    coordinator: opts.coordinator ?? createRefreshCoordinator(),
  };
}
