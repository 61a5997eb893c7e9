import { describe, expect, it } from 'vitest';
import {
  CA_PROVINCES,
  CONTIGUOUS_EXCLUDED,
  US_STATES,
  isValidEmail,
  isValidPhone,
  isValidPostalCode,
  isValidRegion,
  normalizeAddress,
  normalizePostalCode,
  postalCodeMatchesRegion,
  regionOptions,
  validateAddress,
} from '../src/index.ts';

describe('region lists', () => {
  it('has 50 states + DC + PR, unique codes', () => {
    expect(US_STATES).toHaveLength(52);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(52);
    expect(US_STATES.find((s) => s.code === 'DC')?.name).toBe('District of Columbia');
    expect(US_STATES.find((s) => s.code === 'PR')?.name).toBe('Puerto Rico');
  });
  it('has 13 provinces and territories with French names', () => {
    expect(CA_PROVINCES).toHaveLength(13);
    expect(CA_PROVINCES.find((p) => p.code === 'QC')?.name).toEqual({ en: 'Quebec', fr: 'Québec' });
    expect(CA_PROVINCES.find((p) => p.code === 'BC')?.name.fr).toBe('Colombie-Britannique');
    expect(regionOptions('CA', 'fr').find((r) => r.code === 'NS')?.name).toBe('Nouvelle-Écosse');
    expect(regionOptions('US', 'en')[0]).toEqual({ code: 'AL', name: 'Alabama' });
  });
  it('excludes AK, HI, PR from the contiguous US', () => {
    expect(CONTIGUOUS_EXCLUDED).toEqual(['AK', 'HI', 'PR']);
  });
  it('knows valid regions per country', () => {
    expect(isValidRegion('US', 'NY')).toBe(true);
    expect(isValidRegion('US', 'QC')).toBe(false);
    expect(isValidRegion('CA', 'QC')).toBe(true);
    expect(isValidRegion('CA', 'CA')).toBe(false);
  });
});

describe('isValidEmail (spec §5)', () => {
  it('accepts well-formed addresses, case-insensitively', () => {
    for (const e of ['a@b.co', 'john.doe@example.com', 'JOHN_DOE+coffee@Example.CA', 'x%y-z@sub.domain-1.org', '1@2.io']) {
      expect(isValidEmail(e), e).toBe(true);
    }
  });
  it('refuses malformed addresses', () => {
    for (const e of ['', 'plain', '@example.com', 'a@', 'a@b', 'a@b.c', 'a b@example.com', 'a@exa mple.com', 'a@example.c0m', 'jean!@example.com', 'é@example.com', 'a@@b.com', ' a@b.com']) {
      expect(isValidEmail(e), e).toBe(false);
    }
  });
  it('uses only the custom pattern when given', () => {
    expect(isValidEmail('anything', /^any/)).toBe(true);
    expect(isValidEmail('a@b.com', /^x/)).toBe(false);
    const g = /^a/g;
    expect(isValidEmail('abc', g)).toBe(true);
    expect(isValidEmail('abc', g)).toBe(true); // no lastIndex memory
  });
});

describe('postal codes', () => {
  it('validates US ZIP codes', () => {
    expect(isValidPostalCode('US', '10001')).toBe(true);
    expect(isValidPostalCode('US', '10001-1234')).toBe(true);
    expect(isValidPostalCode('US', '100011234')).toBe(true);
    expect(isValidPostalCode('US', ' 10001 ')).toBe(true);
    expect(isValidPostalCode('US', '1000')).toBe(false);
    expect(isValidPostalCode('US', '100011')).toBe(false);
    expect(isValidPostalCode('US', '10001-12')).toBe(false);
    expect(isValidPostalCode('US', 'ABCDE')).toBe(false);
  });
  it('validates Canadian postal codes per Canada Post', () => {
    expect(isValidPostalCode('CA', 'H2X 1Y4')).toBe(true);
    expect(isValidPostalCode('CA', 'h2x1y4')).toBe(true);
    expect(isValidPostalCode('CA', 'K1A 0B1')).toBe(true);
    expect(isValidPostalCode('CA', 'D2X 1Y4')).toBe(false); // D never used
    expect(isValidPostalCode('CA', 'W2X 1Y4')).toBe(false); // W not first
    expect(isValidPostalCode('CA', 'Z2X 1Y4')).toBe(false); // Z not first
    expect(isValidPostalCode('CA', 'H2O 1Y4')).toBe(false); // O never used
    expect(isValidPostalCode('CA', 'H2X 1U4')).toBe(false); // U never used
    expect(isValidPostalCode('CA', 'H2W 1Z4')).toBe(true); // W, Z fine after the first position
    expect(isValidPostalCode('CA', 'H2X  1Y4')).toBe(false);
    expect(isValidPostalCode('CA', '12345')).toBe(false);
  });
  it('normalises postal codes', () => {
    expect(normalizePostalCode('CA', ' h2x1y4 ')).toBe('H2X 1Y4');
    expect(normalizePostalCode('CA', 'm5v 2t6')).toBe('M5V 2T6');
    expect(normalizePostalCode('US', '123456789')).toBe('12345-6789');
    expect(normalizePostalCode('US', ' 10001 ')).toBe('10001');
    expect(normalizePostalCode('CA', 'bad')).toBe('BAD');
  });
  it('matches Canadian postal codes to provinces by first letter', () => {
    expect(postalCodeMatchesRegion('CA', 'QC', 'H2X 1Y4')).toBe(true);
    expect(postalCodeMatchesRegion('CA', 'ON', 'H2X 1Y4')).toBe(false);
    expect(postalCodeMatchesRegion('CA', 'NU', 'X0A 0H0')).toBe(true);
    expect(postalCodeMatchesRegion('US', 'NY', '90210')).toBe(true);
  });
});

