/**
 * Order history of the signed-in customer (issue 3; spec §3 status display), under
 * /rest/v2/:baseSiteId: `GET /users/{userId}/orders?currentPage=&pageSize=` (newest first; the
 * detail is `GET /users/{userId}/orders/{code}` in orders.ts). `users/anonymous` answers 403.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OccErrorBodySchema, OrderHistoryResponseSchema, PageQuerySchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { listOrderHistory } from '../flows/customer-orders.ts';
import { CUSTOMER_SECURITY, customerOf, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema };

/** Registers the order history route on the /rest/v2/:baseSiteId scope. */
export function registerCustomerOrderRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/users/:userId/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The customer's orders of this site, newest first (paged: currentPage from 0, pageSize default 10); statusDisplay per spec §3",
        security: CUSTOMER_SECURITY,
        params: UserParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: OrderHistoryResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return listOrderHistory(ctx, request.baseSite, customerOf(request).userId, { currentPage: q.currentPage ?? q.pageNum, pageSize: q.pageSize }, q.lang);
    },
  );
}
