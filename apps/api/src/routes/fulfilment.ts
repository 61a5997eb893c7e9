/**
 * Order fulfilment routes (issue 12, ADR 0027), under /rest/v2/:baseSiteId:
 * - `POST /orders/{orderCode}/consignments` (operator token: client_credentials of the operator
 *   client, scope `operator`) `{trackingNumber, carrier?, entries?: [{entryNumber, quantity}]}`:
 *   ships the whole order (no `entries`) or some lines / units; answers 201 with the consignment
 *   and the order's new status. OCC's consignments are an order's sub-resource, hence the path;
 *   the back office will use the same call.
 *
 * Defined once ({@link defineRoute}, ADR 0021): served over HTTP and by the direct transport.
 */
import type { FastifyInstance } from 'fastify';
import { OccErrorBodySchema, OrderReturnSchema, ReturnOrderRequestSchema, ShipOrderParamsSchema, ShipOrderRequestSchema, ShipOrderResponseSchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { shipOrder } from '../flows/ship-order.ts';
import { returnOrder } from '../flows/return-order.ts';
import { defineRoute, registerApiRoutes } from '../http/api-route.ts';

/** OpenAPI security of operator calls: a client token carrying the `operator` scope. */
export const OPERATOR_SECURITY = [{ clientToken: ['operator'] }];

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };

/** The fulfilment routes defined once: the operator's ship call. */
export function fulfilmentRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'POST',
      url: '/orders/:orderCode/consignments',
      auth: 'operator',
      status: 201,
      docs: {
        tags: ['fulfilment'],
        summary: 'Operator: ship an order (all of it, or some lines or units) under one tracking number',
        description:
          'Needs a client_credentials token of the operator client (scope operator): 401 without a valid token, 403 with a customer or storefront token. No entries: every unit not yet shipped. Answers 201 with the consignment and the order status (partiallyshipped or shipped; statusDisplay per spec §3). 404 unknown order or another site; 409 OrderError notShippable (cancelled, payment not confirmed), alreadyShipped, overShipment (subject entries[i].quantity, nothing written); 400 names the field (unknownEntry: entries[i].entryNumber). The customer gets a "your order shipped" email in the order language.',
        security: OPERATOR_SECURITY,
      },
      schema: { params: ShipOrderParamsSchema, body: ShipOrderRequestSchema, response: { 201: ShipOrderResponseSchema, ...errors } },
      handler: async ({ params, body }, rc) => shipOrder(ctx, rc.site, params.orderCode, body, { publicUrl: rc.app.config.STOREFRONT_PUBLIC_URL }),
    }),
    // issue 12 (ADR 0027 "Returns"): the operator records shipped units coming back
    defineRoute({
      method: 'POST',
      url: '/orders/:orderCode/returns',
      auth: 'operator',
      status: 201,
      docs: {
        tags: ['fulfilment'],
        summary: 'Operator: record a return of shipped units; reverses their Perks points and refunds them',
        description:
          'Needs a client_credentials token of the operator client (scope operator): 401 without a valid token, 403 with a customer or storefront token. Body: entries (1..200 distinct lines, units shipped and not yet returned), reason? (damaged, wrongItem, notWanted, other). Answers 201 with the return <order>-R<n>: refund (merchandise net of discount plus its tax share; shipping not refunded), card part and its status, points reversed and not recovered. 404 unknown order or another site; 400 unknownEntry (entries[i].entryNumber); 409 OrderError overReturn (entries[i].quantity, nothing written).',
        security: OPERATOR_SECURITY,
      },
      schema: { params: ShipOrderParamsSchema, body: ReturnOrderRequestSchema, response: { 201: OrderReturnSchema, ...errors } },
      handler: async ({ params, body }, rc) => returnOrder(ctx, rc.site, params.orderCode, body),
    }),
  ];
}

/** Registers the fulfilment routes on the /rest/v2/:baseSiteId scope. */
export function registerFulfilmentRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, fulfilmentRouteList(ctx));
}
