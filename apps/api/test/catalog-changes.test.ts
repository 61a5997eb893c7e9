/**
 * Catalogue change events (issue 11 item 4, ADR 0019): placing an order tells the page cache which
 * products' stock changed (variant and base product codes), after the order is committed; a
 * declined payment changes nothing and tells nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommerceCalls } from '@store/contracts';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { catalogChangesOf, purgeTagsOf, type CatalogChange } from '../src/catalog-changes.ts';
import { commerce, expectApiError, newKey, prepareCheckout } from './support/commerce.ts';

const COFFEE_24 = 'BH-SIGNATURE-DARK-24';

describe('purge tags of a change', () => {
  it('are the product codes, or every page', () => {
    expect(purgeTagsOf({ kind: 'products', codes: ['A-24', 'A', 'A'] })).toEqual(['product:A-24', 'product:A']);
    expect(purgeTagsOf({ kind: 'catalogue' })).toEqual(['page']);
    expect(purgeTagsOf({ kind: 'content' })).toEqual(['page']);
  });
});

describe.each(dbKinds())('change events on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  const seen: CatalogChange[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
    catalogChangesOf(t.dbh).subscribe((change) => {
      seen.push(change);
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a placed order emits its variant and base product codes; a declined one emits nothing', async () => {
    const declined = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
    await expectApiError(
      api.placeOrder('usb2c', declined.cartGuid, { idempotencyKey: newKey(), paymentIntentId: declined.paymentIntentId, paymentMethod: { testCardNumber: '4000000000000002' } }),
      400,
      'cardDeclined',
    );
    expect(seen).toEqual([]);

    const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
    const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } });
    expect(order.code).toBeTruthy();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual({ kind: 'products', codes: expect.arrayContaining([COFFEE_24, 'BH-SIGNATURE-DARK']) });
  });
});
