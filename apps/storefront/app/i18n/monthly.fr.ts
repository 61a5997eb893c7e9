/** Monthly-box page messages (issue 10), French (fr-CA). U+202F before `: ; ? !`. */
import type { monthlyEn } from './monthly.en.ts';

export const monthlyFr: Record<keyof typeof monthlyEn, string> = {
  'monthly.title': 'Boîte mensuelle',
  'monthly.intro':
    'Une boîte de 20, 22 ou 24 capsules le même jour chaque mois, au prix de la livraison automatique. Sautez, suspendez ou annulez en tout temps depuis votre compte.',
  'monthly.step.pick': 'Choisissez une boîte.',
  'monthly.step.pickText': 'Choisissez une boîte ci-dessous, son format et le jour de son expédition chaque mois, puis passez à la caisse.',
  'monthly.step.day': 'Choisissez un jour.',
  'monthly.step.dayText': 'Votre boîte est expédiée ce jour-là chaque mois (le dernier jour dans les mois plus courts).',
  'monthly.step.rotate': 'Choisissez, ou laissez-nous choisir.',
  'monthly.step.rotateText':
    'Changez la boîte du mois suivant depuis votre page de livraison automatique, ou optez pour notre rotation et recevez une boîte différente chaque mois.',
  'monthly.filter.label': 'Format de la boîte',
  'monthly.filter.all': 'Toutes les boîtes',
  'monthly.filter.count': '{n} capsules',
  'monthly.form.box': 'Boîte',
  'monthly.form.day': 'Expédiée le',
  'monthly.form.dayN': '{d, selectordinal, one {#er} other {#}} de chaque mois',
  'monthly.form.lastDay': 'dernier jour de chaque mois',
  'monthly.empty': 'Aucune boîte de ce format n’est offerte pour le moment.',
};
