/** Paths of the quick shop (issue 13; spec §9), shared by the route and the footer link. */
import type { Lang } from '@store/domain';

/** `/quick-shop`, French `/fr/achat-rapide`. */
export function quickShopPath(lang: Lang): string {
  return lang === 'fr' ? '/fr/achat-rapide' : '/quick-shop';
}
