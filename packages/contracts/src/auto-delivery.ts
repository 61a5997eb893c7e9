/**
 * Auto-delivery BUYING contracts (issue 10; ADR 0018 "Programs and entry types", "Prices",
 * "Buying", "Brewer campaigns"; spec §3, §5, §7, §9): what the storefront sends to put an
 * auto-delivery (AD) line in the cart, change or drop it, ask for a smart suggestion, add a brewer
 * campaign bundle, and what the API answers about AD prices, settings, cart lines, the
 * subscriptions an order opened and the customer's AD data. The AD home (subscriptions after
 * purchase) is in `subscriptions.ts`.
 *
 * Paths are under `/rest/v2/{baseSiteId}`; `{u}` is `anonymous` (machine-to-machine token) or
 * `current` (customer token):
 * - `POST users/{u}/addProductToCart` takes {@link AddToCartAutoDeliveryFieldsSchema} besides the
 *   usual fields (`entryType` STD | ADC | ADCF | ADF | MBOX | BBAD);
 * - `PATCH users/{u}/carts/{guid}/entries/{n}` takes `{qty?, frequencyWeeks?}` ({@link UpdateEntryAutoDeliverySchema});
 * - `POST users/{u}/carts/{guid}/removeAutoDeliveryItem {entryNumber}` → Cart (the line becomes one-time);
 * - `GET users/{u}/autoDelivery/smartSuggestion?productCode&podsAtHomeQty&cupsPerDay&qty` → {@link SmartSuggestionAnswer};
 * - `POST users/{u}/addCampaignBundle` → Cart ({@link AddCampaignBundleRequest});
 * - `GET cms/siteConfig` answers `autoDelivery` ({@link AutoDeliverySiteSettings}).
 *
 * Errors: field problems are 400 `ValidationError` with `subject` the field and a reason of
 * {@link AUTO_DELIVERY_REASONS} (`invalidFrequency`, `invalidPodsAtHomeQty`, `notAdEligible`
 * (subject `entryType`), ...); state problems 409 `AutoDeliveryError`; an anonymous checkout of a
 * cart with an AD line 403 `AutoDeliveryError` `accountRequired`; campaign problems 409
 * `CampaignError` with a reason of {@link CAMPAIGN_ERROR_REASONS}.
 *
 * Money is spec §3 Price data (minor units server-side); percentages are basis points.
 */
import { z } from 'zod';
import { AUTO_DELIVERY_ERROR_REASONS, AUTO_DELIVERY_ERROR_TYPE, CAMPAIGN_CODES, PROGRAMS } from '@store/domain';
import { PriceDataSchema } from './catalog.ts';
import { codeInput, quantityInput } from './input.ts';

/** Entry types of auto-delivery lines (ADR 0018): every entry type but `STD`. */
export const AUTO_DELIVERY_ENTRY_TYPES = ['ADC', 'ADCF', 'ADF', 'MBOX', 'BBAD'] as const;
/** One of {@link AUTO_DELIVERY_ENTRY_TYPES}. */
export const AutoDeliveryEntryTypeSchema = z.enum(AUTO_DELIVERY_ENTRY_TYPES);
export type AutoDeliveryEntryTypeCode = z.infer<typeof AutoDeliveryEntryTypeSchema>;

/** Every cart entry type a shopper may send (`STD` one-time, or an AD type). */
export const BUYABLE_ENTRY_TYPES = ['STD', ...AUTO_DELIVERY_ENTRY_TYPES] as const;
export const BuyableEntryTypeSchema = z.enum(BUYABLE_ENTRY_TYPES);

/** The program of a line (ADR 0018 table): `ONE_TIME` for STD, else the AD program of its entry type. */
export const ProgramSchema = z.enum(PROGRAMS);
export type ProgramCode = z.infer<typeof ProgramSchema>;

/** Brewer campaign codes (spec §9). */
export const CampaignCodeSchema = z.enum(CAMPAIGN_CODES);

/** The `type` of auto-delivery errors (403/409). Field problems use `ValidationError`. */
export const AUTO_DELIVERY_ERROR = AUTO_DELIVERY_ERROR_TYPE;
/** The `type` of brewer campaign errors (409). */
export const CAMPAIGN_ERROR = 'CampaignError';

