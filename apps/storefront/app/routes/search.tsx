/** Search page `/search?term=` and `/fr/recherche?term=`: the card grid with facets, or "No results". */
import type { Route } from './+types/search';
import { ListingView } from '../components/listing/ListingView.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useT } from '../lib/use-t.ts';
import { loadSearchPage } from './search.server.ts';

export async function loader(args: Route.LoaderArgs) {
  return loadSearchPage(args);
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { state, pathname, products, facets, totalResults, totalPages } = loaderData;
  const t = useT();
  if (!state.term) {
    return (
      <div className="container listing-page">
        <header className="listing-header">
          <h1>{t('search.pageTitle')}</h1>
          <p className="muted">{t('search.prompt')}</p>
        </header>
      </div>
    );
  }
  return (
    <div className="container listing-page">
      <header className="listing-header">
        <h1>{t('search.title', { term: state.term })}</h1>
      </header>
      {totalResults === 0 && state.filters.length === 0 ? (
        <div className="no-results">
          <h2>{t('search.noResults')}</h2>
          <p>{t('search.noResultsText', { term: state.term })}</p>
        </div>
      ) : (
        <ListingView
          pathname={pathname}
          state={state}
          products={products}
          facets={facets}
          totalResults={totalResults}
          totalPages={totalPages}
          empty={
            <div className="no-results">
              <h2>{t('search.noResults')}</h2>
              <p>{t('search.noResultsText', { term: state.term })}</p>
            </div>
          }
        />
      )}
    </div>
  );
}
