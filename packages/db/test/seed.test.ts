/**
 * The demo catalogue, its generated images, the search text folding and the content seed
 * (issue 2 "An original demo catalogue", spec §3, §5, §7, §9).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CatalogFileSchema, type CatalogFile } from '@store/contracts';
import { frenchTypographyIssues } from '@store/domain';
import { buildDemoCatalog, DEMO_CATEGORY_CODES, DEMO_CODES, VARIANT_COLORS } from '../src/seed/catalog.ts';
import { demoContent, seedContent } from '../src/seed/content.ts';
import { seedDatabase } from '../src/seed/index.ts';
import { brandLogoSvg, brewerForm, productSvg, type BrewerForm } from '../src/seed/svg.ts';
import { svgInputs } from './fixtures/svg-inputs.ts';
import { foldForSearch, searchDocument } from '../src/search-text.ts';
import { importCatalog } from '../src/import/import.ts';
import { validateCatalog } from '../src/import/validate.ts';
import { countRows, sqliteTestDb, type TestDb } from './fixtures/test-db.ts';

const catalog: CatalogFile = CatalogFileSchema.parse(buildDemoCatalog());
const product = (code: string) => {
  const p = catalog.products.find((x) => x.code === code);
  if (!p) throw new Error(`no product ${code}`);
  return p;
};
const allVariants = catalog.products.flatMap((p) => p.variants.map((v) => ({ p, v })));
const beverages = catalog.products.filter((p) => p.productType === 'Coffee' && !p.discontinued);

/** A minimal well-formedness check: every tag closes in order, attributes are quoted, no stray '&'. */
function wellFormed(svg: string): boolean {
  if (/&(?!amp;|lt;|gt;|quot;|apos;)/.test(svg)) return false;
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [, closing, name, , selfClosing] = m;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) stack.push(name!);
  }
  const tags = svg.match(/</g)?.length ?? 0;
  const matched = [...svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)].length;
  return stack.length === 0 && tags === matched;
}

