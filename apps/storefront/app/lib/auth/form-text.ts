/** The wording of the sign-in forms' fields, shared by their actions and pages (issue 11 item 1). */
import type { FormText } from '../forms.ts';

/** The wording of the sign-in forms' fields (issue 11 item 1). */
export const AUTH_FORM_TEXT: FormText = {
  labels: {
    firstName: 'auth.field.firstName',
    lastName: 'auth.field.lastName',
    email: 'auth.field.email',
    password: 'auth.field.password',
    confirmPassword: 'auth.field.confirmPassword',
  },
};
/** The reset form calls its password "New password". */
export const RESET_FORM_TEXT: FormText = { labels: { ...AUTH_FORM_TEXT.labels, password: 'auth.field.newPassword' } };