/**
 * Every reason of an auto-delivery error the API answers (ADR 0018; the domain's list): the
 * storefront translates by reason. `notAdEligible` (400, subject `entryType`), `accountRequired`
 * (403), `invalidFrequency` / `invalidPodsAtHomeQty` / `invalidCupsPerDay` / `invalidDayOfMonth`
 * (400, subject the field), `orderInProgress` and the subscription states (409).
 */
export const AUTO_DELIVERY_REASONS = AUTO_DELIVERY_ERROR_REASONS;

/**
 * Reasons of brewer campaign errors (`CampaignError`, 409 unless said): `campaignNotOffered` (404:
 * the site has no such campaign), `brewerNotInCampaign` (400, subject `brewerCode`),
 * `commitmentOpen` (the email or shipping address already has an open commitment),
 * `cardExpiresTooSoon` (at placement: the card expires within 6 months), `accountRequired` (403),
 * `campaignRequired` (400, subject `entryType`: a BBAD line added on its own to a cart without a bundle),
 * `campaignInCart` (409: the cart already holds another campaign's bundle).
 */
export const CAMPAIGN_ERROR_REASONS = ['campaignNotOffered', 'brewerNotInCampaign', 'commitmentOpen', 'cardExpiresTooSoon', 'accountRequired', 'campaignRequired', 'campaignInCart'] as const;
export type CampaignErrorReason = (typeof CAMPAIGN_ERROR_REASONS)[number];

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * The auto-delivery fields of `addProductToCart` (ADR 0018 "Buying"), on top of
 * `AddToCartRequestSchema`. Shape-checked here, ranges checked by the server against the site's
 * settings (400 naming the field):
 * - `frequencyWeeks` (ADC, ADCF, BBAD): one of the site's `frequenciesWeeks`; default the site's
 *   `defaultFrequencyWeeks`; reason `invalidFrequency`;
 * - `podsAtHomeQty` (ADC, ADCF): a whole number 0…`podsAtHomeMaxQty` (reason
 *   `invalidPodsAtHomeQty`); anything that is not a number (a blank or non-numeric string, null)
 *   is empty (spec §5);
 * - `cupsPerDay` (ADCF): 1–20; `dayOfMonth` (ADF, MBOX): 1–28 or 31 (= the last day).
 */
export const AddToCartAutoDeliveryFieldsSchema = z.object({
  frequencyWeeks: z.number().optional(),
  podsAtHomeQty: z.union([z.number(), z.string().max(32), z.null()]).optional(),
  cupsPerDay: z.number().optional(),
  dayOfMonth: z.number().optional(),
});
export type AddToCartAutoDeliveryFields = z.infer<typeof AddToCartAutoDeliveryFieldsSchema>;

/**
 * `PATCH users/{u}/carts/{guid}/entries/{n}` body: a new quantity (0 removes the line) and/or, for
 * an auto-delivery line, a new `frequencyWeeks` (one of the site's frequencies; 400
 * `frequencyNotApplicable` on a one-time or day-of-month line). At least one of them.
 */
export const UpdateEntryAutoDeliverySchema = z
  .object({ qty: quantityInput(0).optional(), frequencyWeeks: z.number().optional() })
  .refine((b) => b.qty !== undefined || b.frequencyWeeks !== undefined, { message: 'qty or frequencyWeeks is required', path: ['qty'] });
export type UpdateEntryAutoDeliveryRequest = z.infer<typeof UpdateEntryAutoDeliverySchema>;

/**
 * `POST users/{u}/carts/{guid}/removeAutoDeliveryItem` body (spec §7 "remove auto-delivery cart
 * item"): the AD line becomes a one-time (`STD`) line, merged into the variant's existing one-time
 * line when there is one. 404 `CartError` `entryNotFound`; 400 `notAutoDelivery` on a STD line.
 */
export const RemoveAutoDeliveryItemRequestSchema = z.object({ entryNumber: z.number().int().nonnegative().max(10_000) });
export type RemoveAutoDeliveryItemRequest = z.infer<typeof RemoveAutoDeliveryItemRequestSchema>;

/**
 * `GET users/{u}/autoDelivery/smartSuggestion` query (ADR 0018 SMART): the pods product to
 * subscribe (variant or base code; its count × `qty` is the pods one order brings), pods at home
 * (non-number = empty, spec §5) and cups a day (1–20). A signed-in customer's past orders of the
 * product are blended in.
 */
