/**
 * Guest single-step checkout routes (spec §2, §7 Checkout; ADR 0004), under
 * /rest/v2/:baseSiteId/users/anonymous/carts/:cartGuid. Machine-to-machine token required.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddressInputSchema,
  CartSchema,
  DeliveryModesResponseSchema,
  OccErrorBodySchema,
  OrderSchema,
  PaymentIntentResponseSchema,
  PlaceOrderRequestSchema,
  SetEmailRequestSchema,
} from '@store/contracts';
import { createPaymentIntent, getDeliveryModes, setBillingAddress, setDeliveryAddress, setDeliveryMode, setEmail } from '../flows/checkout.ts';
import type { CommerceContext } from '../flows/context.ts';
import { IdempotencyKeyReusedError, placeOrder } from '../flows/place-order.ts';
import { CartLangQuerySchema, CartParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
const security = [{ clientToken: [] }];
const P = '/users/anonymous/carts/:cartGuid';

/** Body of the billing address: an address, or `{sameAsShipping: true}`. */
const BillingBodySchema = AddressInputSchema.extend({ sameAsShipping: z.boolean().optional() });

/** Registers the checkout routes on the /rest/v2/:baseSiteId scope. */
export function registerCheckoutRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireClientToken;

  app.put(
    `${P}/email`,
    {
      preHandler,
      schema: { tags: ['checkout'], summary: 'Set the guest email (spec §5 rule)', security, params: CartParamsSchema, querystring: CartLangQuerySchema, body: SetEmailRequestSchema, response: { 200: CartSchema, ...errors } },
    },
    async (request) => setEmail(ctx, request.baseSite, request.params.cartGuid, request.body.email, request.query.lang),
  );

  app.put(
    `${P}/addresses/delivery`,
    {
      preHandler,
      schema: {
        tags: ['checkout'],
        summary: 'Set the shipping address (country of the site; every bad field listed)',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        body: AddressInputSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => setDeliveryAddress(ctx, request.baseSite, request.params.cartGuid, request.body, request.query.lang),
  );

  app.put(
    `${P}/addresses/billing`,
    {
      preHandler,
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
    async (request) => setBillingAddress(ctx, request.baseSite, request.params.cartGuid, request.body, request.query.lang),
  );

  app.get(
    `${P}/deliverymodes`,
    {
      preHandler,
      schema: {
        tags: ['checkout'],
        summary: 'Shipping methods with their cost for this cart (standard free above the site minimum)',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        response: { 200: DeliveryModesResponseSchema, ...errors },
      },
    },
    async (request) => getDeliveryModes(ctx, request.baseSite, request.params.cartGuid, request.query.lang),
  );

  app.put(
    `${P}/deliverymode`,
    {
      preHandler,
      schema: {
        tags: ['checkout'],
        summary: 'Choose the shipping method (?deliveryModeId=standard|expedited)',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema.extend({ deliveryModeId: z.string().optional() }),
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => setDeliveryMode(ctx, request.baseSite, request.params.cartGuid, request.query.deliveryModeId, request.query.lang),
  );

  app.post(
    `${P}/paymentIntent`,
    {
      preHandler,
      schema: {
        tags: ['checkout'],
        summary: 'Create (or update) the payment intent for the cart total',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        response: { 200: PaymentIntentResponseSchema, ...errors },
      },
    },
    async (request) => createPaymentIntent(ctx, request.baseSite, request.params.cartGuid, request.query.lang),
  );

  app.post(
    `${P}/placeOrder`,
    {
      preHandler,
      schema: {
        tags: ['checkout'],
        summary: 'Place the order (header Idempotency-Key required): reserves stock, charges, creates the order',
        description:
          'Same key and cart after success: the same order. Same key with another cart: 422 idempotencyKeyReused. While the first request runs: 409 requestInProgress. Declined card: 400 PaymentError (cardDeclined, insufficientFunds, ...), no order, stock unchanged. Not enough stock: 409 InsufficientStockError naming the entry.',
        security,
        params: CartParamsSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
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
        });
      } catch (error) {
        if (error instanceof IdempotencyKeyReusedError) return reply.status(422).send(error.toBody());
        throw error;
      }
    },
  );
}
