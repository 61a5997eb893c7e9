/**
 * Auto-delivery home, `/account/auto-delivery` and `/fr/compte/livraison-automatique` (issue 10;
 * spec §2 "auto-delivery home"; ADR 0018): every subscription of the customer with its next ship
 * date, items, rhythm, address, card, status, campaign tracker and actions
 * (components/auto-delivery/SubscriptionCard.tsx), then the past auto-delivery orders (linking to
 * the account order page); an empty state links to the beverages. Every action is a form POST
 * (works without JavaScript); a success comes back with a notice (`?done=`), a refusal is shown on
 * its subscription.
 */
import { Link } from 'react-router';
import type { Route } from './+types/account-auto-delivery';
import { AccountLayout, Pager } from '../components/account/AccountLayout.tsx';
import { OrdersTable } from '../components/account/OrdersTable.tsx';
import accountCss from '../components/account/account.css?url';
import { AddProductPicker } from '../components/auto-delivery/AddProductPicker.tsx';
import { SubscriptionCard } from '../components/auto-delivery/SubscriptionCard.tsx';
import { FormAlert } from '../components/checkout/Section.tsx';
import adCss from '../components/auto-delivery/auto-delivery.css?url';
import checkoutCss from '../components/checkout/checkout.css?url';
import { pageMeta } from '../lib/meta.ts';
import { useT } from '../lib/use-t.ts';
import { useAccountPaths } from '../components/account/use-account-paths.ts';
import { autoDeliveryAction, loadAutoDelivery } from './account-auto-delivery.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: checkoutCss },
  { rel: 'stylesheet', href: accountCss },
  { rel: 'stylesheet', href: adCss },
];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadAutoDelivery(args);
}

export async function action(args: Route.ActionArgs) {
  return autoDeliveryAction(args);
}

export default function AutoDeliveryHomePage({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const t = useT();
  const paths = useAccountPaths();
  // a ship-now that placed nothing is a problem to read, not a success
  const problem = d.done === 'shipNowDeclined' || d.done === 'shipNowOutOfStock' ? t(`ad.done.${d.done}`) : null;
  const notice = problem ? null : d.done === 'cancelledCharged' ? t('ad.done.cancelledCharged', { amount: d.charged ?? '' }) : d.done ? t(`ad.done.${d.done}`) : null;
  return (
    <AccountLayout title={t('ad.title')} subtitle={t('ad.count', { count: d.subscriptions.length })} notice={notice}>
      <FormAlert id="ad-problem" message={problem} />
      {actionData && !d.subscriptions.some((v) => v.sub.id === actionData.subscriptionId) ? <FormAlert id="ad-alert" message={actionData.error} /> : null}
      {d.addProduct && d.subscriptions.length > 0 ? <AddProductPicker product={d.addProduct} subscriptions={d.subscriptions} /> : null}
      {d.subscriptions.length === 0 ? (
        <div className="account-panel account-empty ad-empty">
          <h2>{t('ad.empty.title')}</h2>
          <p>{t('ad.empty.text')}</p>
          <p>
            <Link to={d.shopPath} className="btn btn-primary">
              {t('ad.empty.shop')}
            </Link>
          </p>
        </div>
      ) : (
        <ul className="ad-subs" aria-label={t('ad.listLabel')}>
          {d.subscriptions.map((v) => (
            <li key={v.sub.id}>
              <SubscriptionCard
                sub={v.sub}
                nextShipOn={v.nextShipOn}
                pausedUntilOn={v.pausedUntilOn}
                deadlineOn={v.deadlineOn}
                paymentFailed={v.paymentFailed}
                addresses={d.addresses}
                cards={d.cards}
                backupOptions={d.backupOptions}
                dateRange={d.dateRange}
                confirmingCancel={d.cancelId === v.sub.id}
                error={actionData && actionData.subscriptionId === v.sub.id ? { message: actionData.error, itemId: actionData.itemId } : null}
              />
            </li>
          ))}
        </ul>
      )}
      {d.subscriptions.length === 0 && d.orders.length === 0 ? null : (
        <section className="account-panel" aria-labelledby="ad-orders-title">
          <h2 id="ad-orders-title">{t('ad.orders.title')}</h2>
          {d.orders.length > 0 ? (
            <>
              <OrdersTable orders={d.orders} captionId="ad-orders-title" />
              <Pager page={d.ordersPagination.currentPage} totalPages={d.ordersPagination.totalPages} path={paths.autoDelivery} />
            </>
          ) : (
            <p className="muted">{t('ad.orders.empty')}</p>
          )}
        </section>
      )}
    </AccountLayout>
  );
}
