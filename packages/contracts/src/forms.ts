/**
 * The storefront's form schemas (issue 11 item 1, ADR 0025): one zod schema per form, composed
 * from the API's request schemas of this package, used by the storefront action on the server
 * (authoritative) and by the page in the browser (conform's client validation), so a form is
 * checked by the same rules as the API call it makes and a bad field is named in the shopper's
 * language before any round trip.
 *
 * - Field names are the form's `name` attributes (`billing-firstName`, `confirmPassword`, ...),
 *   not the API's body keys; the action maps the parsed value to the request body.
 * - Every problem is a zod issue with `params.reason` (the OCC reason the storefront translates:
 *   `required`, `tooLong`, `invalidCharacters`, `invalidEmail`, `invalidPostalCode`,
 *   `invalidRegion`, `invalidPhone`, `passwordTooShort`, `passwordMismatch`, ...), read with
 *   {@link formIssueReason}. Messages are English (logs, tests); pages show their own.
 * - Values arrive through conform's coercion: an empty (or blank) field is `undefined`, a checked
 *   box `true`; text is trimmed by the schema, passwords never are.
 * - Rules that the API keeps in its flows are the same here: the address rules come from
 *   `@store/domain` (`validateAddress`), the password policy mirrors ADR 0007 (8–128 characters,
 *   a letter and a digit, not the email).
 */
import { z } from 'zod';
import { CUPS_PER_DAY_MAX, CUPS_PER_DAY_MIN, isDayOfMonth, isValidEmail, LAST_DAY_OF_MONTH, MAX_QTY_PER_ENTRY, validateAddress } from '@store/domain';
import type { Country } from '@store/domain';
import { ForgotPasswordRequestSchema, ResetPasswordRequestSchema, SignUpRequestSchema, UpdateProfileRequestSchema, ChangePasswordRequestSchema } from './auth.ts';
import { AddressInputSchema, PlaceOrderRequestSchema, SetEmailRequestSchema } from './checkout.ts';
import { ApplyCouponRequestSchema, GiftCardApplyValueRequestSchema, GiftCardCodeRequestSchema } from './promotions.ts';
import { AddToCartRequestSchema } from './cart.ts';
import { CreateUserFromOrderRequestSchema } from './customer.ts';
import { AddCampaignBundleRequestSchema, BUYABLE_ENTRY_TYPES, RemoveAutoDeliveryItemRequestSchema, SmartSuggestionQuerySchema } from './auto-delivery.ts';
import { codeInput, emailInput, INPUT_LIMITS, safeText, tokenInput } from './input.ts';
import { SubmitReferralRequestSchema } from './referrals.ts';
import {
  AddProductToExistingAdRequestSchema,
  CancelSubscriptionRequestSchema,
  PauseRequestSchema,
  ShipOnRequestSchema,
  SUBSCRIPTION_QTY_MAX,
  SubscriptionItemParamsSchema,
  SubscriptionItemPatchRequestSchema,
  SubscriptionPatchRequestSchema,
} from './subscriptions.ts';

/** Reasons that the form schemas add to the input reasons of input.ts (`params.reason`). */
export const FORM_REASONS = {
  required: 'required',
  invalid: 'invalid',
  invalidEmail: 'invalidEmail',
  passwordTooShort: 'passwordTooShort',
  passwordTooLong: 'passwordTooLong',
  passwordTooWeak: 'passwordTooWeak',
  passwordIsEmail: 'passwordIsEmail',
  passwordMismatch: 'passwordMismatch',
  invalidQuantity: 'invalidQuantity',
  invalidFrequency: 'invalidFrequency',
  invalidAmount: 'invalidAmount',
  invalidCardNumber: 'invalidCardNumber',
  invalidExpiry: 'invalidExpiry',
  expiredCard: 'expiredCard',
  invalidCvc: 'invalidCvc',
  invalidCupsPerDay: 'invalidCupsPerDay',
  invalidDayOfMonth: 'invalidDayOfMonth',
} as const;
export type FormReason = (typeof FORM_REASONS)[keyof typeof FORM_REASONS];

/** A zod issue as the storefront reads it. */
export interface FormIssueLike {
  code: string;
  path: ReadonlyArray<PropertyKey>;
  input?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  params?: Record<string, unknown> | undefined;
  message: string;
}

/**
 * The reason of a zod issue of a form schema: the `params.reason` the schema set, else one
 * derived from zod's code (`invalid_type` on a missing value and a blank `too_small` → `required`,
 * `too_big` → `tooLong`, anything else → `invalid`).
 */
