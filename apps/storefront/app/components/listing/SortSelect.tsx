/** The sort select of list pages: a GET form (Apply button without JavaScript). */
import { Form, useSubmit } from 'react-router';
import { SORT_CODES } from '../../lib/listing.ts';
import type { ListState } from '../../lib/listing.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/use-t.ts';

const SORT_KEYS = {
  relevance: 'listing.sort.relevance',
  'name-asc': 'listing.sort.name-asc',
  'price-asc': 'listing.sort.price-asc',
  'price-desc': 'listing.sort.price-desc',
} as const;

export function SortSelect({ state, pathname }: { state: ListState; pathname: string }) {
  const t = useT();
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="get" action={pathname} className="sort-form" onChange={(e) => hydrated && submit(e.currentTarget)}>
      {state.term ? <input type="hidden" name="term" value={state.term} /> : null}
      {state.filters.map((f) => (
        <input key={f} type="hidden" name="f" value={f} />
      ))}
      <label htmlFor="sort-select">{t('listing.sort')}</label>
      <select id="sort-select" name="sort" defaultValue={state.sort}>
        {SORT_CODES.map((s) => (
          <option key={s} value={s}>
            {t(SORT_KEYS[s])}
          </option>
        ))}
      </select>
      <button type="submit" className={`btn btn-small btn-secondary${hydrated ? ' js-hidden' : ''}`}>
        {t('listing.sortApply')}
      </button>
    </Form>
  );
}
