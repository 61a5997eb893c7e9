/**
 * Cart routes (spec §7 Cart; issue 2 "Cart"; issue 3 customer carts), under /rest/v2/:baseSiteId.
 * Paths are `users/{userId}/...` guarded by `app.requireUser`: `anonymous` with the storefront's
 * machine-to-machine token, `current` (or the customer's own id) with the customer's token. A
 * customer's cart is reachable only by that customer, an anonymous cart only anonymously
 * (flows/cart.ts). Thin handlers: parse (zod contracts), call the flow, answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddProductsToCartRequestSchema,
  AddProductsToCartResponseSchema,
  AddToCartRequestSchema,
  AddToCartResponseSchema,
  CartMergeRequestSchema,
  CartMergeResponseSchema,
  CartSchema,
  CartValidationResponseSchema,
  codeInput,
  LangSchema,
  OccErrorBodySchema,
  SessionCartGuidResponseSchema,
  UpdateCartRequestSchema,
  UpdateEntryRequestSchema,
} from '@store/contracts';
import { forbidden } from '@store/domain';
import type { CommerceContext, Shopper } from '../flows/context.ts';
import { addProductsToCart, addToCart, getCart, getSessionCart, updateEntries, validateCart } from '../flows/cart.ts';
import { getCurrentCart, mergeAnonymousCart, type CustomerShopper } from '../flows/customer-carts.ts';
import { userIdOf } from '../plugins/auth.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
/** OpenAPI security of `users/{userId}` routes: the machine token for `anonymous`, a customer token otherwise. */
export const USER_SECURITY: Array<Record<string, string[]>> = [{ clientToken: [] }, { customerToken: [] }];
/** OpenAPI security of customer-only routes. */
export const CUSTOMER_SECURITY: Array<Record<string, string[]>> = [{ customerToken: [] }];
const security = USER_SECURITY;

/** Who a `users/{userId}` request acts for (after `app.requireUser`). */
export function shopperOf(request: FastifyRequest): Shopper {
  const userId = userIdOf(request);
  return userId ? { userId, email: request.customer?.email ?? null } : { userId: null };
}

/**
 * The signed-in customer of a customer-only `users/{userId}` route (after `app.requireUser`).
 * @throws 403 `ForbiddenError` `customerRequired` for `users/anonymous`
 */
export function customerOf(request: FastifyRequest): CustomerShopper & { email: string } {
  const userId = userIdOf(request);
  if (!userId) throw forbidden('ForbiddenError', 'customerRequired', 'Sign in to use this resource', 'userId');
  return { userId, email: request.customer?.email ?? '' };
}

/** Path parameter `userId`: `anonymous`, `current` or a customer id. */
export const UserParamsSchema = z.object({ baseSiteId: codeInput(), userId: codeInput() });
/** Path parameters of cart routes. */
export const CartParamsSchema = UserParamsSchema.extend({ cartGuid: codeInput() });
/** Path parameters of cart entry routes. */
export const EntryParamsSchema = CartParamsSchema.extend({ entryNumber: z.string().regex(/^\d{1,4}$/, 'must be an entry number') });
/** `lang` query of cart routes. */
export const CartLangQuerySchema = z.object({ lang: LangSchema.optional() });

