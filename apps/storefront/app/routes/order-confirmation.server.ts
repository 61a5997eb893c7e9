/**
 * Order confirmation page loader (spec §2 "Order confirmation page", §7 getOrderConfirmationData)
 * and the short-lived order-access cookie that proves a guest placed the order.
 *
 * Guests have no account, so an order code alone must not reveal an order (codes can be guessed
 * or shared). When an order is placed, the checkout action stores `{code, cartGuid}` in an
 * HttpOnly cookie valid for {@link ORDER_ACCESS_MAX_AGE_S}; this loader looks the order up through
 * the API with that cart guid (`GET /users/anonymous/orders/{code}?cartGuid=`). Without the
 * cookie, or for another code, the page answers 404 "We could not find this order".
 */
import { createApiCore, createCustomerClient, isApiError } from '@store/contracts';
import type { Order } from '@store/contracts';
import { SITES } from '@store/domain';
import { data, redirect } from 'react-router';
import { accountPaths } from '../components/account/account-paths.ts';
import type { FormErrors } from '../components/checkout/occ-errors.ts';
import { signIn } from '../lib/auth/actions.server.ts';
import { getRequestContext } from '../lib/context.server.ts';
import type { ContextArgs } from '../lib/context.server.ts';
import { readCookie, serializeCookie } from '../lib/cookies.server.ts';
import type { PageMeta } from '../lib/meta.ts';
import { accountCalls } from './account.server.ts';
import { passwordMessage } from './account-profile.server.ts';
import { createAccountFormSchema } from '@store/contracts/forms';
import { firstErrors, parseForm } from '../lib/forms.ts';
import { waitMinutesOf } from '../lib/wait.ts';

/** Name of the order-access cookie. */
export const ORDER_ACCESS_COOKIE = 'sf_order_access';
/** Lifetime of the order-access cookie: 2 hours, in seconds. */
export const ORDER_ACCESS_MAX_AGE_S = 2 * 60 * 60;
/** Orders remembered at most (the latest first). */
export const ORDER_ACCESS_MAX_ENTRIES = 5;

/** One remembered order: its code and the guid of the cart it was placed from. */
export interface OrderAccess {
  code: string;
  cartGuid: string;
}

const CODE = /^[A-Za-z0-9-]{4,40}$/;
const GUID = /^[A-Za-z0-9-]{8,64}$/;

/** The remembered orders of a request (malformed cookies give an empty list). */
export function readOrderAccess(request: Request): OrderAccess[] {
  const raw = readCookie(request, ORDER_ACCESS_COOKIE);
  if (!raw) return [];
  try {
    const v = JSON.parse(raw) as unknown;
    if (!Array.isArray(v)) return [];
    return v
      .filter((x): x is OrderAccess => {
        if (typeof x !== 'object' || x === null) return false;
        const o = x as Record<string, unknown>;
        return typeof o.code === 'string' && CODE.test(o.code) && typeof o.cartGuid === 'string' && GUID.test(o.cartGuid);
      })
      .slice(0, ORDER_ACCESS_MAX_ENTRIES);
  } catch {
    return [];
  }
}

/** `Set-Cookie` remembering one more order (HttpOnly, SameSite=Lax, 2 hours). */
export function orderAccessCookie(request: Request, entry: OrderAccess, secure: boolean): string {
  const list = [entry, ...readOrderAccess(request).filter((e) => e.code !== entry.code)].slice(0, ORDER_ACCESS_MAX_ENTRIES);
  return serializeCookie(ORDER_ACCESS_COOKIE, JSON.stringify(list), {
    maxAge: ORDER_ACCESS_MAX_AGE_S,
    httpOnly: true,
    secure,
    sameSite: 'Lax',
  });
}

/** Data of the confirmation page. */
export interface ConfirmationPageData {
  meta: PageMeta;
  /** null when the order is unknown or not this browser's */
  order: Order | null;
  orderCode: string;
  support: { phone: string; hours: string };
  homePath: string;
  /** the order's creation date, formatted for the page locale */
  placedOn: string | null;
  /** the visitor is signed in (the order is in their history) */
  signedIn: boolean;
  /** a guest may turn this order into an account (guest order, placed from this browser) */
  canCreateAccount: boolean;
}

/** The answer of the "Create an account" form. */
export interface CreateAccountActionData {
  errors: FormErrors;
  /** an account already exists for the order's email */
  exists: boolean;
}