describe('demo catalogue', () => {
  it('validates against the catalogue schema and the cross-reference rules', () => {
    expect(CatalogFileSchema.safeParse(buildDemoCatalog()).success).toBe(true);
    expect(validateCatalog(catalog)).toEqual([]);
    expect(validateCatalog(catalog, { categories: new Set(), variants: new Map() })).toEqual([]);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(buildDemoCatalog())).toBe(JSON.stringify(buildDemoCatalog()));
  });

  it('has at least 120 beverages of every kind, in pod counts and in oz packs', () => {
    expect(beverages.length).toBeGreaterThanOrEqual(120);
    const kinds = new Set(beverages.map((p) => p.beverageType));
    expect([...kinds].sort()).toEqual(['cocoa', 'coffee', 'iced', 'tea']);
    for (const kind of ['tea', 'cocoa', 'iced']) expect(beverages.filter((p) => p.beverageType === kind).length).toBeGreaterThanOrEqual(10);
    const podCounts = new Set(beverages.filter((p) => !p.packType).flatMap((p) => p.variants.map((v) => v.count)));
    for (const c of [10, 12, 22, 24, 48, 72, 96]) expect(podCounts).toContain(c);
    const bagged = beverages.filter((p) => p.packType === 'Bagged');
    const canned = beverages.filter((p) => p.packType === 'Canned');
    expect(bagged.length).toBeGreaterThan(0);
    expect(canned.length).toBeGreaterThan(0);
    expect(new Set(bagged.flatMap((p) => p.variants.map((v) => v.count)))).toEqual(new Set([12, 32]));
    for (const p of [...bagged, ...canned]) for (const v of p.variants) expect(v.variantUrlSuffix).toBe(`${v.count}-oz`);
    // several count variants each, priced roughly in proportion
    const multi = beverages.filter((p) => p.variants.length >= 2);
    expect(multi.length / beverages.length).toBeGreaterThan(0.9);
    for (const p of multi.filter((x) => !x.packType)) {
      const sorted = [...p.variants].sort((a, b) => a.count! - b.count!);
      const small = sorted[0]!;
      const big = sorted[sorted.length - 1]!;
      const ratio = big.prices[0]!.price / small.prices[0]!.price;
      const countRatio = big.count! / small.count!;
      expect(ratio).toBeGreaterThan(countRatio * 0.7);
      expect(ratio).toBeLessThan(countRatio * 1.1);
    }
  });

  it('has at least 12 brewers with 2-4 colour variants and comparison features in both languages', () => {
    const brewers = catalog.products.filter((p) => p.productType === 'Brewer');
    expect(brewers.length).toBeGreaterThanOrEqual(12);
    for (const b of brewers) {
      expect(b.variants.length).toBeGreaterThanOrEqual(2);
      expect(b.variants.length).toBeLessThanOrEqual(4);
      for (const v of b.variants) {
        expect(v.variantColor).toMatch(/^#[0-9a-f]{6}$/);
        expect(VARIANT_COLORS[v.variantUrlSuffix]?.hex).toBe(v.variantColor);
      }
      const codes = b.features.map((f) => f.code);
      for (const c of ['CUP_SIZES', 'RESERVOIR_CAPACITY', 'BREW_STRENGTH_CONTROL', 'ICED_SETTING', 'DIMENSIONS', 'WARRANTY']) expect(codes).toContain(c);
      const dims = b.features.find((f) => f.code === 'DIMENSIONS')!;
      expect(dims.value.en).toMatch(/ in$/);
      expect(dims.value.fr).toMatch(/^\d+,\d x \d+,\d x \d+,\d cm$/);
      expect(b.features.find((f) => f.code === 'RESERVOIR_CAPACITY')!.value.en).toMatch(/^\d+ oz$/);
      expect(b.features.every((f) => f.name.fr && f.value.fr && f.className.fr)).toBe(true);
    }
    expect(brewers.filter((b) => b.sites.includes('usafh') && b.categories.includes(DEMO_CATEGORY_CODES.commercialBrewers)).length).toBeGreaterThanOrEqual(2);
    const solo = product(DEMO_CODES.brewer);
    const red = solo.variants.find((v) => v.code === DEMO_CODES.brewerRedVariant)!;
    expect(red.variantUrlSuffix).toBe('cherry-red');
    expect(solo.variants.find((v) => v.isDefault)!.code).toBe(DEMO_CODES.brewerDefaultVariant);
  });

  it('has accessories and gift cards (virtual 25/50/100 and physical)', () => {
    const accessories = catalog.products.filter((p) => p.productType === 'Accessory');
    expect(accessories.length).toBeGreaterThanOrEqual(8);
    const names = accessories.map((p) => p.name.en.toLowerCase()).join(' | ');
    for (const word of ['mug', 'descaling', 'reusable', 'drawer', 'tumbler']) expect(names).toContain(word);
    const egift = product(DEMO_CODES.giftCard);
    expect(egift.productType).toBe('GiftCard');
    expect(egift.isVirtual).toBe(true);
    expect(egift.variants.map((v) => v.prices.find((p) => p.baseSite === 'usb2c')!.price)).toEqual([2500, 5000, 10000]);
    expect(egift.variants.map((v) => v.prices.find((p) => p.baseSite === 'cab2c')!.price)).toEqual([2500, 5000, 10000]);
    const physical = product(DEMO_CODES.physicalGiftCard);
    expect(physical.productType).toBe('GiftCard');
    expect(physical.isVirtual).toBe(false);
  });

  it('has at least 4 bundles and starter kits whose items are existing variants sold on the same sites', () => {
    const bundles = catalog.products.filter((p) => p.productType === 'Bundle');
    expect(bundles.length).toBeGreaterThanOrEqual(4);
    const owner = new Map(allVariants.map(({ p, v }) => [v.code, p]));
    for (const b of bundles) {
      expect(b.bundle!.items.length).toBeGreaterThanOrEqual(2);
      expect(b.variants).toHaveLength(1);
      expect(b.variants[0]!.code).toBe(b.code);
      for (const it of b.bundle!.items) {
        const p = owner.get(it.variantCode);
        expect(p, it.variantCode).toBeDefined();
        for (const s of b.sites) expect(p!.sites).toContain(s);
      }
    }
    const kit = product(DEMO_CODES.bundle);
    expect(kit.slug.en).toBe('brewer-starter-kit');
    expect(bundles.some((b) => b.sites.includes('cab2c') && b.slug.fr.startsWith('trousse-de-demarrage-'))).toBe(true);
    expect(product(DEMO_CODES.smallBusinessBundle).slug.en).toBe('small-business-bundle');
    expect(product(DEMO_CODES.smallBusinessBundle).sites).toEqual(['usafh']);
  });

  it('prices every variant on every site it is sold on, in the site currency scale, with visible discount strategies', () => {
    for (const { p, v } of allVariants) {
      expect(v.prices.map((x) => x.baseSite).sort()).toEqual([...p.sites].sort());
      const us = v.prices.find((x) => x.baseSite === 'usb2c');
      const ca = v.prices.find((x) => x.baseSite === 'cab2c');
      if (us && ca && p.productType !== 'GiftCard') {
        expect(ca.price / us.price).toBeGreaterThan(1.25);
        expect(ca.price / us.price).toBeLessThan(1.45);
      }
    }
    const discounted = allVariants.flatMap(({ v }) => v.prices.filter((x) => x.isDiscountPrice));
    expect(new Set(discounted.map((x) => x.salesPriceStrategy))).toEqual(new Set([null, 'ALL', 'OTP', 'AD_PARENT_OTP']));
    for (const x of discounted) expect(x.discountPrice!).toBeLessThan(x.price);
    const v48 = product(DEMO_CODES.coffee).variants.find((v) => v.code === DEMO_CODES.coffeeVariant48)!;
    expect(v48.prices.every((x) => x.isDiscountPrice && x.salesPriceStrategy === null)).toBe(true);
  });

  it('sells most products on all three sites, bigger packs and office brewers on usafh, and a few exclusives', () => {
    const all3 = catalog.products.filter((p) => p.sites.length === 3);
    expect(all3.length / catalog.products.length).toBeGreaterThan(0.5);
    const afhOnly = catalog.products.filter((p) => p.sites.length === 1 && p.sites[0] === 'usafh');
    expect(afhOnly.some((p) => p.variants.some((v) => v.count === 96))).toBe(true);
    expect(afhOnly.some((p) => p.productType === 'Brewer')).toBe(true);
    expect(product(DEMO_CODES.caOnlyProduct).sites).toEqual(['cab2c']);
    expect(catalog.products.some((p) => p.sites.length === 1 && p.sites[0] === 'usb2c')).toBe(true);
  });

  it('has French names, descriptions and slugs for every product and category', () => {
    const withAccents = catalog.products.filter((p) => /[éèêàâçôûù]/.test(p.name.fr));
    expect(withAccents.length).toBeGreaterThan(60);
    for (const p of catalog.products) {
      expect(p.slug.fr).toMatch(/^[a-z0-9-]+$/);
      expect(p.description.fr).not.toBe(p.description.en);
    }
    const frText = catalog.products.map((p) => `${p.name.fr} ${p.summary.fr} ${p.description.fr}`).join(' ');
    expect(frText).toMatch(/[Tt]orréfaction foncée/);
    expect(frText).toContain('Thé');
    const cats = new Map(catalog.categories.map((c) => [c.code, c]));
    expect(cats.get('BV_BDN_DD_KC')!.name).toEqual({ en: 'Beverages', fr: 'Boissons' });
    expect(cats.get('BR')!.name).toEqual({ en: 'Coffee makers', fr: 'Cafetières' });
    expect(cats.get('ACC_GC')!.name.fr).toBe('Accessoires et cartes-cadeaux');
    for (const c of catalog.categories) expect(c.slug.fr).toMatch(/^[a-z0-9-]+$/);
    const accent = product(DEMO_CODES.frenchAccentProduct);
    expect(accent.name.en).toContain('Café');
    expect(accent.name.fr).toContain('Café');
  });

  it('has the stock situations tests rely on: one last unit, low stock, sold out, discontinued', () => {
    const ones = allVariants.filter(({ v }) => v.stock === 1);
    expect(ones.map(({ v }) => v.code)).toEqual([DEMO_CODES.lastUnit]);
    expect(ones[0]!.v.isDefault).toBe(true);
    expect(ones[0]!.p.discontinued).toBe(false);
    expect(allVariants.filter(({ v }) => v.stock >= 2 && v.stock <= 5).length).toBeGreaterThanOrEqual(5);
    expect(allVariants.filter(({ v }) => v.stock === 0).length).toBeGreaterThanOrEqual(3);
    expect(allVariants.filter(({ v }) => v.stock >= 20 && v.stock <= 500).length / allVariants.length).toBeGreaterThan(0.8);
    const discontinued = catalog.products.filter((p) => p.discontinued).map((p) => p.code);
    expect(discontinued.sort()).toEqual([DEMO_CODES.discontinued, DEMO_CODES.discontinuedCocoa].sort());
  });

  it('keeps the well-known codes stable', () => {
    const coffee = product(DEMO_CODES.coffee);
    expect(coffee.variants.map((v) => [v.code, v.count, v.isDefault])).toEqual([
      [DEMO_CODES.coffeeVariant24, 24, true],
      [DEMO_CODES.coffeeVariant48, 48, false],
      [DEMO_CODES.coffeeVariant96, 96, false],
    ]);
    expect(coffee.sites).toEqual(['usb2c', 'cab2c', 'usafh']);
    expect(product(DEMO_CODES.lastUnitProduct).variants.find((v) => v.isDefault)!.code).toBe(DEMO_CODES.lastUnit);
    for (const p of catalog.products) {
      for (const v of p.variants) if (p.productType !== 'Bundle') expect(v.code).not.toBe(p.code);
    }
    expect(catalog.categories.map((c) => c.code)).toEqual(expect.arrayContaining(['BV_BDN_DD_KC', 'BR', 'ACC_GC']));
  });
});

