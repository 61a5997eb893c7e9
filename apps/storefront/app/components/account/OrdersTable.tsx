/**
 * The order history table: order number (a link to the detail), date, status label (spec §3
 * display mapping, translated), item count and total. Stacks into labelled rows on mobile.
 */
import { Link } from 'react-router';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { accountPaths } from './account-paths.ts';
import { statusLabelKey, statusTone } from './order-status.ts';

/** One row of the table (dates already formatted by the loader). */
export interface OrderRow {
  code: string;
  status: string;
  statusDisplay: string;
  date: string;
  total: string;
  itemCount: number;
}

/** A status badge with the translated label. */
export function StatusBadge({ status, statusDisplay }: { status: string; statusDisplay?: string }) {
  const t = useT();
  return <span className={`status-badge is-${statusTone(status)}`}>{t(statusLabelKey(status, statusDisplay))}</span>;
}

export function OrdersTable({ orders, captionId }: { orders: OrderRow[]; captionId?: string }) {
  const t = useT();
  const { lang } = useShell();
  const paths = accountPaths(lang);
  return (
    <table className="orders-table" aria-labelledby={captionId}>
      {captionId ? null : <caption className="visually-hidden">{t('account.orders.caption')}</caption>}
      <thead>
        <tr>
          <th scope="col">{t('account.orders.code')}</th>
          <th scope="col">{t('account.orders.date')}</th>
          <th scope="col">{t('account.orders.status')}</th>
          <th scope="col">{t('account.orders.items')}</th>
          <th scope="col" className="num">
            {t('account.orders.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.code}>
            <th scope="row">
              <Link to={paths.order(o.code)} aria-label={t('account.orders.view', { code: o.code })}>
                {o.code}
              </Link>
            </th>
            <td data-label={t('account.orders.date')}>{o.date}</td>
            <td data-label={t('account.orders.status')}>
              <StatusBadge status={o.status} statusDisplay={o.statusDisplay} />
            </td>
            <td data-label={t('account.orders.items')}>{t('account.orders.itemCount', { count: o.itemCount })}</td>
            <td data-label={t('account.orders.total')} className="num">
              {o.total}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
