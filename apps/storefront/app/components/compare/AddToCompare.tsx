/**
 * "Add to compare" of cards and product pages (issue 13; ADR 0031): a POST form to the compare
 * list route that works without JavaScript (the route updates the cookie and redirects back).
 * Brewers go to the brewer compare, other products to the product comparison. When the item is
 * listed already the control says so and offers "Remove". Gift cards and bundles are not compared.
 * The buttons' names start with their visible text and end with the product's name in
 * parentheses, visually hidden ("Add to compare (Brewhaus Solo …)"), so each is unique.
 */
import { Form, useLocation } from 'react-router';
import { CsrfField } from '../../lib/csrf.tsx';
import { COMPARE_NOTICE_PARAM, compareKindOf, compareListPath } from '../../lib/compare.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';

/** Whether a product type can be compared. */
export function isComparable(productType: string): boolean {
  return productType === 'Brewer' || productType === 'Coffee' || productType === 'Accessory';
}

export function AddToCompare({ code, name, productType }: { code: string; name: string; productType: string }) {
  const { lang, compare } = useShell();
  const t = useT();
  const location = useLocation();
  if (!isComparable(productType)) return null;
  const kind = compareKindOf(productType);
  const listed = (compare?.[kind] ?? []).includes(code);
  const search = new URLSearchParams(location.search);
  search.delete(COMPARE_NOTICE_PARAM);
  const qs = search.toString();
  const redirectTo = `${location.pathname}${qs ? `?${qs}` : ''}`;
  return (
    <Form method="post" action={compareListPath(lang)} className="add-to-compare" preventScrollReset>
      <CsrfField />
      <input type="hidden" name="intent" value={listed ? 'remove' : 'add'} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {listed ? (
        <>
          <span className="compare-listed">
            <span aria-hidden="true">✓ </span>
            {t('compare.inList')}
          </span>
          <button type="submit" className="compare-toggle">
            {t('compare.remove')}
            <span className="visually-hidden"> ({name})</span>
          </button>
        </>
      ) : (
        <button type="submit" className="compare-toggle">
          <span aria-hidden="true">+ </span>
          {t('compare.add')}
          <span className="visually-hidden"> ({name})</span>
        </button>
      )}
    </Form>
  );
}
