/**
 * Storefront paths in a language (spec §2: French paths are prefixed `/fr`). Shared by server
 * and client code.
 */
import { bundlePath, categoryPath, discontinuedPath, englishLandingSlug, localizedPath, productPath, searchPath } from '@store/domain';
import type { Lang } from '@store/domain';

/** Quick Shop category ids (spec §9) and the gift-card sub-category. */
export const CATEGORY_CODES = {
  beverages: 'BV_BDN_DD_KC',
  brewers: 'BR',
  accessories: 'ACC_GC',
  giftCards: 'ACC_GIFT_CARDS',
} as const;

/** The paths of one language. */
export interface Paths {
  lang: Lang;
  home: string;
  search: string;
  cart: string;
  checkout: string;
  /**
   * resource route of the add-to-cart form, in the page's language so that its answer (product
   * name, refusal) is too (issue 9 item 8): `/cart/add`, `/fr/panier/ajouter`
   */
  addToCart: string;
  discontinued: string;
  supportContact: string;
  orderConfirmation(orderCode: string): string;
  product(slug: string, code: string): string;
  bundle(code: string): string;
  category(code: string, slug?: string): string;
  content(path: string): string;
  /** adds or removes the `/fr` prefix of any path */
  localize(path: string): string;
}

/** The paths of a language. */
export function pathsFor(lang: Lang): Paths {
  return {
    lang,
    home: lang === 'fr' ? '/fr' : '/',
    search: searchPath(lang),
    cart: lang === 'fr' ? '/fr/panier' : '/cart',
    checkout: localizedPath('/checkout/singlestep', lang),
    addToCart: lang === 'fr' ? '/fr/panier/ajouter' : '/cart/add',
    discontinued: discontinuedPath(lang),
    supportContact: localizedPath('/content/support/email-us-page', lang),
    orderConfirmation: (code) =>
      lang === 'fr' ? `/fr/confirmation-de-commande/${encodeURIComponent(code)}` : `/order-confirmation/${encodeURIComponent(code)}`,
    product: (slug, code) => productPath(slug, code, lang),
    bundle: (code) => bundlePath(code, lang),
    category: (code, slug) => (slug ? categoryPath(slug, code, lang) : localizedPath(`/c/${encodeURIComponent(code)}`, lang)),
    content: (path) => localizedPath(`/content/${path.replace(/^\/+/, '')}`, lang),
    localize: (path) => localizedPath(path, lang),
  };
}

/** Account page prefixes, English and French (account-paths.ts); the longest first. */
const ACCOUNT_PREFIXES: Array<[string, string]> = [
  ['/account/auto-delivery', '/fr/compte/livraison-automatique'],
  ['/account/orders', '/fr/compte/commandes'],
  ['/account/addresses', '/fr/compte/adresses'],
  ['/account/profile', '/fr/compte/profil'],
  // issue 12
  ['/account/refer-a-friend', '/fr/compte/parrainage'],
  ['/account', '/fr/compte'],
];

/** An account page in the other language (`/account/auto-delivery/{id}/add` ↔ `/fr/compte/livraison-automatique/{id}/ajouter`), or null. */
function accountSwitchPath(pathname: string, to: Lang): string | null {
  for (const [enPrefix, frPrefix] of ACCOUNT_PREFIXES) {
    const [from, into] = to === 'fr' ? [enPrefix, frPrefix] : [frPrefix, enPrefix];
    if (pathname !== from && !pathname.startsWith(`${from}/`)) continue;
    let rest = pathname.slice(from.length);
    if (enPrefix === '/account/auto-delivery') rest = to === 'fr' ? rest.replace(/\/add$/, '/ajouter') : rest.replace(/\/ajouter$/, '/add');
    return `${into}${rest}`;
  }
  return null;
}

/**
 * The same page in the other language, for the language switch (spec §2). Localised fixed paths
 * (search, cart, discontinued items, order confirmation) are mapped; other paths only gain or
 * lose the `/fr` prefix. The query string is kept.
 */
export function switchLanguagePath(pathname: string, search: string, to: Lang): string {
  const pairs: Array<[string, string]> = [
    ['/search', '/fr/recherche'],
    ['/cart', '/fr/panier'],
    ['/discontinued-items', '/fr/article-de-fin-de-serie'],
    // issue 13 (ADR 0034)
    ['/pod-quiz', '/fr/quiz-capsules'],
    ['/quick-shop', '/fr/achat-rapide'], // issue 13
  ];
  let target: string | null = null;
  for (const [enPath, frPath] of pairs) {
    if (to === 'fr' && pathname === enPath) target = frPath;
    if (to === 'en' && pathname === frPath) target = enPath;
  }
  if (target === null) {
    const m = /^(\/fr)?\/(order-confirmation|confirmation-de-commande)\/(.+)$/.exec(pathname);
    if (m) target = to === 'fr' ? `/fr/confirmation-de-commande/${m[3]}` : `/order-confirmation/${m[3]}`;
  }
  if (target === null) target = accountSwitchPath(pathname, to);
  // issue 13: a French starter-kit slug has an English twin (trousse-de-demarrage-x → x-starter-kit)
  if (target === null && to === 'en' && /^\/fr\/trousse-de-demarrage-[a-z0-9-]+$/.test(pathname)) target = `/${englishLandingSlug(pathname.slice(4))}`;
  if (target === null) {
    const m = /^(?:\/fr\/boite-mensuelle|\/monthly-box)(\/\d+)?$/.exec(pathname);
    if (m) target = `${to === 'fr' ? '/fr/boite-mensuelle' : '/monthly-box'}${m[1] ?? ''}`;
  }
  target ??= localizedPath(pathname, to);
  return `${target}${search && search !== '?' ? search : ''}`;
}
