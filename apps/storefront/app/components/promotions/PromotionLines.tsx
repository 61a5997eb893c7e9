/**
 * Rows of the order summary's description list for issue 4 (ADR 0010 "each applied promotion
 * explained as a line"): one row per applied promotion (its localised description and what it
 * took off, "−$4.20"; the API formats money with 2 decimals, spec §9), a "Discounts" row for any
 * discount not explained by a promotion, and after the total the gift-card rows and "Amount to
 * pay". Rendered inside `<dl className="summary-rows">` (each row is a `<div><dt/><dd/></div>`).
 */
import type { AppliedPromotion, PriceData } from '@store/contracts';
import { formatMoney } from '@store/domain';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';

/** A gift card that pays part of a cart or an order. */
export interface GiftCardLine {
  key: string;
  /** "•••• 7Q2K" */
  maskedCode: string;
  amount: PriceData;
}

function Row({ label, value, className, detail }: { label: string; value: string; className?: string; detail?: string | null }) {
  return (
    <div className={`summary-row${className ? ` ${className}` : ''}`}>
      <dt>
        {label}
        {detail ? <span className="promo-line-detail">{detail}</span> : null}
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Minor units of API price data (value in major units). */
function minorOf(p: PriceData): number {
  return Math.round(p.value * 100);
}

/**
 * The promotion rows, then "Discounts" for the part of `totalDiscounts` no promotion line
 * explains (free shipping is a promotion line but not part of `totalDiscounts`).
 */
export function PromotionLines({ promotions, totalDiscounts }: { promotions: AppliedPromotion[]; totalDiscounts: PriceData }) {
  const t = useT();
  const { locale } = useShell();
  const explainedMinor = promotions.filter((p) => p.kind !== 'freeShipping').reduce((sum, p) => sum + minorOf(p.discount), 0);
  const restMinor = minorOf(totalDiscounts) - explainedMinor;
  return (
    <>
      {promotions.map((p) => (
        <Row
          key={`${p.code}-${p.couponCode ?? ''}`}
          label={p.description}
          detail={p.couponCode ? t('promo.lines.coupon', { code: p.couponCode }) : null}
          value={p.discount.value > 0 ? `−${p.discount.formattedValue}` : t('promo.lines.freeGift')}
          className="summary-discount summary-promotion"
        />
      ))}
      {restMinor > 0 ? (
        <Row
          label={t('summary.discounts')}
          value={`−${restMinor === minorOf(totalDiscounts) ? totalDiscounts.formattedValue : formatMoney(restMinor, totalDiscounts.currencyIso === 'CAD' ? 'CAD' : 'USD', locale)}`}
          className="summary-discount"
        />
      ) : null}
    </>
  );
}

/** The gift-card rows and "Amount to pay" (after the total). */
export function GiftCardLines({ giftCards, amountToPay, toPayLabel }: { giftCards: GiftCardLine[]; amountToPay: PriceData; toPayLabel?: string }) {
  const t = useT();
  if (giftCards.length === 0) return null;
  return (
    <>
      {giftCards.map((g) => (
        <Row key={g.key} label={t('promo.summary.giftCard', { card: g.maskedCode })} value={`−${g.amount.formattedValue}`} className="summary-discount summary-giftcard" />
      ))}
      <Row label={toPayLabel ?? t('promo.summary.amountToPay')} value={amountToPay.formattedValue} className="summary-total summary-to-pay" />
    </>
  );
}
