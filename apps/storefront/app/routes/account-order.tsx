/**
 * One order of the customer, `/account/orders/:orderCode` and `/fr/compte/commandes/:orderCode`:
 * number, date, status label (spec §3 mapping: Shipped, Partially shipped), addresses, shipping
 * method, card brand and last 4 digits, lines and totals, and the shipments with their tracking
 * numbers and lines (issue 12). Another customer's order (or an unknown code) answers 404.
 */
import { Link } from 'react-router';
import { OrderDetailsCard, PlacedOrderSummary, SummaryLines } from '../components/checkout/OrderDetails.tsx';
import type { Route } from './+types/account-order';
import { AccountLayout } from '../components/account/AccountLayout.tsx';
import { StatusBadge } from '../components/account/OrdersTable.tsx';
import { Consignments } from '../components/account/Consignments.tsx';
import accountCss from '../components/account/account.css?url';
import checkoutCss from '../components/checkout/checkout.css?url';
import { pageMeta } from '../lib/meta.ts';
import { useT } from '../lib/use-t.ts';
import { useAccountPaths } from '../components/account/use-account-paths.ts';
import { loadOrder } from './account-orders.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: checkoutCss },
  { rel: 'stylesheet', href: accountCss },
];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadOrder(args);
}

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

export default function AccountOrderPage({ loaderData }: Route.ComponentProps) {
  const { order, placedOn } = loaderData;
  const paths = useAccountPaths();
  const t = useT();
  const back = (
    <Link to={paths.orders} className="back-link">
      {t('account.order.back')}
    </Link>
  );
  if (!order) {
    return (
      <AccountLayout title={t('account.order.notFound.title')} aside={back}>
        <p>{t('account.order.notFound.text')}</p>
      </AccountLayout>
    );
  }
  const brand = BRAND_NAMES[order.paymentInfo.brand.toLowerCase()] ?? order.paymentInfo.brand;
  return (
    <AccountLayout title={t('account.order.title', { code: order.code })} aside={back}>
      <p className="order-detail-meta">
        {placedOn ? <span>{t('account.order.placed', { date: placedOn })}</span> : null}
        <span>
          {t('format.labelColon', { label: t('account.orders.status') })} <StatusBadge status={order.status} statusDisplay={order.statusDisplay} />
        </span>
      </p>
      <div className="confirmation-layout">
        <div className="confirmation-main">
          <OrderDetailsCard order={order} brand={brand} titleId="order-details-title" />
          <section className="confirmation-card" aria-labelledby="order-items-title">
            <h2 id="order-items-title">{t('account.order.items')}</h2>
            <SummaryLines entries={order.entries} />
          </section>
          <Consignments consignments={order.consignments} entries={order.entries} titleId="order-shipments-title" />
        </div>
        <aside className="summary-card" aria-labelledby="order-summary-title">
          <PlacedOrderSummary order={order} titleId="order-summary-title" />
        </aside>
      </div>
    </AccountLayout>
  );
}
