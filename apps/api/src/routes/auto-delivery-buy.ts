/**
 * Auto-delivery BUYING routes (issue 10; ADR 0018 "Buying", "Brewer campaigns"; spec §7), under
 * /rest/v2/:baseSiteId, `users/{userId}` guarded by `app.requireUser` like the cart routes:
 * - `POST users/{u}/carts/{guid}/removeAutoDeliveryItem {entryNumber}` → Cart;
 * - `GET users/{u}/autoDelivery/smartSuggestion?productCode&podsAtHomeQty&cupsPerDay&qty`;
 * - `POST users/{u}/addCampaignBundle` → Cart.
 * Adding AD lines and changing their frequency go through the cart routes (routes/carts.ts).
 * Thin handlers: parse (zod contracts), call the flow, answer.
 */
import type { FastifyInstance } from 'fastify';
import {
  AddCampaignBundleRequestSchema,
  CartSchema,
  LangSchema,
  OccErrorBodySchema,
  RemoveAutoDeliveryItemRequestSchema,
  SmartSuggestionAnswerSchema,
  SmartSuggestionQuerySchema,
} from '@store/contracts';
import { smartSuggestionFor } from '../flows/auto-delivery-buy.ts';
import { pickLang } from '../flows/context.ts';
import type { CommerceContext } from '../flows/context.ts';
import { addCampaignBundle, removeAutoDeliveryItem } from '../flows/cart.ts';
import { defineRoute, registerApiRoutes, shopperOfContext } from '../http/api-route.ts';
import { CartLangQuerySchema, CartParamsSchema, UserParamsSchema, USER_SECURITY } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };

/**
 * The auto-delivery buying routes (issue 11 item 3: defined once, served over HTTP and by the
 * direct transport). See module comment.
 */
export function autoDeliveryBuyRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'POST',
      url: '/users/:userId/carts/:cartGuid/removeAutoDeliveryItem',
      auth: 'user',
      docs: { tags: ['cart'], summary: 'Turn an auto-delivery line into a one-time line (spec §7 remove auto-delivery cart item)', security: USER_SECURITY },
      schema: { params: CartParamsSchema, querystring: CartLangQuerySchema, body: RemoveAutoDeliveryItemRequestSchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => removeAutoDeliveryItem(ctx, rc.site, shopperOfContext(rc), params.cartGuid, body.entryNumber, query.lang),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/autoDelivery/smartSuggestion',
      auth: 'user',
      docs: {
        tags: ['cart'],
        summary: 'Smart auto-delivery suggestion: first ship date, frequency and reasoning from pods at home, cups a day and past orders (ADR 0018)',
        security: USER_SECURITY,
      },
      schema: { params: UserParamsSchema, querystring: SmartSuggestionQuerySchema.extend({ lang: LangSchema.optional() }), response: { 200: SmartSuggestionAnswerSchema, ...errors } },
      handler: async ({ query }, rc) => smartSuggestionFor(ctx.dbh.db, rc.site, shopperOfContext(rc).userId, { ...query, lang: pickLang(rc.site, query.lang) }, ctx.now()),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/addCampaignBundle',
      auth: 'user',
      docs: { tags: ['cart'], summary: 'Add a brewer campaign bundle: the brewer at the campaign price and the beverages, all BBAD (ADR 0018)', security: USER_SECURITY },
      schema: { params: UserParamsSchema, querystring: CartLangQuerySchema, body: AddCampaignBundleRequestSchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ query, body }, rc) => addCampaignBundle(ctx, rc.site, shopperOfContext(rc), body, query.lang),
    }),
  ];
}

/** Registers the auto-delivery buying routes (see module comment). */
export function registerAutoDeliveryBuyRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, autoDeliveryBuyRouteList(ctx));
}
