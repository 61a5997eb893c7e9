/**
 * Building blocks of every string a client sends to the API (issue 9 item 3, ADR 0015): path
 * parameters, query parameters, headers and body fields. Each is bounded (a maximum length suited
 * to the field) and clean (no C0 or C1 control character, DEL included; NUL in particular, which
 * PostgreSQL refuses in text), so nothing odd reaches SQL, logs, emails or pages, and a bad value
 * answers 400 `ValidationError` with `subject` the field name and `reason`:
 * - `tooLong` ({@link INPUT_REASONS}), message "must be at most N characters";
 * - `invalidCharacters`, message "must not contain control characters";
 * - `passwordTooLong` for passwords (the ADR 0007 policy reason, kept).
 *
 * The reason travels on the zod issue (`params.reason`); the API's error handler reads it with
 * {@link inputIssueReason}. Each block also documents itself in the OpenAPI document
 * (`maxLength`, `pattern`).
 *
 * Limits ({@link INPUT_LIMITS}): codes and ids 64, names 100 (address names 50, as the address
 * rules), address lines 100, emails 254 (RFC 5321), passwords 128 (ADR 0007), search terms 200,
 * comma lists 2000.
 */
import { z } from 'zod';
import { ADDRESS_MAX_LENGTHS, DELIVERY_MODES, ENTRY_TYPES, MAX_QTY_PER_ENTRY, type DeliveryModeCode } from '@store/domain';

/** Maximum lengths of string inputs, characters (UTF-16 code units, as `String.length`). */
export const INPUT_LIMITS = {
  /** product, category, order and coupon codes; cart guids; ids of addresses, cards, gift cards */
  code: 64,
  /** a customer's first or last name (account) */
  name: 100,
  /** RFC 5321: the longest path is 254 characters */
  email: 254,
  /** ADR 0007 password policy (8–128 characters) */
  password: 128,
  /** opaque tokens (reset link token, refresh token, idempotency key) */
  token: 255,
  /** a search term */
  searchTerm: 200,
  /** a comma-separated list of codes in a query string */
  codeList: 2000,
  /** short free text: labels, page ids, option values */
  label: 128,
} as const;

/** Reasons of the input checks, in the OCC error `reason`. */
export const INPUT_REASONS = {
  tooLong: 'tooLong',
  invalidCharacters: 'invalidCharacters',
  passwordTooLong: 'passwordTooLong',
  /** issue 11 item 1: a cart quantity outside its range or not a whole number */
  invalidQuantity: 'invalidQuantity',
  /** issue 11 item 1: an entry type none of {@link ENTRY_TYPES} */
  invalidEntryType: 'invalidEntryType',
  /** issue 11 item 1: a required value absent or empty (the idempotency key, ADR 0014) */
  required: 'required',
  /** issue 11 item 1: a delivery mode none of `DELIVERY_MODES` */
  invalidDeliveryMode: 'invalidDeliveryMode',
} as const;
export type InputReason = (typeof INPUT_REASONS)[keyof typeof INPUT_REASONS];

/** C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, except tab, line feed and carriage return (multi-line text). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** JSON Schema `pattern` of single-line text (documentation of {@link CONTROL_CHARACTERS}). */
const SINGLE_LINE_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';
/** JSON Schema `pattern` of multi-line text. */
const MULTI_LINE_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$';

/** Does `value` hold a control character ({@link CONTROL_CHARACTERS}; tab and line breaks allowed when `allowLineBreaks`)? */
export function hasControlCharacters(value: string, allowLineBreaks = false): boolean {
  return (allowLineBreaks ? CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS : CONTROL_CHARACTERS).test(value);
}

/**
 * Why a string input is refused (null when it is acceptable): `tooLong` over `max` characters,
 * `invalidCharacters` with a control character. Usable outside zod (the OAuth form fields, the
 * storefront's own form checks).
 */
export function stringInputProblem(value: string, max: number, allowLineBreaks = false): 'tooLong' | 'invalidCharacters' | null {
  if (value.length > max) return 'tooLong';
  if (hasControlCharacters(value, allowLineBreaks)) return 'invalidCharacters';
  return null;
}

/** Options of {@link safeText}. */
export interface SafeTextOptions {
  /** allow tab, line feed and carriage return (multi-line fields only; no API field is one today) */
  allowLineBreaks?: boolean;
  /** the reason of a too-long value (default `tooLong`) */
  tooLongReason?: InputReason;
  /** the message of a too-long value (default "must be at most N characters") */
  tooLongMessage?: string;
}

