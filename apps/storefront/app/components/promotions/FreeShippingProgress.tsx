/**
 * Free-shipping progress on the product page (issue 4, spec §3 amountAwayFromFreeShipping, §9
 * free-shipping minimum): from the shopper's cart — "You are $4.01 away from free shipping" with a
 * bar, or "Your cart qualifies for free standard shipping"; without a cart, the whole threshold
 * (or, when this item alone reaches it, "This item qualifies for free shipping"). The cart page
 * has its own bar in the summary card (components/checkout/OrderSummary.tsx).
 */
import type { PriceData } from '@store/contracts';
import { useT } from '../../lib/use-t.ts';

/** What the product page knows about free shipping. */
export type PdpFreeShipping =
  /** from the open cart */
  | { kind: 'cart'; away: PriceData; threshold: PriceData; qualifies: boolean }
  /** no cart: the site threshold; `itemQualifies` when the shown variant alone reaches it */
  | { kind: 'noCart'; threshold: PriceData | null; itemQualifies: boolean };

/** The progress line (see module comment). */
export function FreeShippingProgress({ status }: { status: PdpFreeShipping }) {
  const t = useT();
  let text: string;
  let percent: number | null = null;
  let reached = false;
  if (status.kind === 'cart') {
    const max = Math.max(status.threshold.value, 0.01);
    reached = status.qualifies || status.away.value <= 0;
    // not there yet never shows a full bar (a cent away would round to 100 %)
    percent = reached ? 100 : Math.min(99, Math.round((Math.min(max, Math.max(0, max - status.away.value)) / max) * 100));
    text = reached ? t('promo.freeShipping.reached') : t('promo.freeShipping.away', { amount: status.away.formattedValue });
  } else if (status.itemQualifies || !status.threshold) {
    reached = true;
    text = t('promo.freeShipping.item');
  } else {
    text = t('promo.freeShipping.away', { amount: status.threshold.formattedValue });
    percent = 0;
  }
  return (
    <div className={`pdp-free-shipping${reached ? ' is-reached' : ''}`}>
      <p className="pdp-free-shipping-text" id="pdp-free-shipping-text">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M3 6h11v9H3zM14 9h4l3 3v3h-7z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <circle cx="7" cy="17" r="1.8" fill="currentColor" />
          <circle cx="17" cy="17" r="1.8" fill="currentColor" />
        </svg>
        {text}
      </p>
      {percent !== null ? (
        <div
          className="promo-progress-bar"
          role="progressbar"
          aria-label={t('promo.freeShipping.progress')}
          aria-describedby="pdp-free-shipping-text"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </div>
  );
}
