/**
 * Gift-card routes (issue 4; ADR 0010 "Gift cards"; spec §7 checkout gift-card calls), under
 * /rest/v2/:baseSiteId, guarded by `app.requireUser` like the other cart routes (`anonymous` with
 * the machine token, `current` with the customer's token; the cart must be the caller's, else
 * 404):
 * - `POST users/{userId}/carts/{cartGuid}/giftcard/validate {giftCardCode}` — balance;
 * - `POST .../giftcard/apply {giftCardCode}` — the cart;
 * - `PUT .../giftcard/apply-value {giftCardId, amount}` — the cart;
 * - `DELETE|POST .../giftcard/remove/{giftCardId}` — the cart;
 * - `POST users/{userId}/orders/{orderCode}/cancel` — customers only: cancels a `created` order
 *   (stock back, gift cards refunded, card refunded through the provider).
 * validate and apply answer 429 with Retry-After when code guessing is over its limits.
 * Body fields are checked by the flows after the cart check (400 naming the field), so a caller
 * learns nothing about a cart that is not theirs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CartSchema, codeInput, GiftCardValidateResponseSchema, OccErrorBodySchema, OrderSchema } from '@store/contracts';
import { sendTooManyAttempts } from '../auth/rate-limit.ts';
import { catalogChangesOf, stockCodesOf } from '../catalog-changes.ts';
import { cancelOrder } from '../flows/cancel-order.ts';
import type { CommerceContext } from '../flows/context.ts';
import { applyGiftCard, applyGiftCardValue, GiftCardGuessLimitError, removeGiftCard, validateGiftCard } from '../flows/gift-cards.ts';
import { CartLangQuerySchema, CartParamsSchema, CUSTOMER_SECURITY, customerOf, shopperOf, USER_SECURITY, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
const security = USER_SECURITY;
const P = '/users/:userId/carts/:cartGuid/giftcard';

/** Body of validate / apply (`giftCardCode` checked by the flow: 400 when missing). */
const CodeBodySchema = z.object({ giftCardCode: codeInput().optional() }).nullish();
/** Body of apply-value (checked by the flow: 400 naming `giftCardId` / `amount`). */
const ApplyValueBodySchema = z.object({ giftCardId: codeInput().optional(), amount: z.number().nullable().optional() }).nullish();
const RemoveParamsSchema = CartParamsSchema.extend({ giftCardId: codeInput() });

/** Registers the gift-card routes on the /rest/v2/:baseSiteId scope. */
export function registerGiftCardRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;

  /** The input of the code calls (validate, apply): the cart, the code and the client address for the guessing limits. */
  const codeCall = (request: FastifyRequest) => {
    const params = request.params as { cartGuid: string };
    const body = request.body as { giftCardCode?: string } | null | undefined;
    const query = request.query as { lang?: string };
    return { site: request.baseSite, shopper: shopperOf(request), cartGuid: params.cartGuid, giftCardCode: body?.giftCardCode, clientIp: request.ip, lang: query.lang };
  };

  /** Runs a code call, answering 429 with Retry-After when the guessing limit is reached. */
  async function guessLimited<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof GiftCardGuessLimitError) return sendTooManyAttempts(reply, error.retryAfterS);
      throw error;
    }
  }

  app.post(
    `${P}/validate`,
    {
      onRequest,
      schema: {
        tags: ['giftcards'],
        summary: "A gift card's balance (valid: false when empty or expired); the cart is not changed",
        description: 'Wrong or malformed codes answer 404 giftCardNotFound and count toward the guessing limits (per client address and per cart): 429 with Retry-After when over.',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        body: CodeBodySchema,
        response: { 200: GiftCardValidateResponseSchema, ...errors, 429: OccErrorBodySchema },
      },
    },
    async (request, reply) => guessLimited(reply, () => validateGiftCard(ctx, codeCall(request))),
  );

  app.post(
    `${P}/apply`,
    {
      onRequest,
      schema: {
        tags: ['giftcards'],
        summary: 'Apply a gift card to the cart (as much as needed; at most 5 cards)',
        description: 'GiftCardError reasons: giftCardNotFound (404), giftCardCurrency, giftCardExpired, giftCardEmpty, giftCardLimit (400). 429 with Retry-After when guessing.',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        body: CodeBodySchema,
        response: { 200: CartSchema, ...errors, 429: OccErrorBodySchema },
      },
    },
    async (request, reply) => guessLimited(reply, () => applyGiftCard(ctx, codeCall(request))),
  );

  app.put(
    `${P}/apply-value`,
    {
      onRequest,
      schema: {
        tags: ['giftcards'],
        summary: 'Use only part of an applied gift card: {giftCardId, amount} (minor units; null = as much as needed)',
        description: '404 giftCardNotFound when the card is not on the cart; 400 amountTooHigh when the amount is above its balance.',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        body: ApplyValueBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) =>
      applyGiftCardValue(ctx, {
        site: request.baseSite,
        shopper: shopperOf(request),
        cartGuid: request.params.cartGuid,
        giftCardId: request.body?.giftCardId,
        amount: request.body?.amount,
        lang: request.query.lang,
      }),
  );

  for (const method of ['DELETE', 'POST'] as const) {
    app.route({
      method,
      url: `${P}/remove/:giftCardId`,
      onRequest,
      schema: {
        tags: ['giftcards'],
        summary: `Remove a gift card from the cart (${method === 'DELETE' ? 'DELETE' : 'POST accepted too'})`,
        security,
        params: RemoveParamsSchema,
        querystring: CartLangQuerySchema,
        response: { 200: CartSchema, ...errors },
      },
      handler: async (request) =>
        removeGiftCard(ctx, { site: request.baseSite, shopper: shopperOf(request), cartGuid: request.params.cartGuid, giftCardId: request.params.giftCardId, lang: request.query.lang }),
    });
  }

  app.post(
    '/users/:userId/orders/:orderCode/cancel',
    {
      onRequest,
      schema: {
        tags: ['orders'],
        summary: "Cancel one of the customer's orders while it is created: stock back, gift cards refunded, card refunded",
        description: '403 for users/anonymous; 404 for an unknown code or another customer’s order; 409 OrderError notCancellable (not created any more) or giftCardsIssued (the order bought e-gift cards).',
        security: CUSTOMER_SECURITY,
        params: UserParamsSchema.extend({ orderCode: codeInput(32) }),
        querystring: CartLangQuerySchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => {
      const order = await cancelOrder(ctx, request.baseSite, customerOf(request).userId, request.params.orderCode, request.query.lang);
      // issue 11 item 4: stock came back; pages showing these products are purged from the page cache
      catalogChangesOf(scope.dbh).emit({ kind: 'products', codes: stockCodesOf(order), fbt: true });
      return order;
    },
  );
}
