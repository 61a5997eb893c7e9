/**
 * Messages des promotions, codes promo, cartes-cadeaux, livraison gratuite et message de rabais
 * (spec §6) — français du Canada, syntaxe ICU de react-intl. Mêmes clés que promo.en.ts (vérifié
 * par le test i18n).
 */
import type { PromoMessageKey } from './promo.en.ts';

export const promoFr: Record<PromoMessageKey, string> = {
  // code promo (panier et résumé du paiement)
  'promo.coupon.title': 'Code promo',
  'promo.coupon.label': 'Code promo',
  'promo.coupon.apply': 'Appliquer',
  'promo.coupon.applying': 'Application…',
  'promo.coupon.applied': 'Code promo {code} appliqué.',
  'promo.coupon.removed': 'Code promo {code} retiré.',
  'promo.coupon.remove': 'Retirer',
  'promo.coupon.removeLabel': 'Retirer le code promo {code}',
  'promo.coupon.list': 'Codes promo appliqués',
  'promo.coupon.notApplying': 'Ne s’applique pas encore à votre panier',
  'promo.coupon.required': 'Entrez un code promo.',
  'promo.coupon.noCart': 'Ajoutez un article à votre panier pour utiliser un code promo.',
  'promo.coupon.error.couponNotFound': 'Nous ne reconnaissons pas ce code promo. Vérifiez-le et réessayez.',
  'promo.coupon.error.couponExpired': 'Ce code promo est expiré.',
  'promo.coupon.error.couponNotYetValid': 'Ce code promo n’est pas encore valide.',
  'promo.coupon.error.couponNotApplicable': 'Ce code promo ne s’applique pas aux articles de votre panier.',
  'promo.coupon.error.couponUsedUp': 'Ce code promo a atteint sa limite d’utilisation.',
  'promo.coupon.error.couponAlreadyUsed': 'Vous avez déjà utilisé ce code promo.',
  'promo.coupon.error.couponAlreadyApplied': 'Ce code promo est déjà appliqué.',
  'promo.coupon.error.generic': 'Ce code promo ne peut pas être appliqué pour le moment. Veuillez réessayer.',
  'promo.coupon.snackbarShop': 'Magasiner',
  'promo.coupon.saved': 'Le code promo {code} sera appliqué dès que vous ajouterez un article à votre panier.',

  // lignes de promotion du résumé
  'promo.lines.title': 'Promotions',
  'promo.lines.coupon': 'Code promo {code}',
  'promo.lines.freeGift': 'Gratuit',

  // cartes-cadeaux (section paiement)
  'promo.gc.title': 'Cartes-cadeaux',
  'promo.gc.intro': 'Vous avez une carte-cadeau\u202f? Appliquez-la ici. Une carte de crédit paie le reste.',
  'promo.gc.code': 'Code de la carte-cadeau',
  'promo.gc.codeHint': '16 caractères, sur la carte ou dans le courriel',
  'promo.gc.apply': 'Appliquer la carte-cadeau',
  'promo.gc.applying': 'Application…',
  'promo.gc.check': 'Vérifier le solde',
  'promo.gc.checked': 'Le solde de la carte-cadeau {card} est de {balance}.',
  'promo.gc.appliedNotice': 'Carte-cadeau appliquée.',
  'promo.gc.removedNotice': 'Carte-cadeau retirée.',
  'promo.gc.amountNotice': 'Le montant à utiliser a été mis à jour.',
  'promo.gc.list': 'Cartes-cadeaux appliquées',
  'promo.gc.card': 'Carte-cadeau {card}',
  'promo.gc.balance': 'Solde {amount}',
  'promo.gc.applied': 'Appliqué {amount}',
  'promo.gc.remove': 'Retirer',
  'promo.gc.removeLabel': 'Retirer la carte-cadeau {card}',
  'promo.gc.otherAmount': 'Utiliser un autre montant',
  'promo.gc.amount': 'Montant à utiliser',
  'promo.gc.amountHint': 'Jusqu’à {max}',
  'promo.gc.applyAmount': 'Utiliser ce montant',
  'promo.gc.useMax': 'Utiliser le montant nécessaire',
  'promo.nothingToPay': 'Rien à payer\u202f: vos rabais couvrent toute la commande. Aucune carte n’est nécessaire.',
  'promo.gc.coversAll': 'Vos cartes-cadeaux couvrent toute la commande. Aucun paiement par carte n’est nécessaire.',
  'promo.gc.payRest': 'Payez le solde de {amount} par carte.',
  'promo.gc.required': 'Entrez le code de la carte-cadeau.',
  'promo.gc.invalidAmount': 'Entrez un montant comme 10,00.',
  'promo.gc.error.giftCardNotFound': 'Ce code de carte-cadeau n’est pas valide. Vérifiez-le et réessayez.',
  'promo.gc.error.giftCardEmpty': 'Le solde de cette carte-cadeau est épuisé.',
  'promo.gc.error.giftCardExpired': 'Cette carte-cadeau est expirée.',
  'promo.gc.error.giftCardCurrency': 'Cette carte-cadeau ne peut pas être utilisée dans cette boutique.',
  'promo.gc.error.giftCardLimit': 'Vous pouvez utiliser jusqu’à 5 cartes-cadeaux par commande.',
  'promo.gc.error.giftCardBalance': 'Le solde d’une carte-cadeau a changé. Vérifiez votre paiement et réessayez.',
  'promo.gc.error.amountTooHigh': 'Ce montant dépasse le solde de la carte ou le total de la commande.',
  'promo.gc.error.tooMany': 'Trop de tentatives. Veuillez patienter {minutes, plural, one {# minute} other {# minutes}} avant de réessayer.',
  'promo.gc.error.generic': 'Cette carte-cadeau ne peut pas être utilisée pour le moment. Veuillez réessayer.',

  // résumé, vérification et pages de commande
  'promo.summary.giftCard': 'Carte-cadeau {card}',
  'promo.summary.amountToPay': 'Montant à payer',
  'promo.summary.paidByCard': 'Payé par carte',
  'promo.review.toPay': 'À payer par carte\u202f: {amount}',
  'promo.review.coveredByGiftCards': 'Payé avec des cartes-cadeaux',
  'promo.order.giftCard': 'Carte-cadeau {card}\u202f: {amount}',
  'promo.order.coupons': 'Codes promo\u202f: {codes}',

  // livraison gratuite (page produit)
  'promo.freeShipping.away': 'Plus que {amount} pour la livraison gratuite',
  'promo.freeShipping.reached': 'Votre panier a droit à la livraison standard gratuite',
  'promo.freeShipping.item': 'Cet article est admissible à la livraison gratuite',
  'promo.freeShipping.progress': 'Progression vers la livraison gratuite',

  // message de rabais (spec §6)
  'promo.discountMessage.label': 'Offre aux membres',
};
