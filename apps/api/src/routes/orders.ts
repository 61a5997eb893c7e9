/**
 * Order routes (spec §7 getOrderConfirmationData; ADR 0004, ADR 0008), under /rest/v2/:baseSiteId:
 * - `GET /users/{userId}/orders/{orderCode}`: `anonymous` (machine token) — a guest order (never
 *   one that belongs to a registered customer, issue 9 item 7), shown to who gives its email or cart
 *   guid; `current` (customer token) — one of the customer's orders. Anything else answers the same
 *   404 as an unknown code.
 * - `PUT /users/anonymous/orders/{orderCode}/createuser` (machine token) `{password, cartGuid}`:
 *   the guest order becomes an account (201).
 *
 * Issue 11 item 3 (ADR 0021): both are defined once ({@link defineRoute}) and served over
 * HTTP and by the direct transport.
 */
import type { FastifyInstance } from 'fastify';
import { BaseSiteParamsSchema, codeInput, CreateUserFromOrderRequestSchema, CreateUserFromOrderResponseSchema, GetOrderQuerySchema, OccErrorBodySchema, OrderSchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { createUserFromOrder, getCustomerOrder } from '../flows/customer-orders.ts';
import { getGuestOrder } from '../flows/order-view.ts';
import { defineRoute, registerApiRoutes, shopperOfContext } from '../http/api-route.ts';
import { USER_SECURITY, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema };

/** The order routes defined once (issue 11 item 3): the order detail and createuser. */
export function orderRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/users/:userId/orders/:orderCode',
      auth: 'user',
      docs: {
        tags: ['orders'],
        summary: "An order: users/anonymous — a guest order (?email= of the order or ?cartGuid= of its cart; a registered customer's order answers 404 there); users/current — one of the customer's orders",
        security: USER_SECURITY,
      },
      schema: { params: UserParamsSchema.extend({ orderCode: codeInput(32) }), querystring: GetOrderQuerySchema, response: { 200: OrderSchema, ...errors } },
      handler: async ({ params, query }, rc) => {
        const { userId } = shopperOfContext(rc);
        if (userId) return getCustomerOrder(ctx, rc.site, userId, params.orderCode, query.lang);
        return getGuestOrder(ctx, rc.site, params.orderCode, query, query.lang);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/users/anonymous/orders/:orderCode/createuser',
      auth: 'client',
      status: 201,
      docs: {
        tags: ['orders'],
        summary: 'Turn a guest order into an account: the account gets the order email and the password; the order is attached to it',
        description:
          'The cart guid of the order proves ownership (wrong code or guid: 404). 400 lists password policy failures; 409 DuplicateUidError when the email already has an account; 409 OrderError alreadyAttached when the order already belongs to one.',
        security: [{ clientToken: [] }],
      },
      schema: {
        params: BaseSiteParamsSchema.extend({ orderCode: codeInput(32) }),
        body: CreateUserFromOrderRequestSchema,
        response: { 201: CreateUserFromOrderResponseSchema, ...errors, 409: OccErrorBodySchema },
      },
      handler: async ({ params, body }, rc) => createUserFromOrder(ctx, rc.site, params.orderCode, body),
    }),
  ];
}

/** Registers the order routes on the /rest/v2/:baseSiteId scope. */
export function registerOrderRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, orderRouteList(ctx));
}
