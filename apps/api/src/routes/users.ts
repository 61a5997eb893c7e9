/**
 * Customer account routes (issue 3, ADR 0007) under /rest/v2/:baseSiteId:
 * - `POST /users` (client token): sign-up → 201 Customer; 409 DuplicateUidError; 400 ValidationError;
 * - `GET /users/current` (customer token) → Customer;
 * - `PATCH /users/current` {firstName?, lastName?, perksOptIn?} → Customer;
 * - `PUT /users/current/password` {oldPassword, newPassword} → 200 `{}`; wrong old password 400
 *   PasswordMismatchError (counted by the sign-in per-account rate limit: 429 when over); the
 *   other sessions' refresh tokens are revoked, this session's stays.
 *
 * Issue 11 item 3 (ADR 0021): defined once ({@link defineRoute}), served over HTTP and by the direct
 * transport; the contract schemas validate once and the account flows take their output.
 */
import type { FastifyInstance } from 'fastify';
import {
  ChangePasswordRequestSchema,
  CustomerSchema,
  EmptyAnswerSchema,
  OccErrorBodySchema,
  SignUpRequestSchema,
  UpdateProfileRequestSchema,
  BaseSiteParamsSchema,
} from '@store/contracts';
import { findCustomerById, updateCustomerProfile } from '@store/db';
import { isDomainError, unauthorized } from '@store/domain';
import { changeCustomerPassword, checkProfilePatch, customerView, signUpCustomer } from '../auth/accounts.ts';
import { slowdownOf } from '../auth/oauth-grants.ts';
import { beginPasswordAttempt, tooManyAttemptsBody } from '../auth/rate-limit.ts';
import { defineRoute, registerApiRoutes } from '../http/api-route.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema, 429: OccErrorBodySchema };
const siteParams = BaseSiteParamsSchema;

/** The account routes (issue 11 item 3: defined once, served over HTTP and by the direct transport). */
export function userRouteList(app: FastifyInstance) {
  const currentCustomer = async (id: string) => {
    const customer = await findCustomerById(app.dbh.db, id);
    if (!customer) throw unauthorized('InvalidTokenError', 'invalidToken', 'The account of this token no longer exists');
    return customer;
  };
  return [
    defineRoute({
      method: 'POST',
      url: '/users',
      auth: 'client',
      status: 201,
      docs: { tags: ['users'], summary: 'Sign up (creates a customer account)', security: [{ clientToken: [] }] },
      schema: { params: siteParams, body: SignUpRequestSchema, response: { 201: CustomerSchema, ...errors } },
      handler: async ({ body }, rc) => {
        const customer = await signUpCustomer(app.dbh, body);
        rc.log.info({ event: 'signUp', customerId: customer.id }, 'customer signed up');
        return customerView(customer);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/users/current',
      auth: 'customer',
      docs: { tags: ['users'], summary: 'The signed-in customer', security: [{ customerToken: [] }] },
      schema: { params: siteParams, response: { 200: CustomerSchema, ...errors } },
      handler: async (_input, rc) => customerView(await currentCustomer(rc.customer!.id)),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/users/current',
      auth: 'customer',
      docs: { tags: ['users'], summary: 'Update the profile (first name, last name, perks opt-in)', security: [{ customerToken: [] }] },
      schema: { params: siteParams, body: UpdateProfileRequestSchema, response: { 200: CustomerSchema, ...errors } },
      handler: async ({ body }, rc) => {
        const patch = checkProfilePatch(body);
        const updated = await updateCustomerProfile(app.dbh.db, rc.customer!.id, patch, new Date().toISOString());
        if (!updated) return customerView(await currentCustomer(rc.customer!.id));
        return customerView(updated);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/users/current/password',
      auth: 'customer',
      docs: { tags: ['users'], summary: 'Change the password (the old one is required; other sessions are signed out)', security: [{ customerToken: [] }] },
      schema: { params: siteParams, body: ChangePasswordRequestSchema, response: { 200: EmptyAnswerSchema, ...errors } },
      handler: async ({ body }, rc) => {
        const customer = rc.customer!;
        // the old password is a password attempt on the account, under the sign-in limits (ADR 0012)
        const start = await beginPasswordAttempt(app.dbh.db, { email: customer.email, clientIp: rc.ip, nowMs: Date.now(), slowdown: slowdownOf(app) });
        if (!start.ok) {
          rc.status(429);
          rc.header('retry-after', String(start.retryAfterS));
          rc.header('cache-control', 'no-store');
          return tooManyAttemptsBody() as never;
        }
        try {
          await changeCustomerPassword(app.dbh, customer.id, body, customer.sessionId);
        } catch (error) {
          // only a wrong old password counts as a failed attempt
          if (!(isDomainError(error) && error.reason === 'wrongPassword')) await start.attempt.abandoned();
          throw error;
        }
        await start.attempt.succeeded();
        rc.log.info({ event: 'passwordChanged', customerId: customer.id }, 'password changed');
        return {};
      },
    }),
  ];
}

/** Registers the account routes on the /rest/v2/:baseSiteId scope. */
export async function userRoutes(scope: FastifyInstance): Promise<void> {
  registerApiRoutes(scope, userRouteList(scope));
}
