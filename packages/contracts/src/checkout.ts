/**
 * Guest single-step checkout requests and responses (spec §2, §7 Checkout; DESIGN "Concurrency
 * and integrity"). Paths under `/rest/v2/{baseSiteId}/users/anonymous/carts/{cartGuid}/...`,
 * named after SAP Commerce OCC where the spec does not show them (docs/decisions/0004-checkout-api.md).
 */
import { z } from 'zod';
import { addressFieldInput, codeInput, deliveryModeInput, emailInput, INPUT_REASONS, INVALID_DELIVERY_MODE_MESSAGE, requireFields, safeText, tokenInput } from './input.ts';
import { AddressSchema, DeliveryModeSchema, TaxLineSchema } from './cart.ts';
import { LangSchema, PriceDataSchema } from './catalog.ts';
import { AppliedPromotionSchema } from './promotions.ts';
import { OrderAutoDeliveryFieldsSchema, OrderEntryAutoDeliveryFieldsSchema } from './auto-delivery.ts';
import { ConsignmentSchema, CustomerOrderReturnSchema } from './fulfilment.ts';

/** `PUT .../carts/{cartGuid}/email` body (spec §5 email rule). */
export const SetEmailRequestSchema = z.object({ email: emailInput() });
export type SetEmailRequest = z.infer<typeof SetEmailRequestSchema>;

/**
 * `PUT .../addresses/delivery` body: an address. The schema bounds each field (the address rules'
 * maximum lengths; 20 for a postal code, 64 for region and country codes) and refuses control
 * characters (issue 9); the server checks the rest (required fields, region, postal code, phone)
 * and lists every bad field in one 400 answer.
 */
