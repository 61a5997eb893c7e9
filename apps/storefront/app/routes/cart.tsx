/**
 * The cart page, `/cart` and `/fr/panier` (issue 2, VISUAL.md "Cart"): lines with quantity and
 * remove forms, the summary card (subtotal, discounts, shipping, each tax line, total,
 * free-shipping progress, Checkout), the empty state, and stock problems per line in the
 * shopper's language. Works without JavaScript; with it, changes go through a fetcher.
 */
import { useEffect, useRef } from 'react';
import { Link, useActionData, useFetcher } from 'react-router';
import type { Route } from './+types/cart';
import { CartLine, CART_FETCHER_KEY } from '../components/cart/CartLine.tsx';
import { FreeShippingProgress, OrderSummary } from '../components/checkout/OrderSummary.tsx';
import { PointsPreviewNote } from '../components/loyalty/PointsPreviewNote.tsx';
import { RewardPicker } from '../components/loyalty/RewardPicker.tsx';
import { isRewardResult } from '../components/loyalty/reward-actions.ts';
import type { RewardActionResult } from '../components/loyalty/reward-actions.ts';
import checkoutCss from '../components/checkout/checkout.css?url';
import { CouponBox } from '../components/promotions/CouponBox.tsx';
import { isPromoResult } from '../components/promotions/promo-actions.ts';
import type { PromoActionResult } from '../components/promotions/promo-actions.ts';
import { CartAdSummary } from '../components/autodelivery/CartAdSummary.tsx';
import { useCartUi } from '../lib/cart-ui.ts';
import { pageMeta } from '../lib/meta.ts';
import { useT } from '../lib/use-t.ts';
import { cartAction, loadCartPage } from './cart.server.ts';
import type { CartActionResult } from './cart.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: checkoutCss },
];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadCartPage(args);
}

export async function action(args: Route.ActionArgs) {
  return cartAction(args);
}

/** The message of each cart notice (issue 10 adds the auto-delivery ones). */
const NOTICE_KEYS = {
  updated: 'cart.updated',
  removed: 'cart.removed',
  frequency: 'adBuy.cart.frequencyChanged',
  adRemoved: 'adBuy.cart.adRemoved',
  campaign: 'adBuy.campaign.added',
  rewardApplied: 'rewards.notice.applied',
  rewardSwapped: 'rewards.notice.swapped',
  rewardRemoved: 'rewards.notice.removed',
} as const;