/** Loads the confirmation page; 404 (with the page's own message) when the order is not reachable. */
export async function loadConfirmationPage(args: ContextArgs & { params: { orderCode?: string } }) {
  const ctx = getRequestContext(args);
  const orderCode = args.params.orderCode ?? '';
  const site = SITES[ctx.site];
  const base = {
    orderCode,
    support: { phone: site.supportPhone, hours: site.supportHours[ctx.lang] },
    homePath: ctx.paths.home,
  };
  const access = readOrderAccess(args.request).find((e) => e.code === orderCode);
  const signedIn = ctx.auth.isLoggedIn;
  let order: Order | null = null;
  if (signedIn) {
    // a signed-in customer sees their own orders (placed signed in, or attached by createuser)
    try {
      order = await accountCalls(ctx).getOrder(orderCode);
    } catch (error) {
      if (!isApiError(error) || !error.isClientError) throw error;
    }
  }
  if (!order && access) {
    try {
      order = await ctx.commerce.getOrder(ctx.site, orderCode, { cartGuid: access.cartGuid }, { lang: ctx.lang });
    } catch (error) {
      if (!isApiError(error) || !error.isClientError) throw error;
    }
  }
  if (!order) {
    const notFound: ConfirmationPageData = {
      ...base,
      meta: { title: ctx.t('meta.title', { title: ctx.t('confirmation.notFound.title'), brand: site.name }), noindex: true },
      order: null,
      placedOn: null,
      signedIn,
      canCreateAccount: false,
    };
    return data(notFound, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
  const created = new Date(order.created);
  const found: ConfirmationPageData = {
    ...base,
    meta: { title: ctx.t('meta.title', { title: ctx.t('confirmation.metaTitle', { code: order.code }), brand: site.name }), noindex: true },
    order,
    placedOn: Number.isNaN(created.getTime())
      ? null
      : new Intl.DateTimeFormat(ctx.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/New_York' }).format(created),
    signedIn,
    canCreateAccount: !signedIn && order.guestCustomer && access !== undefined,
  };
  return data(found, { headers: { 'Cache-Control': 'no-store' } });
}

/**
 * "Create an account" on a guest's confirmation page (issue 3 "A guest order becomes an
 * account"): `PUT users/anonymous/orders/{code}/createuser` with the machine token, the chosen
 * password and the guid of the order's cart (from the order-access cookie, the proof that this
 * browser placed the order). On success the new customer is signed in and sent to the order in
 * their history (303). Errors come back per field (status 400); an existing account for the
 * order's email gets a "Sign in" message instead.
 */
export async function createAccountAction(args: ContextArgs & { params: { orderCode?: string } }) {
  const ctx = getRequestContext(args);
  const orderCode = args.params.orderCode ?? '';
  const form = await args.request.formData();
  const fail = (errors: FormErrors, exists = false) => data<CreateAccountActionData>({ errors, exists }, { status: 400 });
  const access = readOrderAccess(args.request).find((e) => e.code === orderCode);
  if (!access) return fail({ fieldErrors: {}, formError: ctx.t('confirmation.notFound.text') });
  let email = '';
  try {
    const order = await ctx.anonymousCommerce.getOrder(ctx.site, orderCode, { cartGuid: access.cartGuid }, { lang: ctx.lang });
    email = order.email;
  } catch (error) {
    if (!isApiError(error) || !error.isClientError) throw error;
    return fail({ fieldErrors: {}, formError: ctx.t('confirmation.notFound.text') });
  }
  const submission = parseForm(form, createAccountFormSchema(email), ctx.t, { labels: { password: 'confirmation.account.password' } });
  if (submission.status !== 'success') return fail({ fieldErrors: firstErrors(submission), formError: null });
  const { password } = submission.value;
  try {
    const sf = ctx.storefront;
    const machine = createCustomerClient(createApiCore({ baseUrl: sf.apiBaseUrl, fetch: sf.apiFetch, getToken: () => sf.getToken(), direct: sf.apiDirect ?? false }));
    await machine.createUserFromOrder(ctx.site, orderCode, { password, cartGuid: access.cartGuid });
  } catch (error) {
    if (!isApiError(error) || !error.isClientError) throw error;
    if (error.status === 409) return fail({ fieldErrors: {}, formError: ctx.t('confirmation.account.exists') }, true);
    const reason = error.reason;
    if (reason?.startsWith('password')) return fail({ fieldErrors: { password: passwordMessage(ctx, reason) }, formError: null });
    if (error.status === 429) return fail({ fieldErrors: {}, formError: ctx.t('occ.tooManyRequests', { minutes: waitMinutesOf(error) }) });
    return fail({ fieldErrors: {}, formError: ctx.t('occ.generic') });
  }
  const target = accountPaths(ctx.lang).order(orderCode);
  const result = await signIn(ctx, { email, password, redirectTo: target });
  const headers = new Headers();
  ctx.auth.commit(headers);
  return redirect(result.ok ? result.redirectTo : accountPaths(ctx.lang).login(target), { status: 303, headers });
}
