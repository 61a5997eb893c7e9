/**
 * ADR 0040: composing the page of a visitor whose only state is a cart from the shared page
 * (server/visitor-page.ts) and telling such a visitor apart (isCartOnlyVisitor). The whole pages,
 * against a render for the visitor, are compared in apps/api/test/composed-pages.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { PriceData } from '@store/contracts';
import { composeVisitorPage, showsFreeShipping, type VisitorParts } from '../server/visitor-page.ts';
import { isCartOnlyVisitor } from '../app/lib/visitor-state.server.ts';

const usd = (value: number): PriceData => ({ value, formattedValue: `$${value.toFixed(2)}`, currencyIso: 'USD' });

const HEADER = (hidden: string) => `<a class="header-action cart-link" href="/cart"><span class="cart-count" aria-hidden="true" data-count="0">0</span><span class="visually-hidden"> (<!-- -->${hidden}<!-- -->)</span></a>`;
const BAR =
  '<div class="pdp-free-shipping"><p class="pdp-free-shipping-text" id="pdp-free-shipping-text"><svg></svg>You are $29.00 away from free shipping</p><div class="promo-progress-bar" role="progressbar"><span style="width:0%"></span></div></div>';
const page = (lang: 'en' | 'fr', body: string) => `<!DOCTYPE html><html lang="${lang}" data-site="usb2c"><head></head><body>${body}<div hidden id="S:0">${BAR}</div><p>after</p></body></html>`;

/** Composes from the page's UTF-8 bytes, as the server does, and answers the text (null as the composer). */
const compose = (html: string, parts: VisitorParts, lang: 'en' | 'fr') => composeVisitorPage(Buffer.from(html), parts, lang)?.toString('utf8') ?? null;
const shows = (html: string) => showsFreeShipping(Buffer.from(html));

