import { describe, expect, it } from 'vitest';
import { CATALOGUE_PAIRS, messages } from '../app/i18n/index.ts';
import { createTranslator } from '../app/lib/intl.ts';
import type { MessageKey } from '../app/i18n/index.ts';

/** ICU argument names (`{name}`, `{count, plural, ...}`) and tag names (`<home>`) of a message. */
function placeholders(message: string): string[] {
  const args = [...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1] ?? '');
  const tags = [...message.matchAll(/<([A-Za-z][\w]*)>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...args, ...tags])].sort();
}

describe('message catalogues', () => {
  for (const [name, en, fr] of CATALOGUE_PAIRS) {
    it(`${name}: English and French have exactly the same keys`, () => {
      expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    });

    it(`${name}: no empty message in either language`, () => {
      for (const [lang, catalogue] of [
        ['en', en],
        ['fr', fr],
      ] as const) {
        const empty = Object.entries(catalogue)
          .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
          .map(([k]) => `${lang}:${k}`);
        expect(empty).toEqual([]);
      }
    });

    it(`${name}: both languages use the same placeholders and tags`, () => {
      const mismatched = Object.keys(en).filter((k) => placeholders(en[k] ?? '').join('|') !== placeholders(fr[k] ?? '').join('|'));
      expect(mismatched).toEqual([]);
    });
  }

  it('the merged catalogues have the same keys in both languages', () => {
    expect(Object.keys(messages.fr).sort()).toEqual(Object.keys(messages.en).sort());
  });

  it('every message formats in both languages (valid ICU syntax)', () => {
    for (const lang of ['en', 'fr'] as const) {
      const t = createTranslator(lang);
      for (const key of Object.keys(messages.en) as MessageKey[]) {
        const values: Record<string, string | number> = {};
        for (const p of placeholders(messages[lang][key])) if (!p.startsWith('<')) values[p] = p === 'count' ? 2 : 'x';
        if (/<[A-Za-z]/.test(messages[lang][key])) continue; // rich text is covered by the error page test
        expect(typeof t(key, values)).toBe('string');
      }
    }
  });

  it('has the exact English error-page text of spec §2', () => {
    expect(messages.en['error.headline']).toBe('SORRY, SOMETHING WENT WRONG!');
    expect(messages.en['error.reply']).toBe('We reply by email within 24-48 hours');
    expect(messages.fr['error.headline']).toBe('DÉSOLÉ, UNE ERREUR S’EST PRODUITE\u202f!');
  });

  it('names the required controls in both languages', () => {
    expect([messages.en['addToCart.button'], messages.fr['addToCart.button']]).toEqual(['Add to cart', 'Ajouter au panier']);
    expect([messages.en['header.search.label'], messages.fr['header.search.label']]).toEqual(['Search', 'Rechercher']);
    expect([messages.en['header.cart'], messages.fr['header.cart']]).toEqual(['Cart', 'Panier']);
    expect([messages.en['addToCart.quantity'], messages.fr['addToCart.quantity']]).toEqual(['Quantity', 'Quantité']);
    expect([messages.en['header.signIn'], messages.fr['header.signIn']]).toEqual(['Sign in', 'Se connecter']);
  });
});
