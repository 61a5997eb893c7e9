/**
 * A large synthetic catalogue for load tests and the import benchmark (e.g. 10,000 products).
 * Deterministic; codes are `SYN-000001` (variants `SYN-000001-24`, `-48`, `-96`); uses the demo
 * categories, so it can be imported on its own or on top of the demo catalogue.
 */
import type { BaseSiteUid, CatalogFileInput } from '@store/contracts';
import { buildDemoCatalog, DEMO_CATEGORY_CODES as C } from './catalog.ts';

const ADJ = [
  { en: 'Bold', fr: 'corsé' },
  { en: 'Smooth', fr: 'doux' },
  { en: 'Bright', fr: 'vif' },
  { en: 'Velvet', fr: 'velouté' },
  { en: 'Golden', fr: 'doré' },
  { en: 'Midnight', fr: 'de minuit' },
];
const NOUN = [
  { en: 'Harbor', fr: 'Port' },
  { en: 'Summit', fr: 'Sommet' },
  { en: 'Meadow', fr: 'Prairie' },
  { en: 'Canyon', fr: 'Canyon' },
  { en: 'Orchard', fr: 'Verger' },
  { en: 'Lantern', fr: 'Lanterne' },
  { en: 'Cedar', fr: 'Cèdre' },
];
const KIND = [
  { type: 'coffee' as const, en: 'Coffee', fr: 'Café', cat: C.coffee, roast: 'medium' as const },
  { type: 'tea' as const, en: 'Tea', fr: 'Thé', cat: C.tea, roast: null },
  { type: 'cocoa' as const, en: 'Hot Cocoa', fr: 'Chocolat chaud', cat: C.cocoa, roast: null },
  { type: 'iced' as const, en: 'Iced Coffee', fr: 'Café glacé', cat: C.iced, roast: 'medium' as const },
];
const SITES: BaseSiteUid[] = ['usb2c', 'cab2c', 'usafh'];

/**
 * Build `productCount` beverage products with 3 count variants each (24/48/96 ct), priced on all
 * three sites (USD, CAD ≈ 1.35×), with English and French text, plus the demo categories.
 */
export function buildSyntheticCatalog(productCount: number): CatalogFileInput {
  const products: CatalogFileInput['products'] = [];
  for (let i = 1; i <= productCount; i++) {
    const adj = ADJ[i % ADJ.length]!;
    const noun = NOUN[Math.floor(i / ADJ.length) % NOUN.length]!;
    const kind = KIND[i % KIND.length]!;
    const code = `SYN-${String(i).padStart(6, '0')}`;
    const name = { en: `${adj.en} ${noun.en} ${kind.en} No. ${i}`, fr: `${kind.fr} ${noun.fr} ${adj.fr} no ${i}` };
    const per = 60 + (i % 30);
    products.push({
      code,
      productType: 'Coffee',
      beverageType: kind.type,
      brand: 'Brewhaus Lab',
      brandCode: 'BREWHAUS_LAB',
      roast: kind.roast,
      name,
      summary: { en: `Test beverage number ${i}.`, fr: `Boisson d'essai numéro ${i}.` },
      description: { en: `A generated product for load testing, number ${i}.`, fr: `Un produit généré pour les essais de charge, numéro ${i}.` },
      slug: { en: `synthetic-${i}`, fr: `synthetique-${i}` },
      categories: [kind.cat, C.beverages],
      sites: SITES,
      imageColor: '#6b4f3a',
      sortOrder: 100000 + i,
      variants: [24, 48, 96].map((count, k) => {
        const usd = Math.round((per * count * (1 - k * 0.05)) / 100) * 100 - 1;
        return {
          code: `${code}-${count}`,
          variantUrlSuffix: `${count}-ct`,
          count,
          isDefault: k === 0,
          stock: 50 + ((i * 7 + k) % 400),
          prices: SITES.map((s) => ({ baseSite: s, price: s === 'cab2c' ? Math.round((usd * 1.35) / 100) * 100 - 1 : usd })),
        };
      }),
    });
  }
  return { version: 1, categories: buildDemoCatalog().categories, products };
}
