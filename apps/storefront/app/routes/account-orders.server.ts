/**
 * Loaders of the account overview, the order history (paged, newest first) and one order's
 * detail (issue 3 "Order history (paged) and order detail"; spec §3 status display mapping).
 * Signed-in customers only (see account.server.ts); another customer's order answers 404.
 */
import { isApiError } from '@store/contracts';
import type { Order } from '@store/contracts';
import { SITES } from '@store/domain';
import { data, redirect } from 'react-router';
import { pageIndexOf } from '../components/account/account-paths.ts';
import type { AccountPaths } from '../components/account/account-paths.ts';
import type { OrderRow } from '../components/account/OrdersTable.tsx';
import type { ContextArgs, RequestContext } from '../lib/context.server.ts';
import type { PageMeta } from '../lib/meta.ts';
import { formatDate, isUnauthorized, ORDER_PAGE_SIZE, requireAccount } from './account.server.ts';
import type { CustomerProfile, OrderHistoryItem, Pagination } from './account.server.ts';

function title(ctx: RequestContext, text: string): PageMeta {
  return { title: ctx.t('meta.title', { title: text, brand: SITES[ctx.site].name }), noindex: true };
}

function row(ctx: RequestContext, o: OrderHistoryItem): OrderRow {
  return {
    code: o.code,
    status: o.status,
    statusDisplay: o.statusDisplay,
    date: formatDate(o.placed, ctx.locale),
    total: o.total.formattedValue,
    itemCount: o.totalUnitCount,
  };
}

/** Sends the customer to sign in when the API says the session ended (401); rethrows the rest. */
function signInAgain(error: unknown, ctx: RequestContext, paths: AccountPaths): never {
  if (isUnauthorized(error)) throw redirect(paths.login(`${ctx.url.pathname}${ctx.url.search}`));
  throw error;
}

/** Data of the overview page. */
export interface OverviewData {
  meta: PageMeta;
  profile: CustomerProfile;
  recent: OrderRow[];
}

/** Loads the overview: the profile and the 3 most recent orders. */
export async function loadOverview(args: ContextArgs) {
  const { ctx, api, paths } = requireAccount(args);
  try {
    const [profile, orders] = await Promise.all([api.getProfile(), api.listOrders(0, 3)]);
    const out: OverviewData = { meta: title(ctx, ctx.t('account.metaTitle')), profile, recent: orders.orders.map((o) => row(ctx, o)) };
    return data(out, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return signInAgain(error, ctx, paths);
  }
}

/** Data of the order history page. */
export interface OrdersData {
  meta: PageMeta;
  orders: OrderRow[];
  pagination: Pagination;
  homePath: string;
}

/** Loads one page of the order history (`?page=` 1-based). */
export async function loadOrders(args: ContextArgs) {
  const { ctx, api, paths } = requireAccount(args);
  const page = pageIndexOf(ctx.url.searchParams.get('page'));
  try {
    const result = await api.listOrders(page, ORDER_PAGE_SIZE);
    if (page > 0 && page >= result.pagination.totalPages) throw redirect(paths.orders);
    const out: OrdersData = {
      meta: title(ctx, ctx.t('account.orders.metaTitle')),
      orders: result.orders.map((o) => row(ctx, o)),
      pagination: { ...result.pagination, currentPage: page },
      homePath: ctx.paths.home,
    };
    return data(out, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof Response) throw error;
    return signInAgain(error, ctx, paths);
  }
}

/** Data of the order detail page. */
export interface OrderData {
  meta: PageMeta;
  order: Order | null;
  orderCode: string;
  placedOn: string | null;
}

/** Loads one of the customer's orders; 404 when it is not theirs or does not exist. */
export async function loadOrder(args: ContextArgs & { params: { orderCode?: string } }) {
  const { ctx, api, paths } = requireAccount(args);
  const orderCode = args.params.orderCode ?? '';
  let order: Order | null = null;
  try {
    order = await api.getOrder(orderCode);
  } catch (error) {
    if (!(isApiError(error) && (error.status === 404 || error.status === 403 || error.status === 400))) signInAgain(error, ctx, paths);
  }
  if (!order) {
    const out: OrderData = { meta: title(ctx, ctx.t('account.order.notFound.title')), order: null, orderCode, placedOn: null };
    return data(out, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
  const created = new Date(order.created);
  const out: OrderData = {
    meta: title(ctx, ctx.t('account.order.metaTitle', { code: order.code })),
    order,
    orderCode,
    placedOn: Number.isNaN(created.getTime())
      ? null
      : new Intl.DateTimeFormat(ctx.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/New_York' }).format(created),
  };
  return data(out, { headers: { 'Cache-Control': 'no-store' } });
}
