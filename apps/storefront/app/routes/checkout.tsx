/**
 * Guest single-step checkout, `/checkout/singlestep` and `/checkout/v2/singlestep` (and `/fr/...`),
 * spec §2 and issue 2: one page with sections in order (contact, shipping address, shipping
 * method, billing address, payment, review with "Place order") and a sticky order summary.
 * Every section is a form that works without JavaScript; see checkout.server.ts for the flow.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { SummaryLines } from '../components/checkout/OrderDetails.tsx';
import { AddressBlock } from '../components/checkout/AddressFields.tsx';
import type { Route } from './+types/checkout';
import { OrderSummary } from '../components/checkout/OrderSummary.tsx';
import { PointsPreviewNote } from '../components/loyalty/PointsPreviewNote.tsx';
import { FormAlert, Section } from '../components/checkout/Section.tsx';
import type { SectionState } from '../components/checkout/Section.tsx';
import { BillingForm, ContactForm, DeliveryForm, PaymentFields, ShippingForm, usePlaceOrder } from '../components/checkout/SectionForms.tsx';
import checkoutCss from '../components/checkout/checkout.css?url';
import { CouponBox } from '../components/promotions/CouponBox.tsx';
import { GiftCardForm, GiftCardFormTargets } from '../components/promotions/GiftCardForm.tsx';
import { isPromoResult } from '../components/promotions/promo-actions.ts';
import type { PromoActionResult } from '../components/promotions/promo-actions.ts';
import { AdAccountRequired, AdCardSavedNote } from '../components/autodelivery/CheckoutAdNotes.tsx';
import { CartAdSummary } from '../components/autodelivery/CartAdSummary.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useT } from '../lib/use-t.ts';
import { checkoutAction, loadCheckoutPage } from './checkout.server.ts';
import type { CheckoutPageData, SectionId } from './checkout.server.ts';
import { CsrfField } from '../lib/csrf.tsx';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: checkoutCss },
];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadCheckoutPage(args);
}

export async function action(args: Route.ActionArgs) {
  return checkoutAction(args);
}

const ORDER: readonly SectionId[] = ['contact', 'shipping', 'delivery', 'billing', 'payment'];
const TOTAL_STEPS = 6;

/** The sticky order summary: the lines, then the totals, then the coupon box (issue 4). */
function CheckoutSummary({ data, promoResult }: { data: CheckoutPageData; promoResult: PromoActionResult | undefined }) {
  const t = useT();
  const { cart } = data;
  return (
    <aside className="summary-card checkout-summary" aria-labelledby="checkout-summary-title">
      <OrderSummary
        titleId="checkout-summary-title"
        taxKnown={cart.deliveryAddress !== null}
        totals={{ ...cart, itemCount: cart.cartQuantity }}
        promotions={cart.appliedPromotions}
        giftCards={cart.appliedGiftCards.map((g) => ({ key: g.giftCardId, maskedCode: g.maskedCode, amount: g.appliedAmount }))}
        amountToPay={cart.amountToPay}
      />
      <CartAdSummary cart={cart} freeShipping={false} />
      <PointsPreviewNote preview={data.loyaltyPreview} />
      <CouponBox action={data.selfPath} coupons={cart.appliedCoupons} result={promoResult} idPrefix="checkout-coupon" />
      <h3 className="visually-hidden">{t('summary.items')}</h3>
      <SummaryLines entries={cart.entries} />
      <Link to={data.cartPath} className="summary-edit">
        {t('summary.edit')}
      </Link>
    </aside>
  );
}

