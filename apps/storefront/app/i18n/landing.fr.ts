/**
 * Trousses de démarrage et achat rapide (issue 13; ADR 0035), français, syntaxe ICU. Mêmes clés
 * que landing.en.ts. Espace fine insécable (U+202F) avant : ; ? !
 */
import type { landingEn } from './landing.en.ts';

export const landingFr: Record<keyof typeof landingEn, string> = {
  'landing.buy.label': 'Acheter\u202f: {name}',
  'landing.separately': 'À la pièce\u202f: {price}',
  'landing.savings': 'Vous économisez {amount}',
  'landing.addKit': 'Ajouter la trousse au panier',
  'landing.kitDetails': 'Voir la fiche produit de la trousse',
  'quickShop.nav': 'Achat rapide',
  'quickShop.title': 'Achat rapide',
  'quickShop.intro': 'Choisissez vos articles, indiquez la quantité et ajoutez-les au panier sans quitter la page.',
  'quickShop.tabs': 'Sections de l’achat rapide',
  'quickShop.tab.beverages': 'Boissons',
  'quickShop.tab.brewers': 'Cafetières',
  'quickShop.tab.accessories': 'Accessoires et cartes-cadeaux',
  'quickShop.count': '({count, plural, one {# produit} other {# produits}})',
  'quickShop.empty': 'Cette page est vide. Revenez à la première page.',
  /** issue 13: a variant in the quick shop select (size or colour, then the price) */
  'quickShop.option': '{label}, {price}',
  'quickShop.optionSoldOut': '{label}, {price} (épuisé)',
};
