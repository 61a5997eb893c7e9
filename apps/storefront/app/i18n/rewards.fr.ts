/**
 * Messages des récompenses Perks (enjeu 12; ADR 0028, modification « Récompenses ») : choix d’une
 * récompense dans le panier, récompense appliquée dans le récapitulatif et refus (français du
 * Canada, syntaxe ICU, espace fine insécable avant : ; ? ! et dans « »). Mêmes clés que rewards.en.ts.
 */
import type { RewardsMessageKey } from './rewards.en.ts';

export const rewardsFr: Record<RewardsMessageKey, string> = {
  'rewards.open': 'Utiliser vos points Perks',
  'rewards.title': 'Récompenses Perks',
  'rewards.balance': 'Vous avez {points, plural, one {# point} other {# points}} à utiliser.',
  'rewards.cost': '{points, plural, one {# point} other {# points}}',
  'rewards.short': 'Encore {points, plural, one {# point} other {# points}}',
  'rewards.apply': 'Appliquer',
  'rewards.swap': 'Échanger pour celle-ci',
  'rewards.remove': 'Retirer la récompense',
  'rewards.applied': 'Récompense\u202f: {name}',
  'rewards.appliedNote': '{points, plural, one {# point est mis} other {# points sont mis}} de côté lorsque vous passez votre commande.',
  'rewards.saving': 'Vous économisez {amount}',
  'rewards.oneOnly': 'Une récompense par commande.',
  'rewards.join': 'Adhérez à Brewhaus Perks pour utiliser les récompenses',
  'rewards.notice.applied': 'Votre récompense est appliquée.',
  'rewards.notice.swapped': 'Votre récompense a été échangée.',
  'rewards.notice.removed': 'Votre récompense a été retirée.',
  'rewards.error.insufficientPoints': 'Vous n’avez pas assez de points pour cette récompense.',
  'rewards.error.notEnrolled': 'Adhérez à Brewhaus Perks pour utiliser les récompenses.',
  'rewards.error.optedOut': 'Vous ne participez plus à Brewhaus Perks\u202f: réinscrivez-vous pour utiliser les récompenses.',
  'rewards.error.rewardNotFound': 'Cette récompense n’est plus offerte.',
  'rewards.error.rewardAlreadyApplied': 'Une récompense est déjà appliquée\u202f: échangez-la ou retirez-la d’abord.',
  'rewards.error.rewardNotApplicable': 'La livraison gratuite s’applique à la livraison standard seulement.',
  'rewards.error.generic': 'La récompense n’a pas pu être modifiée. Veuillez réessayer.',
  'rewards.bestSellers.title': 'Récompenses populaires',
  'rewards.bestSellers.note': 'Utilisez vos points pour une récompense à partir de votre panier\u202f: une récompense par commande.',
};