export const SmartSuggestionQuerySchema = z.object({
  productCode: codeInput().min(1),
  podsAtHomeQty: z.string().max(32).optional(),
  cupsPerDay: z.coerce.number().int().min(1).max(20),
  qty: z.coerce.number().int().min(1).max(99).optional(),
});
export type SmartSuggestionQuery = z.input<typeof SmartSuggestionQuerySchema>;

/**
 * `POST users/{u}/addCampaignBundle` body (ADR 0018 "Brewer campaigns"): the campaign, its brewer
 * (variant or base code; one of the campaign's brewers) at the campaign price, and the beverages of
 * the commitment (AD-eligible, each qty 1…`adMaxQtyPerItem`), all added as `BBAD` lines in one
 * transaction, with one frequency (default the site's). `cartGuid` as addProductToCart.
 */
export const AddCampaignBundleRequestSchema = z.object({
  campaignCode: CampaignCodeSchema,
  brewerCode: codeInput().min(1),
  items: z.array(z.object({ productCode: codeInput().min(1), qty: z.number().int().min(1).max(99) })).min(1).max(20),
  frequencyWeeks: z.number().int().min(1).max(52).optional(),
  cartGuid: codeInput().optional(),
});
export type AddCampaignBundleRequest = z.infer<typeof AddCampaignBundleRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

// Variant AD prices: `VariantAutoDeliveryFieldsSchema` lives in catalog.ts (it extends the variant option).

/** A brewer campaign the site runs (ADR 0018), as the site configuration answers it. */
export const CampaignInfoSchema = z.object({
  code: CampaignCodeSchema,
  /** discount on the brewer, basis points (10000 = free) */
  brewerDiscountBps: z.number().int(),
  /** base product codes of the brewers it applies to */
  brewerCodes: z.array(z.string()),
  /** commitment: boxes over the period, minimum qualifying orders, boxes per qualifying order, months */
  commitmentBoxes: z.number().int(),
  commitmentMonths: z.number().int(),
  minOrders: z.number().int(),
  minBoxesPerOrder: z.number().int(),
});
export type CampaignInfo = z.infer<typeof CampaignInfoSchema>;

/** The site's auto-delivery settings (`GET cms/siteConfig` → `autoDelivery`; ADR 0018 "Site configuration"). */
export const AutoDeliverySiteSettingsSchema = z.object({
  enabled: z.boolean(),
  /** recurring orders' discount, basis points */
  discountBps: z.number().int(),
  /** the first (parent) order's discount, basis points */
  firstOrderDiscountBps: z.number().int(),
  /** offered frequencies, weeks, ascending */
  frequenciesWeeks: z.array(z.number().int()),
  defaultFrequencyWeeks: z.number().int(),
  /** an order with an AD line ships standard for free */
  freeStandardShipping: z.boolean(),
  reminderLeadDays: z.number().int(),
  maxQtyPerItem: z.number().int(),
  podsAtHomeMaxQty: z.number().int(),
  /** IANA zone of the site's calendar dates */
  timeZone: z.string(),
  /** days of the month a SCHEDULED line may pick: 1–28 and 31 (= last day) */
  daysOfMonth: z.array(z.number().int()),
  campaigns: z.array(CampaignInfoSchema),
});
export type AutoDeliverySiteSettings = z.infer<typeof AutoDeliverySiteSettingsSchema>;

/** The siteConfig answer's addition: `autoDelivery`. */
export const SiteConfigAutoDeliveryFieldsSchema = z.object({ autoDelivery: AutoDeliverySiteSettingsSchema });

/**
 * Auto-delivery fields of a cart line (ADR 0018 "Prices"): its program, cadence (`frequencyWeeks`
 * for ADC/ADCF/BBAD, `dayOfMonth` for ADF/MBOX), smart inputs, and `adSaving` (list − AD price, ×
 * qty; null on one-time lines). An AD line's `basePrice` is the AD price of the parent order.
 */
export const CartEntryAutoDeliveryFieldsSchema = z.object({
  program: ProgramSchema,
  frequencyWeeks: z.number().int().nullable(),
  dayOfMonth: z.number().int().nullable(),
  podsAtHomeQty: z.number().int().nullable(),
  cupsPerDay: z.number().int().nullable(),
  adSaving: PriceDataSchema.nullable(),
});
export type CartEntryAutoDeliveryFields = z.infer<typeof CartEntryAutoDeliveryFieldsSchema>;

/**
 * Auto-delivery fields of the cart: whether it holds an AD line (then checkout needs an account
 * and a card saved for later charges) and the first-order saving of its AD lines (Σ `adSaving`).
 */