export function formIssueReason(issue: FormIssueLike): string {
  const reason = issue.params?.reason;
  if (typeof reason === 'string') return reason;
  if (issue.code === 'invalid_type' && issue.input === undefined) return FORM_REASONS.required;
  if (issue.code === 'too_small' && (issue.input === '' || issue.minimum === 1)) return FORM_REASONS.required;
  if (issue.code === 'too_big') return 'tooLong';
  return FORM_REASONS.invalid;
}

type Ctx = z.core.$RefinementCtx;

function addIssue(ctx: Ctx, path: string, reason: string, message: string): void {
  ctx.addIssue({ code: 'custom', path: [path], message, params: { reason } });
}

/** The contract field without its `.optional()` (a form field the form requires). */
function innerOf(field: z.ZodType): z.ZodType {
  return field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
}

/** A required text field: the contract's field (bounds, control characters), trimmed, not blank. */
export function requiredText(field: z.ZodType): z.ZodString {
  const inner = innerOf(field);
  return (inner instanceof z.ZodString ? inner : safeText(INPUT_LIMITS.label)).trim().min(1);
}

/** An optional text field: the contract's field, trimmed (blank is absent: conform's coercion). */
export function optionalText(field: z.ZodType): z.ZodOptional<z.ZodString> {
  const inner = innerOf(field);
  return (inner instanceof z.ZodString ? inner : safeText(INPUT_LIMITS.label)).trim().optional();
}

/** A required password: the contract's field (at most 128, no control characters), never trimmed. */
function requiredPassword(field: z.ZodType): z.ZodString {
  const inner = innerOf(field);
  return inner instanceof z.ZodString ? inner : z.string();
}

/** Spec §5 email: required, then the pattern (reason `invalidEmail`). */
function emailField(field: z.ZodType): z.ZodString {
  return requiredText(field).refine((v) => isValidEmail(v), { params: { reason: FORM_REASONS.invalidEmail }, message: 'Enter a valid email address' });
}

/**
 * The password policy of ADR 0007 (the API's `checkPasswordPolicy`): 8–128 characters, a letter
 * and a digit, not the email. Adds one issue per failure on `path`.
 */
export function passwordPolicyIssues(ctx: Ctx, path: string, password: unknown, email: unknown): void {
  if (typeof password !== 'string') return;
  const length = [...password].length;
  if (length < 8) addIssue(ctx, path, FORM_REASONS.passwordTooShort, 'Password must be at least 8 characters long');
  else if (length > INPUT_LIMITS.password) return; // the field's own check answers passwordTooLong
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) addIssue(ctx, path, FORM_REASONS.passwordTooWeak, 'Password must contain at least one letter and one digit');
  if (typeof email === 'string' && email !== '' && password.trim().toLowerCase() === email.trim().toLowerCase()) {
    addIssue(ctx, path, FORM_REASONS.passwordIsEmail, 'Password must not be your email address');
  }
}

/** Refinements run even when another field failed, so every bad field is listed at once. */
/** `confirmPassword` must repeat the password (reason `passwordMismatch`); nothing while either is missing. */
function confirmationIssue(ctx: Ctx, password: unknown, confirmPassword: unknown): void {
  if (typeof password === 'string' && typeof confirmPassword === 'string' && password !== confirmPassword) {
    addIssue(ctx, 'confirmPassword', FORM_REASONS.passwordMismatch, 'The two passwords do not match');
  }
}

const always = { when: () => true } as const;

/** A `redirect` hidden field (checked again by the action's same-origin rule). */
const redirectField = safeText(2000).optional();

// ---------------------------------------------------------------- sign-in and accounts

/** Sign-in form (`/login`, the header flyout): email and password (`OAuthTokenRequest` username/password). */
export const SignInFormSchema = z.object({
  email: emailField(ForgotPasswordRequestSchema.shape.email),
  password: requiredPassword(SignUpRequestSchema.shape.password),
  redirect: redirectField,
});
export type SignInForm = z.infer<typeof SignInFormSchema>;

/** Sign-up form: the `SignUpRequest` fields, required, plus `confirmPassword` and `redirect`. */
export const SignUpFormSchema = z
  .object({
    firstName: requiredText(SignUpRequestSchema.shape.firstName),
    lastName: requiredText(SignUpRequestSchema.shape.lastName),
    email: emailField(SignUpRequestSchema.shape.email),
    password: requiredPassword(SignUpRequestSchema.shape.password),
    confirmPassword: requiredPassword(SignUpRequestSchema.shape.password),
    perksOptIn: z.boolean().optional(),
    redirect: redirectField,
  })
  .superRefine((v, ctx) => {
    passwordPolicyIssues(ctx, 'password', v.password, v.email);
    confirmationIssue(ctx, v.password, v.confirmPassword);
  }, always);
export type SignUpForm = z.infer<typeof SignUpFormSchema>;

