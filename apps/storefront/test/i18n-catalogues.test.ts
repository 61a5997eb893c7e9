import { describe, expect, it } from 'vitest';
import { catalogueEn } from '../app/i18n/catalogue.en.ts';
import { catalogueFr } from '../app/i18n/catalogue.fr.ts';
import { CATALOGUE_PAIRS, messages } from '../app/i18n/index.ts';

// The browser loads one merged catalogue per language (catalogue.en.ts / catalogue.fr.ts, ADR
// 0011): each must hold every part listed in CATALOGUE_PAIRS, so no message is missing in the
// browser while the server (which also reads them) renders it.
describe('merged catalogues', () => {
  it('hold every message of every part, in both languages', () => {
    for (const [name, en, fr] of CATALOGUE_PAIRS) {
      for (const [key, text] of Object.entries(en)) expect([name, key, catalogueEn[key as keyof typeof catalogueEn]]).toEqual([name, key, text]);
      for (const [key, text] of Object.entries(fr)) expect([name, key, catalogueFr[key as keyof typeof catalogueFr]]).toEqual([name, key, text]);
    }
  });

  it('are the catalogues the server renders with', () => {
    expect(messages.en).toBe(catalogueEn);
    expect(messages.fr).toBe(catalogueFr);
  });
});
