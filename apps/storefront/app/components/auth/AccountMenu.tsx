/**
 * The header's account entry (VISUAL.md "account link or sign-in flyout"): a `<details>`
 * disclosure that works without JavaScript.
 * - anonymous: "Sign in" opens a flyout with the sign-in form (posts to /login, coming back to
 *   the current page), "Forgot your password?" and "Create an account";
 * - signed in: "Hi, <first name>" opens a menu with the account pages and "Sign out" (a POST
 *   form with the CSRF field).
 * Escape and a click outside close it when JavaScript runs.
 */
import { useEffect, useRef } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { authPaths, isAuthPage } from '../../lib/auth/paths.ts';
import { CsrfField } from '../../lib/csrf.tsx';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { LoginForm } from './LoginForm.tsx';

function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.9" />
      <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" />
    </svg>
  );
}

/** Closes the disclosure on Escape, on a click outside and after a navigation. */
function useDisclosure(signedIn: boolean) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search, location.key, signedIn]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = ref.current;
      if (e.key === 'Escape' && el?.open) {
        el.open = false;
        el.querySelector('summary')?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      const el = ref.current;
      if (el?.open && e.target instanceof Node && !el.contains(e.target)) el.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);
  return ref;
}

/** The account entry of the header. */
export function AccountMenu() {
  const { lang, auth, perksPoints } = useShell();
  const t = useT();
  const location = useLocation();
  const paths = authPaths(lang);
  const ref = useDisclosure(auth?.isLoggedIn === true);
  const here = `${location.pathname}${location.search}`;
  const back = isAuthPage(location.pathname) ? null : here;

  if (auth?.isLoggedIn) {
    const base = paths.account;
    const fr = lang === 'fr';
    return (
      <details key="account" className="account-menu header-action-wrap" ref={ref}>
        <summary className="header-action">
          <UserIcon />
          <span className="header-action-label">{auth.firstName ? t('auth.header.hi', { name: auth.firstName }) : t('auth.header.hiAnonymous')}</span>
          {/* issue 12 (ADR 0028): the member's available Perks points, small */}
          {typeof perksPoints === 'number' ? (
            <small className="header-points" data-testid="header-points" aria-label={t('loyalty.header.label', { points: perksPoints })}>
              {t('loyalty.header.points', { points: perksPoints })}
            </small>
          ) : null}
        </summary>
        <div className="account-flyout" role="group" aria-label={t('auth.header.menuLabel')}>
          <ul className="account-links">
            <li>
              <Link to={base}>{t('auth.header.account')}</Link>
            </li>
            <li>
              <Link to={`${base}/${fr ? 'commandes' : 'orders'}`}>{t('auth.header.orders')}</Link>
            </li>
            <li>
              <Link to={`${base}/${fr ? 'adresses' : 'addresses'}`}>{t('auth.header.addresses')}</Link>
            </li>
            <li>
              <Link to={`${base}/${fr ? 'livraison-automatique' : 'auto-delivery'}`}>{t('account.nav.autoDelivery')}</Link>
            </li>
            <li>
              <Link to={`${base}/perks`}>{t('loyalty.nav')}</Link>
            </li>
          </ul>
          <Form method="post" action={paths.logout} className="logout-form">
            <CsrfField />
            <button type="submit" className="btn btn-secondary btn-small">
              {t('auth.logout.submit')}
            </button>
          </Form>
        </div>
      </details>
    );
  }

  return (
    <details key="sign-in" className="account-menu header-action-wrap" ref={ref}>
      <summary className="header-action">
        <UserIcon />
        <span className="header-action-label">{t('header.signIn')}</span>
      </summary>
      <div className="account-flyout login-flyout" role="group" aria-label={t('auth.header.signInTitle')}>
        <p className="flyout-title">{t('auth.header.signInTitle')}</p>
        <LoginForm idPrefix="flyout" redirectTo={back} compact />
        <p className="auth-switch">
          {t('auth.login.newHere')} <Link to={back ? `${paths.signup}?redirect=${encodeURIComponent(back)}` : paths.signup}>{t('auth.login.createAccount')}</Link>
        </p>
      </div>
    </details>
  );
}
