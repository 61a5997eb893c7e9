/**
 * The auth part of the shell data (root loader → header, CSRF field), safe for client code:
 * no token other than the page's CSRF token, which the page needs to submit its forms.
 */
import { createContext, useContext } from 'react';

/** Notices shown once after a redirect (see cookies.server.ts). */
export type ShellAuthNotice = 'signedIn' | 'signedUp' | 'signedOut' | 'quantityCapped' | 'passwordReset' | 'sessionExpired';

/** What the header and the forms know about the session. */
export interface ShellAuth {
  isLoggedIn: boolean;
  /** '' when unknown */
  firstName: string;
  /** the double-submit CSRF token of this browser (hidden field `_csrf`) */
  csrfToken: string;
  notice: ShellAuthNotice | null;
  /** the 'user was logged in' cookie is set (spec §9) */
  wasLoggedIn: boolean;
}

/** An anonymous shell (no CSRF token: forms rendered without a root loader are refused). */
export const ANONYMOUS_SHELL_AUTH: ShellAuth = { isLoggedIn: false, firstName: '', csrfToken: '', notice: null, wasLoggedIn: false };

/** Lets a test or an island override the auth shell (the header reads useShell().auth first). */
export const ShellAuthContext = createContext<ShellAuth | null>(null);

/** The auth shell from an explicit provider, if any. */
export function useShellAuthOverride(): ShellAuth | null {
  return useContext(ShellAuthContext);
}
