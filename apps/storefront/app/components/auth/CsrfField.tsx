/** The shared CSRF hidden field (see app/lib/csrf.tsx). */
export { CsrfField, useCsrfToken, CSRF_FIELD_NAME } from '../../lib/csrf.tsx';
