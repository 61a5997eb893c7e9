/**
 * Customer commerce contracts (issue 3; spec §3 customer data, §7 customer calls): the address
 * book, saved payment methods through the payment provider's customer object, order history and
 * detail, the customer's current cart and the cart merge at sign-in, and turning a guest order
 * into an account. Paths under `/rest/v2/{baseSiteId}/users/current/...` need the customer's
 * access token; `PUT /users/anonymous/orders/{orderCode}/createuser` needs the machine-to-machine
 * token. Routes: docs/decisions/0008-customer-commerce.md.
 *
 * `createCustomerClient(core)` gives the typed calls; build the core with the customer's token
 * (or the machine token for `createUserFromOrder`).
 */
import { z } from 'zod';
import { codeInput, passwordInput, safeText, tokenInput } from './input.ts';
import { AddressSchema, CartMergeResponseSchema, CartSchema, type Cart, type CartMergeResponse } from './cart.ts';
import { PriceDataSchema, type Lang } from './catalog.ts';
import { AddressInputSchema, OrderSchema, type Order } from './checkout.ts';
import { ConsignmentSchema } from './fulfilment.ts';
import type { ApiCore } from './client.ts';

/** Page size of the address book (issue 3: "page size 4, pageNum 0"). */
export const ADDRESS_PAGE_SIZE = 4;
/** Default page size of the order history. */
export const ORDER_HISTORY_PAGE_SIZE = 10;
/** Largest page size accepted by the paged customer lists. */
export const MAX_CUSTOMER_PAGE_SIZE = 50;

/** Paging of a customer list (0-based `currentPage`). */
export const PageInfoSchema = z.object({
  currentPage: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
  totalResults: z.number().int().nonnegative(),
});
export type PageInfo = z.infer<typeof PageInfoSchema>;

/** Query of the paged customer lists (`?currentPage=0&pageSize=4`; `pageNum` is an alias of `currentPage`). */
export const PageQuerySchema = z.object({
  /** 0–10000 (issue 11 item 1: bounded, as the catalogue's `page`) */
  currentPage: z.coerce.number().int().nonnegative().max(10_000).optional(),
  pageNum: z.coerce.number().int().nonnegative().max(10_000).optional(),
  pageSize: z.coerce.number().int().positive().max(MAX_CUSTOMER_PAGE_SIZE).optional(),
  lang: z.enum(['en', 'fr']).optional(),
});
export type PageQuery = z.input<typeof PageQuerySchema>;

/** An address of the address book. */
export const AddressBookEntrySchema = AddressSchema.extend({
  id: z.string(),
  defaultAddress: z.boolean(),
});
export type AddressBookEntry = z.infer<typeof AddressBookEntrySchema>;

/** `GET /users/current/addresses` answer. */
export const AddressListResponseSchema = z.object({
  addresses: z.array(AddressBookEntrySchema),
  pagination: PageInfoSchema,
});
export type AddressListResponse = z.infer<typeof AddressListResponseSchema>;

/**
 * Body of `POST /users/current/addresses` and `PUT /users/current/addresses/{id}` (replace: a
 * full address) and `PATCH` (update: only the fields given). Every bad field is listed in one 400.
 */
export const AddressBookInputSchema = AddressInputSchema.extend({ defaultAddress: z.boolean().optional() });
export type AddressBookInput = z.infer<typeof AddressBookInputSchema>;

/** A saved payment method (card): never the number. */
export const SavedPaymentMethodSchema = z.object({
  id: z.string(),
  provider: z.enum(['test', 'stripe']),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  defaultPaymentMethod: z.boolean(),
});
export type SavedPaymentMethod = z.infer<typeof SavedPaymentMethodSchema>;

/** `GET /users/current/paymentdetails` answer. */
export const PaymentDetailsListResponseSchema = z.object({ payments: z.array(SavedPaymentMethodSchema) });
export type PaymentDetailsListResponse = z.infer<typeof PaymentDetailsListResponseSchema>;

/**
 * `POST /users/current/paymentdetails` body: with the test provider a test card number and its
 * expiry; with Stripe the id of a PaymentMethod created by Stripe.js (`pm_...`).
 */
export const SavePaymentDetailsRequestSchema = z.union([
  z.object({
    testCardNumber: safeText(40),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2100),
    defaultPaymentMethod: z.boolean().optional(),
  }),
  z.object({ stripePaymentMethodId: tokenInput(), defaultPaymentMethod: z.boolean().optional() }),
]);
export type SavePaymentDetailsRequest = z.infer<typeof SavePaymentDetailsRequestSchema>;

