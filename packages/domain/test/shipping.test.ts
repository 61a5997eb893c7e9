import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING, amountAwayFromFreeShipping, inFreeShippingRegion, shippingMethods } from '../src/index.ts';

describe('DEFAULT_SHIPPING', () => {
  it('has the business defaults', () => {
    expect(DEFAULT_SHIPPING.usb2c).toEqual({ freeShippingMinimumMinor: 2900, standardMinor: 799, expeditedMinor: 1999 });
    expect(DEFAULT_SHIPPING.cab2c).toEqual({ freeShippingMinimumMinor: 5500, standardMinor: 1199, expeditedMinor: 2499 });
    expect(DEFAULT_SHIPPING.usafh).toEqual({ freeShippingMinimumMinor: 2900, standardMinor: 999, expeditedMinor: 2499 });
  });
});

describe('amountAwayFromFreeShipping', () => {
  it('is the gap to the minimum, never negative', () => {
    expect(amountAwayFromFreeShipping(1000, DEFAULT_SHIPPING.usb2c)).toBe(1900);
    expect(amountAwayFromFreeShipping(2899, DEFAULT_SHIPPING.usb2c)).toBe(1);
    expect(amountAwayFromFreeShipping(2900, DEFAULT_SHIPPING.usb2c)).toBe(0);
    expect(amountAwayFromFreeShipping(9999, DEFAULT_SHIPPING.usb2c)).toBe(0);
    expect(amountAwayFromFreeShipping(0, DEFAULT_SHIPPING.cab2c)).toBe(5500);
  });
});

describe('inFreeShippingRegion', () => {
  it('is the contiguous US and all of Canada', () => {
    expect(inFreeShippingRegion('US', 'NY')).toBe(true);
    expect(inFreeShippingRegion('US', 'DC')).toBe(true);
    expect(inFreeShippingRegion('US', 'AK')).toBe(false);
    expect(inFreeShippingRegion('US', 'hi')).toBe(false);
    expect(inFreeShippingRegion('US', 'PR')).toBe(false);
    expect(inFreeShippingRegion('CA', 'NU')).toBe(true);
    expect(inFreeShippingRegion('US', null)).toBe(true);
  });
});

describe('shippingMethods', () => {
  const cfg = DEFAULT_SHIPPING.usb2c;
  it('charges standard below the minimum', () => {
    const [std, exp] = shippingMethods({ site: 'usb2c', config: cfg, itemsMinor: 2899, region: 'NY' });
    expect(std).toMatchObject({ code: 'standard', costMinor: 799, free: false, name: { en: 'Standard shipping', fr: 'Livraison standard' } });
    expect(exp).toMatchObject({ code: 'expedited', costMinor: 1999, free: false, name: { en: 'Expedited shipping', fr: 'Livraison accélérée' } });
    expect(std!.estimate).toEqual({ en: '3-5 business days', fr: '3 à 5 jours ouvrables' });
  });
  it('makes standard free at exactly the minimum in the contiguous US; expedited stays paid', () => {
    const [std, exp] = shippingMethods({ site: 'usb2c', config: cfg, itemsMinor: 2900, region: 'NY' });
    expect(std).toMatchObject({ costMinor: 0, free: true });
    expect(exp).toMatchObject({ costMinor: 1999, free: false });
  });
  it('never makes shipping free to AK, HI, PR', () => {
    for (const region of ['AK', 'HI', 'PR']) {
      expect(shippingMethods({ site: 'usb2c', config: cfg, itemsMinor: 100000, region })[0]).toMatchObject({ costMinor: 799, free: false });
    }
  });
  it('uses the Canadian minimum and any province', () => {
    expect(shippingMethods({ site: 'cab2c', config: DEFAULT_SHIPPING.cab2c, itemsMinor: 5499, region: 'QC' })[0]!.costMinor).toBe(1199);
    expect(shippingMethods({ site: 'cab2c', config: DEFAULT_SHIPPING.cab2c, itemsMinor: 5500, region: 'NU' })[0]).toMatchObject({ costMinor: 0, free: true });
    expect(shippingMethods({ site: 'cab2c', config: DEFAULT_SHIPPING.cab2c, itemsMinor: 5500 })[0]!.estimate.fr).toBe('5 à 7 jours ouvrables');
  });
  it('defaults the country to the site and treats an unknown region as free-shipping region', () => {
    expect(shippingMethods({ site: 'usafh', config: DEFAULT_SHIPPING.usafh, itemsMinor: 2900, region: null })[0]).toMatchObject({ costMinor: 0, free: true });
    expect(shippingMethods({ site: 'usafh', config: DEFAULT_SHIPPING.usafh, itemsMinor: 100 })[0]!.costMinor).toBe(999);
  });
  it('uses a configured minimum', () => {
    const custom = { freeShippingMinimumMinor: 10000, standardMinor: 500, expeditedMinor: 1500 };
    expect(shippingMethods({ site: 'usb2c', config: custom, itemsMinor: 9999, region: 'TX' })[0]!.costMinor).toBe(500);
    expect(shippingMethods({ site: 'usb2c', config: custom, itemsMinor: 10000, region: 'TX' })[0]!.costMinor).toBe(0);
  });
});
