/**
 * Orders of signed-in customers (issue 3; spec §3 order-status display mapping, §7): the order
 * history (paged, newest first) and the order detail, and turning a guest order into an account.
 *
 * - Only orders whose `user_id` is the customer's are shown; any other code answers the same 404
 *   `UnknownIdentifierError` `notFound` as an unknown code. Orders still `pendingPayment` are
 *   never shown.
 * - `statusDisplay` comes from the domain's `orderStatusDisplay` (processing → processed,
 *   partiallydelivered → partially-delivered, partiallyshipped → partially-shipped).
 * - Guest → account (`PUT /users/anonymous/orders/{orderCode}/createuser`, machine token,
 *   `{password, cartGuid}`): the guid of the order's cart proves the caller placed it (wrong code
 *   or guid: the same 404). The account gets the order's email and the billing name; the password
 *   policy applies (400 listing each failure); 409 `DuplicateUidError` `duplicateUid` when the
 *   email already has an account; 409 `OrderError` `alreadyAttached` when the order already
 *   belongs to an account. Account and attachment are written in one transaction.
 */
import type { CreateUserFromOrderResponse, Order, OrderHistoryResponse } from '@store/contracts';
import { ORDER_HISTORY_PAGE_SIZE } from '@store/contracts';
import { attachOrderToUser, countCustomerOrders, findCustomerByEmail, findOrder, insertCustomer, listCustomerOrders, orderUnitCounts, withTransaction } from '@store/db';
import type { BaseSiteId, CurrencyIso, Lang } from '@store/domain';
import { conflict, localeFor, notFound, orderStatusDisplay, toPriceData, ValidationErrors } from '@store/domain';
import { checkPasswordPolicy, hashPassword } from '../auth/passwords.ts';
import { pageOf, type PageRequest } from './addresses.ts';
import { parseAddress } from './cart-view.ts';
import type { CommerceContext } from './context.ts';
import { pickLang } from './context.ts';
import { orderView, PENDING_PAYMENT_STATUS } from './order-view.ts';
import { consignmentsOfOrders } from './consignment-view.ts';

function orderNotFound(code: string): Error {
  return notFound('UnknownIdentifierError', 'notFound', `Order ${code} not found`, 'orderCode');
}

/** `GET /users/current/orders?currentPage=&pageSize=`: newest first. */
export async function listOrderHistory(ctx: CommerceContext, site: BaseSiteId, customerId: string, page: PageRequest, langParam: Lang | undefined): Promise<OrderHistoryResponse> {
  const db = ctx.dbh.db;
  const { currentPage, pageSize, offset } = pageOf(page, ORDER_HISTORY_PAGE_SIZE);
  const lang = pickLang(site, langParam);
  const [rows, total] = await Promise.all([
    listCustomerOrders(db, site, customerId, { limit: pageSize, offset, excludeStatus: PENDING_PAYMENT_STATUS }),
    countCustomerOrders(db, site, customerId, PENDING_PAYMENT_STATUS),
  ]);
  const units = await orderUnitCounts(
    db,
    rows.map((r) => r.code),
  );
  const locale = localeFor(site, lang);
  // issue 12: the shipments of the page's shipped orders (one query pair, none when nothing shipped)
  const consignments = await consignmentsOfOrders(db, rows);
  return {
    orders: rows.map((o) => ({
      code: o.code,
      status: o.status,
      statusDisplay: orderStatusDisplay(o.status),
      placed: o.created_at,
      total: toPriceData(Number(o.total_minor), o.currency as CurrencyIso, locale),
      totalUnitCount: units.get(o.code) ?? 0,
      consignments: consignments.get(o.code) ?? [],
    })),
    pagination: { currentPage, pageSize, totalPages: Math.ceil(total / pageSize), totalResults: total },
  };
}

/** `GET /users/current/orders/{code}`: one of the customer's orders. @throws 404 `notFound` */
export async function getCustomerOrder(ctx: CommerceContext, site: BaseSiteId, customerId: string, orderCode: string, langParam: Lang | undefined): Promise<Order> {
  const code = orderCode.trim().toUpperCase();
  const data = code.length <= 32 ? await findOrder(ctx.dbh.db, code) : undefined;
  if (!data || data.order.base_site !== site || data.order.user_id !== customerId || data.order.status === PENDING_PAYMENT_STATUS) throw orderNotFound(orderCode);
  return orderView(ctx.dbh.db, data, pickLang(site, langParam, data.order.lang));
}

/** `PUT /users/anonymous/orders/{orderCode}/createuser` (see module comment). */
export async function createUserFromOrder(
  ctx: CommerceContext,
  site: BaseSiteId,
  orderCode: string,
  input: { password: string; cartGuid: string },
): Promise<CreateUserFromOrderResponse> {
  const code = orderCode.trim().toUpperCase();
  const data = code.length <= 32 ? await findOrder(ctx.dbh.db, code) : undefined;
  if (!data || data.order.base_site !== site || data.order.status === PENDING_PAYMENT_STATUS || data.order.cart_guid !== input.cartGuid.trim()) throw orderNotFound(orderCode);
  const { order } = data;
  if (order.user_id !== null) throw conflict('OrderError', 'alreadyAttached', 'This order already belongs to an account', 'orderCode');
  const problems = checkPasswordPolicy(input.password, order.email);
  if (problems.length > 0) throw new ValidationErrors(problems);
  const duplicate = () => conflict('DuplicateUidError', 'duplicateUid', 'An account already exists for this email address', 'email');
  if (await findCustomerByEmail(ctx.dbh.db, order.email)) throw duplicate();
  const name = parseAddress(order.billing_address_json) ?? parseAddress(order.shipping_address_json);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const customer = await insertCustomer(trx, { email: order.email, passwordHash, firstName: name?.firstName ?? '', lastName: name?.lastName ?? '', now });
    if (!customer) throw duplicate();
    if (!(await attachOrderToUser(trx, order.code, customer.id))) throw conflict('OrderError', 'alreadyAttached', 'This order already belongs to an account', 'orderCode');
    ctx.log.info({ orderCode: order.code, customerId: customer.id }, 'guest order attached to a new account');
    return { uid: customer.id, email: customer.email, firstName: customer.firstName, lastName: customer.lastName, orderCode: order.code };
  });
}
