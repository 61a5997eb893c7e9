/**
 * Coupons and gift cards on the storefront server (issue 4, ADR 0010, spec §3 Coupon and
 * "Cookies and storage: category coupon", §4 coupon snackbar, §7 coupon and gift-card calls).
 *
 * - {@link applyQueryParamCoupon} (applyQueryParamCoupon, spec §7): `?coupon=CODE` on any page
 *   request. The root loader calls it: the coupon is checked (`getCouponData`), applied to the
 *   shopper's open cart, or kept in the functional `categoryCoupon` cookie until a cart exists;
 *   then the page redirects to itself without the parameter and the snackbar (5000 ms) shows the
 *   coupon's message, or the reason it was refused. The redirect never carries `coupon`, so there
 *   is no loop.
 * - {@link applyCategoryCoupon}: the add-to-cart action applies the kept coupon to the cart it
 *   created or added to, then forgets it.
 * - {@link promoFormAction}: the coupon box (cart, checkout) and the gift-card forms (checkout):
 *   one intent per POST. A fetcher (`_mode=fetch`) gets {@link PromoActionResult}; a plain POST
 *   is redirected back on success (a balance check answers its result instead) and gets the
 *   result (status 400) on a refusal, so the page shows the message next to the field without
 *   JavaScript.
 */
import { isApiError } from '@store/contracts';
import type { Cart } from '@store/contracts';
import { data, redirect } from 'react-router';
import { CouponFormSchema, GiftCardAmountFormSchema, GiftCardFormSchema, GiftCardLineFormSchema } from '@store/contracts/forms';
import { couponErrorKey, giftCardErrorKey, promoKindOf } from '../components/promotions/promo-actions.ts';
import type { PromoActionResult, PromoIntent } from '../components/promotions/promo-actions.ts';
import { flashCookie, readCookie, serializeCookie } from './cookies.server.ts';
import { firstErrors, parseForm } from './forms.ts';
import type { FormText } from './forms.ts';
import { getRequestContext } from './context.server.ts';
import type { ContextArgs, RequestContext } from './context.server.ts';
import type { Flash } from './flash.ts';
import { logServerError } from './logger.server.ts';
import { sameOriginPath } from './safe-redirect.ts';
import { waitMinutesOf } from './wait.ts';

/** Name of the category coupon cookie (spec §3 "Cookies and storage": category coupon). */
export const CATEGORY_COUPON_COOKIE = 'categoryCoupon';
/** Lifetime of the category coupon cookie: 7 days, in seconds. */
export const CATEGORY_COUPON_MAX_AGE_S = 7 * 24 * 60 * 60;
/** The query parameter read on every page (spec §7 applyQueryParamCoupon). */
export const COUPON_PARAM = 'coupon';

const COUPON_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `Set-Cookie` keeping a coupon until a cart exists: functional (needed to honour the link the
 * shopper followed), HttpOnly, SameSite=Lax, Secure on HTTPS, 7 days.
 */
export function categoryCouponCookie(code: string, secure: boolean): string {
  return serializeCookie(CATEGORY_COUPON_COOKIE, code, { maxAge: CATEGORY_COUPON_MAX_AGE_S, httpOnly: true, secure, sameSite: 'Lax' });
}

/** `Set-Cookie` deleting the category coupon cookie. */
export function clearCategoryCouponCookie(secure: boolean): string {
  return serializeCookie(CATEGORY_COUPON_COOKIE, '', { maxAge: 0, httpOnly: true, secure, sameSite: 'Lax' });
}

/** The kept coupon code of a request when it looks like a code, else null. */
export function readCategoryCoupon(request: Request): string | null {
  const v = readCookie(request, CATEGORY_COUPON_COOKIE);
  return v && COUPON_SHAPE.test(v) ? v : null;
}

/** The same page without `coupon` (and without React Router's `_routes`), as a same-site path. */
export function withoutCouponParam(url: URL): string {
  const next = new URL(url);
  next.searchParams.delete(COUPON_PARAM);
  next.searchParams.delete('_routes');
  const path = next.pathname.replace(/\.data$/, '') || '/';
  return `${path.startsWith('//') ? '/' : path}${next.search}`;
}

/** The shopper's open cart (any number of lines), or null; API failures answer null. */
async function openCartOf(ctx: RequestContext): Promise<Cart | null> {
  if (!ctx.cart.guid) return null;
  try {
    const cart = await ctx.commerce.getCart(ctx.site, ctx.cart.guid, { lang: ctx.lang });
    return cart.status === 'open' ? cart : null;
  } catch {
    return null;
  }
}

/** A storefront path from the coupon's `pageName`, or null when it is not a same-site path. */
function pageLink(pageName: string | null): string | null {
  return sameOriginPath(pageName);
}

/**
 * Handles `?coupon=CODE` of a GET page request (see module comment). Does nothing without the
 * parameter; otherwise throws the redirect to the same URL without it, carrying the flash cookie
 * (and the category coupon cookie when there is no open cart). Never throws anything else: an API
 * failure becomes an error snackbar.
 */
