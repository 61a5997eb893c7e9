/**
 * Auto-delivery programs and the codes of spec §9 (ADR 0018 "Programs and entry types"): the one
 * map from cart entry type to program; every other module asks it. Also the stable error reasons
 * of the auto-delivery rules, so the API, the scheduler and the storefront (which translates by
 * reason) use the same strings.
 */
import type { EntryType } from '../cart-rules.ts';
import { ENTRY_TYPES } from '../cart-rules.ts';
import { conflict } from '../errors.ts';
import type { SalesPriceStrategy } from '../price-display.ts';

/** Every program, in a stable order (ADR 0018 table). */
export const PROGRAMS = ['ONE_TIME', 'AUTO_DELIVERY', 'SMART', 'SCHEDULED', 'MONTHLY_BOX', 'BREWER_CAMPAIGN'] as const;
/** What the shopper chose for a line (ADR 0018 "Programs and entry types"). */
export type Program = (typeof PROGRAMS)[number];
/** A program that creates a subscription: every program but `ONE_TIME`. */
export type AutoDeliveryProgram = Exclude<Program, 'ONE_TIME'>;
/** An entry type that creates a subscription: every entry type but `STD`. */
export type AutoDeliveryEntryType = Exclude<EntryType, 'STD'>;

/**
 * Entry type → program (spec §3 "others mapped to program names", ADR 0018): `STD` ONE_TIME,
 * `ADC` AUTO_DELIVERY, `ADCF` SMART, `ADF` SCHEDULED, `MBOX` MONTHLY_BOX, `BBAD` BREWER_CAMPAIGN.
 * `GIFT` (issue 4 free-gift lines) is an order-only type and has no program.
 */
export const PROGRAM_OF_ENTRY_TYPE = Object.freeze({
  STD: 'ONE_TIME',
  ADC: 'AUTO_DELIVERY',
  ADCF: 'SMART',
  ADF: 'SCHEDULED',
  MBOX: 'MONTHLY_BOX',
  BBAD: 'BREWER_CAMPAIGN',
} as const satisfies Record<EntryType, Program>);

/** Program → entry type, the inverse of {@link PROGRAM_OF_ENTRY_TYPE}. */
export const ENTRY_TYPE_OF_PROGRAM: Readonly<Record<Program, EntryType>> = Object.freeze(
  Object.fromEntries(ENTRY_TYPES.map((t) => [PROGRAM_OF_ENTRY_TYPE[t], t])) as Record<Program, EntryType>,
);

/** The program of an entry type (ADR 0018 table); an auto-delivery entry type gives an {@link AutoDeliveryProgram}. */
export function programOf(entryType: AutoDeliveryEntryType): AutoDeliveryProgram;
export function programOf(entryType: EntryType): Program;
export function programOf(entryType: EntryType): Program {
  return PROGRAM_OF_ENTRY_TYPE[entryType];
}

/** The entry type of a program (ADR 0018 table). */
export function entryTypeOf(program: Program): EntryType {
  return ENTRY_TYPE_OF_PROGRAM[program];
}

/** Type guard for a program name (exact, upper-case). */
export function isProgram(x: unknown): x is Program {
  return typeof x === 'string' && (PROGRAMS as readonly string[]).includes(x);
}

/**
 * Does this entry type start a subscription? True for `ADC`, `ADCF`, `ADF`, `MBOX`, `BBAD`; false
 * for `STD`, `GIFT` and anything that is not an entry type. These lines are priced with the AD
 * price and stay outside the promotion engine (ADR 0018 "Prices").
 */
export function isAutoDeliveryEntryType(x: unknown): x is AutoDeliveryEntryType {
  return typeof x === 'string' && x !== 'STD' && (ENTRY_TYPES as readonly string[]).includes(x);
}

/** Type guard: a program that creates a subscription (every program but `ONE_TIME`). */
export function isAutoDeliveryProgram(x: unknown): x is AutoDeliveryProgram {
  return isProgram(x) && x !== 'ONE_TIME';
}

/**
 * How a program's ship dates repeat (ADR 0018 "Schedule rules"): `weeks` (every `frequencyWeeks`
 * weeks: AUTO_DELIVERY, SMART, BREWER_CAMPAIGN) or `dayOfMonth` (a fixed day each month:
 * SCHEDULED, MONTHLY_BOX).
 */