/** Forgot-password form: the email of `ForgotPasswordRequest`. */
export const ForgotPasswordFormSchema = z.object({ email: emailField(ForgotPasswordRequestSchema.shape.email) });
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordFormSchema>;

/** Reset-password form: the link's token and the new password twice (`ResetPasswordRequest`). */
export const ResetPasswordFormSchema = z
  .object({
    token: requiredText(ResetPasswordRequestSchema.shape.token),
    password: requiredPassword(ResetPasswordRequestSchema.shape.newPassword),
    confirmPassword: requiredPassword(ResetPasswordRequestSchema.shape.newPassword),
  })
  .superRefine((v, ctx) => {
    passwordPolicyIssues(ctx, 'password', v.password, null);
    confirmationIssue(ctx, v.password, v.confirmPassword);
  }, always);
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/** Profile form: the `UpdateProfileRequest` names (required here) and the perks opt-in. */
export const ProfileFormSchema = z.object({
  firstName: requiredText(UpdateProfileRequestSchema.shape.firstName),
  lastName: requiredText(UpdateProfileRequestSchema.shape.lastName),
  perksOptIn: z.boolean().optional(),
});
export type ProfileForm = z.infer<typeof ProfileFormSchema>;

/**
 * Change-password form (`ChangePasswordRequest` plus `confirmPassword`); `email` is the
 * customer's, for the "not the email" rule (the action passes it; the page has it too).
 */
export function changePasswordFormSchema(email: string | null) {
  return z
    .object({
      oldPassword: requiredPassword(ChangePasswordRequestSchema.shape.oldPassword),
      newPassword: requiredPassword(ChangePasswordRequestSchema.shape.newPassword),
      confirmPassword: requiredPassword(ChangePasswordRequestSchema.shape.newPassword),
    })
    .superRefine((v, ctx) => {
      passwordPolicyIssues(ctx, 'newPassword', v.newPassword, email);
      confirmationIssue(ctx, v.newPassword, v.confirmPassword);
    }, always);
}
export type ChangePasswordForm = z.infer<ReturnType<typeof changePasswordFormSchema>>;

// ---------------------------------------------------------------- addresses

/** The address fields of the forms, in form order. */
export const ADDRESS_FORM_FIELDS = ['firstName', 'lastName', 'line1', 'line2', 'city', 'region', 'postalCode', 'phone'] as const;
export type AddressFormField = (typeof ADDRESS_FORM_FIELDS)[number];
const REQUIRED_ADDRESS_FIELDS: ReadonlySet<string> = new Set(['firstName', 'lastName', 'line1', 'city', 'region', 'postalCode']);

/** The shape of an address form: `AddressInputSchema`'s fields under `prefix` (`billing-`), required ones required. */
function addressShape<P extends string>(prefix: P) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of ADDRESS_FORM_FIELDS) {
    const field = AddressInputSchema.shape[f];
    shape[`${prefix}${f}`] = REQUIRED_ADDRESS_FIELDS.has(f) ? requiredText(field) : optionalText(field);
  }
  return shape as { [K in `${P}${AddressFormField}`]: K extends `${P}${'line2' | 'phone'}` ? z.ZodOptional<z.ZodString> : z.ZodString };
}

/** The address rules of `@store/domain` for `country` as issues on the prefixed fields (required ones aside: the shape has them). */
function addressRuleIssues(ctx: Ctx, value: Record<string, unknown>, country: Country, prefix: string): void {
  const address: Record<string, unknown> = { country };
  for (const f of ADDRESS_FORM_FIELDS) address[f] = value[`${prefix}${f}`];
  for (const e of validateAddress(address, country)) {
    if (e.reason === 'required' || e.reason === 'tooLong' || e.reason === 'invalid' || e.subject === 'country') continue;
    const reason = e.reason === 'invalidPostalCode' && country === 'US' ? 'invalidZip' : e.reason;
    addIssue(ctx, `${prefix}${e.subject}`, reason, e.message);
  }
}

/** An address form of a store shipping to `country` (fields {@link ADDRESS_FORM_FIELDS} under `prefix`). */
export function addressFormSchema<P extends string = ''>(country: Country, prefix: P = '' as P) {
  return z.object(addressShape(prefix)).superRefine((v, ctx) => addressRuleIssues(ctx, v as Record<string, unknown>, country, prefix), always);
}

/** The API address of a parsed address form (`AddressInput`, country set). */
export function addressInputOf(value: Record<string, unknown>, country: Country, prefix = ''): z.infer<typeof AddressInputSchema> {
  const out: z.infer<typeof AddressInputSchema> = { country };
  for (const f of ADDRESS_FORM_FIELDS) {
    const v = value[`${prefix}${f}`];
    if (typeof v === 'string' && v !== '') out[f] = v;
  }
  return out;
}

