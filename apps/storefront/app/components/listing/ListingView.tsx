/**
 * The body of category and search pages: facets (left column on desktop, drawer on mobile),
 * active filters, sort, the card grid and the pagination.
 */
import type { ReactNode } from 'react';
import type { Facet } from '@store/contracts';
import type { CardView } from '../../lib/card-view.ts';
import type { ListState } from '../../lib/listing.ts';
import { useT } from '../../lib/use-t.ts';
import { ProductGrid } from '../product/ProductCard.tsx';
import { ActiveFilters, Facets } from './Facets.tsx';
import { Pagination } from './Pagination.tsx';
import { SortSelect } from './SortSelect.tsx';

export interface ListingViewProps<C extends CardView = CardView> {
  pathname: string;
  state: ListState;
  products: C[];
  facets: Facet[];
  totalResults: number;
  totalPages: number;
  /** shown instead of the grid when there are no products */
  empty?: ReactNode;
  /** each card's action instead of the one-time add-to-cart form (monthly-box page, issue 10) */
  cardAction?: (product: C) => ReactNode;
}

export function ListingView<C extends CardView>({ pathname, state, products, facets, totalResults, totalPages, empty, cardAction }: ListingViewProps<C>) {
  const t = useT();
  const labels: Record<string, string> = {};
  for (const f of facets) for (const v of f.values) labels[`${f.code}:${v.code}`] = v.name;
  return (
    <div className={`listing-layout${facets.some((f) => f.values.length) ? '' : ' no-facets'}`}>
      <Facets facets={facets} state={state} pathname={pathname} />
      <div className="listing-main">
        <div className="listing-toolbar">
          <h2 className="listing-count">{t('listing.results', { count: totalResults })}</h2>
          {products.length > 0 ? <SortSelect state={state} pathname={pathname} /> : null}
        </div>
        <ActiveFilters state={state} pathname={pathname} labels={labels} />
        {products.length > 0 ? <ProductGrid products={products} cardAction={cardAction} /> : (empty ?? <p className="listing-empty">{t('listing.empty')}</p>)}
        <Pagination state={state} totalPages={totalPages} pathname={pathname} />
      </div>
    </div>
  );
}
