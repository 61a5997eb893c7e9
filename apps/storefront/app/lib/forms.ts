/**
 * Form parsing of the storefront (issue 11 item 1, ADR 0025): every action parses its form data
 * with the form's schema from `@store/contracts/forms` (composed from the API's request schemas)
 * through conform (`parseWithZod`), and the pages run the same schema in the browser (see
 * use-form-check.ts). Each zod issue becomes a message in the shopper's language that names the
 * field: "{field}: {problem}" (`form.fieldError`), the problem chosen by the issue's reason
 * (`formIssueReason`), or by the form's own wording for a field.
 *
 * Shared by the server and the browser: no server-only import here.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { configureCoercion } from '@conform-to/zod/v4/future';
import type { Submission } from '@conform-to/zod/v4';
import { formIssueReason } from '@store/contracts/forms';
import type { FormIssueLike } from '@store/contracts/forms';
import type { z } from 'zod';
import type { MessageKey } from '../i18n/index.ts';

/** A translator (the request context's `t` on the server, `useT()` in components). */
export type FormTranslate = (id: MessageKey, values?: Record<string, string | number>) => string;

/** How a form names its fields and words its problems. */
export interface FormText {
  /** field name (as in the form) → message id of its label */
  labels: Readonly<Record<string, MessageKey>>;
  /**
   * `field.reason` or `field` (any reason) or `reason` → message id of the problem, replacing the
   * default `form.problem.<reason>`; `{max}` is filled with the field's maximum
   */
  problems?: Readonly<Record<string, MessageKey>>;
}

/** The problem message id of each reason (`form.problem.*`); others are `form.problem.invalid`. */
const PROBLEMS: Readonly<Record<string, MessageKey>> = {
  required: 'form.problem.required',
  tooLong: 'form.problem.tooLong',
  invalidCharacters: 'form.problem.invalidCharacters',
  invalidEmail: 'form.problem.invalidEmail',
  invalidZip: 'form.problem.invalidZip',
  invalidPostalCode: 'form.problem.invalidPostalCode',
  invalidRegion: 'form.problem.invalidRegion',
  invalidPhone: 'form.problem.invalidPhone',
  passwordTooShort: 'form.problem.passwordTooShort',
  passwordTooLong: 'form.problem.passwordTooLong',
  passwordTooWeak: 'form.problem.passwordTooWeak',
  passwordIsEmail: 'form.problem.passwordIsEmail',
  passwordMismatch: 'form.problem.passwordMismatch',
  invalidQuantity: 'form.problem.invalidQuantity',
  invalidCardNumber: 'form.problem.invalidCardNumber',
  invalidExpiry: 'form.problem.invalidExpiry',
  expiredCard: 'form.problem.expiredCard',
  invalidCvc: 'form.problem.invalidCvc',
  invalidFrequency: 'form.problem.invalidFrequency',
  invalidAmount: 'form.problem.invalidAmount',
  invalidCupsPerDay: 'form.problem.invalidCupsPerDay',
  invalidDayOfMonth: 'form.problem.invalidDayOfMonth',
};

/**
 * One issue as a sentence naming the field, in the translator's language, e.g. "ZIP code: enter
 * a valid ZIP code, like 05401." / "Prénom : ce champ est obligatoire.".
 */
export function issueMessage(t: FormTranslate, issue: FormIssueLike, text: FormText): string {
  const field = String(issue.path[0] ?? '');
  const reason = formIssueReason(issue);
  const problemKey = text.problems?.[`${field}.${reason}`] ?? text.problems?.[field] ?? text.problems?.[reason] ?? PROBLEMS[reason] ?? 'form.problem.invalid';
  const max = typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint' ? Number(issue.maximum) : 0;
  const problem = t(problemKey, { max });
  const label = text.labels[field];
  return label ? t('form.fieldError', { field: t(label), problem }) : problem.charAt(0).toUpperCase() + problem.slice(1);
}

/** conform's `formatError` for a form: each field's issues as messages (one per reason, in order). */
export function formatIssues(t: FormTranslate, text: FormText): (issues: ReadonlyArray<FormIssueLike>) => string[] {
  return (issues) => {
    const out: string[] = [];
    const seen = new Set<string>();
    for (const issue of issues) {
      const reason = formIssueReason(issue);
      if (seen.has(reason)) continue;
      seen.add(reason);
      out.push(issueMessage(t, issue, text));
    }
    return out;
  };
}

