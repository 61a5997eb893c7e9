/**
 * Issue 9 item 3: no input makes the API answer 5xx, on SQLite and PostgreSQL.
 *
 * Every operation of the OpenAPI document the API serves gets a plausible request (a real cart,
 * product, address, order and the right token) with one input at a time replaced by a hostile
 * value: a NUL byte inside a string and a 1 MB string for EVERY path, query, header and body input
 * (operations without inputs get them in an unknown query parameter), plus a seeded sample of
 * wrong types, control characters and out-of-range numbers; and every operation that takes a body
 * gets malformed bodies (truncated JSON, wrong content type, invalid multipart...). The test
 * lists every answer of 500 or more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { ADDRESSES, commerce, newKey, placeCustomerOrder, prepareCheckout, signUpCustomer, TEST_PASSWORD, type TestCustomer } from './support/commerce.ts';
import {
  bodySlots,
  MALFORMED_BODIES,
  OTHER_MUTATIONS,
  operationsOf,
  REQUIRED_MUTATIONS,
  sample,
  sampleValue,
  seededRandom,
  setAt,
  slotName,
  urlValue,
  type Mutation,
  type OpenApiDocument,
  type Operation,
  type Slot,
} from './support/fuzz.ts';

/** The seed of every random choice (change it to explore other samples; keep it fixed in the suite). */
const SEED = 20269;
/** Extra hostile values per input, besides the NUL byte and the 1 MB string. */
const SAMPLED_PER_SLOT = 3;

interface World {
  customer: TestCustomer;
  anonCart: string;
  otherAnonCart: string;
  customerCart: string;
  anonOrder: { code: string; cartGuid: string; email: string };
  customerOrder: string;
  addressId: string;
  paymentMethodId: string;
}

