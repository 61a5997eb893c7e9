/**
 * Order routes (spec §7 getOrderConfirmationData; ADR 0004, ADR 0008), under /rest/v2/:baseSiteId:
 * - `GET /users/{userId}/orders/{orderCode}`: `anonymous` (machine token) — a guest order (never
 *   one that belongs to a registered customer, issue 9 item 7), shown to who gives its email or cart
 *   guid; `current` (customer token) — one of the customer's orders. Anything else answers the same
 *   404 as an unknown code.
 * - `PUT /users/anonymous/orders/{orderCode}/createuser` (machine token) `{password, cartGuid}`:
 *   the guest order becomes an account (201).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BaseSiteParamsSchema, codeInput, CreateUserFromOrderRequestSchema, CreateUserFromOrderResponseSchema, GetOrderQuerySchema, OccErrorBodySchema, OrderSchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { createUserFromOrder, getCustomerOrder } from '../flows/customer-orders.ts';
import { getGuestOrder } from '../flows/order-view.ts';
import { shopperOf, USER_SECURITY, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema };

/** Registers the order routes on the /rest/v2/:baseSiteId scope. */
export function registerOrderRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/users/:userId/orders/:orderCode',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "An order: users/anonymous — a guest order (?email= of the order or ?cartGuid= of its cart; a registered customer's order answers 404 there); users/current — one of the customer's orders",
        security: USER_SECURITY,
        params: UserParamsSchema.extend({ orderCode: codeInput(32) }),
        querystring: GetOrderQuerySchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = shopperOf(request);
      if (userId) return getCustomerOrder(ctx, request.baseSite, userId, request.params.orderCode, request.query.lang);
      return getGuestOrder(ctx, request.baseSite, request.params.orderCode, request.query, request.query.lang);
    },
  );

  app.put(
    '/users/anonymous/orders/:orderCode/createuser',
    {
      preHandler: app.requireClientToken,
      schema: {
        tags: ['orders'],
        summary: 'Turn a guest order into an account: the account gets the order email and the password; the order is attached to it',
        description:
          'The cart guid of the order proves ownership (wrong code or guid: 404). 400 lists password policy failures; 409 DuplicateUidError when the email already has an account; 409 OrderError alreadyAttached when the order already belongs to one.',
        security: [{ clientToken: [] }],
        params: BaseSiteParamsSchema.extend({ orderCode: codeInput(32) }),
        body: CreateUserFromOrderRequestSchema,
        response: { 201: CreateUserFromOrderResponseSchema, ...errors, 409: OccErrorBodySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createUserFromOrder(ctx, request.baseSite, request.params.orderCode, request.body)),
  );
}
