/**
 * Fifty concurrent redemptions of one gift card's full balance (issue 4 "How it is checked"):
 * 50 carts, each prepared first with the same card applied for its whole balance, then placed at
 * once. Exactly one order, 49 clear 409 `giftCardBalance` answers, the balance 0 and never
 * negative, Σ ledger == balance, one hold and one redemption — on SQLite and on PostgreSQL. Once
 * with the test card paying the rest, once with the card paying everything (no payment intents).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, type CommerceCalls, type Order } from '@store/contracts';
import { giftCardLedgerSum, insertGiftCard, listGiftCardLedger } from '@store/db';
import { formatGiftCardCode, generateGiftCardCode } from '@store/domain';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { commerce, newKey, prepareCheckout, type PreparedCheckout } from './support/commerce.ts';

const SHOPPERS = 50;
const COFFEE_24 = 'BH-SIGNATURE-DARK-24';

describe.each(dbKinds())('concurrent gift-card redemptions on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newCard(amountMinor: number): Promise<{ id: string; code: string }> {
    const code = generateGiftCardCode((n) => randomBytes(n));
    const card = await insertGiftCard(t.dbh.db, { code, baseSite: 'usb2c', currency: 'USD', amountMinor, now: new Date().toISOString() });
    return { id: card.id, code: formatGiftCardCode(code) };
  }

  /** Prepares the carts, applies the card for `amountMinor` on each, places them all at once. */
  async function race(card: { id: string; code: string }, amountMinor: number, withIntent: boolean) {
    const prepared: PreparedCheckout[] = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }], email: `gc-shopper${i}@example.com` });
      await api.applyGiftCard('usb2c', p.cartGuid, card.code);
      const cart = await api.applyGiftCardValue('usb2c', p.cartGuid, card.id, amountMinor);
      expect(Math.round(cart.appliedGiftCards[0]!.appliedAmount.value * 100)).toBe(amountMinor);
      prepared.push(p);
    }
    const results = await Promise.allSettled(
      prepared.map((p) =>
        api.placeOrder('usb2c', p.cartGuid, withIntent ? { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } } : { idempotencyKey: newKey() }),
      ),
    );
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    return { prepared, won, lost };
  }

  async function expectOneRedemption(card: { id: string }, amountMinor: number, prepared: PreparedCheckout[], won: Order[], lost: unknown[]) {
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(SHOPPERS - 1);
    for (const error of lost) {
      expect(isApiError(error)).toBe(true);
      if (!isApiError(error)) continue;
      expect({ status: error.status, type: error.errors[0]?.type, reason: error.reason }).toEqual({ status: 409, type: 'GiftCardError', reason: 'giftCardBalance' });
    }
    const row = await t.dbh.db.selectFrom('gift_cards').select('balance_minor').where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(Number(row.balance_minor)).toBe(0);
    expect(await giftCardLedgerSum(t.dbh.db, card.id)).toBe(0);
    const ledger = (await listGiftCardLedger(t.dbh.db, card.id)).map((r) => `${r.kind}:${Number(r.amount_minor)}`);
    expect(ledger.sort()).toEqual([`hold:${amountMinor}`, `issue:${amountMinor}`, `redeem:${amountMinor}`]);
    const guids = prepared.map((p) => p.cartGuid);
    const orders = await t.dbh.db.selectFrom('orders').select(['code', 'status', 'gift_card_minor']).where('cart_guid', 'in', guids).execute();
    expect(orders.map((o) => ({ code: o.code, status: o.status, gc: Number(o.gift_card_minor) }))).toEqual([{ code: won[0]?.code, status: 'created', gc: amountMinor }]);
    const uses = await t.dbh.db.selectFrom('order_gift_cards').select(['order_code', 'status']).where('gift_card_id', '=', card.id).execute();
    expect(uses).toEqual([{ order_code: won[0]?.code, status: 'redeemed' }]);
    const carts = await t.dbh.db.selectFrom('carts').select('status').where('guid', 'in', guids).execute();
    expect(carts.filter((c) => c.status === 'open')).toHaveLength(SHOPPERS - 1);
    return guids;
  }

  it(`${SHOPPERS} concurrent placements with the same card for its full balance (test card pays the rest): exactly one succeeds`, async () => {
    const card = await newCard(1000);
    const { prepared, won, lost } = await race(card, 1000, true);
    const guids = await expectOneRedemption(card, 1000, prepared, won, lost);
    expect(Math.round(won[0]!.amountPaidByCard.value * 100)).toBe(Math.round(won[0]!.totalPrice.value * 100) - 1000);
    const charged = await t.dbh.db.selectFrom('payment_intents').select('id').where('cart_guid', 'in', guids).where('status', '=', 'succeeded').execute();
    expect(charged).toHaveLength(1);
  });

  it(`${SHOPPERS} concurrent placements paid by the card alone (no payment intents): exactly one succeeds`, async () => {
    // every cart holds the same line to the same address: the total of one is the total of all
    const sample = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
    const total = Math.round((await api.getCart('usb2c', sample.cartGuid)).totalPrice.value * 100);
    const card = await newCard(total);
    const r = await race(card, total, false);
    const guids = await expectOneRedemption(card, total, r.prepared, r.won, r.lost);
    expect(r.won[0]!.paymentInfo.provider).toBe('giftcard');
    const charged = await t.dbh.db.selectFrom('payment_intents').select('id').where('cart_guid', 'in', guids).where('status', '=', 'succeeded').execute();
    expect(charged).toEqual([]);
  });
});
