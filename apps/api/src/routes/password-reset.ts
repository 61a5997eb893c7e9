/**
 * Forgot and reset password (issue 3, ADR 0007) under /rest/v2/:baseSiteId, with the client token:
 * - `POST /forgottenpasswordtokens` {email, lang?} → 202 `{}` whether or not an account has this
 *   email (same status, body and work; no enumeration). For an account, a single-use link valid
 *   1 h is emailed (after commit, in the background) in the site's language. Rate limited
 *   (auth/rate-limit.ts, ADR 0012): 10 / hour per client address and 3 / hour per email from one
 *   address → 429 + Retry-After; past 5 links an hour for one email the answer is the same 202
 *   but no new link is sent, so nobody can stop the owner from resetting. A malformed email is 400.
 * - `POST /resetpassword` {token, newPassword} → 200 `{}`; the link works once; every refresh
 *   token of the customer is revoked. Bad, used or expired token → 400 InvalidTokenError.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BaseSiteParamsSchema, EmptyAnswerSchema, ForgotPasswordRequestSchema, OccErrorBodySchema, ResetPasswordRequestSchema } from '@store/contracts';
import { normalizeEmail } from '@store/db';
import { ValidationErrors } from '@store/domain';
import { RESET_TOKEN_TTL_S, createPasswordReset, emailErrors, resetPasswordWithToken } from '../auth/accounts.ts';
import { admitForgotPassword } from '../auth/rate-limit.ts';
import type { Mailer } from '../email/mailer.ts';
import { sendPasswordReset } from '../email/password-reset.ts';
import { pickLang } from '../flows/context.ts';
import { defineRoute, registerApiRoutes } from '../http/api-route.ts';
import { tooManyAttempts } from '../http/status-error.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 429: OccErrorBodySchema };
const siteParams = BaseSiteParamsSchema;

/** Options: the app's mailer (shared with the commerce routes). */
export interface PasswordResetRoutesOptions {
  mailer: Mailer;
}

/**
 * The forgot / reset password routes (issue 11 item 3: defined once, served over HTTP and by the
 * direct transport). See module comment; the 429 is thrown (http/status-error.ts) so both
 * transports answer it with `Retry-After`.
 */
export function passwordResetRouteList(app: FastifyInstance, mailer: Mailer) {
  return [
    defineRoute({
      method: 'POST',
      url: '/forgottenpasswordtokens',
      auth: 'client',
      status: 202,
      docs: { tags: ['users'], summary: 'Forgot password: emails a single-use reset link when an account has this email (always 202)', security: [{ clientToken: [] }] },
      schema: { params: siteParams, querystring: z.object({ lang: z.enum(['en', 'fr']).optional() }), body: ForgotPasswordRequestSchema, response: { 202: EmptyAnswerSchema, ...errors } },
      handler: async ({ query, body }, rc) => {
        const email = normalizeEmail(body.email);
        const bad = emailErrors(email);
        if (bad.length > 0) throw new ValidationErrors(bad);
        const nowMs = Date.now();
        const admission = await admitForgotPassword(app.dbh.db, email, rc.ip, nowMs);
        if (!admission.ok) throw tooManyAttempts(admission.retryAfterS);
        if (!admission.sendEmail) {
          // the same answer: the newest link (already in the owner's mailbox) stays valid
          rc.log.warn({ event: 'passwordResetCapped' }, 'reset links for this account capped for the hour');
          rc.header('cache-control', 'no-store');
          return {};
        }
        const created = await createPasswordReset(app.dbh, email, new Date(nowMs));
        if (created) {
          const site = rc.site;
          const lang = pickLang(site, body.lang ?? query.lang);
          const input = {
            to: created.customer.email,
            firstName: created.customer.firstName,
            site,
            lang,
            token: created.token,
            storefrontUrl: app.config.STOREFRONT_PUBLIC_URL,
            validMinutes: RESET_TOKEN_TTL_S / 60,
          };
          mailer.sendInBackground(() => sendPasswordReset(mailer, input), 'password reset');
        }
        rc.header('cache-control', 'no-store');
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/resetpassword',
      auth: 'client',
      docs: { tags: ['users'], summary: 'Reset the password with the emailed token (works once; signs every session out)', security: [{ clientToken: [] }] },
      schema: { params: siteParams, body: ResetPasswordRequestSchema, response: { 200: EmptyAnswerSchema, ...errors } },
      handler: async ({ body }, rc) => {
        const customer = await resetPasswordWithToken(app.dbh, body.token, body.newPassword);
        rc.log.info({ event: 'passwordReset', customerId: customer.id }, 'password reset');
        rc.header('cache-control', 'no-store');
        return {};
      },
    }),
  ];
}

/** Registers the forgot / reset password routes on the /rest/v2/:baseSiteId scope. */
export async function passwordResetRoutes(scope: FastifyInstance, opts: PasswordResetRoutesOptions): Promise<void> {
  registerApiRoutes(scope, passwordResetRouteList(scope, opts.mailer));
}
