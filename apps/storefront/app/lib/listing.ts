/**
 * URL state of list pages (category, search): `page` (1-based in the URL, 0-based in the API),
 * `sort`, and the facet filters as repeated `f=facet:value` parameters (a plain GET form of
 * checkboxes, so filtering works without JavaScript). The API's `q` is the filters joined by
 * commas.
 */
import type { SORT_CODES as API_SORT_CODES } from '@store/contracts';

/**
 * The API's sort codes (@store/contracts SORT_CODES), repeated here because list pages use them
 * in the browser and importing @store/contracts there would bring its zod schemas along
 * (ADR 0011). `satisfies` fails the typecheck if the two lists drift apart.
 */
export const SORT_CODES = ['relevance', 'name-asc', 'price-asc', 'price-desc'] as const satisfies typeof API_SORT_CODES;

export type SortCode = (typeof SORT_CODES)[number];

/** The list state read from a URL. */
export interface ListState {
  /** 1-based page */
  page: number;
  sort: SortCode;
  /** `facet:value` codes, sorted, unique */
  filters: string[];
  /** search term (search page only) */
  term: string;
}

const FILTER = /^[A-Za-z]{1,32}:[^,]{1,100}$/;

/** Reads the list state from search parameters (bad values fall back to defaults). */
export function readListState(params: URLSearchParams): ListState {
  const pageRaw = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(pageRaw) && pageRaw >= 1 && pageRaw <= 10_000 ? pageRaw : 1;
  const sortRaw = params.get('sort') ?? 'relevance';
  const sort = (SORT_CODES as readonly string[]).includes(sortRaw) ? (sortRaw as SortCode) : 'relevance';
  const fromF = params.getAll('f');
  const fromQ = (params.get('q') ?? '').split(',');
  const filters = [...new Set([...fromF, ...fromQ].map((f) => f.trim()).filter((f) => FILTER.test(f)))].sort();
  const term = (params.get('term') ?? '').trim().slice(0, 200);
  return { page, sort, filters, term };
}

/** The API's `q` parameter of a state (undefined when no filter). */
export function apiQuery(state: ListState): string | undefined {
  return state.filters.length ? state.filters.join(',') : undefined;
}

/** A list URL for `pathname` with the state (default values omitted). */
export function listHref(pathname: string, state: ListState): string {
  const p = new URLSearchParams();
  if (state.term) p.set('term', state.term);
  for (const f of state.filters) p.append('f', f);
  if (state.sort !== 'relevance') p.set('sort', state.sort);
  if (state.page > 1) p.set('page', String(state.page));
  const qs = p.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** The pages to show around the current one (1-based), with `null` for a gap. */
export function pageWindow(current: number, total: number): Array<number | null> {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const out: Array<number | null> = [];
  let prev = 0;
  for (const p of sorted) {
    if (p - prev > 1) out.push(null);
    out.push(p);
    prev = p;
  }
  return out;
}
