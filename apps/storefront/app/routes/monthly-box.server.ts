/** Monthly-box page data (issue 10 "Subscriptions beyond AD"; spec §9 box counts 20, 22, 24; paging of 36). */
import { PRODUCT_PAGE_SIZE, SITES } from '@store/domain';
import type { Params } from 'react-router';
import { getRequestContext } from '../lib/context.server.ts';
import type { ContextArgs } from '../lib/context.server.ts';
import { notFound } from '../lib/errors.server.ts';
import { readListState } from '../lib/listing.ts';
import type { PageMeta } from '../lib/meta.ts';
import { monthlyBoxPath, parseBoxCountSegment } from '../lib/monthly-box.ts';

export async function loadMonthlyBoxPage(args: ContextArgs & { params: Params }) {
  const ctx = getRequestContext(args);
  const boxCount = parseBoxCountSegment(args.params.boxCount);
  if (boxCount === 'invalid') notFound();
  const state = readListState(ctx.url.searchParams);
  const answer = await ctx.api.getMonthlyProducts(ctx.site, {
    lang: ctx.lang,
    page: state.page - 1,
    pageSize: PRODUCT_PAGE_SIZE,
    sort: state.sort,
    ...(boxCount ? { boxCount } : {}),
  });
  const brand = SITES[ctx.site].name;
  const meta: PageMeta = {
    title: ctx.t('meta.title', { title: ctx.t('monthly.title'), brand }),
    description: ctx.t('monthly.intro'),
    canonical: monthlyBoxPath(ctx.lang, boxCount),
    alternates: { en: monthlyBoxPath('en', boxCount), fr: ctx.site === 'cab2c' ? monthlyBoxPath('fr', boxCount) : null },
    origin: ctx.url.origin,
    noindex: state.page > 1,
  };
  return {
    boxCount,
    boxCounts: answer.boxCounts,
    products: answer.products,
    pagination: answer.pagination,
    // the boxes of the products on this page (a product may come in several box counts)
    boxes: answer.curatedRotation.filter((b) => answer.products.some((p) => p.code === b.productCode)),
    state,
    pathname: ctx.url.pathname,
    meta,
  };
}
