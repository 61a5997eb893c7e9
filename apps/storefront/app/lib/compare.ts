/**
 * The compare list of a visitor (issue 13; spec §2 brewer compare page and product comparison
 * page; ADR 0031), shared by server and client code: two lists of product codes, brewers (brewer
 * compare) and other products (product comparison), each at most {@link COMPARE_MAX_ITEMS}, kept
 * in `sf_compare_*` cookies by the list route (`/compare/list`, `/fr/comparer/liste`) and shown by
 * the compare tray; the compare pages take their items from the URL (shareable).
 */
import { COMPARE_MAX_ITEMS, type Lang } from '@store/domain';

export { COMPARE_MAX_ITEMS };

/** Which comparison: brewer compare or product comparison. */
export type CompareKind = 'brewers' | 'products';

/** The visitor's compare lists (root loader, `ShellData.compare`). */
export interface CompareState {
  brewers: string[];
  products: string[];
  /** `full`: the last add was refused because the list holds 4 already */
  notice: 'full' | null;
}

/** An empty compare state. */
export const EMPTY_COMPARE: CompareState = { brewers: [], products: [], notice: null };

/** Query parameter the list route adds to the page it returns to after a refused add. */
export const COMPARE_NOTICE_PARAM = 'compareNotice';

/** The list a product goes to: brewers to the brewer compare, everything else to the product comparison. */
export function compareKindOf(productType: string): CompareKind {
  return productType === 'Brewer' ? 'brewers' : 'products';
}

/** The compare page of a kind (`/compare/brewers`, `/compare`; French `/fr/comparer/cafetieres`, `/fr/comparer`). */
export function comparePagePath(kind: CompareKind, lang: Lang): string {
  if (lang === 'fr') return kind === 'brewers' ? '/fr/comparer/cafetieres' : '/fr/comparer';
  return kind === 'brewers' ? '/compare/brewers' : '/compare';
}

/** The shareable compare URL of `codes` (no query when empty); `hide` keeps "hide identical rows". */
export function compareUrl(kind: CompareKind, lang: Lang, codes: readonly string[], hide = false): string {
  const params = new URLSearchParams();
  if (codes.length) params.set('items', codes.join(','));
  if (hide) params.set('hide', '1');
  const qs = params.toString().replace(/%2C/g, ',');
  return `${comparePagePath(kind, lang)}${qs ? `?${qs}` : ''}`;
}

/** The list route (POST add / remove / clear). */
export function compareListPath(lang: Lang): string {
  return lang === 'fr' ? '/fr/comparer/liste' : '/compare/list';
}
