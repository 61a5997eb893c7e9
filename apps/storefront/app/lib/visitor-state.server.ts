/**
 * Per-visitor state (issue 11 item 4, ADR 0019): a request carrying any of the store's cookies
 * that change a page is rendered for that visitor alone (no page cache, `private, no-store`);
 * one without them gets the shared page, whose header learns the cart count and the account name
 * after load (`GET /api/visitor`).
 */
import { parseCookies } from './cookies.server.ts';

/** What per-visitor state a request carries (see {@link hasVisitorState}). */
type VisitorStateKind = 'none' | 'cart' | 'other';

/**
 * Cookies that are per-visitor state: the cart, the customer's session and display data,
 * one-shot notices and flashes, the previewed brand, a category coupon, an order's access. Not
 * state: `sf_csrf` (pages without a session carry no token) and `sf_wasLoggedIn` (changes
 * nothing on the page); cookies of other software are ignored. `cart` when the cart is the only
 * state, `other` as soon as anything else is.
 */
function visitorStateOf(request: Request): VisitorStateKind {
  const header = request.headers.get('cookie');
  if (header === null || header === '') return 'none';
  let kind: VisitorStateKind = 'none';
  for (const raw of Object.keys(parseCookies(header))) {
    const name = raw.startsWith('__Host-') ? raw.slice(7) : raw;
    if (name === 'cartGuid') kind = 'cart';
    else if (name === 'categoryCoupon' || (name.startsWith('sf_') && name !== 'sf_csrf' && name !== 'sf_wasLoggedIn')) return 'other';
  }
  return kind;
}

/** Does the request carry any per-visitor state (see {@link visitorStateOf})? */
export function hasVisitorState(request: Request): boolean {
  return visitorStateOf(request) !== 'none';
}

/**
 * Is the visitor's only per-visitor state a cart (the `cartGuid` cookie), with no session, flash,
 * preview, coupon or compare list? Such a visitor's page of a cacheable route differs from the
 * shared one only in the header's cart count and the product page's free-shipping progress, so
 * the server composes it from the shared page (ADR 0040).
 */
export function isCartOnlyVisitor(request: Request): boolean {
  return visitorStateOf(request) === 'cart';
}