/** Registers the cart routes on the /rest/v2/:baseSiteId scope. */
export function registerCartRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireUser;

  app.get(
    '/getSessionCartGuid',
    {
      preHandler: app.requireClientToken,
      schema: {
        tags: ['cart'],
        summary: 'The session cart guid: the `sessioncartguid` header (or query) when it names an open cart of this site, else a new cart',
        security: [{ clientToken: [] }],
        querystring: z.object({ sessioncartguid: codeInput().optional(), lang: LangSchema.optional() }),
        headers: z.object({ sessioncartguid: codeInput().optional() }),
        response: { 200: SessionCartGuidResponseSchema, ...errors },
      },
    },
    async (request) => getSessionCart(ctx, request.baseSite, request.headers.sessioncartguid ?? request.query.sessioncartguid, request.query.lang),
  );

  app.post(
    '/users/:userId/addProductToCart',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Add a product (base product → default variant, or a variant) to a cart; creates the cart when cartGuid is absent, unknown or closed',
        security,
        params: UserParamsSchema,
        body: AddToCartRequestSchema,
        response: { 200: AddToCartResponseSchema, ...errors },
      },
    },
    async (request) => addToCart(ctx, request.baseSite, shopperOf(request), request.body),
  );

  app.post(
    '/users/:userId/addProductsToCart',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Add one unit of each product code (all or nothing)',
        security,
        params: UserParamsSchema,
        body: AddProductsToCartRequestSchema,
        response: { 200: AddProductsToCartResponseSchema, ...errors },
      },
    },
    async (request) => addProductsToCart(ctx, request.baseSite, shopperOf(request), request.body),
  );

  app.get(
    '/users/:userId/carts/:cartGuid',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: 'The cart: entries, totals, tax lines, free-shipping progress, checkout fields',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema.extend({ fields: codeInput().optional() }),
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => getCart(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.query.lang),
  );

  app.post(
    '/users/:userId/carts/:cartGuid/updateCart',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Change quantities: {entryNumber, qty} or {entries:[{entryNumber, qty}]}; qty 0 removes the line',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema.extend({ fields: codeInput().optional(), csAgentId: codeInput().optional() }),
        body: UpdateCartRequestSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const many = 'entries' in body;
      const changes = many ? body.entries : [body];
      return updateEntries(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, changes, request.query.lang, (i, field) => (many ? `entries[${i}].${field}` : field));
    },
  );

  app.patch(
    '/users/:userId/carts/:cartGuid/entries/:entryNumber',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Set the quantity of a line (0 removes it)',
        security,
        params: EntryParamsSchema,
        querystring: CartLangQuerySchema,
        body: UpdateEntryRequestSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) =>
      updateEntries(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, [{ entryNumber: Number(request.params.entryNumber), qty: request.body.qty }], request.query.lang, (_i, field) =>
        field === 'qty' ? 'qty' : 'entryNumber',
      ),
  );

  app.delete(
    '/users/:userId/carts/:cartGuid/entries/:entryNumber',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Remove a line',
        security,
        params: EntryParamsSchema,
        querystring: CartLangQuerySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) =>
      updateEntries(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, [{ entryNumber: Number(request.params.entryNumber), qty: 0 }], request.query.lang, (_i, field) => field),
  );

  app.get(
    '/users/:userId/carts/:cartGuid/validate',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Cart validation before checkout (spec §2): lines out of stock, short of stock, discontinued or no longer sold',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        response: { 200: CartValidationResponseSchema, ...errors },
      },
    },
    async (request) => validateCart(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.query.lang),
  );

  app.get(
    '/users/:userId/carts/current',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: "The signed-in customer's open cart of this site (created when none); 403 for users/anonymous",
        security: CUSTOMER_SECURITY,
        params: UserParamsSchema,
        querystring: CartLangQuerySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => getCurrentCart(ctx, request.baseSite, customerOf(request), request.query.lang),
  );

  app.post(
    '/users/:userId/carts/merge',
    {
      onRequest: preHandler,
      schema: {
        tags: ['cart'],
        summary: "Merge an anonymous cart into the customer's current cart at sign-in (quantities added, capped by stock; one transaction; the anonymous cart is closed)",
        description:
          'Answers the merged cart and a message per line not merged in full (quantityCapped, outOfStock, discontinued, notSold). 404 when the anonymous cart is unknown or belongs to a customer; 409 cartNotOpen when it is ordered or already merged.',
        security: CUSTOMER_SECURITY,
        params: UserParamsSchema,
        querystring: CartLangQuerySchema,
        body: CartMergeRequestSchema,
        response: { 200: CartMergeResponseSchema, ...errors },
      },
    },
    async (request) => mergeAnonymousCart(ctx, request.baseSite, customerOf(request), request.body.anonymousCartGuid, request.query.lang),
  );
}
