/**
 * Auto-delivery home routes (issue 10; ADR 0018 "Auto-delivery home"; contracts
 * `subscriptions.ts`), under /rest/v2/:baseSiteId/users/{userId}: customer token only (no token
 * 401, `users/anonymous` 403), someone else's subscription 404. Bodies are validated here by the
 * contracts' zod schemas (400 naming the field); the flows (flows/subscriptions.ts) take parsed
 * values.
 */
import type { FastifyInstance } from 'fastify';
import {
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
import { defineRoute, registerApiRoutes, type ApiContext } from '../http/api-route.ts';
import { CUSTOMER_SECURITY, customerOfContext, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
const security = CUSTOMER_SECURITY;
const tags = ['auto-delivery'];
const LangQuerySchema = z.object({ lang: LangSchema.optional() });

/** The customer and site of an auto-delivery call (403 for `users/anonymous`). */
function who(rc: ApiContext): AdCustomer {
  return { customerId: customerOfContext(rc).userId, site: rc.site };
}

/**
 * The auto-delivery home routes (issue 11 item 3: defined once, served over HTTP and by the
 * direct transport). See module comment.
 */
export function subscriptionRouteList(ctx: CommerceContext) {
  const action = (path: 'skip' | 'resume', summary: string, run: typeof skipSubscriptionOrder) =>
    defineRoute({
      method: 'POST',
      url: `/users/:userId/subscriptions/:subscriptionId/${path}`,
      auth: 'user',
      docs: { tags, summary, security },
      schema: { params: SubscriptionParamsSchema, querystring: LangQuerySchema, response: { 200: SubscriptionSchema, ...errors } },
      handler: async ({ params, query }, rc) => run(ctx, who(rc), params.subscriptionId, query.lang),
    });
  return [
    defineRoute({
      method: 'GET',
      url: '/users/:userId/subscriptions',
      auth: 'user',
      docs: { tags, summary: "The customer's auto-deliveries (active and paused first)", security },
      schema: { params: UserParamsSchema, querystring: LangQuerySchema, response: { 200: SubscriptionListResponseSchema, ...errors } },
      handler: async ({ query }, rc) => listSubscriptions(ctx, who(rc), query.lang),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/subscriptions/:subscriptionId',
      auth: 'user',
      docs: { tags, summary: 'One auto-delivery', security },
      schema: { params: SubscriptionParamsSchema, querystring: LangQuerySchema, response: { 200: SubscriptionSchema, ...errors } },
      handler: async ({ params, query }, rc) => getSubscription(ctx, who(rc), params.subscriptionId, query.lang),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/users/:userId/subscriptions/:subscriptionId',
      auth: 'user',
      docs: { tags, summary: 'Change the frequency, day of the month, shipping address or card of an auto-delivery', security },
      schema: { params: SubscriptionParamsSchema, querystring: LangQuerySchema, body: SubscriptionPatchRequestSchema, response: { 200: SubscriptionSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => updateSubscriptionFlow(ctx, who(rc), params.subscriptionId, body, query.lang),
    }),
    action('skip', 'Skip the next order', skipSubscriptionOrder),
    action('resume', 'Resume a paused or suspended auto-delivery', resumeSubscription),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/subscriptions/:subscriptionId/shipNow',
      auth: 'user',
      docs: { tags, summary: 'Place an order of this auto-delivery now', security },
      schema: { params: SubscriptionParamsSchema, querystring: LangQuerySchema, response: { 200: ShipNowResponseSchema, ...errors } },
      handler: async ({ params, query }, rc) => shipSubscriptionNow(ctx, who(rc), params.subscriptionId, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/subscriptions/:subscriptionId/shipOn',
      auth: 'user',
      docs: { tags, summary: 'Ship the next order on a date (tomorrow … +180 days)', security },
      schema: { params: SubscriptionParamsSchema, querystring: LangQuerySchema, body: ShipOnRequestSchema, response: { 200: SubscriptionSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => shipSubscriptionOn(ctx, who(rc), params.subscriptionId, body.date, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/subscriptions/:subscriptionId/pause',
      auth: 'user',
      docs: { tags, summary: 'Pause until a date (tomorrow … +180 days)', security },
      schema: { params: SubscriptionParamsSchema, querystring: LangQuerySchema, body: PauseRequestSchema, response: { 200: SubscriptionSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => pauseSubscription(ctx, who(rc), params.subscriptionId, body.until, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/subscriptions/:subscriptionId/cancel',
      auth: 'user',
      docs: { tags, summary: 'Cancel (an open campaign commitment charges the unearned brewer discount)', security },
      schema: { params: SubscriptionParamsSchema, querystring: LangQuerySchema, body: CancelSubscriptionRequestSchema, response: { 200: CancelSubscriptionResponseSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => cancelSubscriptionFlow(ctx, who(rc), params.subscriptionId, body, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/subscriptions/:subscriptionId/items',
      auth: 'user',
      status: 201,
      docs: { tags, summary: 'Add a product to an auto-delivery', security },
      schema: { params: SubscriptionParamsSchema, querystring: LangQuerySchema, body: AddSubscriptionItemRequestSchema, response: { 201: SubscriptionSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => addSubscriptionItemFlow(ctx, who(rc), params.subscriptionId, body, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/addProductToExistingAD',
      auth: 'user',
      status: 201,
      docs: { tags, summary: 'Add a product to an existing auto-delivery (spec §2 upcoming order)', security },
      schema: { params: UserParamsSchema, querystring: LangQuerySchema, body: AddProductToExistingAdRequestSchema, response: { 201: SubscriptionSchema, ...errors } },
      handler: async ({ query, body }, rc) => {
        const { subscriptionId, ...item } = body;
        return addSubscriptionItemFlow(ctx, who(rc), subscriptionId, item, query.lang);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/users/:userId/subscriptions/:subscriptionId/items/:itemId',
      auth: 'user',
      docs: { tags, summary: 'Change the quantity or backup product of an item', security },
      schema: { params: SubscriptionItemParamsSchema, querystring: LangQuerySchema, body: SubscriptionItemPatchRequestSchema, response: { 200: SubscriptionSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => updateSubscriptionItemFlow(ctx, who(rc), params.subscriptionId, params.itemId, body, query.lang),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/users/:userId/subscriptions/:subscriptionId/items/:itemId',
      auth: 'user',
      docs: { tags, summary: 'Remove an item (not the last one)', security },
      schema: { params: SubscriptionItemParamsSchema, querystring: LangQuerySchema, response: { 200: SubscriptionSchema, ...errors } },
      handler: async ({ params, query }, rc) => removeSubscriptionItemFlow(ctx, who(rc), params.subscriptionId, params.itemId, query.lang),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/getADOrders',
      auth: 'user',
      docs: { tags, summary: 'Orders of the customer’s auto-deliveries (newest first)', security },
      schema: { params: UserParamsSchema, querystring: AdOrdersQuerySchema, response: { 200: AdOrdersResponseSchema, ...errors } },
      handler: async ({ query }, rc) => getAdOrders(ctx, who(rc), query),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/paymentdetails/getStripeADPaymentMethod',
      auth: 'user',
      docs: { tags, summary: 'The card an auto-delivery is charged on', security },
      schema: { params: UserParamsSchema, querystring: StripeAdPaymentMethodQuerySchema, response: { 200: StripeAdPaymentMethodResponseSchema, ...errors } },
      handler: async ({ query }, rc) => getAdPaymentMethod(ctx, who(rc), query.subscriptionId),
    }),
  ];
}

/** Registers the auto-delivery home routes on the /rest/v2/:baseSiteId scope. */
export function registerSubscriptionRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, subscriptionRouteList(ctx));
}