/** Address-book form (add or replace): an address and "make it my default". */
export function addressBookFormSchema(country: Country) {
  return z.object({ ...addressShape(''), defaultAddress: z.boolean().optional() }).superRefine((v, ctx) => addressRuleIssues(ctx, v as Record<string, unknown>, country, ''), always);
}

/**
 * Checkout shipping-address form (`DeliveryAddressRequest`): a saved address (`addressId`, a
 * customer's) or a new one, with `saveToAddressBook`. `NEW_ADDRESS_CHOICE` means a new one.
 */
export function shippingAddressFormSchema(country: Country) {
  return z
    .object({ addressId: codeInput().trim().optional(), saveToAddressBook: z.boolean().optional(), ...addressShape('') })
    .partial(Object.fromEntries(ADDRESS_FORM_FIELDS.map((f) => [f, true])) as Record<AddressFormField, true>)
    .superRefine((v, ctx) => {
      if (v.addressId && v.addressId !== NEW_ADDRESS_CHOICE) return; // a saved address: no fields
      requiredIssues(ctx, z.object(addressShape('')), v);
      addressRuleIssues(ctx, v as Record<string, unknown>, country, '');
    }, always);
}

/** The `required` issues of `shape` on `value` (the fields of a choice that asks for them). */
function requiredIssues(ctx: Ctx, shape: z.ZodType, value: unknown): void {
  const result = shape.safeParse(value);
  if (result.success) return;
  for (const issue of result.error.issues) {
    const path = issue.path[0];
    if (typeof path === 'string' && formIssueReason(issue as FormIssueLike) === FORM_REASONS.required) addIssue(ctx, path, FORM_REASONS.required, 'This field is required');
  }
}

/** The radio value of "Use a new address" / "Use a new card". */
export const NEW_ADDRESS_CHOICE = 'new';

/** Checkout billing form: "same as shipping" (checked: no fields), or an address under `billing-`. */
export function billingAddressFormSchema(country: Country) {
  const shape = addressShape('billing-');
  return z
    .object({ sameAsShipping: z.boolean().optional(), ...shape })
    .partial(Object.fromEntries(Object.keys(shape).map((k) => [k, true])) as Record<keyof typeof shape, true>)
    .superRefine((v, ctx) => {
      if (v.sameAsShipping) return;
      requiredIssues(ctx, z.object(shape), v);
      addressRuleIssues(ctx, v as Record<string, unknown>, country, 'billing-');
    }, always);
}

// ---------------------------------------------------------------- checkout, cart, promotions

/** Checkout contact form: the email of `SetEmailRequest`. */
export const ContactFormSchema = z.object({ email: emailField(SetEmailRequestSchema.shape.email) });
export type ContactForm = z.infer<typeof ContactFormSchema>;

/** Checkout shipping-method form: one of the cart's delivery modes (the API checks which). */
export const DeliveryModeFormSchema = z.object({ deliveryMode: requiredText(codeInput()) });
export type DeliveryModeForm = z.infer<typeof DeliveryModeFormSchema>;

/** Coupon box (apply, and the hidden code of "remove"): `ApplyCouponRequest`'s code, required, trimmed. */
export const CouponFormSchema = z.object({ couponCode: requiredText(ApplyCouponRequestSchema.shape.couponCode) });
export type CouponForm = z.infer<typeof CouponFormSchema>;

/**
 * Gift-card form (check balance, apply): `GiftCardCodeRequest`'s code, required; the parsed code
 * is the API's form, without the spaces and dashes a shopper types, upper case.
 */
export const GiftCardFormSchema = z.object({
  giftCardCode: requiredText(GiftCardCodeRequestSchema.shape.giftCardCode).transform((v) => v.replace(/[\s-]/g, '').toUpperCase()),
});
export type GiftCardForm = z.output<typeof GiftCardFormSchema>;

/**
 * A typed amount in major units ("12", "12.5", "12,50", "$12.50", "12,50 $") as integer minor
 * units; `null` for an empty text (use as much as needed); `undefined` when it is not an amount
 * or not positive.
 */
export function amountMinorOf(raw: string): number | null | undefined {
  const text = raw.replace(/[\s\u00a0$]/g, '');
  if (text === '') return null;
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : undefined;
}

/** An applied gift card's hidden id (`GiftCardApplyValueRequest.giftCardId`; "remove"). */
export const GiftCardLineFormSchema = z.object({ giftCardId: requiredText(GiftCardApplyValueRequestSchema.shape.giftCardId) });
export type GiftCardLineForm = z.infer<typeof GiftCardLineFormSchema>;

