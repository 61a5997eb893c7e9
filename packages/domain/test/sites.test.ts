import { describe, expect, it } from 'vitest';
import type { HostConfig } from '../src/index.ts';
import { BASE_SITE_IDS, baseSiteOfHost, DEFAULT_HOSTS, SITES, detectBaseSite, detectLanguage, localeFor, localizedPath, normalizeHost, stripLangPrefix } from '../src/index.ts';

describe('SITES', () => {
  it('describes the three brands', () => {
    expect(BASE_SITE_IDS).toEqual(['usb2c', 'cab2c', 'usafh']);
    expect(SITES.usb2c).toMatchObject({ id: 'usb2c', shortCode: 'kcom', currency: 'USD', languages: ['en'], country: 'US', supportPhone: '1-800-555-0142' });
    expect(SITES.cab2c).toMatchObject({ id: 'cab2c', shortCode: 'kca', currency: 'CAD', languages: ['en', 'fr'], country: 'CA', supportPhone: '1-888-555-0168' });
    expect(SITES.usafh).toMatchObject({ id: 'usafh', shortCode: 'afh', currency: 'USD', languages: ['en'], country: 'US', supportPhone: '1-877-555-0190' });
  });
  it('gives the Canadian site the brown header (VISUAL.md)', () => {
    expect(SITES.cab2c.theme).toBe('brown');
    expect(SITES.usb2c.theme).toBe('white');
    expect(SITES.usafh.theme).toBe('white');
  });

  it('has both header themes and the support hours in both languages', () => {
    expect(new Set(Object.values(SITES).map((s) => s.theme))).toEqual(new Set(['white', 'brown']));
    for (const s of Object.values(SITES)) {
      expect(s.supportHours.en).toBe('7 days a week, 7:00 a.m. to 12:00 a.m. EST');
      expect(s.supportHours.fr).toBe('7 jours sur 7, de 7 h à minuit (HNE)');
      expect(s.name).toMatch(/^Brewhaus/);
    }
  });
});

describe('localeFor', () => {
  it('maps site and language to a locale', () => {
    expect(localeFor('usb2c', 'en')).toBe('en-US');
    expect(localeFor('usafh', 'en')).toBe('en-US');
    expect(localeFor('usb2c', 'fr')).toBe('en-US');
    expect(localeFor('cab2c', 'en')).toBe('en-CA');
    expect(localeFor('cab2c', 'fr')).toBe('fr-CA');
  });
});

describe('normalizeHost', () => {
  it('strips the port and trailing dot, lower-cases', () => {
    expect(normalizeHost('WWW.Brewhaus.CA:443')).toBe('www.brewhaus.ca');
    expect(normalizeHost('brewhaus.ca.')).toBe('brewhaus.ca');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
    expect(normalizeHost('localhost')).toBe('localhost');
  });
});

describe('detectBaseSite (spec §1)', () => {
  it('derives the brand from the host', () => {
    expect(detectBaseSite({ host: 'www.brewhaus.ca' }, DEFAULT_HOSTS)).toBe('cab2c');
    expect(detectBaseSite({ host: 'brewhaus.ca' }, DEFAULT_HOSTS)).toBe('cab2c');
    expect(detectBaseSite({ host: 'ca.localhost:3000' }, DEFAULT_HOSTS)).toBe('cab2c');
    expect(detectBaseSite({ host: 'WWW.BREWHAUS.CA:8443' }, DEFAULT_HOSTS)).toBe('cab2c');
    expect(detectBaseSite({ host: 'www.brewhaus-office.com' }, DEFAULT_HOSTS)).toBe('usafh');
    expect(detectBaseSite({ host: 'office.localhost:3000' }, DEFAULT_HOSTS)).toBe('usafh');
    expect(detectBaseSite({ host: 'www.brewhaus.com' }, DEFAULT_HOSTS)).toBe('usb2c');
    expect(detectBaseSite({ host: 'localhost:3000' }, DEFAULT_HOSTS)).toBe('usb2c');
    expect(detectBaseSite({ host: 'evil.example' }, DEFAULT_HOSTS)).toBe('usb2c');
    expect(detectBaseSite({}, DEFAULT_HOSTS)).toBe('usb2c');
    expect(detectBaseSite({ host: null, siteParam: null }, DEFAULT_HOSTS)).toBe('usb2c');
  });
  it('lets a valid site parameter win over the host', () => {
    expect(detectBaseSite({ host: 'localhost:3000', siteParam: 'cab2c' }, DEFAULT_HOSTS)).toBe('cab2c');
    expect(detectBaseSite({ host: 'www.brewhaus.ca', siteParam: 'usafh' }, DEFAULT_HOSTS)).toBe('usafh');
    expect(detectBaseSite({ host: 'www.brewhaus.ca', siteParam: 'USB2C' }, DEFAULT_HOSTS)).toBe('usb2c');
  });
  it('ignores an invalid site parameter', () => {
    expect(detectBaseSite({ host: 'www.brewhaus.ca', siteParam: 'xx' }, DEFAULT_HOSTS)).toBe('cab2c');
    expect(detectBaseSite({ host: 'office.localhost', siteParam: '' }, DEFAULT_HOSTS)).toBe('usafh');
  });
  it('keeps the site of the visit (preview cookie) between the parameter and the host (issue 9 item 9)', () => {
    expect(detectBaseSite({ host: 'localhost:3000', siteCookie: 'cab2c' }, DEFAULT_HOSTS)).toBe('cab2c');
    expect(detectBaseSite({ host: 'localhost:3000', siteCookie: 'CAB2C ' }, DEFAULT_HOSTS)).toBe('cab2c');
    // the parameter wins over the cookie
    expect(detectBaseSite({ host: 'localhost:3000', siteParam: 'usb2c', siteCookie: 'cab2c' }, DEFAULT_HOSTS)).toBe('usb2c');
    // an unknown parameter falls through to the cookie, an unknown cookie to the host
    expect(detectBaseSite({ host: 'localhost:3000', siteParam: 'evil', siteCookie: 'usafh' }, DEFAULT_HOSTS)).toBe('usafh');
    expect(detectBaseSite({ host: 'ca.localhost', siteCookie: 'evil' }, DEFAULT_HOSTS)).toBe('cab2c');
    expect(detectBaseSite({ host: 'ca.localhost', siteCookie: '' }, DEFAULT_HOSTS)).toBe('cab2c');
  });
  it('answers the brand of a host alone', () => {
    expect(baseSiteOfHost('ca.localhost:3221', DEFAULT_HOSTS)).toBe('cab2c');
    expect(baseSiteOfHost('office.localhost', DEFAULT_HOSTS)).toBe('usafh');
    expect(baseSiteOfHost('localhost', DEFAULT_HOSTS)).toBe('usb2c');
    expect(baseSiteOfHost(null, DEFAULT_HOSTS)).toBe('usb2c');
  });
  it('uses configured hosts', () => {
    const hosts: HostConfig = { canadianHosts: ['shop.example.ca'], commercialHosts: ['Biz.Example.com'], apexHosts: [] };
    expect(detectBaseSite({ host: 'shop.example.ca' }, hosts)).toBe('cab2c');
    expect(detectBaseSite({ host: 'biz.example.com:80' }, hosts)).toBe('usafh');
    expect(detectBaseSite({ host: 'www.brewhaus.ca' }, hosts)).toBe('usb2c');
  });
});

