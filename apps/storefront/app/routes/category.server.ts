/** Category page data (spec §2: `/c/{code}`, facets, paging of 36, spec §9). */
import { PRODUCT_PAGE_SIZE, SITES } from '@store/domain';
import type { CategoryProductsAnswer } from '@store/contracts';
import type { Params } from 'react-router';
import { getRequestContext } from '../lib/context.server.ts';
import type { ContextArgs } from '../lib/context.server.ts';
import { notFound, rethrowLookupError } from '../lib/errors.server.ts';
import { apiQuery, readListState } from '../lib/listing.ts';
import type { PageMeta } from '../lib/meta.ts';
import { toCardView } from '../lib/card-view.ts';

export async function loadCategoryPage(args: ContextArgs & { params: Params }) {
  const ctx = getRequestContext(args);
  const code = args.params.code;
  if (!code || code.length > 64) notFound();
  const state = readListState(ctx.url.searchParams);
  let answer: CategoryProductsAnswer;
  try {
    answer = await ctx.api.getCategoryProducts(ctx.site, code, {
      lang: ctx.lang,
      page: state.page - 1,
      pageSize: PRODUCT_PAGE_SIZE,
      facets: apiQuery(state),
      sort: state.sort,
    });
  } catch (error) {
    rethrowLookupError(error, ctx.paths.discontinued);
  }
  const meta: PageMeta = {
    title: ctx.t('meta.title', { title: answer.category.name, brand: SITES[ctx.site].name }),
    description: ctx.t('meta.description', { brand: SITES[ctx.site].name }),
    canonical: answer.category.url,
    alternates: answer.category.alternateUrls,
    origin: ctx.url.origin,
    noindex: state.filters.length > 0,
  };
  return {
    category: answer.category,
    // issue 11: only what the cards show goes into the page's hydration data (lib/card-view.ts)
    products: answer.products.map(toCardView),
    facets: answer.facets,
    pagination: answer.pagination,
    state,
    pathname: ctx.url.pathname,
    meta,
  };
}
