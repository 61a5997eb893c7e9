/** Issue 11: listings send the card view (lib/card-view.ts), and a card renders the same from it as from the full card. */
import { describe, expect, it } from 'vitest';
import { createRoutesStub } from 'react-router';
import type { ProductCard as Card, ProductCardVariant } from '@store/contracts';
import { toCardView } from '../app/lib/card-view.ts';
import { ProductCard, ProductGrid } from '../app/components/product/ProductCard.tsx';
import { renderWith } from './render.tsx';

const usd = (value: number) => ({ value, formattedValue: `$${value}`, currencyIso: 'USD' });

function variant(code: string, count: number): ProductCardVariant {
  return { code, variantUrlSuffix: `${count}-ct`, variantColor: null, count, sizeLabel: `${count} ct`, priceData: usd(15.99), discountPriceData: null, isDiscountPrice: false, salesPriceStrategy: null, stockLevelStatus: 'inStock' };
}

function card(code: string, over: Partial<Card> = {}): Card {
  return {
    code,
    name: `Coffee ${code}`,
    url: `/coffee/p/${code}`,
    adEligible: true,
    adRecurringPriceData: usd(13.59),
    brand: 'Brewhaus',
    brandCode: 'BREWHAUS',
    productType: 'Coffee',
    isBundle: false,
    packType: null,
    roast: 'dark',
    beverageType: 'coffee',
    summary: 'A long summary of the coffee that the card does not show. '.repeat(4),
    images: [
      { url: `/medias/${code}-24.svg`, altText: 'Coffee', format: 'product', imageType: 'PRIMARY' },
      { url: `/medias/${code}-48.svg`, altText: 'Coffee', format: 'product', imageType: 'GALLERY' },
    ] as Card['images'],
    defaultVariantCode: `${code}-24`,
    count: 24,
    sizeLabel: '24 ct',
    variantCount: 3,
    variantColors: [],
    variants: [variant(`${code}-24`, 24), variant(`${code}-48`, 48), variant(`${code}-96`, 96)],
    priceData: usd(17.99),
    discountPriceData: usd(14.99),
    isDiscountPrice: true,
    salesPriceStrategy: 'ALL',
    stock: { stockLevelStatus: 'lowStock', stockLevel: 3 },
    ...over,
  };
}

function inRouter(node: React.ReactNode, lang: 'en' | 'fr' = 'en'): string {
  const Stub = createRoutesStub([{ path: '/c/X', Component: () => node }]);
  return renderWith(<Stub initialEntries={['/c/X']} />, lang === 'fr' ? 'cab2c' : 'usb2c', lang);
}

describe('toCardView', () => {
  it('renders the same card as the full card, in English and French', () => {
    for (const lang of ['en', 'fr'] as const) {
      const full = card('A');
      expect(inRouter(<ProductCard product={toCardView(full)} />, lang)).toBe(inRouter(<ProductCard product={full} />, lang));
    }
  });

  it('keeps the first image URL, the stock status and the price inputs; drops variants, summary and stock level', () => {
    const view = toCardView(card('A'));
    expect(view.images).toEqual([{ url: '/medias/A-24.svg' }]);
    expect(view.stock).toEqual({ stockLevelStatus: 'lowStock' });
    expect(view).toMatchObject({ priceData: usd(17.99), discountPriceData: usd(14.99), isDiscountPrice: true, salesPriceStrategy: 'ALL' });
    expect(view).not.toHaveProperty('variants');
    expect(view).not.toHaveProperty('summary');
    expect(JSON.stringify(view).length).toBeLessThan(JSON.stringify(card('A')).length / 2);
  });

  it('a card without an image has no image in its view', () => {
    expect(toCardView(card('B', { images: [] })).images).toEqual([]);
  });
});

describe('ProductGrid compare forms', () => {
  it('the cards post four shared forms by their form attribute instead of one form each', () => {
    const html = inRouter(<ProductGrid products={[card('A'), card('B'), card('C', { productType: 'Brewer' })].map(toCardView)} />);
    expect(html.match(/<form[^>]*class="compare-shared-form"/g)).toHaveLength(4);
    expect(html).not.toMatch(/<form[^>]*class="add-to-compare"/);
    const buttons = [...html.matchAll(/<button[^>]*class="compare-toggle"[^>]*>/g)].map((m) => m[0]);
    expect(buttons).toHaveLength(3);
    for (const [code, kind] of [['A', 'products'], ['B', 'products'], ['C', 'brewers']]) {
      const button = buttons.find((b) => b.includes(`value="${code}"`));
      expect(button).toMatch(new RegExp(`form="[^"]+-add-${kind}"`));
      const id = /form="([^"]+)"/.exec(button ?? '')?.[1];
      expect(html).toContain(`id="${id}"`);
    }
  });
});
