/**
 * Pages of a visitor whose only state is a cart, composed from the shared page (ADR 0040).
 *
 * Such a visitor's home, category, search, content or product page differs from the page every
 * visitor without state gets (the page cache's, ADR 0019) in two places only: the header's cart
 * count and, on a product page, the free-shipping progress of the cart. So the server takes the
 * shared page from the page cache (on a miss it renders for the visitor as before), asks the API
 * for those two parts, and writes them into the HTML, rendered by the same components with the
 * same messages; the page's `<html>` carries them as JSON (`data-visitor-info`), so the browser
 * hydrates the header and the bar with what the HTML shows and asks nothing more. With JavaScript
 * off the page is complete. The answer is private (`Cache-Control: private, no-store`).
 *
 * Anything the composer does not find where it expects it (another shape of header) makes it
 * answer null: the caller then renders the page for the visitor as before.
 */
import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { RawIntlProvider } from 'react-intl';
import type { Lang } from '@store/domain';
import { FreeShippingProgress } from '../app/components/promotions/FreeShippingProgress.tsx';
import type { RequestContext } from '../app/lib/context.server.ts';
import { intlOf } from '../app/lib/intl.ts';
import type { CartFreeShipping, VisitorInfo } from '../app/lib/shell-data.ts';
import { VISITOR_INFO_ATTRIBUTE } from '../app/lib/shell-data.ts';
import { elementEnd } from './html-element.ts';

/** The per-visitor parts of a composed page (ADR 0040). */
export interface VisitorParts {
  /** units in the cart (the header's count; `GET …/carts/{guid}/count`) */
  cartQuantity: number;
  /** the open, non-empty cart's free-shipping progress; null without one or when not asked for */
  freeShipping: CartFreeShipping | null;
}

/** The header's count as the shared page renders it (count 0). */
const SHARED_COUNT = '<span class="cart-count" aria-hidden="true" data-count="0">0</span><span class="visually-hidden">';
/** Start of the product page's free-shipping progress (components/promotions/FreeShippingProgress.tsx). */
const BAR_START = /<div class="pdp-free-shipping(?: is-reached)?"><p class="pdp-free-shipping-text"/;

/** Whether a shared page shows the product page's free-shipping progress (so the cart's is asked for). */
export function showsFreeShipping(html: string): boolean {
  return BAR_START.test(html);
}

/**
 * The parts from the API: the cart count always, the cart's free-shipping progress when
 * `withFreeShipping` (the priced cart: the expensive call, made for product pages only). Rejects
 * when the API does (the caller renders the page instead).
 */
export async function loadVisitorParts(ctx: RequestContext, guid: string, withFreeShipping: boolean): Promise<VisitorParts> {
  const [count, cart] = await Promise.all([
    ctx.commerce.getCartCount(ctx.site, guid),
    withFreeShipping ? ctx.commerce.getCart(ctx.site, guid, { lang: ctx.lang }) : Promise.resolve(null),
  ]);
  // the product loader's rule (routes/product.server.ts loadPdpPromo)
  const freeShipping =
    cart && cart.status === 'open' && cart.entries.length > 0
      ? { away: cart.amountAwayFromFreeShipping, threshold: cart.freeShippingThreshold, qualifies: cart.qualifiesForFreeShipping }
      : null;
  return { cartQuantity: count.cartQuantity, freeShipping };
}

/** Text as React DOM's server renderer escapes it. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#x27;'));
}

/**
 * The shared page `html` with the visitor's parts written in (see module comment), or null when
 * the header's count is not where a shared page has it. `lang` is the page's language (its
 * messages format the count and the bar).
 */
export function composeVisitorPage(html: string, parts: VisitorParts, lang: Lang): string | null {
  const at = html.indexOf(SHARED_COUNT);
  if (at < 0 || html.indexOf(SHARED_COUNT, at + 1) >= 0) return null;
  const intl = intlOf(lang);
  // the visually hidden " (no items)" after the count, as the header renders it
  const hiddenStart = at + SHARED_COUNT.length;
  const hiddenEnd = html.indexOf('</span>', hiddenStart);
  const sharedText = escapeText(intl.formatMessage({ id: 'header.cartCount' }, { count: 0 }));
  const hidden = html.slice(hiddenStart, hiddenEnd);
  if (hiddenEnd < 0 || !hidden.includes(sharedText)) return null;
  const n = parts.cartQuantity;
  const header =
    `<span class="cart-count" aria-hidden="true" data-count="${n}">${n}</span><span class="visually-hidden">` +
    hidden.replace(sharedText, escapeText(intl.formatMessage({ id: 'header.cartCount' }, { count: n })));
  let out = html.slice(0, at) + header + html.slice(hiddenEnd);

  if (parts.freeShipping) {
    const bar = BAR_START.exec(out);
    const end = bar ? elementEnd(out, bar.index) : -1;
    if (bar && end > 0) {
      const rendered = renderToString(createElement(RawIntlProvider, { value: intl }, createElement(FreeShippingProgress, { status: { kind: 'cart', ...parts.freeShipping } })));
      out = out.slice(0, bar.index) + rendered + out.slice(end);
    }
  }

  const info: VisitorInfo = { cartQuantity: n, isLoggedIn: false, firstName: '', csrfToken: '', freeShipping: parts.freeShipping };
  const attribute = ` ${VISITOR_INFO_ATTRIBUTE}="${escapeText(JSON.stringify(info))}"`;
  const htmlTag = out.indexOf('<html');
  if (htmlTag < 0) return null;
  return out.slice(0, htmlTag + 5) + attribute + out.slice(htmlTag + 5);
}
