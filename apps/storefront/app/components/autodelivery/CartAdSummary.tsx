/**
 * The cart summary's auto-delivery part (issue 10, ADR 0018 "Prices"): the first-order saving of
 * the auto-delivery lines and, when the site ships AD orders free, the free standard shipping note.
 */
import type { Cart } from '@store/contracts';
import { useT } from '../../lib/use-t.ts';

export function CartAdSummary({ cart, freeShipping }: { cart: Pick<Cart, 'hasAutoDelivery' | 'adFirstOrderSaving'>; freeShipping: boolean }) {
  const t = useT();
  if (!cart.hasAutoDelivery) return null;
  return (
    <div className="summary-ad" data-testid="summary-ad">
      {cart.adFirstOrderSaving.value > 0 ? (
        <p>
          <span>{t('adBuy.cart.firstOrderSaving')}</span>
          <span className="ad-saving-amount">−{cart.adFirstOrderSaving.formattedValue}</span>
        </p>
      ) : null}
      {freeShipping ? <p>{t('adBuy.cart.freeShipping')}</p> : null}
    </div>
  );
}
