import { describe, expect, it } from 'vitest';
import {
  APEX_REDIRECT_STATUS,
  DEFAULT_HOSTS,
  DISCONTINUED_REDIRECT_STATUS,
  apexRedirect,
  bundlePath,
  canonicalProductRedirect,
  categoryPath,
  discontinuedPath,
  isRegularVariantCode,
  productPath,
  searchPath,
  slugify,
} from '../src/index.ts';

describe('apexRedirect (spec §2)', () => {
  it('redirects the bare apex hosts to www with the same path and query', () => {
    expect(APEX_REDIRECT_STATUS).toBe(302);
    expect(apexRedirect('brewhaus.com', { pathname: '/coffee/c/BV', search: '?page=2' }, DEFAULT_HOSTS)).toBe('https://www.brewhaus.com/coffee/c/BV?page=2');
    expect(apexRedirect('brewhaus.ca', { pathname: '/fr/recherche', search: '' }, DEFAULT_HOSTS)).toBe('https://www.brewhaus.ca/fr/recherche');
    expect(apexRedirect('Brewhaus.COM', { pathname: '/', search: 'a=1' }, DEFAULT_HOSTS)).toBe('https://www.brewhaus.com/?a=1');
  });
  it('keeps a port', () => {
    expect(apexRedirect('brewhaus.com:8080', { pathname: '/x', search: '' }, DEFAULT_HOSTS)).toBe('https://www.brewhaus.com:8080/x');
  });
  it('does nothing for other hosts', () => {
    expect(apexRedirect('www.brewhaus.com', { pathname: '/', search: '' }, DEFAULT_HOSTS)).toBeNull();
    expect(apexRedirect('localhost:3000', { pathname: '/', search: '' }, DEFAULT_HOSTS)).toBeNull();
    expect(apexRedirect('shop.brewhaus.com', { pathname: '/', search: '' }, DEFAULT_HOSTS)).toBeNull();
  });
});

describe('canonicalProductRedirect (spec §2)', () => {
  const base = { canonicalPath: '/dark-roast-pods/p/1001', baseProductCode: '1001' };
  it('302s a variant code to its base product, keeping the query', () => {
    expect(canonicalProductRedirect({ ...base, pathname: '/dark-roast-pods/p/1001-24-CT-US', search: '?ranMID=7', requestedCode: '1001-24-CT-US' })).toEqual({
      status: 302,
      location: '/dark-roast-pods/p/1001?ranMID=7',
    });
  });
  it('302s a variant code even when the slug is already right', () => {
    expect(canonicalProductRedirect({ ...base, pathname: '/dark-roast-pods/p/1001', search: '', requestedCode: '1001-24-CT-US' })?.status).toBe(302);
  });
  it('301s a wrong slug', () => {
    expect(canonicalProductRedirect({ ...base, pathname: '/old-name/p/1001', search: '', requestedCode: '1001' })).toEqual({ status: 301, location: '/dark-roast-pods/p/1001' });
    expect(canonicalProductRedirect({ ...base, pathname: '/pdp/1001', search: '?x=1', requestedCode: '1001' })).toEqual({ status: 301, location: '/dark-roast-pods/p/1001?x=1' });
  });
  it('answers null when already canonical', () => {
    expect(canonicalProductRedirect({ ...base, pathname: '/dark-roast-pods/p/1001', search: '?a=b', requestedCode: '1001' })).toBeNull();
  });
  it('works for French paths', () => {
    expect(
      canonicalProductRedirect({ pathname: '/fr/dark-roast-pods/p/1001', search: '', canonicalPath: '/fr/torrefaction-foncee/p/1001', requestedCode: '1001', baseProductCode: '1001' }),
    ).toEqual({ status: 301, location: '/fr/torrefaction-foncee/p/1001' });
  });
});

describe('paths', () => {
  it('builds product, bundle, category paths in both languages', () => {
    expect(productPath('dark-roast', '1001', 'en')).toBe('/dark-roast/p/1001');
    expect(productPath('torrefaction-foncee', '1001', 'fr')).toBe('/fr/torrefaction-foncee/p/1001');
    expect(bundlePath('BNDL-1', 'en')).toBe('/b/BNDL-1');
    expect(bundlePath('BNDL-1', 'fr')).toBe('/fr/b/BNDL-1');
    expect(categoryPath('coffee', 'BV', 'en')).toBe('/coffee/c/BV');
    expect(categoryPath('cafe', 'BV', 'fr')).toBe('/fr/cafe/c/BV');
  });
  it('encodes unsafe characters', () => {
    expect(productPath('a b', 'x/y', 'en')).toBe('/a%20b/p/x%2Fy');
  });
  it('gives the fixed localised pages', () => {
    expect(searchPath('en')).toBe('/search');
    expect(searchPath('fr')).toBe('/fr/recherche');
    expect(discontinuedPath('en')).toBe('/discontinued-items');
    expect(discontinuedPath('fr')).toBe('/fr/article-de-fin-de-serie');
    expect(DISCONTINUED_REDIRECT_STATUS).toBe(302);
  });
});

describe('slugify', () => {
  it('lower-cases, folds accents and joins words with single dashes', () => {
    expect(slugify('Café Crème — Dark Roast!')).toBe('cafe-creme-dark-roast');
    expect(slugify('  Torréfaction  foncée  ')).toBe('torrefaction-foncee');
    expect(slugify('Œuvre d’art & Cœur')).toBe('oeuvre-d-art-coeur');
    expect(slugify('K-Cup® Pods (24 ct)')).toBe('k-cup-pods-24-ct');
    expect(slugify('---')).toBe('');
    expect(slugify('Île-du-Prince-Édouard')).toBe('ile-du-prince-edouard');
  });
});

describe('isRegularVariantCode (spec §5)', () => {
  it('needs four dash-separated parts with a numeric first part', () => {
    expect(isRegularVariantCode('5000367523-24-CT-US')).toBe(true);
    expect(isRegularVariantCode('1-a-b-c')).toBe(true);
    expect(isRegularVariantCode('ABC-24-CT-US')).toBe(false);
    expect(isRegularVariantCode('5000367523-24-CT')).toBe(false);
    expect(isRegularVariantCode('5000367523-24-CT-US-X')).toBe(false);
    expect(isRegularVariantCode('5000367523--CT-US')).toBe(false);
    expect(isRegularVariantCode('12a-24-CT-US')).toBe(false);
    expect(isRegularVariantCode('')).toBe(false);
  });
});
