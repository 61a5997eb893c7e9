/**
 * Cart requests and responses (spec §3 Cart, Add-to-cart payload, Multi-add payload; spec §7 Cart
 * calls). Every path is under `/rest/v2/{baseSiteId}`; anonymous calls carry the storefront's
 * machine-to-machine bearer token (spec §6). See docs/decisions/0004-checkout-api.md.
 *
 * Money in responses is spec §3 Price data (`value` in major units for display only,
 * `formattedValue` in the cart's locale, `currencyIso`); computations use minor units server-side.
 */
import { z } from 'zod';
import { codeInput, entryNumberInput, entryTypeInput, quantityInput } from './input.ts';
import { LangSchema, PriceDataSchema, StockLevelStatusSchema } from './catalog.ts';
import { AppliedCouponSchema, AppliedGiftCardSchema, AppliedPromotionSchema } from './promotions.ts';
import { AddToCartAutoDeliveryFieldsSchema, CartAutoDeliveryFieldsSchema, CartEntryAutoDeliveryFieldsSchema, UpdateEntryAutoDeliverySchema } from './auto-delivery.ts';

/** Entry types (spec §3): STD by default; ADC, ADCF, ADF, BBAD are auto-delivery programmes. */
export const CartEntryTypeSchema = z.string().min(1).max(16);

/** The product of a cart line: the variant bought and what the cart page shows of it. */
export const CartEntryProductSchema = z.object({
  /** the variant code */
  code: z.string(),
  /** the base product code */
  baseProduct: z.string(),
  name: z.string(),
  /** storefront path of the product page, e.g. `/morning-roast/p/MORNING-ROAST?#24ct` */
  url: z.string(),
  /** image URL (SVG) */
  imageUrl: z.string(),
  /** size label: "24 ct", or "12 oz" for bagged/canned packs (spec §9); null when sizeless */
  sizeLabel: z.string().nullable(),
  variantColor: z.string().nullable(),
  productType: z.string(),
  stock: z.object({ stockLevelStatus: StockLevelStatusSchema }),
});
export type CartEntryProduct = z.infer<typeof CartEntryProductSchema>;

/** One cart line. `entryNumber` is stable for the life of the line. */
export const CartEntrySchema = z.object({
  entryNumber: z.number().int().nonnegative(),
  entryType: z.string(),
  quantity: z.number().int().positive(),
  product: CartEntryProductSchema,
  /** unit price actually charged (the displayed price of spec §5) */
  basePrice: PriceDataSchema,
  /** the list price when a discount applies (strike-through), else null */
  originalPrice: PriceDataSchema.nullable(),
  totalPrice: PriceDataSchema,
  /** issue 10: program, cadence and AD saving of the line (auto-delivery.ts) */
  ...CartEntryAutoDeliveryFieldsSchema.shape,
});
export type CartEntry = z.infer<typeof CartEntrySchema>;

/** One tax line (US state sales tax; Canadian GST / HST / PST / QST shown separately). */
export const TaxLineSchema = z.object({
  /** e.g. `GST`, `QST`, `HST`, `PST`, `US-NY` */
  code: z.string(),
  /** localised label, e.g. "GST (5%)" / "TPS (5 %)" */
  name: z.string(),
  /** rate in basis points (1 bp = 0.01 %), e.g. 997.5 for QST */
  rateBps: z.number(),
  amount: PriceDataSchema,
});
export type TaxLine = z.infer<typeof TaxLineSchema>;

/** A postal address (checkout). `region` is the ISO 3166-2 subdivision without country (`NY`, `QC`). */
export const AddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  /** `US` for usb2c / usafh, `CA` for cab2c */
  country: z.string(),
  phone: z.string().optional(),
});
export type Address = z.infer<typeof AddressSchema>;

/** The codes of the shipping methods. */
export const DeliveryModeCodeSchema = z.enum(['standard', 'expedited']);
export type DeliveryModeCode = z.infer<typeof DeliveryModeCodeSchema>;