/**
 * "Amount to use" of an applied gift card (`GiftCardApplyValueRequest`): the card, `amountMode=max`
 * or the typed `amount` (reason `invalidAmount`); parsed to the request's `amount` in minor units,
 * null for as much as needed (the mode, or an empty field).
 */
export const GiftCardAmountFormSchema = z
  .object({
    giftCardId: requiredText(GiftCardApplyValueRequestSchema.shape.giftCardId),
    amountMode: z.enum(['max']).optional(),
    amount: optionalText(safeText(32)),
  })
  .superRefine((v, ctx) => {
    if (v.amountMode !== 'max' && typeof v.amount === 'string' && amountMinorOf(v.amount) === undefined) {
      addIssue(ctx, 'amount', FORM_REASONS.invalidAmount, 'Enter an amount such as 10.00');
    }
  }, always)
  .transform((v) => ({ giftCardId: v.giftCardId, amount: v.amountMode === 'max' || v.amount === undefined ? null : (amountMinorOf(v.amount) ?? null) }));
export type GiftCardAmountForm = z.output<typeof GiftCardAmountFormSchema>;

/** Largest quantity of one cart line (spec §9: 1–99; 0 removes the line). */
export const MAX_LINE_QUANTITY = MAX_QTY_PER_ENTRY;

/**
 * A whole number from `min` to `max` in a form field (conform coerces the text to a number):
 * a fraction or a number out of range is an issue with `params.reason` `reason`; text that is not
 * a number is zod's `invalid_type` (reason `invalid`, or `required` when blank).
 */
export function intField(min: number, max: number, reason: string): z.ZodNumber {
  return z.number().check((ctx) => {
    if (!Number.isInteger(ctx.value) || ctx.value < min || ctx.value > max) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: `must be a whole number from ${min} to ${max}`, params: { reason } });
    }
  });
}

/** A cart line's hidden `entryNumber` (`RemoveAutoDeliveryItemRequest`'s: 0–10,000). */
const entryNumberField = RemoveAutoDeliveryItemRequestSchema.shape.entryNumber;

/** Cart line quantity form (`UpdateEntryRequest`): the line and its new quantity 0–99 (0 removes it; reason `invalidQuantity`). */
export const CartQuantityFormSchema = z.object({
  entryNumber: entryNumberField,
  qty: intField(0, MAX_LINE_QUANTITY, FORM_REASONS.invalidQuantity),
});
export type CartQuantityForm = z.infer<typeof CartQuantityFormSchema>;

/** Cart line remove and "make it one-time" forms (`removeAutoDeliveryItem`): the line. */
export const CartLineFormSchema = z.object({ entryNumber: entryNumberField });
export type CartLineForm = z.infer<typeof CartLineFormSchema>;

/** Largest auto-delivery frequency a form may post, in weeks (the API checks the site's list). */
export const MAX_FREQUENCY_WEEKS = 52;

/**
 * An auto-delivery frequency field in weeks, 1–52 (`UpdateEntryAutoDeliveryRequest.frequencyWeeks`;
 * reason `invalidFrequency`; the API answers whether the site offers it).
 */
export function frequencyField(): z.ZodNumber {
  return intField(1, MAX_FREQUENCY_WEEKS, FORM_REASONS.invalidFrequency);
}

/** Cart auto-delivery line frequency form (`UpdateEntryAutoDeliveryRequest`): the line and its new frequency. */
export const CartFrequencyFormSchema = z.object({ entryNumber: entryNumberField, frequencyWeeks: frequencyField() });
export type CartFrequencyForm = z.infer<typeof CartFrequencyFormSchema>;

/** Add-to-cart form (`AddToCartRequest`): the product and the quantity 1–99 (1 when absent; reason `invalidQuantity`). */
export const AddToCartFormSchema = z.object({
  productCode: requiredText(AddToCartRequestSchema.shape.productCode),
  qty: intField(1, MAX_LINE_QUANTITY, FORM_REASONS.invalidQuantity).optional(),
});
export type AddToCartForm = z.infer<typeof AddToCartFormSchema>;

/** The schedules of the product page's auto-delivery choice (`adSchedule`; ADR 0018 "Buying"). */
export const AD_ADD_SCHEDULES = ['ADC', 'ADCF', 'ADF'] as const;

/** Cups a day of smart auto-delivery, 1–20 (`SmartSuggestionQuery.cupsPerDay`; reason `invalidCupsPerDay`). */
export function cupsPerDayField(): z.ZodNumber {
  return intField(CUPS_PER_DAY_MIN, CUPS_PER_DAY_MAX, FORM_REASONS.invalidCupsPerDay);
}