describe('detectLanguage (spec §2)', () => {
  it('is French for /fr paths on the Canadian site', () => {
    expect(detectLanguage({ pathname: '/fr' }, 'cab2c')).toBe('fr');
    expect(detectLanguage({ pathname: '/fr/' }, 'cab2c')).toBe('fr');
    expect(detectLanguage({ pathname: '/fr/recherche' }, 'cab2c')).toBe('fr');
    expect(detectLanguage({ pathname: '/content/fr/page' }, 'cab2c')).toBe('fr');
  });
  it('is French when the locale starts with fr', () => {
    expect(detectLanguage({ pathname: '/', locale: 'fr' }, 'cab2c')).toBe('fr');
    expect(detectLanguage({ pathname: '/cart', locale: 'fr-CA' }, 'cab2c')).toBe('fr');
    expect(detectLanguage({ pathname: '/cart', locale: 'FR_ca' }, 'cab2c')).toBe('fr');
  });
  it('is English otherwise', () => {
    expect(detectLanguage({ pathname: '/' }, 'cab2c')).toBe('en');
    expect(detectLanguage({ pathname: '/french-roast/p/123' }, 'cab2c')).toBe('en');
    expect(detectLanguage({ pathname: '/frcoffee' }, 'cab2c')).toBe('en');
    expect(detectLanguage({ pathname: '/search', locale: 'en' }, 'cab2c')).toBe('en');
    expect(detectLanguage({ pathname: '/search', locale: null }, 'cab2c')).toBe('en');
  });
  it('is always English on sites without French', () => {
    expect(detectLanguage({ pathname: '/fr/recherche' }, 'usb2c')).toBe('en');
    expect(detectLanguage({ pathname: '/', locale: 'fr' }, 'usafh')).toBe('en');
  });
});

describe('stripLangPrefix / localizedPath', () => {
  it('strips the /fr prefix only', () => {
    expect(stripLangPrefix('/fr/recherche')).toBe('/recherche');
    expect(stripLangPrefix('/fr')).toBe('/');
    expect(stripLangPrefix('/fr/')).toBe('/');
    expect(stripLangPrefix('/french-roast/p/1')).toBe('/french-roast/p/1');
    expect(stripLangPrefix('/cart')).toBe('/cart');
  });
  it('adds or removes the prefix, idempotently', () => {
    expect(localizedPath('/cart', 'fr')).toBe('/fr/cart');
    expect(localizedPath('/fr/cart', 'fr')).toBe('/fr/cart');
    expect(localizedPath('/fr/cart', 'en')).toBe('/cart');
    expect(localizedPath('/cart', 'en')).toBe('/cart');
    expect(localizedPath('/', 'fr')).toBe('/fr');
    expect(localizedPath('/fr', 'en')).toBe('/');
    expect(localizedPath('cart', 'fr')).toBe('/fr/cart');
    expect(localizedPath('/?q=1', 'fr')).toBe('/fr?q=1');
    expect(localizedPath('/fr?q=1', 'en')).toBe('/?q=1');
  });
});
