import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NNBSP, fixFrenchTypography, frenchTypographyIssues } from '../src/index.ts';

const n = NNBSP;

describe('French typography (issue 9 item 12)', () => {
  it('accepts a narrow no-break space before : ; ? ! and inside « »', () => {
    for (const text of [`Couleur${n}: Noir mat`, `Étape 1 sur 6${n}:`, `Vraiment${n}?`, `Merci${n}!`, `un${n}; deux`, `«${n}Café${n}»`, `Quoi${n}?!`]) {
      expect(frenchTypographyIssues(text), text).toEqual([]);
    }
  });

  it('flags an ordinary or no-break space, and a missing space', () => {
    expect(frenchTypographyIssues('Couleur : Noir mat')).toEqual([{ index: 8, mark: ':', problem: 'wrongSpace' }]);
    expect(frenchTypographyIssues('Couleur\u00A0: Noir')).toEqual([{ index: 8, mark: ':', problem: 'wrongSpace' }]);
    expect(frenchTypographyIssues('Couleur: Noir')).toEqual([{ index: 7, mark: ':', problem: 'missingSpace' }]);
    expect(frenchTypographyIssues('Merci!')).toEqual([{ index: 5, mark: '!', problem: 'missingSpace' }]);
    expect(frenchTypographyIssues('« Café »').map((i) => i.mark)).toEqual(['«', '»']);
    expect(frenchTypographyIssues('«Café»').map((i) => i.problem)).toEqual(['missingSpace', 'missingSpace']);
  });

  it('leaves URLs, times, query strings and ICU placeholders alone', () => {
    for (const text of ['https://brewhaus.example/fr?site=cab2c', 'de 7:00 à 24:00', '{count, plural, one {# article} other {# articles}}', 'ratio 1:1', '/cart?coupon=X']) {
      expect(frenchTypographyIssues(text), text).toEqual([]);
    }
  });

  it('fixes what it flags', () => {
    expect(fixFrenchTypography('Couleur : Noir mat')).toBe(`Couleur${n}: Noir mat`);
    expect(fixFrenchTypography('Merci! Vraiment ?')).toBe(`Merci${n}! Vraiment${n}?`);
    expect(fixFrenchTypography('« Café »')).toBe(`«${n}Café${n}»`);
    expect(fixFrenchTypography('«Café»')).toBe(`«${n}Café${n}»`);
    expect(fixFrenchTypography('Rien à faire.')).toBe('Rien à faire.');
  });

  it('any text, once fixed, has no issue left and fixing again changes nothing', () => {
    const piece = fc.constantFrom('Café', ' ', '\u00A0', n, ':', ';', '?', '!', '«', '»', '7', 'é', '.', '/', '\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const fixed = fixFrenchTypography(text);
        expect(frenchTypographyIssues(fixed)).toEqual([]);
        expect(fixFrenchTypography(fixed)).toBe(fixed);
      }),
      { numRuns: 2000 },
    );
  });
});
