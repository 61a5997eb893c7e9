/**
 * Search suggestions as you type (issue 13; ADR 0031), GET /search/suggest?term= (French
 * /fr/recherche/suggestions): JSON `{ term, products: [{ name, url, price }], categories: [{ name, url }] }`
 * from `GET /products/suggestions` in the path's language, for the header combobox
 * (components/layout/SearchSuggest.tsx). The term is cut to 100 characters and control characters
 * read as spaces; an empty term or a failing API answers empty lists (the plain search form still
 * works). Shared by every visitor: `Cache-Control: public, max-age=60`.
 */
import { createCompareClient, CONTROL_CHARACTERS, SUGGEST_TERM_MAX } from '@store/contracts';
import type { Route } from './+types/search-suggest';
import { getRequestContext } from '../lib/context.server.ts';

/** The answer of the route (also the combobox's input). */
export interface SuggestAnswer {
  term: string;
  products: Array<{ name: string; url: string; price: string }>;
  categories: Array<{ name: string; url: string }>;
}

const CONTROLS = new RegExp(CONTROL_CHARACTERS.source, 'g');

export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const term = (ctx.url.searchParams.get('term') ?? '').slice(0, SUGGEST_TERM_MAX).replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  let body: SuggestAnswer = { term, products: [], categories: [] };
  if (term.length >= 2) {
    body = await createCompareClient(ctx.anonymousCore)
      .getSuggestions(ctx.site, term, { lang: ctx.lang, max: 6 })
      .then((a) => ({
        term,
        products: a.products.map((p) => ({ name: p.name, url: p.url, price: p.priceData.formattedValue })),
        categories: a.categories.slice(0, 4).map((c) => ({ name: c.name, url: c.url })),
      }))
      .catch(() => body);
  }
  return Response.json(body, { headers: { 'Cache-Control': 'public, max-age=60' } });
}
