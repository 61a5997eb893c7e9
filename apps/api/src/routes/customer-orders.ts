/**
 * Order history of the signed-in customer (issue 3; spec §3 status display), under
 * /rest/v2/:baseSiteId: `GET /users/{userId}/orders?currentPage=&pageSize=` (newest first; the
 * detail is `GET /users/{userId}/orders/{code}` in orders.ts). `users/anonymous` answers 403.
 * Issue 11 item 3 (ADR 0021): defined once, served over HTTP and by the direct transport.
 */
import type { FastifyInstance } from 'fastify';
import { OccErrorBodySchema, OrderHistoryResponseSchema, PageQuerySchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { listOrderHistory } from '../flows/customer-orders.ts';
import { defineRoute, registerApiRoutes } from '../http/api-route.ts';
import { CUSTOMER_SECURITY, customerOfContext, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema };

/** The order history route (issue 11 item 3). */
export function customerOrderRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/users/:userId/orders',
      auth: 'user',
      docs: {
        tags: ['orders'],
        summary: "The customer's orders of this site, newest first (paged: currentPage from 0, pageSize default 10); statusDisplay per spec §3",
        security: CUSTOMER_SECURITY,
      },
      schema: { params: UserParamsSchema, querystring: PageQuerySchema, response: { 200: OrderHistoryResponseSchema, ...errors } },
      handler: async ({ query }, rc) => listOrderHistory(ctx, rc.site, customerOfContext(rc).userId, { currentPage: query.currentPage ?? query.pageNum, pageSize: query.pageSize }, query.lang),
    }),
  ];
}

/** Registers the order history route on the /rest/v2/:baseSiteId scope. */
export function registerCustomerOrderRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, customerOrderRouteList(ctx));
}
