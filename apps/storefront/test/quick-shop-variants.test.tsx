/** Issue 13 (ADR 0035 amendment): the quick shop's variant select and the variant a card starts on. */
import { describe, expect, it } from 'vitest';
import { NBSP } from '@store/domain';
import type { ProductCard, ProductCardVariant } from '@store/contracts';
import { quickShopInitialVariant, QuickShopVariantSelect } from '../app/components/landing/QuickShopVariantSelect.tsx';
import { renderWith, textOf } from './render.tsx';

const usd = (value: number) => ({ value, formattedValue: `$${value}`, currencyIso: 'USD' });
const cad = (value: number) => ({ value, formattedValue: `${value} $`, currencyIso: 'CAD' });

function variant(code: string, count: number | null, over: Partial<ProductCardVariant> = {}): ProductCardVariant {
  return {
    code,
    variantUrlSuffix: code.toLowerCase(),
    variantColor: null,
    count,
    sizeLabel: count === null ? null : `${count} ct`,
    priceData: usd(15.99),
    discountPriceData: null,
    isDiscountPrice: false,
    salesPriceStrategy: null,
    stockLevelStatus: 'inStock',
    ...over,
  };
}

function card(variants: ProductCardVariant[], over: Partial<ProductCard> = {}): ProductCard {
  return {
    code: 'X',
    name: 'X',
    url: '/x/p/X',
    adEligible: false,
    adRecurringPriceData: null,
    brand: 'Brewhaus',
    brandCode: 'BREWHAUS',
    productType: 'Coffee',
    isBundle: false,
    packType: null,
    roast: null,
    beverageType: null,
    summary: '',
    images: [],
    defaultVariantCode: variants[0]?.code ?? 'X',
    count: 24,
    sizeLabel: '24 ct',
    variantCount: variants.length,
    variantColors: [],
    variants,
    priceData: usd(15.99),
    discountPriceData: null,
    isDiscountPrice: false,
    salesPriceStrategy: null,
    stock: { stockLevelStatus: 'inStock', stockLevel: 10 },
    ...over,
  };
}

describe('quickShopInitialVariant', () => {
  it('starts on the default variant when it is in stock', () => {
    const c = card([variant('X-24', 24), variant('X-48', 48)], { defaultVariantCode: 'X-48' });
    expect(quickShopInitialVariant(c)).toEqual({ code: 'X-48', soldOut: false });
  });

  it('starts on the first variant in stock when the default is sold out', () => {
    const c = card([variant('X-24', 24, { stockLevelStatus: 'outOfStock' }), variant('X-48', 48, { stockLevelStatus: 'lowStock' })]);
    expect(quickShopInitialVariant(c)).toEqual({ code: 'X-48', soldOut: false });
  });

  it('is sold out on the default variant when no variant is in stock', () => {
    const c = card([variant('X-24', 24, { stockLevelStatus: 'outOfStock' }), variant('X-48', 48, { stockLevelStatus: 'outOfStock' })]);
    expect(quickShopInitialVariant(c)).toEqual({ code: 'X-24', soldOut: true });
  });
});

describe('QuickShopVariantSelect', () => {
  it('renders nothing for a single variant', () => {
    expect(renderWith(<QuickShopVariantSelect card={card([variant('X-24', 24)])} selected="X-24" />)).toBe('');
  });

  it('labels sizes "Size" with the displayed price, and disables a sold-out size', () => {
    const c = card([
      variant('X-24', 24),
      variant('X-48', 48, { priceData: usd(29.99), discountPriceData: usd(25), isDiscountPrice: true }),
      variant('X-96', 96, { stockLevelStatus: 'outOfStock' }),
    ]);
    const html = renderWith(<QuickShopVariantSelect card={c} selected="X-48" />);
    expect(html).toContain('name="productCode"');
    expect(textOf(html)).toBe('Size 24 ct, $15.99 48 ct, $25.00 96 ct, $15.99 (sold out)');
    expect(html).toMatch(/<option value="X-96" disabled="">/);
    expect(html).toMatch(/<option value="X-48" selected="">/);
  });

  it('labels colours "Couleur" in French with the French price and "épuisé"', () => {
    const c = card(
      [
        variant('B-BLACK', null, { variantUrlSuffix: 'matte-black', variantColor: '#111111', priceData: cad(99.99) }),
        variant('B-RED', null, { variantUrlSuffix: 'deep-red', variantColor: '#aa0000', priceData: cad(99.99), stockLevelStatus: 'outOfStock' }),
      ],
      { productType: 'Brewer' },
    );
    const text = textOf(renderWith(<QuickShopVariantSelect card={c} selected="B-BLACK" />, 'cab2c', 'fr'));
    expect(text).toMatch(new RegExp(`^Couleur .+, 99,99${NBSP}\\$ .+, 99,99${NBSP}\\$ \\(épuisé\\)$`));
  });
});
