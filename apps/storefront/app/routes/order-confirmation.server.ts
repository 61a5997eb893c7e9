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
import { isApiError } from '@store/contracts';
import type { Order } from '@store/contracts';
import { SITES } from '@store/domain';
import { data } from 'react-router';
import { getRequestContext } from '../lib/context.server.ts';
import type { ContextArgs } from '../lib/context.server.ts';
import { readCookie, serializeCookie } from '../lib/cookies.server.ts';
import type { PageMeta } from '../lib/meta.ts';

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
  let order: Order | null = null;
  if (access) {
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
  };
  return data(found, { headers: { 'Cache-Control': 'no-store' } });
}
