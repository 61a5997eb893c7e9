/**
 * Turns the API's OCC errors (`{type, reason, subject, message}`, DESIGN "Errors, end to end")
 * into messages in the shopper's language, placed next to the field they concern (spec §2
 * checkout, issue 2 "errors next to the field"). Pure: used by the cart and checkout actions on
 * the server; the components only display the strings.
 */
import { isApiError } from '@store/contracts';
import type { OccError } from '@store/contracts';
import { checkoutEn } from '../../i18n/checkout.en.ts';
import type { CheckoutMessageKey } from '../../i18n/checkout.en.ts';
import { waitMinutesOf } from '../../lib/wait.ts';

/** A translator limited to what these helpers need (the request context's `t` fits). */
export type CheckoutTranslate = (id: CheckoutMessageKey, values?: Record<string, string | number>) => string;

/** Errors of one form: per field name, plus one message for the whole form. */
export interface FormErrors {
  /** field name (as in the form) → translated message; the first entry is the first problem */
  fieldErrors: Record<string, string>;
  /** a message not tied to one field, or null */
  formError: string | null;
}

/** No errors. */
export const NO_ERRORS: FormErrors = { fieldErrors: {}, formError: null };

/** Does a form result carry any error? */
export function hasErrors(e: FormErrors | null | undefined): boolean {
  return !!e && (e.formError !== null || Object.keys(e.fieldErrors).length > 0);
}

function isKey(k: string): k is CheckoutMessageKey {
  return Object.prototype.hasOwnProperty.call(checkoutEn, k);
}

/** The first whole number in a text ("Only 3 left" → 3), or null. */
export function numberIn(text: string | undefined): number | null {
  const m = /(\d+)/.exec(text ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * The last segment of an OCC subject, as a form field name: `deliveryAddress.postalCode` →
 * `postalCode`, `entries[2].qty` → `qty`, `email` → `email`; null when absent.
 */
export function fieldOfSubject(subject: string | undefined): string | null {
  if (!subject) return null;
  const last = subject.split('.').pop() ?? subject;
  return last.replace(/\[\d+\]$/, '') || null;
}

/** The entry number of an `entries[N]...` subject, or null. */
export function entryOfSubject(subject: string | undefined): number | null {
  const m = /entries\[(\d+)\]/.exec(subject ?? '');
  return m ? Number(m[1]) : null;
}

/** Context that changes a message: the destination country (ZIP vs postal code), available units. */
export interface OccContext {
  country?: 'US' | 'CA' | string;
  available?: number;
}

/**
 * One OCC error in the shopper's language, chosen by `reason` (then by subject for the generic
 * reasons). Unknown reasons give the generic "Something went wrong" message, never the English
 * API text on a French page.
 */
export function translateOccError(t: CheckoutTranslate, error: Pick<OccError, 'reason' | 'subject' | 'message' | 'type'>, ctx: OccContext = {}): string {
  const reason = error.reason ?? error.type;
  const field = fieldOfSubject(error.subject);
  switch (reason) {
    case 'insufficientStock': {
      const count = ctx.available ?? numberIn(error.message);
      return count === null ? t('occ.insufficientStockNoCount') : t('occ.insufficientStock', { count });
    }
    case 'invalidPostalCode':
      return t(ctx.country === 'US' ? 'occ.invalidZip' : 'occ.invalidPostalCode');
    case 'invalid':
    case 'invalidFormat':
      if (field === 'email') return t('occ.invalidEmail');
      if (field === 'postalCode') return t(ctx.country === 'US' ? 'occ.invalidZip' : 'occ.invalidPostalCode');
      if (field === 'qty') return t('occ.invalidQuantity');
      return t('occ.invalid');
    case 'required':
      if (field === 'email') return t('occ.missingEmail');
      return t('occ.required');
    case 'notFound':
      if (field === 'cartGuid') return t('occ.cartNotFound');
      if (field === 'orderCode' || field === 'code') return t('occ.orderNotFound');
      return t('occ.notFound');
    case 'card_declined':
      return t('occ.cardDeclined');
    case 'insufficient_funds':
      return t('occ.insufficientFunds');
    case 'invalid_number':
      return t('occ.invalidCardNumber');
    default: {
      const key = `occ.${reason ?? ''}`;
      return isKey(key) ? t(key) : t('occ.generic');
    }
  }
}

/** Maps an error to the form field it belongs to (`fieldMap` renames API fields to form names). */
export interface ToFormErrorsOptions extends OccContext {
  /** the form's field names; errors on other subjects become the form error */
  fields: readonly string[];
  /** API field → form field (e.g. `{ testCardNumber: 'cardNumber' }`) */
  rename?: Record<string, string>;
  /** field that receives errors of these reasons whatever their subject (e.g. payment → cardNumber) */
  reasonField?: Record<string, string>;
}

/**
 * An API failure as form errors: every OCC error of a 4xx answer goes to its field when the form
 * has it, else becomes the form error (first one wins). Anything that is not a 4xx `ApiError`
 * is rethrown (the error boundary renders the generic error page, spec §2 and §8).
 * @throws the original error when it is not an API client error
 */
export function toFormErrors(t: CheckoutTranslate, error: unknown, opts: ToFormErrorsOptions): FormErrors {
  if (!isApiError(error) || !error.isClientError) throw error;
  if (error.status === 429) return { fieldErrors: {}, formError: t('occ.tooManyRequests', { minutes: waitMinutesOf(error) }) };
  const fieldErrors: Record<string, string> = {};
  let formError: string | null = null;
  for (const e of error.errors) {
    const text = translateOccError(t, e, opts);
    const raw = fieldOfSubject(e.subject);
    const reasonTarget = e.reason ? opts.reasonField?.[e.reason] : undefined;
    const named = reasonTarget ?? (raw ? (opts.rename?.[raw] ?? raw) : null);
    if (named && opts.fields.includes(named)) {
      fieldErrors[named] ??= text;
    } else {
      formError ??= text;
    }
  }
  if (formError === null && Object.keys(fieldErrors).length === 0) formError = t('occ.generic');
  return { fieldErrors, formError };
}