/** The empty cart. */
function EmptyCart({ continuePath }: { continuePath: string }) {
  const t = useT();
  return (
    <div className="cart-empty">
      <svg className="cart-empty-icon" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" focusable="false">
        <path d="M14 22h36l-3 30a4 4 0 0 1-4 3.6H21a4 4 0 0 1-4-3.6z" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
        <path d="M24 22v-4a8 8 0 0 1 16 0v4" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2>{t('cart.empty.title')}</h2>
      <p>{t('cart.empty.text')}</p>
      <Link to={continuePath} className="btn btn-primary">
        {t('cart.empty.cta')}
      </Link>
    </div>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, problems, reviewRequired, notice, checkoutPath, continuePath } = loaderData;
  const t = useT();
  const ui = useCartUi();
  const fetcher = useFetcher<CartActionResult>({ key: CART_FETCHER_KEY });
  const pageAction = useActionData<CartActionResult | PromoActionResult | RewardActionResult>();
  // a refused coupon (JavaScript off) is the coupon box's, a refused reward the picker's; everything else is the lines'
  const promoResult = isPromoResult(pageAction) ? pageAction : undefined;
  const rewardResult = isRewardResult(pageAction) ? pageAction : undefined;
  const actionData = isPromoResult(pageAction) || isRewardResult(pageAction) ? undefined : pageAction;
  const result = fetcher.data ?? actionData;
  const seen = useRef<CartActionResult | undefined>(undefined);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || seen.current === answer) return;
    seen.current = answer;
    if (answer.ok) ui.notify({ kind: 'success', text: t(NOTICE_KEYS[answer.intent === 'update' ? 'updated' : answer.intent === 'remove' ? 'removed' : answer.intent === 'frequency' ? 'frequency' : 'adRemoved']) });
    else if (answer.entryNumber !== null) document.getElementById(`qty-${answer.entryNumber}`)?.focus();
  }, [fetcher.data]);

  const pendingEntry = fetcher.formData ? Number(fetcher.formData.get('entryNumber')) : null;
  const removing = fetcher.formData?.get('intent') === 'remove' ? pendingEntry : null;
  const refused = result && !result.ok ? result : null;
  const entries = cart?.entries.filter((e) => e.entryNumber !== removing) ?? [];
  const errorOf = (entryNumber: number): string | null =>
    refused && refused.entryNumber === entryNumber ? refused.error : (problems[entryNumber] ?? null);
  const firstErrorEntry = !fetcher.data && actionData && !actionData.ok ? actionData.entryNumber : null;
  const cartPath = loaderData.cartPath;

  return (
    <div className="container cart-page">
      <div className="page-heading">
        <h1>{t('cart.title')}</h1>
        {cart ? <p className="page-heading-count">{t('cart.itemCount', { count: cart.cartQuantity })}</p> : null}
      </div>
      {notice && !fetcher.data ? (
        <p className="notice notice-success" role="status">
          {t(NOTICE_KEYS[notice])}
        </p>
      ) : null}
      {refused && refused.entryNumber === null ? (
        <p className="notice notice-error" role="alert">
          {refused.error}
        </p>
      ) : null}
      {reviewRequired ? (
        <p className="notice notice-error" role="alert">
          {t('cart.validation.title')}
        </p>
      ) : null}
      {!cart || entries.length === 0 ? (
        <EmptyCart continuePath={continuePath} />
      ) : (
        <div className="cart-layout">
          <section className="cart-lines" aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" className="visually-hidden">
              {t('cart.lines')}
            </h2>
            <ul className="cart-line-list">
              {entries.map((entry) => (
                <CartLine
                  key={entry.entryNumber}
                  entry={entry}
                  action={cartPath}
                  error={errorOf(entry.entryNumber)}
                  pending={pendingEntry === entry.entryNumber}
                  focusQty={firstErrorEntry === entry.entryNumber}
                  adFrequencies={loaderData.adFrequencies}
                  adDefaultFrequency={loaderData.adDefaultFrequency}
                />
              ))}
            </ul>
            <Link to={continuePath} className="continue-link">
              {t('cart.continueShopping')}
            </Link>
          </section>
          <aside className="summary-card" aria-labelledby="cart-summary-title">
            <OrderSummary
              titleId="cart-summary-title"
              taxKnown={cart.deliveryAddress !== null}
              totals={{ ...cart, itemCount: cart.cartQuantity }}
              promotions={cart.appliedPromotions}
              giftCards={cart.appliedGiftCards.map((g) => ({ key: g.giftCardId, maskedCode: g.maskedCode, amount: g.appliedAmount }))}
              amountToPay={cart.amountToPay}
            />
            <CartAdSummary cart={cart} freeShipping={loaderData.adFreeShipping} />
            <PointsPreviewNote preview={loaderData.loyaltyPreview} />
            <RewardPicker action={cartPath} rewards={loaderData.rewards} applied={cart.appliedLoyaltyReward} result={rewardResult} />
            <CouponBox action={cartPath} coupons={cart.appliedCoupons} result={promoResult} idPrefix="cart-coupon" />
            {cart.hasAutoDelivery && loaderData.adFreeShipping ? null : (
              <FreeShippingProgress
                away={cart.amountAwayFromFreeShipping}
                threshold={cart.freeShippingThreshold}
                qualifies={cart.qualifiesForFreeShipping}
              />
            )}
            <Link to={checkoutPath} className="btn btn-primary btn-block checkout-button">
              {t('summary.checkout')}
            </Link>
            <p className="summary-note">{t(cart.hasAutoDelivery && !loaderData.signedIn ? 'adBuy.cart.accountNote' : 'summary.secure')}</p>
          </aside>
        </div>
      )}
    </div>
  );
}
