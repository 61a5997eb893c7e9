/**
 * Product search (spec §7 `GET /search?term=&lang=`): SQLite FTS5 on SQLite, PostgreSQL full-text
 * search on PostgreSQL, behind one function.
 *
 * Both sides are accent-folded with `foldForSearch`: the `product_search` documents were folded by
 * the writer, and the shopper's term is folded here, so "cafe" finds "Café" and "cafe" alike. Every
 * term token is a prefix match ("tor" finds "torréfaction"), tokens are ANDed. Tokens contain only
 * letters and digits after folding, so they cannot inject query syntax.
 * - SQLite: `product_search_fts MATCH '"cafe"* AND "fonce"*'`, ranked by bm25;
 * - PostgreSQL: `tsv @@ to_tsquery('simple', 'cafe:* & fonce:*')`, ranked by ts_rank.
 * The best 1000 matches sold on the site are then listed with facets like a category
 * (`listProducts`). An empty term lists every product of the site.
 */
import { sql } from 'kysely';
import type { DbHandle } from '../connection.ts';
import { foldForSearch } from '../search-text.ts';
import { listProducts, type CatalogLang, type FacetFilters, type ListProductsResult, type ListSort } from './catalog.ts';

/** Most matches considered for one search (ranked). */
export const SEARCH_MATCH_LIMIT = 1000;

/** Options of `searchProducts`. */
export interface SearchOptions {
  site: string;
  lang: CatalogLang;
  /** the shopper's text, as typed */
  term: string;
  /** 0-based */
  page: number;
  pageSize: number;
  filters: FacetFilters;
  sort?: ListSort;
}

/** The folded tokens of a search term (at most 12). */
export function searchTokens(term: string): string[] {
  return foldForSearch(term).split(' ').filter(Boolean).slice(0, 12);
}

/**
 * Product codes matching `term` in `lang` on `site`, best first (at most SEARCH_MATCH_LIMIT).
 * Answers null for an empty term (no text to match: everything matches).
 */
export async function matchProductCodes(
  dbh: DbHandle,
  opts: { site: string; lang: CatalogLang; term: string },
): Promise<string[] | null> {
  const tokens = searchTokens(opts.term);
  if (tokens.length === 0) return null;
  if (dbh.dialect === 'sqlite') {
    const match = tokens.map((t) => `"${t}"*`).join(' AND ');
    const rows = await sql<{ product_code: string }>`
      SELECT f.product_code AS product_code
      FROM product_search_fts f
      JOIN product_sites ps ON ps.product_code = f.product_code AND ps.base_site = ${opts.site}
      WHERE product_search_fts MATCH ${match} AND f.lang = ${opts.lang}
      ORDER BY bm25(product_search_fts), f.product_code
      LIMIT ${SEARCH_MATCH_LIMIT}`.execute(dbh.db);
    return rows.rows.map((r) => r.product_code);
  }
  const query = tokens.map((t) => `${t}:*`).join(' & ');
  const rows = await sql<{ product_code: string }>`
    SELECT s.product_code AS product_code
    FROM product_search s
    JOIN product_sites ps ON ps.product_code = s.product_code AND ps.base_site = ${opts.site}
    WHERE s.lang = ${opts.lang} AND s.tsv @@ to_tsquery('simple', ${query})
    ORDER BY ts_rank(s.tsv, to_tsquery('simple', ${query})) DESC, s.product_code
    LIMIT ${SEARCH_MATCH_LIMIT}`.execute(dbh.db);
  return rows.rows.map((r) => r.product_code);
}

/**
 * Searches products (see module comment) and lists the matches with facets and paging.
 * `freeTextSearch` is the term as received (trimmed).
 */
export async function searchProducts(
  dbh: DbHandle,
  opts: SearchOptions,
): Promise<ListProductsResult & { freeTextSearch: string }> {
  const codes = await matchProductCodes(dbh, opts);
  const result = await listProducts(dbh.db, {
    site: opts.site,
    lang: opts.lang,
    scope: codes === null ? { kind: 'all' } : { kind: 'codes', codes },
    filters: opts.filters,
    page: opts.page,
    pageSize: opts.pageSize,
    sort: opts.sort ?? 'relevance',
  });
  return { ...result, freeTextSearch: opts.term.trim() };
}
