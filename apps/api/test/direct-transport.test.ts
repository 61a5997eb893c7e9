/**
 * Issue 11 item 3 (ADR 0021): the direct in-process transport answers what HTTP answers, through
 * the same auth, validation and errors, without JSON: the storefront's client hands the handler
 * an object and gets its object back. Runs in both test transports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectFetch, createInjectFetch, INJECT_ONLY_ROUTES, type DirectFallback } from '@store/api';
import { createApiClient, createCommerceClient, DIRECT_BODY, isApiError, isDirectResponse, type FetchLike } from '@store/contracts';
import { buildTestApp, dbKinds, TEST_BASE_URL, type TestApp } from '@store/testing';
import { signUpCustomer } from './support/commerce.ts';

const COFFEE = 'BH-SIGNATURE-DARK';
const COFFEE_24 = 'BH-SIGNATURE-DARK-24';

describe.each(dbKinds())('direct transport on %s', (kind) => {
  let t: TestApp;
  let direct: FetchLike;
  let inject: FetchLike;
  const api = (path: string) => `${TEST_BASE_URL}/rest/v2${path}`;
  const bearer = () => ({ authorization: `Bearer ${t.token}` });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    direct = createDirectFetch(() => t.app);
    inject = createInjectFetch(() => t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the handler object itself (no JSON), equal to what HTTP answers', async () => {
    for (const path of [`/usb2c/products/${COFFEE}?fields=FULL`, '/cab2c/products/BH-SIGNATURE-DARK?lang=fr', '/usb2c/search?term=dark', '/usb2c/cms/pages', '/usb2c/cms/siteConfig']) {
      const d = await direct(api(path));
      expect(isDirectResponse(d), path).toBe(true);
      expect(d.status).toBe(200);
      const h = await inject(api(path));
      // JSON drops undefined fields; the HTTP serializer writes exactly the schema's fields
      expect(JSON.parse(JSON.stringify(await d.json())), path).toEqual(await h.json());
    }
  });

  it('answers in a later turn of the event loop, so sockets and new connections are served between the calls of a render', async () => {
    // a cached catalogue read answers in microtasks only; without the yield the immediate below would still be waiting
    await direct(api(`/usb2c/products/${COFFEE}?fields=FULL`));
    for (const path of [`/usb2c/products/${COFFEE}?fields=FULL`, '/usb2c/cms/siteConfig', '/usb2c/products/NOPE']) {
      let turned = false;
      setImmediate(() => {
        turned = true;
      });
      const res = await direct(api(path));
      expect(isDirectResponse(res), path).toBe(true);
      expect(turned, path).toBe(true);
    }
  });

  it('the typed client sends its body as an object and reads the answer object', async () => {
    const seen: unknown[] = [];
    const spy: FetchLike = async (input, init) => {
      seen.push({ body: init?.body, direct: (init as Record<symbol, unknown> | undefined)?.[DIRECT_BODY] });
      return direct(input, init);
    };
    const client = createCommerceClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: spy, getToken: async () => t.token, direct: true }));
    const added = await client.addToCart('usb2c', { productCode: COFFEE_24, qty: 2 });
    expect(added).toMatchObject({ cartQuantity: 2, statusCode: 'success', entry: { quantity: 2 } });
    expect(seen[0]).toEqual({ body: undefined, direct: { productCode: COFFEE_24, qty: 2 } });
    const cart = await client.getCart('usb2c', added.cartGuid);
    expect(cart.entries).toHaveLength(1);
  });

  it('bad input answers the same 400 naming the field, in both transports', async () => {
    const bodies = [{ productCode: COFFEE_24, qty: 1.5 }, { productCode: COFFEE_24, qty: 100 }, { productCode: COFFEE_24, entryType: 'NOPE' }, { productCode: 'BH-\u0000' }, { productCode: COFFEE_24, qty: 'two' }];
    for (const body of bodies) {
      const init = { method: 'POST', headers: { ...bearer(), 'content-type': 'application/json' }, body: JSON.stringify(body) };
      const d = await direct(api('/usb2c/users/anonymous/addProductToCart'), init);
      const h = await inject(api('/usb2c/users/anonymous/addProductToCart'), init);
      expect(d.status, JSON.stringify(body)).toBe(400);
      expect(h.status).toBe(400);
      expect(await d.json()).toEqual(await h.json());
    }
    const res = await direct(api('/usb2c/users/anonymous/addProductToCart'), { method: 'POST', headers: { ...bearer(), 'content-type': 'application/json' }, body: JSON.stringify({ productCode: COFFEE_24, qty: 0 }) });
    expect(await res.json()).toEqual({ errors: [expect.objectContaining({ type: 'ValidationError', reason: 'invalidQuantity', subject: 'qty' })] });
  });

  it('auth, unknown sites and unknown products answer as over HTTP', async () => {
    const cases: Array<[string, RequestInit | undefined]> = [
      ['/usb2c/users/anonymous/addProductToCart', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ productCode: COFFEE }) }],
      ['/usb2c/users/current/carts/current', { headers: bearer() }],
      ['/usb2c/users/anonymous/carts/current', { headers: { authorization: 'Bearer nonsense' } }],
      ['/nosuchsite/products/BH-SIGNATURE-DARK', undefined],
      ['/usb2c/products/NO-SUCH-PRODUCT', undefined],
      ['/usb2c/products/%00', undefined],
    ];
    for (const [path, init] of cases) {
      const d = await direct(api(path), init);
      const h = await inject(api(path), init);
      expect(d.status, path).toBe(h.status);
      expect(d.headers.get('www-authenticate'), path).toBe(h.headers.get('www-authenticate'));
      expect(await d.json(), path).toEqual(await h.json());
    }
  });

  it('a route left to inject (a probe) falls back to app.inject; the guest email step is direct', async () => {
    const res = await direct(`${TEST_BASE_URL}/healthz`);
    expect(isDirectResponse(res)).toBe(false);
    expect(res.status).toBe(200);
    const client = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: direct, getToken: async () => t.token, direct: true });
    const added = await createCommerceClient(client).addToCart('usb2c', { productCode: COFFEE_24 });
    const withEmail = await createCommerceClient(client).setEmail('usb2c', added.cartGuid, 'direct@example.com');
    expect(withEmail.email).toBe('direct@example.com');
    const refused = await createCommerceClient(client).setEmail('usb2c', added.cartGuid, 'x'.repeat(300)).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(400);
  });

  // ADR 0021 amendment: every API route is defined with http/api-route.ts (or is an OAuth endpoint)
  // unless listed, with its reason, in INJECT_ONLY_ROUTES (media bytes, probes, documentation)
  it('every documented route is converted or listed as inject-only', () => {
    const converted = new Set([...t.app.apiRoutes.map((r) => `${r.route.method} ${r.path}`), ...t.app.oauthEndpoints.map((e) => `POST ${e.path}`)]);
    const injectOnly = new Set(INJECT_ONLY_ROUTES.map((r) => `${r.method} ${r.path}`));
    const documented = t.app.documentedRoutes.map((r) => `${r.method} ${r.path}`);
    expect(documented.length).toBeGreaterThan(100);
    expect(documented.filter((r) => !converted.has(r) && !injectOnly.has(r))).toEqual([]);
  });

  // ADR 0021 amendment: the calls the storefront makes for payment details, coupons, gift cards,
  // auto-delivery (buying and home), the monthly box, password reset, customer data and order
  // cancel never go through app.inject, and answer what HTTP answers
  it('the storefront calls of the converted features never fall back to app.inject', async () => {
    const fallbacks: DirectFallback[] = [];
    const counted = createDirectFetch(() => t.app, (call) => fallbacks.push(call));
    const customer = await signUpCustomer(t);
    const added = await createCommerceClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: counted, getToken: async () => t.token, direct: true })).addToCart('usb2c', { productCode: COFFEE_24 });
    const cart = `/usb2c/users/anonymous/carts/${added.cartGuid}`;
    const client = { authorization: `Bearer ${t.token}` };
    const own = { authorization: customer.auth };
    const json = { 'content-type': 'application/json' };
    const calls: Array<[string, string, Record<string, string>, unknown?]> = [
      ['GET', '/usb2c/users/anonymous/customerData', client],
      ['GET', `/usb2c/users/anonymous/customerData?cartGuid=${added.cartGuid}`, client],
      ['GET', '/usb2c/users/current/customerData', own],
      ['GET', '/usb2c/autoDelivery/monthlyProducts?boxCount=24', {}],
      ['GET', '/usb2c/coupons/applyCouponData?couponCode=NO-SUCH-COUPON', client],
      ['GET', '/usb2c/coupons/applyCouponData?couponCode=NO-SUCH-COUPON', {}],
      ['GET', '/usb2c/users/anonymous/discountMessage', client],
      ['POST', `${cart}/coupon/apply`, client, { couponCode: 'NO-SUCH-COUPON' }],
      ['POST', `${cart}/applyDscntCoupon`, client, { couponCode: 'NO-SUCH-COUPON' }],
      ['POST', `${cart}/applyDscntCoupon`, client, {}],
      ['DELETE', `${cart}/coupons/NO-SUCH-COUPON`, client],
      ['POST', `${cart}/giftcard/validate`, client, { giftCardCode: 'NO-SUCH-CARD' }],
      ['POST', `${cart}/giftcard/apply`, client, {}],
      ['PUT', `${cart}/giftcard/apply-value`, client, { giftCardId: 'NO-SUCH-CARD', amount: 100 }],
      ['DELETE', `${cart}/giftcard/remove/NO-SUCH-CARD`, client],
      ['POST', `${cart}/giftcard/remove/NO-SUCH-CARD`, client],
      ['POST', `${cart}/removeAutoDeliveryItem`, client, { entryNumber: 0 }],
      ['GET', `/usb2c/users/anonymous/autoDelivery/smartSuggestion?productCode=${COFFEE_24}&cupsPerDay=2`, client],
      ['GET', `/usb2c/users/anonymous/autoDelivery/smartSuggestion?productCode=${COFFEE_24}&cupsPerDay=99`, client],
      ['POST', '/usb2c/users/anonymous/addCampaignBundle', client, {}],
      ['POST', '/usb2c/forgottenpasswordtokens', client, { email: customer.email }],
      ['POST', '/usb2c/forgottenpasswordtokens', client, { email: 'not an email' }],
      ['POST', '/usb2c/resetpassword', client, { token: 'no-such-token', newPassword: 'Brew2026coffee!' }],
      ['GET', '/usb2c/users/current/paymentdetails', own],
      ['GET', '/usb2c/users/anonymous/paymentdetails', client],
      ['GET', '/usb2c/users/current/fetchStripeCustomerId', own],
      ['PUT', '/usb2c/users/current/saveStripeCustomerId', own],
      ['POST', '/usb2c/users/current/updatePaymentDetails?paymentMethodId=NO-SUCH-CARD', own],
      ['DELETE', '/usb2c/users/current/paymentdetails/NO-SUCH-CARD', own],
      ['POST', '/usb2c/users/current/paymentdetails', own, { testCardNumber: '4242' }],
      ['GET', '/usb2c/users/current/subscriptions', own],
      ['GET', '/usb2c/users/current/subscriptions/NO-SUCH-AD', own],
      ['POST', '/usb2c/users/current/subscriptions/NO-SUCH-AD/skip', own],
      ['POST', '/usb2c/users/current/subscriptions/NO-SUCH-AD/pause', own, { until: 'soon' }],
      ['PATCH', '/usb2c/users/current/subscriptions/NO-SUCH-AD', own, {}],
      ['GET', '/usb2c/users/current/getADOrders', own],
      ['GET', '/usb2c/users/current/paymentdetails/getStripeADPaymentMethod?subscriptionId=NO-SUCH-AD', own],
      ['POST', '/usb2c/users/current/orders/NO-SUCH-ORDER/cancel', own],
      ['GET', '/usb2c/users/current/subscriptions', {}],
    ];
    for (const [method, path, headers, body] of calls) {
      const init: RequestInit = body === undefined ? { method, headers } : { method, headers: { ...headers, ...json }, body: JSON.stringify(body) };
      const d = await counted(api(path), init);
      const label = `${method} ${path}`;
      expect(isDirectResponse(d), label).toBe(true);
      const h = await inject(api(path), init);
      expect(d.status, label).toBe(h.status);
      expect(d.headers.get('retry-after'), label).toBe(h.headers.get('retry-after'));
      expect(d.headers.get('cache-control'), label).toBe(h.headers.get('cache-control'));
      const dText = d.status === 204 ? '' : JSON.stringify(await d.json());
      const hText = await h.text();
      expect(dText === '' ? '' : JSON.parse(dText), label).toEqual(hText === '' ? '' : JSON.parse(hText));
    }
    expect(fallbacks).toEqual([]);
    // the counter hears a fallback: a probe stays on inject
    expect((await counted(`${TEST_BASE_URL}/healthz`)).status).toBe(200);
    expect(fallbacks).toEqual([{ method: 'GET', path: '/healthz', reason: 'unrouted' }]);
  });

  // ADR 0021 amendment: the OAuth endpoints (form bodies, RFC 6749 / 7009) are answered in process
  // too, with the same answers as over HTTP
  it('the OAuth token and revoke endpoints answer in process, as over HTTP', async () => {
    const fallbacks: DirectFallback[] = [];
    const counted = createDirectFetch(() => t.app, (call) => fallbacks.push(call));
    const customer = await signUpCustomer(t);
    const tokenUrl = `${TEST_BASE_URL}/authorizationserver/oauth/token`;
    const revokeUrl = `${TEST_BASE_URL}/authorizationserver/oauth/revoke`;
    const id = t.config.OAUTH_CLIENT_ID;
    const secret = t.config.OAUTH_CLIENT_SECRET;
    const form = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
    const basic = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const refusals: Array<[string, RequestInit]> = [
      [tokenUrl, form({})],
      [tokenUrl, form({ grant_type: 'nope', client_id: id, client_secret: secret })],
      [tokenUrl, form({ grant_type: 'client_credentials', client_id: id, client_secret: 'wrong' })],
      [tokenUrl, form({ grant_type: 'client_credentials', client_id: id, client_secret: secret, scope: 'nope' })],
      [tokenUrl, form({ grant_type: 'password', client_id: id, client_secret: secret, username: customer.email, password: 'wrong-password' })],
      [tokenUrl, form({ grant_type: 'password', client_id: id, client_secret: secret, username: 'x'.repeat(300), password: 'p' })],
      [tokenUrl, form({ grant_type: 'refresh_token', refresh_token: 'no-such-token' }, { authorization: basic })],
      [tokenUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: id, client_secret: 'wrong' }) }],
      [revokeUrl, form({ client_id: id, client_secret: secret })],
      [revokeUrl, form({ token: 'no-such-token', client_id: id, client_secret: secret })],
    ];
    for (const [url, init] of refusals) {
      const d = await counted(url, init);
      const h = await inject(url, init);
      const label = `${url} ${String(init.body)}`;
      expect(isDirectResponse(d), label).toBe(true);
      expect(d.status, label).toBe(h.status);
      for (const name of ['cache-control', 'pragma', 'www-authenticate', 'retry-after']) expect(d.headers.get(name), `${label} ${name}`).toBe(h.headers.get(name));
      expect(await d.json(), label).toEqual(await h.json());
    }
    // client token, sign-in, refresh (rotation), sign-out: the tokens work
    const client = await counted(tokenUrl, form({ grant_type: 'client_credentials' }, { authorization: basic }));
    expect(client.status).toBe(200);
    expect(client.headers.get('cache-control')).toBe('no-store');
    const clientToken = ((await client.json()) as { access_token: string }).access_token;
    expect((await counted(api('/usb2c/users/anonymous/customerData'), { headers: { authorization: `Bearer ${clientToken}` } })).status).toBe(200);
    const signIn = await counted(tokenUrl, form({ grant_type: 'password', username: customer.email, password: customer.password }, { authorization: basic }));
    expect(signIn.status).toBe(200);
    const session = (await signIn.json()) as { access_token: string; refresh_token: string; scope: string };
    expect(session.scope).toBe('customer');
    const refreshed = await counted(tokenUrl, form({ grant_type: 'refresh_token', refresh_token: session.refresh_token }, { authorization: basic }));
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect((await counted(api('/usb2c/users/current/customerData'), { headers: { authorization: `Bearer ${next.access_token}` } })).status).toBe(200);
    const revoked = await counted(revokeUrl, form({ token: next.refresh_token }, { authorization: basic }));
    expect(revoked.status).toBe(200);
    expect((await counted(api('/usb2c/users/current/customerData'), { headers: { authorization: `Bearer ${next.access_token}` } })).status).toBe(401);
    expect(fallbacks).toEqual([]);
  });
});
