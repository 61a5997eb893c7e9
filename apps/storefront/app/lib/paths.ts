/**
 * Storefront paths in a language (spec §2: French paths are prefixed `/fr`). Shared by server
 * and client code.
 */
import { bundlePath, categoryPath, discontinuedPath, localizedPath, productPath, searchPath } from '@store/domain';
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
  target ??= localizedPath(pathname, to);
  return `${target}${search && search !== '?' ? search : ''}`;
}