describe('category membership (issue 9 item 11)', () => {
  const C = DEMO_CATEGORY_CODES;
  const owner = new Map(allVariants.map(({ p, v }) => [v.code, p]));
  /** What a shopper takes a product for: its kind, from its type, beverage, pack and series; a bundle by its contents. */
  const kindOf = (p: (typeof catalog.products)[number]): string => {
    if (p.productType === 'Brewer') return p.series === 'Office' ? 'brewer:commercial' : 'brewer:home';
    if (p.productType === 'Coffee') return p.packType ? 'beverage:packaged' : `beverage:${p.beverageType}`;
    if (p.productType === 'Accessory') return 'accessory';
    if (p.productType === 'GiftCard') return 'giftcard';
    const items = p.bundle!.items.map((it) => owner.get(it.variantCode)!);
    if (items.some((it) => it.productType === 'Brewer')) return 'bundle:brewer';
    const drinks = new Set(items.filter((it) => it.productType === 'Coffee').map((it) => kindOf(it).replace('beverage:', '')));
    return drinks.size === 1 ? `bundle:beverage:${[...drinks][0]}` : 'bundle:beverage:mixed';
  };
  /** Where a shopper looks for each kind: its sub-category and that sub-category's parent, nothing else. */
  const HOME: Record<string, string[]> = {
    'beverage:coffee': [C.coffee, C.beverages],
    'beverage:tea': [C.tea, C.beverages],
    'beverage:cocoa': [C.cocoa, C.beverages],
    'beverage:iced': [C.iced, C.beverages],
    'beverage:packaged': [C.bagged, C.beverages],
    'bundle:beverage:coffee': [C.coffee, C.beverages],
    'bundle:beverage:tea': [C.tea, C.beverages],
    'bundle:beverage:cocoa': [C.cocoa, C.beverages],
    'bundle:beverage:iced': [C.iced, C.beverages],
    'brewer:home': [C.singleServeBrewers, C.brewers],
    'brewer:commercial': [C.commercialBrewers, C.brewers],
    'bundle:brewer': [C.starterKits, C.brewers],
    accessory: [C.accessories, C.accessoriesAndGiftCards],
    giftcard: [C.giftCards, C.accessoriesAndGiftCards],
  };
  /** The kinds each category's listing (the category and its sub-categories) may show. */
  const ALLOWED: Record<string, RegExp> = {
    [C.beverages]: /^(beverage:|bundle:beverage:)/,
    [C.coffee]: /^(bundle:)?beverage:coffee$/,
    [C.tea]: /^(bundle:)?beverage:tea$/,
    [C.cocoa]: /^(bundle:)?beverage:cocoa$/,
    [C.iced]: /^(bundle:)?beverage:iced$/,
    [C.bagged]: /^beverage:packaged$/,
    [C.brewers]: /^(brewer:|bundle:brewer$)/,
    [C.singleServeBrewers]: /^brewer:home$/,
    [C.commercialBrewers]: /^brewer:commercial$/,
    [C.starterKits]: /^bundle:brewer$/,
    [C.accessoriesAndGiftCards]: /^(accessory|giftcard)$/,
    [C.accessories]: /^accessory$/,
    [C.giftCards]: /^giftcard$/,
  };

  it('puts every product in the sub-category of its kind and that sub-category\'s parent, and nowhere else', () => {
    const misplaced = catalog.products
      .map((p) => ({ code: p.code, kind: kindOf(p), categories: [...p.categories].sort() }))
      .filter((x) => JSON.stringify(x.categories) !== JSON.stringify([...(HOME[x.kind] ?? ['(no home for this kind)'])].sort()));
    expect(misplaced).toEqual([]);
  });

  it('lists only products of the right kind in every category, sub-categories included (what a listing shows)', () => {
    const parent = new Map(catalog.categories.map((c) => [c.code, c.parentCode ?? null]));
    const ancestorsOrSelf = (code: string): string[] => {
      const out: string[] = [];
      for (let c: string | null = code; c; c = parent.get(c) ?? null) out.push(c);
      return out;
    };
    expect(Object.keys(ALLOWED).sort()).toEqual(catalog.categories.map((c) => c.code).sort());
    const wrong: string[] = [];
    for (const p of catalog.products) {
      const kind = kindOf(p);
      const listedIn = new Set(p.categories.flatMap(ancestorsOrSelf));
      for (const cat of listedIn) if (!ALLOWED[cat]!.test(kind)) wrong.push(`${cat} lists ${p.code} (${kind}: ${p.name.en})`);
    }
    expect(wrong).toEqual([]);
    // the shopper's report: "Coffee makers" lists the Tea Lover's Sampler and the Cozy Cocoa Gift Set
    for (const code of ['BUNDLE-TEA-SAMPLER', 'BUNDLE-COCOA-GIFT']) expect(product(code).categories).not.toContain(C.starterKits);
  });

  it('links every sub-category that lists products on a site from that site\'s menu', () => {
    for (const site of ['usb2c', 'cab2c', 'usafh'] as const) {
      const nav = demoContent().components.find((c) => c.base_site === site && c.uid === 'headerNavigation')!;
      const items = (JSON.parse(nav.data_json) as { en: { items: Array<{ categoryCode: string; children: Array<{ categoryCode: string }> }> } }).en.items;
      const linked = new Set(items.flatMap((i) => [i.categoryCode, ...i.children.map((c) => c.categoryCode)]));
      const listed = new Set(catalog.products.filter((p) => p.sites.includes(site)).flatMap((p) => p.categories));
      expect([...listed].filter((c) => !linked.has(c)), site).toEqual([]);
      expect([...linked].filter((c) => !listed.has(c)), site).toEqual([]);
    }
  });
});

