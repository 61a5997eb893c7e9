/**
 * Site configuration of the spec §6 discount message (ADR 0010): its keys and the values used
 * when a site has none. Read by the discount message (coupons.ts) and by the Perks welcome offer,
 * whose percentage is the message's (perks-welcome.ts).
 */

/** Site configuration keys of the discount message (ADR 0010). */
export const DISCOUNT_MESSAGE_KEYS = {
  roles: 'discountMessage.roles',
  localStorageFlag: 'discountMessage.localStorageFlag',
  percent: 'discountMessage.percent',
  memberText: { en: 'discountMessage.memberText.en', fr: 'discountMessage.memberText.fr' },
  percentText: { en: 'discountMessage.percentText.en', fr: 'discountMessage.percentText.fr' },
} as const;

/** What the message says when a site has no configuration. */
export const DISCOUNT_MESSAGE_DEFAULTS = {
  roles: '',
  localStorageFlag: 'isPerksMember',
  percent: '25',
  memberText: { en: 'Members save on every order.', fr: 'Les membres économisent sur chaque commande.' },
  percentText: { en: 'Save {percent}% on your first order.', fr: 'Économisez {percent} % sur votre première commande.' },
} as const;
