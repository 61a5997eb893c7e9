/**
 * Paths of the sign-in pages in a language (spec §2: /login, French paths prefixed /fr).
 * Shared by server and client code.
 */
import type { Lang } from '@store/domain';
import { isSameOriginPath } from '../safe-redirect.ts';

/** The auth paths of one language. */
export interface AuthPaths {
  login: string;
  signup: string;
  forgotPassword: string;
  resetPassword: string;
  /** POST only */
  logout: string;
  account: string;
  /** the sign-in page coming back to `back` (a same-site path) afterwards */
  loginBack(back: string | null | undefined): string;
}

/** The auth paths of a language. */
export function authPaths(lang: Lang): AuthPaths {
  const fr = lang === 'fr';
  const login = fr ? '/fr/connexion' : '/login';
  return {
    login,
    signup: fr ? '/fr/inscription' : '/signup',
    forgotPassword: fr ? '/fr/mot-de-passe-oublie' : '/forgot-password',
    resetPassword: fr ? '/fr/reinitialiser-mot-de-passe' : '/reset-password',
    logout: fr ? '/fr/logout' : '/logout',
    account: fr ? '/fr/compte' : '/account',
    loginBack: (back) => (back && isSafeRedirect(back) ? `${login}?redirect=${encodeURIComponent(back)}` : login),
  };
}

/**
 * Is `target` a path of this site? Guards every post-sign-in redirect against open redirects
 * (issue 9 item 7: the shared same-origin check of app/lib/safe-redirect.ts).
 */
export function isSafeRedirect(target: string): boolean {
  return isSameOriginPath(target);
}

/** Pages a signed-in customer is not sent back to (sign-in pages themselves). */
export function isAuthPage(pathname: string): boolean {
  return /^(\/fr)?\/(login|connexion|noboLogin|signup|inscription|forgot-password|mot-de-passe-oublie|reset-password|reinitialiser-mot-de-passe|logout|authCallBack)\/?$/.test(pathname);
}
