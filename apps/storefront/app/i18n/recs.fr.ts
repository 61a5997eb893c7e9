/**
 * Carrousels de recommandations et « Consultés récemment » (issue 13; ADR 0033), en français,
 * syntaxe ICU. Mêmes clés que recs.en.ts ; espace fine insécable (U+202F) avant : ; ? !
 */
import type { recsEn } from './recs.en.ts';

export const recsFr: Record<keyof typeof recsEn, string> = {
  'recs.pdpTitle': 'Vous aimerez aussi',
  'recs.recentTitle': 'Consultés récemment',
  'recs.home.carouselautoDelivery': 'À ajouter à votre prochaine livraison automatique',
  'recs.home.carouselbrewerIntender': 'Trouvez votre cafetière',
  'recs.home.carouselreturningBevBuyer': 'Racheter et découvrir',
  'recs.home.carouseldefault': 'Recommandé pour vous',
  'recs.reason.fitsYours': 'Compatible avec votre {brewer}',
  'recs.reason.fitsThis': 'Compatible avec la {brewer}',
};
