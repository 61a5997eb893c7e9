/**
 * The shipments block of the account order page (issue 12): tracking number, carrier, date and
 * the lines of each consignment, in English and in French (U+202F before the colon); nothing for
 * an order that has not shipped. And the status labels of shipped orders (spec §3 mapping).
 */
import { describe, expect, it } from 'vitest';
import type { Consignment, OrderEntry } from '@store/contracts';
import { StatusBadge } from '../app/components/account/OrdersTable.tsx';
import { Consignments } from '../app/components/account/Consignments.tsx';
import { renderWith, textOf } from './render.tsx';

const price = { value: 1, formattedValue: '$1.00', currencyIso: 'USD', priceType: 'BUY' } as unknown as OrderEntry['basePrice'];
const entry = (entryNumber: number, name: string, quantity: number): OrderEntry =>
  ({
    entryNumber,
    entryType: 'STD',
    quantity,
    product: { code: `V${entryNumber}`, baseProduct: 'P', name, url: '', imageUrl: '', sizeLabel: null },
    basePrice: price,
    totalPrice: price,
  }) as OrderEntry;
const ENTRIES = [entry(0, 'Signature Dark', 2), entry(1, 'Breakfast Blend', 1)];
const SHIPPED: Consignment[] = [
  { code: 'KC-1-1', trackingNumber: '1Z999AA10123456784', carrier: 'UPS', shippedAt: '2026-11-24T15:00:00.000Z', entries: [{ entryNumber: 1, quantity: 1 }] },
  { code: 'KC-1-2', trackingNumber: 'TRACK-B', carrier: null, shippedAt: '2026-11-25T15:00:00.000Z', entries: [{ entryNumber: 0, quantity: 2 }] },
];

describe('Consignments', () => {
  it('lists each shipment with its tracking number, carrier, date and lines (English)', () => {
    const text = textOf(renderWith(<Consignments consignments={SHIPPED} entries={ENTRIES} titleId="s" />));
    expect(text).toBe(
      'Shipments Shipment 1 Shipped on November 24, 2026 Tracking number: 1Z999AA10123456784 Carrier: UPS Breakfast Blend × 1 Shipment 2 Shipped on November 25, 2026 Tracking number: TRACK-B Signature Dark × 2',
    );
  });

  it('speaks French on cab2c with narrow no-break spaces before colons', () => {
    const text = textOf(renderWith(<Consignments consignments={SHIPPED.slice(0, 1)} entries={ENTRIES} titleId="s" />, 'cab2c', 'fr'));
    expect(text).toBe('Envois Envoi 1 Expédié le 24 novembre 2026 Numéro de suivi\u202f: 1Z999AA10123456784 Transporteur\u202f: UPS Breakfast Blend × 1');
  });

  it('renders nothing before the order ships', () => {
    expect(renderWith(<Consignments consignments={[]} entries={ENTRIES} titleId="s" />)).toBe('');
    expect(renderWith(<Consignments consignments={undefined} entries={ENTRIES} titleId="s" />)).toBe('');
  });

  it('labels shipped and partially shipped orders in both languages', () => {
    expect(textOf(renderWith(<StatusBadge status="shipped" statusDisplay="shipped" />))).toBe('Shipped');
    expect(textOf(renderWith(<StatusBadge status="partiallyshipped" statusDisplay="partially-shipped" />))).toBe('Partially shipped');
    expect(textOf(renderWith(<StatusBadge status="shipped" statusDisplay="shipped" />, 'cab2c', 'fr'))).toBe('Expédiée');
    expect(textOf(renderWith(<StatusBadge status="partiallyshipped" statusDisplay="partially-shipped" />, 'cab2c', 'fr'))).toBe('Partiellement expédiée');
  });
});
