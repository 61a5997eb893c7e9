/**
 * `GET /cart/validateCart` (spec §2 "a cart-validation check before checkout", §7 server
 * routes): the shopper's cart (cartGuid cookie) checked by the API for stock and sellability.
 * Answers JSON `{ valid, messages, empty }` (messages in the shopper's language, one per problem
 * line; `?lang=fr` asks for French on a store that sells in French); `{ valid: false, messages: [],
 * empty: true }` when there is no open cart with items.
 */
import { isApiError } from '@store/contracts';
import { siteSupportsLang } from '@store/domain';
import type { Route } from './+types/cart-validate';
import { getRequestContext } from '../lib/context.server.ts';
import { readOpenCart } from './cart.server.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const cart = await readOpenCart(ctx);
  if (!cart) return Response.json({ valid: false, messages: [], empty: true }, { headers: NO_STORE });
  try {
    const lang = ctx.url.searchParams.get('lang') === 'fr' && siteSupportsLang(ctx.site, 'fr') ? 'fr' : ctx.lang;
    const result = await ctx.commerce.validateCart(ctx.site, cart.cartGuid, { lang });
    return Response.json({ valid: result.valid, messages: result.messages, empty: false }, { headers: NO_STORE });
  } catch (error) {
    if (isApiError(error) && error.isClientError) {
      return Response.json({ valid: false, messages: [], empty: true }, { headers: NO_STORE });
    }
    throw error;
  }
}
