/**
 * Saved payment method routes (issue 3; spec §7 fetchStripeCustomerId, saveStripeCustomerId,
 * paymentdetails, updatePaymentDetails), under /rest/v2/:baseSiteId/users/{userId}, customer
 * token only (`users/anonymous` answers 403). Another customer's method answers 404. Card
 * numbers never come back: brand, last 4 and expiry only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeInput, OccErrorBodySchema, PaymentDetailsListResponseSchema, SavedPaymentMethodSchema, SavePaymentDetailsRequestSchema, StripeCustomerIdResponseSchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { addPaymentDetails, deletePaymentDetails, fetchProviderCustomerId, listPaymentDetails, saveProviderCustomerId, setDefaultPaymentDetails } from '../flows/saved-payments.ts';
import { CUSTOMER_SECURITY, customerOf, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema };
const security = CUSTOMER_SECURITY;

/** Registers the payment details routes on the /rest/v2/:baseSiteId scope. */
export function registerPaymentDetailsRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireUser;
  const customer = (request: Parameters<typeof customerOf>[0]) => {
    const c = customerOf(request);
    return { id: c.userId, email: c.email };
  };

  app.get(
    '/users/:userId/paymentdetails',
    {
      onRequest: preHandler,
      schema: { tags: ['payments'], summary: "The customer's saved cards (default first)", security, params: UserParamsSchema, response: { 200: PaymentDetailsListResponseSchema, ...errors } },
    },
    async (request) => listPaymentDetails(ctx, customerOf(request).userId),
  );

  app.post(
    '/users/:userId/paymentdetails',
    {
      onRequest: preHandler,
      schema: {
        tags: ['payments'],
        summary: "Save a card on the customer's provider customer (test provider: {testCardNumber, expMonth, expYear}; Stripe: {stripePaymentMethodId})",
        security,
        params: UserParamsSchema,
        body: SavePaymentDetailsRequestSchema,
        response: { 201: SavedPaymentMethodSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addPaymentDetails(ctx, customer(request), request.body)),
  );

  app.post(
    '/users/:userId/updatePaymentDetails',
    {
      onRequest: preHandler,
      schema: {
        tags: ['payments'],
        summary: 'Make a saved card the default (?paymentMethodId=)',
        security,
        params: UserParamsSchema,
        querystring: z.object({ paymentMethodId: codeInput().min(1) }),
        response: { 200: SavedPaymentMethodSchema, ...errors },
      },
    },
    async (request) => setDefaultPaymentDetails(ctx, customerOf(request).userId, request.query.paymentMethodId),
  );

  app.delete(
    '/users/:userId/paymentdetails/:paymentMethodId',
    {
      onRequest: preHandler,
      schema: {
        tags: ['payments'],
        summary: 'Remove a saved card (detached from the provider customer)',
        security,
        params: UserParamsSchema.extend({ paymentMethodId: codeInput() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deletePaymentDetails(ctx, customerOf(request).userId, request.params.paymentMethodId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/users/:userId/fetchStripeCustomerId',
    {
      onRequest: preHandler,
      schema: {
        tags: ['payments'],
        summary: "The payment provider's customer id of the customer (null before one exists)",
        security,
        params: UserParamsSchema,
        response: { 200: StripeCustomerIdResponseSchema, ...errors },
      },
    },
    async (request) => fetchProviderCustomerId(ctx, customerOf(request).userId),
  );

  app.put(
    '/users/:userId/saveStripeCustomerId',
    {
      onRequest: preHandler,
      schema: {
        tags: ['payments'],
        summary: "Create the customer's payment provider customer when missing (server-side; the client never sends an id) and answer its id",
        security,
        params: UserParamsSchema,
        response: { 200: StripeCustomerIdResponseSchema, ...errors },
      },
    },
    async (request) => saveProviderCustomerId(ctx, customer(request)),
  );
}
