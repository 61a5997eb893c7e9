/**
 * Auto-delivery home contracts (issue 10; ADR 0018 "Auto-delivery home"; spec §2 auto-delivery
 * home and upcoming-order add-item, §7 auto-delivery and subscription calls, §9 codes). Every path
 * is under `/rest/v2/{baseSiteId}/users/{current|id}` and needs the customer's access token
 * (anonymous: 401; someone else's subscription: 404, no enumeration).
 *
 * Calls:
 * - `GET subscriptions` → {@link SubscriptionListResponse}; `GET subscriptions/{id}` → {@link Subscription}
 * - `PATCH subscriptions/{id}` {@link SubscriptionPatchRequest} (frequencyWeeks, dayOfMonth, addressId, paymentMethodId)
 * - `POST subscriptions/{id}/skip`, `/shipNow`, `/shipOn` {@link ShipOnRequest}, `/pause` {@link PauseRequest},
 *   `/resume`, `/cancel` {@link CancelSubscriptionRequest} → {@link Subscription} (shipNow:
 *   {@link ShipNowResponse}; cancel: {@link CancelSubscriptionResponse})
 * - `POST subscriptions/{id}/items` {@link AddSubscriptionItemRequest} and the spec's
 *   `POST addProductToExistingAD` {@link AddProductToExistingAdRequest} → {@link Subscription} (201)
 * - `PATCH subscriptions/{id}/items/{itemId}` {@link SubscriptionItemPatchRequest}, `DELETE …` → {@link Subscription}
 * - `GET getADOrders?subscriptionId=&currentPage=` → {@link AdOrdersResponse}
 * - `GET paymentdetails/getStripeADPaymentMethod?subscriptionId=` → {@link StripeAdPaymentMethodResponse}
 *
 * Errors (OCC body): 400 `ValidationError` naming the field (`subject`) with a reason of
 * {@link SUBSCRIPTION_ERROR_REASONS} (`invalidFrequency`, `invalidQuantity`, `invalidDayOfMonth`,
 * `invalidDate`, `dateOutOfRange`, `frequencyNotApplicable`, `dayOfMonthNotApplicable`,
 * `notAdEligible`); 404 `NotFoundError` for an unknown or foreign subscription / item / address /
 * card / product; 409 `AutoDeliveryError`: `ALREADY_ADDED_TO_SP`, `ALREADY_ADDED_TO_BACKUP_PRODUCT`,
 * `orderInProgress` (a cycle of the subscription is being placed), `subscriptionPaused`,
 * `subscriptionSuspended`, `subscriptionCancelled`, `cycleAlreadyPlaced` (ship now twice a day),
 * `lastItem` (deleting the only item: cancel instead); 400 `PaymentError` (subject
 * `paymentMethod`, reasons as at checkout: `cardDeclined`, `insufficientFunds`, …) when the clawback
 * charge of an early campaign cancel is declined (nothing changes).
 *
 * Money: `PriceData` (major units, formatted) for display and `…Minor` integer minor units where a
 * client computes. Dates: `YYYY-MM-DD` in the site's time zone (`adTimeZone`).
 */
import { z } from 'zod';
import {
  ALREADY_ADDED_TO_BACKUP_PRODUCT,
  ALREADY_ADDED_TO_SP,
  AUTO_DELIVERY_ERROR_REASONS,
  AUTO_DELIVERY_ERROR_TYPE,
  CYCLE_STATUSES,
  MAX_FREQUENCY_WEEKS,
  MONTHLY_BOX_ROTATIONS,
  PROGRAMS,
  SUBSCRIPTION_CANCEL_REASONS,
  SUBSCRIPTION_STATUSES,
} from '@store/domain';
import { PriceDataSchema, type Lang } from './catalog.ts';
import { AddressSchema } from './cart.ts';
import { PageInfoSchema } from './customer.ts';
import { codeInput, safeText } from './input.ts';
import type { ApiCore } from './client.ts';

/** The `type` of auto-delivery 409s (ADR 0018). */
export const SUBSCRIPTION_ERROR_TYPE = AUTO_DELIVERY_ERROR_TYPE;

