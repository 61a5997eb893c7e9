/**
 * The site footer (VISUAL.md "Footer"): support phone per brand and support hours (spec §2, §9),
 * shop and help links, the language switch on the Canadian store, the mailing-list form (issue 12),
 * © Brewhaus.
 */
import { Link } from 'react-router';
import { quickShopPath } from '../landing/paths.ts';
import { SITES } from '@store/domain';
import { monthlyBoxPath } from '../../lib/monthly-box.ts';
import { pathsFor } from '../../lib/paths.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { LanguageSwitch } from './Header.tsx';
import { NewsletterForm } from '../marketing/MarketingForms.tsx';

const NAV_KEYS = { beverages: 'nav.beverages', brewers: 'nav.brewers', accessories: 'nav.accessories', giftCards: 'nav.giftCards' } as const;

/** `tel:` href of a toll-free number such as 1-800-555-0142. */
export function telHref(phone: string): string {
  return `tel:+${phone.replace(/\D/g, '')}`;
}

export function Footer() {
  const shell = useShell();
  const t = useT();
  const paths = pathsFor(shell.lang);
  const info = SITES[shell.site];
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-support">
          <h2 id="footer-support">{t('footer.support.title')}</h2>
          <p>
            {t('footer.support.phone')}{' '}
            <a href={telHref(info.supportPhone)} className="footer-phone">
              {info.supportPhone}
            </a>
          </p>
          <p>{t('footer.support.hours', { hours: info.supportHours[shell.lang] })}</p>
          <p>
            <Link to={paths.supportContact}>{t('footer.support.email')}</Link>
          </p>
          <p className="footer-note">{t('footer.support.reply')}</p>
        </section>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t('footer.shop.title')}</h2>
          <ul>
            {shell.nav.map((n) => (
              <li key={n.key}>
                <Link to={n.url}>{t(NAV_KEYS[n.key])}</Link>
              </li>
            ))}
            <li>
              <Link to={monthlyBoxPath(shell.lang)}>{t('monthly.title')}</Link>
            </li>
            <li>
              <Link to={quickShopPath(shell.lang)}>{t('quickShop.nav')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">{t('footer.help.title')}</h2>
          <ul>
            <li>
              <Link to={paths.supportContact}>{t('footer.help.contact')}</Link>
            </li>
            <li>
              <Link to={paths.discontinued}>{t('footer.help.discontinued')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{t('footer.about.title', { brand: info.name })}</h2>
          <p>{t('footer.about.text')}</p>
          {shell.site === 'cab2c' ? (
            <p className="footer-lang">
              <LanguageSwitch />
            </p>
          ) : null}
        </section>
        {/* issue 12: mailing list (double opt-in; works without JavaScript) */}
        <NewsletterForm />
      </div>
      <div className="container footer-bottom">
        <p>{t('footer.copyright', { year: new Date().getUTCFullYear() })}</p>
      </div>
    </footer>
  );
}
