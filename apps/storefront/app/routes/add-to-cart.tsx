/**
 * Add to cart, POST /cart/add or /fr/panier/ajouter (spec §3 Add-to-cart payload, §4, §7): fields
 * productCode, qty (default 1; the whole form parsed with the contract's `AddToCartAdFormSchema`, issue 11 item 1), entryType (default STD), redirectTo; issue 10: `entryType=AD` with the
 * auto-delivery purchase choice's fields (adSchedule, frequencyWeeks, podsAtHomeQty, cupsPerDay,
 * dayOfMonth; lib/auto-delivery.server.ts `adAddFieldsOf`). Calls the commerce API with
 * the cartGuid cookie, in the language of the path (the French path answers the French product
 * name: issue 9 item 8, ADR 0016), and sets the cookie from the answer.
 * - Without JavaScript (a plain form POST): 303 back to `redirectTo` with a one-shot flash cookie
 *   (the snackbar, or the translated refusal).
 * - With JavaScript (a fetcher, field `_mode=fetch`): `{ ok, cartQuantity, productName }` or
 *   `{ ok: false, reason }` (the OCC `reason`, e.g. insufficientStock).
 */
import { isApiError } from '@store/contracts';
import { AddToCartAdFormSchema } from '@store/contracts/forms';
import { DEFAULT_ADD_QTY, DEFAULT_ENTRY_TYPE } from '@store/domain';
import { data, redirect } from 'react-router';
import type { Route } from './+types/add-to-cart';
import type { AddToCartResult } from '../lib/add-to-cart-result.ts';
import { flashCookie } from '../lib/cookies.server.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { logServerError } from '../lib/logger.server.ts';
import { applyCategoryCoupon } from '../lib/promo.server.ts';
import { adAddFieldsOf, withSmartFrequency } from '../lib/auto-delivery.server.ts';
import { safeRedirectTarget } from '../lib/safe-redirect.ts';
import { firstErrors, parseForm } from '../lib/forms.ts';
import { ADD_TO_CART_TEXT, addToCartRefusalOf } from '../lib/add-to-cart.server.ts';
import { bundleAddAnswer } from '../lib/fbt.server.ts';

/**
 * A same-origin path to go back to (`/x?y`), never another origin (issue 9 item 7: see
 * app/lib/safe-redirect.ts); `fallback` otherwise.
 * @param origin the request origin the target is resolved against
 */
export function safeRedirect(to: FormDataEntryValue | null, fallback: string, origin?: string): string {
  return safeRedirectTarget(to, fallback, origin);
}

/** GET /cart/add: nothing to show; go to the cart. */
export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  return redirect(ctx.paths.cart, 302);
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const submission = parseForm(form, AddToCartAdFormSchema, ctx.t, ADD_TO_CART_TEXT);
  const redirectTo = safeRedirect(form.get('redirectTo'), ctx.paths.home, ctx.url.origin);
  const viaFetcher = form.get('_mode') === 'fetch';
  const headers = new Headers();

  let result: AddToCartResult;
  if (submission.status !== 'success') {
    // a bad product code is a product we cannot sell; a bad field is named (issue 11 item 1)
    result = addToCartRefusalOf(firstErrors(submission), ctx.t);
  } else {
    const { productCode, qty = DEFAULT_ADD_QTY } = submission.value;
    try {
      const { entryType, ...adFields } = await withSmartFrequency(ctx, productCode, adAddFieldsOf(submission.value, DEFAULT_ENTRY_TYPE));
      // issue 13 (ADR 0032): a bundle page's form (`kind=bundle`) adds through bundleAddToCart
      const answer = form.get('kind') === 'bundle' ? await bundleAddAnswer(ctx, productCode, qty) : await ctx.commerce.addToCart(ctx.site, {
        productCode,
        qty,
        entryType,
        ...adFields,
        lang: ctx.lang,
        ...(ctx.cart.guid ? { cartGuid: ctx.cart.guid } : {}),
      });
      ctx.cart.setGuid(headers, answer.cartGuid);
      // a coupon kept from `?coupon=` before the cart existed (issue 4 category coupon cookie)
      await applyCategoryCoupon(ctx, answer.cartGuid, headers);
      result = { ok: true, cartQuantity: answer.cartQuantity, productName: answer.entry.product.name };
    } catch (error) {
      if (isApiError(error) && error.isClientError) {
        result = { ok: false, reason: error.reason ?? 'generic' };
      } else {
        logServerError(error, { url: args.request.url, label: 'add-to-cart' });
        result = { ok: false, reason: 'generic' };
      }
    }
  }

  // 200 either way: the outcome is in the body, and the browser logs no failed request
  if (viaFetcher) return data(result, { headers });
  headers.append(
    'Set-Cookie',
    flashCookie(
      result.ok
        ? { kind: 'added', name: result.productName, cartQuantity: result.cartQuantity }
        : { kind: 'error', reason: result.reason, ...(result.text !== undefined ? { text: result.text } : {}) },
      ctx.secure,
    ),
  );
  return redirect(redirectTo, { status: 303, headers });
}
