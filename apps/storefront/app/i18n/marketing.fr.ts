/**
 * Textes de la liste de diffusion et de « m’avertir de son retour » (issue 12; French, same keys
 * as marketing.en.ts). French typography: a narrow no-break space (U+202F) before : ; ? ! and
 * inside « ».
 */
import type { MarketingKey } from './marketing.en.ts';

export const marketingFr: Record<MarketingKey, string> = {
  'newsletter.title': 'Nouvelles du café par courriel',
  'newsletter.consent':
    'Recevez par courriel nos nouvelles du café, nos offres et nos nouveautés. Désabonnez-vous en tout temps grâce au lien présent dans chaque courriel.',
  'newsletter.email': 'Votre courriel pour nos nouvelles',
  'newsletter.submit': 'M’abonner',
  'newsletter.sending': 'Abonnement…',
  'newsletter.sent': 'Merci\u202f! Consultez votre boîte de réception et cliquez sur le lien de notre courriel pour confirmer votre abonnement.',
  'newsletter.error.tooManyAttempts': 'Trop de tentatives. Veuillez réessayer plus tard.',
  'newsletter.error.generic': 'Nous ne pouvons pas vous abonner pour le moment. Veuillez réessayer.',
  'newsletter.confirm.title': 'Votre abonnement',
  'newsletter.confirm.done': 'Votre abonnement est confirmé. Bienvenue\u202f!',
  'newsletter.confirm.invalid':
    'Ce lien de confirmation n’est pas valide, a expiré ou a déjà servi. Vous pouvez vous abonner de nouveau au bas de chaque page.',
  'newsletter.unsubscribe.title': 'Désabonnement',
  'newsletter.unsubscribe.intro': 'Ne plus recevoir aucun de nos courriels promotionnels (nouvelles, offres et avis de retour en stock) à cette adresse\u202f?',
  'newsletter.unsubscribe.submit': 'Me désabonner',
  'newsletter.unsubscribe.done': 'Votre désabonnement est enregistré\u202f: vous ne recevrez plus nos courriels promotionnels.',
  'newsletter.unsubscribe.invalid': 'Ce lien de désabonnement n’est pas valide. Veuillez utiliser le lien de l’un de nos courriels.',
  'newsletter.continue': 'Continuer vos achats',
  'notifyMe.title': 'En rupture de stock pour le moment',
  'notifyMe.intro': 'Laissez votre courriel et nous vous écrirons une fois, dès le retour en stock de cet article.',
  'notifyMe.introSignedIn': 'Nous vous écrirons une fois, dès le retour en stock de cet article.',
  'notifyMe.email': 'Votre courriel pour l’avis de retour',
  'notifyMe.submit': 'M’avertir de son retour',
  'notifyMe.sending': 'Envoi…',
  'notifyMe.sent': 'Merci\u202f! Nous vous écrirons une fois, dès que cet article sera de retour en stock.',
  'notifyMe.error.notFound': 'Cet article ne peut plus être commandé.',
  'notifyMe.error.tooManyAttempts': 'Trop de tentatives. Veuillez réessayer plus tard.',
  'notifyMe.error.generic': 'Nous ne pouvons pas enregistrer votre demande pour le moment. Veuillez réessayer.',
};