describe('composeVisitorPage', () => {
  it('writes the count and its visually hidden words into the header, in the page language', () => {
    const en = compose(page('en', HEADER('no items')), { cartQuantity: 3, freeShipping: null }, 'en');
    expect(en).toContain('<span class="cart-count" aria-hidden="true" data-count="3">3</span><span class="visually-hidden"> (<!-- -->3 items<!-- -->)</span>');
    const fr = compose(page('fr', HEADER('aucun article')), { cartQuantity: 1, freeShipping: null }, 'fr');
    expect(fr).toContain('data-count="1">1</span><span class="visually-hidden"> (<!-- -->1 article<!-- -->)</span>');
    // no free-shipping progress asked for: the shared bar stays
    expect(en).toContain(BAR);
  });

  it('carries the parts for hydration in an escaped attribute of <html>', () => {
    const freeShipping = { away: usd(4.01), threshold: usd(29), qualifies: false };
    const out = compose(page('en', HEADER('no items')), { cartQuantity: 2, freeShipping }, 'en')!;
    const raw = /<html data-visitor-info="([^"]*)" lang="en"/.exec(out)?.[1];
    expect(raw).toBeDefined();
    expect(raw).not.toContain('"');
    expect(JSON.parse(raw!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))).toEqual({ cartQuantity: 2, isLoggedIn: false, firstName: '', csrfToken: '', freeShipping });
  });

  it('replaces the free-shipping progress, nested elements included, with the cart’s', () => {
    const out = compose(page('en', HEADER('no items')), { cartQuantity: 1, freeShipping: { away: usd(4.01), threshold: usd(29), qualifies: false } }, 'en')!;
    expect(out).not.toContain('$29.00 away');
    expect(out).toContain('You are $4.01 away from free shipping');
    expect(out).toContain('aria-valuenow="86"');
    // the rest of the page is untouched
    expect(out).toMatch(/<\/div><\/div><p>after<\/p><\/body><\/html>$/);
    const reached = compose(page('en', HEADER('no items')), { cartQuantity: 5, freeShipping: { away: usd(0), threshold: usd(29), qualifies: true } }, 'en')!;
    expect(reached).toContain('<div class="pdp-free-shipping is-reached">');
    expect(reached).toContain('Your cart qualifies for free standard shipping');
  });

  it('answers null when the header is not where a shared page has it (the caller renders instead)', () => {
    expect(compose('<html><body>no header</body></html>', { cartQuantity: 1, freeShipping: null }, 'en')).toBeNull();
    // a page already showing a count (not a shared page)
    expect(compose(page('en', HEADER('no items').replace(/data-count="0">0/, 'data-count="2">2')), { cartQuantity: 1, freeShipping: null }, 'en')).toBeNull();
    // two headers: ambiguous
    expect(compose(page('en', HEADER('no items') + HEADER('no items')), { cartQuantity: 1, freeShipping: null }, 'en')).toBeNull();
    // the hidden words in another language than the one asked for
    expect(compose(page('fr', HEADER('aucun article')), { cartQuantity: 1, freeShipping: null }, 'en')).toBeNull();
  });

  it('finds the shared free-shipping progress, not its loading placeholder', () => {
    expect(shows(page('en', HEADER('no items')))).toBe(true);
    expect(shows(page('en', HEADER('no items')).replace(BAR, '<div class="pdp-free-shipping" aria-hidden="true"></div>'))).toBe(false);
    // not a shared page: nothing to compose, so nothing to ask for
    expect(shows(page('en', ''))).toBe(false);
  });

  it('counts in bytes: characters of several bytes before and between the parts stay whole', () => {
    const html = page('fr', `<p>Café – Brûlerie ☕</p>${HEADER('aucun article')}<p>Été 🍂</p>`).replace('<head>', '<head><title>Dosettes — café</title>');
    const out = compose(html, { cartQuantity: 2, freeShipping: { away: usd(4.01), threshold: usd(29), qualifies: false } }, 'fr')!;
    expect(out).toContain('<title>Dosettes — café</title>');
    expect(out).toContain('<p>Café – Brûlerie ☕</p><a class="header-action cart-link" href="/cart"><span class="cart-count" aria-hidden="true" data-count="2">2</span>');
    expect(out).toContain('2 articles<!-- -->)</span></a><p>Été 🍂</p>');
    expect(out).toMatch(/<div hidden id="S:0"><div class="pdp-free-shipping"><p class="pdp-free-shipping-text"[^>]*>.*Plus que \$4\.01 pour la livraison gratuite<\/p>/);
    expect(out).toMatch(/<\/div><\/div><p>after<\/p><\/body><\/html>$/);
  });

  it('reads a cached page once and composes it for each visitor', () => {
    const body = Buffer.from(page('en', HEADER('no items')));
    const one = composeVisitorPage(body, { cartQuantity: 1, freeShipping: null }, 'en')!.toString();
    const two = composeVisitorPage(body, { cartQuantity: 2, freeShipping: null }, 'en')!.toString();
    expect(one).toContain('data-count="1">1</span>');
    expect(two).toContain('data-count="2">2</span>');
    expect(two).not.toContain('data-count="1"');
    // the shared page itself is not changed
    expect(body.toString()).toContain('data-count="0">0</span>');
  });
});

describe('isCartOnlyVisitor', () => {
  const req = (cookie?: string) => new Request('http://localhost/', cookie === undefined ? {} : { headers: { cookie } });
  it('is true for a cart cookie with nothing else that changes a page', () => {
    expect(isCartOnlyVisitor(req('cartGuid=abc'))).toBe(true);
    expect(isCartOnlyVisitor(req('__Host-cartGuid=abc; sf_csrf=t; sf_wasLoggedIn=1; _ga=x'))).toBe(true);
  });
  it('is false without a cart, or with a session, flash, coupon, compare list or preview', () => {
    for (const cookie of [undefined, '', 'sf_csrf=t', 'cartGuid=a; sf_at=t', 'cartGuid=a; __Host-sf_rt=t', 'cartGuid=a; sf_flash=x', 'cartGuid=a; categoryCoupon=X', 'cartGuid=a; sf_compare=x', 'cartGuid=a; sf_site=cab2c']) {
      expect(isCartOnlyVisitor(req(cookie)), String(cookie)).toBe(false);
    }
  });
});
