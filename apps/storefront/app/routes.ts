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
  // issue 13 (ADR 0035): pod-id product URLs (spec §2) and the quick shop (spec §9)
  ...both('pod-id/*', 'fr/pod-id/*', 'routes/product.tsx', 'pod-id'),
  ...both('quick-shop', 'fr/achat-rapide', 'routes/quick-shop.tsx', 'quick-shop'),

  // monthly boxes (issue 10; spec §9 box counts 20, 22, 24)
  ...both('monthly-box/:boxCount?', 'fr/boite-mensuelle/:boxCount?', 'routes/monthly-box.tsx', 'monthly-box'),

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

  // add to cart (resource route, POST; cards and product pages). The French path makes the
  // answer French (product name, refusal), like every other form post (issue 9 item 8, ADR 0016).
  ...both('cart/add', 'fr/panier/ajouter', 'routes/add-to-cart.tsx', 'add-to-cart'),
  // issue 10: smart auto-delivery suggestion (resource route, GET; product page purchase choice)
  // issue 10: brewer campaign bundle (POST; product page of a campaign brewer)
  ...both('cart/campaign', 'fr/panier/trousse', 'routes/add-campaign-bundle.ts', 'add-campaign-bundle'),
  // issue 13 (ADR 0032): frequently bought together "add all" and bundle add (POST; product page)
  ...both('cart/add-several', 'fr/panier/ajouter-plusieurs', 'routes/cart-add-several.ts', 'cart-add-several'),
  ...both('autodelivery/suggest', 'fr/livraison-automatique/suggestion', 'routes/ad-smart-suggestion.ts', 'ad-smart-suggestion'),

  // sign-in, sign-up, password reset, sign-out (issue 3; spec §2 /login, /noboLogin, /authCallBack)
  ...both('login', 'fr/connexion', 'routes/login.tsx', 'login'),
  route('fr/login', 'routes/login.tsx', { id: 'login-fr-alias' }),
  ...both('noboLogin', 'fr/noboLogin', 'routes/login.tsx', 'nobo-login'),
  ...both('authCallBack', 'fr/authCallBack', 'routes/auth-callback.tsx', 'auth-callback'),
  ...both('signup', 'fr/inscription', 'routes/signup.tsx', 'signup'),
  ...both('forgot-password', 'fr/mot-de-passe-oublie', 'routes/forgot-password.tsx', 'forgot-password'),
  ...both('reset-password', 'fr/reinitialiser-mot-de-passe', 'routes/reset-password.tsx', 'reset-password'),
  ...both('logout', 'fr/logout', 'routes/logout.tsx', 'logout'),

  // auth server routes (spec §7; POST, JSON answers without tokens). Under /fr the emails they
  // trigger (reset link, account) and the paths they answer are French (issue 9 item 8).
  ...both('api/auth/login', 'fr/api/auth/login', 'routes/api-auth-login.ts', 'api-auth-login'),
  ...both('api/auth/signup', 'fr/api/auth/signup', 'routes/api-auth-signup.ts', 'api-auth-signup'),
  ...both('api/auth/refreshToken', 'fr/api/auth/refreshToken', 'routes/api-auth-refresh-token.ts', 'api-auth-refresh-token'),
  ...both('api/auth/forgotPassword', 'fr/api/auth/forgotPassword', 'routes/api-auth-forgot-password.ts', 'api-auth-forgot-password'),

  // issue 11 item 4: cart count and account name of a page shared by the page cache (GET, JSON)
  route('api/visitor', 'routes/api-visitor.ts', { id: 'api-visitor' }),
  // issue 13 (ADR 0033): recently viewed and the home carousel of shared pages, fetched after load (GET, JSON)
  ...both('api/recommendations', 'fr/api/recommendations', 'routes/api-recommendations.ts', 'api-recommendations'),

  // account pages (modules owned by the account work)
  ...both('account', 'fr/compte', 'routes/account.tsx', 'account'),
  ...both('account/profile', 'fr/compte/profil', 'routes/account-profile.tsx', 'account-profile'),
  ...both('account/addresses', 'fr/compte/adresses', 'routes/account-addresses.tsx', 'account-addresses'),
  ...both('account/orders', 'fr/compte/commandes', 'routes/account-orders.tsx', 'account-orders'),
  ...both('account/orders/:orderCode', 'fr/compte/commandes/:orderCode', 'routes/account-order.tsx', 'account-order'),
  // issue 12 (ADR 0028): Brewhaus Perks — join, balance, tier, history
  ...both('account/perks', 'fr/compte/perks', 'routes/account-perks.tsx', 'account-perks'),
  // issue 12: refer a friend (ADR 0030)
  ...both('account/refer-a-friend', 'fr/compte/parrainage', 'routes/account-referrals.tsx', 'account-referrals'),
  // auto-delivery home and the upcoming-order add-item page (issue 10; spec §2)
  ...both('account/auto-delivery', 'fr/compte/livraison-automatique', 'routes/account-auto-delivery.tsx', 'account-auto-delivery'),
  ...both(
    'account/auto-delivery/:subscriptionId/add',
    'fr/compte/livraison-automatique/:subscriptionId/ajouter',
    'routes/account-auto-delivery-add.tsx',
    'account-auto-delivery-add',
  ),

  // issue 12: mailing list (footer form, double opt-in confirm page, unsubscribe page) and notify-me (POST)
  ...both('newsletter/subscribe', 'fr/infolettre/abonnement', 'routes/newsletter-subscribe.ts', 'newsletter-subscribe'),
  ...both('newsletter/confirm', 'fr/infolettre/confirmer', 'routes/newsletter-confirm.tsx', 'newsletter-confirm'),
  ...both('newsletter/unsubscribe', 'fr/infolettre/desabonnement', 'routes/newsletter-unsubscribe.tsx', 'newsletter-unsubscribe'),
  ...both('notify-me', 'fr/avertissez-moi', 'routes/notify-me.ts', 'notify-me'),

  // issue 13 (ADR 0034): the pod quiz, one question per page
  ...both('pod-quiz', 'fr/quiz-capsules', 'routes/pod-quiz.tsx', 'pod-quiz'),
  // issue 13 (ADR 0031): brewer compare, product comparison, the compare list (POST), search suggestions (GET, JSON)
  ...both('compare/brewers', 'fr/comparer/cafetieres', 'routes/compare.tsx', 'compare-brewers'),
  ...both('compare', 'fr/comparer', 'routes/compare.tsx', 'compare-products'),
  ...both('compare/list', 'fr/comparer/liste', 'routes/compare-list.ts', 'compare-list'),
  ...both('search/suggest', 'fr/recherche/suggestions', 'routes/search-suggest.ts', 'search-suggest'),

  // dev only: a page whose rendering crashes (checks the 500 error page)
  ...both('_dev/crash', 'fr/_dev/crash', 'routes/dev-crash.tsx', 'dev-crash'),

  // starter-kit landing slugs, then 404
  ...both('*', 'fr/*', 'routes/catch-all.tsx', 'catch-all'),
] satisfies RouteConfig;
