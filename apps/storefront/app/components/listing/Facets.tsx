/**
 * Facet filters (VISUAL.md: roast, brand, count, type, price) as a GET form of checkboxes:
 * works without JavaScript (an Apply button), submits on change once hydrated. Shown as a left
 * column on desktop and inside a `<details>` drawer on mobile.
 */
import { Form, Link, useSubmit } from 'react-router';
import type { Facet } from '@store/contracts';
import { listHref } from '../../lib/listing.ts';
import type { ListState } from '../../lib/listing.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/use-t.ts';

interface FacetsProps {
  facets: Facet[];
  state: ListState;
  pathname: string;
}

function FacetForm({ facets, state, pathname, idPrefix }: FacetsProps & { idPrefix: string }) {
  const t = useT();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const selected = new Set(state.filters);
  return (
    <Form
      method="get"
      action={pathname}
      className="facet-form"
      preventScrollReset
      onChange={(e) => {
        if (hydrated) submit(e.currentTarget, { preventScrollReset: true });
      }}
    >
      {state.term ? <input type="hidden" name="term" value={state.term} /> : null}
      {state.sort !== 'relevance' ? <input type="hidden" name="sort" value={state.sort} /> : null}
      {facets
        .filter((f) => f.values.length > 0)
        .map((facet) => (
          <fieldset key={facet.code} className="facet">
            <legend>{facet.name}</legend>
            <ul>
              {facet.values.map((v) => {
                const code = `${facet.code}:${v.code}`;
                const id = `${idPrefix}-${facet.code}-${v.code}`.replace(/[^A-Za-z0-9_-]/g, '_');
                return (
                  <li key={v.code}>
                    <input type="checkbox" id={id} name="f" value={code} defaultChecked={selected.has(code) || v.selected} />
                    <label htmlFor={id}>
                      {v.name} <span className="facet-count">({v.count})</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      <div className="facet-actions">
        <button type="submit" className={`btn btn-secondary${hydrated ? ' js-hidden' : ''}`}>
          {t('listing.applyFilters')}
        </button>
        {state.filters.length > 0 ? (
          <Link to={listHref(pathname, { ...state, filters: [], page: 1 })} className="link-button">
            {t('listing.clearFilters')}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Desktop column and mobile drawer (only one is displayed at a time). */
export function Facets(props: FacetsProps) {
  const t = useT();
  if (props.facets.every((f) => f.values.length === 0)) return null;
  const count = props.state.filters.length;
  return (
    <>
      <aside className="facets facets-desktop" aria-labelledby="facets-title-desktop">
        <h2 id="facets-title-desktop" className="facets-title">
          {t('listing.filters')}
        </h2>
        <FacetForm {...props} idPrefix="fd" />
      </aside>
      <details className="facets facets-mobile">
        <summary>
          {t('listing.filtersShow')}
          {count > 0 ? <span className="facet-badge">{count}</span> : null}
        </summary>
        <FacetForm {...props} idPrefix="fm" />
      </details>
    </>
  );
}

/** Selected filters as removable chips. */
export function ActiveFilters({
  state,
  pathname,
  labels,
}: {
  state: ListState;
  pathname: string;
  labels: Record<string, string>;
}) {
  const t = useT();
  if (state.filters.length === 0) return null;
  return (
    <div className="active-filters">
      <h2 className="visually-hidden">{t('listing.activeFilters')}</h2>
      <ul>
        {state.filters.map((f) => {
          const name = labels[f] ?? f.slice(f.indexOf(':') + 1);
          return (
            <li key={f}>
              <Link
                to={listHref(pathname, { ...state, page: 1, filters: state.filters.filter((x) => x !== f) })}
                className="chip"
                preventScrollReset
                aria-label={t('listing.removeFilter', { name })}
              >
                {name} <span aria-hidden="true">×</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
