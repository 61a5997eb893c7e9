/**
 * Single-step checkout routes (spec §2, §7 Checkout; ADR 0004, ADR 0008), under
 * /rest/v2/:baseSiteId/users/:userId/carts/:cartGuid, guarded by `app.requireUser` (`anonymous`
 * with the machine-to-machine token, `current` with the customer's token; the cart must be the
 * caller's). Customers may use address-book entries (`{addressId}`, `saveToAddressBook`) and
 * saved cards (`savedPaymentMethodId`, `saveCard`).
 *
 * Issue 11 items 1 and 3 (ADR 0021): defined once with {@link defineRoute}, served over HTTP and by
 * the direct transport; the strict contract schemas validate once and the flows take their output.
 */
import type { FastifyInstance } from 'fastify';
import {
  BillingAddressRequestSchema,
  CartSchema,
  DeliveryAddressRequestSchema,
  DeliveryModesResponseSchema,
  OccErrorBodySchema,
  OrderSchema,
  PaymentIntentResponseSchema,
  PlaceOrderHeadersSchema,
  PlaceOrderRequestSchema,
  SetDeliveryModeQuerySchema,
  SetEmailRequestSchema,
} from '@store/contracts';
import { createPaymentIntent, getDeliveryModes, setBillingAddress, setDeliveryAddress, setDeliveryMode, setEmail } from '../flows/checkout.ts';
import type { CommerceContext } from '../flows/context.ts';
import { catalogChangesOf, stockCodesOf } from '../catalog-changes.ts';
import { IdempotencyKeyReusedError, placeOrder } from '../flows/place-order.ts';
import { defineRoute, registerApiRoutes, shopperOfContext } from '../http/api-route.ts';
import { CartLangQuerySchema, CartParamsSchema, USER_SECURITY } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
const security = USER_SECURITY;
const P = '/users/:userId/carts/:cartGuid';

/** The checkout routes (issue 11 item 3: defined once, served over HTTP and by the direct transport). */
export function checkoutRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'PUT',
      url: `${P}/email`,
      auth: 'user',
      docs: { tags: ['checkout'], summary: 'Set the guest email (spec §5 rule)', security },
      schema: { params: CartParamsSchema, querystring: CartLangQuerySchema, body: SetEmailRequestSchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => setEmail(ctx, rc.site, shopperOfContext(rc), params.cartGuid, body.email, query.lang),
    }),
    defineRoute({
      method: 'PUT',
      url: `${P}/addresses/delivery`,
      auth: 'user',
      docs: {
        tags: ['checkout'],
        summary: 'Set the shipping address (country of the site; every bad field listed); customers: {addressId} or a new address with saveToAddressBook',
        security,
      },
      schema: { params: CartParamsSchema, querystring: CartLangQuerySchema, body: DeliveryAddressRequestSchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => setDeliveryAddress(ctx, rc.site, shopperOfContext(rc), params.cartGuid, body, query.lang),
    }),
    defineRoute({
      method: 'PUT',
      url: `${P}/addresses/billing`,
      auth: 'user',
      docs: { tags: ['checkout'], summary: 'Set the billing address, or {sameAsShipping: true}', security },
      schema: { params: CartParamsSchema, querystring: CartLangQuerySchema, body: BillingAddressRequestSchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => setBillingAddress(ctx, rc.site, shopperOfContext(rc), params.cartGuid, body, query.lang),
    }),
    defineRoute({
      method: 'GET',
      url: `${P}/deliverymodes`,
      auth: 'user',
      docs: { tags: ['checkout'], summary: 'Shipping methods with their cost for this cart (standard free above the site minimum)', security },
      schema: { params: CartParamsSchema, querystring: CartLangQuerySchema, response: { 200: DeliveryModesResponseSchema, ...errors } },
      handler: async ({ params, query }, rc) => getDeliveryModes(ctx, rc.site, shopperOfContext(rc), params.cartGuid, query.lang),
    }),
    defineRoute({
      method: 'PUT',
      url: `${P}/deliverymode`,
      auth: 'user',
      docs: { tags: ['checkout'], summary: 'Choose the shipping method (?deliveryModeId=standard|expedited)', security },
      schema: { params: CartParamsSchema, querystring: SetDeliveryModeQuerySchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query }, rc) => setDeliveryMode(ctx, rc.site, shopperOfContext(rc), params.cartGuid, query.deliveryModeId, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: `${P}/paymentIntent`,
      auth: 'user',
      docs: { tags: ['checkout'], summary: 'Create (or update) the payment intent for the cart total', security },
      schema: { params: CartParamsSchema, querystring: CartLangQuerySchema, response: { 200: PaymentIntentResponseSchema, ...errors } },
      handler: async ({ params, query }, rc) => createPaymentIntent(ctx, rc.site, shopperOfContext(rc), params.cartGuid, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: `${P}/placeOrder`,
      auth: 'user',
      docs: {
        tags: ['checkout'],
        summary: 'Place the order (header Idempotency-Key required): reserves stock, charges, creates the order',
        description:
          'Same key and same request (site, user, cart, payment intent, card or saved method) after success: the same order. Same key with another request: 422 IdempotencyError idempotencyKeyReused (subject Idempotency-Key). While the first request runs (its lease, 45 s): 409 requestInProgress; after it (the first request died) a retry takes the key over and completes the order. Declined card: 400 PaymentError (cardDeclined, insufficientFunds, ...), no order, stock unchanged. Not enough stock: 409 InsufficientStockError naming the entry. Payment provider not answering in time: 503.',
        security,
      },
      schema: { params: CartParamsSchema, headers: PlaceOrderHeadersSchema, body: PlaceOrderRequestSchema, response: { 200: OrderSchema, ...errors, 422: OccErrorBodySchema } },
      handler: async ({ params, headers, body }, rc) => {
        try {
          const order = await placeOrder(ctx, {
            site: rc.site,
            cartGuid: params.cartGuid,
            idempotencyKey: headers['idempotency-key'],
            paymentIntentId: body.paymentIntentId,
            paymentMethod: body.paymentMethod,
            lang: body.lang,
            publicUrl: rc.app.config.PUBLIC_URL,
            shopper: shopperOfContext(rc),
            savedPaymentMethodId: body.savedPaymentMethodId,
            saveCard: body.saveCard,
          });
          // issue 11 item 4: stock was taken; pages showing these products are purged from the page cache
          catalogChangesOf(rc.app.dbh).emit({ kind: 'products', codes: stockCodesOf(order) });
          return order;
        } catch (error) {
          if (!(error instanceof IdempotencyKeyReusedError)) throw error;
          rc.status(422);
          return error.toBody() as never;
        }
      },
    }),
  ];
}

/** Registers the checkout routes on the /rest/v2/:baseSiteId scope. */
export function registerCheckoutRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, checkoutRouteList(ctx));
}
