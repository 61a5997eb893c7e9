/**
 * Account overview, `/account` and `/fr/compte` (issue 3 "account pages"): a greeting, cards
 * to the profile, the address book and the order history, and the three most recent orders
 * with their status (spec §3 display mapping). Signed-in customers only.
 */
import { Link } from 'react-router';
import type { Route } from './+types/account';
import { AccountLayout } from '../components/account/AccountLayout.tsx';
import { OrdersTable } from '../components/account/OrdersTable.tsx';
import accountCss from '../components/account/account.css?url';
import { pageMeta } from '../lib/meta.ts';
import { useT } from '../lib/use-t.ts';
import { useAccountPaths } from '../components/account/use-account-paths.ts';
import { loadOverview } from './account-orders.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountCss }];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadOverview(args);
}

export default function AccountOverviewPage({ loaderData }: Route.ComponentProps) {
  const { profile, recent } = loaderData;
  const paths = useAccountPaths();
  const t = useT();
  const cards = [
    { to: paths.profile, title: t('account.nav.profile'), text: t('account.card.profile') },
    { to: paths.addresses, title: t('account.nav.addresses'), text: t('account.card.addresses') },
    { to: paths.orders, title: t('account.nav.orders'), text: t('account.card.orders') },
    { to: paths.autoDelivery, title: t('account.nav.autoDelivery'), text: t('account.card.autoDelivery') },
  ];
  return (
    <AccountLayout title={profile.firstName ? t('account.hello', { name: profile.firstName }) : t('account.helloNoName')} subtitle={t('account.intro')}>
      <ul className="account-cards">
        {cards.map((c) => (
          <li key={c.to}>
            <Link to={c.to} className="account-card account-card-link">
              <h2>{c.title}</h2>
              <p>{c.text}</p>
            </Link>
          </li>
        ))}
      </ul>
      <section className="account-panel" aria-labelledby="recent-orders-title">
        <h2 id="recent-orders-title">{t('account.recentOrders')}</h2>
        {recent.length > 0 ? (
          <>
            <OrdersTable orders={recent} captionId="recent-orders-title" />
            <p className="account-actions">
              <Link to={paths.orders}>{t('account.viewAllOrders')}</Link>
            </p>
          </>
        ) : (
          <p className="muted">{t('account.orders.empty')}</p>
        )}
      </section>
    </AccountLayout>
  );
}