/**
 * Every `reason` an auto-delivery home call may answer (the domain's
 * `AUTO_DELIVERY_ERROR_REASONS` plus the API's `cycleAlreadyPlaced` and `lastItem`), so the
 * storefront can translate each one.
 */
export const SUBSCRIPTION_ERROR_REASONS = [...AUTO_DELIVERY_ERROR_REASONS, 'cycleAlreadyPlaced', 'lastItem'] as const;
/** One of {@link SUBSCRIPTION_ERROR_REASONS}. */
export type SubscriptionErrorReason = (typeof SUBSCRIPTION_ERROR_REASONS)[number];
/** The spec §9 "already in this auto-delivery" codes (409 reasons). */
export const SUBSCRIPTION_ALREADY_ADDED_REASONS = [ALREADY_ADDED_TO_SP, ALREADY_ADDED_TO_BACKUP_PRODUCT] as const;
/** 409 reason: a cycle of the subscription is being placed right now; try again in a minute. */
export const ORDER_IN_PROGRESS = 'orderInProgress';
/** 409 reasons of a subscription in the wrong status for the action. */
export const SUBSCRIPTION_STATUS_REASONS = ['subscriptionPaused', 'subscriptionSuspended', 'subscriptionCancelled'] as const;

/** A local calendar date `YYYY-MM-DD` (site time zone). The range (tomorrow … +180 days) is the flow's: 400 `dateOutOfRange`. */
export const LocalDateInputSchema = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .meta({ format: 'date' });

/** Subscription statuses (ADR 0018). */
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatusValue = z.infer<typeof SubscriptionStatusSchema>;
/** Programs (ADR 0018 table; a subscription is never `ONE_TIME`). */
export const SubscriptionProgramSchema = z.enum(PROGRAMS);
/** Cancel reasons offered by auto-delivery home (`other` with a note). */
export const SubscriptionCancelReasonSchema = z.enum(SUBSCRIPTION_CANCEL_REASONS);
/** Cycle statuses (ADR 0018 `subscription_cycles.status`). */
export const SubscriptionCycleStatusSchema = z.enum(CYCLE_STATUSES);

/**
 * What the customer may do now (the storefront shows only these buttons). Derived from the status
 * (ADR 0018 amendments "allowed transitions") and `orderInProgress`:
 * `changeFrequency` (weekly programs) / `changeDayOfMonth` (SCHEDULED, MONTHLY_BOX), `changeAddress`,
 * `changePaymentMethod`, `skip`, `shipNow`, `shipOn`, `pause`, `resume`, `cancel`, `addItem`,
 * `editItems`.
 */
export const SUBSCRIPTION_ACTIONS = [
  'changeFrequency',
  'changeDayOfMonth',
  'changeAddress',
  'changePaymentMethod',
  'skip',
  'shipNow',
  'shipOn',
  'pause',
  'resume',
  'cancel',
  'addItem',
  'editItems',
] as const;
export const SubscriptionActionSchema = z.enum(SUBSCRIPTION_ACTIONS);
export type SubscriptionAction = z.infer<typeof SubscriptionActionSchema>;

/** A product as shown on a subscription item (name in the request's language). */
export const SubscriptionProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** the product's primary image URL (thumbnail), or null */
  imageUrl: z.string().nullable(),
  /** is the variant in stock now (the next order may use the backup product)? */
  inStock: z.boolean(),
});
export type SubscriptionProduct = z.infer<typeof SubscriptionProductSchema>;

/** One item of a subscription, priced as the next recurring order would be (current prices, AD recurring price). */
export const SubscriptionItemSchema = z.object({
  /** `si_…` */
  id: z.string(),
  product: SubscriptionProductSchema,
  qty: z.number().int().positive(),
  /** the AD recurring unit price (ADR 0018 "Prices", context adRecurring) */
  unitPrice: PriceDataSchema,
  /** the list unit price (to show the saving) */
  listPrice: PriceDataSchema,
  /** unitPrice × qty */
  totalPrice: PriceDataSchema,
  unitPriceMinor: z.number().int().nonnegative(),
  totalPriceMinor: z.number().int().nonnegative(),
  /** the product shipped instead when this one is out of stock, or null */
  backup: SubscriptionProductSchema.nullable(),
});
export type SubscriptionItem = z.infer<typeof SubscriptionItemSchema>;

