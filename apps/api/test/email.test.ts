/**
 * Order confirmation email (issue 2): sent after commit over SMTP to a real sink (smtp-server),
 * in English, and in French for a cab2c French order; the file outbox with its dev-only pages
 * when SMTP_URL is unset; and an unreachable SMTP server never fails the order.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@store/contracts';
import { buildTestApp, dbKinds, startSmtpSink, type SmtpSink, type TestApp } from '@store/testing';
import { readOutboxIndex } from '../src/email/mailer.ts';
import { renderOrderConfirmation } from '../src/email/order-confirmation.ts';
import { commerce, newKey, prepareCheckout } from './support/commerce.ts';

const VISA = { testCardNumber: '4242424242424242' };

async function buy(t: TestApp, opts: Parameters<typeof prepareCheckout>[1] = {}): Promise<Order> {
  const api = commerce(t);
  const p = await prepareCheckout(api, opts);
  return api.placeOrder(p.site, p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
}

describe.each(dbKinds())('order confirmation email over SMTP on %s', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, { env: { SMTP_URL: sink.url, MAIL_FROM: 'Brewhaus <orders@brewhaus.test>', PUBLIC_URL: 'https://shop.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('sends the English confirmation with the order code, lines, totals and support details', async () => {
    const order = await buy(t, { email: 'ada@example.com', products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 2 }] });
    const mail = await sink.waitFor((m) => m.subject.includes(order.code));
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.from).toBe('orders@brewhaus.test');
    expect(mail.subject).toBe(`Brewhaus: your order ${order.code} is confirmed`);
    const body = mail.decoded;
    expect(body).toContain(`Order number: ${order.code}`);
    expect(body).toContain(order.entries[0]?.product.name ?? 'missing');
    expect(body).toContain(`Order total: ${order.totalPrice.formattedValue}`);
    expect(body).toContain(`Sales tax: ${order.taxLines[0]?.amount.formattedValue}`);
    expect(body).toContain('1 Main Street');
    expect(body).toContain('visa ending in 4242');
    expect(body).toContain('1-800-555-0142');
    expect(body).toContain('7 days a week, 7:00 a.m. to 12:00 a.m. EST');
    expect(body).toContain(`https://shop.example/order-confirmation/${order.code}?email=ada%40example.com`);
    expect(body).toContain('<table');
    expect(body).not.toContain('4242424242424242');
  });

  it('sends the French confirmation for a cab2c French order', async () => {
    const order = await buy(t, { site: 'cab2c', lang: 'fr', email: 'emile@example.ca' });
    expect(order.lang).toBe('fr');
    const mail = await sink.waitFor((m) => m.subject.includes(order.code));
    expect(mail.subject).toBe(`Brewhaus Canada\u202f: votre commande ${order.code} est confirmée`);
    const body = mail.decoded;
    expect(body).toContain(`Numéro de commande\u202f: ${order.code}`);
    expect(body).toContain('Total de la commande');
    expect(body).toContain('TPS');
    expect(body).toContain('TVQ');
    expect(body).toContain(order.totalPrice.formattedValue);
    expect(body).toContain('Montréal');
    expect(body).toContain('1-888-555-0168');
    expect(body).toContain('7 jours sur 7');
    expect(body).toContain(`/fr/confirmation-de-commande/${order.code}`);
  });

  it('no email for a declined payment', async () => {
    const api = commerce(t);
    const p = await prepareCheckout(api, { email: 'declined@example.com' });
    await expect(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4000000000000002' } })).rejects.toThrow();
    // a later successful order's email arrives; none was ever sent to the declined address
    const order = await buy(t, { email: 'after@example.com' });
    await sink.waitFor((m) => m.subject.includes(order.code));
    expect(sink.messages.some((m) => m.to.includes('declined@example.com'))).toBe(false);
  });
});

describe('file outbox and dev pages', () => {
  const kind = dbKinds()[0] ?? 'sqlite';
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { DEV_PAGES: 'on' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes .eml, .json and index.json, listed at /rest/v2/{site}/dev/outbox', async () => {
    const order = await buy(t, { email: 'outbox@example.com' });
    const dir = t.config.OUTBOX_DIR;
    let index = await readOutboxIndex(dir);
    for (let i = 0; i < 200 && !index.some((m) => m.subject.includes(order.code)); i++) {
      await new Promise((r) => setTimeout(r, 25));
      index = await readOutboxIndex(dir);
    }
    const entry = index.find((m) => m.subject.includes(order.code));
    expect(entry).toMatchObject({ to: 'outbox@example.com' });
    if (!entry) return;
    const eml = readFileSync(join(dir, `${entry.id}.eml`), 'utf8');
    expect(eml).toMatch(/^Subject: /m);
    expect(eml).toContain('outbox@example.com');
    expect(existsSync(join(dir, `${entry.id}.json`))).toBe(true);

    const list = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/dev/outbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain(order.code);
    const one = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/dev/outbox/${entry.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(order.code);
    expect((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/dev/outbox/20260101T000000000Z-00000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/dev/outbox/..%2Fsecret' })).statusCode).toBe(404);
  });
});

describe('outbox pages are off without DEV_PAGES, and email failures never fail the order', () => {
  const kind = dbKinds()[0] ?? 'sqlite';
  let t: TestApp;
  beforeAll(async () => {
    // port 9 (discard) on localhost: nothing listens, the connection is refused
    t = await buildTestApp(kind, { env: { DEV_PAGES: 'off', SMTP_URL: 'smtp://127.0.0.1:9' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('places the order although the SMTP server is unreachable', async () => {
    const order = await buy(t);
    expect(order.status).toBe('created');
    expect((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/dev/outbox' })).statusCode).toBe(404);
  });
});

describe('renderOrderConfirmation', () => {
  it('escapes shopper text in the HTML part', () => {
    const address = { firstName: '<b>Eve</b>', lastName: 'X', line1: '1 A St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' };
    const price = { value: 1, formattedValue: '$1.00', currencyIso: 'USD' };
    const order: Order = {
      code: 'KC-AAAAA-BBBBB',
      status: 'created',
      statusDisplay: 'created',
      baseSiteId: 'usb2c',
      currencyIso: 'USD',
      lang: 'en',
      email: 'e@example.com',
      guestCustomer: true,
      created: '2026-11-22T10:00:00.000Z',
      entries: [{ entryNumber: 0, entryType: 'STD', quantity: 1, product: { code: 'X-1', baseProduct: 'X', name: 'Pods & <Co>', url: '/x/p/X', imageUrl: '/medias/X-1.svg', sizeLabel: '24 ct' }, basePrice: price, totalPrice: price }],
      totalItems: 1,
      totalUnitCount: 1,
      subTotal: price,
      totalDiscounts: { ...price, value: 0, formattedValue: '$0.00' },
      deliveryCost: price,
      totalTax: price,
      taxLines: [],
      totalPrice: price,
      deliveryAddress: address,
      billingAddress: address,
      deliveryMode: { code: 'standard', name: 'Standard shipping' },
      paymentInfo: { provider: 'test', brand: 'visa', last4: '4242' },
      appliedPromotions: [],
      appliedCoupons: [],
      giftCardPayments: [],
      amountPaidByCard: price,
      subscriptions: [],
    };
    const r = renderOrderConfirmation(order, 'en');
    expect(r.html).toContain('Pods &amp; &lt;Co&gt;');
    expect(r.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(r.html).not.toContain('<b>Eve</b>');
    expect(r.text).toContain('Pods & <Co> (24 ct) × 1: $1.00');
    expect(r.text).toContain('November 22, 2026');
  });
});