describe('isValidPhone', () => {
  it('accepts North American numbers', () => {
    expect(isValidPhone('(514) 555-0199')).toBe(true);
    expect(isValidPhone('+1 514 555 0199')).toBe(true);
    expect(isValidPhone('514.555.0199')).toBe(true);
    expect(isValidPhone('555-0199')).toBe(false);
    expect(isValidPhone('2 514 555 0199')).toBe(false);
    expect(isValidPhone('514-555-01x9')).toBe(false);
  });
});

describe('validateAddress', () => {
  const us = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' as const };
  const ca = { firstName: 'Jean', lastName: 'Tremblay', line1: '100 rue Sainte-Catherine', city: 'Montréal', region: 'QC', postalCode: 'H2X 1Y4', country: 'CA' as const };

  it('accepts valid addresses', () => {
    expect(validateAddress(us, 'US')).toEqual([]);
    expect(validateAddress(ca, 'CA')).toEqual([]);
    expect(validateAddress({ ...ca, region: 'qc', postalCode: 'h2x1y4', phone: '514 555 0199', line2: 'App. 4' }, 'CA')).toEqual([]);
    expect(validateAddress({ ...us, country: undefined }, 'US')).toEqual([]);
  });
  it('lists every missing field', () => {
    const errs = validateAddress({}, 'US');
    expect(errs.map((e) => e.subject)).toEqual(['firstName', 'lastName', 'line1', 'city', 'region', 'postalCode']);
    expect(errs.every((e) => e.reason === 'required' && e.message === 'This field is required')).toBe(true);
    expect(validateAddress(null, 'CA')).toHaveLength(6);
  });
  it('treats blank strings as missing and non-strings as invalid', () => {
    expect(validateAddress({ ...us, city: '   ' }, 'US')).toEqual([{ subject: 'city', reason: 'required', message: 'This field is required' }]);
    expect(validateAddress({ ...us, postalCode: 12207 }, 'US')).toEqual([{ subject: 'postalCode', reason: 'invalid', message: 'This value is not valid' }]);
  });
  it('checks region, postal code and country for the destination country', () => {
    expect(validateAddress({ ...us, region: 'QC' }, 'US')).toEqual([{ subject: 'region', reason: 'invalidRegion', message: 'Choose a valid state or province' }]);
    expect(validateAddress({ ...us, postalCode: 'H2X 1Y4' }, 'US')).toEqual([{ subject: 'postalCode', reason: 'invalidPostalCode', message: 'Enter a valid ZIP code' }]);
    expect(validateAddress({ ...ca, postalCode: '12207' }, 'CA')).toEqual([{ subject: 'postalCode', reason: 'invalidPostalCode', message: 'Enter a valid postal code' }]);
    expect(validateAddress({ ...ca, country: 'US' }, 'CA').map((e) => e.reason)).toEqual(['invalidCountry']);
  });
  it('checks optional phone and lengths', () => {
    expect(validateAddress({ ...us, phone: '123' }, 'US').map((e) => [e.subject, e.reason])).toEqual([['phone', 'invalidPhone']]);
    expect(validateAddress({ ...us, phone: '' }, 'US')).toEqual([]);
    const long = validateAddress({ ...us, firstName: 'x'.repeat(51) }, 'US');
    expect(long.map((e) => [e.subject, e.reason])).toEqual([['firstName', 'tooLong']]);
    expect(long[0]!.message).toBe('This value is too long (at most 50 characters)');
  });
  it('normalises a valid address', () => {
    expect(normalizeAddress({ ...ca, firstName: ' Jean ', region: 'qc', postalCode: 'h2x1y4', line2: ' ', phone: ' 514 555 0199 ' })).toEqual({
      ...ca,
      region: 'QC',
      postalCode: 'H2X 1Y4',
      phone: '514 555 0199',
    });
  });
});
