/** Page links of list pages (`?page=N`, 1-based; page size 36, spec §9). */
import { Link } from 'react-router';
import { listHref, pageWindow } from '../../lib/listing.ts';
import type { ListState } from '../../lib/listing.ts';
import { useT } from '../../lib/use-t.ts';

export function Pagination({ state, totalPages, pathname }: { state: ListState; totalPages: number; pathname: string }) {
  const t = useT();
  if (totalPages <= 1) return null;
  const current = Math.min(state.page, totalPages);
  const href = (page: number) => listHref(pathname, { ...state, page });
  return (
    <nav className="pagination" aria-label={t('listing.pagination')}>
      <p className="visually-hidden">{t('listing.pageOf', { page: current, total: totalPages })}</p>
      <ul>
        {current > 1 ? (
          <li>
            <Link to={href(current - 1)} rel="prev" className="page-link">
              ‹ {t('listing.previous')}
            </Link>
          </li>
        ) : null}
        {pageWindow(current, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="page-gap">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                className={`page-link${p === current ? ' is-current' : ''}`}
                aria-current={p === current ? 'page' : undefined}
                aria-label={t('listing.pageN', { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {current < totalPages ? (
          <li>
            <Link to={href(current + 1)} rel="next" className="page-link">
              {t('listing.next')} ›
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
