/**
 * Add several items at once, POST `/cart/add-several` and `/fr/panier/ajouter-plusieurs` (issue 13;
 * ADR 0032; spec §7 frequentlyBoughtTogetherAddToCart and bundleAddToCart). Field `kind`:
 * - `fbt`: the checked `productCodes` (the product page's "Frequently bought together" block) →
 *   frequentlyBoughtTogetherAddToCart; without JavaScript 303 to the cart, a refusal 303 back with
 *   `?fbtError=<reason>`;
 * - `bundle`: `productCode` (the bundle) and `qty` → bundleAddToCart; answers like /cart/add (303
 *   back with the flash message, or the fetcher's `{ok, cartQuantity, productName}`), so the
 *   bundle page's usual add-to-cart form works unchanged.
 * With JavaScript (`_mode=fetch`) both answer JSON: `{ ok: true, cartQuantity, productName?, count? }`
 * or `{ ok: false, reason }`. The cart cookie is kept from the answer. CSRF is checked by the
 * shell like every form post.
 */
import { isApiError } from '@store/contracts';
import { z } from 'zod';
import { data, redirect } from 'react-router';
import type { Route } from './+types/cart-add-several';
import type { AddToCartResult } from '../lib/add-to-cart-result.ts';
import { flashCookie } from '../lib/cookies.server.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { logServerError } from '../lib/logger.server.ts';
import { fbtCalls } from '../lib/fbt.server.ts';
import { safeRedirectTarget } from '../lib/safe-redirect.ts';

/** What the fetcher receives (the add-to-cart answer, plus how many items a multi-add added). */
export type AddSeveralResult = AddToCartResult | { ok: true; cartQuantity: number; productName: null; count: number };

const code = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9._-]+$/);
const FbtForm = z.object({ productCodes: z.array(code).min(1).max(6) });
const BundleForm = z.object({ productCode: code, qty: z.coerce.number().int().min(1).max(99).default(1) });

/** GET: nothing to show; go to the cart. */
export async function loader(args: Route.LoaderArgs) {
  return redirect(getRequestContext(args).paths.cart, 302);
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const back = safeRedirectTarget(form.get('redirectTo'), ctx.paths.home, ctx.url.origin);
  const viaFetcher = form.get('_mode') === 'fetch';
  const headers = new Headers();
  const cartGuid = ctx.cart.guid ? { cartGuid: ctx.cart.guid } : {};
  const calls = fbtCalls(ctx);
  const refusal = (error: unknown): { ok: false; reason: string } => {
    if (isApiError(error) && error.isClientError) return { ok: false, reason: error.reason ?? 'generic' };
    logServerError(error, { url: args.request.url, label: 'cart-add-several' });
    return { ok: false, reason: 'generic' };
  };

  if (form.get('kind') === 'bundle') {
    const parsed = BundleForm.safeParse({ productCode: form.get('productCode'), qty: form.get('qty') ?? undefined });
    let result: AddToCartResult;
    if (!parsed.success) result = { ok: false, reason: parsed.error.issues.some((i) => i.path[0] === 'qty') ? 'invalidQuantity' : 'notFound' };
    else {
      try {
        const answer = await calls.bundleAddToCart(ctx.site, { bundleCode: parsed.data.productCode, qty: parsed.data.qty, lang: ctx.lang, ...cartGuid });
        ctx.cart.setGuid(headers, answer.cartGuid);
        const name = typeof form.get('productName') === 'string' ? String(form.get('productName')).slice(0, 200) : null;
        result = { ok: true, cartQuantity: answer.cartQuantity, productName: name };
      } catch (error) {
        result = refusal(error);
      }
    }
    if (viaFetcher) return data(result, { headers });
    headers.append(
      'Set-Cookie',
      flashCookie(result.ok ? { kind: 'added', name: result.productName, cartQuantity: result.cartQuantity } : { kind: 'error', reason: result.reason }, ctx.secure),
    );
    return redirect(back, { status: 303, headers });
  }

  const parsed = FbtForm.safeParse({ productCodes: form.getAll('productCodes') });
  let result: AddSeveralResult;
  if (!parsed.success) result = { ok: false, reason: form.getAll('productCodes').length === 0 ? 'noneChosen' : 'notFound' };
  else {
    try {
      const answer = await calls.frequentlyBoughtTogetherAddToCart(ctx.site, { productCodes: [...new Set(parsed.data.productCodes)], lang: ctx.lang, ...cartGuid });
      ctx.cart.setGuid(headers, answer.cartGuid);
      result = { ok: true, cartQuantity: answer.cartQuantity, productName: null, count: answer.added.length };
    } catch (error) {
      result = refusal(error);
    }
  }
  if (viaFetcher) return data(result, { headers });
  if (result.ok) return redirect(ctx.paths.cart, { status: 303, headers });
  const url = new URL(back, ctx.url.origin);
  url.searchParams.set('fbtError', result.reason.slice(0, 40));
  return redirect(`${url.pathname}${url.search}#fbt-title`, { status: 303, headers });
}
