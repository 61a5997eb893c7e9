/**
 * The generic error page (spec §2, §8), shown with status 500 when rendering crashes or an
 * unexpected error reaches the root error boundary. Exact English text: headline
 * 'SORRY, SOMETHING WENT WRONG!', text 'Looks like we brewed decaf by mistake. You can start over
 * from our home page.'; links home, beverages, coffee makers, accessories and the support contact
 * page; the brand's toll-free number, the support hours and the email reply time. The commercial
 * brand (usafh) has its own variant of the page; French on the Canadian store.
 */
import type { ReactNode } from 'react';
import { SITES } from '@store/domain';
import type { BaseSiteId, Lang } from '@store/domain';
import { CATEGORY_CODES, pathsFor } from '../lib/paths.ts';
import { useRichT, useT } from '../lib/use-t.ts';
import { telHref } from './layout/Footer.tsx';

/**
 * The error page of a brand and language (plain anchors: works even when the router state is
 * broken). `unavailable`: the variant answered with status 503 while the store cannot reach its
 * database (issue 9 item 4): its own headline and text, and a "Try again" link to `retryHref`
 * (the page the shopper asked for) before the usual links.
 */
export function ErrorPage({ site, lang, unavailable = false, retryHref }: { site: BaseSiteId; lang: Lang; unavailable?: boolean; retryHref?: string }) {
  const t = useT();
  const rich = useRichT();
  const paths = pathsFor(lang);
  const afh = site === 'usafh';
  if (unavailable) {
    return (
      <section className="error-page" aria-labelledby="error-title" data-error-page={afh ? 'usafh' : 'consumer'} data-unavailable="true">
        <ErrorCup />
        <h1 id="error-title" className="error-title">
          {t('error.unavailable.headline')}
        </h1>
        <p className="error-text">{t('error.unavailable.text')}</p>
        <RecoveryLinks lang={lang} homeLabel={t('error.home')} retry={{ href: retryHref ?? paths.home, label: t('error.unavailable.retry') }}>
          <li>
            <a href={paths.supportContact} className="btn btn-secondary">
              {t(afh ? 'error.afh.support' : 'error.support')}
            </a>
          </li>
        </RecoveryLinks>
        <SupportContact site={site} lang={lang} />
      </section>
    );
  }
  return (
    <section className="error-page" aria-labelledby="error-title" data-error-page={afh ? 'usafh' : 'consumer'}>
      <ErrorCup />
      <h1 id="error-title" className="error-title">
        {t(afh ? 'error.afh.headline' : 'error.headline')}
      </h1>
      <p className="error-text">
        {rich(afh ? 'error.afh.text' : 'error.text', {
          home: (chunks) => <a href={paths.home}>{chunks}</a>,
        })}
      </p>
      <RecoveryLinks lang={lang} homeLabel={t('error.home')}>
        <li>
          <a href={paths.supportContact} className="btn btn-secondary">
            {t(afh ? 'error.afh.support' : 'error.support')}
          </a>
        </li>
      </RecoveryLinks>
      <SupportContact site={site} lang={lang} />
    </section>
  );
}

/** The steaming cup of the error pages. */
function ErrorCup() {
  return (
    <div className="error-cup" aria-hidden="true">
      <svg viewBox="0 0 120 120" width="120" height="120">
        <path d="M30 50h52v22a26 26 0 0 1-26 26 26 26 0 0 1-26-26z" fill="var(--accent)" />
        <path d="M82 58h6a10 10 0 0 1 0 20h-8" fill="none" stroke="var(--accent)" strokeWidth="6" />
        <path d="M44 22c-6 8 6 12 0 20M58 18c-6 8 6 12 0 20M72 22c-6 8 6 12 0 20" fill="none" stroke="var(--muted)" strokeWidth="4" strokeLinecap="round" />
        <rect x="22" y="100" width="76" height="6" rx="3" fill="var(--border-strong)" />
      </svg>
    </div>
  );
}

/** The brand's toll-free number, support hours and email reply time. */
function SupportContact({ site, lang }: { site: BaseSiteId; lang: Lang }) {
  const t = useT();
  const info = SITES[site];
  const afh = site === 'usafh';
  return (
    <div className="error-support">
      <p>
        {t(afh ? 'error.afh.callUs' : 'error.callUs')}{' '}
        <a href={telHref(info.supportPhone)} className="error-phone">
          {info.supportPhone}
        </a>
      </p>
      <p>{t('error.hours', { hours: info.supportHours[lang] })}</p>
      <p>{t('error.reply')}</p>
    </div>
  );
}

/** The 404 page (status set by the caller). */
export function NotFoundPage({ lang }: { lang: Lang }) {
  const t = useT();
  return (
    <section className="error-page not-found" aria-labelledby="nf-title">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1 id="nf-title" className="error-title">
        {t('notFound.title')}
      </h1>
      <p className="error-text">{t('notFound.text')}</p>
      <RecoveryLinks lang={lang} homeLabel={t('notFound.home')} />
    </section>
  );
}

/** Home and the three main categories (and any extra links), shared by the error and 404 pages; `retry` first when given. */
function RecoveryLinks({
  lang,
  homeLabel,
  retry,
  children,
}: {
  lang: Lang;
  homeLabel: string;
  retry?: { href: string; label: string };
  children?: ReactNode;
}) {
  const t = useT();
  const paths = pathsFor(lang);
  const categories = [
    [CATEGORY_CODES.beverages, 'nav.beverages'],
    [CATEGORY_CODES.brewers, 'nav.brewers'],
    [CATEGORY_CODES.accessories, 'nav.accessories'],
  ] as const;
  return (
    <nav aria-label={t('error.linksTitle')} className="error-links">
      <ul>
        {retry ? (
          <li>
            <a href={retry.href} className="btn btn-primary">
              {retry.label}
            </a>
          </li>
        ) : null}
        <li>
          <a href={paths.home} className={retry ? 'btn btn-secondary' : 'btn btn-primary'}>
            {homeLabel}
          </a>
        </li>
        {categories.map(([code, label]) => (
          <li key={code}>
            <a href={paths.category(code)} className="btn btn-secondary">
              {t(label)}
            </a>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}
