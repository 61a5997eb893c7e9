/**
 * Typed commerce calls (cart, guest single-step checkout, order confirmation) built on the API
 * core (`createApiCore`). Anonymous calls need the machine-to-machine token (spec §6), so the
 * core must be created with `getToken`. Every call throws `ApiError` on a non-2xx answer; cart
 * and checkout business errors carry a stable `reason` (e.g. `insufficientStock`,
 * `cardDeclined`) the storefront translates. Paths: docs/decisions/0004-checkout-api.md.
 *
 * Usage: `const api = { ...createApiClient(opts), ...createCommerceClient(core) }`. For a signed-in
 * customer (issue 3, ADR 0008) build the core with their access token and pass
 * `{user: 'current'}`: paths become `/users/current/...` (the doc comments below show the
 * anonymous form).
 */
import {
  AddProductsToCartResponseSchema,
  AddToCartResponseSchema,
  CartCountResponseSchema,
  CartSchema,
  CartValidationResponseSchema,
  SessionCartGuidResponseSchema,
  type AddProductsToCartRequest,
  type AddProductsToCartResponse,
  type AddToCartRequest,
  type AddToCartResponse,
  type Cart,
  type CartCountResponse,
  type CartValidationResponse,
  type DeliveryModeCode,
  type SessionCartGuidResponse,
  type UpdateCartRequest,
} from './cart.ts';
import type { Lang } from './catalog.ts';
import {
  DeliveryModesResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  OrderSchema,
  PaymentIntentResponseSchema,
  type DeliveryAddressRequest,
  type DeliveryModesResponse,
  type Order,
  type PaymentIntentResponse,
  type PaymentMethodInput,
  type SetBillingAddressRequest,
} from './checkout.ts';
import type { ApiCore } from './client.ts';
import {
  CouponDataSchema,
  DiscountMessageSchema,
  GiftCardValidateResponseSchema,
  type CouponData,
  type DiscountMessage,
  type GiftCardValidateResponse,
} from './promotions.ts';

/** Options carrying the display language (labels, messages and money formatting). */
export interface CommerceLangOption {
  lang?: Lang;
}

/** Arguments of {@link CommerceCalls.placeOrder}. */
export interface PlaceOrderArgs extends CommerceLangOption {
  /** required, 1–255 characters; one fresh key per attempt (see PlaceOrderRequestSchema) */
  idempotencyKey: string;
  /** omitted when gift cards pay the whole total (issue 4) */
  paymentIntentId?: string;
  paymentMethod?: PaymentMethodInput;
  /** `user: 'current'` only: pay with a saved card (id from `paymentdetails`) */
  savedPaymentMethodId?: string;
  /** `user: 'current'` only: save the card of `paymentMethod` once paid */
  saveCard?: boolean;
}

/**
 * How a guest proves an order is theirs: its email, or the guid of the cart it was placed from.
 * A signed-in customer (`user: 'current'`) needs no proof (`{}`): the order must be theirs.
 */
export type OrderLookup = { email: string } | { cartGuid: string } | Record<string, never>;

/**
 * Options of {@link createCommerceClient}: whose carts the calls address (issue 3). `anonymous`
 * (default) uses `/users/anonymous/...` with the machine-to-machine token; `current` uses
 * `/users/current/...` and needs a core whose `getToken` gives the customer's access token.
 */
export interface CommerceClientOptions {
  user?: 'anonymous' | 'current';
}

