/**
 * Auto-delivery home routes (issue 10; ADR 0018 "Auto-delivery home"; contracts
 * `subscriptions.ts`), under /rest/v2/:baseSiteId/users/{userId}: customer token only (no token
 * 401, `users/anonymous` 403), someone else's subscription 404. Bodies are validated here by the
 * contracts' zod schemas (400 naming the field); the flows (flows/subscriptions.ts) take parsed
 * values.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type Subscription,
  AddProductToExistingAdRequestSchema,
  AddSubscriptionItemRequestSchema,
  AdOrdersQuerySchema,
  AdOrdersResponseSchema,
  CancelSubscriptionRequestSchema,
  CancelSubscriptionResponseSchema,
  LangSchema,
  OccErrorBodySchema,
  PauseRequestSchema,
  ShipNowResponseSchema,
  ShipOnRequestSchema,
  StripeAdPaymentMethodQuerySchema,
  StripeAdPaymentMethodResponseSchema,
  SubscriptionItemParamsSchema,
  SubscriptionItemPatchRequestSchema,
  SubscriptionListResponseSchema,
  SubscriptionParamsSchema,
  SubscriptionPatchRequestSchema,
  SubscriptionSchema,
} from '@store/contracts';
import { z } from 'zod';
import type { CommerceContext } from '../flows/context.ts';
import {
  addSubscriptionItemFlow,
  cancelSubscriptionFlow,
  getAdOrders,
  getAdPaymentMethod,
  getSubscription,
  listSubscriptions,
  pauseSubscription,
  removeSubscriptionItemFlow,
  resumeSubscription,
  shipSubscriptionNow,
  shipSubscriptionOn,
  skipSubscriptionOrder,
  updateSubscriptionFlow,
  updateSubscriptionItemFlow,
  type AdCustomer,
} from '../flows/subscriptions.ts';
import { CUSTOMER_SECURITY, customerOf, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
const security = CUSTOMER_SECURITY;
const tags = ['auto-delivery'];
const LangQuerySchema = z.object({ lang: LangSchema.optional() });

/** Registers the auto-delivery home routes on the /rest/v2/:baseSiteId scope. */
export function registerSubscriptionRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;
  const who = (request: FastifyRequest): AdCustomer => ({ customerId: customerOf(request).userId, site: request.baseSite });

  app.get(
    '/users/:userId/subscriptions',
    { onRequest, schema: { tags, summary: "The customer's auto-deliveries (active and paused first)", security, params: UserParamsSchema, querystring: LangQuerySchema, response: { 200: SubscriptionListResponseSchema, ...errors } } },
    async (request) => listSubscriptions(ctx, who(request), request.query.lang),
  );

  app.get(
    '/users/:userId/subscriptions/:subscriptionId',
    { onRequest, schema: { tags, summary: 'One auto-delivery', security, params: SubscriptionParamsSchema, querystring: LangQuerySchema, response: { 200: SubscriptionSchema, ...errors } } },
    async (request) => getSubscription(ctx, who(request), request.params.subscriptionId, request.query.lang),
  );

  app.patch(
    '/users/:userId/subscriptions/:subscriptionId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change the frequency, day of the month, shipping address or card of an auto-delivery',
        security,
        params: SubscriptionParamsSchema,
        querystring: LangQuerySchema,
        body: SubscriptionPatchRequestSchema,
        response: { 200: SubscriptionSchema, ...errors },
      },
    },
    async (request) => updateSubscriptionFlow(ctx, who(request), request.params.subscriptionId, request.body, request.query.lang),
  );

  const action = (path: string, summary: string, run: (request: FastifyRequest<{ Params: { subscriptionId: string }; Querystring: { lang?: 'en' | 'fr' } }>) => Promise<Subscription>) =>
    app.post(
      `/users/:userId/subscriptions/:subscriptionId/${path}`,
      { onRequest, schema: { tags, summary, security, params: SubscriptionParamsSchema, querystring: LangQuerySchema, response: { 200: SubscriptionSchema, ...errors } } },
      async (request) => run(request),
    );
  action('skip', 'Skip the next order', (r) => skipSubscriptionOrder(ctx, who(r), r.params.subscriptionId, r.query.lang));
  action('resume', 'Resume a paused or suspended auto-delivery', (r) => resumeSubscription(ctx, who(r), r.params.subscriptionId, r.query.lang));

  app.post(
    '/users/:userId/subscriptions/:subscriptionId/shipNow',
    { onRequest, schema: { tags, summary: 'Place an order of this auto-delivery now', security, params: SubscriptionParamsSchema, querystring: LangQuerySchema, response: { 200: ShipNowResponseSchema, ...errors } } },
    async (request) => shipSubscriptionNow(ctx, who(request), request.params.subscriptionId, request.query.lang),
  );

  app.post(
    '/users/:userId/subscriptions/:subscriptionId/shipOn',
    {
      onRequest,
      schema: { tags, summary: 'Ship the next order on a date (tomorrow … +180 days)', security, params: SubscriptionParamsSchema, querystring: LangQuerySchema, body: ShipOnRequestSchema, response: { 200: SubscriptionSchema, ...errors } },
    },
    async (request) => shipSubscriptionOn(ctx, who(request), request.params.subscriptionId, request.body.date, request.query.lang),
  );

  app.post(
    '/users/:userId/subscriptions/:subscriptionId/pause',
    {
      onRequest,
      schema: { tags, summary: 'Pause until a date (tomorrow … +180 days)', security, params: SubscriptionParamsSchema, querystring: LangQuerySchema, body: PauseRequestSchema, response: { 200: SubscriptionSchema, ...errors } },
    },
    async (request) => pauseSubscription(ctx, who(request), request.params.subscriptionId, request.body.until, request.query.lang),
  );

  app.post(
    '/users/:userId/subscriptions/:subscriptionId/cancel',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Cancel (an open campaign commitment charges the unearned brewer discount)',
        security,
        params: SubscriptionParamsSchema,
        querystring: LangQuerySchema,
        body: CancelSubscriptionRequestSchema,
        response: { 200: CancelSubscriptionResponseSchema, ...errors },
      },
    },
    async (request) => cancelSubscriptionFlow(ctx, who(request), request.params.subscriptionId, request.body, request.query.lang),
  );

  app.post(
    '/users/:userId/subscriptions/:subscriptionId/items',
    {
      onRequest,
      schema: { tags, summary: 'Add a product to an auto-delivery', security, params: SubscriptionParamsSchema, querystring: LangQuerySchema, body: AddSubscriptionItemRequestSchema, response: { 201: SubscriptionSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await addSubscriptionItemFlow(ctx, who(request), request.params.subscriptionId, request.body, request.query.lang)),
  );

  app.post(
    '/users/:userId/addProductToExistingAD',
    {
      onRequest,
      schema: { tags, summary: 'Add a product to an existing auto-delivery (spec §2 upcoming order)', security, params: UserParamsSchema, querystring: LangQuerySchema, body: AddProductToExistingAdRequestSchema, response: { 201: SubscriptionSchema, ...errors } },
    },
    async (request, reply) => {
      const { subscriptionId, ...item } = request.body;
      return reply.status(201).send(await addSubscriptionItemFlow(ctx, who(request), subscriptionId, item, request.query.lang));
    },
  );

  app.patch(
    '/users/:userId/subscriptions/:subscriptionId/items/:itemId',
    {
      onRequest,
      schema: { tags, summary: 'Change the quantity or backup product of an item', security, params: SubscriptionItemParamsSchema, querystring: LangQuerySchema, body: SubscriptionItemPatchRequestSchema, response: { 200: SubscriptionSchema, ...errors } },
    },
    async (request) => updateSubscriptionItemFlow(ctx, who(request), request.params.subscriptionId, request.params.itemId, request.body, request.query.lang),
  );

  app.delete(
    '/users/:userId/subscriptions/:subscriptionId/items/:itemId',
    { onRequest, schema: { tags, summary: 'Remove an item (not the last one)', security, params: SubscriptionItemParamsSchema, querystring: LangQuerySchema, response: { 200: SubscriptionSchema, ...errors } } },
    async (request) => removeSubscriptionItemFlow(ctx, who(request), request.params.subscriptionId, request.params.itemId, request.query.lang),
  );

  app.get(
    '/users/:userId/getADOrders',
    { onRequest, schema: { tags, summary: 'Orders of the customer’s auto-deliveries (newest first)', security, params: UserParamsSchema, querystring: AdOrdersQuerySchema, response: { 200: AdOrdersResponseSchema, ...errors } } },
    async (request) => getAdOrders(ctx, who(request), request.query),
  );

  app.get(
    '/users/:userId/paymentdetails/getStripeADPaymentMethod',
    {
      onRequest,
      schema: { tags, summary: 'The card an auto-delivery is charged on', security, params: UserParamsSchema, querystring: StripeAdPaymentMethodQuerySchema, response: { 200: StripeAdPaymentMethodResponseSchema, ...errors } },
    },
    async (request) => getAdPaymentMethod(ctx, who(request), request.query.subscriptionId),
  );
}
