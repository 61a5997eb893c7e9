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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { userIdOf } from '../plugins/auth.ts';
import type { CommerceContext } from '../flows/context.ts';
import { addCampaignBundle, removeAutoDeliveryItem } from '../flows/cart.ts';
import { CartLangQuerySchema, CartParamsSchema, shopperOf, UserParamsSchema, USER_SECURITY } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };

/** Registers the auto-delivery buying routes (see module comment). */
export function registerAutoDeliveryBuyRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireUser;

  app.post(
    '/users/:userId/carts/:cartGuid/removeAutoDeliveryItem',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Turn an auto-delivery line into a one-time line (spec §7 remove auto-delivery cart item)',
        security: USER_SECURITY,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        body: RemoveAutoDeliveryItemRequestSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => removeAutoDeliveryItem(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.body.entryNumber, request.query.lang),
  );

  app.get(
    '/users/:userId/autoDelivery/smartSuggestion',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Smart auto-delivery suggestion: first ship date, frequency and reasoning from pods at home, cups a day and past orders (ADR 0018)',
        security: USER_SECURITY,
        params: UserParamsSchema,
        querystring: SmartSuggestionQuerySchema.extend({ lang: LangSchema.optional() }),
        response: { 200: SmartSuggestionAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const site = request.baseSite;
      const q = request.query;
      return smartSuggestionFor(ctx.dbh.db, site, userIdOf(request), { ...q, lang: pickLang(site, q.lang) }, ctx.now());
    },
  );

  app.post(
    '/users/:userId/addCampaignBundle',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Add a brewer campaign bundle: the brewer at the campaign price and the beverages, all BBAD (ADR 0018)',
        security: USER_SECURITY,
        params: UserParamsSchema,
        querystring: CartLangQuerySchema,
        body: AddCampaignBundleRequestSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => addCampaignBundle(ctx, request.baseSite, shopperOf(request), request.body, request.query.lang),
  );
}
