/**
 * Issue 13 (ADR 0035): the spec §5 variant code rule, the pod-id variant choice, pod-id paths,
 * starter-kit landing slugs and the quick shop paging (spec §2, §9).
 */
import { describe, expect, it } from 'vitest';
import {
  choosePodIdVariant,
  englishLandingSlug,
  isLandingSlug,
  isRegularVariantCode,
  normalizePodIdCode,
  podIdCodeOfPath,
  quickShopCategoryOf,
  quickShopPageOf,
  QUICK_SHOP_PAGE_SIZE,
  starterKitSlugs,
} from '../src/index.ts';

describe('isRegularVariantCode (spec §5; also in redirects.test.ts)', () => {
  it('counts four dash-separated parts with a numeric first part as a regular product', () => {
    expect(isRegularVariantCode('5000-0042-24-CT')).toBe(true);
    expect(isRegularVariantCode('5000367523-24-CT-US')).toBe(true);
    expect(isRegularVariantCode('12-A-B-C')).toBe(true);
  });
  it('refuses other shapes', () => {
    expect(isRegularVariantCode('BH-SIGNATURE-DARK-24')).toBe(false); // first part not numeric
    expect(isRegularVariantCode('5000-0042-24')).toBe(false); // three parts
    expect(isRegularVariantCode('5000-0042-24-CT-X')).toBe(false); // five parts
    expect(isRegularVariantCode('5000--24-CT')).toBe(false); // empty part
    expect(isRegularVariantCode('50a0-0042-24-CT')).toBe(false);
  });
});

describe('normalizePodIdCode', () => {
  it('upper-cases and trims', () => expect(normalizePodIdCode(' bh-signature-dark-48 ')).toBe('BH-SIGNATURE-DARK-48'));
  it('refuses empty, too long and odd characters', () => {
    expect(normalizePodIdCode('')).toBeNull();
    expect(normalizePodIdCode('A'.repeat(65))).toBeNull();
    expect(normalizePodIdCode('BH_SOLO')).toBeNull();
    expect(normalizePodIdCode('BH--SOLO')).toBeNull();
    expect(normalizePodIdCode('<script>')).toBeNull();
  });
});

describe('choosePodIdVariant', () => {
  const coffee = { code: 'BH-DARK', variants: [{ code: 'BH-DARK-24', isDefault: true }, { code: 'BH-DARK-48', isDefault: false }] };
  it('a variant code selects that variant', () => expect(choosePodIdVariant(coffee, 'BH-DARK-48')).toBe('BH-DARK-48'));
  it('a base code selects the default variant', () => expect(choosePodIdVariant(coffee, 'BH-DARK')).toBe('BH-DARK-24'));
  it('falls back to the first variant when none is flagged', () =>
    expect(choosePodIdVariant({ code: 'X', variants: [{ code: 'X-1', isDefault: false }] }, 'X')).toBe('X-1'));
  it('a code of another product selects nothing', () => expect(choosePodIdVariant(coffee, 'BH-LIGHT-24')).toBeNull());
  it('a regular variant code must name a variant, never the base product', () => {
    const regular = { code: '5000-0042-24-CT', variants: [{ code: '5000-0042-24-CT-A', isDefault: true }] };
    expect(choosePodIdVariant(regular, '5000-0042-24-CT')).toBeNull();
    expect(choosePodIdVariant(regular, '5000-0042-24-CT-A')).toBe('5000-0042-24-CT-A');
  });
});

describe('podIdCodeOfPath', () => {
  it('reads the last segment after the marker, in both languages', () => {
    expect(podIdCodeOfPath('/pod-id/BH-DARK-48')).toBe('BH-DARK-48');
    expect(podIdCodeOfPath('/fr/pod-id/some-slug/BH-DARK-48')).toBe('BH-DARK-48');
  });
  it('is null elsewhere', () => {
    expect(podIdCodeOfPath('/p/BH-DARK')).toBeNull();
    expect(podIdCodeOfPath('/pod-id')).toBeNull();
    expect(podIdCodeOfPath('/x/pod-id/BH-DARK')).toBeNull();
  });
});

describe('starter-kit landing slugs (spec §2)', () => {
  it('recognises the four shapes', () => {
    for (const s of ['brewer-starter-kit', 'duo-plus-starter-kit', 'small-business-bundle', 'trousse-de-demarrage-solo']) expect(isLandingSlug(s)).toBe(true);
    for (const s of ['starter-kit', '-starter-kit', 'trousse-de-demarrage-', 'coffee', 'Brewer-Starter-Kit', 'a/b-starter-kit', `${'a'.repeat(120)}-starter-kit`]) expect(isLandingSlug(s)).toBe(false);
  });
  it('lists every name of the brewer, English and French', () => {
    const slugs = starterKitSlugs({
      kitSlug: { en: 'brewer-starter-kit', fr: 'trousse-de-demarrage-cafetiere-solo' },
      brewer: { code: 'BH-SOLO', slug: { en: 'brewhaus-solo-maker', fr: 'cafetiere-brewhaus-solo' } },
      isDefault: true,
      isSmallBusiness: false,
    });
    expect(slugs.en).toEqual([
      'bh-solo-starter-kit',
      'brewer-starter-kit',
      'brewhaus-solo-maker-starter-kit',
      'cafetiere-brewhaus-solo-starter-kit',
      'cafetiere-solo-starter-kit',
      'solo-starter-kit',
    ]);
    expect(slugs.fr).toContain('trousse-de-demarrage-solo');
    expect(slugs.fr).toContain('trousse-de-demarrage-cafetiere-solo');
    expect(slugs.fr).toContain('solo-starter-kit');
    expect(slugs.en.some((s) => s.startsWith('trousse'))).toBe(false);
    // every French slug has its English twin (the language switch)
    for (const s of slugs.fr) expect(slugs.en).toContain(englishLandingSlug(s));
  });
  it('the commercial kit answers small-business-bundle, not brewer-starter-kit', () => {
    const slugs = starterKitSlugs({ kitSlug: { en: 'small-business-bundle', fr: 'ensemble-pour-petite-entreprise' }, brewer: null, isDefault: false, isSmallBusiness: true });
    expect(slugs.en).toEqual(['small-business-bundle']);
    expect(slugs.fr).toEqual(['small-business-bundle']); // the French kit slug is not a landing slug shape
  });
});

describe('quick shop (spec §9)', () => {
  it('page size 36 and the three category ids', () => {
    expect(QUICK_SHOP_PAGE_SIZE).toBe(36);
    expect(quickShopCategoryOf('BR')).toBe('BR');
    expect(quickShopCategoryOf('ACC_GC')).toBe('ACC_GC');
    expect(quickShopCategoryOf(null)).toBe('BV_BDN_DD_KC');
    expect(quickShopCategoryOf('BV_COFFEE')).toBe('BV_BDN_DD_KC');
  });
  it('1-based pages in the URL, 0-based for the API', () => {
    expect(quickShopPageOf(null)).toBe(0);
    expect(quickShopPageOf('2')).toBe(1);
    expect(quickShopPageOf('0')).toBe(0);
    expect(quickShopPageOf('-1')).toBe(0);
    expect(quickShopPageOf('abc')).toBe(0);
    expect(quickShopPageOf('99999')).toBe(0);
  });
});
