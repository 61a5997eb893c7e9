/**
 * Customer data (spec §3, §7 "Customer data (uses cartGuid and user segment)"):
 * `GET /rest/v2/:baseSiteId/users/:userId/customerData?cartGuid=` guarded by `app.requireUser`
 * (`anonymous` with the client token, `current` with the customer's token).
 *
 * Answers `{isLoggedIn, cartCount, perksOptIn, isBrewhausEmployee, customerCookies}`:
 * - cartCount: units of the given cart when it is an open cart of this site reachable by the
 *   caller (anonymous: a cart without owner; customer: a cart of theirs), else (customer) their
 *   open cart of the site, else 0;
 * - customerCookies (customers only): `CustomerID` and `isPerksOptIn` (spec §3 cookies), which
 *   the storefront sets; anonymous: none.
 */
import { customerAutoDeliveryData } from '../flows/auto-delivery-buy.ts';
import type { FastifyInstance } from 'fastify';
import { UserParamsSchema } from './carts.ts';
import { CustomerDataQuerySchema, CustomerDataSchema, OccErrorBodySchema, type CustomerData } from '@store/contracts';
import { cartQuantity, findCart, findCustomerById, findOpenCustomerCart, type DbHandle } from '@store/db';
import { unauthorized } from '@store/domain';
import { customerEarnsPerks } from '../flows/loyalty.ts';
import { defineRoute, registerApiRoutes, shopperOfContext } from '../http/api-route.ts';

/**
 * The customer data route (issue 11 item 3: defined once, served over HTTP and by the direct
 * transport). See module comment.
 */
export function customerDataRouteList(dbh: DbHandle) {
  return [
    defineRoute({
      method: 'GET',
      url: '/users/:userId/customerData',
      auth: 'user',
      docs: {
        tags: ['users'],
        summary: 'Customer data (spec §3): logged-in flag, cart count, perks opt-in, employee flag, cookies',
        security: [{ clientToken: [] }, { customerToken: [] }],
      },
      schema: { params: UserParamsSchema, querystring: CustomerDataQuerySchema, response: { 200: CustomerDataSchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema } },
      handler: async ({ query }, rc): Promise<CustomerData> => {
        const db = dbh.db;
        const site = rc.site;
        const customerId = shopperOfContext(rc).userId;
        const guid = query.cartGuid;
        const given = guid ? await findCart(db, guid) : undefined;
        const reachable = given && given.status === 'open' && given.base_site === site && given.user_id === customerId ? given : undefined;
        if (customerId === null) {
          return {
            isLoggedIn: false,
            cartCount: reachable ? await cartQuantity(db, reachable.guid) : 0,
            perksOptIn: false,
            isBrewhausEmployee: false,
            customerCookies: [],
            ...(await customerAutoDeliveryData(db, site, null)),
          };
        }
        const customer = await findCustomerById(db, customerId);
        if (!customer) throw unauthorized('InvalidTokenError', 'invalidToken', 'The account of this token no longer exists');
        const cart = reachable ?? (await findOpenCustomerCart(db, site, customerId));
        // issue 12 (ADR 0028): the real opt-in: a Perks member of this site who earns points
        const perksOptIn = await customerEarnsPerks(db, site, customer.id);
        return {
          isLoggedIn: true,
          cartCount: cart ? await cartQuantity(db, cart.guid) : 0,
          perksOptIn,
          isBrewhausEmployee: customer.isEmployee,
          customerCookies: [
            { key: 'CustomerID', value: customer.id },
            { key: 'isPerksOptIn', value: String(perksOptIn) },
          ],
          // issue 10: active auto-delivery items and campaign eligibility (ADR 0018)
          ...(await customerAutoDeliveryData(db, site, { id: customer.id, email: customer.email })),
        };
      },
    }),
  ];
}

/** Registers the customer data route on the /rest/v2/:baseSiteId scope. */
export async function customerDataRoutes(scope: FastifyInstance): Promise<void> {
  registerApiRoutes(scope, customerDataRouteList(scope.dbh));
}