export async function applyQueryParamCoupon(args: ContextArgs): Promise<void> {
  const method = args.request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return;
  const url = new URL(args.request.url);
  const raw = url.searchParams.get(COUPON_PARAM);
  if (raw === null) return;
  const ctx = getRequestContext(args);
  const headers = new Headers();
  const code = raw.trim();
  const fail = (reason: string | undefined): Flash => ({ kind: 'coupon', ok: false, text: ctx.t(couponErrorKey(reason)), link: null });
  let flash: Flash;
  if (!COUPON_SHAPE.test(code)) {
    flash = fail('couponNotFound');
  } else {
    try {
      const coupon = await ctx.commerce.getCouponData(ctx.site, code, { lang: ctx.lang });
      const cart = await openCartOf(ctx);
      flash = { kind: 'coupon', ok: true, text: coupon.message || ctx.t('promo.coupon.applied', { code: coupon.couponCode }), link: pageLink(coupon.pageName) };
      if (cart) {
        try {
          await ctx.commerce.applyCoupon(ctx.site, cart.cartGuid, coupon.couponCode, { lang: ctx.lang });
        } catch (error) {
          if (!isApiError(error) || !error.isClientError) throw error;
          if (error.reason !== 'couponAlreadyApplied') flash = fail(error.reason);
        }
      } else {
        headers.append('Set-Cookie', categoryCouponCookie(coupon.couponCode, ctx.secure));
      }
    } catch (error) {
      if (isApiError(error) && error.isClientError) {
        flash = fail(error.status === 404 ? 'couponNotFound' : error.reason);
      } else {
        logServerError(error, { url: args.request.url, label: 'coupon-param' });
        flash = fail(undefined);
      }
    }
  }
  headers.append('Set-Cookie', flashCookie(flash, ctx.secure));
  throw redirect(withoutCouponParam(url), { status: 302, headers });
}

/**
 * After an add to cart: applies the kept category coupon to the cart and forgets it (also when
 * the API refuses it: the shopper can still type it in the coupon box). Never throws.
 */
export async function applyCategoryCoupon(ctx: RequestContext, cartGuid: string, headers: Headers): Promise<void> {
  const code = readCategoryCoupon(ctx.request);
  if (!code) return;
  try {
    await ctx.commerce.applyCoupon(ctx.site, cartGuid, code, { lang: ctx.lang });
    headers.append('Set-Cookie', clearCategoryCouponCookie(ctx.secure));
  } catch (error) {
    if (isApiError(error) && error.isClientError) {
      headers.append('Set-Cookie', clearCategoryCouponCookie(ctx.secure));
      return;
    }
    logServerError(error, { url: ctx.request.url, label: 'category-coupon' });
  }
}

/**
 * The wording of the coupon and gift-card forms (issue 11 item 1, ADR 0025): the typed fields are
 * named ("Coupon code: this field is required."); a bad hidden field (a gift card's id, the
 * code of "remove") answers the box's generic message.
 */
export const PROMO_TEXT: FormText = {
  labels: { couponCode: 'promo.coupon.label', giftCardCode: 'promo.gc.code', amount: 'promo.gc.amount' },
};

/** What the shopper typed, to fill the field again after a refused plain POST (at most 64 characters; never parsed). */
function typedValue(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v.slice(0, 64) : '';
}

/** The first message of a failed parse, for `field`, or null when another field failed. */
function errorOf(submission: Parameters<typeof firstErrors>[0], field: string): string | null {
  return firstErrors(submission)[field] ?? null;
}

/**
 * Runs one promotions intent against the API, its fields parsed with the contract form schemas
 * (`CouponFormSchema`, `GiftCardFormSchema`, `GiftCardAmountFormSchema`, `GiftCardLineFormSchema`;
 * issue 11 item 1). Answers the outcome; a bad typed field is named in the page's language, API
 * business errors (4xx) become translated messages.
 * @throws the API error of a 5xx or a network failure (the error page)
 */
