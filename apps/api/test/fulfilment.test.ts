/**
 * Order fulfilment (issue 12, ADR 0027): the operator's ship call
 * `POST /rest/v2/{site}/orders/{code}/consignments` through HTTP on SQLite and PostgreSQL: whole
 * and partial shipments (lines and units), the statuses customers see (spec §3 mapping), the 409 /
 * 404 / 400 / 401 / 403 answers with nothing written, 20 concurrent calls that never ship more than
 * ordered, and the "your order shipped" email at the SMTP sink in English and French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderHistoryResponse, ShipOrderResponse } from '@store/contracts';
import { buildTestApp, dbKinds, startSmtpSink, TEST_OAUTH_CLIENT, type SmtpSink, type TestApp } from '@store/testing';
import { commerce, newKey, placeCustomerOrder, prepareCheckout, signUpCustomer, type TestCustomer } from './support/commerce.ts';

/** The operator client of these tests (configured by OPERATOR_CLIENT_SECRET). */
const OPERATOR = { clientId: 'operator', clientSecret: 'operator-test-secret-0123456789abcdefXYZ' } as const;

interface ErrorBody {
  errors: Array<{ type: string; reason: string; subject?: string; message: string }>;
}

async function tokenOf(t: TestApp, clientId: string, clientSecret: string, scope?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/authorizationserver/oauth/token',
    payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...(scope ? { scope } : {}) },
  });
}