export type CadenceKind = 'weeks' | 'dayOfMonth';

/** The cadence kind of a program (see {@link CadenceKind}). */
export function cadenceKindOf(program: AutoDeliveryProgram): CadenceKind {
  return program === 'SCHEDULED' || program === 'MONTHLY_BOX' ? 'dayOfMonth' : 'weeks';
}

/** Does the program repeat every N weeks (AUTO_DELIVERY, SMART, BREWER_CAMPAIGN)? `false` for ONE_TIME. */
export function usesFrequencyWeeks(program: Program): boolean {
  return program !== 'ONE_TIME' && cadenceKindOf(program) === 'weeks';
}

/** Does the program repeat on a day of the month (SCHEDULED, MONTHLY_BOX)? */
export function usesDayOfMonth(program: Program): boolean {
  return program !== 'ONE_TIME' && cadenceKindOf(program) === 'dayOfMonth';
}

/**
 * Auto-delivery product types (spec §9): the sales price strategies that concern auto-delivery.
 * `OTP` a sale price for one-time purchases only, `AD_PARENT_OTP` a sale price for the order that
 * starts a subscription, `AD_RECURRING_OTP` a sale price for recurring orders only.
 */
export const AD_PRODUCT_TYPES = ['OTP', 'AD_PARENT_OTP', 'AD_RECURRING_OTP'] as const satisfies readonly SalesPriceStrategy[];
/** One of {@link AD_PRODUCT_TYPES}. */
export type AutoDeliveryProductType = (typeof AD_PRODUCT_TYPES)[number];

/** Brewer campaign codes (spec §9). */
export const CAMPAIGN_CODES = ['FIFTYPERCENTBREWER', 'FREEBREWER', 'KSKLITE', 'KSKBBAD'] as const;
/** A brewer campaign code. */
export type CampaignCode = (typeof CAMPAIGN_CODES)[number];

/** Type guard for a campaign code (exact, upper-case). */
export function isCampaignCode(x: unknown): x is CampaignCode {
  return typeof x === 'string' && (CAMPAIGN_CODES as readonly string[]).includes(x);
}

/**
 * The brewer discount of each campaign, basis points of the brewer's list price (ADR 0018
 * "Brewer campaigns"): FIFTYPERCENTBREWER 50 %, FREEBREWER 100 %, KSKLITE and KSKBBAD 75 %.
 * The `campaigns` table may override per site; these are the seeded defaults.
 */
export const CAMPAIGN_BREWER_DISCOUNT_BPS: Readonly<Record<CampaignCode, number>> = Object.freeze({
  FIFTYPERCENTBREWER: 5000,
  FREEBREWER: 10_000,
  KSKLITE: 7500,
  KSKBBAD: 7500,
});

/** Box counts of monthly-box products (spec §9 "Monthly products filter box counts 20, 22, 24"). */
export const MONTHLY_BOX_COUNTS = [20, 22, 24] as const;
/** One of {@link MONTHLY_BOX_COUNTS}. */
export type MonthlyBoxCount = (typeof MONTHLY_BOX_COUNTS)[number];

/** Is `count` (a variant's pod count) a monthly-box count (20, 22 or 24; spec §9)? */
export function isMonthlyBoxCount(count: unknown): count is MonthlyBoxCount {
  return typeof count === 'number' && (MONTHLY_BOX_COUNTS as readonly number[]).includes(count);
}

/** How a monthly box is filled each month (ADR 0018 `rotation`): the shopper chooses, or a curated rotation. */
export const MONTHLY_BOX_ROTATIONS = ['choose', 'curated'] as const;
/** One of {@link MONTHLY_BOX_ROTATIONS}. */
export type MonthlyBoxRotation = (typeof MONTHLY_BOX_ROTATIONS)[number];

/** Spec §9 code: the product is already an item of the subscription. */
export const ALREADY_ADDED_TO_SP = 'ALREADY_ADDED_TO_SP';
/** Spec §9 code: the product is already the backup product of an item of the subscription. */
export const ALREADY_ADDED_TO_BACKUP_PRODUCT = 'ALREADY_ADDED_TO_BACKUP_PRODUCT';
/** The cart-item-already-in-subscription codes (spec §9). */
export const ALREADY_IN_SUBSCRIPTION_CODES = [ALREADY_ADDED_TO_SP, ALREADY_ADDED_TO_BACKUP_PRODUCT] as const;

