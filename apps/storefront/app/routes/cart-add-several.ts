/**
 * "Add all to cart" of the product page's "Frequently bought together" block, POST
 * `/cart/add-several` and `/fr/panier/ajouter-plusieurs` (issue 13; ADR 0032; spec §7
 * frequentlyBoughtTogetherAddToCart): the checked `productCodes` (1–6) in one call, as the shopper
 * (`users/current` when signed in), with the cart cookie's guid; the cookie is kept from the answer.
 * - Without JavaScript: 303 to the cart; a refusal 303 back to `redirectTo` with `?fbtError=<reason>`.
 * - With JavaScript (`_mode=fetch`): `{ ok: true, cartQuantity, count }` or `{ ok: false, reason }`.
 * (A bundle page adds through /cart/add with `kind=bundle`, which calls bundleAddToCart.) CSRF is
 * checked by the shell like every form post.
 */
import { isApiError } from '@store/contracts';
import { z } from 'zod';
import { data, redirect } from 'react-router';
import type { Route } from './+types/cart-add-several';
import { getRequestContext } from '../lib/context.server.ts';
import { logServerError } from '../lib/logger.server.ts';
import { fbtCalls } from '../lib/fbt.server.ts';
import { safeRedirectTarget } from '../lib/safe-redirect.ts';

/** What the fetcher receives: the cart's units and how many items were added, or the refusal reason. */
export type AddSeveralResult = { ok: true; cartQuantity: number; count: number } | { ok: false; reason: string };

const code = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9._-]+$/);
const FbtForm = z.object({ productCodes: z.array(code).min(1).max(6) });

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
  const refusal = (error: unknown): { ok: false; reason: string } => {
    if (isApiError(error) && error.isClientError) return { ok: false, reason: error.reason ?? 'generic' };
    logServerError(error, { url: args.request.url, label: 'cart-add-several' });
    return { ok: false, reason: 'generic' };
  };

  const parsed = FbtForm.safeParse({ productCodes: form.getAll('productCodes') });
  let result: AddSeveralResult;
  if (!parsed.success) result = { ok: false, reason: form.getAll('productCodes').length === 0 ? 'noneChosen' : 'notFound' };
  else {
    try {
      const answer = await fbtCalls(ctx).frequentlyBoughtTogetherAddToCart(ctx.site, { productCodes: [...new Set(parsed.data.productCodes)], lang: ctx.lang, ...cartGuid });
      ctx.cart.setGuid(headers, answer.cartGuid);
      result = { ok: true, cartQuantity: answer.cartQuantity, count: answer.added.length };
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
