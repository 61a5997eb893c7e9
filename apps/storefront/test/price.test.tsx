import { describe, expect, it } from 'vitest';
import { NBSP } from '@store/domain';
import type { ProductCard as Card } from '@store/contracts';
import { Price, priceStrings } from '../app/components/product/Price.tsx';
import type { PriceInput } from '../app/components/product/Price.tsx';
import { useCardMeta } from '../app/components/product/ProductCard.tsx';
import { renderWith, textOf } from './render.tsx';

const usd = (value: number) => ({ value, formattedValue: `$${value}`, currencyIso: 'USD' });
const cad = (value: number) => ({ value, formattedValue: `${value} $`, currencyIso: 'CAD' });

function input(over: Partial<PriceInput> = {}): PriceInput {
  return { priceData: usd(12.99), discountPriceData: usd(9.99), isDiscountPrice: true, salesPriceStrategy: null, ...over };
}

describe('price display (spec §5)', () => {
  it('shows the discount price beside the struck original when isDiscountPrice and no strategy', () => {
    const html = renderWith(<Price input={input()} locale="en-US" />);
    expect(html).toContain('<s class="price-was">');
    expect(textOf(html)).toBe('Sale price: $9.99 Original price: $12.99');
  });

  it.each(['ALL', 'OTP'] as const)('shows the discount price with strategy %s', (s) => {
    expect(priceStrings(input({ salesPriceStrategy: s }), 'en-US')).toEqual({ now: '$9.99', was: '$12.99' });
  });

  it('shows only the list price with strategy AD_PARENT_OTP', () => {
    const html = renderWith(<Price input={input({ salesPriceStrategy: 'AD_PARENT_OTP' })} locale="en-US" />);
    expect(html).not.toContain('<s ');
    expect(html).not.toContain('price-was');
    expect(textOf(html)).toBe('$12.99');
  });

  it('shows only the list price when isDiscountPrice is false or there is no discount price', () => {
    expect(priceStrings(input({ isDiscountPrice: false }), 'en-US')).toEqual({ now: '$12.99', was: null });
    expect(priceStrings(input({ discountPriceData: null }), 'en-US')).toEqual({ now: '$12.99', was: null });
  });

  it('formats per locale: fr-CA "12,99 $", en-CA "$12.99"', () => {
    const fr = priceStrings({ priceData: cad(12.99), discountPriceData: cad(10.49), isDiscountPrice: true, salesPriceStrategy: 'ALL' }, 'fr-CA');
    expect(fr).toEqual({ now: `10,49${NBSP}$`, was: `12,99${NBSP}$` });
    const html = renderWith(<Price input={{ priceData: cad(12.99), discountPriceData: null, isDiscountPrice: false, salesPriceStrategy: null }} locale="fr-CA" />, 'cab2c', 'fr');
    expect(textOf(html)).toBe(`12,99${NBSP}$`);
    expect(priceStrings({ priceData: cad(12.99), discountPriceData: null, isDiscountPrice: false, salesPriceStrategy: null }, 'en-CA').now).toBe('$12.99');
  });

  it('labels the sale and original prices in French', () => {
    const html = renderWith(<Price input={{ ...input(), priceData: cad(12.99), discountPriceData: cad(9.99) }} locale="fr-CA" />, 'cab2c', 'fr');
    expect(textOf(html)).toBe(`Prix réduit\u202f: 9,99${NBSP}$ Prix original\u202f: 12,99${NBSP}$`);
  });
});

function card(over: Partial<Card>): Card {
  return {
    code: 'X',
    name: 'X',
    url: '/x/p/X',
    adEligible: true,
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
    defaultVariantCode: 'X-24',
    count: 24,
    sizeLabel: '24 ct',
    variantCount: 1,
    variantColors: [],
    variants: [],
    priceData: usd(15.99),
    discountPriceData: null,
    isDiscountPrice: false,
    salesPriceStrategy: null,
    stock: { stockLevelStatus: 'inStock', stockLevel: 10 },
    ...over,
  };
}

function Meta({ product }: { product: Card }) {
  return <span>{useCardMeta(product)}</span>;
}

describe('card size label (spec §9)', () => {
  it('labels pods in ct and bagged or canned packs in oz', () => {
    expect(textOf(renderWith(<Meta product={card({})} />))).toBe('24 ct');
    expect(textOf(renderWith(<Meta product={card({ packType: 'Bagged', count: 12 })} />))).toBe('12 oz');
    expect(textOf(renderWith(<Meta product={card({ packType: 'Canned', count: 8 })} />))).toBe('8 oz');
  });

  it('uses the French count word and mentions other sizes', () => {
    expect(textOf(renderWith(<Meta product={card({ variantCount: 3 })} />, 'cab2c', 'fr'))).toBe('24 unités · 3 formats');
  });

  it('counts colours for brewers and shows no pod count for them', () => {
    const brewer = card({ productType: 'Brewer', count: null, variantColors: ['#111111', '#aa0000'], variantCount: 2 });
    expect(textOf(renderWith(<Meta product={brewer} />))).toBe('2 colors');
  });
});
