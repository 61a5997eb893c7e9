/**
 * One line of the cart page (VISUAL.md "Cart"): image, name linking to the product page, size
 * label, unit price, a quantity field labelled "Quantity for <name>" with an Update button, and
 * "Remove <name>". Both forms are plain POSTs without JavaScript (intent=update / intent=remove)
 * and submit through the page's shared `cart` fetcher once hydrated.
 */
import { Link, useFetcher } from 'react-router';
import type { CartEntry } from '@store/contracts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/use-t.ts';
import { useVariantText } from './use-variant-text.ts';
import { CsrfField } from '../../lib/csrf.tsx';
import { CartLineAd } from '../autodelivery/CartLineAd.tsx';

/** The key of the fetcher every cart line submits through (the page reads its answers). */
export const CART_FETCHER_KEY = 'cart';

export interface CartLineProps {
  entry: CartEntry;
  /** the cart page path (form action) */
  action: string;
  /** translated problem of this line (validation or a refused change), or null */
  error: string | null;
  /** this line has a change in flight */
  pending: boolean;
  /** focus the quantity field (first line with an error after a no-JS POST) */
  focusQty?: boolean;
  /** issue 10: the site's auto-delivery frequencies (an AD line's frequency select) and default */
  adFrequencies?: number[];
  adDefaultFrequency?: number;
}

export function CartLine({ entry, action, error, pending, focusQty, adFrequencies = [], adDefaultFrequency }: CartLineProps) {
  const t = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: CART_FETCHER_KEY });
  const variantText = useVariantText()(entry.product);
  const name = entry.product.name;
  const qtyId = `qty-${entry.entryNumber}`;
  const errorId = `line-error-${entry.entryNumber}`;
  const stock = entry.product.stock.stockLevelStatus;
  const mode = hydrated ? <input type="hidden" name="_mode" value="fetch" /> : null;
  return (
    <li className={`cart-line${pending ? ' is-pending' : ''}${error ? ' has-error' : ''}`} aria-busy={pending || undefined}>
      <Link to={entry.product.url} className="cart-line-image" tabIndex={-1} aria-hidden="true">
        <img src={entry.product.imageUrl} alt="" width={112} height={112} loading="lazy" decoding="async" />
      </Link>
      <div className="cart-line-info">
        <h3 className="cart-line-name">
          <Link to={entry.product.url}>{name}</Link>
        </h3>
        {variantText ? <p className="cart-line-meta">{variantText}</p> : null}
        <p className="cart-line-unit">
          {t('cart.line.each', { price: entry.basePrice.formattedValue })}
          {entry.originalPrice ? (
            <>
              {' '}
              <s className="price-was">{t('cart.line.was', { price: entry.originalPrice.formattedValue })}</s>
            </>
          ) : null}
        </p>
        {stock === 'lowStock' ? <p className="cart-line-stock">{t('cart.line.lowStock')}</p> : null}
        {stock === 'outOfStock' && !error ? <p className="cart-line-stock is-out">{t('cart.line.outOfStock')}</p> : null}
        {error ? (
          <p className="line-error" id={errorId} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <CartLineAd entry={entry} action={action} frequencies={adFrequencies} defaultFrequency={adDefaultFrequency} pending={pending} />
      <div className="cart-line-controls">
        <fetcher.Form method="post" action={action} className="qty-form">
          <CsrfField />
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="entryNumber" value={entry.entryNumber} />
          {mode}
          <label htmlFor={qtyId} className="visually-hidden">
            {t('cart.line.quantity', { name })}
          </label>
          <span className="qty-label" aria-hidden="true">
            {t('cart.line.qtyShort')}
          </span>
          <div className="qty-stepper">
            <input
              key={entry.quantity}
              id={qtyId}
              name="qty"
              type="number"
              inputMode="numeric"
              min={0}
              max={99}
              step={1}
              defaultValue={entry.quantity}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              autoFocus={focusQty}
            />
            <button type="submit" className="btn btn-secondary btn-small" disabled={pending}>
              {t('cart.line.update')}
            </button>
          </div>
        </fetcher.Form>
        <fetcher.Form method="post" action={action} className="remove-form">
          <CsrfField />
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="entryNumber" value={entry.entryNumber} />
          {mode}
          <button type="submit" className="btn-link remove-button" aria-label={t('cart.line.remove', { name })} disabled={pending}>
            {t('cart.line.removeShort')}
          </button>
        </fetcher.Form>
      </div>
      <p className="cart-line-total">
        <span className="visually-hidden">{t('format.labelColon', { label: t('cart.line.total') })} </span>
        {entry.totalPrice.formattedValue}
      </p>
    </li>
  );
}