/** conform's coercion with blank text as absent (a field of spaces is empty), shared by both sides. */
const { coerceFormValue } = configureCoercion({ stripEmptyString: (value) => (value.trim() === '' ? undefined : value) });

/** A parsed form: conform's submission, messages translated. */
export type FormSubmission<S extends z.ZodType> = Submission<z.input<S>, string[], z.output<S>>;

/**
 * Parses form data with a form schema (conform + zod): on success `submission.value` is the
 * typed value; otherwise `submission.error` maps each bad field to its messages (see
 * {@link issueMessage}) and `submission.reply()` is what the page's conform form takes back.
 */
export function parseForm<S extends z.ZodType>(formData: FormData | URLSearchParams, schema: S, t: FormTranslate, text: FormText): FormSubmission<S> {
  return parseWithZod(formData, {
    schema: coerceFormValue(schema),
    disableAutoCoercion: true,
    formatError: formatIssues(t, text),
  }) as unknown as FormSubmission<S>;
}

/** The first message of each bad field of a failed submission (the `fieldErrors` of the forms' action data). */
export function firstErrors(submission: { status?: string; error?: Record<string, string[] | null> | null } | { status: 'success' }): Record<string, string> {
  if (!('error' in submission)) return {};
  const out: Record<string, string> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    const first = messages?.[0];
    if (first && name !== '') out[name] = first;
  }
  return out;
}

/** Every message of each bad field (the auth forms show them all). */
export function allErrors(submission: { error?: Record<string, string[] | null> | null } | { status: 'success' }): Record<string, string[]> {
  if (!('error' in submission)) return {};
  const out: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) if (messages?.length && name !== '') out[name] = messages;
  return out;
}

/** The labels of an address form (names under `prefix`); ZIP code/state in the US, postal code/province in Canada. */
export function addressLabels(country: 'US' | 'CA' | string, prefix = ''): Record<string, MessageKey> {
  const us = country === 'US';
  const labels: Record<string, MessageKey> = {
    firstName: 'checkout.address.firstName',
    lastName: 'checkout.address.lastName',
    line1: 'checkout.address.line1',
    line2: 'checkout.address.line2',
    city: 'checkout.address.city',
    region: us ? 'checkout.address.state' : 'checkout.address.province',
    postalCode: us ? 'checkout.address.zip' : 'checkout.address.postalCode',
    phone: 'checkout.address.phone',
  };
  return Object.fromEntries(Object.entries(labels).map(([k, v]) => [`${prefix}${k}`, v]));
}

/** The wording of an address form: its labels, and "choose" for a missing state or province. */
export function addressText(country: 'US' | 'CA' | string, prefix = ''): FormText {
  return { labels: addressLabels(country, prefix), problems: { [`${prefix}region.required`]: 'form.problem.choose' } };
}

/** One problem of a field: its reason (the OCC reason of JSON answers) and its message. */
export interface FieldProblem {
  reason: string;
  text: string;
}

/**
 * {@link parseForm} with each problem's reason kept beside its message (the auth forms answer
 * JSON clients with the reasons): `value` on success, else `problems` by field.
 */
export function parseFormProblems<S extends z.ZodType>(
  formData: FormData | URLSearchParams,
  schema: S,
  t: FormTranslate,
  text: FormText,
): { value: z.output<S>; problems: null } | { value: null; problems: Record<string, FieldProblem[]> } {
  const submission = parseWithZod(formData, {
    schema: coerceFormValue(schema),
    disableAutoCoercion: true,
    formatError: (issues: ReadonlyArray<FormIssueLike>): FieldProblem[] => {
      const messages = formatIssues(t, text)(issues);
      const reasons = [...new Set(issues.map((i) => formIssueReason(i)))];
      return messages.map((m, i) => ({ reason: reasons[i] ?? 'invalid', text: m }));
    },
  });
  if (submission.status === 'success') return { value: submission.value as z.output<S>, problems: null };
  const problems: Record<string, FieldProblem[]> = {};
  for (const [name, list] of Object.entries(submission.error ?? {})) if (list?.length && name !== '') problems[name] = list;
  return { value: null, problems };
}
