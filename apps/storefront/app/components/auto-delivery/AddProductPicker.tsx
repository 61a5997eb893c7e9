/**
 * "Add {product} to an auto-delivery" (issue 10; spec §2 upcoming-order add-item, §7
 * `addProductToExistingAD`): on auto-delivery home with `?add=<variant code>` (the product page's
 * "Add to my next auto-delivery" link), one form per subscription that can take items, each adding
 * the product, with a quantity, to that subscription's next order. Plain POSTs (no JavaScript
 * needed).
 */
import { Form, Link } from 'react-router';
import type { Subscription } from '@store/contracts';
import { CsrfField } from '../../lib/csrf.tsx';
import { useT } from '../../lib/use-t.ts';
import { useAccountPaths } from '../account/use-account-paths.ts';

/** The product to add (variant code and name) and the customer's subscriptions. */
export interface AddProductPickerProps {
  product: { code: string; name: string };
  /** the subscriptions with their next ship date as a long date */
  subscriptions: Array<{ sub: Subscription; nextShipOn: string }>;
}

/** The picker panel (see module comment). */
export function AddProductPicker({ product, subscriptions }: AddProductPickerProps) {
  const t = useT();
  const paths = useAccountPaths();
  const open = subscriptions.filter((s) => s.sub.allowedActions.includes('addItem'));
  return (
    <section className="account-panel ad-pick" aria-labelledby="ad-pick-title">
      <h2 id="ad-pick-title">{t('ad.pick.title', { name: product.name })}</h2>
      {open.length === 0 ? (
        <p>{t('ad.pick.none')}</p>
      ) : (
        <>
          <p className="muted">{t('ad.pick.text')}</p>
          <ul className="ad-pick-list">
            {open.map(({ sub, nextShipOn }) => (
              <li key={sub.id}>
                <Form method="post" className="ad-inline-form">
                  <CsrfField />
                  <input type="hidden" name="intent" value="addProduct" />
                  <input type="hidden" name="subscriptionId" value={sub.id} />
                  <input type="hidden" name="productCode" value={product.code} />
                  <input type="hidden" name="maxQty" value={sub.maxQtyPerItem} />
                  <div className="field ad-pick-qty">
                    <label htmlFor={`pick-qty-${sub.id}`}>{t('ad.pick.qty')}</label>
                    <select id={`pick-qty-${sub.id}`} name="qty" defaultValue="1">
                      {Array.from({ length: sub.maxQtyPerItem }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" className="btn btn-primary btn-small">
                    {t('ad.pick.submit', { date: nextShipOn })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={paths.autoDelivery}>{t('ad.pick.dismiss')}</Link>
      </p>
    </section>
  );
}