/** The card the scheduler charges (never the number). */
export const SubscriptionPaymentMethodSchema = z.object({
  /** saved payment method id (`paymentdetails`) */
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** has it expired before the next ship date (the customer should change it)? */
  expiresBeforeNextShipDate: z.boolean(),
});
export type SubscriptionPaymentMethod = z.infer<typeof SubscriptionPaymentMethodSchema>;

/** The shipping address of a subscription; `id` is the address-book id when it came from the book. */
export const SubscriptionAddressSchema = AddressSchema.extend({ id: z.string().nullable() });
export type SubscriptionAddress = z.infer<typeof SubscriptionAddressSchema>;

/** Brewer-campaign commitment tracker (ADR 0018 "Brewer campaigns"): null on other programs. */
export const CommitmentTrackerSchema = z.object({
  campaignCode: z.string(),
  /** `open` | `met` | `pastDeadline` | `clawedBack` | `cancelled` */
  status: z.enum(['open', 'met', 'pastDeadline', 'clawedBack', 'cancelled']),
  boxesCounted: z.number().int().nonnegative(),
  boxesRequired: z.number().int().positive(),
  boxesLeft: z.number().int().nonnegative(),
  ordersCounted: z.number().int().nonnegative(),
  ordersRequired: z.number().int().nonnegative(),
  ordersLeft: z.number().int().nonnegative(),
  /** an order counts toward `ordersCounted` when it has at least this many boxes */
  minBoxesPerOrder: z.number().int().positive(),
  /** last local date an order counts */
  deadline: z.string(),
  daysLeft: z.number().int().nonnegative(),
  /** what cancelling today charges (the brewer discount not yet earned); 0 once met */
  cancelCostNow: PriceDataSchema,
  cancelCostNowMinor: z.number().int().nonnegative(),
});
export type CommitmentTracker = z.infer<typeof CommitmentTrackerSchema>;

/** The latest cycle of a subscription (AD home history line / payment problem banner). */
export const SubscriptionCycleSchema = z.object({
  date: z.string(),
  status: SubscriptionCycleStatusSchema,
  orderCode: z.string().nullable(),
  /** charge attempts made */
  attempts: z.number().int().nonnegative(),
  /** ISO-8601 UTC instant of the next charge attempt (payment_failed), else null */
  nextAttemptAt: z.string().nullable(),
});
export type SubscriptionCycle = z.infer<typeof SubscriptionCycleSchema>;

