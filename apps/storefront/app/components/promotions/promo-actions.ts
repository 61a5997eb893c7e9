/**
 * The coupon and gift-card form intents (issue 4, ADR 0010) shared by the cart and checkout
 * actions and the components: what a form posts (`intent` plus its fields) and what the action
 * answers ({@link PromoActionResult}). Pure: no server code, no React.
 *
 * Business errors of the API (`CouponError` / `GiftCardError` reasons) become message ids of the
 * promotions catalogue here, so a French page never shows the API's English text.
 */
import type { PromoMessageKey } from '../../i18n/promo.en.ts';

/** Form intents handled by the promotions action. */
export const PROMO_INTENTS = [
  'applyCoupon',
  'removeCoupon',
  'checkGiftCard',
  'applyGiftCard',
  'applyGiftCardValue',
  'removeGiftCard',
] as const;
/** One promotions form intent. */
export type PromoIntent = (typeof PROMO_INTENTS)[number];

/** Is a posted `intent` one of the promotions intents? */
export function isPromoIntent(x: unknown): x is PromoIntent {
  return typeof x === 'string' && (PROMO_INTENTS as readonly string[]).includes(x);
}

/** Which box a promotions intent belongs to. */
export function promoKindOf(intent: PromoIntent): 'coupon' | 'giftCard' {
  return intent === 'applyCoupon' || intent === 'removeCoupon' ? 'coupon' : 'giftCard';
}

/**
 * The answer of a promotions form: to the box's fetcher (JavaScript on), or as the page's action
 * data after a refused plain POST (JavaScript off; a success redirects back to the page).
 */
export interface PromoActionResult {
  promo: 'coupon' | 'giftCard';
  intent: PromoIntent;
  ok: boolean;
  /** the translated notice (success) or error */
  message: string | null;
  /**
   * the control the error belongs to: `couponCode`, `giftCardCode`, or `amount-<giftCardId>`;
   * null for a message about the whole box
   */
  field: string | null;
  /** what the shopper typed (the form is filled again after a refused plain POST) */
  value: string;
  /** the gift card concerned (apply-value, remove), else null */
  giftCardId: string | null;
}

/** Is a value (action data of a page) a promotions answer? */
export function isPromoResult(x: unknown): x is PromoActionResult {
  return typeof x === 'object' && x !== null && 'promo' in x && 'intent' in x && isPromoIntent((x as { intent: unknown }).intent);
}

/** The message id of a coupon error reason (type `CouponError`, ADR 0010). */
export function couponErrorKey(reason: string | undefined): PromoMessageKey {
  switch (reason) {
    case 'couponNotFound':
    case 'couponExpired':
    case 'couponNotYetValid':
    case 'couponNotApplicable':
    case 'couponUsedUp':
    case 'couponAlreadyUsed':
    case 'couponAlreadyApplied':
      return `promo.coupon.error.${reason}` as const;
    // issue 9: a code the API refuses as input (control characters, too long) is no coupon
    case 'invalidCharacters':
    case 'tooLong':
      return 'promo.coupon.error.couponNotFound';
    default:
      return 'promo.coupon.error.generic';
  }
}

/** The message id of a gift-card error reason (type `GiftCardError`; 429 = guessing limit). */
export function giftCardErrorKey(reason: string | undefined, status?: number): PromoMessageKey {
  if (status === 429) return 'promo.gc.error.tooMany';
  switch (reason) {
    case 'giftCardNotFound':
    case 'giftCardEmpty':
    case 'giftCardExpired':
    case 'giftCardCurrency':
    case 'giftCardLimit':
    case 'giftCardBalance':
    case 'amountTooHigh':
      return `promo.gc.error.${reason}` as const;
    case 'tooManyRequests':
      return 'promo.gc.error.tooMany';
    // issue 9: a code the API refuses as input (control characters, too long) is no gift card
    case 'invalidCharacters':
    case 'tooLong':
      return 'promo.gc.error.giftCardNotFound';
    default:
      // a 404 on a gift-card call always means "no such card" (the same answer for any wrong code)
      return status === 404 ? 'promo.gc.error.giftCardNotFound' : 'promo.gc.error.generic';
  }
}

/** Longest coupon code the box lets a shopper type (`maxLength`; the server parses with `CouponFormSchema`). */
export const MAX_COUPON_LENGTH = 64;
/** Longest gift-card code accepted by the forms (16 characters, with spaces or dashes typed). */
export const MAX_GIFT_CARD_LENGTH = 40;