describe.each(dbKinds())('order fulfilment on %s', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let operatorToken: string;
  let c: TestCustomer;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: sink.url, OPERATOR_CLIENT_SECRET: OPERATOR.clientSecret, PUBLIC_URL: 'https://shop.example' },
    });
    const res = await tokenOf(t, OPERATOR.clientId, OPERATOR.clientSecret);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', scope: 'operator' });
    operatorToken = res.json<{ access_token: string }>().access_token;
    c = await signUpCustomer(t, { firstName: 'Grace' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const ship = (code: string, body: unknown, opts: { token?: string | null; site?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/v2/${opts.site ?? 'usb2c'}/orders/${encodeURIComponent(code)}/consignments`,
      headers: opts.token === null ? {} : { authorization: `Bearer ${opts.token ?? operatorToken}` },
      payload: body as Record<string, unknown>,
    });

  /** A customer order of two lines: entry 0 = 2 × the 24-count box, entry 1 = 1 × the 48-count box. */
  async function twoLineOrder(): Promise<Order> {
    const { order } = await placeCustomerOrder(c, {
      products: [
        { code: 'BH-SIGNATURE-DARK-24', qty: 2 },
        { code: 'BH-SIGNATURE-DARK-48', qty: 1 },
      ],
    });
    expect(order.entries.map((e) => [e.entryNumber, e.quantity])).toEqual([
      [0, 2],
      [1, 1],
    ]);
    return order;
  }

  async function shippedQty(code: string): Promise<number[]> {
    const rows = await t.dbh.db.selectFrom('order_entries').select(['entry_number', 'shipped_qty']).where('order_code', '=', code).orderBy('entry_number').execute();
    return rows.map((r) => Number(r.shipped_qty));
  }
  async function consignmentCount(code: string): Promise<number> {
    const r = await t.dbh.db.selectFrom('consignments').select((eb) => eb.fn.countAll<number | string>().as('n')).where('order_code', '=', code).executeTakeFirstOrThrow();
    return Number(r.n);
  }
  async function statusOf(code: string): Promise<string> {
    return (await t.dbh.db.selectFrom('orders').select('status').where('code', '=', code).executeTakeFirstOrThrow()).status;
  }

  it('ships a whole order: 201, status shipped, the consignment on the order detail and in the history, and the email', async () => {
    const order = await twoLineOrder();
    const res = await ship(order.code, { trackingNumber: '  1Z999AA10123456784 ', carrier: 'UPS' });
    expect(res.statusCode).toBe(201);
    const answer = res.json<ShipOrderResponse>();
    expect(answer).toMatchObject({ orderCode: order.code, status: 'shipped', statusDisplay: 'shipped', complete: true });
    expect(answer.consignment).toMatchObject({
      code: `${order.code}-1`,
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      entries: [
        { entryNumber: 0, quantity: 2 },
        { entryNumber: 1, quantity: 1 },
      ],
    });
    expect(await shippedQty(order.code)).toEqual([2, 1]);

    const detail = await c.customer.getOrder('usb2c', order.code);
    expect(detail).toMatchObject({ status: 'shipped', statusDisplay: 'shipped' });
    expect(detail.consignments).toEqual([answer.consignment]);
    const history = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/current/orders', headers: { authorization: c.auth } });
    const row = history.json<OrderHistoryResponse>().orders.find((o) => o.code === order.code);
    expect(row).toMatchObject({ status: 'shipped', statusDisplay: 'shipped' });
    expect(row?.consignments?.map((x) => x.trackingNumber)).toEqual(['1Z999AA10123456784']);

    const mail = await sink.waitFor((m) => m.subject.includes(order.code) && m.subject.includes('shipped'));
    expect(mail.to).toEqual([c.email]);
    expect(mail.subject).toBe(`Brewhaus: your order ${order.code} has shipped`);
    expect(mail.decoded).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail.decoded).toContain('Carrier: UPS');
    expect(mail.decoded).toContain(`${order.entries[0]!.product.name}`);
    expect(mail.decoded).toContain('× 2');
    expect(mail.decoded).toContain(`/account/orders/${order.code}`);

    // nothing is left: a second whole-order call is refused
    const again = await ship(order.code, { trackingNumber: 'AGAIN1' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().errors[0]).toMatchObject({ type: 'OrderError', reason: 'alreadyShipped' });
    expect(await consignmentCount(order.code)).toBe(1);
  });

  it('ships by lines: partiallyshipped (shown partially-shipped), then the rest with no entries → shipped', async () => {
    const order = await twoLineOrder();
    const first = await ship(order.code, { trackingNumber: 'TRACK-A', entries: [{ entryNumber: 1, quantity: 1 }] });
    expect(first.statusCode).toBe(201);
    expect(first.json<ShipOrderResponse>()).toMatchObject({ status: 'partiallyshipped', statusDisplay: 'partially-shipped', complete: false });
    expect(first.json<ShipOrderResponse>().consignment.carrier).toBeNull();
    const partial = await c.customer.getOrder('usb2c', order.code);
    expect(partial).toMatchObject({ status: 'partiallyshipped', statusDisplay: 'partially-shipped' });
    expect(partial.consignments?.map((x) => x.entries)).toEqual([[{ entryNumber: 1, quantity: 1 }]]);
    const mail = await sink.waitFor((m) => m.subject.includes(order.code) && m.decoded.includes('TRACK-A'));
    expect(mail.subject).toBe(`Brewhaus: part of your order ${order.code} has shipped`);

    const rest = await ship(order.code, { trackingNumber: 'TRACK-B' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json<ShipOrderResponse>()).toMatchObject({ status: 'shipped', complete: true, consignment: { code: `${order.code}-2`, entries: [{ entryNumber: 0, quantity: 2 }] } });
    const full = await c.customer.getOrder('usb2c', order.code);
    expect(full.consignments?.map((x) => x.trackingNumber)).toEqual(['TRACK-A', 'TRACK-B']);
    // a partly shipped order can no longer be cancelled by the customer
    const cancel = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/current/orders/${order.code}/cancel`, headers: { authorization: c.auth } });
    expect(cancel.statusCode).toBe(409);
  });

  it('ships part of a line’s units, then the remaining unit', async () => {
    const order = await twoLineOrder();
    const one = await ship(order.code, { trackingNumber: 'PART-1', entries: [{ entryNumber: 0, quantity: 1 }] });
    expect(one.json<ShipOrderResponse>()).toMatchObject({ status: 'partiallyshipped', complete: false });
    expect(await shippedQty(order.code)).toEqual([1, 0]);
    const two = await ship(order.code, { trackingNumber: 'PART-2', entries: [{ entryNumber: 0, quantity: 1 }, { entryNumber: 1, quantity: 1 }] });
    expect(two.json<ShipOrderResponse>()).toMatchObject({ status: 'shipped', complete: true });
    expect(await shippedQty(order.code)).toEqual([2, 1]);
  });

  it('refuses to ship more than ordered minus shipped (409 naming the line), writing nothing', async () => {
    const order = await twoLineOrder();
    expect((await ship(order.code, { trackingNumber: 'OK-1', entries: [{ entryNumber: 0, quantity: 1 }] })).statusCode).toBe(201);
    // line 0 has one unit left; the second line of the call asks 2 of line 0
    const over = await ship(order.code, { trackingNumber: 'OVER', entries: [{ entryNumber: 1, quantity: 1 }, { entryNumber: 0, quantity: 2 }] });
    expect(over.statusCode).toBe(409);
    expect(over.json<ErrorBody>().errors[0]).toMatchObject({ type: 'OrderError', reason: 'overShipment', subject: 'entries[1].quantity' });
    expect(over.json<ErrorBody>().errors[0]!.message).toContain('Line 0');
    expect(await shippedQty(order.code)).toEqual([1, 0]);
    expect(await consignmentCount(order.code)).toBe(1);
    expect(await statusOf(order.code)).toBe('partiallyshipped');
  });

  it('refuses a cancelled order (409) and answers 404 for an unknown code or another site', async () => {
    const order = await twoLineOrder();
    const cancel = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/current/orders/${order.code}/cancel`, headers: { authorization: c.auth } });
    expect(cancel.statusCode).toBe(200);
    const res = await ship(order.code, { trackingNumber: 'NOPE' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().errors[0]).toMatchObject({ type: 'OrderError', reason: 'notShippable', subject: 'orderCode' });
    expect(await consignmentCount(order.code)).toBe(0);
    expect(await statusOf(order.code)).toBe('cancelled');

    const unknown = await ship('KC-00000-00000', { trackingNumber: 'X1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().errors[0]).toMatchObject({ type: 'UnknownIdentifierError', reason: 'notFound' });
    const live = await twoLineOrder();
    const wrongSite = await ship(live.code, { trackingNumber: 'X1' }, { site: 'cab2c' });
    expect(wrongSite.statusCode).toBe(404);
    expect(await consignmentCount(live.code)).toBe(0);
    const noSite = await ship(live.code, { trackingNumber: 'X1' }, { site: 'nosuchsite' });
    expect(noSite.statusCode).toBe(404);
  });

  it('answers 400 naming the field for bad bodies (NUL byte, 3 KB, charset, entries), before any write', async () => {
    const order = await twoLineOrder();
    const cases: Array<[unknown, string, string?]> = [
      [{}, 'trackingNumber'],
      [{ trackingNumber: '' }, 'trackingNumber'],
      [{ trackingNumber: '    ' }, 'trackingNumber', 'required'],
      [{ trackingNumber: 'AB\u0000CD' }, 'trackingNumber', 'invalidCharacters'],
      [{ trackingNumber: 'X'.repeat(3 * 1024) }, 'trackingNumber', 'tooLong'],
      [{ trackingNumber: 'X'.repeat(65) }, 'trackingNumber', 'tooLong'],
      [{ trackingNumber: '<script>' }, 'trackingNumber', 'invalidCharacters'],
      [{ trackingNumber: 42 }, 'trackingNumber'],
      [{ trackingNumber: 'OK1', carrier: 'U\u0000PS' }, 'carrier', 'invalidCharacters'],
      [{ trackingNumber: 'OK1', carrier: 'C'.repeat(3 * 1024) }, 'carrier', 'tooLong'],
      [{ trackingNumber: 'OK1', entries: [] }, 'entries'],
      [{ trackingNumber: 'OK1', entries: [{ entryNumber: 0, quantity: 0 }] }, 'entries[0].quantity'],
      [{ trackingNumber: 'OK1', entries: [{ entryNumber: 0, quantity: 1.5 }] }, 'entries[0].quantity'],
      [{ trackingNumber: 'OK1', entries: [{ entryNumber: -1, quantity: 1 }] }, 'entries[0].entryNumber'],
      [{ trackingNumber: 'OK1', entries: [{ quantity: 1 }] }, 'entries[0].entryNumber'],
      [{ trackingNumber: 'OK1', entries: [{ entryNumber: 0, quantity: 1 }, { entryNumber: 0, quantity: 1 }] }, 'entries[1].entryNumber', 'duplicateEntry'],
      [{ trackingNumber: 'OK1', entries: [{ entryNumber: 7, quantity: 1 }] }, 'entries[0].entryNumber', 'unknownEntry'],
    ];
    for (const [body, subject, reason] of cases) {
      const res = await ship(order.code, body);
      expect({ status: res.statusCode, body }).toMatchObject({ status: 400 });
      const errors = res.json<ErrorBody>().errors;
      expect(errors.map((e) => e.subject)).toContain(subject);
      if (reason) expect(errors.find((e) => e.subject === subject)?.reason).toBe(reason);
    }
    const long = await ship('K'.repeat(40), { trackingNumber: 'OK1' });
    expect(long.statusCode).toBe(400);
    expect(long.json<ErrorBody>().errors[0]?.subject).toBe('orderCode');
    // a 3 KB path is refused before routing (URI too long)
    expect((await ship('K'.repeat(3 * 1024), { trackingNumber: 'OK1' })).statusCode).toBe(414);
    expect(await shippedQty(order.code)).toEqual([0, 0]);
    expect(await consignmentCount(order.code)).toBe(0);
  });

  it('needs an operator token: 401 without or with a bad one, 403 with a storefront or customer token', async () => {
    const order = await twoLineOrder();
    const none = await ship(order.code, { trackingNumber: 'AUTH1' }, { token: null });
    expect(none.statusCode).toBe(401);
    expect((await ship(order.code, { trackingNumber: 'AUTH1' }, { token: 'not-a-jwt' })).statusCode).toBe(401);
    const storefront = await ship(order.code, { trackingNumber: 'AUTH1' }, { token: t.token });
    expect(storefront.statusCode).toBe(403);
    expect(storefront.json<ErrorBody>().errors[0]).toMatchObject({ type: 'ForbiddenError', reason: 'operatorOnly' });
    expect((await ship(order.code, { trackingNumber: 'AUTH1' }, { token: c.accessToken })).statusCode).toBe(403);
    expect(await consignmentCount(order.code)).toBe(0);

    // the storefront client cannot ask for the scope; a wrong operator secret is refused
    const asked = await tokenOf(t, TEST_OAUTH_CLIENT.clientId, TEST_OAUTH_CLIENT.clientSecret, 'operator');
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ error: 'invalid_scope' });
    const wrong = await tokenOf(t, OPERATOR.clientId, `${OPERATOR.clientSecret}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    // the operator client has no password grant
    const password = await t.app.inject({
      method: 'POST',
      url: '/authorizationserver/oauth/token',
      payload: { grant_type: 'password', client_id: OPERATOR.clientId, client_secret: OPERATOR.clientSecret, username: c.email, password: c.password },
    });
    expect(password.statusCode).toBe(400);
  });

  it('20 concurrent ship calls never ship more than ordered', async () => {
    // one line of 5 units: 20 calls of 1 unit each → exactly 5 succeed
    const { order } = await placeCustomerOrder(c, { products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 5 }] });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ship(order.code, { trackingNumber: `CONC-${i}`, entries: [{ entryNumber: 0, quantity: 1 }] })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await shippedQty(order.code)).toEqual([5]);
    expect(await consignmentCount(order.code)).toBe(5);
    expect(await statusOf(order.code)).toBe('shipped');

    // 20 concurrent whole-order calls → exactly one consignment
    const whole = await twoLineOrder();
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => ship(whole.code, { trackingNumber: `WHOLE-${i}` })));
    expect(all.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(all.filter((a) => a.statusCode === 409).every((a) => a.json<ErrorBody>().errors[0]!.reason === 'alreadyShipped')).toBe(true);
    expect(all.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect(await shippedQty(whole.code)).toEqual([2, 1]);
    expect(await consignmentCount(whole.code)).toBe(1);
  });

  it('emails a French guest on cab2c in French, with the tracking number', async () => {
    const api = commerce(t);
    const p = await prepareCheckout(api, { site: 'cab2c', lang: 'fr', email: 'emile@example.ca' });
    const order = await api.placeOrder('cab2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } });
    expect(order.lang).toBe('fr');
    const res = await ship(order.code, { trackingNumber: '7316 5432 1098', carrier: 'Postes Canada' }, { site: 'cab2c' });
    expect(res.statusCode).toBe(201);
    const mail = await sink.waitFor((m) => m.subject.includes(order.code) && m.subject.includes('expédiée'));
    expect(mail.to).toEqual(['emile@example.ca']);
    expect(mail.subject).toBe(`Brewhaus Canada\u202f: votre commande ${order.code} a été expédiée`);
    expect(mail.decoded).toContain('Numéro de suivi\u202f: 7316 5432 1098');
    expect(mail.decoded).toContain('Transporteur\u202f: Postes Canada');
    expect(mail.decoded).toContain(`/fr/confirmation-de-commande/${order.code}?email=emile%40example.ca`);
    // the guest sees the shipment on the order lookup
    const guest = await t.app.inject({ method: 'GET', url: `/rest/v2/cab2c/users/anonymous/orders/${order.code}?email=emile%40example.ca`, headers: { authorization: `Bearer ${t.token}` } });
    expect(guest.json<Order>()).toMatchObject({ status: 'shipped', statusDisplay: 'shipped', consignments: [{ trackingNumber: '7316 5432 1098' }] });
  });
});
