/**
 * Single-step checkout routes (spec §2, §7 Checkout; ADR 0004, ADR 0008), under
 * /rest/v2/:baseSiteId/users/:userId/carts/:cartGuid, guarded by `app.requireUser` (`anonymous`
 * with the machine-to-machine token, `current` with the customer's token; the cart must be the
 * caller's). Customers may use address-book entries (`{addressId}`, `saveToAddressBook`) and
 * saved cards (`savedPaymentMethodId`, `saveCard`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CartSchema,
  DeliveryAddressRequestSchema,
  DeliveryModesResponseSchema,
  OccErrorBodySchema,
  OrderSchema,
  PaymentIntentResponseSchema,
  PlaceOrderRequestSchema,
  SetEmailRequestSchema,
  codeInput,
  tokenInput,
} from '@store/contracts';
import { createPaymentIntent, getDeliveryModes, setBillingAddress, setDeliveryAddress, setDeliveryMode, setEmail } from '../flows/checkout.ts';
import type { CommerceContext } from '../flows/context.ts';
import { IdempotencyKeyReusedError, placeOrder } from '../flows/place-order.ts';
import { CartLangQuerySchema, CartParamsSchema, shopperOf, USER_SECURITY } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
const security = USER_SECURITY;
const P = '/users/:userId/carts/:cartGuid';

/** Body of the billing address: an address (or `{addressId}` for customers), or `{sameAsShipping: true}`. */
const BillingBodySchema = DeliveryAddressRequestSchema.extend({ sameAsShipping: z.boolean().optional() });

/** Registers the checkout routes on the /rest/v2/:baseSiteId scope. */
export function registerCheckoutRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireUser;

  app.put(
    `${P}/email`,
    {
      onRequest: preHandler,
      schema: { tags: ['checkout'], summary: 'Set the guest email (spec §5 rule)', security, params: CartParamsSchema, querystring: CartLangQuerySchema, body: SetEmailRequestSchema, response: { 200: CartSchema, ...errors } },
    },
    async (request) => setEmail(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.body.email, request.query.lang),
  );

  app.put(
    `${P}/addresses/delivery`,
    {
      onRequest: preHandler,
      schema: {
        tags: ['checkout'],
        summary: 'Set the shipping address (country of the site; every bad field listed); customers: {addressId} or a new address with saveToAddressBook',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        body: DeliveryAddressRequestSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => setDeliveryAddress(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.body, request.query.lang),
  );

  app.put(
    `${P}/addresses/billing`,
    {
      onRequest: preHandler,
      schema: {
        tags: ['checkout'],
        summary: 'Set the billing address, or {sameAsShipping: true}',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        body: BillingBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => setBillingAddress(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.body, request.query.lang),
  );

  app.get(
    `${P}/deliverymodes`,
    {
      onRequest: preHandler,
      schema: {
        tags: ['checkout'],
        summary: 'Shipping methods with their cost for this cart (standard free above the site minimum)',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        response: { 200: DeliveryModesResponseSchema, ...errors },
      },
    },
    async (request) => getDeliveryModes(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.query.lang),
  );

  app.put(
    `${P}/deliverymode`,
    {
      onRequest: preHandler,
      schema: {
        tags: ['checkout'],
        summary: 'Choose the shipping method (?deliveryModeId=standard|expedited)',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema.extend({ deliveryModeId: codeInput().optional() }),
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => setDeliveryMode(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.query.deliveryModeId, request.query.lang),
  );

  app.post(
    `${P}/paymentIntent`,
    {
      onRequest: preHandler,
      schema: {
        tags: ['checkout'],
        summary: 'Create (or update) the payment intent for the cart total',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        response: { 200: PaymentIntentResponseSchema, ...errors },
      },
    },
    async (request) => createPaymentIntent(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.query.lang),
  );

  app.post(
    `${P}/placeOrder`,
    {
      onRequest: preHandler,
      schema: {
        tags: ['checkout'],
        summary: 'Place the order (header Idempotency-Key required): reserves stock, charges, creates the order',
        description:
          'Same key and same request (site, user, cart, payment intent, card or saved method) after success: the same order. Same key with another request: 422 IdempotencyError idempotencyKeyReused (subject Idempotency-Key). While the first request runs (its lease, 45 s): 409 requestInProgress; after it (the first request died) a retry takes the key over and completes the order. Declined card: 400 PaymentError (cardDeclined, insufficientFunds, ...), no order, stock unchanged. Not enough stock: 409 InsufficientStockError naming the entry. Payment provider not answering in time: 503.',
        security,
        params: CartParamsSchema,
        headers: z.object({ 'idempotency-key': tokenInput().optional() }),
        body: PlaceOrderRequestSchema,
        response: { 200: OrderSchema, ...errors, 422: OccErrorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        return await placeOrder(ctx, {
          site: request.baseSite,
          cartGuid: request.params.cartGuid,
          idempotencyKey: request.headers['idempotency-key'],
          paymentIntentId: request.body.paymentIntentId,
          paymentMethod: request.body.paymentMethod,
          lang: request.body.lang,
          publicUrl: scope.config.PUBLIC_URL,
          shopper: shopperOf(request),
          savedPaymentMethodId: request.body.savedPaymentMethodId,
          saveCard: request.body.saveCard,
        });
      } catch (error) {
        if (error instanceof IdempotencyKeyReusedError) return reply.status(422).send(error.toBody());
        throw error;
      }
    },
  );
}
