/**
 * Page « Parrainer un ami » du compte (issue 12; ADR 0030), en français, syntaxe ICU. Mêmes clés
 * que referral.en.ts ; espace fine insécable (U+202F) avant : ; ? !
 */
import type { referralEn } from './referral.en.ts';

export const referralFr: Record<keyof typeof referralEn, string> = {
  'referral.nav': 'Parrainer un ami',
  'referral.metaTitle': 'Parrainer un ami',
  'referral.title': 'Parrainer un ami',
  'referral.intro': 'Offrez à un ami {discount} de rabais sur sa première commande de {minimum} ou plus. Quand sa commande est expédiée, vous gagnez {points, number} points.',
  'referral.form.title': 'Envoyer une invitation',
  'referral.email': 'Adresse courriel de votre ami',
  'referral.friendName': 'Nom de votre ami (facultatif)',
  'referral.privacy': 'Nous envoyons un seul courriel à votre ami, avec son code promo valide {days} jours. Nous ne l’ajoutons à aucune liste d’envoi.',
  'referral.submit': 'Envoyer l’invitation',
  'referral.sending': 'Envoi…',
  'referral.sent': 'Votre invitation est en route vers {email}.',
  'referral.error.selfReferral': 'Entrez l’adresse courriel d’un ami, pas la vôtre.',
  'referral.error.alreadyCustomer': 'Cet ami est déjà client. Le parrainage est réservé aux nouveaux clients.',
  'referral.error.alreadyReferred': 'Cet ami a déjà été invité.',
  'referral.error.notOffered': 'Le parrainage n’est pas offert sur cette boutique.',
  'referral.list.title': 'Vos invitations',
  'referral.list.empty': 'Vous n’avez encore invité personne.',
  'referral.list.friend': 'Ami',
  'referral.list.date': 'Envoyée le',
  'referral.list.status': 'État',
  'referral.status.sent': 'Invitation envoyée',
  'referral.status.used': 'Première commande passée',
  'referral.status.rewarded': '{points, number} points gagnés',
  'referral.status.expired': 'Expirée',
};