/** A shipping method with its cost for the current cart (zero when free shipping applies). */
export const DeliveryModeSchema = z.object({
  code: DeliveryModeCodeSchema,
  name: z.string(),
  description: z.string(),
  deliveryCost: PriceDataSchema,
  isFree: z.boolean(),
});
export type DeliveryMode = z.infer<typeof DeliveryModeSchema>;

/**
 * Cart status: `open` carts can change; `placing` while an order is being placed; `ordered`
 * afterwards; `merged` for an anonymous cart merged into a customer's cart at sign-in (issue 3).
 */
export const CartStatusSchema = z.enum(['open', 'placing', 'ordered', 'merged']);

/**
 * Issue 12 (spec §3 applied rewards; ADR 0028 "Rewards"): the Perks reward applied to a cart — at
 * most one. `saving` is what it takes off this cart now (money off capped at the goods, the
 * standard shipping it makes free, or the free product's displayed price).
 */
export const AppliedLoyaltyRewardSchema = z.object({
  code: z.string(),
  /** `amountOff` | `freeShipping` | `freeProduct` */
  kind: z.string(),
  name: z.string(),
  /** points it costs; held when the order is placed */
  points: z.number().int(),
  saving: PriceDataSchema,
  /** freeProduct: the variant given at price 0 (added as a gift line when the order is placed) */
  variantCode: z.string().nullable(),
});
export type AppliedLoyaltyReward = z.infer<typeof AppliedLoyaltyRewardSchema>;

/**
 * The cart (`GET /users/anonymous/carts/{cartGuid}` and the answer of every cart change).
 * Totals: `subTotal` (sum of lines), `totalDiscounts`, `deliveryCost` (of the chosen delivery
 * mode; zero while `deliveryMode` is null, i.e. "calculated at checkout"), `totalTax` with
 * `taxLines` (empty until a delivery address gives the tax jurisdiction), `totalPrice`.
 */
export const CartSchema = z.object({
  cartGuid: z.string(),
  baseSiteId: z.string(),
  currencyIso: z.string(),
  lang: LangSchema,
  status: CartStatusSchema,
  entries: z.array(CartEntrySchema),
  /** number of lines */
  totalItems: z.number().int().nonnegative(),
  /** number of units over all lines (spec §3 cartQuantity) */
  cartQuantity: z.number().int().nonnegative(),
  subTotal: PriceDataSchema,
  totalDiscounts: PriceDataSchema,
  deliveryCost: PriceDataSchema,
  totalTax: PriceDataSchema,
  taxLines: z.array(TaxLineSchema),
  totalPrice: PriceDataSchema,
  /** spec §3 amountAwayFromFreeShipping: zero when the cart qualifies */
  amountAwayFromFreeShipping: PriceDataSchema,
  freeShippingThreshold: PriceDataSchema,
  qualifiesForFreeShipping: z.boolean(),
  deliveryMode: DeliveryModeSchema.nullable(),
  deliveryAddress: AddressSchema.nullable(),
  billingAddress: AddressSchema.nullable(),
  /** true when the billing address was set with `sameAsShipping` */
  billingSameAsShipping: z.boolean(),
  email: z.string().nullable(),
  /** issue 4: every promotion that applies, explained as a line (totalDiscounts is their sum, free shipping aside) */
  appliedPromotions: z.array(AppliedPromotionSchema),
  /** issue 4: coupons on the cart */
  appliedCoupons: z.array(AppliedCouponSchema),
  /** issue 4: gift cards on the cart, in the order they were applied */
  appliedGiftCards: z.array(AppliedGiftCardSchema),
  /** issue 4 (spec §7 redeemedGCvalue): what the gift cards pay of `totalPrice` */
  redeemedGCvalue: PriceDataSchema,
  /** issue 4: `totalPrice` − `redeemedGCvalue`, what the card is charged (0 = no card needed) */
  amountToPay: PriceDataSchema,
  /** issue 10: AD lines present, and their first-order saving (auto-delivery.ts) */
  ...CartAutoDeliveryFieldsSchema.shape,
  /** issue 12: the Perks reward applied to the cart (absent or null: none) */
  appliedLoyaltyReward: AppliedLoyaltyRewardSchema.nullable().optional(),
});
export type Cart = z.infer<typeof CartSchema>;