/**
 * Why a customer cancels (ADR 0018 "cancel with a reason"): the choices auto-delivery home offers
 * (the storefront words them; `other` comes with a free-text note). The API refuses anything else.
 */
export const SUBSCRIPTION_CANCEL_REASONS = ['tooMuchCoffee', 'tooExpensive', 'tryingOtherProducts', 'movingOrTravelling', 'deliveryProblem', 'brewerProblem', 'other'] as const;
/** One of {@link SUBSCRIPTION_CANCEL_REASONS}. */
export type SubscriptionCancelReason = (typeof SUBSCRIPTION_CANCEL_REASONS)[number];

/** Type guard for a cancel reason (exact). */
export function isSubscriptionCancelReason(x: unknown): x is SubscriptionCancelReason {
  return typeof x === 'string' && (SUBSCRIPTION_CANCEL_REASONS as readonly string[]).includes(x);
}

/** The `type` of auto-delivery errors in the error body (ADR 0018). Field validation uses `ValidationError`. */
export const AUTO_DELIVERY_ERROR_TYPE = 'AutoDeliveryError';

/**
 * Every stable `reason` the auto-delivery rules and calls raise (ADR 0018), so the storefront can
 * translate each one. Validation (400, type `ValidationError`, subject = the field):
 * `invalidFrequency`, `invalidQuantity`, `invalidPodsAtHomeQty`, `invalidCupsPerDay`,
 * `invalidDayOfMonth`, `invalidDate`, `dateOutOfRange`, `frequencyNotApplicable`,
 * `dayOfMonthNotApplicable`. State (409, type `AutoDeliveryError`): `subscriptionCancelled`,
 * `subscriptionPaused`, `subscriptionSuspended`, `ALREADY_ADDED_TO_SP`,
 * `ALREADY_ADDED_TO_BACKUP_PRODUCT`, and the API's `orderInProgress`; the API's `accountRequired`
 * (403) and `notAdEligible` (400).
 */
export const AUTO_DELIVERY_ERROR_REASONS = [
  'invalidFrequency',
  'invalidQuantity',
  'invalidPodsAtHomeQty',
  'invalidCupsPerDay',
  'invalidDayOfMonth',
  'invalidDate',
  'dateOutOfRange',
  'frequencyNotApplicable',
  'dayOfMonthNotApplicable',
  'rotationNotApplicable',
  'subscriptionCancelled',
  'subscriptionPaused',
  'subscriptionSuspended',
  ALREADY_ADDED_TO_SP,
  ALREADY_ADDED_TO_BACKUP_PRODUCT,
  'orderInProgress',
  'accountRequired',
  'notAdEligible',
] as const;
/** One of {@link AUTO_DELIVERY_ERROR_REASONS}. */
export type AutoDeliveryErrorReason = (typeof AUTO_DELIVERY_ERROR_REASONS)[number];

/** An item of a subscription as far as "already added" is concerned. */
export interface SubscriptionItemRef {
  /** the item's variant code */
  variantCode: string;
  /** the item's backup variant code, if any */
  backupVariantCode?: string | null;
}

/**
 * Refuses to add a variant already in a subscription (spec §9, ADR 0018 "Auto-delivery home").
 * An item of the subscription wins over a backup when both match.
 * @param variantCode the variant being added (as an item, or as a backup product)
 * @param items the subscription's current items
 * @param subject the field named in the error, `productCode` by default
 * @throws DomainError Conflict (409), type `AutoDeliveryError`, reason `ALREADY_ADDED_TO_SP` when
 *   it is an item, `ALREADY_ADDED_TO_BACKUP_PRODUCT` when it is an item's backup product
 */
export function assertNotInSubscription(variantCode: string, items: readonly SubscriptionItemRef[], subject = 'productCode'): void {
  if (items.some((i) => i.variantCode === variantCode)) {
    throw conflict(AUTO_DELIVERY_ERROR_TYPE, ALREADY_ADDED_TO_SP, 'This product is already in this auto-delivery', subject);
  }
  if (items.some((i) => i.backupVariantCode === variantCode)) {
    throw conflict(AUTO_DELIVERY_ERROR_TYPE, ALREADY_ADDED_TO_BACKUP_PRODUCT, 'This product is already the backup product of an item of this auto-delivery', subject);
  }
}
