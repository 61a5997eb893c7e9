/**
 * Paths of the auto-delivery buying pages in a language (spec §2: French paths prefixed `/fr`,
 * ADR 0016). The auto-delivery home is the account area's page (`/account/auto-delivery`,
 * `/fr/compte/livraison-automatique`, as the account routes map `account` → `compte`).
 */
import type { Lang } from '@store/domain';
import { accountPaths } from '../account/account-paths.ts';

/** The auto-delivery buying paths of a language. */
export function adBuyPaths(lang: Lang): { suggest: string; home: string } {
  const fr = lang === 'fr';
  return {
    suggest: fr ? '/fr/livraison-automatique/suggestion' : '/autodelivery/suggest',
    home: accountPaths(lang).autoDelivery,
  };
}

/** The brewer campaign form's target (POST): `/cart/campaign`, `/fr/panier/trousse`. */
export function campaignPaths(lang: Lang): { add: string } {
  return { add: lang === 'fr' ? '/fr/panier/trousse' : '/cart/campaign' };
}
