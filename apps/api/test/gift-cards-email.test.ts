/**
 * Virtual gift-card products (issue 4; ADR 0010): a paid order of e-gift cards issues one card per
 * unit, worth the unit price, and emails each code over SMTP (a real sink) after commit, in the
 * order's language; the emailed code can then be applied to a new cart and pay an order. The code
 * is stored only as a hash and is never in an API answer. Physical gift cards issue nothing; a
 * declined payment issues nothing; an order of e-gift cards cannot be cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommerceCalls } from '@store/contracts';
import { giftCardLedgerSum, hashGiftCardCode, listGiftCardsIssuedBy } from '@store/db';
import { normalizeGiftCardCode } from '@store/domain';
import { buildTestApp, dbKinds, startSmtpSink, type SinkMessage, type SmtpSink, type TestApp } from '@store/testing';
import { renderGiftCardEmail } from '../src/email/gift-card.ts';
import { commerce, expectApiError, newKey, placeCustomerOrder, prepareCheckout, signUpCustomer } from './support/commerce.ts';

const VISA = { testCardNumber: '4242424242424242' };
const CODE_RE = /\b[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}\b/;

function codeOf(mail: SinkMessage): string {
  const m = CODE_RE.exec(mail.decoded);
  if (!m) throw new Error(`no gift card code in ${mail.subject}`);
  return m[0];
}

describe.each(dbKinds())('e-gift card purchase on %s', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, { env: { SMTP_URL: sink.url, MAIL_FROM: 'Brewhaus <orders@brewhaus.test>', PUBLIC_URL: 'https://shop.example' } });
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('emails one code per unit after payment; the code pays a new order', async () => {
    const p = await prepareCheckout(api, { products: [{ code: 'GC-EGIFT-50', qty: 2 }], email: 'giver@example.com' });
    const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    const mails: SinkMessage[] = [];
    for (let i = 0; i < 2; i++) mails.push(await sink.waitFor((m) => m.subject === 'Brewhaus: your $50.00 gift card' && !mails.includes(m)));
    for (const mail of mails) {
      expect(mail.to).toEqual(['giver@example.com']);
      expect(mail.decoded).toContain(`Bought with order: ${order.code}`);
      expect(mail.decoded).toContain('Keep this email: the code is shown only here.');
      expect(mail.decoded).toContain('<strong>'); // the HTML part
    }
    const codes = mails.map(codeOf);
    expect(new Set(codes).size).toBe(2);

    // stored as hashes only; never in the order answer
    const issued = await listGiftCardsIssuedBy(t.dbh.db, order.code);
    expect(issued).toHaveLength(2);
    for (const card of issued) {
      expect(card).toMatchObject({ base_site: 'usb2c', currency: 'USD', recipient_email: 'giver@example.com', status: 'active' });
      expect(Number(card.balance_minor)).toBe(5000);
      expect(await giftCardLedgerSum(t.dbh.db, card.id)).toBe(5000);
    }
    expect(issued.map((c) => c.code_hash).sort()).toEqual(codes.map((c) => hashGiftCardCode(normalizeGiftCardCode(c)!)).sort());
    const answer = JSON.stringify(await api.getOrder('usb2c', order.code, { email: 'giver@example.com' }));
    for (const code of codes) {
      expect(answer).not.toContain(code);
      expect(answer).not.toContain(normalizeGiftCardCode(code)!);
    }

    // the emailed code works on a new cart
    const next = await prepareCheckout(api, { products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 1 }], email: 'friend@example.com' });
    const v = await api.validateGiftCard('usb2c', next.cartGuid, codes[0]!);
    expect(v).toMatchObject({ valid: true, balance: { value: 50 } });
    const cart = await api.applyGiftCard('usb2c', next.cartGuid, codes[0]!);
    expect(cart.amountToPay.value).toBe(0);
    const paid = await api.placeOrder('usb2c', next.cartGuid, { idempotencyKey: newKey() });
    expect(paid.giftCardPayments).toHaveLength(1);
    expect(paid.paymentInfo.provider).toBe('giftcard');
  });

  it('a French cab2c order gets the French email in CAD', async () => {
    const p = await prepareCheckout(api, { site: 'cab2c', lang: 'fr', products: [{ code: 'GC-EGIFT-25', qty: 1 }], email: 'emile@example.ca' });
    const order = await api.placeOrder('cab2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    expect(order.lang).toBe('fr');
    const mail = await sink.waitFor((m) => m.to.includes('emile@example.ca') && m.subject.includes('carte-cadeau'));
    expect(mail.subject).toBe('Brewhaus Canada\u202f: votre carte-cadeau de 25,00\u00a0$');
    expect(mail.decoded).toContain(`Achetée avec la commande\u202f: ${order.code}`);
    expect(mail.decoded).toContain('Code de la carte-cadeau');
    const code = codeOf(mail);
    const cart = await prepareCheckout(api, { site: 'cab2c', products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 1 }] });
    expect((await api.validateGiftCard('cab2c', cart.cartGuid, code)).balance).toMatchObject({ value: 25, currencyIso: 'CAD' });
    // a CAD card does not pay in USD
    const us = await prepareCheckout(api, { products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 1 }] });
    await expectApiError(api.applyGiftCard('usb2c', us.cartGuid, code), 400, 'giftCardCurrency');
  });

  it('physical gift cards and declined payments issue nothing; an e-gift order cannot be cancelled', async () => {
    const physical = await prepareCheckout(api, { products: [{ code: 'GC-PHYSICAL-50', qty: 1 }] });
    const shipped = await api.placeOrder('usb2c', physical.cartGuid, { idempotencyKey: newKey(), paymentIntentId: physical.paymentIntentId, paymentMethod: VISA });
    expect(await listGiftCardsIssuedBy(t.dbh.db, shipped.code)).toEqual([]);

    const declined = await prepareCheckout(api, { products: [{ code: 'GC-EGIFT-100', qty: 1 }], email: 'declined-gc@example.com' });
    await expectApiError(api.placeOrder('usb2c', declined.cartGuid, { idempotencyKey: newKey(), paymentIntentId: declined.paymentIntentId, paymentMethod: { testCardNumber: '4000000000000002' } }), 400, 'cardDeclined');
    const rows = await t.dbh.db.selectFrom('gift_cards').select('id').where('recipient_email', '=', 'declined-gc@example.com').execute();
    expect(rows).toEqual([]);

    const c = await signUpCustomer(t);
    const { order } = await placeCustomerOrder(c, { products: [{ code: 'GC-EGIFT-25', qty: 1 }] });
    await sink.waitFor((m) => m.to.includes(c.email) && m.subject.includes('gift card'));
    const res = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/current/orders/${order.code}/cancel`, headers: { authorization: c.auth } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errors: [{ type: 'OrderError', reason: 'giftCardsIssued' }] });
    expect(sink.messages.some((m) => m.to.includes('declined-gc@example.com'))).toBe(false);
  });

  it('the email escapes HTML', () => {
    const mail = renderGiftCardEmail({ to: 'x@example.com', baseSiteId: 'usb2c', lang: 'en', code: 'ABCDEFGHJKMNPQRS', amountMinor: 2500, currency: 'USD', orderCode: '<b>X</b>', expiresAt: null });
    expect(mail.html).toContain('&lt;b&gt;X&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>X</b>');
    expect(mail.text).toContain('Gift card code: ABCD-EFGH-JKMN-PQRS');
  });
});
