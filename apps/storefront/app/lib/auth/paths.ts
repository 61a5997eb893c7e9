/**
 * Paths of the sign-in pages in a language (spec §2: /login, French paths prefixed /fr).
 * Shared by server and client code.
 */
import type { Lang } from '@store/domain';

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
 * Is `target` a path of this site (starts with one `/`, no scheme, no `//` or `/\`, no control
 * characters)? Guards every post-sign-in redirect against open redirects.
 */
export function isSafeRedirect(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(target)) return false;
  return target.length <= 2000;
}

/** Pages a signed-in customer is not sent back to (sign-in pages themselves). */
export function isAuthPage(pathname: string): boolean {
  return /^(\/fr)?\/(login|connexion|noboLogin|signup|inscription|forgot-password|mot-de-passe-oublie|reset-password|reinitialiser-mot-de-passe|logout|authCallBack)\/?$/.test(pathname);
}