describe.each(dbKinds())('fuzzing every OpenAPI operation on %s', (kind) => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let world: World;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/openapi.json' });
    doc = res.json<OpenApiDocument>();
    const api = commerce(t);
    const customer = await signUpCustomer(t);
    const placed = await prepareCheckout(api);
    const order = await api.placeOrder('usb2c', placed.cartGuid, { idempotencyKey: newKey(), paymentIntentId: placed.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } });
    const customerOrder = await placeCustomerOrder(customer);
    const anonCart = (await api.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', qty: 2 })).cartGuid;
    await api.setEmail('usb2c', anonCart, 'fuzz-guest@example.com');
    await api.setDeliveryAddress('usb2c', anonCart, ADDRESSES.NY);
    const otherAnonCart = (await api.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24' })).cartGuid;
    const customerCart = (await customer.commerce.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24' })).cartGuid;
    const address = await customer.customer.addAddress('usb2c', ADDRESSES.NY);
    const card = await customer.customer.addPaymentDetails('usb2c', { testCardNumber: '4242424242424242', expMonth: 12, expYear: 2030 });
    world = {
      customer,
      anonCart,
      otherAnonCart,
      customerCart,
      anonOrder: { code: order.code, cartGuid: placed.cartGuid, email: placed.email },
      customerOrder: customerOrder.order.code,
      addressId: address.id,
      paymentMethodId: card.id,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Who an operation is called as: the customer for customer-only operations, else anonymous with the machine token. */
  function actorOf(o: Operation): 'customer' | 'anonymous' | 'none' {
    const schemes = (o.op.security ?? []).flatMap((s) => Object.keys(s));
    if (o.path.includes('/users/current') || (schemes.includes('customerToken') && !schemes.includes('clientToken'))) return 'customer';
    if (schemes.includes('clientToken')) return 'anonymous';
    return 'none';
  }

  /** Values that lead a request deeper into the flows than a random string would. */
  function knownValue(o: Operation, actor: 'customer' | 'anonymous' | 'none') {
    const customer = actor === 'customer';
    const values: Record<string, unknown> = {
      baseSiteId: 'usb2c',
      userId: customer ? 'current' : 'anonymous',
      cartGuid: customer ? world.customerCart : o.path.includes('/orders/') ? world.anonOrder.cartGuid : world.anonCart,
      sessioncartguid: world.anonCart,
      anonymousCartGuid: world.otherAnonCart,
      code: o.path.includes('/categories/') ? 'BV' : 'BH-SIGNATURE-DARK',
      productCode: 'BH-SIGNATURE-DARK-24',
      productCodes: o.op.requestBody ? ['BH-SIGNATURE-DARK-24'] : 'BH-SIGNATURE-DARK-24,ACC-DESCALE',
      componentIds: 'HomepageHero',
      entryNumber: '0',
      orderCode: customer ? world.customerOrder : world.anonOrder.code,
      addressId: world.addressId,
      paymentMethodId: world.paymentMethodId,
      savedPaymentMethodId: world.paymentMethodId,
      giftCardId: 'gc_unknown',
      giftCardCode: 'BREW-USAA-GFTC-5555',
      couponCode: 'WELCOME10',
      name: 'BH-SIGNATURE-DARK-24.svg',
      email: o.path.includes('/orders/') ? world.anonOrder.email : world.customer.email,
      username: world.customer.email,
      password: TEST_PASSWORD,
      oldPassword: TEST_PASSWORD,
      newPassword: 'Brew2027coffee',
      firstName: 'Ada',
      lastName: 'Lovelace',
      line1: '1 Main Street',
      city: 'Albany',
      region: 'NY',
      postalCode: '12207',
      country: 'US',
      phone: '518-555-0100',
      testCardNumber: '4242424242424242',
      term: 'coffee',
      qty: 1,
      grant_type: 'password',
      client_id: 'storefront',
      client_secret: 'storefront-dev-secret',
      'idempotency-key': newKey(),
    };
    return (name: string) => values[name];
  }

  /** The baseline request of an operation (before any mutation). */
  function baseline(o: Operation) {
    const actor = actorOf(o);
    const known = knownValue(o, actor);
    const params = o.op.parameters ?? [];
    const path: Record<string, string> = {};
    const query: Record<string, string> = {};
    const headers: Record<string, string> = {};
    for (const p of params) {
      const value = String(sampleValue(p.schema ?? {}, p.name, known));
      if (p.in === 'path') path[p.name] = encodeURIComponent(value);
      else if (p.in === 'query' && (p.required || known(p.name) !== undefined)) query[p.name] = encodeURIComponent(value);
      else if (p.in === 'header') headers[p.name] = value;
    }
    const content = o.op.requestBody?.content ?? {};
    const bodyType = Object.keys(content).find((c) => c.includes('json')) ?? Object.keys(content)[0];
    const body = bodyType ? sampleValue(content[bodyType]?.schema ?? {}, '', known) : undefined;
    if (actor === 'customer') headers.authorization = world.customer.auth;
    else if (actor === 'anonymous') headers.authorization = `Bearer ${t.token}`;
    return { actor, path, query, headers, body, bodyType };
  }

  type Request = ReturnType<typeof baseline>;

  async function send(o: Operation, r: Request, raw?: { contentType: string; payload: string }) {
    let url = o.path.replace(/\{([^}]+)\}/g, (_m, name: string) => r.path[name] ?? 'x');
    const qs = Object.entries(r.query).map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&');
    if (qs) url += `?${qs}`;
    const headers = { ...r.headers };
    let payload: string | undefined;
    if (raw) {
      headers['content-type'] = raw.contentType;
      payload = raw.payload;
    } else if (r.body !== undefined) {
      const form = r.bodyType === 'application/x-www-form-urlencoded';
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
      payload = form
        ? new URLSearchParams(Object.entries(r.body as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()
        : JSON.stringify(r.body);
    }
    try {
      const res = await t.app.inject({ method: o.method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
      return { status: res.statusCode, body: res.body.slice(0, 160) };
    } catch (error) {
      return { status: 599, body: `inject threw: ${String(error)}` };
    }
  }

  function mutate(r: Request, slot: Slot, m: Mutation): Request {
    if (slot.in === 'body') return { ...r, body: setAt(r.body, slot.path, m.json) };
    if (slot.in === 'header') return { ...r, headers: { ...r.headers, [slot.name]: m.raw } };
    return { ...r, [slot.in]: { ...r[slot.in], [slot.name]: urlValue(m) } };
  }

  /** Operations that may end the customer's session run last. */
  function order(ops: Operation[]): Operation[] {
    const late = (o: Operation) => (/password|revoke/.test(o.path) ? 1 : 0);
    return [...ops].sort((a, b) => late(a) - late(b));
  }

  it('answers no 5xx to NUL bytes, 1 MB strings, wrong types and malformed bodies, on every operation', async () => {
    const random = seededRandom(SEED);
    const operations = order(operationsOf(doc));
    expect(operations.length).toBeGreaterThan(60);
    const offenders: string[] = [];
    const hitWithNulAndLong = new Set<string>();
    let sent = 0;
    for (const o of operations) {
      const base = baseline(o);
      const slots: Slot[] = [
        ...(o.op.parameters ?? []).filter((p) => p.in !== 'cookie').map((p) => ({ in: p.in as 'path' | 'query' | 'header', name: p.name })),
        ...bodySlots(base.body),
      ];
      if (slots.length === 0) slots.push({ in: 'query', name: 'fuzz' });
      for (const slot of slots) {
        const mutations = [...REQUIRED_MUTATIONS, ...sample(OTHER_MUTATIONS, SAMPLED_PER_SLOT, random)];
        for (const m of mutations) {
          const res = await send(o, mutate(base, slot, m));
          sent++;
          if (res.status >= 500) offenders.push(`${o.method} ${o.path} ${slotName(slot)}=${m.name} → ${res.status} ${res.body}`);
        }
      }
      hitWithNulAndLong.add(`${o.method} ${o.path}`);
      if (o.op.requestBody || ['POST', 'PUT', 'PATCH'].includes(o.method)) {
        for (const b of MALFORMED_BODIES) {
          const res = await send(o, base, { contentType: b.contentType, payload: b.payload });
          sent++;
          if (res.status >= 500) offenders.push(`${o.method} ${o.path} body=${b.name} → ${res.status} ${res.body}`);
        }
      }
    }
    expect(hitWithNulAndLong.size).toBe(operations.length);
    expect(sent).toBeGreaterThan(operations.length * 5);
    expect(offenders, `${offenders.length} answers of 5xx out of ${sent} requests:\n${offenders.join('\n')}`).toEqual([]);
  });
});
