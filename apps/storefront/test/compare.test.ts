/** The compare list helpers (issue 13; ADR 0031): paths, shareable URLs, cookie parsing. */
import { describe, expect, it } from 'vitest';
import { compareKindOf, compareListPath, comparePagePath, compareUrl } from '../app/lib/compare.ts';
import { cleanCodes, compareCookie, readCompareState } from '../app/lib/compare.server.ts';

describe('compare list helpers', () => {
  it('brewers go to the brewer compare, other products to the product comparison', () => {
    expect(compareKindOf('Brewer')).toBe('brewers');
    expect(compareKindOf('Coffee')).toBe('products');
    expect(compareKindOf('Accessory')).toBe('products');
  });

  it('builds the pages and shareable URLs in both languages, commas readable', () => {
    expect(comparePagePath('brewers', 'en')).toBe('/compare/brewers');
    expect(comparePagePath('products', 'fr')).toBe('/fr/comparer');
    expect(compareUrl('brewers', 'fr', ['BH-SOLO', 'BH-MINI'], true)).toBe('/fr/comparer/cafetieres?items=BH-SOLO,BH-MINI&hide=1');
    expect(compareUrl('products', 'en', [])).toBe('/compare');
    expect(compareListPath('fr')).toBe('/fr/comparer/liste');
  });

  it('keeps at most 4 distinct, well-formed codes from a cookie', () => {
    expect(cleanCodes('A,B,A, C ,bad code,<x>,D,E')).toEqual(['A', 'B', 'C', 'D']);
    expect(cleanCodes('')).toEqual([]);
    expect(cleanCodes(`${'X'.repeat(65)},OK`)).toEqual(['OK']);
  });

  it('reads both lists and the "full" notice; an empty list removes its cookie', () => {
    const request = new Request('http://localhost/c/BR?compareNotice=full', { headers: { cookie: 'sf_compare_brewers=BH-SOLO%2CBH-MINI; sf_compare_products=ACC-DESCALE' } });
    expect(readCompareState(request)).toEqual({ brewers: ['BH-SOLO', 'BH-MINI'], products: ['ACC-DESCALE'], notice: 'full' });
    expect(readCompareState(new Request('http://localhost/'))).toEqual({ brewers: [], products: [], notice: null });
    expect(compareCookie('brewers', ['BH-SOLO'], true)).toMatch(/^sf_compare_brewers=BH-SOLO; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(compareCookie('products', [], false)).toMatch(/^sf_compare_products=; Max-Age=0/);
  });
});