/** `GET /users/current/fetchStripeCustomerId` and `PUT /users/current/saveStripeCustomerId` answer. */
export const StripeCustomerIdResponseSchema = z.object({
  /** the payment provider's customer id (Stripe `cus_...`, test provider `cus_test_...`); null before the first saved card */
  stripeCustomerId: z.string().nullable(),
  provider: z.enum(['test', 'stripe']),
});
export type StripeCustomerIdResponse = z.infer<typeof StripeCustomerIdResponseSchema>;

/** One row of the order history. */
export const OrderHistoryEntrySchema = z.object({
  code: z.string(),
  status: z.string(),
  /** spec §3 mapping: processing → processed, partiallydelivered → partially-delivered, partiallyshipped → partially-shipped */
  statusDisplay: z.string(),
  /** ISO-8601 UTC */
  placed: z.string(),
  total: PriceDataSchema,
  totalUnitCount: z.number().int().nonnegative(),
  /** issue 12 (ADR 0027): the order's shipments (tracking numbers, shipped lines), oldest first */
  consignments: z.array(ConsignmentSchema).optional(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

/** `GET /users/current/orders` answer: newest first. */
export const OrderHistoryResponseSchema = z.object({
  orders: z.array(OrderHistoryEntrySchema),
  pagination: PageInfoSchema,
});
export type OrderHistoryResponse = z.infer<typeof OrderHistoryResponseSchema>;

/** `PUT /users/anonymous/orders/{orderCode}/createuser` body: the new password and the guid of the order's cart (the proof of ownership). */
export const CreateUserFromOrderRequestSchema = z.object({
  password: passwordInput(),
  cartGuid: codeInput().min(1),
});
export type CreateUserFromOrderRequest = z.infer<typeof CreateUserFromOrderRequestSchema>;

/** Answer of createuser (201): the new account (email of the order) and the order now attached to it. */
export const CreateUserFromOrderResponseSchema = z.object({
  uid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  orderCode: z.string(),
});
export type CreateUserFromOrderResponse = z.infer<typeof CreateUserFromOrderResponseSchema>;

/** Options of paged calls. */
export interface CustomerPageOptions {
  currentPage?: number;
  pageSize?: number;
  lang?: Lang;
}

/** Typed customer calls (`site` = base site uid). Every call throws `ApiError` on a non-2xx answer. */
export interface CustomerCommerceCalls {
  /** GET /{site}/users/current/carts/current — the customer's open cart (created when none). */
  getCurrentCart(site: string, opts?: { lang?: Lang }): Promise<Cart>;
  /** POST /{site}/users/current/carts/merge — merges an anonymous cart into the current cart. */
  mergeCart(site: string, anonymousCartGuid: string, opts?: { lang?: Lang }): Promise<CartMergeResponse>;
  /** GET /{site}/users/current/addresses?currentPage=&pageSize= (page size 4 by default). */
  listAddresses(site: string, opts?: CustomerPageOptions): Promise<AddressListResponse>;
  /** POST /{site}/users/current/addresses (201). */
  addAddress(site: string, address: AddressBookInput): Promise<AddressBookEntry>;
  /** PUT /{site}/users/current/addresses/{id} — replace. */
  replaceAddress(site: string, id: string, address: AddressBookInput): Promise<AddressBookEntry>;
  /** PATCH /{site}/users/current/addresses/{id} — change the fields given. */
  updateAddress(site: string, id: string, patch: AddressBookInput): Promise<AddressBookEntry>;
  /** DELETE /{site}/users/current/addresses/{id} (204). */
  deleteAddress(site: string, id: string): Promise<void>;
  /** PUT /{site}/users/current/addresses/{id}/default */
  setDefaultAddress(site: string, id: string): Promise<AddressBookEntry>;
  /** GET /{site}/users/current/paymentdetails */
  listPaymentDetails(site: string): Promise<PaymentDetailsListResponse>;
  /** POST /{site}/users/current/paymentdetails (201). */
  addPaymentDetails(site: string, body: SavePaymentDetailsRequest): Promise<SavedPaymentMethod>;
  /** POST /{site}/users/current/updatePaymentDetails?paymentMethodId= — make it the default. */
  setDefaultPaymentDetails(site: string, paymentMethodId: string): Promise<SavedPaymentMethod>;
  /** DELETE /{site}/users/current/paymentdetails/{id} (204). */
  deletePaymentDetails(site: string, id: string): Promise<void>;
  /** GET /{site}/users/current/fetchStripeCustomerId */
  fetchStripeCustomerId(site: string): Promise<StripeCustomerIdResponse>;
  /** PUT /{site}/users/current/saveStripeCustomerId — creates the provider customer when missing. */
  saveStripeCustomerId(site: string): Promise<StripeCustomerIdResponse>;
  /** GET /{site}/users/current/orders?currentPage=&pageSize= — newest first. */
  listOrders(site: string, opts?: CustomerPageOptions): Promise<OrderHistoryResponse>;
  /** GET /{site}/users/current/orders/{code} */
  getOrder(site: string, code: string, opts?: { lang?: Lang }): Promise<Order>;
  /** PUT /{site}/users/anonymous/orders/{orderCode}/createuser — with the MACHINE token (201). */
  createUserFromOrder(site: string, orderCode: string, body: CreateUserFromOrderRequest): Promise<CreateUserFromOrderResponse>;
}

/** Builds the customer calls on a core (see module comment). */
export function createCustomerClient(core: ApiCore): CustomerCommerceCalls {
  const enc = encodeURIComponent;
  const me = (site: string) => `/${enc(site)}/users/current`;
  const page = (opts: CustomerPageOptions) => ({ currentPage: opts.currentPage, pageSize: opts.pageSize, lang: opts.lang });
  return {
    getCurrentCart: (site, opts = {}) => core.request('GET', `${me(site)}/carts/current`, { query: { lang: opts.lang }, schema: CartSchema }),
    mergeCart: (site, anonymousCartGuid, opts = {}) =>
      core.request('POST', `${me(site)}/carts/merge`, { body: { anonymousCartGuid }, query: { lang: opts.lang }, schema: CartMergeResponseSchema }),
    listAddresses: (site, opts = {}) => core.request('GET', `${me(site)}/addresses`, { query: page(opts), schema: AddressListResponseSchema }),
    addAddress: (site, address) => core.request('POST', `${me(site)}/addresses`, { body: address, schema: AddressBookEntrySchema }),
    replaceAddress: (site, id, address) => core.request('PUT', `${me(site)}/addresses/${enc(id)}`, { body: address, schema: AddressBookEntrySchema }),
    updateAddress: (site, id, patch) => core.request('PATCH', `${me(site)}/addresses/${enc(id)}`, { body: patch, schema: AddressBookEntrySchema }),
    deleteAddress: async (site, id) => {
      await core.request('DELETE', `${me(site)}/addresses/${enc(id)}`);
    },
    setDefaultAddress: (site, id) => core.request('PUT', `${me(site)}/addresses/${enc(id)}/default`, { body: {}, schema: AddressBookEntrySchema }),
    listPaymentDetails: (site) => core.request('GET', `${me(site)}/paymentdetails`, { schema: PaymentDetailsListResponseSchema }),
    addPaymentDetails: (site, body) => core.request('POST', `${me(site)}/paymentdetails`, { body, schema: SavedPaymentMethodSchema }),
    setDefaultPaymentDetails: (site, paymentMethodId) =>
      core.request('POST', `${me(site)}/updatePaymentDetails`, { query: { paymentMethodId }, body: {}, schema: SavedPaymentMethodSchema }),
    deletePaymentDetails: async (site, id) => {
      await core.request('DELETE', `${me(site)}/paymentdetails/${enc(id)}`);
    },
    fetchStripeCustomerId: (site) => core.request('GET', `${me(site)}/fetchStripeCustomerId`, { schema: StripeCustomerIdResponseSchema }),
    saveStripeCustomerId: (site) => core.request('PUT', `${me(site)}/saveStripeCustomerId`, { body: {}, schema: StripeCustomerIdResponseSchema }),
    listOrders: (site, opts = {}) => core.request('GET', `${me(site)}/orders`, { query: page(opts), schema: OrderHistoryResponseSchema }),
    getOrder: (site, code, opts = {}) => core.request('GET', `${me(site)}/orders/${enc(code)}`, { query: { lang: opts.lang }, schema: OrderSchema }),
    createUserFromOrder: (site, orderCode, body) =>
      core.request('PUT', `/${enc(site)}/users/anonymous/orders/${enc(orderCode)}/createuser`, { body, schema: CreateUserFromOrderResponseSchema }),
  };
}
