/**
 * Server side of the account pages (issue 3 "account pages"; spec §3 customer data, §6 the
 * logged-in customer's own bearer token, §7 `users/current` calls, §9 address page size 4).
 *
 * - {@link requireAccount}: every account loader and action starts here; an anonymous visitor is
 *   redirected (302/303) to the sign-in page with `?redirect=` back to the page.
 * - {@link accountCalls}: the `users/current` calls the pages make, with the customer's token
 *   (the request context's customer-authenticated core).
 * - Form helpers shared by the account actions (trimmed strings, success redirects with a
 *   `?done=` notice that works without JavaScript).
 */
import { ADDRESS_PAGE_SIZE, createCustomerClient, isApiError, ORDER_HISTORY_PAGE_SIZE } from '@store/contracts';
import type {
  AddressBookEntry,
  AddressBookInput,
  AddressListResponse,
  ApiCore,
  Order,
  OrderHistoryEntry,
  OrderHistoryResponse,
  PageInfo,
  SavedPaymentMethod,
} from '@store/contracts';
import type { Lang } from '@store/domain';
import { z } from 'zod';
import { redirect } from 'react-router';
import { accountPaths } from '../components/account/account-paths.ts';
import type { AccountPaths } from '../components/account/account-paths.ts';
import { getRequestContext } from '../lib/context.server.ts';
import type { ContextArgs, RequestContext } from '../lib/context.server.ts';

/** Address book page size (spec §9 "Delivery addresses page size 4 (pageNum 0)"). */
export { ADDRESS_PAGE_SIZE };
/** Order history page size. */
export const ORDER_PAGE_SIZE = ORDER_HISTORY_PAGE_SIZE;

/** The signed-in customer's profile (`GET users/current`). */
export interface CustomerProfile {
  email: string;
  firstName: string;
  lastName: string;
  perksOptIn: boolean;
}

/** One address of the address book. */
export type SavedAddress = AddressBookEntry;
/** OCC pagination block (0-based currentPage). */
export type Pagination = PageInfo;
/** One line of the order history. */
export type OrderHistoryItem = OrderHistoryEntry;
/** A saved card (brand and last 4 digits only). */
export type SavedCard = SavedPaymentMethod;

/** The `users/current` calls of the account pages. */
export interface AccountCalls {
  getProfile(): Promise<CustomerProfile>;
  updateProfile(body: { firstName: string; lastName: string; perksOptIn: boolean }): Promise<CustomerProfile>;
  changePassword(body: { oldPassword: string; newPassword: string }): Promise<void>;
  listAddresses(currentPage: number, pageSize?: number): Promise<AddressListResponse>;
  addAddress(body: AddressBookInput): Promise<SavedAddress>;
  replaceAddress(id: string, body: AddressBookInput): Promise<SavedAddress>;
  deleteAddress(id: string): Promise<void>;
  setDefaultAddress(id: string): Promise<void>;
  listCards(): Promise<SavedCard[]>;
  listOrders(currentPage: number, pageSize?: number): Promise<OrderHistoryResponse>;
  getOrder(code: string): Promise<Order>;
}

const ProfileSchema = z.object({
  email: z.string(),
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  perksOptIn: z.boolean().default(false),
});

/** The account calls on a core that carries the customer's bearer token. */
export function accountCallsOn(core: ApiCore, site: string, lang: Lang): AccountCalls {
  const c = createCustomerClient(core);
  const me = `/${encodeURIComponent(site)}/users/current`;
  return {
    getProfile: () => core.request('GET', me, { query: { lang }, schema: ProfileSchema }),
    updateProfile: (body) => core.request('PATCH', me, { body, query: { lang }, schema: ProfileSchema }),
    changePassword: async (body) => {
      await core.request('PUT', `${me}/password`, { body, query: { lang } });
    },
    listAddresses: (currentPage, pageSize = ADDRESS_PAGE_SIZE) => c.listAddresses(site, { currentPage, pageSize, lang }),
    addAddress: (body) => c.addAddress(site, body),
    replaceAddress: (id, body) => c.replaceAddress(site, id, body),
    deleteAddress: (id) => c.deleteAddress(site, id),
    setDefaultAddress: async (id) => {
      await c.setDefaultAddress(site, id);
    },
    listCards: async () => (await c.listPaymentDetails(site)).payments,
    listOrders: (currentPage, pageSize = ORDER_PAGE_SIZE) => c.listOrders(site, { currentPage, pageSize, lang }),
    getOrder: (code) => c.getOrder(site, code, { lang }),
  };
}

/** The account calls of a request (customer token, with the token lifecycle of spec §4). */
export function accountCalls(ctx: RequestContext): AccountCalls {
  return accountCallsOn(ctx.customerCore, ctx.site, ctx.lang);
}

/** Whether the request comes from a signed-in customer (spec §4 logged-in detection). */
export function isSignedIn(ctx: RequestContext): boolean {
  return ctx.auth.isLoggedIn;
}

/** The signed-in customer (id, email, first name) of a request, or null. */
export function customerOf(ctx: RequestContext): { id: string; email: string; firstName: string } | null {
  return ctx.auth.customer;
}

/** What every account loader and action gets. */
export interface AccountRequest {
  ctx: RequestContext;
  api: AccountCalls;
  paths: AccountPaths;
}

/**
 * The request context of an account page; anonymous visitors are sent to the sign-in page
 * (`?redirect=` the page they asked for).
 * @throws a redirect Response (302 for GET, 303 for POST) when nobody is signed in
 */
export function requireAccount(args: ContextArgs): AccountRequest {
  const ctx = getRequestContext(args);
  const paths = accountPaths(ctx.lang);
  if (!isSignedIn(ctx)) {
    const back = `${ctx.url.pathname}${ctx.url.search}`;
    throw redirect(paths.login(back), args.request.method === 'GET' ? 302 : 303);
  }
  return { ctx, api: accountCalls(ctx), paths };
}

/** A form value, trimmed ('' when absent). */
export function formString(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
}

/** A 303 back to `path` with a `done=` notice. */
export function doneRedirect(path: string, done: string, extra: Record<string, string> = {}): Response {
  const params = new URLSearchParams({ ...extra, done });
  return redirect(`${path}?${params.toString()}`, 303);
}

/** Is this a 401 from the API (the session ended)? Then the page sends the customer to sign in. */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** Formats an ISO date for the page (long date, store time zone). */
export function formatDate(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/New_York' }).format(d);
}