describe('generated SVG images (issue 9 item 13)', () => {
  const inputs = svgInputs(catalog);
  const drawn = inputs.map((x) => ({ ...x, svg: productSvg(x.input) }));
  const brewerCodes = catalog.products.filter((p) => p.productType === 'Brewer').map((p) => p.code);
  /** The drawing with every colour replaced: what is left is the geometry. */
  const geometry = (svg: string) => svg.replace(/#[0-9a-f]{6}\b/gi, '#000000');

  it('draws every demo variant as a small, well-formed square SVG', () => {
    for (const { variantCode, svg } of drawn) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"'), variantCode).toBe(true);
      expect(Buffer.byteLength(svg), variantCode).toBeLessThan(4096);
      expect(wellFormed(svg), `${variantCode}: ${svg}`).toBe(true);
    }
  });

  it('puts no text in any product picture: no <text>, no text node, no label, no product name', () => {
    for (const { productCode, variantCode, svg } of drawn) {
      expect(svg, variantCode).not.toMatch(/<(text|tspan|textPath|title|desc)\b/);
      expect(svg.replace(/<[^>]*>/g, '').trim(), variantCode).toBe('');
      expect(svg, variantCode).not.toMatch(/aria-label|font-family/);
      const p = product(productCode);
      for (const word of [p.name.en, p.name.fr, p.brand]) expect(svg, variantCode).not.toContain(word);
    }
  });

  it('draws each brewer model differently, not just in another colour', () => {
    expect(brewerCodes.length).toBeGreaterThanOrEqual(12);
    const bases = brewerCodes.map((code) => inputs.find((x) => x.productCode === code)!);
    // same colour for all: the drawings still differ pairwise
    const shapes = bases.map((x) => geometry(productSvg({ ...x.input, variantColor: '#808080' })));
    expect(new Set(shapes).size).toBe(bases.length);
    // and they differ in at least 3 visible traits (body shape, tank, handle, controls, cup, side item, cap, bay)
    const traits: Array<keyof BrewerForm> = ['shape', 'tank', 'handle', 'controls', 'cup', 'side', 'cap', 'bay'];
    const forms = bases.map((x) => brewerForm(x.input));
    for (let i = 0; i < forms.length; i++) {
      for (let j = i + 1; j < forms.length; j++) {
        const differ = traits.filter((t) => forms[i]![t] !== forms[j]![t]);
        expect(differ.length, `${bases[i]!.productCode} vs ${bases[j]!.productCode}: ${differ.join(', ')}`).toBeGreaterThanOrEqual(3);
      }
    }
    // the form follows the model's data: a frother brewer shows its jug, an app brewer a screen, an iced one a tumbler
    const form = (code: string) => forms[bases.findIndex((x) => x.productCode === code)]!;
    expect(form('BH-CAFE-LATTE').side).toBe('frother');
    expect(form('BH-DUO-PLUS').side).toBe('carafe');
    expect(form('BH-SMART').controls).toBe('screen');
    expect(form('BH-ICED-PLUS').cup).toBe('tumbler');
    expect(form('BH-MINI').tank).toBe('none');
    expect(form('BH-OFFICE-MAX').commercial).toBe(true);
    expect(form('BH-OFFICE-MAX').h).toBeGreaterThan(form('BH-MINI').h);
  });

  it('shows each colour variant in its colour, and each variant of a product differently', () => {
    for (const p of catalog.products) {
      const mine = drawn.filter((x) => x.productCode === p.code);
      for (const x of mine) if (x.input.variantColor) expect(x.svg, x.variantCode).toContain(`fill="${x.input.variantColor}"`);
      if (p.variants.every((v) => v.variantColor)) expect(new Set(mine.map((x) => x.svg)).size, p.code).toBe(mine.length);
    }
  });

  it('draws each kind of product as what it is', () => {
    const svgOf = (variantCode: string) => drawn.find((x) => x.variantCode === variantCode)!.svg;
    // more pods, more boxes: the 96 ct pack places 4 cartons, the 24 ct one
    expect(svgOf(DEMO_CODES.coffeeVariant24).match(/<use href="#k"/g)).toHaveLength(1);
    expect(svgOf(DEMO_CODES.coffeeVariant48).match(/<use href="#k"/g)).toHaveLength(2);
    expect(svgOf(DEMO_CODES.coffeeVariant96).match(/<use href="#k"/g)).toHaveLength(4);
    // a bundle shows its contents: the starter kit holds the matte-black brewer
    expect(svgOf(DEMO_CODES.bundle)).toContain(VARIANT_COLORS['matte-black']!.hex);
    // different kinds never share a drawing
    const kinds = ['BH-SIGNATURE-DARK-24', 'ACC-MUG-WHT', 'ACC-DESCALE-1', 'GC-EGIFT-25', DEMO_CODES.bundle, DEMO_CODES.brewerDefaultVariant];
    expect(new Set(kinds.map((k) => geometry(svgOf(k)))).size).toBe(kinds.length);
    expect(productSvg({ productType: 'Coffee', name: 'x', color: 'red;evil', brand: 'B' })).not.toContain('evil');
  });

  it('draws the three brand wordmarks', () => {
    expect(brandLogoSvg('usb2c', '#3b2314')).toContain('aria-label="Brewhaus"');
    expect(brandLogoSvg('cab2c', '#ffffff')).toContain('aria-label="Brewhaus Canada"');
    expect(brandLogoSvg('usafh', '#3b2314')).toContain('aria-label="Brewhaus Office"');
    for (const site of ['usb2c', 'cab2c', 'usafh'] as const) expect(wellFormed(brandLogoSvg(site, '#123456'))).toBe(true);
  });
});

