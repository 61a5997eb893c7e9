/**
 * The frame of every account page: the page heading, the account navigation (Overview, Profile,
 * Addresses, Orders, Auto-delivery; the current page marked with `aria-current`), the sign-out button (a POST
 * form, works without JavaScript) and a success notice (`?done=` after a form post).
 */
import type { ReactNode } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { accountPaths } from './account-paths.ts';
import { CsrfField } from './Csrf.tsx';

export interface AccountLayoutProps {
  title: string;
  /** a line under the title (e.g. "3 saved addresses") */
  subtitle?: string | undefined;
  /** a success message shown once, in a polite live region */
  notice?: string | null | undefined;
  /** an extra link at the right of the heading (e.g. "Back to orders") */
  aside?: ReactNode;
  children: ReactNode;
}

/** The account page frame (see module comment). */
export function AccountLayout({ title, subtitle, notice, aside, children }: AccountLayoutProps) {
  const t = useT();
  const { lang } = useShell();
  const location = useLocation();
  const p = accountPaths(lang);
  const items = [
    { to: p.overview, label: t('account.nav.overview'), exact: true },
    { to: p.profile, label: t('account.nav.profile'), exact: false },
    { to: p.addresses, label: t('account.nav.addresses'), exact: false },
    { to: p.orders, label: t('account.nav.orders'), exact: false },
    { to: p.autoDelivery, label: t('account.nav.autoDelivery'), exact: false },
    // issue 12: Brewhaus Perks
    { to: p.perks, label: t('loyalty.nav'), exact: false },
    // issue 12
    { to: p.referrals, label: t('referral.nav'), exact: false },
  ];
  const here = location.pathname.replace(/\/+$/, '');
  const current = (to: string, exact: boolean) => (exact ? here === to : here === to || here.startsWith(`${to}/`));
  return (
    <div className="container account-page">
      <div className="account-layout">
        <nav className="account-nav" aria-label={t('account.nav.label')}>
          <p className="account-nav-title">{t('account.title')}</p>
          <ul>
            {items.map((i) => (
              <li key={i.to}>
                <Link to={i.to} aria-current={current(i.to, i.exact) ? 'page' : undefined}>
                  {i.label}
                </Link>
              </li>
            ))}
          </ul>
          <Form method="post" action={p.logout} className="account-signout" reloadDocument>
            <CsrfField />
            <button type="submit" className="btn btn-light btn-small">
              {t('account.nav.signOut')}
            </button>
          </Form>
        </nav>
        <div className="account-content">
          <div className="page-heading account-heading">
            <h1>{title}</h1>
            {subtitle ? <p className="page-heading-count">{subtitle}</p> : null}
            {aside}
          </div>
          <div aria-live="polite" className="account-notice-region">
            {notice ? (
              <p className="notice notice-success account-notice" role="status">
                {notice}
              </p>
            ) : null}
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}

/** Previous / page numbers / next links of a paged list (`?page=` is 1-based in the URL). */
export function Pager({ page, totalPages, path }: { page: number; totalPages: number; path: string }) {
  const t = useT();
  if (totalPages <= 1) return null;
  const href = (n: number) => (n <= 0 ? path : `${path}?page=${n + 1}`);
  return (
    <nav className="account-pager" aria-label={t('account.paging.label')}>
      <p className="visually-hidden">{t('account.paging.status', { n: page + 1, total: totalPages })}</p>
      <ul>
        <li>
          {page > 0 ? (
            <Link to={href(page - 1)} rel="prev">
              {t('account.paging.previous')}
            </Link>
          ) : (
            <span aria-disabled="true" className="is-disabled">
              {t('account.paging.previous')}
            </span>
          )}
        </li>
        {Array.from({ length: totalPages }, (_, n) => (
          <li key={n}>
            <Link to={href(n)} aria-current={n === page ? 'page' : undefined} aria-label={t('account.paging.page', { n: n + 1 })}>
              {n + 1}
            </Link>
          </li>
        ))}
        <li>
          {page < totalPages - 1 ? (
            <Link to={href(page + 1)} rel="next">
              {t('account.paging.next')}
            </Link>
          ) : (
            <span aria-disabled="true" className="is-disabled">
              {t('account.paging.next')}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
