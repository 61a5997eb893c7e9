/**
 * The add-to-cart form of cards and product pages (spec §4). Without JavaScript it is a plain
 * POST to /cart/add (/fr/panier/ajouter on French pages, so the answer is French: issue 9 item 8)
 * that redirects back with a flash message; once hydrated it submits through a
 * fetcher, updates the header count and shows the snackbar. Refusals (insufficient stock, out of
 * stock) are shown next to the button in the shopper's language.
 */
import { useEffect, useId } from 'react';
import type { ReactNode } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { addToCartErrorKey } from '../../lib/add-to-cart-result.ts';
import type { AddToCartResult } from '../../lib/add-to-cart-result.ts';
import { useCartUi } from '../../lib/cart-ui.ts';
import { pathsFor } from '../../lib/paths.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/use-t.ts';
import { CsrfField } from '../../lib/csrf.tsx';

export interface AddToCartFormProps {
  /** the code posted; omit when `children` contain a `productCode` field (variant radios) */
  productCode?: string;
  productName: string;
  /** show the quantity field (product page) */
  withQuantity?: boolean;
  /** out of stock: the button is disabled */
  soldOut?: boolean;
  /** extra fields (variant swatches) inside the form */
  children?: ReactNode;
  className?: string;
  /**
   * issue 10: the children carry the `entryType` field (the auto-delivery purchase choice), so
   * the form does not add its hidden `STD`
   */
  entryTypeInChildren?: boolean;
}

export function AddToCartForm({ productCode, productName, withQuantity, soldOut, children, className, entryTypeInChildren }: AddToCartFormProps) {
  const fetcher = useFetcher<AddToCartResult>();
  const location = useLocation();
  const hydrated = useHydrated();
  const ui = useCartUi();
  const t = useT();
  const { lang } = useShell();
  const id = useId();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      ui.setCartQuantity(result.cartQuantity);
      ui.notify({
        kind: 'success',
        text: t('addToCart.added', { name: result.productName ?? productName }),
        link: { href: pathsFor(lang).cart, label: t('addToCart.viewCart') },
      });
    }
  }, [result]); // once per answer

  const search = new URLSearchParams(location.search);
  search.delete('added');
  const qs = search.toString();
  const redirectTo = `${location.pathname}${qs ? `?${qs}` : ''}`;

  return (
    <fetcher.Form method="post" action={pathsFor(lang).addToCart} className={`add-to-cart ${className ?? ''}`.trim()}>
      <CsrfField />
      {productCode ? <input type="hidden" name="productCode" value={productCode} /> : null}
      {entryTypeInChildren ? null : <input type="hidden" name="entryType" value="STD" />}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="productName" value={productName} />
      {hydrated ? <input type="hidden" name="_mode" value="fetch" /> : null}
      {children}
      <div className="add-to-cart-row">
        {withQuantity ? (
          <div className="qty-field">
            <label htmlFor={`${id}-qty`}>{t('addToCart.quantity')}</label>
            <input id={`${id}-qty`} name="qty" type="number" inputMode="numeric" min={1} max={99} defaultValue={1} required />
          </div>
        ) : (
          <input type="hidden" name="qty" value="1" />
        )}
        <button type="submit" className="btn btn-primary add-to-cart-button" disabled={soldOut || busy} aria-busy={busy || undefined}>
          {soldOut ? t('product.outOfStock') : t('addToCart.button')}
        </button>
      </div>
      {result && !result.ok ? (
        <p className="form-error" role="alert">
          {result.text ?? t(addToCartErrorKey(result.reason))}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