/** `GET /getSessionCartGuid` (header or query `sessioncartguid`): the open cart's guid, or a new cart's. */
export const SessionCartGuidResponseSchema = z.object({
  cartGuid: z.string(),
  cartQuantity: z.number().int().nonnegative(),
  /** true when a fresh cart was created */
  created: z.boolean(),
});
export type SessionCartGuidResponse = z.infer<typeof SessionCartGuidResponseSchema>;

/**
 * `GET /users/{userId}/carts/{cartGuid}/count` (issue 11, ADR 0019 amendment): the units in the
 * cart (spec §3 cartQuantity, Σ entry qty) without pricing it, for the header's cart count on
 * every page; 0 for a cart no longer open (placed, merged).
 */
export const CartCountResponseSchema = z.object({
  cartGuid: z.string(),
  cartQuantity: z.number().int().nonnegative(),
});
export type CartCountResponse = z.infer<typeof CartCountResponseSchema>;


/**
 * `POST /users/anonymous/addProductToCart` body (spec §3 Add-to-cart payload). `productCode` is a
 * base product code (its default variant is added) or a variant code. A missing, unknown or
 * closed `cartGuid` creates a new cart. `qty` defaults to 1 (spec §9): a whole number 1–99
 * (`invalidQuantity`); `entryType` one of the entry types (`invalidEntryType`); issue 11 item 1:
 * this schema is the validation, the flow takes its output.
 */
export const AddToCartRequestSchema = z.object({
  productCode: codeInput().min(1),
  entryType: entryTypeInput().optional(),
  qty: quantityInput().optional(),
  cartGuid: codeInput().optional(),
  lang: LangSchema.optional(),
  csAgentId: codeInput().optional(),
  /** issue 10: auto-delivery fields (frequencyWeeks, podsAtHomeQty, cupsPerDay, dayOfMonth) */
  ...AddToCartAutoDeliveryFieldsSchema.shape,
});
export type AddToCartRequest = z.input<typeof AddToCartRequestSchema>;
/** addProductToCart body as the API's flow takes it: {@link AddToCartRequestSchema}'s output (issue 11 item 1). */
export type AddToCartInput = z.output<typeof AddToCartRequestSchema>;

/** Answer of addProductToCart: reads cartQuantity and cartGuid (spec §7). */
export const AddToCartResponseSchema = z.object({
  cartGuid: z.string(),
  cartQuantity: z.number().int().nonnegative(),
  entry: CartEntrySchema,
  /** localised success text for the 5000 ms snackbar (spec §4, §9) */
  SuccessMessage: z.string().optional(),
  statusCode: z.literal('success'),
});
export type AddToCartResponse = z.infer<typeof AddToCartResponseSchema>;

/** `POST /users/anonymous/addProductsToCart` body (spec §3 Multi-add payload). One unit of each code; all or nothing. */
export const AddProductsToCartRequestSchema = z.object({
  cartGuid: codeInput().optional(),
  productCodes: z.array(codeInput().min(1)).min(1).max(50),
  lang: LangSchema.optional(),
  csAgentId: codeInput().optional(),
});
export type AddProductsToCartRequest = z.input<typeof AddProductsToCartRequestSchema>;
/** addProductsToCart body as the API's flow takes it (issue 11 item 1). */
export type AddProductsToCartInput = z.output<typeof AddProductsToCartRequestSchema>;

/** Answer of addProductsToCart: reads ResponseMessage and cartQuantity (spec §7). */
export const AddProductsToCartResponseSchema = z.object({
  cartGuid: z.string(),
  cartQuantity: z.number().int().nonnegative(),
  ResponseMessage: z.string(),
});
export type AddProductsToCartResponse = z.infer<typeof AddProductsToCartResponseSchema>;

