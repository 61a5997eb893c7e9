/**
 * Issue 13 (ADR 0035), storefront side: the language switch of the quick shop and of French
 * starter-kit slugs, which path segments are landing slugs, and the kit's savings.
 */
import { describe, expect, it } from 'vitest';
import type { ProductFull } from '@store/contracts';
import { switchLanguagePath } from '../app/lib/paths.ts';
import { landingSlugOf } from '../app/lib/landing.server.ts';
import { kitSavingsMinor } from '../app/components/landing/StarterKitLanding.tsx';
import { quickShopPath } from '../app/components/landing/paths.ts';

describe('language switch', () => {
  it('maps the quick shop both ways, keeping the query', () => {
    expect(switchLanguagePath('/quick-shop', '?tab=BR', 'fr')).toBe('/fr/achat-rapide?tab=BR');
    expect(switchLanguagePath('/fr/achat-rapide', '', 'en')).toBe('/quick-shop');
    expect(quickShopPath('fr')).toBe('/fr/achat-rapide');
  });
  it('maps a French starter-kit slug to its English twin; English slugs only gain /fr', () => {
    expect(switchLanguagePath('/fr/trousse-de-demarrage-solo', '', 'en')).toBe('/solo-starter-kit');
    expect(switchLanguagePath('/fr/brewer-starter-kit', '', 'en')).toBe('/brewer-starter-kit');
    expect(switchLanguagePath('/duo-plus-starter-kit', '', 'fr')).toBe('/fr/duo-plus-starter-kit');
  });
});

describe('landingSlugOf', () => {
  it('accepts one landing-shaped segment, lower-cased', () => {
    expect(landingSlugOf('Brewer-Starter-Kit')).toBe('brewer-starter-kit');
    expect(landingSlugOf('/trousse-de-demarrage-solo/')).toBe('trousse-de-demarrage-solo');
  });
  it('refuses other paths', () => {
    for (const s of ['', 'coffee', 'a/brewer-starter-kit', 'starter-kit', 'x_y-starter-kit']) expect(landingSlugOf(s)).toBeNull();
  });
});

describe('kitSavingsMinor', () => {
  const kit = (items: number, price: number, discount: number | null = null) =>
    ({
      priceData: { value: price, formattedValue: '', currencyIso: 'USD' },
      discountPriceData: discount === null ? null : { value: discount, formattedValue: '', currencyIso: 'USD' },
      isDiscountPrice: discount !== null,
      salesPriceStrategy: null,
      bundleTemplateData: { itemsTotalPrice: { value: items, formattedValue: '', currencyIso: 'USD' } },
    }) as unknown as ProductFull;
  it('is the items total minus the displayed kit price, in minor units', () => {
    expect(kitSavingsMinor(kit(155.95, 124.99))).toBe(3096);
    expect(kitSavingsMinor(kit(155.95, 124.99, 99.99))).toBe(5596);
  });
  it('is never negative', () => expect(kitSavingsMinor(kit(100, 120))).toBe(0));
});
