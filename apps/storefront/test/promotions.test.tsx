/**
 * Issue 4 on the storefront: the `?coupon=` handling (applyQueryParamCoupon), the category coupon
 * cookie, the coupon and gift-card form intents (translated business errors), the promotion and
 * gift-card rows of the order summary, the spec §6 discount message and the promoted/personalized
 * price display.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AppliedPromotion, Cart, DiscountMessage as DiscountMessageData, PriceData } from '@store/contracts';
import { DEFAULT_HOSTS } from '@store/domain';
import type { AppLoadContext } from 'react-router';
import { OrderSummary } from '../app/components/checkout/OrderSummary.tsx';
import { priceStrings } from '../app/components/product/Price.tsx';
import { DiscountMessage, hasMemberFlag } from '../app/components/promotions/DiscountMessage.tsx';
import { FreeShippingProgress } from '../app/components/promotions/FreeShippingProgress.tsx';
import { amountMinorOf, GiftCardFormSchema } from '@store/contracts/forms';
import { OrderPayment } from '../app/components/promotions/OrderPayment.tsx';
import {
  couponErrorKey,
  giftCardErrorKey,
  isPromoIntent,
  isPromoResult,
} from '../app/components/promotions/promo-actions.ts';
import { getRequestContext } from '../app/lib/context.server.ts';
import { flashCookie, parseCookies, readFlash } from '../app/lib/cookies.server.ts';
import type { StorefrontLoadContext } from '../app/lib/load-context.ts';
import { applyCategoryCoupon, applyQueryParamCoupon, runPromoIntent, withoutCouponParam } from '../app/lib/promo.server.ts';
import { messages } from '../app/i18n/index.ts';
import { coveredByGiftCards } from '../app/routes/checkout.server.ts';
import { renderWith, textOf } from './render.tsx';

const usd = (value: number): PriceData => ({ value, formattedValue: `$${value.toFixed(2)}`, currencyIso: 'USD' });

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** A load context whose API answers by path (`GET /usb2c/coupons/applyCouponData` → …); records calls. */
function fakeApi(answers: Record<string, Answer>, calls: string[] = []): AppLoadContext {
  const storefront: StorefrontLoadContext = {
    apiFetch: async (input, init) => {
      const url = new URL(input);
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname.replace('/rest/v2', '')}`;
      calls.push(key);
      const a = answers[key] ?? { status: 404, body: { errors: [{ type: 'NotFoundError', reason: 'notFound', message: 'no' }] } };
      return Response.json(a.body, { status: a.status, headers: a.headers ?? {} });
    },
    apiBaseUrl: 'http://api.test/rest/v2',
    hosts: DEFAULT_HOSTS,
    getToken: async () => 'token-1',
    invalidateToken: () => {},
    nonce: 'n',
    devPages: false,
  };
  return { storefront };
}

const couponError = (reason: string, status = 400): Answer => ({ status, body: { errors: [{ type: 'CouponError', reason, message: 'English text' }] } });

/** Runs applyQueryParamCoupon and answers the thrown redirect (or null when it returned). */
async function runParam(url: string, context: AppLoadContext, headers: Record<string, string> = {}): Promise<Response | null> {
  try {
    await applyQueryParamCoupon({ request: new Request(url, { headers }), context });
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function setCookies(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of res.headers.getSetCookie()) Object.assign(out, parseCookies(c.split(';')[0]));
  return out;
}

describe('?coupon= on any page (applyQueryParamCoupon, spec §7)', () => {
  const WELCOME = { couponCode: 'WELCOME10', couponName: 'Welcome', pageName: '/c/BR', message: '10% off your order has been applied' };

  it('does nothing without the parameter', async () => {
    const calls: string[] = [];
    expect(await runParam('http://localhost/c/BR?sort=name', fakeApi({}, calls))).toBeNull();
    expect(calls).toEqual([]);
  });

  it('without a cart: keeps the coupon in the categoryCoupon cookie, redirects without the parameter, success snackbar', async () => {
    const calls: string[] = [];
    const res = await runParam(
      'http://localhost/c/BR?coupon=WELCOME10&sort=name',
      fakeApi({ 'GET /usb2c/coupons/applyCouponData': { status: 200, body: WELCOME } }, calls),
    );
    expect(res?.status).toBe(302);
    expect(res?.headers.get('location')).toBe('/c/BR?sort=name');
    const cookies = setCookies(res!);
    expect(cookies.categoryCoupon).toBe('WELCOME10');
    const flash = readFlash(new Request('http://localhost/', { headers: { cookie: `sf_flash=${encodeURIComponent(cookies.sf_flash ?? '')}` } }));
    expect(flash).toEqual({ kind: 'coupon', ok: true, text: WELCOME.message, link: '/c/BR' });
    expect(calls).toEqual(['GET /usb2c/coupons/applyCouponData']);
  });

  it('an unknown or expired code: error snackbar in the page language, no cookie, no loop', async () => {
    const res = await runParam(
      'http://ca.localhost/fr/panier?coupon=NOPE',
      fakeApi({ 'GET /cab2c/coupons/applyCouponData': couponError('couponNotFound', 404) }),
    );
    expect(res?.headers.get('location')).toBe('/fr/panier');
    const cookies = setCookies(res!);
    expect(cookies.categoryCoupon).toBeUndefined();
    const flash = JSON.parse(cookies.sf_flash ?? '{}') as { ok: boolean; text: string };
    expect(flash).toMatchObject({ ok: false, text: messages.fr['promo.coupon.error.couponNotFound'] });

    const expired = await runParam('http://localhost/?coupon=EXPIRED10', fakeApi({ 'GET /usb2c/coupons/applyCouponData': couponError('couponExpired') }));
    expect(JSON.parse(setCookies(expired!).sf_flash ?? '{}')).toMatchObject({ ok: false, text: 'This coupon has expired.' });
    expect(expired?.headers.get('location')).toBe('/');
  });

  it('a malformed code is refused without calling the API; an API outage is an error snackbar, not a 500', async () => {
    const calls: string[] = [];
    const res = await runParam('http://localhost/?coupon=%3Cscript%3E', fakeApi({}, calls));
    expect(calls).toEqual([]);
    expect(JSON.parse(setCookies(res!).sf_flash ?? '{}')).toMatchObject({ ok: false });
    // the outage is logged once (expected here: the setup's console.error guard skips this call)
    const logged = vi.mocked(console.error);
    const before = logged.mock.calls.length;
    logged.mockImplementationOnce(() => {});
    const down = await runParam('http://localhost/?coupon=WELCOME10', fakeApi({ 'GET /usb2c/coupons/applyCouponData': { status: 503, body: {} } }));
    expect(down?.status).toBe(302);
    expect(JSON.parse(setCookies(down!).sf_flash ?? '{}')).toMatchObject({ ok: false, text: 'This coupon can’t be applied right now. Please try again.' });
    expect(logged.mock.calls.length).toBe(before + 1);
  });

  it('ignores non-GET requests (actions)', async () => {
    const calls: string[] = [];
    let thrown: unknown = null;
    try {
      await applyQueryParamCoupon({ request: new Request('http://localhost/cart?coupon=X', { method: 'POST' }), context: fakeApi({}, calls) });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeNull();
    expect(calls).toEqual([]);
  });

  it('withoutCouponParam keeps the other parameters and the path', () => {
    expect(withoutCouponParam(new URL('http://x/fr/c/BR?a=1&coupon=Z&b=2'))).toBe('/fr/c/BR?a=1&b=2');
    expect(withoutCouponParam(new URL('http://x/?coupon=Z'))).toBe('/');
  });
});

describe('category coupon cookie after an add to cart', () => {
  it('applies the kept coupon to the cart and forgets it, also when the API refuses it', async () => {
    const calls: string[] = [];
    const context = fakeApi({ 'POST /usb2c/users/anonymous/carts/guid-1234/applyDscntCoupon': couponError('couponNotApplicable') }, calls);
    const request = new Request('http://localhost/cart/add', { method: 'POST', headers: { cookie: 'categoryCoupon=BREWER20' } });
    const ctx = getRequestContext({ request, context });
    const headers = new Headers();
    await applyCategoryCoupon(ctx, 'guid-1234', headers);
    expect(calls).toEqual(['POST /usb2c/users/anonymous/carts/guid-1234/applyDscntCoupon']);
    expect(headers.get('set-cookie')).toMatch(/^categoryCoupon=; .*Max-Age=0/);
  });

  it('does nothing without the cookie', async () => {
    const calls: string[] = [];
    const ctx = getRequestContext({ request: new Request('http://localhost/cart/add', { method: 'POST' }), context: fakeApi({}, calls) });
    const headers = new Headers();
    await applyCategoryCoupon(ctx, 'guid-1234', headers);
    expect(calls).toEqual([]);
    expect(headers.get('set-cookie')).toBeNull();
  });
});

describe('coupon and gift-card intents (translated business errors)', () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };
  const ctxFor = (url: string, answers: Record<string, Answer>, calls: string[] = []) =>
    getRequestContext({ request: new Request(url, { method: 'POST' }), context: fakeApi(answers, calls) });

  it.each([
    ['couponNotFound', 404, 'We don’t recognize this coupon code. Check it and try again.'],
    ['couponExpired', 400, 'This coupon has expired.'],
    ['couponNotYetValid', 400, 'This coupon is not valid yet.'],
    ['couponNotApplicable', 400, 'This coupon doesn’t apply to the items in your cart.'],
    ['couponUsedUp', 400, 'This coupon has reached its usage limit.'],
    ['couponAlreadyUsed', 400, 'You have already used this coupon.'],
  ])('applyCoupon refused with %s → message next to the field', async (reason, status, text) => {
    const ctx = ctxFor('http://localhost/cart', { 'POST /usb2c/users/anonymous/carts/g-12345678/applyDscntCoupon': couponError(reason, status) });
    const r = await runPromoIntent(ctx, 'applyCoupon', form({ couponCode: 'code' }), 'g-12345678');
    expect(r).toMatchObject({ ok: false, promo: 'coupon', field: 'couponCode', message: text, value: 'code' });
  });

  it('in French', async () => {
    const ctx = ctxFor('http://ca.localhost/fr/panier', { 'POST /cab2c/users/anonymous/carts/g-12345678/applyDscntCoupon': couponError('couponUsedUp') });
    const r = await runPromoIntent(ctx, 'applyCoupon', form({ couponCode: 'ONCEONLY' }), 'g-12345678');
    expect(r.message).toBe('Ce code promo a atteint sa limite d’utilisation.');
  });

  it('an empty code or a missing cart never reaches the API', async () => {
    const calls: string[] = [];
    const ctx = ctxFor('http://localhost/cart', {}, calls);
    expect(await runPromoIntent(ctx, 'applyCoupon', form({ couponCode: '   ' }), 'g-12345678')).toMatchObject({ ok: false, field: 'couponCode', message: 'Coupon code: this field is required.' });
    expect(await runPromoIntent(ctx, 'applyCoupon', form({ couponCode: 'WELCOME10' }), null)).toMatchObject({ ok: false, field: null });
    expect(await runPromoIntent(ctx, 'applyGiftCardValue', form({ giftCardId: 'gc1', amount: '12.345' }), 'g-12345678')).toMatchObject({
      ok: false,
      field: 'amount-gc1',
      message: 'Amount to use: enter an amount such as 10.00.',
    });
    expect(calls).toEqual([]);
  });

  it('gift cards: a wrong code (404) and guessing (429, with the real wait) are translated', async () => {
    const ctx = ctxFor('http://localhost/checkout/singlestep', {
      'POST /usb2c/users/anonymous/carts/g-12345678/giftcard/apply': { status: 404, body: { errors: [{ type: 'GiftCardError', reason: 'giftCardNotFound', message: 'x' }] } },
      'POST /usb2c/users/anonymous/carts/g-12345678/giftcard/validate': {
        status: 429,
        headers: { 'retry-after': '840' },
        body: { errors: [{ type: 'GiftCardError', reason: 'tooManyRequests', message: 'x' }] },
      },
    });
    expect(await runPromoIntent(ctx, 'applyGiftCard', form({ giftCardCode: 'abcd-efgh-jkmn-pqrs' }), 'g-12345678')).toMatchObject({
      ok: false,
      promo: 'giftCard',
      field: 'giftCardCode',
      message: 'This gift card code is not valid. Check it and try again.',
    });
    expect(await runPromoIntent(ctx, 'checkGiftCard', form({ giftCardCode: 'ABCDEFGHJKMNPQRS' }), 'g-12345678')).toMatchObject({
      ok: false,
      // the API's real window (Retry-After 840 s), not a guess (issue 9 item 1)
      message: 'Too many attempts. Please wait 14 minutes and try again.',
    });
  });

  it('maps every API reason to a message of both catalogues', () => {
    for (const r of ['couponNotFound', 'couponExpired', 'couponNotYetValid', 'couponNotApplicable', 'couponUsedUp', 'couponAlreadyUsed', 'couponAlreadyApplied', 'x']) {
      const key = couponErrorKey(r);
      expect(messages.en[key]).toBeTruthy();
      expect(messages.fr[key]).toBeTruthy();
    }
    for (const r of ['giftCardNotFound', 'giftCardEmpty', 'giftCardExpired', 'giftCardCurrency', 'giftCardLimit', 'giftCardBalance', 'amountTooHigh', 'y']) {
      expect(messages.fr[giftCardErrorKey(r)]).toBeTruthy();
    }
    expect(giftCardErrorKey(undefined, 404)).toBe('promo.gc.error.giftCardNotFound');
    expect(giftCardErrorKey('giftCardEmpty', 429)).toBe('promo.gc.error.tooMany');
  });

  it('parses amounts to minor units and codes without separators', () => {
    const parseAmountMinor = amountMinorOf;
    const normalizeGiftCardCode = (raw: string) => {
      const s = GiftCardFormSchema.safeParse({ giftCardCode: raw });
      return s.success && s.data.giftCardCode !== '' ? s.data.giftCardCode : null;
    };
    expect(parseAmountMinor('12')).toBe(1200);
    expect(parseAmountMinor('12.5')).toBe(1250);
    expect(parseAmountMinor('12,50 $')).toBe(1250);
    expect(parseAmountMinor('$0.01')).toBe(1);
    expect(parseAmountMinor('')).toBeNull();
    expect(parseAmountMinor('0')).toBeUndefined();
    expect(parseAmountMinor('-3')).toBeUndefined();
    expect(parseAmountMinor('1.234')).toBeUndefined();
    expect(normalizeGiftCardCode(' abcd-efgh jkmn-pqrs ')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeGiftCardCode('')).toBeNull();
    expect(isPromoIntent('applyCoupon')).toBe(true);
    expect(isPromoIntent('place')).toBe(false);
    expect(isPromoResult({ promo: 'coupon', intent: 'removeCoupon', ok: true })).toBe(true);
    expect(isPromoResult({ section: 'payment' })).toBe(false);
  });

  it('the coupon flash survives the cookie round trip and drops a foreign link', () => {
    const set = flashCookie({ kind: 'coupon', ok: true, text: 'Hi', link: '//evil.example' }, false);
    const cookie = set.split(';')[0] ?? '';
    expect(readFlash(new Request('http://localhost/', { headers: { cookie } }))).toEqual({ kind: 'coupon', ok: true, text: 'Hi', link: null });
  });
});

describe('order summary rows (promotions, gift cards)', () => {
  const promo = (over: Partial<AppliedPromotion>): AppliedPromotion => ({
    code: 'P1',
    kind: 'orderPercent',
    description: '10% off your order',
    couponCode: 'WELCOME10',
    discount: usd(4.2),
    entryNumbers: [],
    giftProductCode: null,
    ...over,
  });
  const totals = {
    subTotal: usd(42),
    totalDiscounts: usd(4.2),
    deliveryCost: usd(0),
    deliveryMode: null,
    taxLines: [],
    totalTax: usd(0),
    totalPrice: usd(37.8),
    itemCount: 2,
  };

  it('shows one row per promotion with −amount (2 decimals), gift cards after the total and the amount to pay', () => {
    const html = renderWith(
      <OrderSummary
        titleId="t"
        taxKnown={false}
        totals={totals}
        promotions={[promo({}), promo({ code: 'FS', kind: 'freeShipping', description: 'Free shipping', couponCode: null, discount: usd(7.99) })]}
        giftCards={[{ key: 'gc1', maskedCode: '•••• 7Q2K', amount: usd(20) }]}
        amountToPay={usd(17.8)}
      />,
    );
    const text = textOf(html);
    expect(text).toContain('10% off your order Coupon WELCOME10 −$4.20');
    expect(text).toContain('Free shipping −$7.99');
    expect(text).not.toContain('Discounts');
    expect(text).toMatch(/Total \$37\.80 Gift card •••• 7Q2K −\$20\.00 Amount to pay \$17\.80$/);
  });

  it('keeps a "Discounts" row for what no promotion explains', () => {
    const text = textOf(renderWith(<OrderSummary titleId="t" taxKnown={false} totals={{ ...totals, totalDiscounts: usd(5.2) }} promotions={[promo({})]} />));
    expect(text).toContain('Discounts −$1.00');
  });

  it('order payment: the card only when it paid something, each gift card, the coupons (French)', () => {
    const order = {
      paymentInfo: { provider: 'test' as const, brand: 'visa', last4: '4242' },
      giftCardPayments: [{ giftCardId: 'a', maskedCode: '•••• 7Q2K', amount: { value: 20, formattedValue: '20,00 $', currencyIso: 'CAD' } }],
      amountPaidByCard: { value: 0, formattedValue: '0,00 $', currencyIso: 'CAD' },
      appliedCoupons: ['WELCOME10'],
    };
    const text = textOf(renderWith(<OrderPayment order={order} brand="Visa" />, 'cab2c', 'fr'));
    expect(text).not.toContain('4242');
    expect(text).toContain('Carte-cadeau •••• 7Q2K\u202f: 20,00 $');
    expect(text).toContain('Codes promo\u202f: WELCOME10');
  });
});

describe('free-shipping progress on the product page', () => {
  it('from the cart: the distance in the page language, or qualified', () => {
    const away = { value: 4.01, formattedValue: '4,01 $', currencyIso: 'CAD' };
    const threshold = { value: 55, formattedValue: '55,00 $', currencyIso: 'CAD' };
    expect(textOf(renderWith(<FreeShippingProgress status={{ kind: 'cart', away, threshold, qualifies: false }} />, 'cab2c', 'fr'))).toBe(
      'Plus que 4,01 $ pour la livraison gratuite',
    );
    expect(textOf(renderWith(<FreeShippingProgress status={{ kind: 'cart', away: usd(4.01), threshold: usd(29), qualifies: false }} />))).toBe(
      'You are $4.01 away from free shipping',
    );
    const done = renderWith(<FreeShippingProgress status={{ kind: 'cart', away: usd(0), threshold: usd(29), qualifies: true }} />);
    expect(textOf(done)).toBe('Your cart qualifies for free standard shipping');
    expect(done).toContain('aria-valuenow="100"');
  });

  it('without a cart: the whole threshold, or "this item qualifies"', () => {
    expect(textOf(renderWith(<FreeShippingProgress status={{ kind: 'noCart', threshold: usd(29), itemQualifies: false }} />))).toBe(
      'You are $29.00 away from free shipping',
    );
    expect(textOf(renderWith(<FreeShippingProgress status={{ kind: 'noCart', threshold: null, itemQualifies: true }} />))).toBe(
      'This item qualifies for free shipping',
    );
  });
});

describe('spec §6 discount message', () => {
  const msg = (over: Partial<DiscountMessageData> = {}): DiscountMessageData => ({
    memberText: 'Members save on every order',
    percentText: 'Save 25.00% today',
    variant: 'percent',
    localStorageFlag: 'isPerksMember',
    mainBrand: true,
    ...over,
  });

  it('server-renders the server’s choice', () => {
    expect(textOf(renderWith(<DiscountMessage message={msg()} />))).toBe('Save 25.00% today');
    expect(textOf(renderWith(<DiscountMessage message={msg({ variant: 'member' })} />))).toBe('Members save on every order');
    expect(renderWith(<DiscountMessage message={msg({ percentText: ' ' })} />)).toBe('');
  });

  it('reads the local-storage flag only when it is exactly "true", never throwing', () => {
    const store = (v: string | null) => ({ getItem: () => v });
    expect(hasMemberFlag(store('true'), 'isPerksMember')).toBe(true);
    expect(hasMemberFlag(store('1'), 'isPerksMember')).toBe(false);
    expect(hasMemberFlag(store('true'), '')).toBe(false);
    expect(hasMemberFlag(null, 'x')).toBe(false);
    expect(
      hasMemberFlag(
        {
          getItem: () => {
            throw new Error('denied');
          },
        },
        'x',
      ),
    ).toBe(false);
  });
});

describe('price display with promoted and personalized prices (issue 4)', () => {
  const base = { priceData: usd(12.99), discountPriceData: null, isDiscountPrice: false, salesPriceStrategy: null };
  it('shows a lower promoted or personalized price beside the struck list price', () => {
    expect(priceStrings({ ...base, promotedPriceData: usd(10.99) }, 'en-US')).toEqual({ now: '$10.99', was: '$12.99' });
    expect(priceStrings({ ...base, promotedPriceData: usd(10.99), personalizedPriceData: usd(9.5) }, 'en-US')).toEqual({ now: '$9.50', was: '$12.99' });
  });
  it('ignores them when not lower than the §5 price', () => {
    const discounted = { ...base, discountPriceData: usd(9.99), isDiscountPrice: true };
    expect(priceStrings({ ...discounted, promotedPriceData: usd(10.99) }, 'en-US')).toEqual({ now: '$9.99', was: '$12.99' });
    expect(priceStrings({ ...base, personalizedPriceData: usd(12.99) }, 'en-US')).toEqual({ now: '$12.99', was: null });
  });
});

describe('nothing left to pay (coveredByGiftCards)', () => {
  const money = (value: number): PriceData => ({ value, formattedValue: `$${value.toFixed(2)}`, currencyIso: 'USD' });
  const gc = { giftCardId: 'g1', maskedCode: '•••• 2222', balance: money(10), requestedAmount: null, appliedAmount: money(10) };
  const entry = {} as Cart['entries'][number];

  it('is true when gift cards pay everything, and when promotions bring the total to zero without any card', () => {
    expect(coveredByGiftCards({ entries: [entry], appliedGiftCards: [gc], amountToPay: money(0) })).toBe(true);
    expect(coveredByGiftCards({ entries: [entry], appliedGiftCards: [], amountToPay: money(0) })).toBe(true);
  });

  it('is false while something is left to pay, or for an empty cart', () => {
    expect(coveredByGiftCards({ entries: [entry], appliedGiftCards: [gc], amountToPay: money(0.01) })).toBe(false);
    expect(coveredByGiftCards({ entries: [], appliedGiftCards: [], amountToPay: money(0) })).toBe(false);
  });
});