describe('search text', () => {
  it('folds accents, case, ligatures and punctuation', () => {
    expect(foldForSearch('Café Torréfaction foncée!')).toBe('cafe torrefaction foncee');
    expect(foldForSearch('  Thé  vert — jasmin  ')).toBe('the vert jasmin');
    expect(foldForSearch('Cœur & Œuvre')).toBe('coeur oeuvre');
    expect(foldForSearch('HP-DARK-MAGIC-24')).toBe('hp dark magic 24');
    expect(foldForSearch('')).toBe('');
  });

  it('builds one folded document from name, brand, categories, labels and codes', () => {
    const doc = searchDocument({
      name: 'Café au lait',
      brand: 'Brewhaus',
      summary: 'Onctueux.',
      description: 'Une torréfaction moyenne.',
      categoryNames: ['Café', 'Boissons'],
      roast: 'torréfaction moyenne',
      beverageType: 'café',
      codes: ['BH-CAFE-AU-LAIT', 'BH-CAFE-AU-LAIT-24'],
    });
    expect(doc).toBe(foldForSearch(doc));
    expect(doc.split(' ')).toEqual(expect.arrayContaining(['cafe', 'lait', 'brewhaus', 'boissons', 'torrefaction', 'bhcafeaulait24', '24']));
  });
});

