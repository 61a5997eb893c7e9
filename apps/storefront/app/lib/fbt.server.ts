/**
 * Product page recommendations (issue 13; ADR 0032; spec §3 `frequentlyBoughtTogether`, §7
 * getProductOOSRecommendation, frequentlyBoughtTogetherAddToCart, bundleAddToCart). Deferred
 * loaders: they never reject (null when anything fails or there is nothing to show), so a failing
 * call leaves the page intact.
 */
import { createFbtClient, type ProductCard, type ProductFull, type FbtCalls } from '@store/contracts';
import type { RequestContext } from './context.server.ts';

/** The calls as the shopper: `users/current` when signed in, else `users/anonymous`. */
export function fbtCalls(ctx: RequestContext): FbtCalls {
  return ctx.auth.isLoggedIn ? createFbtClient(ctx.customerCore, { user: 'current' }) : createFbtClient(ctx.anonymousCore);
}

/**
 * A bundle page's add to cart (`kind=bundle` on /cart/add): bundleAddToCart with the cart cookie's
 * guid, answered in the shape the add-to-cart action reads of addProductToCart.
 * @throws ApiError as the call does (the action turns 4xx into the form's refusal)
 */
export async function bundleAddAnswer(ctx: RequestContext, bundleCode: string, qty: number): Promise<{ cartGuid: string; cartQuantity: number; entry: { product: { name: string } } }> {
  const r = await fbtCalls(ctx).bundleAddToCart(ctx.site, { bundleCode, qty, lang: ctx.lang, ...(ctx.cart.guid ? { cartGuid: ctx.cart.guid } : {}) });
  return { cartGuid: r.cartGuid, cartQuantity: r.cartQuantity, entry: { product: { name: r.name } } };
}

/** The "frequently bought together" partners of a product, as cards (in stock only). */
export function loadFrequentlyBoughtTogether(ctx: RequestContext, product: ProductFull): Promise<ProductCard[] | null> {
  const codes = product.variantOptions[0]?.frequentlyBoughtTogether ?? [];
  if (codes.length === 0 || product.isVirtual) return Promise.resolve(null);
  return ctx.api
    .getProductCodesData(ctx.site, codes, { lang: ctx.lang })
    .then(({ products }) => {
      const inStock = products.filter((p) => p.stock.stockLevelStatus !== 'outOfStock' && p.code !== product.code);
      return inStock.length ? inStock : null;
    })
    .catch(() => null);
}

/**
 * "Try these instead" for a product with a sold-out variant: the alternatives of the selected
 * variant when it is sold out, else of the first sold-out variant (the page shows them only while
 * a sold-out variant is chosen). Null when every variant is in stock.
 */
export function loadOosAlternatives(ctx: RequestContext, product: ProductFull, selectedCode: string): Promise<ProductCard[] | null> {
  const soldOut = product.variantOptions.filter((v) => v.stock.stockLevelStatus === 'outOfStock');
  const selectedOut = soldOut.find((v) => v.code === selectedCode);
  const code = selectedOut?.code ?? soldOut[0]?.code ?? (product.stock.stockLevelStatus === 'outOfStock' ? product.code : null);
  if (!code) return Promise.resolve(null);
  return fbtCalls(ctx)
    .getProductOOSRecommendation(ctx.site, code, { lang: ctx.lang })
    .then((r) => (r.products.length ? r.products : null))
    .catch(() => null);
}
