/**
 * Guest order routes (spec §7 getOrderConfirmationData; ADR 0004), under /rest/v2/:baseSiteId.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GetOrderQuerySchema, OccErrorBodySchema, OrderSchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { getGuestOrder } from '../flows/order-view.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 404: OccErrorBodySchema };

/** Registers the order routes on the /rest/v2/:baseSiteId scope. */
export function registerOrderRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/users/anonymous/orders/:orderCode',
    {
      preHandler: app.requireClientToken,
      schema: {
        tags: ['orders'],
        summary: 'Order confirmation data of a guest order (?email= of the order or ?cartGuid= of its cart)',
        security: [{ clientToken: [] }],
        params: z.object({ baseSiteId: z.string(), orderCode: z.string().max(32) }),
        querystring: GetOrderQuerySchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => getGuestOrder(ctx, request.baseSite, request.params.orderCode, request.query, request.query.lang),
  );
}
