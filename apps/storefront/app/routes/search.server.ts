/** Search page data (spec §2: `/search?term=`, `/fr/recherche?term=`; keyword redirects). */
import { PRODUCT_PAGE_SIZE, SITES } from '@store/domain';
import { CONTROL_CHARACTERS, type SearchAnswer } from '@store/contracts';
import { redirect } from 'react-router';
import { getRequestContext } from '../lib/context.server.ts';
import type { ContextArgs } from '../lib/context.server.ts';
import { apiQuery, readListState } from '../lib/listing.ts';
import { toCardView } from '../lib/card-view.ts';
import type { PageMeta } from '../lib/meta.ts';

const CONTROL_CHARACTERS_ANYWHERE = new RegExp(CONTROL_CHARACTERS.source, 'g');

export async function loadSearchPage(args: ContextArgs) {
  const ctx = getRequestContext(args);
  const listed = readListState(ctx.url.searchParams);
  // issue 9: a tab, a line break or any other control character in the term reads as a space
  const state = { ...listed, term: listed.term.replace(CONTROL_CHARACTERS_ANYWHERE, ' ').replace(/\s+/g, ' ').trim() };
  const brand = SITES[ctx.site].name;
  let answer: SearchAnswer | null = null;
  if (state.term) {
    answer = await ctx.api.search(ctx.site, {
      term: state.term,
      lang: ctx.lang,
      page: state.page - 1,
      pageSize: PRODUCT_PAGE_SIZE,
      facets: apiQuery(state),
      sort: state.sort,
    });
    if (answer.keywordRedirect && state.filters.length === 0 && state.page === 1) throw redirect(answer.keywordRedirect.url, 302);
  }
  const meta: PageMeta = {
    title: ctx.t('meta.title', {
      title: state.term ? ctx.t('search.title', { term: state.term }) : ctx.t('search.pageTitle'),
      brand,
    }),
    noindex: true,
  };
  return {
    state,
    pathname: ctx.url.pathname,
    // issue 11: only what the cards show goes into the page's hydration data (lib/card-view.ts)
    products: (answer?.products ?? []).map(toCardView),
    facets: answer?.facets ?? [],
    totalResults: answer?.pagination.totalResults ?? 0,
    totalPages: answer?.pagination.totalPages ?? 0,
    meta,
  };
}
