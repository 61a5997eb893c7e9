/**
 * The site header (VISUAL.md "Header"): message bar from site configuration (NAVIGATIONHEADER
 * messageItems), logo, search box (GET form, works without JavaScript), language switch on the
 * Canadian store, the account entry (sign-in flyout, or "Hi, <first name>" and the account menu
 * when signed in; issue 3), cart link with its count, and the category navigation.
 */
import type { FocusEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { BRAND_NAME, SITES } from '@store/domain';
import { pathsFor, switchLanguagePath } from '../../lib/paths.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Logo } from './Logo.tsx';
import { AccountMenu } from '../auth/AccountMenu.tsx';
import { AuthNoticeBanner } from '../auth/AuthNotice.tsx';

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2.2l2.1 10.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 1.9-1.4L21 8H6.3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="10" cy="19.5" r="1.5" fill="currentColor" />
      <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
    </svg>
  );
}

/** English ⇄ Français link keeping the current page (Canadian store only). */
export function LanguageSwitch() {
  const { lang } = useShell();
  const t = useT();
  const location = useLocation();
  const to = lang === 'fr' ? 'en' : 'fr';
  const href = switchLanguagePath(location.pathname, location.search, to);
  return (
    <a className="lang-switch" href={href} hrefLang={to === 'fr' ? 'fr-CA' : 'en'} lang={to === 'fr' ? 'fr-CA' : 'en'}>
      <span className="visually-hidden">{t('format.labelColon', { label: t('lang.label') })} </span>
      {t(to === 'fr' ? 'lang.fr' : 'lang.en')}
    </a>
  );
}

/**
 * The search box: GET /search?term= (or /fr/recherche). Once hydrated it is an ARIA 1.2 combobox
 * with suggestions as you type (issue 13, ADR 0031): the attributes are set here, the behaviour
 * (search-suggest.ts) is loaded the first time the box gets focus.
 */
export function SearchBox({ defaultTerm }: { defaultTerm?: string }) {
  const { lang } = useShell();
  const t = useT();
  const paths = pathsFor(lang);
  const hydrated = useHydrated();
  const suggest = (input: HTMLInputElement) =>
    void import('./search-suggest.ts')
      .then((m) =>
        m.attachSuggest(input, lang === 'fr' ? '/fr/recherche/suggestions' : '/search/suggest', {
          list: t('search.suggest.label'),
          products: t('search.suggest.products'),
          categories: t('search.suggest.categories'),
          count: (count) => t('search.suggest.count', { count }),
        }),
      )
      .catch(() => undefined);
  const comboboxProps = hydrated
    ? ({ role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list', 'aria-controls': 'site-search-listbox', onFocus: (e: FocusEvent<HTMLInputElement>) => suggest(e.currentTarget) } as const)
    : {};
  return (
    <form className="search-box" role="search" method="get" action={paths.search} data-suggest={hydrated ? '' : undefined}>
      <label htmlFor="site-search" className="visually-hidden">
        {t('header.search.label')}
      </label>
      <input
        id="site-search"
        name="term"
        type="search"
        placeholder={t('header.search.placeholder')}
        defaultValue={defaultTerm}
        autoComplete="off"
        maxLength={200}
        enterKeyHint="search"
        {...comboboxProps}
      />
      <button type="submit" className="search-submit" aria-label={t('header.search.submit')}>
        <SearchIcon />
      </button>
    </form>
  );
}

const NAV_KEYS = { beverages: 'nav.beverages', brewers: 'nav.brewers', accessories: 'nav.accessories', giftCards: 'nav.giftCards' } as const;

/** The whole header. */
export function Header() {
  const shell = useShell();
  const t = useT();
  const location = useLocation();
  const paths = pathsFor(shell.lang);
  const brand = SITES[shell.site].name || BRAND_NAME;
  const term = location.pathname === paths.search ? (new URLSearchParams(location.search).get('term') ?? '') : '';
  return (
    <header className="site-header">
      {shell.messageItems.length > 0 ? (
        <aside className="message-bar" aria-label={t('header.messages')}>
          <ul>
            {shell.messageItems.map((m) => (
              <li key={m.uid}>{m.url ? <Link to={m.url.startsWith('/') ? paths.localize(m.url) : m.url}>{m.message}</Link> : m.message}</li>
            ))}
          </ul>
        </aside>
      ) : null}
      <div className="header-main container">
        <Link to={paths.home} className="logo-link">
          <Logo site={shell.site} />
          <span className="visually-hidden">{t('header.homeLink', { brand })}</span>
        </Link>
        <SearchBox key={term} defaultTerm={term} />
        <div className="header-actions">
          {shell.site === 'cab2c' ? <LanguageSwitch /> : null}
          <AccountMenu />
          <Link to={paths.cart} className="header-action cart-link">
            <CartIcon />
            <span className="header-action-label">{t('header.cart')}</span>
            <span className="cart-count" aria-hidden="true" data-count={shell.cartQuantity}>
              {shell.cartQuantity}
            </span>
            <span className="visually-hidden"> ({t('header.cartCount', { count: shell.cartQuantity })})</span>
          </Link>
        </div>
      </div>
      <nav className="category-nav" aria-label={t('nav.label')}>
        <ul className="container">
          {shell.nav.map((n) => (
            <li key={n.key}>
              <Link to={n.url} aria-current={location.pathname === n.url ? 'page' : undefined}>
                {t(NAV_KEYS[n.key])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <AuthNoticeBanner notice={shell.auth?.notice ?? null} />
    </header>
  );
}
