/**
 * The pieces the order pages share (order confirmation, account order detail, checkout summary):
 * the list of lines with their variant text and total, the ship-to / delivery / bill-to / payment
 * grid of a placed order, and a placed order's totals (promotions, gift cards, paid by card).
 */
import type { CartEntry, Order, PriceData } from '@store/contracts';
import { AdSummaryLabel } from '../autodelivery/CartLineAd.tsx';
import { useVariantText, type VariantLike } from '../cart/use-variant-text.ts';
import { OrderPayment } from '../promotions/OrderPayment.tsx';
import { useT } from '../../lib/use-t.ts';
import { AddressBlock } from './AddressFields.tsx';
import { OrderSummary } from './OrderSummary.tsx';

/** A cart or order line as the summary list shows it. */
export interface SummaryLine {
  entryNumber: number;
  quantity: number;
  product: VariantLike & { name: string; imageUrl: string; productType?: string };
  totalPrice: PriceData;
  /** issue 10: cart lines carry their auto-delivery program and cadence (shown under the name) */
  program?: CartEntry['program'];
  frequencyWeeks?: number | null;
  dayOfMonth?: number | null;
}

/** The lines of a cart or order: image, name, variant text · quantity, line total. */
export function SummaryLines({ entries }: { entries: readonly SummaryLine[] }) {
  const t = useT();
  const variantText = useVariantText();
  return (
    <ul className="summary-lines">
      {entries.map((e) => (
        <li key={e.entryNumber}>
          <img src={e.product.imageUrl} alt="" width={56} height={56} loading="lazy" decoding="async" />
          <span className="summary-line-name">
            {e.product.name}
            <span className="summary-line-meta">{[variantText(e.product), t('summary.qty', { qty: e.quantity })].filter(Boolean).join(' · ')}</span>
            {e.program ? <AdSummaryLabel entry={{ program: e.program, frequencyWeeks: e.frequencyWeeks ?? null, dayOfMonth: e.dayOfMonth ?? null, product: e.product }} /> : null}
          </span>
          <span className="summary-line-price">{e.totalPrice.formattedValue}</span>
        </li>
      ))}
    </ul>
  );
}

/** The details card of a placed order: ship to, delivery, bill to, payment. `brand` is the card brand as written ("Visa"). */
export function OrderDetailsCard({ order, brand, titleId }: { order: Order; brand: string; titleId: string }) {
  const t = useT();
  return (
    <section className="confirmation-card confirmation-details" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {t('summary.title')}
      </h2>
      <div className="details-grid">
        <div>
          <h3>{t('confirmation.shipTo')}</h3>
          <AddressBlock address={order.deliveryAddress} />
        </div>
        <div>
          <h3>{t('confirmation.delivery')}</h3>
          <p>{order.deliveryMode.name}</p>
        </div>
        <div>
          <h3>{t('confirmation.billTo')}</h3>
          <AddressBlock address={order.billingAddress} />
        </div>
        <div>
          <h3>{t('confirmation.payment')}</h3>
          <OrderPayment order={order} brand={brand} />
        </div>
      </div>
    </section>
  );
}

/** The totals of a placed order (issue 4: promotion lines, gift cards, "Paid by card"). */
export function PlacedOrderSummary({ order, titleId }: { order: Order; titleId: string }) {
  const t = useT();
  return (
    <OrderSummary
      titleId={titleId}
      taxKnown
      totals={{ ...order, deliveryMode: { name: order.deliveryMode.name }, itemCount: order.totalUnitCount }}
      promotions={order.appliedPromotions}
      giftCards={order.giftCardPayments.map((g) => ({ key: g.giftCardId, maskedCode: g.maskedCode, amount: g.amount }))}
      amountToPay={order.amountPaidByCard}
      toPayLabel={t('promo.summary.paidByCard')}
    />
  );
}