/**
 * A string of at most `max` characters without control characters (see module comment). Chain
 * zod's own refinements after it (`.min(1)`, `.optional()`, `.default()`).
 */
export function safeText(max: number, options: SafeTextOptions = {}): z.ZodString {
  const lineBreaks = options.allowLineBreaks ?? false;
  const tooLongReason = options.tooLongReason ?? INPUT_REASONS.tooLong;
  const tooLongMessage = options.tooLongMessage ?? `must be at most ${max} characters`;
  return z
    .string()
    .check((ctx) => {
      const problem = stringInputProblem(ctx.value, max, lineBreaks);
      if (problem === 'tooLong') {
        ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: ctx.value, message: tooLongMessage, params: { reason: tooLongReason } });
      } else if (problem === 'invalidCharacters') {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'must not contain control characters', params: { reason: INPUT_REASONS.invalidCharacters } });
      }
    })
    .meta({ maxLength: max, pattern: lineBreaks ? MULTI_LINE_PATTERN : SINGLE_LINE_PATTERN });
}

/** A code or id (product, category, order, coupon code; cart guid; address, card, gift card id): {@link safeText} of `max` (default 64). */
export function codeInput(max: number = INPUT_LIMITS.code): z.ZodString {
  return safeText(max);
}

/** A comma-separated list of codes in a query string (`productCodes`, `componentIds`): {@link safeText} of 2000. */
export function codeListInput(max: number = INPUT_LIMITS.codeList): z.ZodString {
  return safeText(max);
}

/** A customer's first or last name on the account (100 characters). */
export function personNameInput(max: number = INPUT_LIMITS.name): z.ZodString {
  return safeText(max);
}

/** An address field, bounded as the address rules of `@store/domain` (`ADDRESS_MAX_LENGTHS`). */
export function addressFieldInput(field: keyof typeof ADDRESS_MAX_LENGTHS): z.ZodString {
  return safeText(ADDRESS_MAX_LENGTHS[field]);
}

/** An email address: 254 characters, no control characters (the format is checked by the flows: reason `invalidEmail`). */
export function emailInput(): z.ZodString {
  return safeText(INPUT_LIMITS.email);
}

/**
 * A password: at most 128 characters (ADR 0007 policy; longer answers the policy reason
 * `passwordTooLong`), no control characters. The other policy rules (length ≥ 8, a letter and a
 * digit, not the email) stay with the account flows, which list every failure.
 */
export function passwordInput(): z.ZodString {
  return safeText(INPUT_LIMITS.password, {
    tooLongReason: INPUT_REASONS.passwordTooLong,
    tooLongMessage: `Password must be at most ${INPUT_LIMITS.password} characters long`,
  });
}

/** An opaque token (reset token, refresh token, idempotency key): 255 characters, no control characters. */
export function tokenInput(max: number = INPUT_LIMITS.token): z.ZodString {
  return safeText(max);
}

/**
 * A quantity of a cart line (issue 11 item 1): a JSON number, whole, from `min` (1; 0 where 0
 * removes the line) to {@link MAX_QTY_PER_ENTRY} (99, spec §9). Out of range or fractional
 * answers reason `invalidQuantity`, message "Quantity must be a whole number from 1 to 99" (the
 * cart rules' reason, so clients translate as before); not a number answers `invalid`.
 */
export function quantityInput(min: 0 | 1 = 1, max: number = MAX_QTY_PER_ENTRY): z.ZodNumber {
  const message = `Quantity must be a whole number from ${min === 0 ? 1 : min} to ${max}`;
  return z
    .number()
    .check((ctx) => {
      if (!Number.isInteger(ctx.value) || ctx.value < min || ctx.value > max) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message, params: { reason: INPUT_REASONS.invalidQuantity } });
      }
    })
    .meta({ type: 'integer', minimum: min, maximum: max });
}

/** An entry number of a cart line: a whole JSON number 0–9999. */
export function entryNumberInput(): z.ZodNumber {
  return z.number().int().min(0).max(9_999);
}

/**
 * A cart entry type (issue 11 item 1): one of {@link ENTRY_TYPES} (`STD`, `ADC`, `ADCF`, `ADF`,
 * `BBAD`, `MBOX`); another string answers reason `invalidEntryType`, message "Unknown entry type".
 */
