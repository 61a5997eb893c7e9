/**
 * Promotions, coupons, gift cards, free-shipping progress and the spec §6 discount message
 * (issue 4; English, ICU message syntax for react-intl). Same keys as promo.fr.ts (checked by the
 * i18n test). API business errors are translated by their reason (`promo.coupon.error.<reason>`,
 * `promo.gc.error.<reason>`), never shown in the API's words.
 */
export const promoEn = {
  // coupon box (cart and checkout summary)
  'promo.coupon.title': 'Coupon code',
  'promo.coupon.label': 'Coupon code',
  'promo.coupon.apply': 'Apply',
  'promo.coupon.applying': 'Applying…',
  'promo.coupon.applied': 'Coupon {code} applied.',
  'promo.coupon.removed': 'Coupon {code} removed.',
  'promo.coupon.remove': 'Remove',
  'promo.coupon.removeLabel': 'Remove coupon {code}',
  'promo.coupon.list': 'Applied coupons',
  'promo.coupon.notApplying': 'Not applicable to your cart yet',
  'promo.coupon.required': 'Enter a coupon code.',
  'promo.coupon.noCart': 'Add an item to your cart to use a coupon.',
  'promo.coupon.error.couponNotFound': 'We don’t recognize this coupon code. Check it and try again.',
  'promo.coupon.error.couponExpired': 'This coupon has expired.',
  'promo.coupon.error.couponNotYetValid': 'This coupon is not valid yet.',
  'promo.coupon.error.couponNotApplicable': 'This coupon doesn’t apply to the items in your cart.',
  'promo.coupon.error.couponUsedUp': 'This coupon has reached its usage limit.',
  'promo.coupon.error.couponAlreadyUsed': 'You have already used this coupon.',
  'promo.coupon.error.couponAlreadyApplied': 'This coupon is already applied.',
  'promo.coupon.error.generic': 'This coupon can’t be applied right now. Please try again.',
  'promo.coupon.snackbarShop': 'Shop now',
  'promo.coupon.saved': 'Coupon {code} will be applied when you add an item to your cart.',

  // promotion lines in the order summary
  'promo.lines.title': 'Promotions',
  'promo.lines.coupon': 'Coupon {code}',
  'promo.lines.freeGift': 'Free',

  // gift cards (checkout payment section)
  'promo.gc.title': 'Gift cards',
  'promo.gc.intro': 'Have a gift card? Apply it here. A card pays whatever it does not cover.',
  'promo.gc.code': 'Gift card code',
  'promo.gc.codeHint': '16 characters, on the card or in the email',
  'promo.gc.apply': 'Apply gift card',
  'promo.gc.applying': 'Applying…',
  'promo.gc.check': 'Check balance',
  'promo.gc.checked': 'Gift card {card} has a balance of {balance}.',
  'promo.gc.appliedNotice': 'Gift card applied.',
  'promo.gc.removedNotice': 'Gift card removed.',
  'promo.gc.amountNotice': 'The amount to use was updated.',
  'promo.gc.list': 'Applied gift cards',
  'promo.gc.card': 'Gift card {card}',
  'promo.gc.balance': 'Balance {amount}',
  'promo.gc.applied': 'Applied {amount}',
  'promo.gc.remove': 'Remove',
  'promo.gc.removeLabel': 'Remove gift card {card}',
  'promo.gc.otherAmount': 'Use a different amount',
  'promo.gc.amount': 'Amount to use',
  'promo.gc.amountHint': 'Up to {max}',
  'promo.gc.applyAmount': 'Use this amount',
  'promo.gc.useMax': 'Use as much as needed',
  'promo.nothingToPay': 'Nothing to pay: your discounts cover the whole order. No card is needed.',
  'promo.gc.coversAll': 'Your gift cards cover the whole order. No card payment is needed.',
  'promo.gc.payRest': 'Pay the remaining {amount} by card.',
  'promo.gc.required': 'Enter a gift card code.',
  'promo.gc.invalidAmount': 'Enter an amount such as 10.00.',
  'promo.gc.error.giftCardNotFound': 'This gift card code is not valid. Check it and try again.',
  'promo.gc.error.giftCardEmpty': 'This gift card has no balance left.',
  'promo.gc.error.giftCardExpired': 'This gift card has expired.',
  'promo.gc.error.giftCardCurrency': 'This gift card can’t be used in this store.',
  'promo.gc.error.giftCardLimit': 'You can use up to 5 gift cards on one order.',
  'promo.gc.error.giftCardBalance': 'The balance of a gift card changed. Please check your payment and try again.',
  'promo.gc.error.amountTooHigh': 'This amount is more than the card’s balance or the order total.',
  'promo.gc.error.tooMany': 'Too many attempts. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.',
  'promo.gc.error.generic': 'This gift card can’t be used right now. Please try again.',

  // order summary, review and order pages
  'promo.summary.giftCard': 'Gift card {card}',
  'promo.summary.amountToPay': 'Amount to pay',
  'promo.summary.paidByCard': 'Paid by card',
  'promo.review.toPay': 'To pay by card: {amount}',
  'promo.review.coveredByGiftCards': 'Paid with gift cards',
  'promo.order.giftCard': 'Gift card {card}: {amount}',
  'promo.order.coupons': 'Coupons: {codes}',

  // free-shipping progress on the product page
  'promo.freeShipping.away': 'You are {amount} away from free shipping',
  'promo.freeShipping.reached': 'Your cart qualifies for free standard shipping',
  'promo.freeShipping.item': 'This item qualifies for free shipping',
  'promo.freeShipping.progress': 'Progress toward free shipping',

  // spec §6 discount message
  'promo.discountMessage.label': 'Member offer',
} as const;

/** A message id of the promotions catalogue. */
export type PromoMessageKey = keyof typeof promoEn;