export const CartAutoDeliveryFieldsSchema = z.object({
  hasAutoDelivery: z.boolean(),
  adFirstOrderSaving: PriceDataSchema,
});
export type CartAutoDeliveryFields = z.infer<typeof CartAutoDeliveryFieldsSchema>;

/** One item of a subscription an order opened. */
export const OrderSubscriptionItemSchema = z.object({
  productCode: z.string(),
  baseProduct: z.string(),
  name: z.string(),
  quantity: z.number().int().positive(),
});

/**
 * A subscription the order opened (ADR 0018 "Buying"): one per (program, frequency/day, address)
 * group of its AD lines. `nextShipDate` is the first recurring date, `YYYY-MM-DD` in the site's time zone.
 */
export const OrderSubscriptionSchema = z.object({
  id: z.string(),
  program: ProgramSchema,
  entryType: AutoDeliveryEntryTypeSchema,
  frequencyWeeks: z.number().int().nullable(),
  dayOfMonth: z.number().int().nullable(),
  nextShipDate: z.string(),
  items: z.array(OrderSubscriptionItemSchema),
});
export type OrderSubscription = z.infer<typeof OrderSubscriptionSchema>;

/** The order answer's additions: `subscriptions` (empty for an order without AD lines). */
export const OrderAutoDeliveryFieldsSchema = z.object({ subscriptions: z.array(OrderSubscriptionSchema) });

/** Order line addition: the subscription a parent line started (null on one-time lines). */
export const OrderEntryAutoDeliveryFieldsSchema = z.object({ subscriptionId: z.string().nullable().optional() });

/** Smart reasoning codes (the storefront words each one). */
export const SmartNoteSchema = z.enum(['podsAtHomeUnknown', 'firstShipMinimum', 'firstShipCapped', 'pastOrdersBlended', 'frequencySnapped']);

/** `GET users/{u}/autoDelivery/smartSuggestion` answer (ADR 0018 SMART; the domain `smartSuggestion`). */
export const SmartSuggestionAnswerSchema = z.object({
  productCode: z.string(),
  frequencyWeeks: z.number().int(),
  /** first recurring date, `YYYY-MM-DD` in the site's time zone */
  firstShipDate: z.string(),
  reasoning: z.object({
    podsAtHomeQty: z.number().int(),
    cupsPerDay: z.number().int(),
    podsPerOrder: z.number().int(),
    daysOfCoffeeAtHome: z.number().int(),
    bufferDays: z.number().int(),
    firstShipInDays: z.number().int(),
    daysPerOrder: z.number().int(),
    observedIntervalDays: z.number().int().nullable(),
    observedGaps: z.number().int(),
    historyWeight: z.number(),
    blendedIntervalDays: z.number().int(),
    suggestedWeeks: z.number().int(),
    minWeeks: z.number().int(),
    maxWeeks: z.number().int(),
    notes: z.array(SmartNoteSchema),
  }),
  /** a localised sentence explaining the suggestion */
  message: z.string(),
});
export type SmartSuggestionAnswer = z.infer<typeof SmartSuggestionAnswerSchema>;

/**
 * Customer data additions (spec §3; ADR 0018): `activeAutoDeliveryItems` (variant codes in the
 * customer's active or paused subscriptions; empty when anonymous) and the campaign eligibility
 * flags (true when the site runs the campaign and the customer's email has no open commitment;
 * anonymous shoppers: true when the site runs it, checked again at placement).
 */
export const CustomerDataAutoDeliveryFieldsSchema = z.object({
  activeAutoDeliveryItems: z.array(z.string()),
  isFiftyPercentCampaignEligible: z.boolean(),
  isFreeCampaignEligible: z.boolean(),
  isKskLiteCampaignEligible: z.boolean(),
  isBBADCampaignEligible: z.boolean(),
  isAFHKbbFreeEligible: z.boolean(),
  isAFHKbbPlatinumEligible: z.boolean(),
  isAFHSubscriptionEligible: z.boolean(),
  isPremiumBrewerCampaignEligible: z.boolean(),
  isProductBMSMEligible: z.boolean(),
  isPersonalizedProduct: z.boolean(),
  isVirtualProduct: z.boolean(),
});
export type CustomerDataAutoDeliveryFields = z.infer<typeof CustomerDataAutoDeliveryFieldsSchema>;
