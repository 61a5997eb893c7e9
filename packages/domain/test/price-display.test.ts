import { describe, expect, it } from 'vitest';
import type { SalesPriceStrategy, VariantPricing } from '../src/index.ts';
import { SALES_PRICE_STRATEGIES, discountApplies, displayedPrice, isSalesPriceStrategy, sizeLabel, stockLevelStatus } from '../src/index.ts';

const p = (over: Partial<VariantPricing> = {}): VariantPricing => ({ priceMinor: 1999, discountPriceMinor: 1499, isDiscountPrice: true, salesPriceStrategy: null, ...over });

describe('displayedPrice (spec §5 matrix)', () => {
  const strategies: Array<SalesPriceStrategy | null> = [null, 'ALL', 'OTP', 'AD_PARENT_OTP', 'AD_RECURRING_OTP'];
  const expectedDisplay: Record<string, boolean> = { null: true, ALL: true, OTP: true, AD_PARENT_OTP: false, AD_RECURRING_OTP: false };
  const expectedCartAdd: Record<string, boolean> = { null: true, ALL: true, OTP: true, AD_PARENT_OTP: true, AD_RECURRING_OTP: false };

  for (const s of strategies) {
    it(`isDiscountPrice=true, strategy ${String(s)}`, () => {
      const shown = displayedPrice(p({ salesPriceStrategy: s }));
      expect(shown).toEqual(expectedDisplay[String(s)] ? { priceMinor: 1499, originalPriceMinor: 1999 } : { priceMinor: 1999, originalPriceMinor: null });
      const cartAdd = displayedPrice(p({ salesPriceStrategy: s }), 'cartAddEvent');
      expect(cartAdd.priceMinor).toBe(expectedCartAdd[String(s)] ? 1499 : 1999);
    });
    it(`isDiscountPrice=false, strategy ${String(s)} shows the list price`, () => {
      expect(displayedPrice(p({ isDiscountPrice: false, salesPriceStrategy: s }))).toEqual({ priceMinor: 1999, originalPriceMinor: null });
      expect(displayedPrice(p({ isDiscountPrice: false, salesPriceStrategy: s }), 'cartAddEvent')).toEqual({ priceMinor: 1999, originalPriceMinor: null });
    });
  }

  it('shows the list price when there is no discount price', () => {
    expect(displayedPrice(p({ discountPriceMinor: null }))).toEqual({ priceMinor: 1999, originalPriceMinor: null });
    expect(discountApplies(p({ discountPriceMinor: null }))).toBe(false);
  });
  it('has no original price when the discount price is not lower', () => {
    expect(displayedPrice(p({ discountPriceMinor: 1999 }))).toEqual({ priceMinor: 1999, originalPriceMinor: null });
  });
  it('discountApplies follows the same rule', () => {
    expect(discountApplies(p({ salesPriceStrategy: 'AD_PARENT_OTP' }))).toBe(false);
    expect(discountApplies(p({ salesPriceStrategy: 'AD_PARENT_OTP' }), 'cartAddEvent')).toBe(true);
    expect(discountApplies(p({ salesPriceStrategy: 'OTP' }))).toBe(true);
  });
  it('never gives a one-time purchase the recurring-only price (AD_RECURRING_OTP, ADR 0018)', () => {
    expect(discountApplies(p({ salesPriceStrategy: 'AD_RECURRING_OTP' }))).toBe(false);
    expect(discountApplies(p({ salesPriceStrategy: 'AD_RECURRING_OTP' }), 'cartAddEvent')).toBe(false);
    expect(displayedPrice(p({ salesPriceStrategy: 'AD_RECURRING_OTP' }))).toEqual({ priceMinor: 1999, originalPriceMinor: null });
  });
  it('recognises the sales price strategies', () => {
    expect(SALES_PRICE_STRATEGIES).toEqual(['ALL', 'OTP', 'AD_PARENT_OTP', 'AD_RECURRING_OTP']);
    for (const s of SALES_PRICE_STRATEGIES) expect(isSalesPriceStrategy(s)).toBe(true);
    for (const bad of [null, undefined, '', 'all', 'AD_RECURRING', 1]) expect(isSalesPriceStrategy(bad)).toBe(false);
  });
});

describe('sizeLabel (spec §9)', () => {
  it('labels bagged and canned packs in oz, others in ct / unités', () => {
    expect(sizeLabel(12, 'Bagged', 'en')).toBe('12 oz');
    expect(sizeLabel(12, 'Bagged', 'fr')).toBe('12 oz');
    expect(sizeLabel(8, 'Canned', 'en')).toBe('8 oz');
    expect(sizeLabel(24, null, 'en')).toBe('24 ct');
    expect(sizeLabel(24, null, 'fr')).toBe('24 unités');
    expect(sizeLabel(1, null, 'fr')).toBe('1 unité');
    expect(sizeLabel(2, null, 'fr')).toBe('2 unités');
    expect(sizeLabel(1, null, 'en')).toBe('1 ct');
    expect(sizeLabel(null, 'Bagged', 'en')).toBeNull();
    expect(sizeLabel(null, null, 'fr')).toBeNull();
  });
});

describe('stockLevelStatus', () => {
  it('classifies stock against the low threshold', () => {
    expect(stockLevelStatus(0, 5)).toBe('outOfStock');
    expect(stockLevelStatus(-2, 5)).toBe('outOfStock');
    expect(stockLevelStatus(1, 5)).toBe('lowStock');
    expect(stockLevelStatus(5, 5)).toBe('lowStock');
    expect(stockLevelStatus(6, 5)).toBe('inStock');
    expect(stockLevelStatus(1, 0)).toBe('inStock');
  });
});
