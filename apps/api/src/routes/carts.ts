/**
 * Cart routes (spec §7 Cart; issue 2 "Cart"), under /rest/v2/:baseSiteId. Anonymous calls need
 * the storefront's machine-to-machine token (`app.requireClientToken`). Thin handlers: parse
 * (zod contracts), call the flow (flows/cart.ts), answer.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddProductsToCartRequestSchema,
  AddProductsToCartResponseSchema,
  AddToCartRequestSchema,
  AddToCartResponseSchema,
  CartSchema,
  CartValidationResponseSchema,
  LangSchema,
  OccErrorBodySchema,
  SessionCartGuidResponseSchema,
  UpdateCartRequestSchema,
  UpdateEntryRequestSchema,
} from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { addProductsToCart, addToCart, getCart, getSessionCart, updateEntries, validateCart } from '../flows/cart.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
const security = [{ clientToken: [] }];

/** Path parameters of cart routes. */
export const CartParamsSchema = z.object({ baseSiteId: z.string(), cartGuid: z.string().max(64) });
/** Path parameters of cart entry routes. */
export const EntryParamsSchema = CartParamsSchema.extend({ entryNumber: z.string().regex(/^\d{1,4}$/, 'must be an entry number') });
/** `lang` query of cart routes. */
export const CartLangQuerySchema = z.object({ lang: LangSchema.optional() });

/** Registers the cart routes on the /rest/v2/:baseSiteId scope. */
export function registerCartRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireClientToken;

  app.get(
    '/getSessionCartGuid',
    {
      preHandler,
      schema: {
        tags: ['cart'],
        summary: 'The session cart guid: the `sessioncartguid` header (or query) when it names an open cart of this site, else a new cart',
        security,
        querystring: z.object({ sessioncartguid: z.string().optional(), lang: LangSchema.optional() }),
        response: { 200: SessionCartGuidResponseSchema, ...errors },
      },
    },
    async (request) => {
      const header = request.headers.sessioncartguid;
      const fromHeader = Array.isArray(header) ? header[0] : header;
      return getSessionCart(ctx, request.baseSite, fromHeader ?? request.query.sessioncartguid, request.query.lang);
    },
  );

  app.post(
    '/users/anonymous/addProductToCart',
    {
      preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Add a product (base product → default variant, or a variant) to a cart; creates the cart when cartGuid is absent, unknown or closed',
        security,
        body: AddToCartRequestSchema,
        response: { 200: AddToCartResponseSchema, ...errors },
      },
    },
    async (request) => addToCart(ctx, request.baseSite, request.body),
  );

  app.post(
    '/users/anonymous/addProductsToCart',
    {
      preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Add one unit of each product code (all or nothing)',
        security,
        body: AddProductsToCartRequestSchema,
        response: { 200: AddProductsToCartResponseSchema, ...errors },
      },
    },
    async (request) => addProductsToCart(ctx, request.baseSite, request.body),
  );

  app.get(
    '/users/anonymous/carts/:cartGuid',
    {
      preHandler,
      schema: {
        tags: ['cart'],
        summary: 'The cart: entries, totals, tax lines, free-shipping progress, checkout fields',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema.extend({ fields: z.string().optional() }),
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => getCart(ctx, request.baseSite, request.params.cartGuid, request.query.lang),
  );

  app.post(
    '/users/anonymous/carts/:cartGuid/updateCart',
    {
      preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Change quantities: {entryNumber, qty} or {entries:[{entryNumber, qty}]}; qty 0 removes the line',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema.extend({ fields: z.string().optional(), csAgentId: z.string().optional() }),
        body: UpdateCartRequestSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const many = 'entries' in body;
      const changes = many ? body.entries : [body];
      return updateEntries(ctx, request.baseSite, request.params.cartGuid, changes, request.query.lang, (i, field) => (many ? `entries[${i}].${field}` : field));
    },
  );

  app.patch(
    '/users/anonymous/carts/:cartGuid/entries/:entryNumber',
    {
      preHandler,
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
      updateEntries(ctx, request.baseSite, request.params.cartGuid, [{ entryNumber: Number(request.params.entryNumber), qty: request.body.qty }], request.query.lang, (_i, field) =>
        field === 'qty' ? 'qty' : 'entryNumber',
      ),
  );

  app.delete(
    '/users/anonymous/carts/:cartGuid/entries/:entryNumber',
    {
      preHandler,
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
      updateEntries(ctx, request.baseSite, request.params.cartGuid, [{ entryNumber: Number(request.params.entryNumber), qty: 0 }], request.query.lang, (_i, field) => field),
  );

  app.get(
    '/users/anonymous/carts/:cartGuid/validate',
    {
      preHandler,
      schema: {
        tags: ['cart'],
        summary: 'Cart validation before checkout (spec §2): lines out of stock, short of stock, discontinued or no longer sold',
        security,
        params: CartParamsSchema,
        querystring: CartLangQuerySchema,
        response: { 200: CartValidationResponseSchema, ...errors },
      },
    },
    async (request) => validateCart(ctx, request.baseSite, request.params.cartGuid, request.query.lang),
  );
}
