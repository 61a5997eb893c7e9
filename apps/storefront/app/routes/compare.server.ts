/**
 * Brewer compare and product comparison pages, server side (issue 13; spec §2 "Brewer compare page
 * and a product comparison page", §4 compare / brewer compare states, §8 compare error flag;
 * ADR 0031). The items come from the URL (`?items=A,B,C`, shareable; `&hide=1` hides identical
 * rows); without `items` the visitor's compare list (cookie) is redirected to (302), and an empty
 * list shows how to add items. States: `empty`, `one` (a single item: add another), `success`
 * (the table), `error` (the call failed: a message in the page, never the error page; unknown
 * or not-a-brewer codes are named).
 */
import { createCompareClient, isApiError, type ComparisonAnswer, type ProductCard } from '@store/contracts';
import { COMPARE_MAX_ITEMS, hideIdenticalRows, SITES } from '@store/domain';
import { redirect } from 'react-router';
import { getRequestContext, type ContextArgs } from '../lib/context.server.ts';
import { compareUrl, type CompareKind } from '../lib/compare.ts';
import { readCompareList } from '../lib/compare.server.ts';
import type { PageMeta } from '../lib/meta.ts';

const CODE = /^[A-Za-z0-9._-]{1,64}$/;

/** The compare page's data. */
export type ComparePageData = {
  meta: PageMeta;
  kind: CompareKind;
  /** the items shown (at most 4), in URL order */
  codes: string[];
  hide: boolean;
  /** more than 4 items were asked for (the first 4 are shown) */
  tooMany: boolean;
} & (
  | { state: 'empty' }
  | { state: 'one'; product: ProductCard | null }
  | { state: 'success'; comparison: ComparisonAnswer }
  | { state: 'error'; reason: 'notFound' | 'notABrewer' | 'failed'; code: string | null }
);

/** The distinct codes of the `items` parameter that look like product codes, in order. */
function itemsOf(raw: string | null): string[] {
  if (!raw) return [];
  return [...new Set(raw.slice(0, 2000).split(',').map((c) => c.trim()).filter((c) => CODE.test(c)))];
}

/** Loads the page (see module comment). */
export async function loadComparePage(args: ContextArgs): Promise<ComparePageData> {
  const ctx = getRequestContext(args);
  const kind: CompareKind = /\/(brewers|cafetieres)\/?$/.test(ctx.url.pathname) ? 'brewers' : 'products';
  const raw = ctx.url.searchParams.get('items');
  const hide = ctx.url.searchParams.get('hide') === '1';
  if (raw === null) {
    const listed = readCompareList(args.request, kind);
    if (listed.length > 0) throw redirect(compareUrl(kind, ctx.lang, listed, hide), 302);
  }
  const asked = itemsOf(raw);
  const codes = asked.slice(0, COMPARE_MAX_ITEMS);
  const title = ctx.t(kind === 'brewers' ? 'compare.brewers.title' : 'compare.products.title');
  const base = {
    meta: { title: ctx.t('meta.title', { title, brand: SITES[ctx.site].name }), noindex: true } satisfies PageMeta,
    kind,
    codes,
    hide,
    tooMany: asked.length > COMPARE_MAX_ITEMS,
  };
  if (codes.length === 0) return { ...base, state: 'empty' };
  if (codes.length === 1) {
    const product = await ctx.api
      .getProductCodesData(ctx.site, codes, { lang: ctx.lang })
      .then((a) => a.products[0] ?? null)
      .catch(() => null);
    return { ...base, state: 'one', product };
  }
  const calls = createCompareClient(ctx.anonymousCore);
  try {
    const comparison =
      kind === 'brewers' ? await calls.compareAppliances(ctx.site, codes, { lang: ctx.lang }) : await calls.compareProducts(ctx.site, codes, { lang: ctx.lang });
    return { ...base, state: 'success', comparison: hide ? { ...comparison, classifications: hideIdenticalRows(comparison.classifications) } : comparison };
  } catch (error) {
    if (isApiError(error) && error.status === 404 && (error.reason === 'notFound' || error.reason === 'notABrewer')) {
      // name the code: the cards of the codes the site sells tell which one is missing or not a brewer
      const cards = await ctx.api
        .getProductCodesData(ctx.site, codes, { lang: ctx.lang })
        .then((a) => a.products)
        .catch(() => [] as ProductCard[]);
      const known = new Map(cards.map((c) => [c.code, c]));
      const code =
        error.reason === 'notFound'
          ? (codes.find((c) => !known.has(c)) ?? null)
          : (codes.find((c) => known.get(c) && known.get(c)!.productType !== 'Brewer') ?? null);
      return { ...base, state: 'error', reason: error.reason, code };
    }
    return { ...base, state: 'error', reason: 'failed', code: null };
  }
}