/** A day of the month of a scheduled line: 1–28, or 31 for the last day (ADR 0018; reason `invalidDayOfMonth`). */
export function dayOfMonthField(): z.ZodNumber {
  return intField(1, LAST_DAY_OF_MONTH, FORM_REASONS.invalidDayOfMonth).refine((v) => isDayOfMonth(v), {
    params: { reason: FORM_REASONS.invalidDayOfMonth },
    message: 'must be 1–28, or 31 for the last day',
  });
}

/**
 * The auto-delivery purchase fields of the add-to-cart form (`AddToCartAutoDeliveryFields`, ADR
 * 0018 "Buying"): `entryType` (`AD` for the product page's choice, or an entry type the form posts
 * itself: `ADC`, `ADCF`, `ADF`, `MBOX`, ...), the choice's `adSchedule`, the frequency (1–52 weeks),
 * pods at home (text as typed: a non-number is empty, spec §5), cups a day (1–20), the day of the
 * month (1–28 or 31) and `smartFrequency=1` once the page showed a suggestion. Blank numbers are
 * absent (the API's defaults); a number out of range is named.
 */
export const AdAddFormSchema = z.object({
  entryType: z.enum(['AD', ...BUYABLE_ENTRY_TYPES]).optional(),
  adSchedule: z.enum(AD_ADD_SCHEDULES).optional(),
  frequencyWeeks: frequencyField().optional(),
  podsAtHomeQty: optionalText(SmartSuggestionQuerySchema.shape.podsAtHomeQty),
  cupsPerDay: cupsPerDayField().optional(),
  dayOfMonth: dayOfMonthField().optional(),
  smartFrequency: z.enum(['1']).optional(),
});
export type AdAddForm = z.infer<typeof AdAddFormSchema>;

/** The whole add-to-cart form: {@link AddToCartFormSchema} and the auto-delivery fields {@link AdAddFormSchema}. */
export const AddToCartAdFormSchema = AddToCartFormSchema.extend(AdAddFormSchema.shape);
export type AddToCartAdForm = z.infer<typeof AddToCartAdFormSchema>;

const bundleItem = AddCampaignBundleRequestSchema.shape.items.element.shape;

/**
 * Brewer campaign bundle form (`AddCampaignBundleRequest`, ADR 0018 "Brewer campaigns"): the
 * campaign and its brewer (hidden), the first coffee and its boxes (1–99, reason
 * `invalidQuantity`), the frequency (1–52 weeks; absent: the site's default) and `back` (the
 * product page; checked again by the action's same-origin rule).
 */
export const CampaignBundleFormSchema = z.object({
  campaignCode: AddCampaignBundleRequestSchema.shape.campaignCode,
  brewerCode: requiredText(AddCampaignBundleRequestSchema.shape.brewerCode),
  productCode: requiredText(bundleItem.productCode),
  qty: intField(1, MAX_LINE_QUANTITY, FORM_REASONS.invalidQuantity),
  frequencyWeeks: frequencyField().optional(),
  back: redirectField,
});
export type CampaignBundleForm = z.infer<typeof CampaignBundleFormSchema>;

/**
 * Smart auto-delivery suggestion query (`SmartSuggestionQuery`, ADR 0018 SMART): the product,
 * pods at home as typed (a non-number is empty, spec §5) and cups a day (1–20, reason
 * `invalidCupsPerDay`).
 */
export const SmartSuggestionFormSchema = z.object({
  productCode: requiredText(SmartSuggestionQuerySchema.shape.productCode),
  podsAtHomeQty: optionalText(SmartSuggestionQuerySchema.shape.podsAtHomeQty),
  cupsPerDay: cupsPerDayField(),
});
export type SmartSuggestionForm = z.infer<typeof SmartSuggestionFormSchema>;

/**
 * Test-provider card fields of the payment section: the number (12–19 digits once spaces and
 * dashes are gone; the API checks Luhn and declines), the expiry `MM/YY` or `MM/YYYY` (not
 * passed at `now`), the security code (3–4 digits). The parsed value carries the cleaned number
 * and the expiry month and year.
 */