export function entryTypeInput() {
  const types: readonly string[] = ENTRY_TYPES;
  return safeText(16)
    .check((ctx) => {
      if (!types.includes(ctx.value)) ctx.issues.push({ code: 'custom', input: ctx.value, message: 'Unknown entry type', params: { reason: INPUT_REASONS.invalidEntryType } });
    })
    .meta({ enum: [...ENTRY_TYPES] }) as unknown as z.ZodType<(typeof ENTRY_TYPES)[number], string>;
}

/** The fields each {@link requireFields} schema requires, for the OpenAPI document (see {@link requiredFieldsOf}). */
const REQUIRED_FIELDS = new WeakMap<object, readonly string[]>();

/**
 * The fields a schema made by {@link requireFields} requires (an empty list for any other
 * schema): the API's OpenAPI transform lists them as required, which the zod-generated JSON
 * schema cannot tell (they are declared optional to get their own reasons).
 */
export function requiredFieldsOf(schema: unknown): readonly string[] {
  return schema && typeof schema === 'object' ? (REQUIRED_FIELDS.get(schema) ?? []) : [];
}

/** What {@link requireFields} answers for one absent field. */
export interface RequiredField {
  message: string;
  /** default `required` */
  reason?: InputReason;
}

/**
 * `schema` with `fields` required, each with its own reason (issue 11 item 1): a field absent
 * (or the empty string) answers `reason` (default `required`) and `message`, rather than zod's
 * generic `missing`, so answers keep the reasons clients already read (the `Idempotency-Key`
 * header's `required`, ADR 0014; `invalidDeliveryMode`). Declare those fields `.optional()` in
 * `schema`: the check runs on the object (zod does not run a field's own checks on `undefined`),
 * and the output type makes them required. The OpenAPI document lists them as required
 * ({@link requiredFieldsOf}, read by the API's OpenAPI transform).
 */
export function requireFields<S extends z.ZodObject, K extends keyof z.output<S> & string>(
  schema: S,
  fields: Record<K, RequiredField>,
): z.ZodType<Omit<z.output<S>, K> & { [F in K]-?: Exclude<z.output<S>[F], undefined> }, z.input<S>> {
  const entries = Object.entries(fields) as Array<[K, RequiredField]>;
  const checked = schema.check((ctx) => {
    const value = ctx.value as Record<string, unknown>;
    for (const [key, { message, reason }] of entries) {
      if (value[key] === undefined || value[key] === '') {
        ctx.issues.push({ code: 'custom', path: [key], input: value[key], message, params: { reason: reason ?? INPUT_REASONS.required } });
      }
    }
  });
  REQUIRED_FIELDS.set(checked, entries.map(([key]) => key));
  return checked as never;
}

/** The message of a bad delivery mode (the checkout rule's, kept). */
export const INVALID_DELIVERY_MODE_MESSAGE = 'Choose standard or expedited shipping';

/**
 * A delivery mode (issue 11 item 1): one of `DELIVERY_MODES` (`standard`, `expedited`); another
 * value answers reason `invalidDeliveryMode`, message {@link INVALID_DELIVERY_MODE_MESSAGE} (the
 * checkout rule's reason and message, kept; make the field required with {@link requireFields}).
 */
export function deliveryModeInput(): z.ZodType<DeliveryModeCode, string> {
  const modes: readonly string[] = DELIVERY_MODES;
  const message = INVALID_DELIVERY_MODE_MESSAGE;
  return safeText(16)
    .check((ctx) => {
      if (!modes.includes(ctx.value)) ctx.issues.push({ code: 'custom', input: ctx.value, message, params: { reason: INPUT_REASONS.invalidDeliveryMode } });
    })
    .meta({ enum: [...DELIVERY_MODES] }) as unknown as z.ZodType<DeliveryModeCode, string>;
}

/**
 * The reason an input check gave a zod issue (`params.reason` of the issues the blocks above
 * raise), or undefined for other issues. `issueParams` is the issue without its code, path and
 * message (what fastify-type-provider-zod puts in a validation error's `params`).
 */
export function inputIssueReason(issueParams: unknown): string | undefined {
  if (!issueParams || typeof issueParams !== 'object') return undefined;
  const params = (issueParams as { params?: unknown }).params;
  if (!params || typeof params !== 'object') return undefined;
  const reason = (params as { reason?: unknown }).reason;
  return typeof reason === 'string' ? reason : undefined;
}
