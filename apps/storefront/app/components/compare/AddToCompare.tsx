/**
 * "Add to compare" of cards and product pages (issue 13; ADR 0031): a POST form to the compare
 * list route that works without JavaScript (the route updates the cookie and redirects back).
 * Brewers go to the brewer compare, other products to the product comparison. When the item is
 * listed already the control says so and offers "Remove". Gift cards and bundles are not compared.
 * The buttons' names start with their visible text and end with the product's name in
 * parentheses, visually hidden ("Add to compare (Brewhaus Solo …)"), so each is unique.
 */
import { createContext, useContext, useId } from 'react';
import type { ReactNode } from 'react';
import { Form, useLocation } from 'react-router';
import { CsrfField } from '../../lib/csrf.tsx';
import { COMPARE_NOTICE_PARAM, compareKindOf, compareListPath } from '../../lib/compare.ts';
import type { CompareKind } from '../../lib/compare.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';

/** Whether a product type can be compared. */
export function isComparable(productType: string): boolean {
  return productType === 'Brewer' || productType === 'Coffee' || productType === 'Accessory';
}

/** The ids of a grid's shared compare forms (see {@link CompareForms}); null outside a grid. */
const CompareFormsContext = createContext<string | null>(null);

type Intent = 'add' | 'remove';
const formIdOf = (prefix: string, intent: Intent, kind: CompareKind) => `${prefix}-${intent}-${kind}`;

/** Where the compare list sends the shopper back to: this page without the notice parameter. */
function useRedirectTo(): string {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.delete(COMPARE_NOTICE_PARAM);
  const qs = search.toString();
  return `${location.pathname}${qs ? `?${qs}` : ''}`;
}

/**
 * The compare forms a grid of cards shares (issue 11: a category page of 36 cards carried 36
 * forms of five fields, 18 KB of its HTML). Each card's button names one of these forms (the
 * `form` attribute) and posts its product code as the button's value; without JavaScript the
 * browser submits the named form with that value, with JavaScript React Router does the same.
 * The forms have no visible content. `children` are the cards.
 */
export function CompareForms({ children }: { children: ReactNode }) {
  const { lang } = useShell();
  const prefix = `compare${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const redirectTo = useRedirectTo();
  const forms: Array<[Intent, CompareKind]> = [
    ['add', 'products'],
    ['add', 'brewers'],
    ['remove', 'products'],
    ['remove', 'brewers'],
  ];
  return (
    <CompareFormsContext.Provider value={prefix}>
      {children}
      {forms.map(([intent, kind]) => (
        <Form key={`${intent}-${kind}`} id={formIdOf(prefix, intent, kind)} method="post" action={compareListPath(lang)} className="compare-shared-form" preventScrollReset>
          <CsrfField />
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
        </Form>
      ))}
    </CompareFormsContext.Provider>
  );
}

export function AddToCompare({ code, name, productType }: { code: string; name: string; productType: string }) {
  const { lang, compare } = useShell();
  const t = useT();
  const shared = useContext(CompareFormsContext);
  const redirectTo = useRedirectTo();
  if (!isComparable(productType)) return null;
  const kind = compareKindOf(productType);
  const listed = (compare?.[kind] ?? []).includes(code);
  const intent: Intent = listed ? 'remove' : 'add';
  // inside a grid the button posts the grid's shared form (CompareForms); elsewhere it has its own
  const buttonForm = shared ? { form: formIdOf(shared, intent, kind), name: 'code', value: code } : {};
  const control = listed ? (
    <>
      <span className="compare-listed">
        <span aria-hidden="true">✓ </span>
        {t('compare.inList')}
      </span>
      <button type="submit" className="compare-toggle" {...buttonForm}>
        {t('compare.remove')}
        <span className="visually-hidden"> ({name})</span>
      </button>
    </>
  ) : (
    <button type="submit" className="compare-toggle" {...buttonForm}>
      <span aria-hidden="true">+ </span>
      {t('compare.add')}
      <span className="visually-hidden"> ({name})</span>
    </button>
  );
  if (shared) return <div className="add-to-compare">{control}</div>;
  return (
    <Form method="post" action={compareListPath(lang)} className="add-to-compare" preventScrollReset>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {control}
    </Form>
  );
}