export function cardFormSchema(now: Date) {
  return z
    .object({
      cardNumber: requiredText(safeText(40)),
      cardExpiry: requiredText(safeText(16)),
      cardCvc: requiredText(safeText(8)),
    })
    .superRefine((v, ctx) => {
      if (typeof v.cardNumber === 'string' && !/^\d{12,19}$/.test(v.cardNumber.replace(/[\s-]/g, ''))) {
        addIssue(ctx, 'cardNumber', FORM_REASONS.invalidCardNumber, 'Enter a valid card number');
      }
      if (typeof v.cardExpiry === 'string') {
        const expiry = expiryOf(v.cardExpiry);
        if (!expiry) addIssue(ctx, 'cardExpiry', FORM_REASONS.invalidExpiry, 'Enter a valid expiration date');
        else if (Date.UTC(expiry.year, expiry.month, 1) <= now.getTime()) addIssue(ctx, 'cardExpiry', FORM_REASONS.expiredCard, 'The card has expired');
      }
      if (typeof v.cardCvc === 'string' && !/^\d{3,4}$/.test(v.cardCvc)) addIssue(ctx, 'cardCvc', FORM_REASONS.invalidCvc, 'Enter the 3- or 4-digit security code');
    }, always)
    .transform((v) => ({ ...v, cardNumber: v.cardNumber.replace(/[\s-]/g, '') }));
}

/** The month (1–12) and four-digit year of a card expiry `MM/YY`, `MM / YYYY`, `MMYY`; null when unreadable. */
export function expiryOf(text: string): { month: number; year: number } | null {
  const m = /^(0?[1-9]|1[0-2])\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!m) return null;
  const yearText = m[2] ?? '';
  return { month: Number(m[1]), year: yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText) };
}

/**
 * The hidden and choice fields of the place-order form (`PlaceOrderRequest` and its
 * `Idempotency-Key` header): the attempt's key, the payment intent (absent when gift cards pay
 * everything: `coveredByGiftCards` is `1`), a saved card or {@link NEW_ADDRESS_CHOICE}, "save this card".
 */
export const PlaceOrderFormSchema = z.object({
  idempotencyKey: requiredText(tokenInput()),
  paymentIntentId: optionalText(PlaceOrderRequestSchema.shape.paymentIntentId),
  savedCard: optionalText(PlaceOrderRequestSchema.shape.savedPaymentMethodId),
  saveCard: z.boolean().optional(),
  coveredByGiftCards: z.enum(['1']).optional(),
});
export type PlaceOrderForm = z.infer<typeof PlaceOrderFormSchema>;

/**
 * "Create an account" after a guest order (`CreateUserFromOrderRequest`): the password, under the
 * ADR 0007 policy with the order's `email`.
 */
export function createAccountFormSchema(email: string | null) {
  return z.object({ password: requiredPassword(CreateUserFromOrderRequestSchema.shape.password) }).superRefine((v, ctx) => passwordPolicyIssues(ctx, 'password', v.password, email), always);
}

// ---------------------------------------------------------------- auto-delivery home (account)

const subscriptionIdField = requiredText(AddProductToExistingAdRequestSchema.shape.subscriptionId);
const subscriptionItemIdField = requiredText(SubscriptionItemParamsSchema.shape.itemId);
const subscriptionQtyField = intField(1, SUBSCRIPTION_QTY_MAX, FORM_REASONS.invalidQuantity);
const patchShape = SubscriptionPatchRequestSchema.shape;

/**
 * The subscription's largest item quantity as the page posts it (hidden `maxQty`, the
 * subscription's `maxQtyPerItem`): read first, for the quantity's message ("between 1 and {max}").
 */
export const SubscriptionMaxQtyFormSchema = z.object({ maxQty: intField(1, SUBSCRIPTION_QTY_MAX, FORM_REASONS.invalid).optional() });

/**
 * The forms of the auto-delivery home (`/account/auto-delivery`, ADR 0018), one per `intent`, each
 * composed from its request schema (`subscriptions.ts`): skip, ship now, resume (the subscription
 * only); `shipOn` (`ShipOnRequest.date`), `pause` (`PauseRequest.until`), `cancel`
 * (`CancelSubscriptionRequest`), `frequency` (1–52 weeks), `dayOfMonth` (1–28 or 31), `rotation`,
 * `address`, `card` (`SubscriptionPatchRequest`), `itemUpdate` (`SubscriptionItemPatchRequest`:
 * qty 1–99, the site's maximum checked by the API; a blank backup removes it), `itemRemove`, and
 * `addProduct` (`AddProductToExistingAdRequest`; qty 1 when absent). An unknown intent is an issue
 * on `intent`.
 */
