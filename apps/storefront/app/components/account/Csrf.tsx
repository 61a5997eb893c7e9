/**
 * The CSRF hidden field of the account forms (issue 3 decisions: every state-changing storefront
 * request carries the double-submit token): the shared `<CsrfField/>` of the auth plumbing.
 */
export { CsrfField } from '../../lib/csrf.tsx';