export async function runPromoIntent(ctx: RequestContext, intent: PromoIntent, form: FormData, cartGuid: string | null): Promise<PromoActionResult> {
  const promo = promoKindOf(intent);
  const rawId = typedValue(form, 'giftCardId');
  const giftCardId = rawId === '' ? null : rawId;
  const codeField = promo === 'coupon' ? 'couponCode' : 'giftCardCode';
  const typedField = intent === 'applyGiftCardValue' ? 'amount' : codeField;
  const base = { promo, intent, giftCardId, value: typedValue(form, typedField) };
  const ok = (message: string | null): PromoActionResult => ({ ...base, ok: true, message, field: null });
  const refuse = (message: string, fieldName: string | null): PromoActionResult => ({ ...base, ok: false, message, field: fieldName });
  const amountField = giftCardId ? `amount-${giftCardId}` : null;
  if (!cartGuid) return refuse(ctx.t(promo === 'coupon' ? 'promo.coupon.noCart' : 'occ.cartNotFound'), null);
  const opts = { lang: ctx.lang };
  try {
    switch (intent) {
      case 'applyCoupon': {
        const parsed = parseForm(form, CouponFormSchema, ctx.t, PROMO_TEXT);
        if (parsed.status !== 'success') return refuse(errorOf(parsed, 'couponCode') ?? ctx.t('promo.coupon.error.generic'), codeField);
        const code = parsed.value.couponCode;
        const cart = await ctx.commerce.applyCoupon(ctx.site, cartGuid, code, opts);
        const applied = cart.appliedCoupons.find((c) => c.couponCode.toUpperCase() === code.toUpperCase());
        return { ...ok(ctx.t('promo.coupon.applied', { code: applied?.couponCode ?? code.toUpperCase() })), value: '' };
      }
      case 'removeCoupon': {
        const parsed = parseForm(form, CouponFormSchema, ctx.t, PROMO_TEXT);
        if (parsed.status !== 'success') return refuse(ctx.t('promo.coupon.error.generic'), null);
        const code = parsed.value.couponCode;
        await ctx.commerce.removeCoupon(ctx.site, cartGuid, code, opts);
        return { ...ok(ctx.t('promo.coupon.removed', { code })), value: '' };
      }
      case 'checkGiftCard': {
        const parsed = parseForm(form, GiftCardFormSchema, ctx.t, PROMO_TEXT);
        if (parsed.status !== 'success') return refuse(errorOf(parsed, 'giftCardCode') ?? ctx.t('promo.gc.error.generic'), codeField);
        const card = await ctx.commerce.validateGiftCard(ctx.site, cartGuid, parsed.value.giftCardCode, opts);
        if (!card.valid) return refuse(ctx.t(card.balance.value <= 0 ? 'promo.gc.error.giftCardEmpty' : 'promo.gc.error.generic'), codeField);
        return ok(ctx.t('promo.gc.checked', { card: card.maskedCode, balance: card.balance.formattedValue }));
      }
      case 'applyGiftCard': {
        const parsed = parseForm(form, GiftCardFormSchema, ctx.t, PROMO_TEXT);
        if (parsed.status !== 'success') return refuse(errorOf(parsed, 'giftCardCode') ?? ctx.t('promo.gc.error.generic'), codeField);
        await ctx.commerce.applyGiftCard(ctx.site, cartGuid, parsed.value.giftCardCode, opts);
        return { ...ok(ctx.t('promo.gc.appliedNotice')), value: '' };
      }
      case 'applyGiftCardValue': {
        const parsed = parseForm(form, GiftCardAmountFormSchema, ctx.t, PROMO_TEXT);
        if (parsed.status !== 'success') {
          const amountError = errorOf(parsed, 'amount');
          return amountError && giftCardId ? refuse(amountError, amountField) : refuse(ctx.t('promo.gc.error.generic'), null);
        }
        await ctx.commerce.applyGiftCardValue(ctx.site, cartGuid, parsed.value.giftCardId, parsed.value.amount, opts);
        return ok(ctx.t('promo.gc.amountNotice'));
      }
      case 'removeGiftCard': {
        const parsed = parseForm(form, GiftCardLineFormSchema, ctx.t, PROMO_TEXT);
        if (parsed.status !== 'success') return refuse(ctx.t('promo.gc.error.generic'), null);
        await ctx.commerce.removeGiftCard(ctx.site, cartGuid, parsed.value.giftCardId, opts);
        return ok(ctx.t('promo.gc.removedNotice'));
      }
    }
  } catch (error) {
    if (!isApiError(error) || !error.isClientError) throw error;
    if (promo === 'coupon') {
      const reason = error.status === 404 && intent === 'applyCoupon' ? 'couponNotFound' : error.reason;
      return refuse(ctx.t(couponErrorKey(reason)), intent === 'applyCoupon' ? codeField : null);
    }
    const target = intent === 'applyGiftCardValue' ? amountField : intent === 'removeGiftCard' ? null : codeField;
    return refuse(ctx.t(giftCardErrorKey(error.reason, error.status), { minutes: waitMinutesOf(error) }), target);
  }
}

/**
 * The response of a promotions POST (see module comment): fetcher → the result (status 400 when
 * refused); plain POST → 303 to `redirectTo` on success, the result with status 400 otherwise.
 */
export async function promoFormAction(
  args: ContextArgs,
  intent: PromoIntent,
  form: FormData,
  opts: { redirectTo: string },
): Promise<Response | ReturnType<typeof data<PromoActionResult>>> {
  const ctx = getRequestContext(args);
  const result = await runPromoIntent(ctx, intent, form, ctx.cart.guid);
  const status = result.ok ? 200 : 400;
  if (form.get('_mode') === 'fetch') return data(result, { status });
  // a balance check changes nothing: the page shows its answer instead of redirecting
  if (result.ok && intent !== 'checkGiftCard') return redirect(opts.redirectTo, 303);
  return data(result, { status });
}
