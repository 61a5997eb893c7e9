/**
 * Route table (spec §2). Every page exists twice: the English path and the `/fr`-prefixed French
 * path (distinct route ids, same module). The cart and checkout modules belong to the
 * cart/checkout work; the shell registers their paths here.
 */
import { index, route } from '@react-router/dev/routes';
import type { RouteConfig, RouteConfigEntry } from '@react-router/dev/routes';

/** The English and French routes of one module. */
function both(enPath: string, frPath: string, file: string, id: string): RouteConfigEntry[] {
  return [route(enPath, file, { id }), route(frPath, file, { id: `${id}-fr` })];
}

export default [
  index('routes/home.tsx', { id: 'home' }),
  route('fr', 'routes/home.tsx', { id: 'home-fr' }),

  // catalogue
  ...both('search', 'fr/recherche', 'routes/search.tsx', 'search'),
  ...both(':slug/c/:code', 'fr/:slug/c/:code', 'routes/category.tsx', 'category'),
  ...both('c/:code', 'fr/c/:code', 'routes/category.tsx', 'category-bare'),
  ...both(':slug/p/:code', 'fr/:slug/p/:code', 'routes/product.tsx', 'product'),
  ...both('p/:code', 'fr/p/:code', 'routes/product.tsx', 'product-bare'),
  ...both('pdp/*', 'fr/pdp/*', 'routes/product.tsx', 'product-pdp'),
  ...both('b/:code', 'fr/b/:code', 'routes/product.tsx', 'bundle'),
  ...both(':slug/b/:code', 'fr/:slug/b/:code', 'routes/product.tsx', 'bundle-slug'),

  // content
  ...both('discontinued-items', 'fr/article-de-fin-de-serie', 'routes/discontinued.tsx', 'discontinued'),
  ...both('content/*', 'fr/content/*', 'routes/content.tsx', 'content'),

  // cart and checkout (modules owned by the cart/checkout work)
  ...both('cart', 'fr/panier', 'routes/cart.tsx', 'cart'),
  ...both('checkout/singlestep', 'fr/checkout/singlestep', 'routes/checkout.tsx', 'checkout'),
  ...both('checkout/v2/singlestep', 'fr/checkout/v2/singlestep', 'routes/checkout.tsx', 'checkout-v2'),
  ...both(
    'order-confirmation/:orderCode',
    'fr/confirmation-de-commande/:orderCode',
    'routes/order-confirmation.tsx',
    'order-confirmation',
  ),
  route('cart/validateCart', 'routes/cart-validate.ts', { id: 'cart-validate' }),

  // add to cart (resource route, POST; cards and product pages)
  route('cart/add', 'routes/add-to-cart.tsx', { id: 'add-to-cart' }),

  // dev only: a page whose rendering crashes (checks the 500 error page)
  ...both('_dev/crash', 'fr/_dev/crash', 'routes/dev-crash.tsx', 'dev-crash'),

  // starter-kit landing slugs, then 404
  ...both('*', 'fr/*', 'routes/catch-all.tsx', 'catch-all'),
] satisfies RouteConfig;
