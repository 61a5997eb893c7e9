/**
 * Finding a cart a shopper may use (spec §3 Cart; issue 3 ownership), the lowest layer of the cart
 * flows: cart.ts, cart-view.ts, gift-cards.ts, coupons.ts and checkout.ts all build on it and it
 * imports none of them (issue 11 item 8: no import cycle between cart, cart-view and gift-cards).
 *
 * Ownership: a cart with a `user_id` is reachable only by that customer; an anonymous cart only
 * anonymously. Any other request for it answers the same 404 as an unknown cart.
 */
import type { CartRow, Executor } from '@store/db';
import { findCart, touchOpenCart } from '@store/db';
import type { BaseSiteId } from '@store/domain';
import { conflict, notFound } from '@store/domain';
import type { Shopper } from './context.ts';

/** 404 for a cart that does not exist on this site. */
export function cartNotFound(cartGuid: string): Error {
  return notFound('CartError', 'notFound', `Cart ${cartGuid} not found`, 'cartGuid');
}

/** 409 for a cart that is no longer open (ordered, or an order is being placed). */
export function cartNotOpen(cart: CartRow): Error {
  if (cart.status === 'placing') return conflict('CartError', 'cartNotOpen', 'An order is being placed from this cart', 'cartGuid');
  if (cart.status === 'merged') return conflict('CartError', 'cartNotOpen', 'This cart was merged into a signed-in cart', 'cartGuid');
  return conflict('CartError', 'cartNotOpen', 'This cart has already been ordered', 'cartGuid');
}

/** Cart guid format accepted from clients (uuid-like, bounded). */
export function plausibleGuid(x: unknown): x is string {
  return typeof x === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(x);
}

/** May this shopper use this cart? (its customer only; anonymous carts only anonymously) */
export function ownsCart(cart: CartRow, shopper: Shopper): boolean {
  return (cart.user_id ?? null) === shopper.userId;
}

/**
 * The cart of this site with this guid, whatever its status, when the shopper may use it.
 * @throws 404 `CartError` `notFound` (also for another shopper's cart)
 */
export async function requireCart(db: Executor, site: BaseSiteId, cartGuid: string, shopper: Shopper): Promise<CartRow> {
  const cart = plausibleGuid(cartGuid) ? await findCart(db, cartGuid) : undefined;
  if (!cart || cart.base_site !== site || !ownsCart(cart, shopper)) throw cartNotFound(cartGuid);
  return cart;
}

/**
 * Locks (PostgreSQL row lock via an UPDATE) and returns an open cart inside a transaction.
 * @throws 404 `CartError` `notFound`; 409 `CartError` `cartNotOpen`
 */
export async function requireOpenCartForUpdate(trx: Executor, site: BaseSiteId, cartGuid: string, now: string, shopper: Shopper): Promise<CartRow> {
  const cart = await requireCart(trx, site, cartGuid, shopper);
  if (!(await touchOpenCart(trx, cart.guid, now))) throw cartNotOpen(cart);
  return { ...cart, updated_at: now };
}