export const AddressInputSchema = z.object({
  firstName: addressFieldInput('firstName').optional(),
  lastName: addressFieldInput('lastName').optional(),
  line1: addressFieldInput('line1').optional(),
  line2: addressFieldInput('line2').optional(),
  city: addressFieldInput('city').optional(),
  region: codeInput().optional(),
  postalCode: safeText(20).optional(),
  country: codeInput().optional(),
  phone: addressFieldInput('phone').optional(),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

/**
 * `PUT .../addresses/delivery` (and `/billing`) body for `users/current` carts (issue 3): an
 * address from the customer's address book `{addressId}`, or a new address with
 * `saveToAddressBook: true` to keep it in the book too. Anonymous carts accept only a new address.
 */
export const DeliveryAddressRequestSchema = AddressInputSchema.extend({
  addressId: codeInput().optional(),
  saveToAddressBook: z.boolean().optional(),
});
export type DeliveryAddressRequest = z.infer<typeof DeliveryAddressRequestSchema>;

/** `PUT .../addresses/billing` body: an address, or `{sameAsShipping: true}` to copy the delivery address. */
export const SetBillingAddressRequestSchema = z.union([
  z.object({ sameAsShipping: z.literal(true) }),
  AddressInputSchema.extend({
    sameAsShipping: z.literal(false).optional(),
    /** `users/current` only (issue 3): an address of the customer's address book */
    addressId: codeInput().optional(),
    /** `users/current` only (issue 3): also keep this new address in the address book */
    saveToAddressBook: z.boolean().optional(),
  }),
]);
export type SetBillingAddressRequest = z.infer<typeof SetBillingAddressRequestSchema>;

/** `GET .../deliverymodes` answer: the shipping methods with their costs for this cart. */
export const DeliveryModesResponseSchema = z.object({
  deliveryModes: z.array(DeliveryModeSchema),
  /** the chosen method, or null */
  selected: z.string().nullable(),
});
export type DeliveryModesResponse = z.infer<typeof DeliveryModesResponseSchema>;

/** Payment providers: the built-in test provider or Stripe. */
export const PaymentProviderNameSchema = z.enum(['test', 'stripe']);
export type PaymentProviderName = z.infer<typeof PaymentProviderNameSchema>;

/**
 * `POST .../paymentIntent` answer: a payment intent for the cart's current total (created, or
 * updated when the cart already has an open one). With Stripe, the browser confirms the card with
 * Stripe.js using `publishableKey` and creates a PaymentMethod; only its id reaches our server.
 */
export const PaymentIntentResponseSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  provider: PaymentProviderNameSchema,
  publishableKey: z.string().optional(),
  amount: PriceDataSchema,
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

/**
 * The payment method of placeOrder: with the test provider a test card number (documented test
 * cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has
 * insufficient funds, any other Luhn-valid number succeeds); with Stripe the id of a PaymentMethod
 * created by Stripe.js (`pm_...`). Card numbers are never stored or logged (brand + last 4 only).
 */
export const PaymentMethodInputSchema = z.union([
  /** `expMonth` / `expYear`: only used when the card is saved (`saveCard`, issue 3); default 12 / five years ahead */
  z.object({ testCardNumber: safeText(40), expMonth: z.number().int().min(1).max(12).optional(), expYear: z.number().int().min(2000).max(2100).optional() }),
  z.object({ stripePaymentMethodId: tokenInput() }),
]);
export type PaymentMethodInput = z.infer<typeof PaymentMethodInputSchema>;

/** Header carrying the idempotency key of placeOrder (required, 1–255 characters). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * `POST .../placeOrder` headers (issue 11 item 1, ADR 0014): `Idempotency-Key` required, 1–255
 * characters without control characters. Absent or empty answers 400 `ValidationError`
 * `required`, longer `tooLong` (subject `Idempotency-Key`).
 */
export const PlaceOrderHeadersSchema = requireFields(z.object({ 'idempotency-key': tokenInput().optional() }), {
  'idempotency-key': { message: 'The Idempotency-Key header is required' },
});
export type PlaceOrderHeaders = z.output<typeof PlaceOrderHeadersSchema>;

/** `PUT .../deliverymode` query (issue 11 item 1): `deliveryModeId` `standard` or `expedited` (else 400 `invalidDeliveryMode`). */
export const SetDeliveryModeQuerySchema = requireFields(z.object({ deliveryModeId: deliveryModeInput().optional(), lang: LangSchema.optional() }), {
  deliveryModeId: { message: INVALID_DELIVERY_MODE_MESSAGE, reason: INPUT_REASONS.invalidDeliveryMode },
});
export type SetDeliveryModeQuery = z.output<typeof SetDeliveryModeQuerySchema>;

/** `PUT .../addresses/billing` body: an address (or `{addressId}` for customers), or `{sameAsShipping: true}`. */
export const BillingAddressRequestSchema = DeliveryAddressRequestSchema.extend({ sameAsShipping: z.boolean().optional() });
export type BillingAddressRequest = z.output<typeof BillingAddressRequestSchema>;

/**
 * `POST .../placeOrder` body; header `Idempotency-Key` is required. Use one fresh key per
 * attempt to place the order; resend the same key only to retry the same attempt (e.g. after a
 * network failure). The same key with the same request (cart, user, payment intent, card or saved
 * method; `lang` and `saveCard` aside) answers the first result again (the order, or the same
 * payment error); with another request 422 `idempotencyKeyReused`; while the first request is
 * still running 409 `requestInProgress` (issue 9: once its 45 s lease is over — the request died —
 * a retry takes the key over and completes the order).
 */
export const PlaceOrderRequestSchema = z.object({
  /** required unless gift cards pay the whole total (issue 4: then no card payment is made) */
  paymentIntentId: tokenInput().min(1).optional(),
  paymentMethod: PaymentMethodInputSchema.optional(),
  lang: LangSchema.optional(),
  /** `users/current` only (issue 3): pay with a saved card (its `id` from `paymentdetails`) instead of `paymentMethod` */
  savedPaymentMethodId: codeInput().optional(),
  /** `users/current` only (issue 3): keep the card of `paymentMethod` in the customer's saved cards once paid */
  saveCard: z.boolean().optional(),
});
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequestSchema>;

/** Order status codes and the spec §3 display mapping (`processing` → `processed`, ...). */
export const OrderStatusSchema = z.string();

/** One order line, prices frozen at placement. */
export const OrderEntrySchema = z.object({
  entryNumber: z.number().int().nonnegative(),
  entryType: z.string(),
  quantity: z.number().int().positive(),
  product: z.object({
    code: z.string(),
    baseProduct: z.string(),
    name: z.string(),
    url: z.string(),
    imageUrl: z.string(),
    sizeLabel: z.string().nullable(),
  }),
  basePrice: PriceDataSchema,
  totalPrice: PriceDataSchema,
  /** issue 10: the subscription this parent line started */
  ...OrderEntryAutoDeliveryFieldsSchema.shape,
});
export type OrderEntry = z.infer<typeof OrderEntrySchema>;

/** What the confirmation shows of the payment: never the card number. */
export const PaymentSummarySchema = z.object({
  provider: z.string(),
  brand: z.string(),
  last4: z.string(),
});
export type PaymentSummary = z.infer<typeof PaymentSummarySchema>;

/**
 * Order confirmation data (spec §7 getOrderConfirmationData): the answer of placeOrder and of
 * `GET /users/anonymous/orders/{orderCode}?email=` (or `?cartGuid=`).
 */
export const OrderSchema = z.object({
  code: z.string(),
  status: OrderStatusSchema,
  statusDisplay: z.string(),
  baseSiteId: z.string(),
  currencyIso: z.string(),
  lang: LangSchema,
  email: z.string(),
  guestCustomer: z.boolean(),
  /** ISO-8601 UTC */
  created: z.string(),
  entries: z.array(OrderEntrySchema),
  totalItems: z.number().int().nonnegative(),
  totalUnitCount: z.number().int().nonnegative(),
  subTotal: PriceDataSchema,
  totalDiscounts: PriceDataSchema,
  deliveryCost: PriceDataSchema,
  totalTax: PriceDataSchema,
  taxLines: z.array(TaxLineSchema),
  totalPrice: PriceDataSchema,
  deliveryAddress: AddressSchema,
  billingAddress: AddressSchema,
  deliveryMode: z.object({ code: z.string(), name: z.string() }),
  paymentInfo: PaymentSummarySchema,
  /** issue 4: the promotions applied, frozen at placement */
  appliedPromotions: z.array(AppliedPromotionSchema),
  /** issue 4: the coupon codes redeemed by this order */
  appliedCoupons: z.array(z.string()),
  /** issue 4: gift cards that paid part of the order */
  giftCardPayments: z.array(z.object({ giftCardId: z.string(), maskedCode: z.string(), amount: PriceDataSchema })),
  /** issue 4: what the card was charged (`totalPrice` − gift cards) */
  amountPaidByCard: PriceDataSchema,
  /** issue 10: the subscriptions the order opened, with their next ship dates */
  ...OrderAutoDeliveryFieldsSchema.shape,
  /** issue 12 (ADR 0027): the order's shipments, oldest first (empty until it ships) */
  consignments: z.array(ConsignmentSchema).optional(),
  /** issue 12 (ADR 0027 "Returns"): units returned, oldest first, with the money refunded; absent when none */
  returns: z.array(CustomerOrderReturnSchema.extend({ refund: PriceDataSchema })).optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/** `GET /users/anonymous/orders/{orderCode}` query: the order's email or the guid of the cart it came from. */
export const GetOrderQuerySchema = z.object({
  email: emailInput().optional(),
  cartGuid: codeInput().optional(),
  lang: LangSchema.optional(),
});
export type GetOrderQuery = z.infer<typeof GetOrderQuerySchema>;

/** Payment error reasons (type `PaymentError`, HTTP 400). */
export const PAYMENT_ERROR_REASONS = [
  'cardDeclined',
  'insufficientFunds',
  'invalidCardNumber',
  'expiredCard',
  'authenticationRequired',
  'paymentFailed',
  'paymentMethodRequired',
] as const;
export type PaymentErrorReason = (typeof PAYMENT_ERROR_REASONS)[number];