/** `GET users/{u}/subscriptions/{id}` answer (and the answer of every change). */
export const SubscriptionSchema = z.object({
  /** `sub_…` */
  id: z.string(),
  program: SubscriptionProgramSchema,
  /** the cart entry type it was bought with (`ADC`, `ADCF`, `ADF`, `MBOX`, `BBAD`) */
  entryType: z.string(),
  status: SubscriptionStatusSchema,
  /** weeks between orders (AUTO_DELIVERY, SMART, BREWER_CAMPAIGN), else null */
  frequencyWeeks: z.number().int().positive().nullable(),
  /** 1–28, or 31 = last day (SCHEDULED, MONTHLY_BOX), else null */
  dayOfMonth: z.number().int().min(1).max(31).nullable(),
  /**
   * MONTHLY_BOX: `choose` (the shopper picks each month's box: the item) or `curated` (the box
   * moves along the store's rotation after each month); null for other programs
   */
  rotation: z.enum(MONTHLY_BOX_ROTATIONS).nullable(),
  /** the next order's local date */
  nextShipDate: z.string(),
  /** while paused: the first date orders resume, else null */
  pausedUntil: z.string().nullable(),
  /** the date the upcoming-order reminder is sent (next − adReminderLeadDays) */
  reminderDate: z.string(),
  items: z.array(SubscriptionItemSchema),
  /** items subtotal of the next order (before tax and shipping) */
  nextOrderSubtotal: PriceDataSchema,
  nextOrderSubtotalMinor: z.number().int().nonnegative(),
  currencyIso: z.string(),
  shippingAddress: SubscriptionAddressSchema,
  /** null when the card was deleted (the customer must choose one) */
  paymentMethod: SubscriptionPaymentMethodSchema.nullable(),
  /** the checkout order that started it */
  parentOrderCode: z.string().nullable(),
  campaignCode: z.string().nullable(),
  commitment: CommitmentTrackerSchema.nullable(),
  /** is a cycle being placed right now (changes answer 409 orderInProgress)? */
  orderInProgress: z.boolean(),
  lastCycle: SubscriptionCycleSchema.nullable(),
  allowedActions: z.array(SubscriptionActionSchema),
  /** frequencies the site offers (weeks), for the frequency picker */
  frequenciesWeeks: z.array(z.number().int().positive()),
  /** largest quantity of one item (`adMaxQtyPerItem`) */
  maxQtyPerItem: z.number().int().positive(),
  cancelReason: SubscriptionCancelReasonSchema.nullable(),
  /** ISO-8601 UTC */
  cancelledAt: z.string().nullable(),
  /** ISO-8601 UTC */
  createdAt: z.string(),
  /** grows with every change */
  version: z.number().int().positive(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** `GET users/{u}/subscriptions` answer: active and paused first, then by next ship date. */
export const SubscriptionListResponseSchema = z.object({ subscriptions: z.array(SubscriptionSchema) });
export type SubscriptionListResponse = z.infer<typeof SubscriptionListResponseSchema>;

/** Path parameters of `users/{userId}/subscriptions/{subscriptionId}`. */
export const SubscriptionParamsSchema = z.object({ baseSiteId: codeInput(), userId: codeInput(), subscriptionId: codeInput() });
/** Path parameters of `users/{userId}/subscriptions/{subscriptionId}/items/{itemId}`. */
export const SubscriptionItemParamsSchema = SubscriptionParamsSchema.extend({ itemId: codeInput() });

/** Day of the month: 1–28, or 31 = the last day of each month. */
export const DayOfMonthInputSchema = z
  .number()
  .int()
  .refine((d) => (d >= 1 && d <= 28) || d === 31, { message: 'must be from 1 to 28, or 31 for the last day of the month', params: { reason: 'invalidDayOfMonth' } });

/**
 * `PATCH users/{u}/subscriptions/{id}` body: at least one field. `frequencyWeeks` must be one the
 * site offers (400 `invalidFrequency`; `frequencyNotApplicable` on day-of-month programs);
 * `dayOfMonth` 400 `dayOfMonthNotApplicable` on weekly programs; `rotation` 400
 * `rotationNotApplicable` except on monthly boxes; `addressId` an address-book id of
 * the customer (404 otherwise; the address is copied); `paymentMethodId` a saved card of the
 * customer (404 otherwise).
 */
export const SubscriptionPatchRequestSchema = z
  .strictObject({
    frequencyWeeks: z.number().int().min(1).max(MAX_FREQUENCY_WEEKS).optional(),
    dayOfMonth: DayOfMonthInputSchema.optional(),
    /** MONTHLY_BOX only (400 `rotationNotApplicable` otherwise): `choose` or `curated` */
    rotation: z.enum(MONTHLY_BOX_ROTATIONS).optional(),
    addressId: codeInput().min(1).optional(),
    paymentMethodId: codeInput().min(1).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'give at least one field to change' });
export type SubscriptionPatchRequest = z.infer<typeof SubscriptionPatchRequestSchema>;

/** `POST …/shipOn` body: the next order ships on `date` (tomorrow … today + 180 days; 400 `dateOutOfRange`, subject `date`). */
export const ShipOnRequestSchema = z.strictObject({ date: LocalDateInputSchema });
export type ShipOnRequest = z.infer<typeof ShipOnRequestSchema>;

/** `POST …/pause` body: no order before `until` (tomorrow … today + 180 days; 400 `dateOutOfRange`, subject `until`). */
export const PauseRequestSchema = z.strictObject({ until: LocalDateInputSchema });
export type PauseRequest = z.infer<typeof PauseRequestSchema>;

/** Longest cancel note, characters. */
export const CANCEL_NOTE_MAX = 500;
/** `POST …/cancel` body: a reason of the list, and a note (free text, single line). */
export const CancelSubscriptionRequestSchema = z.strictObject({
  reason: SubscriptionCancelReasonSchema,
  note: safeText(CANCEL_NOTE_MAX).optional(),
});
export type CancelSubscriptionRequest = z.infer<typeof CancelSubscriptionRequestSchema>;

/** Largest item quantity the schema accepts; the site's `adMaxQtyPerItem` is checked by the flow (400 `invalidQuantity`, subject `qty`). */
export const SUBSCRIPTION_QTY_MAX = 99;

/** `POST users/{u}/subscriptions/{id}/items` body: an AD-eligible product (400 `notAdEligible`), not already in it (409 `ALREADY_ADDED_TO_SP` / `_BACKUP_PRODUCT`). */
export const AddSubscriptionItemRequestSchema = z.strictObject({
  productCode: codeInput().min(1),
  qty: z.number().int().min(1).max(SUBSCRIPTION_QTY_MAX).default(1),
});
export type AddSubscriptionItemRequest = z.input<typeof AddSubscriptionItemRequestSchema>;

/** The spec's `POST users/{u}/addProductToExistingAD` body (spec §2 upcoming-order add-item): the same as adding an item, with the subscription in the body. */
export const AddProductToExistingAdRequestSchema = AddSubscriptionItemRequestSchema.extend({ subscriptionId: codeInput().min(1) });
export type AddProductToExistingAdRequest = z.input<typeof AddProductToExistingAdRequestSchema>;

/**
 * `PATCH users/{u}/subscriptions/{id}/items/{itemId}` body: at least one field. `backupProductCode`
 * null removes the backup; a product already an item / already a backup → 409 (spec §9 codes).
 */
export const SubscriptionItemPatchRequestSchema = z
  .strictObject({
    qty: z.number().int().min(1).max(SUBSCRIPTION_QTY_MAX).optional(),
    backupProductCode: codeInput().min(1).nullable().optional(),
  })
  .refine((b) => b.qty !== undefined || b.backupProductCode !== undefined, { message: 'give qty or backupProductCode' });
export type SubscriptionItemPatchRequest = z.infer<typeof SubscriptionItemPatchRequestSchema>;

/** `POST …/shipNow` answer: the subscription after it, and the order placed now (null when every item was out of stock). */
export const ShipNowResponseSchema = z.object({
  subscription: SubscriptionSchema,
  cycle: SubscriptionCycleSchema,
});
export type ShipNowResponse = z.infer<typeof ShipNowResponseSchema>;

/** `POST …/cancel` answer: the cancelled subscription and the clawback charged (campaign cancelled before the commitment was met), if any. */
export const CancelSubscriptionResponseSchema = z.object({
  subscription: SubscriptionSchema,
  clawback: z
    .object({
      orderCode: z.string(),
      amount: PriceDataSchema,
      amountMinor: z.number().int().positive(),
    })
    .nullable(),
});
export type CancelSubscriptionResponse = z.infer<typeof CancelSubscriptionResponseSchema>;

/** Query of `GET users/{u}/getADOrders`: one subscription's orders or all, paged (0-based). */
export const AdOrdersQuerySchema = z.object({
  subscriptionId: codeInput().optional(),
  currentPage: z.coerce.number().int().nonnegative().max(10_000).optional(),
  pageSize: z.coerce.number().int().positive().max(50).optional(),
  lang: z.enum(['en', 'fr']).optional(),
});
export type AdOrdersQuery = z.infer<typeof AdOrdersQuerySchema>;

/** One order of an auto-delivery (the parent checkout order, recurring orders, clawback charges). */
export const AdOrderSchema = z.object({
  code: z.string(),
  /** `checkout` (the order that started it) | `recurring` | `clawback` */
  kind: z.enum(['checkout', 'recurring', 'clawback']),
  subscriptionId: z.string(),
  status: z.string(),
  /** ISO-8601 UTC */
  placed: z.string(),
  total: PriceDataSchema,
  totalUnitCount: z.number().int().nonnegative(),
});
export type AdOrder = z.infer<typeof AdOrderSchema>;

/** `GET users/{u}/getADOrders` answer: newest first. */
export const AdOrdersResponseSchema = z.object({ orders: z.array(AdOrderSchema), pagination: PageInfoSchema });
export type AdOrdersResponse = z.infer<typeof AdOrdersResponseSchema>;

/** Query of `GET users/{u}/paymentdetails/getStripeADPaymentMethod`. */
export const StripeAdPaymentMethodQuerySchema = z.object({ subscriptionId: codeInput().min(1) });

/** `GET users/{u}/paymentdetails/getStripeADPaymentMethod` answer: the card the subscription is charged on. */
export const StripeAdPaymentMethodResponseSchema = z.object({
  subscriptionId: z.string(),
  provider: z.enum(['test', 'stripe']),
  /** the provider's customer (`cus_…`), null when none */
  stripeCustomerId: z.string().nullable(),
  /** the provider's payment method (`pm_…`), null when the subscription has no card */
  stripePaymentMethodId: z.string().nullable(),
  paymentMethod: SubscriptionPaymentMethodSchema.nullable(),
});
export type StripeAdPaymentMethodResponse = z.infer<typeof StripeAdPaymentMethodResponseSchema>;

/** Options of the auto-delivery calls. */
export interface SubscriptionCallOptions {
  lang?: Lang;
}

/** Typed auto-delivery home calls (`site` = base site uid; customer token). Every call throws `ApiError` on a non-2xx answer. */
export interface SubscriptionCalls {
  /** GET /{site}/users/current/subscriptions */
  listSubscriptions(site: string, opts?: SubscriptionCallOptions): Promise<SubscriptionListResponse>;
  /** GET /{site}/users/current/subscriptions/{id} */
  getSubscription(site: string, id: string, opts?: SubscriptionCallOptions): Promise<Subscription>;
  /** PATCH /{site}/users/current/subscriptions/{id} */
  updateSubscription(site: string, id: string, patch: SubscriptionPatchRequest, opts?: SubscriptionCallOptions): Promise<Subscription>;
  /** POST /{site}/users/current/subscriptions/{id}/skip — skips the next order. */
  skipSubscriptionOrder(site: string, id: string, opts?: SubscriptionCallOptions): Promise<Subscription>;
  /** POST /{site}/users/current/subscriptions/{id}/shipNow — places an order today. */
  shipSubscriptionNow(site: string, id: string, opts?: SubscriptionCallOptions): Promise<ShipNowResponse>;
  /** POST /{site}/users/current/subscriptions/{id}/shipOn */
  shipSubscriptionOn(site: string, id: string, date: string, opts?: SubscriptionCallOptions): Promise<Subscription>;
  /** POST /{site}/users/current/subscriptions/{id}/pause */
  pauseSubscription(site: string, id: string, until: string, opts?: SubscriptionCallOptions): Promise<Subscription>;
  /** POST /{site}/users/current/subscriptions/{id}/resume */
  resumeSubscription(site: string, id: string, opts?: SubscriptionCallOptions): Promise<Subscription>;
  /** POST /{site}/users/current/subscriptions/{id}/cancel */
  cancelSubscription(site: string, id: string, body: CancelSubscriptionRequest, opts?: SubscriptionCallOptions): Promise<CancelSubscriptionResponse>;
  /** POST /{site}/users/current/subscriptions/{id}/items (201) */
  addSubscriptionItem(site: string, id: string, body: AddSubscriptionItemRequest, opts?: SubscriptionCallOptions): Promise<Subscription>;
  /** POST /{site}/users/current/addProductToExistingAD (201) — spec §2 upcoming-order add-item. */
  addProductToExistingAD(site: string, body: AddProductToExistingAdRequest, opts?: SubscriptionCallOptions): Promise<Subscription>;
  /** PATCH /{site}/users/current/subscriptions/{id}/items/{itemId} */
  updateSubscriptionItem(site: string, id: string, itemId: string, patch: SubscriptionItemPatchRequest, opts?: SubscriptionCallOptions): Promise<Subscription>;
  /** DELETE /{site}/users/current/subscriptions/{id}/items/{itemId} */
  removeSubscriptionItem(site: string, id: string, itemId: string, opts?: SubscriptionCallOptions): Promise<Subscription>;
  /** GET /{site}/users/current/getADOrders?subscriptionId=&currentPage=&pageSize= */
  getADOrders(site: string, opts?: Omit<AdOrdersQuery, 'lang'> & SubscriptionCallOptions): Promise<AdOrdersResponse>;
  /** GET /{site}/users/current/paymentdetails/getStripeADPaymentMethod?subscriptionId= */
  getStripeADPaymentMethod(site: string, subscriptionId: string): Promise<StripeAdPaymentMethodResponse>;
}

/** Builds the auto-delivery home calls on a core built with the customer's token. */
export function createSubscriptionClient(core: ApiCore): SubscriptionCalls {
  const enc = encodeURIComponent;
  const me = (site: string) => `/${enc(site)}/users/current`;
  const sub = (site: string, id: string) => `${me(site)}/subscriptions/${enc(id)}`;
  const q = (opts: SubscriptionCallOptions = {}) => ({ lang: opts.lang });
  return {
    listSubscriptions: (site, opts) => core.request('GET', `${me(site)}/subscriptions`, { query: q(opts), schema: SubscriptionListResponseSchema }),
    getSubscription: (site, id, opts) => core.request('GET', sub(site, id), { query: q(opts), schema: SubscriptionSchema }),
    updateSubscription: (site, id, patch, opts) => core.request('PATCH', sub(site, id), { body: patch, query: q(opts), schema: SubscriptionSchema }),
    skipSubscriptionOrder: (site, id, opts) => core.request('POST', `${sub(site, id)}/skip`, { body: {}, query: q(opts), schema: SubscriptionSchema }),
    shipSubscriptionNow: (site, id, opts) => core.request('POST', `${sub(site, id)}/shipNow`, { body: {}, query: q(opts), schema: ShipNowResponseSchema }),
    shipSubscriptionOn: (site, id, date, opts) => core.request('POST', `${sub(site, id)}/shipOn`, { body: { date }, query: q(opts), schema: SubscriptionSchema }),
    pauseSubscription: (site, id, until, opts) => core.request('POST', `${sub(site, id)}/pause`, { body: { until }, query: q(opts), schema: SubscriptionSchema }),
    resumeSubscription: (site, id, opts) => core.request('POST', `${sub(site, id)}/resume`, { body: {}, query: q(opts), schema: SubscriptionSchema }),
    cancelSubscription: (site, id, body, opts) => core.request('POST', `${sub(site, id)}/cancel`, { body, query: q(opts), schema: CancelSubscriptionResponseSchema }),
    addSubscriptionItem: (site, id, body, opts) => core.request('POST', `${sub(site, id)}/items`, { body, query: q(opts), schema: SubscriptionSchema }),
    addProductToExistingAD: (site, body, opts) => core.request('POST', `${me(site)}/addProductToExistingAD`, { body, query: q(opts), schema: SubscriptionSchema }),
    updateSubscriptionItem: (site, id, itemId, patch, opts) =>
      core.request('PATCH', `${sub(site, id)}/items/${enc(itemId)}`, { body: patch, query: q(opts), schema: SubscriptionSchema }),
    removeSubscriptionItem: (site, id, itemId, opts) => core.request('DELETE', `${sub(site, id)}/items/${enc(itemId)}`, { query: q(opts), schema: SubscriptionSchema }),
    getADOrders: (site, opts = {}) =>
      core.request('GET', `${me(site)}/getADOrders`, {
        query: { subscriptionId: opts.subscriptionId, currentPage: opts.currentPage, pageSize: opts.pageSize, lang: opts.lang },
        schema: AdOrdersResponseSchema,
      }),
    getStripeADPaymentMethod: (site, subscriptionId) =>
      core.request('GET', `${me(site)}/paymentdetails/getStripeADPaymentMethod`, { query: { subscriptionId }, schema: StripeAdPaymentMethodResponseSchema }),
  };
}