/** The commerce calls. `site` is the base site uid (usb2c, cab2c, usafh). */
export interface CommerceCalls {
  /** GET /{site}/getSessionCartGuid — the given cart's guid when it is an open cart of the site, else a new cart's. */
  getSessionCartGuid(site: string, sessionCartGuid?: string | null): Promise<SessionCartGuidResponse>;
  /** POST /{site}/users/anonymous/addProductToCart */
  addToCart(site: string, body: AddToCartRequest): Promise<AddToCartResponse>;
  /** POST /{site}/users/anonymous/addProductsToCart */
  addProductsToCart(site: string, body: AddProductsToCartRequest): Promise<AddProductsToCartResponse>;
  /** PATCH /{site}/users/anonymous/carts/{cartGuid}/entries/{entryNumber} — qty 0 removes the line. */
  updateEntry(site: string, cartGuid: string, entryNumber: number, qty: number, opts?: CommerceLangOption): Promise<Cart>;
  /** POST /{site}/users/anonymous/carts/{cartGuid}/updateCart — one or several quantity changes at once. */
  updateCart(site: string, cartGuid: string, body: UpdateCartRequest, opts?: CommerceLangOption): Promise<Cart>;
  /** DELETE /{site}/users/anonymous/carts/{cartGuid}/entries/{entryNumber} */
  removeEntry(site: string, cartGuid: string, entryNumber: number, opts?: CommerceLangOption): Promise<Cart>;
  /** GET /{site}/users/anonymous/carts/{cartGuid} */
  getCart(site: string, cartGuid: string, opts?: CommerceLangOption): Promise<Cart>;
  /** GET /{site}/users/anonymous/carts/{cartGuid}/count — the units in the cart, not priced (issue 11: the header's count) */
  getCartCount(site: string, cartGuid: string): Promise<CartCountResponse>;
  /** GET /{site}/users/anonymous/carts/{cartGuid}/validate — the cart-validation check before checkout (spec §2). */
  validateCart(site: string, cartGuid: string, opts?: CommerceLangOption): Promise<CartValidationResponse>;
  /** PUT /{site}/users/anonymous/carts/{cartGuid}/email */
  setEmail(site: string, cartGuid: string, email: string, opts?: CommerceLangOption): Promise<Cart>;
  /** PUT /{site}/users/anonymous/carts/{cartGuid}/addresses/delivery */
  setDeliveryAddress(site: string, cartGuid: string, address: DeliveryAddressRequest, opts?: CommerceLangOption): Promise<Cart>;
  /** GET /{site}/users/anonymous/carts/{cartGuid}/deliverymodes */
  getDeliveryModes(site: string, cartGuid: string, opts?: CommerceLangOption): Promise<DeliveryModesResponse>;
  /** PUT /{site}/users/anonymous/carts/{cartGuid}/deliverymode?deliveryModeId= */
  setDeliveryMode(site: string, cartGuid: string, deliveryModeId: DeliveryModeCode | string, opts?: CommerceLangOption): Promise<Cart>;
  /** PUT /{site}/users/anonymous/carts/{cartGuid}/addresses/billing — an address or `{sameAsShipping: true}`. */
  setBillingAddress(site: string, cartGuid: string, body: SetBillingAddressRequest, opts?: CommerceLangOption): Promise<Cart>;
  /** POST /{site}/users/anonymous/carts/{cartGuid}/paymentIntent — for the cart's current total. */
  createPaymentIntent(site: string, cartGuid: string, opts?: CommerceLangOption): Promise<PaymentIntentResponse>;
  /** POST /{site}/users/anonymous/carts/{cartGuid}/placeOrder with header Idempotency-Key. */
  placeOrder(site: string, cartGuid: string, args: PlaceOrderArgs): Promise<Order>;
  /** GET /{site}/users/anonymous/orders/{orderCode}?email= (or ?cartGuid=) — order confirmation data. */
  getOrder(site: string, orderCode: string, lookup: OrderLookup, opts?: CommerceLangOption): Promise<Order>;
  /** GET /{site}/coupons/applyCouponData?couponCode= — coupon data without touching a cart (404/400 `CouponError`). */
  getCouponData(site: string, couponCode: string, opts?: CommerceLangOption): Promise<CouponData>;
  /** POST /{site}/users/anonymous/carts/{cartGuid}/applyDscntCoupon {couponCode} — applies a coupon (`CouponError` reasons). */
  applyCoupon(site: string, cartGuid: string, couponCode: string, opts?: CommerceLangOption): Promise<Cart>;
  /** DELETE /{site}/users/anonymous/carts/{cartGuid}/coupons/{couponCode} */
  removeCoupon(site: string, cartGuid: string, couponCode: string, opts?: CommerceLangOption): Promise<Cart>;
  /** POST /{site}/users/anonymous/carts/{cartGuid}/giftcard/validate {giftCardCode} — balance check (rate limited, 429). */
  validateGiftCard(site: string, cartGuid: string, giftCardCode: string, opts?: CommerceLangOption): Promise<GiftCardValidateResponse>;
  /** POST /{site}/users/anonymous/carts/{cartGuid}/giftcard/apply {giftCardCode} */
  applyGiftCard(site: string, cartGuid: string, giftCardCode: string, opts?: CommerceLangOption): Promise<Cart>;
  /** PUT /{site}/users/anonymous/carts/{cartGuid}/giftcard/apply-value {giftCardId, amount} — use part of a balance (minor units; null = as needed). */
  applyGiftCardValue(site: string, cartGuid: string, giftCardId: string, amountMinor: number | null, opts?: CommerceLangOption): Promise<Cart>;
  /** DELETE /{site}/users/anonymous/carts/{cartGuid}/giftcard/remove/{giftCardId} */
  removeGiftCard(site: string, cartGuid: string, giftCardId: string, opts?: CommerceLangOption): Promise<Cart>;
  /** GET /{site}/users/anonymous/discountMessage — the spec §6 role-based discount message. */
  getDiscountMessage(site: string, opts?: CommerceLangOption): Promise<DiscountMessage>;
}

