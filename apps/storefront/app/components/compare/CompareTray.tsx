/**
 * The compare tray (issue 13; ADR 0031): a bar fixed at the bottom of the window whenever the
 * visitor has chosen items to compare (first in `<main>` for screen readers), a link to each compare page with its count (the shareable URL of the items), a
 * "Clear list" form, and the "up to 4" message after a refused 5th add. Not shown on the compare
 * pages themselves. Server-rendered from the root loader's `compare` state (cookies).
 */
import { Form, Link, useLocation } from 'react-router';
import { CsrfField } from '../../lib/csrf.tsx';
import { compareListPath, comparePagePath, compareUrl, type CompareKind } from '../../lib/compare.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';

export function CompareTray() {
  const { lang, compare } = useShell();
  const t = useT();
  const location = useLocation();
  if (!compare) return null;
  const kinds = (['brewers', 'products'] as const).filter((k) => compare[k].length > 0);
  const onComparePage = (['brewers', 'products'] as const).some((k) => location.pathname === comparePagePath(k, lang));
  if (onComparePage || (kinds.length === 0 && !compare.notice)) return null;
  const label = (k: CompareKind) => t(k === 'brewers' ? 'compare.tray.brewers' : 'compare.tray.products', { count: compare[k].length });
  return (
    <aside className="compare-tray" aria-label={t('compare.tray.label')}>
      <div className="container compare-tray-inner">
        {compare.notice === 'full' ? (
          <p className="compare-notice" role="status">
            {t('compare.full')}
          </p>
        ) : null}
        {kinds.map((k) => (
          <div key={k} className="compare-tray-kind">
            <Link className="compare-tray-link" to={compareUrl(k, lang, compare[k])}>
              {label(k)}
            </Link>
            <Form method="post" action={compareListPath(lang)}>
              <CsrfField />
              <input type="hidden" name="intent" value="clear" />
              <input type="hidden" name="kind" value={k} />
              <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
              <button type="submit" className="link-button">
                {t('compare.tray.clear')}
                <span className="visually-hidden"> ({label(k)})</span>
              </button>
            </Form>
          </div>
        ))}
      </div>
    </aside>
  );
}
