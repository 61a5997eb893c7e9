/**
 * The multi-add form's target (issue 13; ADR 0032): `/cart/add-several`, `/fr/panier/ajouter-plusieurs`
 * (French path → French answers, ADR 0016).
 */
import type { Lang } from '@store/domain';

/** POST target of "Add all to cart" and of a bundle page's add to cart. */
export function addSeveralPath(lang: Lang): string {
  return lang === 'fr' ? '/fr/panier/ajouter-plusieurs' : '/cart/add-several';
}
