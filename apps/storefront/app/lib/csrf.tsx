/**
 * The CSRF hidden field of every state-changing form (issue 3 decisions "CSRF"): the page's
 * double-submit token from the root loader (`useShell().auth.csrfToken`), posted as `_csrf`.
 * Works without JavaScript (server-rendered) and with fetchers (the field is part of the form).
 *
 * ```tsx
 * <Form method="post"><CsrfField /> ...</Form>
 * ```
 */
import { useShell } from './shell-data.ts';

/** Name of the hidden field (same as `CSRF_FIELD` of csrf.server.ts). */
export const CSRF_FIELD_NAME = '_csrf';

/** The page's CSRF token ('' when the root loader did not run). */
export function useCsrfToken(): string {
  return useShell().auth?.csrfToken ?? '';
}

/**
 * `<input type="hidden" name="_csrf" value="…">`, or nothing without a session (issue 11 item 4:
 * such pages are protected by the Origin / Sec-Fetch-Site check alone and may be cached).
 */
export function CsrfField() {
  const token = useCsrfToken();
  return token ? <input type="hidden" name={CSRF_FIELD_NAME} value={token} /> : null;
}
