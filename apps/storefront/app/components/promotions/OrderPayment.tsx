/**
 * The "Payment" block of the order confirmation and account order pages (issue 4): the card
 * (brand and last 4 digits) when it paid something, each gift card that paid part of the order
 * ("Gift card •••• 7Q2K: $20.00"), and the coupons the order redeemed.
 */
import type { Order } from '@store/contracts';
import { useT } from '../../lib/use-t.ts';

/** The payment lines of an order; `brand` is the card brand as people write it ("Visa"). */
export function OrderPayment({ order, brand }: { order: Pick<Order, 'paymentInfo' | 'giftCardPayments' | 'amountPaidByCard' | 'appliedCoupons'>; brand: string }) {
  const t = useT();
  const cardPaid = order.giftCardPayments.length === 0 || Math.round(order.amountPaidByCard.value * 100) > 0;
  return (
    <>
      {cardPaid ? <p>{t('checkout.payment.cardSummary', { brand, last4: order.paymentInfo.last4 })}</p> : null}
      {order.giftCardPayments.length > 0 ? (
        <ul className="order-giftcards">
          {order.giftCardPayments.map((g) => (
            <li key={g.giftCardId}>{t('promo.order.giftCard', { card: g.maskedCode, amount: g.amount.formattedValue })}</li>
          ))}
        </ul>
      ) : null}
      {order.appliedCoupons.length > 0 ? <p className="order-coupons">{t('promo.order.coupons', { codes: order.appliedCoupons.join(', ') })}</p> : null}
    </>
  );
}
