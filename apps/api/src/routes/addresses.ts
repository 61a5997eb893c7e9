/**
 * Address book routes (issue 3), under /rest/v2/:baseSiteId/users/{userId}/addresses, customer
 * token only (`users/anonymous` answers 403): list (page size 4, page 0 by default), add (201),
 * replace (PUT), update (PATCH), delete (204), make default (PUT .../default). Every address is
 * validated for the site's country with every bad field listed; another customer's address
 * answers 404 like an unknown one.
 *
 * Issue 11 item 3 (ADR 0021): defined once ({@link defineRoute}), served over HTTP and by the direct
 * transport; the contract schemas validate once and the flows take their output.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AddressBookEntrySchema, AddressBookInputSchema, AddressListResponseSchema, codeInput, OccErrorBodySchema, PageQuerySchema } from '@store/contracts';
import { addBookAddress, changeBookAddress, deleteBookAddress, listBook, setDefaultBookAddress } from '../flows/addresses.ts';
import type { CommerceContext } from '../flows/context.ts';
import { defineRoute, registerApiRoutes } from '../http/api-route.ts';
import { CUSTOMER_SECURITY, customerOfContext, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema };
const security = CUSTOMER_SECURITY;
const AddressParamsSchema = UserParamsSchema.extend({ addressId: codeInput() });

/** The address book routes (issue 11 item 3: defined once, served over HTTP and by the direct transport). */
export function addressRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/users/:userId/addresses',
      auth: 'user',
      docs: { tags: ['addresses'], summary: "The customer's addresses: default first, then newest (currentPage from 0 (alias pageNum), pageSize default 4)", security },
      schema: { params: UserParamsSchema, querystring: PageQuerySchema, response: { 200: AddressListResponseSchema, ...errors } },
      handler: async ({ query }, rc) => listBook(ctx, customerOfContext(rc).userId, { currentPage: query.currentPage ?? query.pageNum, pageSize: query.pageSize }),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/addresses',
      auth: 'user',
      status: 201,
      docs: { tags: ['addresses'], summary: 'Add an address (the first one, or defaultAddress: true, becomes the default)', security },
      schema: { params: UserParamsSchema, body: AddressBookInputSchema, response: { 201: AddressBookEntrySchema, ...errors } },
      handler: async ({ body }, rc) => addBookAddress(ctx, rc.site, customerOfContext(rc).userId, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/users/:userId/addresses/:addressId',
      auth: 'user',
      docs: { tags: ['addresses'], summary: 'Replace an address (a full address)', security },
      schema: { params: AddressParamsSchema, body: AddressBookInputSchema, response: { 200: AddressBookEntrySchema, ...errors } },
      handler: async ({ params, body }, rc) => changeBookAddress(ctx, rc.site, customerOfContext(rc).userId, params.addressId, body, false),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/users/:userId/addresses/:addressId',
      auth: 'user',
      docs: { tags: ['addresses'], summary: 'Update an address (only the fields given; the result is validated as a whole)', security },
      schema: { params: AddressParamsSchema, body: AddressBookInputSchema, response: { 200: AddressBookEntrySchema, ...errors } },
      handler: async ({ params, body }, rc) => changeBookAddress(ctx, rc.site, customerOfContext(rc).userId, params.addressId, body, true),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/users/:userId/addresses/:addressId',
      auth: 'user',
      status: 204,
      docs: { tags: ['addresses'], summary: 'Delete an address (the newest remaining one becomes the default when the default is deleted)', security },
      schema: { params: AddressParamsSchema, response: { 204: z.null(), ...errors } },
      handler: async ({ params }, rc) => {
        await deleteBookAddress(ctx, customerOfContext(rc).userId, params.addressId);
        return null;
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/users/:userId/addresses/:addressId/default',
      auth: 'user',
      docs: { tags: ['addresses'], summary: 'Make an address the default', security },
      schema: { params: AddressParamsSchema, response: { 200: AddressBookEntrySchema, ...errors } },
      handler: async ({ params }, rc) => setDefaultBookAddress(ctx, customerOfContext(rc).userId, params.addressId),
    }),
  ];
}

/** Registers the address book routes on the /rest/v2/:baseSiteId scope. */
export function registerAddressRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, addressRouteList(ctx));
}
