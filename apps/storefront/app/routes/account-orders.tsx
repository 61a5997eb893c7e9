/**
 * Order history, `/account/orders` and `/fr/compte/commandes` (issue 3): the customer's orders,
 * newest first, paged (`?page=`), each with its number, date, status label (spec §3 mapping:
 * processing → processed, partiallydelivered → partially-delivered, partiallyshipped →
 * partially-shipped), item count and total.
 */
import { Link } from 'react-router';
import type { Route } from './+types/account-orders';
import { AccountLayout, Pager } from '../components/account/AccountLayout.tsx';
import { OrdersTable } from '../components/account/OrdersTable.tsx';
import accountCss from '../components/account/account.css?url';
import { pageMeta } from '../lib/meta.ts';
import { useT } from '../lib/use-t.ts';
import { useAccountPaths } from '../components/account/use-account-paths.ts';
import { loadOrders } from './account-orders.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountCss }];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadOrders(args);
}

export default function AccountOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, pagination, homePath } = loaderData;
  const paths = useAccountPaths();
  const t = useT();
  return (
    <AccountLayout title={t('account.orders.title')} subtitle={t('account.orders.count', { count: pagination.totalResults })}>
      {orders.length === 0 ? (
        <div className="account-panel account-empty">
          <p>{t('account.orders.empty')}</p>
          <Link to={homePath} className="btn btn-primary">
            {t('account.orders.shop')}
          </Link>
        </div>
      ) : (
        <>
          <OrdersTable orders={orders} />
          <Pager page={pagination.currentPage} totalPages={pagination.totalPages} path={paths.orders} />
        </>
      )}
    </AccountLayout>
  );
}