describe('seeding SQLite', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await sqliteTestDb();
  });
  afterEach(async () => {
    await t.close();
  });

  const ftsMatch = async (query: string) =>
    (await sql<{ product_code: string; lang: string }>`SELECT product_code, lang FROM product_search_fts WHERE product_search_fts MATCH ${query}`.execute(t.db)).rows;

  it('imports the demo catalogue with the expected counts, currencies and folded search rows', async () => {
    const summary = await importCatalog(t.db, buildDemoCatalog());
    const variants = allVariants.length;
    expect(summary).toEqual({ products: catalog.products.length, variants, categories: catalog.categories.length });
    expect(await countRows(t.db, 'products')).toBe(catalog.products.length);
    expect(await countRows(t.db, 'variants')).toBe(variants);
    expect(await countRows(t.db, 'stock')).toBe(variants);
    expect(await countRows(t.db, 'prices')).toBe(allVariants.reduce((n, { v }) => n + v.prices.length, 0));
    expect(await countRows(t.db, 'categories')).toBe(catalog.categories.length);
    expect(await countRows(t.db, 'product_search')).toBe(2 * catalog.products.length);
    expect(await countRows(t.db, 'base_sites')).toBe(3);

    const currencies = await t.db.selectFrom('prices').select(['base_site', 'currency']).distinct().orderBy('base_site').execute();
    expect(currencies).toEqual([
      { base_site: 'cab2c', currency: 'CAD' },
      { base_site: 'usafh', currency: 'USD' },
      { base_site: 'usb2c', currency: 'USD' },
    ]);
    const last = await t.db.selectFrom('stock').selectAll().where('variant_code', '=', DEMO_CODES.lastUnit).executeTakeFirstOrThrow();
    expect(last.available).toBe(1);
    const coffee = await t.db.selectFrom('products').selectAll().where('code', '=', DEMO_CODES.coffee).executeTakeFirstOrThrow();
    expect(coffee.default_variant_code).toBe(DEMO_CODES.coffeeVariant24);
    const kit = await t.db.selectFrom('products').selectAll().where('code', '=', DEMO_CODES.bundle).executeTakeFirstOrThrow();
    expect([kit.is_bundle, kit.bundle_template_name]).toEqual([1, 'Brewer starter kit']);
    expect(await t.db.selectFrom('bundle_items').select('variant_code').where('bundle_code', '=', DEMO_CODES.bundle).execute()).toContainEqual({
      variant_code: DEMO_CODES.brewerDefaultVariant,
    });

    const docs = await t.db.selectFrom('product_search').select(['lang', 'document']).where('product_code', '=', DEMO_CODES.frenchAccentProduct).orderBy('lang').execute();
    expect(docs.map((d) => d.lang)).toEqual(['en', 'fr']);
    for (const d of docs) {
      expect(d.document).toBe(foldForSearch(d.document));
      expect(d.document).toContain('cafe au lait');
    }
    const cafe = await ftsMatch('cafe');
    expect(cafe).toContainEqual({ product_code: DEMO_CODES.frenchAccentProduct, lang: 'en' });
    expect(cafe).toContainEqual({ product_code: DEMO_CODES.frenchAccentProduct, lang: 'fr' });
    expect((await ftsMatch('torrefaction foncee')).length).toBeGreaterThan(5);
    expect(await ftsMatch('cherry red')).toContainEqual({ product_code: DEMO_CODES.brewer, lang: 'en' });
    expect(await ftsMatch('rouge cerise')).toContainEqual({ product_code: DEMO_CODES.brewer, lang: 'fr' });
  });

  it('is idempotent: importing twice gives the same rows and search index', async () => {
    await importCatalog(t.db, buildDemoCatalog());
    const before = {
      products: await countRows(t.db, 'products'),
      prices: await countRows(t.db, 'prices'),
      features: await countRows(t.db, 'product_features'),
      bundles: await countRows(t.db, 'bundle_items'),
      search: await countRows(t.db, 'product_search'),
      cafe: (await ftsMatch('cafe')).length,
    };
    const created = await t.db.selectFrom('products').select('created_at').where('code', '=', DEMO_CODES.coffee).executeTakeFirstOrThrow();
    await importCatalog(t.db, buildDemoCatalog());
    expect({
      products: await countRows(t.db, 'products'),
      prices: await countRows(t.db, 'prices'),
      features: await countRows(t.db, 'product_features'),
      bundles: await countRows(t.db, 'bundle_items'),
      search: await countRows(t.db, 'product_search'),
      cafe: (await ftsMatch('cafe')).length,
    }).toEqual(before);
    expect(await t.db.selectFrom('products').select('created_at').where('code', '=', DEMO_CODES.coffee).executeTakeFirstOrThrow()).toEqual(created);
  });

  /** Every seeded text of one language, read back from the tables after `seedDatabase`: `[where, text]`. */
  async function seededTexts(lang: 'en' | 'fr'): Promise<Array<[string, string]>> {
    await seedDatabase(t.db);
    const out: Array<[string, string]> = [];
    const walk = (where: string, v: unknown) => {
      if (typeof v === 'string') out.push([where, v]);
      else if (Array.isArray(v)) v.forEach((x, i) => walk(`${where}[${i}]`, x));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(`${where}.${k}`, x);
    };
    const col = (r: object, name: string) => (r as Record<string, string>)[`${name}_${lang}`]!;
    for (const r of await t.db.selectFrom('categories').selectAll().execute()) out.push([`category ${r.code}`, col(r, 'name')]);
    for (const r of await t.db.selectFrom('products').selectAll().execute()) {
      for (const f of ['name', 'summary', 'description']) out.push([`product ${r.code} ${f}`, col(r, f)]);
    }
    for (const r of await t.db.selectFrom('product_features').selectAll().execute()) {
      for (const f of ['class_name', 'feature_name', 'value']) out.push([`feature ${r.product_code} ${r.feature_code} ${f}`, col(r, f)]);
    }
    for (const r of await t.db.selectFrom('cms_pages').selectAll().execute()) {
      out.push([`page ${r.base_site} ${r.uid} title`, col(r, 'title')]);
      walk(`page ${r.base_site} ${r.uid}`, (JSON.parse(r.data_json) as Record<string, unknown>)[lang]);
    }
    for (const r of await t.db.selectFrom('cms_components').selectAll().execute()) {
      walk(`component ${r.base_site} ${r.uid}`, (JSON.parse(r.data_json) as Record<string, unknown>)[lang]);
    }
    for (const r of await t.db.selectFrom('site_config').selectAll().execute()) if (r.key.endsWith(`.${lang}`)) out.push([`setting ${r.base_site} ${r.key}`, r.value]);
    for (const r of await t.db.selectFrom('promotions').selectAll().execute()) out.push([`promotion ${r.code}`, col(r, 'name')]);
    for (const r of await t.db.selectFrom('coupons').selectAll().execute()) out.push([`coupon ${r.code}`, col(r, 'name')]);
    // codes, URLs and colours are identifiers, not text
    return out.filter(([where, text]) => !/code|url|background|foreground|path/i.test(where.split(' ').pop()!.split('.').pop()!.replace(/\[\d+\]$/, '')) && text !== '');
  }

  it('writes every French text with French typography: a narrow no-break space before : ; ? ! and inside « » (issue 9 item 12)', async () => {
    const texts = await seededTexts('fr');
    expect(texts.length).toBeGreaterThan(2000);
    // the texts the shopper reported are among them
    expect(texts.some(([, text]) => text.includes('\u202F:'))).toBe(true);
    const wrong = texts.filter(([, text]) => frenchTypographyIssues(text).length > 0).map(([where, text]) => `${where}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it('writes every English text in US spelling (issue 9 item 12: "Colors", not "Colours")', async () => {
    const texts = await seededTexts('en');
    const brands = new Set(catalog.products.map((p) => p.brand));
    const british =
      /\b(colour\w*|\w*flavour\w*|favourite\w*|centre\w*|harbour\w*|(?<!Earl )grey\w*|odour\w*|honour\w*|behaviour\w*|savour\w*|catalogue\w*|cheque\w*|licence\w*|litre\w*|metre\w*|travell\w*|jewell\w*|cosy|mould\w*|programme\w*|aluminium|speciality|(carameli|organi|personali|customi|recogni|reali|categori|optimi|summari|prioriti|finali|standardi)s(e|ed|es|ing|ation)\b)/i;
    const wrong = texts
      .map(([where, text]) => [where, [...brands].reduce((t0, b) => t0.split(b).join(''), text)] as const)
      .filter(([, text]) => british.test(text))
      .map(([where, text]) => `${where}: ${british.exec(text)![0]}`);
    expect(wrong).toEqual([]);
    expect(texts.find(([where]) => where.endsWith('BH-SOLO COLORS feature_name'))?.[1]).toBe('Colors');
  });

  it('seeds the sites, settings and CMS content in both languages, idempotently', async () => {
    await seedDatabase(t.db);
    await seedContent(t.db);
    const sites = await t.db.selectFrom('base_sites').selectAll().orderBy('uid').execute();
    expect(sites).toEqual([
      { uid: 'cab2c', name: 'Brewhaus Canada', currency: 'CAD', languages: 'en,fr', default_language: 'en', theme: 'brown' },
      { uid: 'usafh', name: 'Brewhaus Office', currency: 'USD', languages: 'en', default_language: 'en', theme: 'white' },
      { uid: 'usb2c', name: 'Brewhaus', currency: 'USD', languages: 'en', default_language: 'en', theme: 'white' },
    ]);
    const setting = async (site: string, key: string) =>
      (await t.db.selectFrom('site_config').select('value').where('base_site', '=', site).where('key', '=', key).executeTakeFirstOrThrow()).value;
    expect([await setting('usb2c', 'freeShippingMinimum'), await setting('cab2c', 'freeShippingMinimum'), await setting('usafh', 'freeShippingMinimum')]).toEqual(['2900', '5500', '2900']);
    expect([await setting('usb2c', 'standardShipping'), await setting('cab2c', 'standardShipping'), await setting('usafh', 'standardShipping')]).toEqual(['799', '1199', '999']);
    expect([await setting('usb2c', 'expeditedShipping'), await setting('cab2c', 'expeditedShipping'), await setting('usafh', 'expeditedShipping')]).toEqual(['1999', '2499', '2499']);
    // issue 12 (ADR 0028): Perks on for usb2c and cab2c, off for usafh
    expect([await setting('usb2c', 'loyaltyEnabled'), await setting('cab2c', 'loyaltyEnabled'), await setting('usafh', 'loyaltyEnabled')]).toEqual(['true', 'true', 'false']);

    const content = demoContent();
    expect(await countRows(t.db, 'cms_pages')).toBe(content.pages.length);
    expect(await countRows(t.db, 'cms_components')).toBe(content.components.length);
    const home = await t.db.selectFrom('cms_slots').select(['position', 'component_uids']).where('base_site', '=', 'cab2c').where('page_uid', '=', 'homepage').orderBy('sort_order').execute();
    expect(home.map((s) => s.position)).toEqual(['HeroBanner', 'CategoryTiles', 'ProductCarousel', 'BrewerHighlight', 'StarterKitBanner']);
    for (const site of ['usb2c', 'cab2c', 'usafh']) {
      const pages = await t.db.selectFrom('cms_pages').select(['uid', 'page_type', 'label']).where('base_site', '=', site).execute();
      expect(pages.map((p) => p.uid)).toEqual(
        expect.arrayContaining(['homepage', 'loginContentPage', 'NAVIGATIONHEADER', 'email-us-page', 'discontinued-items', 'categoryPageTemplate', 'productPageTemplate']),
      );
      expect(pages.find((p) => p.uid === 'email-us-page')!.label).toBe('support/email-us-page');
      // every slot points at components that exist; every component has en and fr data
      const comps = await t.db.selectFrom('cms_components').selectAll().where('base_site', '=', site).execute();
      const uids = new Set(comps.map((c) => c.uid));
      for (const s of await t.db.selectFrom('cms_slots').selectAll().where('base_site', '=', site).execute()) {
        for (const uid of s.component_uids.split(',')) expect(uids.has(uid), `${site} ${s.position} ${uid}`).toBe(true);
      }
      for (const c of comps) expect(Object.keys(JSON.parse(c.data_json) as object).sort()).toEqual(['en', 'fr']);
      // carousels only show products sold on the site
      const carousel = JSON.parse(comps.find((c) => c.uid === 'homeBestSellers')!.data_json) as { en: { productCodes: string[] } };
      expect(carousel.en.productCodes.length).toBeGreaterThanOrEqual(8);
      const sold = await t.db.selectFrom('product_sites').select('product_code').where('base_site', '=', site).where('product_code', 'in', carousel.en.productCodes).execute();
      expect(sold).toHaveLength(carousel.en.productCodes.length);
    }
    const bar = await t.db.selectFrom('cms_components').select('data_json').where('base_site', '=', 'cab2c').where('uid', '=', 'headerMessageBar').executeTakeFirstOrThrow();
    const items = JSON.parse(bar.data_json) as { en: { messageItems: Array<{ text: string }> }; fr: { messageItems: Array<{ text: string }> } };
    expect(items.en.messageItems[0]!.text).toBe('Free shipping on orders over $55');
    expect(items.fr.messageItems[0]!.text).toBe('Livraison gratuite dès 55 $');
    const usBar = await t.db.selectFrom('cms_pages').select('data_json').where('base_site', '=', 'usb2c').where('uid', '=', 'NAVIGATIONHEADER').executeTakeFirstOrThrow();
    expect((JSON.parse(usBar.data_json) as { en: { messageItems: Array<{ text: string }> } }).en.messageItems[0]!.text).toBe('Free shipping on orders over $29');
  });
});
