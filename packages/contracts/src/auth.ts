/**
 * Accounts and customer tokens (issue 3, ADR 0007): zod schemas of the sign-up, profile,
 * password and customer-data calls, the customer grants of the token endpoint, and typed calls.
 *
 * Token endpoint (`POST /authorizationserver/oauth/token`, form-encoded, storefront client only):
 * {@link requestCustomerToken} (grant_type=password), {@link refreshCustomerToken}
 * (grant_type=refresh_token: rotation, the old refresh token stops working), and
 * {@link revokeCustomerToken} (`POST /authorizationserver/oauth/revoke`, logout). Errors throw
 * {@link TokenCallError} (an `ApiError`): reason `invalid_grant` (bad credentials 400; bad,
 * reused or expired refresh token 401), `tooManyAttempts` (429; the `Retry-After` seconds are in
 * {@link TokenCallError.retryAfterS}), `unauthorized_client`, `invalid_client`.
 *
 * OCC calls under `/{site}` ({@link createAuthClient}; the core's `getToken` gives the machine
 * token for sign-up / forgot / reset / anonymous customer data, the customer's access token for
 * `users/current`):
 * - `POST /users` sign-up → 201 {@link Customer}; 409 `DuplicateUidError`; 400 ValidationError
 *   (`invalidEmail`, `passwordTooShort`, `passwordTooLong`, `passwordTooWeak`, `passwordIsEmail`,
 *   `missing`, `tooLong`, `invalidCharacters`: a control character, issue 9);
 * - `GET /users/current`, `PATCH /users/current`, `PUT /users/current/password` (400
 *   `PasswordMismatchError` reason `wrongPassword`; other sessions are signed out);
 * - `POST /forgottenpasswordtokens` → 202 `{}` whatever the email (429 `tooManyAttempts`);
 * - `POST /resetpassword` → 200 `{}`; 400 `InvalidTokenError` reason `invalidResetToken`;
 * - `GET /users/{anonymous|current}/customerData?cartGuid=` → {@link CustomerData} (spec §3).
 */
import { z } from 'zod';
import { CustomerDataAutoDeliveryFieldsSchema } from './auto-delivery.ts';
import { codeInput, emailInput, INPUT_LIMITS, passwordInput, personNameInput, safeText, tokenInput } from './input.ts';
import { ApiError, OccErrorBodySchema, parseRetryAfter, type OccError } from './errors.ts';
import type { ApiCore, FetchLike } from './client.ts';

