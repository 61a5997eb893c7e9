/**
 * « Souvent achetés ensemble », ajout d’un ensemble et solutions de rechange d’un article épuisé sur
 * la page produit (issue 13; ADR 0032), en français, syntaxe ICU. Mêmes clés que fbt.en.ts ;
 * espace fine insécable (U+202F) avant : ; ? !
 */
import type { fbtEn } from './fbt.en.ts';

export const fbtFr: Record<keyof typeof fbtEn, string> = {
  'fbt.title': 'Souvent achetés ensemble',
  'fbt.thisItem': 'Cet article\u202F: {name}',
  'fbt.include': 'Inclure {name}',
  'fbt.total': 'Total pour {count, plural, one {# article} other {# articles}}\u202F: {price}',
  'fbt.addAll': 'Tout ajouter au panier',
  'fbt.addSelected': 'Ajouter la sélection au panier',
  'fbt.adding': 'Ajout…',
  'fbt.none': 'Choisissez au moins un article.',
  'fbt.added': '{count, plural, one {# article a été ajouté} other {# articles ont été ajoutés}} à votre panier.',
  'fbt.error.outOfStock': 'Un de ces articles vient d’être épuisé. Veuillez choisir de nouveau.',
  'fbt.error.generic': 'Nous n’avons pas pu ajouter ces articles. Veuillez réessayer.',
  'fbt.show': 'Voir ce qui est souvent acheté ensemble',
  'fbt.oos.title': 'Essayez plutôt ceux-ci',
  'fbt.oos.intro': 'Cet article est épuisé. Ceux-ci sont en stock et s’en rapprochent.',
  'fbt.oos.show': 'Voir des articles semblables en stock',
};
