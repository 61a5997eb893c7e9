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

/**
 * Where a shared page's per-visitor parts sit, as byte offsets into its body: read once per
 * cached page (see {@link templateOf}), so composing copies bytes around them and never decodes
 * or re-encodes the ~90 KB page (issue 11: it was a fifth of a composed product page's CPU).
 */
interface PageTemplate {
  /** just after `<html` (where `data-visitor-info` goes) */
  htmlEnd: number;
  /** start of the header's count ({@link SHARED_COUNT}) */
  countAt: number;
  /** end of its visually hidden words (the `</span>` that closes them) */
  hiddenEnd: number;
  /** those words as the shared page has them (decoded) */
  hidden: string;
  /** the free-shipping progress `[start, end)`, in a product page after the header; null without one */
  bar: [number, number] | null;
}

/** Templates of the cached bodies (the page cache's memory store hands out the same body on each hit). */
const templates = new WeakMap<Uint8Array, PageTemplate | null>();

function bytesOf(body: Uint8Array): Buffer {
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** The template of a shared page's body (memoised per body), or null when its header is not the shared page's. */
function templateOf(body: Uint8Array): PageTemplate | null {
  let template = templates.get(body);
  if (template === undefined) {
    template = readTemplate(bytesOf(body));
    templates.set(body, template);
  }
  return template;
}

function readTemplate(bytes: Buffer): PageTemplate | null {
  // one character per byte: the markers are ASCII, and string offsets are byte offsets
  const text = bytes.toString('latin1');
  const countAt = text.indexOf(SHARED_COUNT);
  if (countAt < 0 || text.indexOf(SHARED_COUNT, countAt + 1) >= 0) return null;
  const hiddenStart = countAt + SHARED_COUNT.length;
  const hiddenEnd = text.indexOf('</span>', hiddenStart);
  const htmlTag = text.indexOf('<html');
  if (hiddenEnd < 0 || htmlTag < 0 || htmlTag > countAt) return null;
  const barMatch = BAR_START.exec(text);
  const barEnd = barMatch && barMatch.index > hiddenEnd ? elementEnd(text, barMatch.index) : -1;
  return {
    htmlEnd: htmlTag + '<html'.length,
    countAt,
    hiddenEnd,
    hidden: bytes.toString('utf8', hiddenStart, hiddenEnd),
    bar: barMatch && barEnd > 0 ? [barMatch.index, barEnd] : null,
  };
}

/** Whether a shared page (its body's bytes) shows the product page's free-shipping progress (so the cart's is asked for). */
export function showsFreeShipping(body: Uint8Array): boolean {
  return templateOf(body)?.bar != null;
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
 * The shared page's body with the visitor's parts written in (see module comment), as bytes, or
 * null when the header's count is not where a shared page has it or its words are not those of
 * `lang`, the page's language (its messages format the count and the bar).
 */
export function composeVisitorPage(body: Uint8Array, parts: VisitorParts, lang: Lang): Buffer | null {
  const template = templateOf(body);
  if (!template) return null;
  const intl = intlOf(lang);
  // the visually hidden " (no items)" after the count, as the header renders it
  const sharedText = escapeText(intl.formatMessage({ id: 'header.cartCount' }, { count: 0 }));
  if (!template.hidden.includes(sharedText)) return null;
  const n = parts.cartQuantity;
  const header =
    `<span class="cart-count" aria-hidden="true" data-count="${n}">${n}</span><span class="visually-hidden">` +
    template.hidden.replace(sharedText, escapeText(intl.formatMessage({ id: 'header.cartCount' }, { count: n })));
  const info: VisitorInfo = { cartQuantity: n, isLoggedIn: false, firstName: '', csrfToken: '', freeShipping: parts.freeShipping };
  const attribute = ` ${VISITOR_INFO_ATTRIBUTE}="${escapeText(JSON.stringify(info))}"`;

  const bytes = bytesOf(body);
  const pieces = [bytes.subarray(0, template.htmlEnd), Buffer.from(attribute), bytes.subarray(template.htmlEnd, template.countAt), Buffer.from(header)];
  if (parts.freeShipping && template.bar) {
    const [barStart, barEnd] = template.bar;
    const bar = renderToString(createElement(RawIntlProvider, { value: intl }, createElement(FreeShippingProgress, { status: { kind: 'cart', ...parts.freeShipping } })));
    pieces.push(bytes.subarray(template.hiddenEnd, barStart), Buffer.from(bar), bytes.subarray(barEnd));
  } else {
    pieces.push(bytes.subarray(template.hiddenEnd));
  }
  return Buffer.concat(pieces);
}