/** Builds the commerce calls on a core (see module comment). */
export function createCommerceClient(core: ApiCore, options: CommerceClientOptions = {}): CommerceCalls {
  const enc = encodeURIComponent;
  const user = options.user ?? 'anonymous';
  const cartPath = (site: string, cartGuid: string) => `/${enc(site)}/users/${user}/carts/${enc(cartGuid)}`;
  return {
    getSessionCartGuid: (site, sessionCartGuid) =>
      core.request('GET', `/${enc(site)}/getSessionCartGuid`, {
        ...(sessionCartGuid ? { headers: { sessioncartguid: sessionCartGuid } } : {}),
        schema: SessionCartGuidResponseSchema,
      }),
    addToCart: (site, body) =>
      core.request('POST', `/${enc(site)}/users/${user}/addProductToCart`, { body, schema: AddToCartResponseSchema }),
    addProductsToCart: (site, body) =>
      core.request('POST', `/${enc(site)}/users/${user}/addProductsToCart`, { body, schema: AddProductsToCartResponseSchema }),
    updateEntry: (site, cartGuid, entryNumber, qty, opts = {}) =>
      core.request('PATCH', `${cartPath(site, cartGuid)}/entries/${entryNumber}`, { body: { qty }, query: { lang: opts.lang }, schema: CartSchema }),
    updateCart: (site, cartGuid, body, opts = {}) =>
      core.request('POST', `${cartPath(site, cartGuid)}/updateCart`, { body, query: { lang: opts.lang }, schema: CartSchema }),
    removeEntry: (site, cartGuid, entryNumber, opts = {}) =>
      core.request('DELETE', `${cartPath(site, cartGuid)}/entries/${entryNumber}`, { query: { lang: opts.lang }, schema: CartSchema }),
    getCart: (site, cartGuid, opts = {}) => core.request('GET', cartPath(site, cartGuid), { query: { lang: opts.lang }, schema: CartSchema }),
    getCartCount: (site, cartGuid) => core.request('GET', `${cartPath(site, cartGuid)}/count`, { schema: CartCountResponseSchema }),
    validateCart: (site, cartGuid, opts = {}) =>
      core.request('GET', `${cartPath(site, cartGuid)}/validate`, { query: { lang: opts.lang }, schema: CartValidationResponseSchema }),
    setEmail: (site, cartGuid, email, opts = {}) =>
      core.request('PUT', `${cartPath(site, cartGuid)}/email`, { body: { email }, query: { lang: opts.lang }, schema: CartSchema }),
    setDeliveryAddress: (site, cartGuid, address, opts = {}) =>
      core.request('PUT', `${cartPath(site, cartGuid)}/addresses/delivery`, { body: address, query: { lang: opts.lang }, schema: CartSchema }),
    getDeliveryModes: (site, cartGuid, opts = {}) =>
      core.request('GET', `${cartPath(site, cartGuid)}/deliverymodes`, { query: { lang: opts.lang }, schema: DeliveryModesResponseSchema }),
    setDeliveryMode: (site, cartGuid, deliveryModeId, opts = {}) =>
      core.request('PUT', `${cartPath(site, cartGuid)}/deliverymode`, { query: { deliveryModeId, lang: opts.lang }, schema: CartSchema }),
    setBillingAddress: (site, cartGuid, body, opts = {}) =>
      core.request('PUT', `${cartPath(site, cartGuid)}/addresses/billing`, { body, query: { lang: opts.lang }, schema: CartSchema }),
    createPaymentIntent: (site, cartGuid, opts = {}) =>
      core.request('POST', `${cartPath(site, cartGuid)}/paymentIntent`, { body: {}, query: { lang: opts.lang }, schema: PaymentIntentResponseSchema }),
    placeOrder: (site, cartGuid, args) =>
      core.request('POST', `${cartPath(site, cartGuid)}/placeOrder`, {
        headers: { [IDEMPOTENCY_KEY_HEADER]: args.idempotencyKey },
        body: {
          ...(args.paymentIntentId ? { paymentIntentId: args.paymentIntentId } : {}),
          ...(args.paymentMethod ? { paymentMethod: args.paymentMethod } : {}),
          ...(args.lang ? { lang: args.lang } : {}),
          ...(args.savedPaymentMethodId ? { savedPaymentMethodId: args.savedPaymentMethodId } : {}),
          ...(args.saveCard ? { saveCard: true } : {}),
        },
        schema: OrderSchema,
      }),
    getOrder: (site, orderCode, lookup, opts = {}) =>
      core.request('GET', `/${enc(site)}/users/${user}/orders/${enc(orderCode)}`, {
        query: { ...('email' in lookup ? { email: lookup.email } : 'cartGuid' in lookup ? { cartGuid: lookup.cartGuid } : {}), lang: opts.lang },
        schema: OrderSchema,
      }),
    getCouponData: (site, couponCode, opts = {}) =>
      core.request('GET', `/${enc(site)}/coupons/applyCouponData`, { query: { couponCode, lang: opts.lang }, schema: CouponDataSchema }),
    applyCoupon: (site, cartGuid, couponCode, opts = {}) =>
      core.request('POST', `${cartPath(site, cartGuid)}/applyDscntCoupon`, { body: { couponCode }, query: { lang: opts.lang }, schema: CartSchema }),
    removeCoupon: (site, cartGuid, couponCode, opts = {}) =>
      core.request('DELETE', `${cartPath(site, cartGuid)}/coupons/${enc(couponCode)}`, { query: { lang: opts.lang }, schema: CartSchema }),
    validateGiftCard: (site, cartGuid, giftCardCode, opts = {}) =>
      core.request('POST', `${cartPath(site, cartGuid)}/giftcard/validate`, { body: { giftCardCode }, query: { lang: opts.lang }, schema: GiftCardValidateResponseSchema }),
    applyGiftCard: (site, cartGuid, giftCardCode, opts = {}) =>
      core.request('POST', `${cartPath(site, cartGuid)}/giftcard/apply`, { body: { giftCardCode }, query: { lang: opts.lang }, schema: CartSchema }),
    applyGiftCardValue: (site, cartGuid, giftCardId, amountMinor, opts = {}) =>
      core.request('PUT', `${cartPath(site, cartGuid)}/giftcard/apply-value`, { body: { giftCardId, amount: amountMinor }, query: { lang: opts.lang }, schema: CartSchema }),
    removeGiftCard: (site, cartGuid, giftCardId, opts = {}) =>
      core.request('DELETE', `${cartPath(site, cartGuid)}/giftcard/remove/${enc(giftCardId)}`, { query: { lang: opts.lang }, schema: CartSchema }),
    getDiscountMessage: (site, opts = {}) =>
      core.request('GET', `/${enc(site)}/users/${user}/discountMessage`, { query: { lang: opts.lang }, schema: DiscountMessageSchema }),
  };
}
