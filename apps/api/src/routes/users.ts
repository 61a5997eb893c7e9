/**
 * Customer account routes (issue 3, ADR 0007) under /rest/v2/:baseSiteId:
 * - `POST /users` (client token): sign-up → 201 Customer; 409 DuplicateUidError; 400 ValidationError;
 * - `GET /users/current` (customer token) → Customer;
 * - `PATCH /users/current` {firstName?, lastName?, perksOptIn?} → Customer;
 * - `PUT /users/current/password` {oldPassword, newPassword} → 200 `{}`; wrong old password 400
 *   PasswordMismatchError (counted by the sign-in per-account rate limit: 429 when over); the
 *   other sessions' refresh tokens are revoked, this session's stays.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { beginPasswordAttempt, sendTooManyAttempts } from '../auth/rate-limit.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema, 429: OccErrorBodySchema };
const siteParams = BaseSiteParamsSchema;

/** Registers the account routes on the /rest/v2/:baseSiteId scope. */
export async function userRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/users',
    {
      preHandler: app.requireClientToken,
      schema: {
        tags: ['users'],
        summary: 'Sign up (creates a customer account)',
        security: [{ clientToken: [] }],
        params: siteParams,
        body: SignUpRequestSchema,
        response: { 201: CustomerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await signUpCustomer(app.dbh, request.body);
      request.log.info({ event: 'signUp', customerId: customer.id }, 'customer signed up');
      return reply.status(201).send(customerView(customer));
    },
  );

  const currentCustomer = async (id: string) => {
    const customer = await findCustomerById(app.dbh.db, id);
    if (!customer) throw unauthorized('InvalidTokenError', 'invalidToken', 'The account of this token no longer exists');
    return customer;
  };

  app.get(
    '/users/current',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['users'],
        summary: 'The signed-in customer',
        security: [{ customerToken: [] }],
        params: siteParams,
        response: { 200: CustomerSchema, ...errors },
      },
    },
    async (request) => customerView(await currentCustomer(request.customer!.id)),
  );

  app.patch(
    '/users/current',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['users'],
        summary: 'Update the profile (first name, last name, perks opt-in)',
        security: [{ customerToken: [] }],
        params: siteParams,
        body: UpdateProfileRequestSchema,
        response: { 200: CustomerSchema, ...errors },
      },
    },
    async (request) => {
      const patch = checkProfilePatch(request.body);
      const updated = await updateCustomerProfile(app.dbh.db, request.customer!.id, patch, new Date().toISOString());
      if (!updated) return customerView(await currentCustomer(request.customer!.id));
      return customerView(updated);
    },
  );

  app.put(
    '/users/current/password',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['users'],
        summary: 'Change the password (the old one is required; other sessions are signed out)',
        security: [{ customerToken: [] }],
        params: siteParams,
        body: ChangePasswordRequestSchema,
        response: { 200: EmptyAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = request.customer!;
      // the old password is a password attempt on the account, under the sign-in limits (ADR 0012)
      const start = await beginPasswordAttempt(app.dbh.db, { email: customer.email, clientIp: request.ip, nowMs: Date.now(), slowdown: slowdownOf(app) });
      if (!start.ok) return sendTooManyAttempts(reply, start.retryAfterS);
      try {
        await changeCustomerPassword(app.dbh, customer.id, request.body, customer.sessionId);
      } catch (error) {
        // only a wrong old password counts as a failed attempt
        if (!(isDomainError(error) && error.reason === 'wrongPassword')) await start.attempt.abandoned();
        throw error;
      }
      await start.attempt.succeeded();
      request.log.info({ event: 'passwordChanged', customerId: customer.id }, 'password changed');
      return reply.send({});
    },
  );
}
