/**
 * The totals of a cart or an order (VISUAL.md "Cart", "Single-step checkout", "Confirmation"):
 * subtotal, discounts, shipping (or "Calculated at checkout"), each tax line separately (US sales
 * tax; Canadian GST/HST/PST/QST, issue 2), total. Amounts arrive formatted by the API in the
 * page's locale (fr-CA "12,99 $").
 */
import type { AppliedPromotion, PriceData, TaxLine } from '@store/contracts';
import { GiftCardLines, PromotionLines } from '../promotions/PromotionLines.tsx';
import type { GiftCardLine } from '../promotions/PromotionLines.tsx';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';

/** What the summary needs of a cart or an order. */
export interface SummaryTotals {
  subTotal: PriceData;
  totalDiscounts: PriceData;
  deliveryCost: PriceData;
  /** null while no shipping method is chosen (cart page, early checkout) */
  deliveryMode: { name: string; isFree?: boolean } | null;
  taxLines: TaxLine[];
  totalTax: PriceData;
  totalPrice: PriceData;
  /** number of units */
  itemCount: number;
}

export interface OrderSummaryProps {
  totals: SummaryTotals;
  /** true when the tax jurisdiction is known (a delivery address is set, or an order) */
  taxKnown: boolean;
  /** heading level of the title (2 on the cart page; 2 in the checkout aside) */
  titleId: string;
  /** hide the title (the caller shows its own) */
  hideTitle?: boolean;
  /** issue 4: the applied promotions, one row each (instead of the single "Discounts" row) */
  promotions?: AppliedPromotion[];
  /** issue 4: gift cards paying part of the total, shown after it with "Amount to pay" */
  giftCards?: GiftCardLine[];
  /** issue 4: what the card pays (cart `amountToPay`, order `amountPaidByCard`) */
  amountToPay?: PriceData;
  /** the label of the `amountToPay` row ("Amount to pay" by default; "Paid by card" on orders) */
  toPayLabel?: string;
}

/** One row of the summary. */
function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={`summary-row${className ? ` ${className}` : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** A tax rate in basis points as a percentage for the locale: 600 → "6%", 997.5 → "9,975 %" (fr-CA). */
export function formatRate(rateBps: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(rateBps / 10_000);
}

/** The totals as a description list. */
export function OrderSummary({ totals, taxKnown, titleId, hideTitle, promotions, giftCards, amountToPay, toPayLabel }: OrderSummaryProps) {
  const t = useT();
  const { locale } = useShell();
  const shipping =
    totals.deliveryMode === null
      ? t('summary.shippingAtCheckout')
      : totals.deliveryCost.value === 0
        ? t('summary.free')
        : totals.deliveryCost.formattedValue;
  return (
    <div className="order-summary">
      <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'summary-title'}>
        {t('summary.title')}
      </h2>
      <dl className="summary-rows">
        <Row label={t('summary.subtotalItems', { count: totals.itemCount })} value={totals.subTotal.formattedValue} />
        {promotions && promotions.length > 0 ? (
          <PromotionLines promotions={promotions} totalDiscounts={totals.totalDiscounts} />
        ) : totals.totalDiscounts.value > 0 ? (
          <Row label={t('summary.discounts')} value={`−${totals.totalDiscounts.formattedValue}`} className="summary-discount" />
        ) : null}
        <Row
          label={totals.deliveryMode ? `${t('summary.shipping')} (${totals.deliveryMode.name})` : t('summary.shipping')}
          value={shipping}
          className={totals.deliveryMode === null ? 'summary-pending' : undefined}
        />
        {taxKnown && totals.taxLines.length > 0 ? (
          totals.taxLines.map((line) => (
            <Row
              key={line.code}
              label={line.rateBps > 0 && !line.name.includes('%') ? `${line.name} (${formatRate(line.rateBps, locale)})` : line.name}
              value={line.amount.formattedValue}
              className="summary-tax"
            />
          ))
        ) : taxKnown ? (
          <Row label={t('summary.tax')} value={totals.totalTax.formattedValue} className="summary-tax" />
        ) : (
          <Row label={t('summary.tax')} value={t('summary.taxAtCheckout')} className="summary-pending" />
        )}
        <Row label={t('summary.total')} value={totals.totalPrice.formattedValue} className="summary-total" />
        {giftCards && amountToPay ? <GiftCardLines giftCards={giftCards} amountToPay={amountToPay} toPayLabel={toPayLabel} /> : null}
      </dl>
    </div>
  );
}

/** Free-shipping progress (spec §3 amountAwayFromFreeShipping): a bar and one sentence. */
export function FreeShippingProgress({
  away,
  threshold,
  qualifies,
}: {
  away: PriceData;
  threshold: PriceData;
  qualifies: boolean;
}) {
  const t = useT();
  const max = Math.max(threshold.value, 0.01);
  const reached = Math.min(max, Math.max(0, threshold.value - away.value));
  const percent = Math.round((reached / max) * 100);
  const text = qualifies ? t('summary.freeShippingReached') : t('summary.freeShippingAway', { amount: away.formattedValue });
  return (
    <div className={`cart-free-shipping${qualifies ? ' cart-free-shipping-done' : ''}`}>
      <p className="cart-free-shipping-text" id="cart-free-shipping-text">
        {text}
      </p>
      <div
        className="cart-free-shipping-bar"
        role="progressbar"
        aria-label={t('summary.freeShippingProgress')}
        aria-describedby="cart-free-shipping-text"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
