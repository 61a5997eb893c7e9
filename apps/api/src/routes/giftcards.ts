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
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CartSchema, codeInput, GiftCardValidateResponseSchema, OccErrorBodySchema, OrderSchema } from '@store/contracts';
import { catalogChangesOf, stockCodesOf } from '../catalog-changes.ts';
import { cancelOrder } from '../flows/cancel-order.ts';
import type { CommerceContext } from '../flows/context.ts';
import { applyGiftCard, applyGiftCardValue, GiftCardGuessLimitError, removeGiftCard, validateGiftCard } from '../flows/gift-cards.ts';
import { defineRoute, registerApiRoutes, shopperOfContext, type ApiContext } from '../http/api-route.ts';
import { tooManyAttempts } from '../http/status-error.ts';
import { CartLangQuerySchema, CartParamsSchema, CUSTOMER_SECURITY, customerOfContext, USER_SECURITY, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
const security = USER_SECURITY;
const tags = ['giftcards'];
const P = '/users/:userId/carts/:cartGuid/giftcard';

/** Body of validate / apply (`giftCardCode` checked by the flow: 400 when missing). */
const CodeBodySchema = z.object({ giftCardCode: codeInput().optional() }).nullish();
/** Body of apply-value (checked by the flow: 400 naming `giftCardId` / `amount`). */
const ApplyValueBodySchema = z.object({ giftCardId: codeInput().optional(), amount: z.number().nullable().optional() }).nullish();
const RemoveParamsSchema = CartParamsSchema.extend({ giftCardId: codeInput() });

/** The input of the code calls (validate, apply): the cart, the code and the client address for the guessing limits. */
function codeCall(rc: ApiContext, cartGuid: string, body: { giftCardCode?: string | undefined } | null | undefined, lang: 'en' | 'fr' | undefined) {
  return { site: rc.site, shopper: shopperOfContext(rc), cartGuid, giftCardCode: body?.giftCardCode, clientIp: rc.ip, lang };
}

/**
 * Runs a code call; over the guessing limit it throws the 429 `tooManyAttempts` with
 * `Retry-After` (http/status-error.ts), answered alike by Fastify and the direct transport.
 */
async function guessLimited<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GiftCardGuessLimitError) throw tooManyAttempts(error.retryAfterS);
    throw error;
  }
}

/**
 * The gift-card routes (issue 11 item 3: defined once, served over HTTP and by the direct
 * transport). See module comment; `scope` is the /rest/v2/:baseSiteId scope (catalogue change
 * events of a cancelled order).
 */
export function giftCardRouteList(scope: FastifyInstance, ctx: CommerceContext) {
  const remove = (method: 'DELETE' | 'POST') =>
    defineRoute({
      method,
      url: `${P}/remove/:giftCardId`,
      auth: 'user',
      docs: { tags, summary: `Remove a gift card from the cart (${method === 'DELETE' ? 'DELETE' : 'POST accepted too'})`, security },
      schema: { params: RemoveParamsSchema, querystring: CartLangQuerySchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query }, rc) =>
        removeGiftCard(ctx, { site: rc.site, shopper: shopperOfContext(rc), cartGuid: params.cartGuid, giftCardId: params.giftCardId, lang: query.lang }),
    });
  return [
    defineRoute({
      method: 'POST',
      url: `${P}/validate`,
      auth: 'user',
      docs: {
        tags,
        summary: "A gift card's balance (valid: false when empty or expired); the cart is not changed",
        description: 'Wrong or malformed codes answer 404 giftCardNotFound and count toward the guessing limits (per client address and per cart): 429 with Retry-After when over.',
        security,
      },
      schema: { params: CartParamsSchema, querystring: CartLangQuerySchema, body: CodeBodySchema, response: { 200: GiftCardValidateResponseSchema, ...errors, 429: OccErrorBodySchema } },
      handler: async ({ params, query, body }, rc) => guessLimited(() => validateGiftCard(ctx, codeCall(rc, params.cartGuid, body, query.lang))),
    }),
    defineRoute({
      method: 'POST',
      url: `${P}/apply`,
      auth: 'user',
      docs: {
        tags,
        summary: 'Apply a gift card to the cart (as much as needed; at most 5 cards)',
        description: 'GiftCardError reasons: giftCardNotFound (404), giftCardCurrency, giftCardExpired, giftCardEmpty, giftCardLimit (400). 429 with Retry-After when guessing.',
        security,
      },
      schema: { params: CartParamsSchema, querystring: CartLangQuerySchema, body: CodeBodySchema, response: { 200: CartSchema, ...errors, 429: OccErrorBodySchema } },
      handler: async ({ params, query, body }, rc) => guessLimited(() => applyGiftCard(ctx, codeCall(rc, params.cartGuid, body, query.lang))),
    }),
    defineRoute({
      method: 'PUT',
      url: `${P}/apply-value`,
      auth: 'user',
      docs: {
        tags,
        summary: 'Use only part of an applied gift card: {giftCardId, amount} (minor units; null = as much as needed)',
        description: '404 giftCardNotFound when the card is not on the cart; 400 amountTooHigh when the amount is above its balance.',
        security,
      },
      schema: { params: CartParamsSchema, querystring: CartLangQuerySchema, body: ApplyValueBodySchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query, body }, rc) =>
        applyGiftCardValue(ctx, { site: rc.site, shopper: shopperOfContext(rc), cartGuid: params.cartGuid, giftCardId: body?.giftCardId, amount: body?.amount, lang: query.lang }),
    }),
    remove('DELETE'),
    remove('POST'),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/orders/:orderCode/cancel',
      auth: 'user',
      docs: {
        tags: ['orders'],
        summary: "Cancel one of the customer's orders while it is created: stock back, gift cards refunded, card refunded",
        description: '403 for users/anonymous; 404 for an unknown code or another customer’s order; 409 OrderError notCancellable (not created any more) or giftCardsIssued (the order bought e-gift cards).',
        security: CUSTOMER_SECURITY,
      },
      schema: { params: UserParamsSchema.extend({ orderCode: codeInput(32) }), querystring: CartLangQuerySchema, response: { 200: OrderSchema, ...errors } },
      handler: async ({ params, query }, rc) => {
        const order = await cancelOrder(ctx, rc.site, customerOfContext(rc).userId, params.orderCode, query.lang);
        // issue 11 item 4: stock came back; pages showing these products are purged from the page cache
        catalogChangesOf(scope.dbh).emit({ kind: 'products', codes: stockCodesOf(order), fbt: true });
        return order;
      },
    }),
  ];
}

/** Registers the gift-card routes on the /rest/v2/:baseSiteId scope. */
export function registerGiftCardRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, giftCardRouteList(scope, ctx));
}
