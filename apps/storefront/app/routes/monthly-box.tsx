/**
 * Monthly-box page `/monthly-box[/{count}]` and `/fr/boite-mensuelle[/{count}]` (issue 10
 * "Subscriptions beyond AD"; spec §9 "Monthly products filter box counts 20, 22, 24"): how a
 * monthly box works, a box-count filter, and the boxes as product cards.
 */
import { Link } from 'react-router';
import type { Route } from './+types/monthly-box';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ListingView } from '../components/listing/ListingView.tsx';
import { MonthlyBoxForm } from '../components/monthly/MonthlyBoxForm.tsx';
import { pageMeta } from '../lib/meta.ts';
import { monthlyBoxPath } from '../lib/monthly-box.ts';
import { pathsFor } from '../lib/paths.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';
import { loadMonthlyBoxPage } from './monthly-box.server.ts';

export async function loader(args: Route.LoaderArgs) {
  return loadMonthlyBoxPage(args);
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export default function MonthlyBoxPage({ loaderData }: Route.ComponentProps) {
  const { boxCount, boxCounts, products, pagination, state, pathname, boxes } = loaderData;
  const t = useT();
  const { lang } = useShell();
  const paths = pathsFor(lang);
  const choices: Array<{ count: number | null; label: string }> = [
    { count: null, label: t('monthly.filter.all') },
    ...boxCounts.map((n) => ({ count: n, label: t('monthly.filter.count', { n }) })),
  ];
  return (
    <div className="container listing-page monthly-box-page">
      <Breadcrumbs items={[{ label: t('breadcrumb.home'), to: paths.home }, { label: t('monthly.title') }]} />
      <header className="listing-header">
        <h1>{t('monthly.title')}</h1>
        <p className="monthly-intro">{t('monthly.intro')}</p>
      </header>
      <ol className="monthly-steps">
        <li>
          <strong>{t('monthly.step.pick')}</strong> {t('monthly.step.pickText')}
        </li>
        <li>
          <strong>{t('monthly.step.day')}</strong> {t('monthly.step.dayText')}
        </li>
        <li>
          <strong>{t('monthly.step.rotate')}</strong> {t('monthly.step.rotateText')}
        </li>
      </ol>
      <nav className="subcategories" aria-label={t('monthly.filter.label')}>
        <ul>
          {choices.map((c) => (
            <li key={c.count ?? 'all'}>
              <Link
                to={monthlyBoxPath(lang, c.count)}
                className="chip chip-link"
                aria-current={c.count === boxCount ? 'page' : undefined}
              >
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListingView
        pathname={pathname}
        state={state}
        products={products}
        facets={[]}
        totalResults={pagination.totalResults}
        totalPages={pagination.totalPages}
        empty={<p className="listing-empty">{t('monthly.empty')}</p>}
        cardAction={(p) => <MonthlyBoxForm product={p} boxes={boxes.filter((b) => b.productCode === p.code)} />}
      />
    </div>
  );
}