export default function CheckoutPage({ loaderData, actionData: pageAction }: Route.ComponentProps) {
  const data = loaderData;
  // a refused coupon or gift-card POST (JavaScript off) belongs to those boxes, not to a section
  const promoResult = isPromoResult(pageAction) ? pageAction : undefined;
  const actionData = isPromoResult(pageAction) ? undefined : pageAction;
  const { cart, done, country, regions, payment } = data;
  const t = useT();
  const hydrated = useHydrated();
  const open: SectionId = actionData?.section ?? data.open;
  const place = usePlaceOrder(actionData);
  const action = data.selfPath;

  // With JavaScript, a section that opens after a save gets the focus (its heading).
  const previousOpen = useRef<SectionId | null>(null);
  useEffect(() => {
    if (previousOpen.current !== null && previousOpen.current !== open) {
      const heading = document.getElementById(`checkout-${open}-title`);
      heading?.focus({ preventScroll: true });
      heading?.closest('section')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
    previousOpen.current = open;
  }, [open]);

  const stateOf = (s: SectionId): SectionState => {
    if (s === open) return 'open';
    if (s !== 'payment' && done[s]) return 'done';
    return 'todo';
  };
  const editHref = (s: SectionId) => `${action}?edit=${s}#checkout-${s}`;
  const formProps = { action, actionData };
  const reviewOpen = open === 'payment' && payment !== null;

  const contact = (
    <Section id="contact" step={1} total={TOTAL_STEPS} title={t('checkout.contact.title')} state={stateOf('contact')} editHref={editHref('contact')} summary={<p>{cart.email}</p>}>
      <ContactForm {...formProps} cart={cart} />
    </Section>
  );
  const shipping = (
    <Section
      id="shipping"
      step={2}
      total={TOTAL_STEPS}
      title={t('checkout.shipping.title')}
      state={stateOf('shipping')}
      editHref={editHref('shipping')}
      summary={cart.deliveryAddress ? <AddressBlock address={cart.deliveryAddress} /> : null}
    >
      <ShippingForm {...formProps} cart={cart} country={country} regions={regions} savedAddresses={data.account?.addresses} />
    </Section>
  );
  const delivery = (
    <Section
      id="delivery"
      step={3}
      total={TOTAL_STEPS}
      title={t('checkout.delivery.title')}
      state={stateOf('delivery')}
      editHref={editHref('delivery')}
      summary={
        cart.deliveryMode ? (
          <p>
            {cart.deliveryMode.name} — {cart.deliveryMode.isFree ? t('checkout.delivery.free') : cart.deliveryMode.deliveryCost.formattedValue}
            <br />
            <span className="muted">{cart.deliveryMode.description}</span>
          </p>
        ) : null
      }
    >
      <DeliveryForm {...formProps} cart={cart} modes={data.deliveryModes} />
    </Section>
  );
  const billing = (
    <Section
      id="billing"
      step={4}
      total={TOTAL_STEPS}
      title={t('checkout.billing.title')}
      state={stateOf('billing')}
      editHref={editHref('billing')}
      summary={
        cart.billingSameAsShipping ? (
          <p>{t('checkout.billing.sameSummary')}</p>
        ) : cart.billingAddress ? (
          <AddressBlock address={cart.billingAddress} />
        ) : null
      }
    >
      <BillingForm {...formProps} cart={cart} country={country} regions={regions} />
    </Section>
  );
  // Issue 4: gift cards in the payment section (their controls belong to forms rendered after the
  // place-order form, GiftCardFormTargets); when they pay everything, no card fields.
  const withGiftCards = cart.appliedGiftCards.length > 0;
  const paymentSection = (
    <Section id="payment" step={5} total={TOTAL_STEPS} title={t('checkout.payment.title')} state={reviewOpen ? 'open' : 'todo'}>
      {payment ? (
        <>
          {data.autoDelivery && data.account ? <AdCardSavedNote /> : null}
          <GiftCardForm giftCards={cart.appliedGiftCards} result={promoResult} />
          {payment.coveredByGiftCards ? (
            <>
              <p className="giftcard-covered">
                <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
                  <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {withGiftCards ? t('promo.gc.coversAll') : t('promo.nothingToPay')}
              </p>
              <FormAlert id="payment-alert" message={place.errors.formError} />
            </>
          ) : (
            <>
              {withGiftCards ? <p className="giftcard-pay-rest">{t('promo.gc.payRest', { amount: cart.amountToPay.formattedValue })}</p> : null}
              <PaymentFields payment={payment} errors={place.errors} firstField={place.firstField} savedCards={data.account?.cards} values={place.values} cardAlwaysSaved={data.autoDelivery !== null} />
            </>
          )}
        </>
      ) : null}
    </Section>
  );
  const canPlace = payment !== null && (payment.coveredByGiftCards || payment.provider === 'test');
  const review = (
    <Section id="review" step={6} total={TOTAL_STEPS} title={t('checkout.review.title')} state={reviewOpen ? 'open' : 'todo'}>
      <div className="review">
        <p className="review-total">{t('checkout.review.total', { total: cart.totalPrice.formattedValue })}</p>
        {withGiftCards ? (
          <p className="review-to-pay">
            {payment?.coveredByGiftCards ? t('promo.review.coveredByGiftCards') : t('promo.review.toPay', { amount: cart.amountToPay.formattedValue })}
          </p>
        ) : null}
        <p className="section-note">{t('checkout.review.text')}</p>
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="paymentIntentId" value={payment?.paymentIntentId ?? ''} />
        <input type="hidden" name="idempotencyKey" value={place.result?.idempotencyKey ?? payment?.idempotencyKey ?? ''} />
        {payment?.coveredByGiftCards ? <input type="hidden" name="coveredByGiftCards" value="1" /> : null}
        <button
          type="submit"
          className="btn btn-primary btn-block place-order"
          disabled={place.pending || !canPlace}
          aria-busy={place.pending || undefined}
        >
          {place.pending ? t('checkout.review.placing') : t('checkout.review.placeOrder')}
        </button>
      </div>
    </Section>
  );

  return (
    <div className="container checkout-page" data-hydrated={hydrated || undefined}>
      <div className="page-heading checkout-heading">
        <h1>{t('checkout.title')}</h1>
        <p className="page-heading-count">{data.account ? t('checkout.account.signedInAs', { email: data.account.email }) : t('checkout.guest')}</p>
        <Link to={data.cartPath} className="back-link">
          {t('checkout.backToCart')}
        </Link>
      </div>
      <div className="checkout-layout">
        <div className="checkout-sections">
          {data.autoDelivery && !data.account ? <AdAccountRequired {...data.autoDelivery} /> : null}
          {contact}
          {shipping}
          {delivery}
          {billing}
          {reviewOpen ? (
            <place.fetcher.Form method="post" action={action} noValidate className="place-order-form" id="place-order-form">
              <CsrfField />
              {paymentSection}
              {review}
            </place.fetcher.Form>
          ) : (
            <>
              {paymentSection}
              {review}
            </>
          )}
          {reviewOpen ? <GiftCardFormTargets action={action} giftCards={cart.appliedGiftCards} /> : null}
          {ORDER.indexOf(open) < ORDER.indexOf('payment') ? <p className="section-note steps-note">{t('checkout.review.notReady')}</p> : null}
        </div>
        <CheckoutSummary data={data} promoResult={promoResult} />
      </div>
    </div>
  );
}
