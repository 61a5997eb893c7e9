/**
 * Saved payment method routes (issue 3; spec §7 fetchStripeCustomerId, saveStripeCustomerId,
 * paymentdetails, updatePaymentDetails), under /rest/v2/:baseSiteId/users/{userId}, customer
 * token only (`users/anonymous` answers 403). Another customer's method answers 404. Card
 * numbers never come back: brand, last 4 and expiry only.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { codeInput, OccErrorBodySchema, PaymentDetailsListResponseSchema, SavedPaymentMethodSchema, SavePaymentDetailsRequestSchema, StripeCustomerIdResponseSchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { addPaymentDetails, deletePaymentDetails, fetchProviderCustomerId, listPaymentDetails, saveProviderCustomerId, setDefaultPaymentDetails } from '../flows/saved-payments.ts';
import { defineRoute, registerApiRoutes } from '../http/api-route.ts';
import { CUSTOMER_SECURITY, customerOfContext, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema };
const security = CUSTOMER_SECURITY;
const tags = ['payments'];

/**
 * The payment details routes (issue 11 item 3: defined once, served over HTTP and by the direct
 * transport). `users/{userId}` with the `user` requirement; `anonymous` answers 403.
 */
export function paymentDetailsRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/users/:userId/paymentdetails',
      auth: 'user',
      docs: { tags, summary: "The customer's saved cards (default first)", security },
      schema: { params: UserParamsSchema, response: { 200: PaymentDetailsListResponseSchema, ...errors } },
      handler: async (_input, rc) => listPaymentDetails(ctx, customerOfContext(rc).userId),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/paymentdetails',
      auth: 'user',
      status: 201,
      docs: {
        tags,
        summary: "Save a card on the customer's provider customer (test provider: {testCardNumber, expMonth, expYear}; Stripe: {stripePaymentMethodId})",
        security,
      },
      schema: { params: UserParamsSchema, body: SavePaymentDetailsRequestSchema, response: { 201: SavedPaymentMethodSchema, ...errors } },
      handler: async ({ body }, rc) => {
        const c = customerOfContext(rc);
        return addPaymentDetails(ctx, { id: c.userId, email: c.email }, body);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/updatePaymentDetails',
      auth: 'user',
      docs: { tags, summary: 'Make a saved card the default (?paymentMethodId=)', security },
      schema: { params: UserParamsSchema, querystring: z.object({ paymentMethodId: codeInput().min(1) }), response: { 200: SavedPaymentMethodSchema, ...errors } },
      handler: async ({ query }, rc) => setDefaultPaymentDetails(ctx, customerOfContext(rc).userId, query.paymentMethodId),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/users/:userId/paymentdetails/:paymentMethodId',
      auth: 'user',
      status: 204,
      docs: { tags, summary: 'Remove a saved card (detached from the provider customer)', security },
      schema: { params: UserParamsSchema.extend({ paymentMethodId: codeInput() }), response: { 204: z.null(), ...errors } },
      handler: async ({ params }, rc) => {
        await deletePaymentDetails(ctx, customerOfContext(rc).userId, params.paymentMethodId);
        return null;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/fetchStripeCustomerId',
      auth: 'user',
      docs: { tags, summary: "The payment provider's customer id of the customer (null before one exists)", security },
      schema: { params: UserParamsSchema, response: { 200: StripeCustomerIdResponseSchema, ...errors } },
      handler: async (_input, rc) => fetchProviderCustomerId(ctx, customerOfContext(rc).userId),
    }),
    defineRoute({
      method: 'PUT',
      url: '/users/:userId/saveStripeCustomerId',
      auth: 'user',
      docs: {
        tags,
        summary: "Create the customer's payment provider customer when missing (server-side; the client never sends an id) and answer its id",
        security,
      },
      schema: { params: UserParamsSchema, response: { 200: StripeCustomerIdResponseSchema, ...errors } },
      handler: async (_input, rc) => {
        const c = customerOfContext(rc);
        return saveProviderCustomerId(ctx, { id: c.userId, email: c.email });
      },
    }),
  ];
}

/** Registers the payment details routes on the /rest/v2/:baseSiteId scope. */
export function registerPaymentDetailsRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, paymentDetailsRouteList(ctx));
}