/** A customer (`GET users/current`, sign-up answer). */
export const CustomerSchema = z.object({
  customerId: z.string(),
  /** login id: the lower-cased email */
  uid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  perksOptIn: z.boolean(),
  isBrewhausEmployee: z.boolean(),
  roles: z.array(z.string()),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** `POST users` body. Email per spec §5; password per the policy (8–128, a letter and a digit, not the email); names of at most 100 characters. */
export const SignUpRequestSchema = z.object({
  email: emailInput(),
  password: passwordInput(),
  firstName: personNameInput(),
  lastName: personNameInput(),
  perksOptIn: z.boolean().optional(),
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

/** `PATCH users/current` body. */
export const UpdateProfileRequestSchema = z.object({
  firstName: personNameInput().optional(),
  lastName: personNameInput().optional(),
  perksOptIn: z.boolean().optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

/** `PUT users/current/password` body. */
export const ChangePasswordRequestSchema = z.object({
  oldPassword: passwordInput(),
  newPassword: passwordInput(),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** `POST forgottenpasswordtokens` body; `lang` picks the email's language (site languages only). */
export const ForgotPasswordRequestSchema = z.object({
  email: emailInput(),
  lang: z.enum(['en', 'fr']).optional(),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

/** `POST resetpassword` body. */
export const ResetPasswordRequestSchema = z.object({
  token: tokenInput(200).min(1),
  newPassword: passwordInput(),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/**
 * Body of `POST /authorizationserver/oauth/token` (form-encoded or JSON; RFC 6749 §4.3, §4.4, §6).
 * Every parameter is optional here (the endpoint answers its own RFC 6749 errors when one is
 * missing) but bounded and clean (issue 9): a bad one answers 400 `invalid_request` naming it.
 * Other parameters pass through unread.
 */
export const OAuthTokenRequestSchema = z.looseObject({
  grant_type: codeInput().optional(),
  client_id: codeInput(INPUT_LIMITS.label).optional(),
  client_secret: tokenInput().optional(),
  scope: safeText(INPUT_LIMITS.label).optional(),
  /** grant_type=password: the email */
  username: emailInput().optional(),
  /** grant_type=password */
  password: passwordInput().optional(),
  /** grant_type=refresh_token */
  refresh_token: tokenInput().optional(),
});
export type OAuthTokenRequest = z.infer<typeof OAuthTokenRequestSchema>;

/** Body of `POST /authorizationserver/oauth/revoke` (RFC 7009), bounded and clean like {@link OAuthTokenRequestSchema}. */
export const OAuthRevokeRequestSchema = z.looseObject({
  token: tokenInput().optional(),
  token_type_hint: codeInput().optional(),
  client_id: codeInput(INPUT_LIMITS.label).optional(),
  client_secret: tokenInput().optional(),
});
export type OAuthRevokeRequest = z.infer<typeof OAuthRevokeRequestSchema>;

/** An empty JSON answer `{}` (forgot password 202, reset and change password 200, revoke 200). */
export const EmptyAnswerSchema = z.object({}).loose();

/** spec §3 Customer data: one cookie to set on the storefront. */
export const CustomerCookieSchema = z.object({ key: z.string(), value: z.string() });

/** spec §3 Customer data (`GET users/{anonymous|current}/customerData`). */
export const CustomerDataSchema = z.object({
  isLoggedIn: z.boolean(),
  /** units in the session cart (the given cartGuid when it is the caller's, else the customer's open cart) */
  cartCount: z.number().int(),
  perksOptIn: z.boolean(),
  /** spec §3 is{product}Employee */
  isBrewhausEmployee: z.boolean(),
  customerCookies: z.array(CustomerCookieSchema),
  /** issue 10: active auto-delivery items and campaign eligibility flags (auto-delivery.ts) */
  ...CustomerDataAutoDeliveryFieldsSchema.shape,
});
export type CustomerData = z.infer<typeof CustomerDataSchema>;

/** `GET customerData` query. */
export const CustomerDataQuerySchema = z.object({ cartGuid: codeInput().optional() });

/** Answer of the password and refresh_token grants (spec §3 auth session record body). */
export const CustomerTokenAnswerSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** seconds until the access token expires */
  expires_in: z.number().int(),
  scope: z.string(),
  token_type: z.literal('bearer'),
});
export type CustomerTokenAnswer = z.infer<typeof CustomerTokenAnswerSchema>;

/** An `ApiError` from the token endpoints (`retryAfterS`: the `Retry-After` seconds of a 429, else null). */
export class TokenCallError extends ApiError {}

/** Client credentials of the storefront's confidential client. */
export interface TokenClientOptions {
  /** absolute URL of the token endpoint, e.g. `http://localhost:3000/authorizationserver/oauth/token` */
  tokenUrl: string;
  fetch: FetchLike;
  clientId: string;
  clientSecret: string;
}

async function postForm(opts: TokenClientOptions, url: string, fields: Record<string, string>): Promise<unknown> {
  const form = new URLSearchParams({ ...fields, client_id: opts.clientId, client_secret: opts.clientSecret });
  const response = await opts.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    // not JSON: keep the text
  }
  if (!response.ok) {
    const occ = OccErrorBodySchema.safeParse(body);
    let errors: OccError[];
    if (occ.success && occ.data.errors.length > 0) errors = occ.data.errors;
    else if (body && typeof body === 'object' && 'error' in body) {
      const o = body as { error: unknown; error_description?: unknown };
      errors = [{ type: 'OAuthError', reason: String(o.error), message: String(o.error_description ?? o.error) }];
    } else errors = [{ type: 'HttpError', reason: String(response.status), message: `HTTP ${response.status}` }];
    throw new TokenCallError(response.status, errors, response.headers.get('correlationid'), body, parseRetryAfter(response.headers.get('retry-after')));
  }
  return body;
}

/** Signs a customer in (grant_type=password). @throws TokenCallError */
export async function requestCustomerToken(opts: TokenClientOptions & { username: string; password: string }): Promise<CustomerTokenAnswer> {
  const body = await postForm(opts, opts.tokenUrl, { grant_type: 'password', username: opts.username, password: opts.password });
  return CustomerTokenAnswerSchema.parse(body);
}

/** Exchanges a refresh token for a new pair (rotation). @throws TokenCallError (401 invalid_grant when reused, revoked or expired) */
export async function refreshCustomerToken(opts: TokenClientOptions & { refreshToken: string }): Promise<CustomerTokenAnswer> {
  const body = await postForm(opts, opts.tokenUrl, { grant_type: 'refresh_token', refresh_token: opts.refreshToken });
  return CustomerTokenAnswerSchema.parse(body);
}

/** Logout: revokes the refresh token's whole family. `revokeUrl` defaults to the token URL with `/revoke`. */
export async function revokeCustomerToken(opts: TokenClientOptions & { refreshToken: string; revokeUrl?: string }): Promise<void> {
  const url = opts.revokeUrl ?? opts.tokenUrl.replace(/\/token$/, '/revoke');
  await postForm(opts, url, { token: opts.refreshToken, token_type_hint: 'refresh_token' });
}

/** The account calls (see module comment). `site` is the base site uid. */
export interface AuthCalls {
  signUp(site: string, body: SignUpRequest): Promise<Customer>;
  getCurrentCustomer(site: string): Promise<Customer>;
  updateProfile(site: string, body: UpdateProfileRequest): Promise<Customer>;
  changePassword(site: string, body: ChangePasswordRequest): Promise<void>;
  forgotPassword(site: string, body: ForgotPasswordRequest): Promise<void>;
  resetPassword(site: string, body: ResetPasswordRequest): Promise<void>;
  getCustomerData(site: string, user: 'anonymous' | 'current', cartGuid?: string | null): Promise<CustomerData>;
}

/** Creates the account calls on a core. */
export function createAuthClient(core: ApiCore): AuthCalls {
  const s = (site: string) => `/${encodeURIComponent(site)}`;
  return {
    signUp: (site, body) => core.request('POST', `${s(site)}/users`, { body, schema: CustomerSchema }),
    getCurrentCustomer: (site) => core.request('GET', `${s(site)}/users/current`, { schema: CustomerSchema }),
    updateProfile: (site, body) => core.request('PATCH', `${s(site)}/users/current`, { body, schema: CustomerSchema }),
    changePassword: async (site, body) => {
      await core.request('PUT', `${s(site)}/users/current/password`, { body });
    },
    forgotPassword: async (site, body) => {
      await core.request('POST', `${s(site)}/forgottenpasswordtokens`, { body });
    },
    resetPassword: async (site, body) => {
      await core.request('POST', `${s(site)}/resetpassword`, { body });
    },
    getCustomerData: (site, user, cartGuid) =>
      core.request('GET', `${s(site)}/users/${user}/customerData`, { query: { cartGuid: cartGuid ?? undefined }, schema: CustomerDataSchema }),
  };
}