/**
 * `PATCH /users/anonymous/carts/{cartGuid}/entries/{entryNumber}` body: the new quantity (0 removes
 * the line) and/or, issue 10, an auto-delivery line's new `frequencyWeeks`.
 */
export const UpdateEntryRequestSchema = UpdateEntryAutoDeliverySchema;
export type UpdateEntryRequest = z.infer<typeof UpdateEntryRequestSchema>;

/** One change inside `updateCart`: a line and its new quantity (0 removes it; `invalidQuantity` outside 0–99). */
export const CartEntryQtySchema = z.object({ entryNumber: entryNumberInput(), qty: quantityInput(0) });

/**
 * `POST /users/anonymous/carts/{cartGuid}/updateCart` body (spec §7 updateCart): one change
 * `{entryNumber, qty}` or several `{entries: [{entryNumber, qty}]}` (the cart page form). Qty 0
 * removes a line. All or nothing. One object schema (not a union): a bad quantity is named
 * (`entries[1].qty`, reason `invalidQuantity`).
 */
export const UpdateCartRequestSchema = z
  .object({
    entries: z.array(CartEntryQtySchema).min(1).max(100).optional(),
    entryNumber: entryNumberInput().optional(),
    qty: quantityInput(0).optional(),
  })
  .check((ctx) => {
    // one shape or the other, so a bad field is named (`entries[1].qty`) rather than "no union branch matched"
    if (ctx.value.entries !== undefined) return;
    for (const field of ['entryNumber', 'qty'] as const) {
      if (ctx.value[field] === undefined) ctx.issues.push({ code: 'invalid_type', expected: 'number', input: undefined, path: [field], message: `${field} is required (or entries)` });
    }
  });
export type UpdateCartRequest = z.infer<typeof UpdateCartRequestSchema>;

/** One finding of the cart validation before checkout (spec §2 cart-validation check). */
export const CartValidationMessageSchema = z.object({
  entryNumber: z.number().int().nonnegative(),
  productCode: z.string(),
  /** `insufficientStock` | `outOfStock` | `discontinued` | `notSold` */
  reason: z.string(),
  /** localised text */
  message: z.string(),
  /** units still available (for insufficientStock / outOfStock) */
  available: z.number().int().nonnegative().optional(),
});
export type CartValidationMessage = z.infer<typeof CartValidationMessageSchema>;

/** `GET /users/anonymous/carts/{cartGuid}/validate` answer. */
export const CartValidationResponseSchema = z.object({
  valid: z.boolean(),
  messages: z.array(CartValidationMessageSchema),
});
export type CartValidationResponse = z.infer<typeof CartValidationResponseSchema>;

/** `POST /users/current/carts/merge` body (issue 3): the anonymous cart to merge into the customer's current cart. */
export const CartMergeRequestSchema = z.object({ anonymousCartGuid: codeInput().min(1) });
export type CartMergeRequest = z.infer<typeof CartMergeRequestSchema>;

/**
 * One line of the anonymous cart that could not be merged in full: `quantityCapped` (the merged
 * quantity was capped by the stock or the per-line maximum; `quantity` units are in the cart),
 * `outOfStock`, `discontinued` or `notSold` (nothing added). `entryNumber` is the line in the
 * merged cart, null when the product is not in it.
 */
export const CartMergeMessageSchema = z.object({
  entryNumber: z.number().int().nonnegative().nullable(),
  productCode: z.string(),
  reason: z.enum(['quantityCapped', 'outOfStock', 'discontinued', 'notSold']),
  /** units the two carts held together */
  requested: z.number().int().nonnegative(),
  /** units in the merged cart now */
  quantity: z.number().int().nonnegative(),
  /** localised text */
  message: z.string(),
});
export type CartMergeMessage = z.infer<typeof CartMergeMessageSchema>;

/** Answer of the cart merge: the customer's cart after the merge and a message per line not merged in full. */
export const CartMergeResponseSchema = z.object({
  cart: CartSchema,
  messages: z.array(CartMergeMessageSchema),
});
export type CartMergeResponse = z.infer<typeof CartMergeResponseSchema>;
