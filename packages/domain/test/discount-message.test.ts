import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiscountMessageInput } from '../src/index.ts';
import { formatPercent2, hasListedRole, resolveDiscountMessage } from '../src/index.ts';

describe('formatPercent2', () => {
  it.each([
    ['25', '25.00', '25,00'],
    ['12.5', '12.50', '12,50'],
    ['12,5', '12.50', '12,50'],
    ['0', '0.00', '0,00'],
    ['007.1', '7.10', '7,10'],
    ['12.345', '12.35', '12,35'],
    ['12.344999', '12.34', '12,34'],
    ['0.125', '0.13', '0,13'],
    ['1.005', '1.01', '1,01'], // 1.005 is not exact in binary; the digits are
    ['99.995', '100.00', '100,00'],
    [' 15. ', '15.00', '15,00'],
  ])('%j → %j (en) / %j (fr)', (input, en, fr) => {
    expect(formatPercent2(input, 'en')).toBe(en);
    expect(formatPercent2(input, 'fr')).toBe(fr);
  });

  it.each(['', 'abc', '-5', '1e2', '12.5%', '.5', '1.2.3', '1 000'])('throws RangeError on %j', (bad) => {
    expect(() => formatPercent2(bad, 'en')).toThrow(RangeError);
  });

  it('matches exact rational rounding for any decimal (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.stringMatching(/^[0-9]{0,6}$/), (whole, frac) => {
        const s = frac === '' ? String(whole) : `${whole}.${frac}`;
        // oracle: scale to 10^6 and round half-up to hundredths with integers
        const micro = whole * 1_000_000 + Number((frac + '000000').slice(0, 6));
        const hundredths = Math.floor((micro + 5000) / 10_000);
        const expected = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
        expect(formatPercent2(s, 'en')).toBe(expected);
        expect(formatPercent2(s, 'fr')).toBe(expected.replace('.', ','));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('resolveDiscountMessage', () => {
  const base: DiscountMessageInput = {
    profileRoles: [],
    configuredRoles: 'perksMember, adMember ,EMPLOYEE',
    hasLocalStorageFlag: false,
    isMainBrand: true,
    percent: '25',
    memberText: 'Members save more',
    percentTemplate: 'Save {percent}% on brewers ({percent}%)',
    lang: 'en',
  };

  it('percentage message for everyone else, the number with 2 decimals', () => {
    expect(resolveDiscountMessage(base)).toEqual({
      variant: 'percent',
      text: 'Save 25.00% on brewers (25.00%)',
      memberText: 'Members save more',
      percentText: 'Save 25.00% on brewers (25.00%)',
    });
  });

  it('French: comma decimals', () => {
    const r = resolveDiscountMessage({ ...base, lang: 'fr', percent: '12.5', memberText: 'Les membres économisent', percentTemplate: 'Économisez {percent} %' });
    expect(r.text).toBe('Économisez 12,50 %');
    expect(r.variant).toBe('percent');
  });

  it('member message on the main brand for a listed role (trimmed, case-insensitive)', () => {
    for (const role of ['adMember', 'ADMEMBER', ' perksmember ', 'employee']) {
      const r = resolveDiscountMessage({ ...base, profileRoles: ['customer', role] });
      expect(r.variant).toBe('member');
      expect(r.text).toBe('Members save more');
      expect(r.percentText).toBe('Save 25.00% on brewers (25.00%)');
    }
  });

  it('member message on the main brand with the local-storage flag', () => {
    expect(resolveDiscountMessage({ ...base, hasLocalStorageFlag: true }).variant).toBe('member');
  });

  it('never the member message off the main brand', () => {
    expect(resolveDiscountMessage({ ...base, isMainBrand: false, hasLocalStorageFlag: true, profileRoles: ['adMember'] }).variant).toBe('percent');
  });

  it('unlisted roles and empty list items do not count', () => {
    expect(resolveDiscountMessage({ ...base, profileRoles: ['customer', ''], configuredRoles: 'a,, ,b' }).variant).toBe('percent');
    expect(resolveDiscountMessage({ ...base, profileRoles: ['adMemberX'] }).variant).toBe('percent');
    expect(hasListedRole(['x'], '')).toBe(false);
    expect(hasListedRole([' '], ' , ')).toBe(false);
  });

  it('member ⇔ main brand ∧ (flag ∨ listed role) (property)', () => {
    const roles = ['adMember', 'perksMember', 'customer', 'guest', 'ADMIN'];
    fc.assert(
      fc.property(fc.subarray(roles), fc.subarray(roles), fc.boolean(), fc.boolean(), fc.constantFrom<'en' | 'fr'>('en', 'fr'), (profile, configured, flag, main, lang) => {
        const r = resolveDiscountMessage({ ...base, profileRoles: profile.map((x) => x.toUpperCase()), configuredRoles: configured.join(' , '), hasLocalStorageFlag: flag, isMainBrand: main, lang });
        const listed = profile.some((p) => configured.includes(p));
        expect(r.variant).toBe(main && (flag || listed) ? 'member' : 'percent');
        expect(r.text).toBe(r.variant === 'member' ? r.memberText : r.percentText);
        expect(r.percentText).not.toContain('{percent}');
      }),
      { numRuns: 2000 },
    );
  });
});
