/**
 * Promotions, coupons and gift cards (issue 4; spec §3 Coupon, §6 discount message, §7 Coupons and
 * loyalty, §7 Checkout gift-card calls). Paths are under `/rest/v2/{baseSiteId}`; cart-scoped calls
 * take `users/{anonymous|current}/carts/{cartGuid}` like the other cart calls (ADR 0010).
 *
 * Money in answers is spec §3 Price data; amounts in requests are integer minor units.
 */
import { z } from 'zod';
import { codeInput } from './input.ts';
import { PriceDataSchema } from './catalog.ts';

/** Kinds of promotion the engine knows (packages/domain promotions). */
export const PromotionKindSchema = z.enum([
  'orderPercent',
  'orderFixed',
  'productPercent',
  'productFixed',
  'categoryPercent',
  'categoryFixed',
  'bmsm',
  'freeShipping',
  'freeGift',
]);
export type PromotionKind = z.infer<typeof PromotionKindSchema>;

/**
 * One promotion applied to a cart or an order, explained as a line (issue 4): its localised name,
 * the coupon that brought it (null for automatic promotions) and what it took off.
 */
export const AppliedPromotionSchema = z.object({
  code: z.string(),
  kind: PromotionKindSchema,
  /** localised description, e.g. "10% off your order" / "10 % de rabais sur votre commande" */
  description: z.string(),
  couponCode: z.string().nullable(),
  /** amount taken off (zero for a free gift; the shipping saved for free shipping) */
  discount: PriceDataSchema,
  /** entry numbers the promotion applied to (empty for order-level promotions) */
  entryNumbers: z.array(z.number().int().nonnegative()),
  /** free gift promotions: the gift variant code */
  giftProductCode: z.string().nullable(),
});
export type AppliedPromotion = z.infer<typeof AppliedPromotionSchema>;

/** A coupon applied to a cart (spec §3 Coupon: couponCode, couponName, pageName). */
export const AppliedCouponSchema = z.object({
  couponCode: z.string(),
  couponName: z.string(),
  /** true when its promotion currently gives something on this cart */
  applies: z.boolean(),
});
export type AppliedCoupon = z.infer<typeof AppliedCouponSchema>;

/** A gift card applied to a cart: never the full code, only its last 4 characters. */
export const AppliedGiftCardSchema = z.object({
  giftCardId: z.string(),
  /** e.g. "•••• 7Q2K" */
  maskedCode: z.string(),
  balance: PriceDataSchema,
  /** the amount the shopper asked to use (null = as much as needed) */
  requestedAmount: PriceDataSchema.nullable(),
  /** what this card pays on the current total */
  appliedAmount: PriceDataSchema,
});
export type AppliedGiftCard = z.infer<typeof AppliedGiftCardSchema>;

/**
 * Coupon data (spec §3 Coupon): `GET /coupons/applyCouponData?couponCode=` answers it without
 * touching a cart (used by `?coupon=` and the category coupon cookie); the cart calls answer the
 * cart.
 */
export const CouponDataSchema = z.object({
  couponCode: z.string(),
  couponName: z.string(),
  /** storefront path of the page the coupon promotes (e.g. a category), or null */
  pageName: z.string().nullable(),
  /** localised success text for the 5000 ms snackbar */
  message: z.string(),
});
export type CouponData = z.infer<typeof CouponDataSchema>;

/** Body of `POST .../applyDscntCoupon` and of `POST .../coupon/apply`. */
export const ApplyCouponRequestSchema = z.object({ couponCode: codeInput() });
export type ApplyCouponRequest = z.infer<typeof ApplyCouponRequestSchema>;

/**
 * Coupon error reasons (type `CouponError`): `couponNotFound` (404), `couponExpired`,
 * `couponNotYetValid`, `couponNotApplicable`, `couponUsedUp`, `couponAlreadyUsed` (per-customer
 * limit), `couponAlreadyApplied` (400 / 409).
 */
export const COUPON_ERROR_REASONS = [
  'couponNotFound',
  'couponExpired',
  'couponNotYetValid',
  'couponNotApplicable',
  'couponUsedUp',
  'couponAlreadyUsed',
  'couponAlreadyApplied',
] as const;
export type CouponErrorReason = (typeof COUPON_ERROR_REASONS)[number];

/** Body of `POST .../giftcard/validate` and `POST .../giftcard/apply`. */
export const GiftCardCodeRequestSchema = z.object({ giftCardCode: codeInput() });
export type GiftCardCodeRequest = z.infer<typeof GiftCardCodeRequestSchema>;

/** Answer of `POST .../giftcard/validate`: the card's id and balance (never the code). */
export const GiftCardValidateResponseSchema = z.object({
  giftCardId: z.string(),
  maskedCode: z.string(),
  balance: PriceDataSchema,
  valid: z.boolean(),
});
export type GiftCardValidateResponse = z.infer<typeof GiftCardValidateResponseSchema>;

/** Body of `PUT .../giftcard/apply-value`: use only `amount` (minor units) of an applied card. */
export const GiftCardApplyValueRequestSchema = z.object({
  giftCardId: codeInput(),
  /** minor units, > 0; null = as much as needed */
  amount: z.number().int().positive().nullable(),
});
export type GiftCardApplyValueRequest = z.infer<typeof GiftCardApplyValueRequestSchema>;

/**
 * Gift-card error reasons (type `GiftCardError`): `giftCardNotFound` (404; the same answer for
 * any wrong code), `giftCardEmpty`, `giftCardExpired`, `giftCardCurrency`, `giftCardLimit` (too
 * many cards on one cart), `giftCardBalance` (409: the balance changed before the order was
 * placed), `amountTooHigh`; guessing is answered 429 with Retry-After.
 */
export const GIFT_CARD_ERROR_REASONS = [
  'giftCardNotFound',
  'giftCardEmpty',
  'giftCardExpired',
  'giftCardCurrency',
  'giftCardLimit',
  'giftCardBalance',
  'amountTooHigh',
] as const;
export type GiftCardErrorReason = (typeof GIFT_CARD_ERROR_REASONS)[number];

/** Spec §6 role-based discount message, resolved on the server from site configuration. */
export const DiscountMessageSchema = z.object({
  /** the text-only message (members) */
  memberText: z.string(),
  /** the percentage message with the number substituted, 2 decimals (others) */
  percentText: z.string(),
  /** which one the server picked from the signed-in profile's roles */
  variant: z.enum(['member', 'percent']),
  /** the local-storage key that also makes a visitor a member on the main brand (client-side check) */
  localStorageFlag: z.string(),
  /** true on the main brand, where the member text may show */
  mainBrand: z.boolean(),
});
export type DiscountMessage = z.infer<typeof DiscountMessageSchema>;
