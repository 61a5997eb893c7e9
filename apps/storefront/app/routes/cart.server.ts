/**
 * Cart page loader and action (issue 2 "cart page", spec §2, §4). The loader reads the cart of
 * the `cartGuid` cookie and runs the cart-validation check (spec §2) so stock problems show on
 * each line. The action updates or removes a line: without JavaScript a plain POST that redirects
 * back (`?notice=`), with JavaScript a fetcher that receives the outcome as data.
 */
import { isApiError } from '@store/contracts';
import type { Cart, CartValidationResponse } from '@store/contracts';
import { SITES } from '@store/domain';
import { data, redirect } from 'react-router';
import type { PageMeta } from '../lib/meta.ts';
import { getRequestContext } from '../lib/context.server.ts';
import type { ContextArgs, RequestContext } from '../lib/context.server.ts';
import { translateOccError } from '../components/checkout/occ-errors.ts';
import { isPromoIntent } from '../components/promotions/promo-actions.ts';
import type { PromoActionResult } from '../components/promotions/promo-actions.ts';
import { promoFormAction } from '../lib/promo.server.ts';

/** The cart as sent to the browser: without its guid (the guid lives in an HttpOnly cookie only). */
export type CartView = Omit<Cart, 'cartGuid'>;

/** The cart without its guid, for loader data. */
export function cartView(cart: Cart): CartView {
  const { cartGuid: _guid, ...view } = cart;
  return view;
}

/** A notice shown at the top of the cart page after a change. */
export type CartNotice = 'updated' | 'removed';

/** Data of the cart page. */
export interface CartPageData {
  meta: PageMeta;
  /** the open cart, or null when there is none or it is empty */
  cart: CartView | null;
  /** entryNumber → translated stock/sellability problem (cart validation, spec §2) */
  problems: Record<number, string>;
  /** set when checkout sent the shopper back because the cart failed validation */
  reviewRequired: boolean;
  notice: CartNotice | null;
  checkoutPath: string;
  continuePath: string;
  /** this page's path in the request language (form action) */
  cartPath: string;
}

/** The outcome of a cart action (fetcher data, or action data without JavaScript). */
export type CartActionResult =
  | { ok: true; intent: 'update' | 'remove'; entryNumber: number }
  | { ok: false; intent: 'update' | 'remove'; entryNumber: number | null; error: string };

/**
 * The shopper's open cart, or null when there is no cookie, the API does not know the guid, the
 * cart is already ordered or it is empty. Other API failures propagate (error page).
 */
export async function readOpenCart(ctx: RequestContext): Promise<Cart | null> {
  if (!ctx.cart.guid) return null;
  try {
    const cart = await ctx.commerce.getCart(ctx.site, ctx.cart.guid, { lang: ctx.lang });
    return cart.status === 'open' && cart.entries.length > 0 ? cart : null;
  } catch (error) {
    if (isApiError(error) && error.isClientError) return null;
    throw error;
  }
}

/** The validation findings as translated messages by entry number. */
export function problemsOf(ctx: RequestContext, validation: CartValidationResponse | null): Record<number, string> {
  const out: Record<number, string> = {};
  for (const m of validation?.messages ?? []) {
    const ctxValues = m.available === undefined ? {} : { available: m.available };
    out[m.entryNumber] ??= translateOccError(ctx.t, { reason: m.reason, message: m.message, type: 'CartError' }, ctxValues);
  }
  return out;
}

/** Loads the cart page. */
export async function loadCartPage(args: ContextArgs): Promise<CartPageData> {
  const ctx = getRequestContext(args);
  const cart = await readOpenCart(ctx);
  let validation: CartValidationResponse | null = null;
  if (cart) {
    validation = await ctx.commerce.validateCart(ctx.site, cart.cartGuid, { lang: ctx.lang }).catch((error: unknown) => {
      if (isApiError(error) && error.isClientError) return null;
      throw error;
    });
  }
  const notice = ctx.url.searchParams.get('notice');
  return {
    meta: { title: ctx.t('meta.title', { title: ctx.t('cart.metaTitle'), brand: brandName(ctx) }), noindex: true },
    cart: cart ? cartView(cart) : null,
    problems: problemsOf(ctx, validation),
    reviewRequired: ctx.url.searchParams.get('review') === '1' && validation !== null && !validation.valid,
    notice: notice === 'updated' || notice === 'removed' ? notice : null,
    checkoutPath: ctx.paths.checkout,
    continuePath: ctx.paths.home,
    cartPath: ctx.paths.cart,
  };
}

/** The brand name of the request's site (page titles). */
export function brandName(ctx: RequestContext): string {
  return SITES[ctx.site].name;
}

function intOf(v: FormDataEntryValue | null): number | null {
  if (typeof v !== 'string' || !/^\s*-?\d+\s*$/.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Handles `intent=update` (fields `entryNumber`, `qty`; qty 0 removes) and `intent=remove`
 * (`entryNumber`). A fetcher (`_mode=fetch`) gets {@link CartActionResult}; a plain form POST is
 * redirected back to the cart page on success, and gets the result with status 400 on failure.
 * The coupon box's intents (`applyCoupon`, `removeCoupon`, issue 4) answer a
 * {@link PromoActionResult} instead (lib/promo.server.ts).
 */
export async function cartAction(
  args: ContextArgs,
): Promise<Response | ReturnType<typeof data<CartActionResult>> | ReturnType<typeof data<PromoActionResult>>> {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const rawIntent = form.get('intent');
  if (isPromoIntent(rawIntent)) return promoFormAction(args, rawIntent, form, { redirectTo: ctx.paths.cart });
  const intent = form.get('intent') === 'remove' ? 'remove' : 'update';
  const fetchMode = form.get('_mode') === 'fetch';
  const entryNumber = intOf(form.get('entryNumber'));
  const fail = (error: string, status = 400) => data<CartActionResult>({ ok: false, intent, entryNumber, error }, { status });
  if (!ctx.cart.guid) return fail(ctx.t('occ.cartNotFound'));
  if (entryNumber === null || entryNumber < 0) return fail(ctx.t('occ.entryNotFound'));
  let qty = 0;
  if (intent === 'update') {
    const parsed = intOf(form.get('qty'));
    if (parsed === null || parsed < 0 || parsed > 99) return fail(ctx.t('occ.invalidQuantity'));
    qty = parsed;
  }
  try {
    if (intent === 'remove' || qty === 0) {
      await ctx.commerce.removeEntry(ctx.site, ctx.cart.guid, entryNumber, { lang: ctx.lang });
    } else {
      await ctx.commerce.updateEntry(ctx.site, ctx.cart.guid, entryNumber, qty, { lang: ctx.lang });
    }
  } catch (error) {
    if (!isApiError(error) || !error.isClientError) throw error;
    const first = error.errors[0];
    const text = first ? translateOccError(ctx.t, first) : ctx.t('occ.generic');
    return fail(text, error.status === 404 || error.status === 409 ? 409 : 400);
  }
  const done: CartActionResult = { ok: true, intent: intent === 'remove' || qty === 0 ? 'remove' : 'update', entryNumber };
  if (fetchMode) return data(done);
  const notice: CartNotice = done.intent === 'remove' ? 'removed' : 'updated';
  return redirect(`${ctx.paths.cart}?notice=${notice}`, 303);
}