export const SubscriptionFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('skip'), subscriptionId: subscriptionIdField }),
  z.object({ intent: z.literal('shipNow'), subscriptionId: subscriptionIdField }),
  z.object({ intent: z.literal('resume'), subscriptionId: subscriptionIdField }),
  z.object({ intent: z.literal('shipOn'), subscriptionId: subscriptionIdField, date: requiredText(ShipOnRequestSchema.shape.date) }),
  z.object({ intent: z.literal('pause'), subscriptionId: subscriptionIdField, until: requiredText(PauseRequestSchema.shape.until) }),
  z.object({
    intent: z.literal('cancel'),
    subscriptionId: subscriptionIdField,
    reason: CancelSubscriptionRequestSchema.shape.reason,
    note: optionalText(CancelSubscriptionRequestSchema.shape.note),
  }),
  z.object({ intent: z.literal('frequency'), subscriptionId: subscriptionIdField, frequencyWeeks: frequencyField() }),
  z.object({ intent: z.literal('dayOfMonth'), subscriptionId: subscriptionIdField, dayOfMonth: dayOfMonthField() }),
  z.object({ intent: z.literal('rotation'), subscriptionId: subscriptionIdField, rotation: patchShape.rotation.unwrap() }),
  z.object({ intent: z.literal('address'), subscriptionId: subscriptionIdField, addressId: requiredText(patchShape.addressId) }),
  z.object({ intent: z.literal('card'), subscriptionId: subscriptionIdField, paymentMethodId: requiredText(patchShape.paymentMethodId) }),
  z.object({
    intent: z.literal('itemUpdate'),
    subscriptionId: subscriptionIdField,
    itemId: subscriptionItemIdField,
    qty: subscriptionQtyField,
    backupProductCode: optionalText(SubscriptionItemPatchRequestSchema.shape.backupProductCode),
  }),
  z.object({ intent: z.literal('itemRemove'), subscriptionId: subscriptionIdField, itemId: subscriptionItemIdField }),
  z.object({
    intent: z.literal('addProduct'),
    subscriptionId: subscriptionIdField,
    productCode: requiredText(AddProductToExistingAdRequestSchema.shape.productCode),
    qty: subscriptionQtyField.optional(),
  }),
]);
export type SubscriptionForm = z.infer<typeof SubscriptionFormSchema>;

/** Upcoming-order add-item form (`/account/auto-delivery/{id}/add`; `AddProductToExistingAdRequest`): the product and its qty 1–99. */
export const SubscriptionAddItemFormSchema = z.object({
  productCode: requiredText(AddProductToExistingAdRequestSchema.shape.productCode),
  qty: subscriptionQtyField,
});
export type SubscriptionAddItemForm = z.infer<typeof SubscriptionAddItemFormSchema>;

// ---------------------------------------------------------------- mailing list and notify-me (issue 12)

/** Footer mailing-list form: the email of `SubscribeRequest`, and where to come back to. */
export const SubscribeFormSchema = z.object({
  email: emailField(ForgotPasswordRequestSchema.shape.email),
  redirectTo: redirectField,
});
export type SubscribeForm = z.infer<typeof SubscribeFormSchema>;

/** Notify-me form of an out-of-stock variant: the variant code; the email when not signed in (the action requires it then). */
export const NotifyMeFormSchema = z.object({
  productCode: requiredText(codeInput()),
  email: emailField(ForgotPasswordRequestSchema.shape.email).optional(),
  redirectTo: redirectField,
});
export type NotifyMeForm = z.infer<typeof NotifyMeFormSchema>;

/** Unsubscribe page form: the emailed token (one click, no JavaScript needed). */
export const UnsubscribeFormSchema = z.object({ token: requiredText(tokenInput(512)) });
export type UnsubscribeForm = z.infer<typeof UnsubscribeFormSchema>;

/** Issue 12 (ADR 0028): the Perks join form — the terms checkbox (`acceptTerms`) must be ticked. */
export const PerksJoinFormSchema = z.object({
  acceptTerms: z.boolean().refine((v) => v, { message: 'Accept the Brewhaus Perks terms to join' }),
});
export type PerksJoinForm = z.infer<typeof PerksJoinFormSchema>;

/** Issue 12: the Perks earning switch (`perksOptIn` "true" or "false", from the button pressed). */
export const PerksOptFormSchema = z.object({ perksOptIn: z.enum(['true', 'false']) });
export type PerksOptForm = z.infer<typeof PerksOptFormSchema>;

/**
 * "Refer a friend" form (issue 12; ADR 0030; `SubmitReferralRequest`): the friend's email (spec §5,
 * reason `invalidEmail`) and an optional name (at most 100 characters, no control characters).
 */
export const ReferralFormSchema = z.object({
  email: emailField(emailInput()),
  friendName: optionalText(SubmitReferralRequestSchema.shape.friendName),
});
export type ReferralForm = z.infer<typeof ReferralFormSchema>;

/**
 * Issue 12 (ADR 0028 "Rewards"): the cart's reward forms (apply, swap): `ApplyLoyaltyRewardRequest`'s
 * code, required, trimmed. Remove posts no field.
 */
export const CartRewardFormSchema = z.object({ rewardCode: requiredText(codeInput(40)) });
export type CartRewardForm = z.infer<typeof CartRewardFormSchema>;
