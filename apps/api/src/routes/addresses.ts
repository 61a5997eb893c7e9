/**
 * Address book routes (issue 3), under /rest/v2/:baseSiteId/users/{userId}/addresses, customer
 * token only (`users/anonymous` answers 403): list (page size 4, page 0 by default), add (201),
 * replace (PUT), update (PATCH), delete (204), make default (PUT .../default). Every address is
 * validated for the site's country with every bad field listed; another customer's address
 * answers 404 like an unknown one.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddressBookEntrySchema, AddressBookInputSchema, AddressListResponseSchema, codeInput, OccErrorBodySchema, PageQuerySchema } from '@store/contracts';
import { addBookAddress, changeBookAddress, deleteBookAddress, listBook, setDefaultBookAddress } from '../flows/addresses.ts';
import type { CommerceContext } from '../flows/context.ts';
import { CUSTOMER_SECURITY, customerOf, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema };
const security = CUSTOMER_SECURITY;
const AddressParamsSchema = UserParamsSchema.extend({ addressId: codeInput() });

/** Registers the address book routes on the /rest/v2/:baseSiteId scope. */
export function registerAddressRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireUser;

  app.get(
    '/users/:userId/addresses',
    {
      onRequest: preHandler,
      schema: {
        tags: ['addresses'],
        summary: "The customer's addresses: default first, then newest (currentPage from 0 (alias pageNum), pageSize default 4)",
        security,
        params: UserParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: AddressListResponseSchema, ...errors },
      },
    },
    async (request) => listBook(ctx, customerOf(request).userId, { currentPage: request.query.currentPage ?? request.query.pageNum, pageSize: request.query.pageSize }),
  );

  app.post(
    '/users/:userId/addresses',
    {
      onRequest: preHandler,
      schema: {
        tags: ['addresses'],
        summary: 'Add an address (the first one, or defaultAddress: true, becomes the default)',
        security,
        params: UserParamsSchema,
        body: AddressBookInputSchema,
        response: { 201: AddressBookEntrySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addBookAddress(ctx, request.baseSite, customerOf(request).userId, request.body)),
  );

  app.put(
    '/users/:userId/addresses/:addressId',
    {
      onRequest: preHandler,
      schema: {
        tags: ['addresses'],
        summary: 'Replace an address (a full address)',
        security,
        params: AddressParamsSchema,
        body: AddressBookInputSchema,
        response: { 200: AddressBookEntrySchema, ...errors },
      },
    },
    async (request) => changeBookAddress(ctx, request.baseSite, customerOf(request).userId, request.params.addressId, request.body, false),
  );

  app.patch(
    '/users/:userId/addresses/:addressId',
    {
      onRequest: preHandler,
      schema: {
        tags: ['addresses'],
        summary: 'Update an address (only the fields given; the result is validated as a whole)',
        security,
        params: AddressParamsSchema,
        body: AddressBookInputSchema,
        response: { 200: AddressBookEntrySchema, ...errors },
      },
    },
    async (request) => changeBookAddress(ctx, request.baseSite, customerOf(request).userId, request.params.addressId, request.body, true),
  );

  app.delete(
    '/users/:userId/addresses/:addressId',
    {
      onRequest: preHandler,
      schema: {
        tags: ['addresses'],
        summary: 'Delete an address (the newest remaining one becomes the default when the default is deleted)',
        security,
        params: AddressParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteBookAddress(ctx, customerOf(request).userId, request.params.addressId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/users/:userId/addresses/:addressId/default',
    {
      onRequest: preHandler,
      schema: {
        tags: ['addresses'],
        summary: 'Make an address the default',
        security,
        params: AddressParamsSchema,
        response: { 200: AddressBookEntrySchema, ...errors },
      },
    },
    async (request) => setDefaultBookAddress(ctx, customerOf(request).userId, request.params.addressId),
  );
}
