/**
 * Category page `/{slug}/c/{code}` and `/c/{code}` (and `/fr/...`): sub-categories, facets,
 * cards, paging (VISUAL.md "Category and search").
 */
import { Link } from 'react-router';
import type { Route } from './+types/category';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ListingView } from '../components/listing/ListingView.tsx';
import { pageMeta } from '../lib/meta.ts';
import { pathsFor } from '../lib/paths.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';
import { loadCategoryPage } from './category.server.ts';

export async function loader(args: Route.LoaderArgs) {
  return loadCategoryPage(args);
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, products, facets, pagination, state, pathname } = loaderData;
  const t = useT();
  const { lang } = useShell();
  const paths = pathsFor(lang);
  const trail = category.path.slice(0, -1);
  return (
    <div className="container listing-page">
      <Breadcrumbs
        items={[
          { label: t('breadcrumb.home'), to: paths.home },
          ...trail.map((c) => ({ label: c.name, to: c.url })),
          { label: category.name },
        ]}
      />
      <header className="listing-header">
        <h1>{category.name}</h1>
      </header>
      {category.subcategories.length > 0 ? (
        <nav className="subcategories" aria-label={t('listing.subcategories')}>
          <ul>
            {category.subcategories.map((c) => (
              <li key={c.code}>
                <Link to={c.url} className="chip chip-link">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ListingView
        pathname={pathname}
        state={state}
        products={products}
        facets={facets}
        totalResults={pagination.totalResults}
        totalPages={pagination.totalPages}
      />
    </div>
  );
}
