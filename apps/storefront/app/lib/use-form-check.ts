/**
 * Client-side checks of a form with its contract schema (issue 11 item 1, ADR 0025): conform's
 * `useForm` runs the same schema as the action (lib/forms.ts `parseForm`) in the browser, on blur
 * and then on input, and stops a submit whose fields are bad (focusing the first one), so the
 * shopper sees the field named in their language without a round trip. The server stays
 * authoritative: without JavaScript, or when the client passes, the action answers its own errors.
 */
import { getFormProps, useForm } from '@conform-to/react';
import type { z } from 'zod';
import { parseForm } from './forms.ts';
import type { FormText } from './forms.ts';
import { useT } from './use-t.ts';

/** The props a form element takes, and the messages of the fields the browser checked. */
export interface FormCheck {
  /** `id`, `onSubmit`, `noValidate` for the `<form>` (or `<Form>`, `<fetcher.Form>`) */
  formProps: { id: string; onSubmit: (event: React.FormEvent<HTMLFormElement>) => void; noValidate: boolean };
  /** field name → messages of the last client check (only fields checked so far) */
  errors: Record<string, string[]>;
}

/** Runs `schema` on the form `id` in the browser (see module comment). */
export function useFormCheck(id: string, schema: z.ZodType, text: FormText): FormCheck {
  const t = useT();
  const [form] = useForm({
    id,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, schema, t, text),
  });
  const props = getFormProps(form);
  return { formProps: { id: props.id, onSubmit: props.onSubmit, noValidate: true }, errors: (form.allErrors ?? {}) as Record<string, string[]> };
}

/** The messages to show for `name`: the browser's check when it ran on the field, else the server's. */
export function mergeErrors<T>(client: Record<string, string[]>, server: Record<string, T[]> | undefined, name: string, wrap: (text: string) => T): T[] | undefined {
  const mine = client[name];
  if (mine && mine.length) return mine.map(wrap);
  return server?.[name];
}
