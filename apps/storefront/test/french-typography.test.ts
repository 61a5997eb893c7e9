/**
 * Issue 9 item 12: French typography (a narrow no-break space U+202F before `: ; ? !` and inside
 * `« »`, @store/domain `frenchTypographyIssues`) in every French message of the storefront, as
 * written and as shown (every plural branch, every placeholder filled, rich-text tags rendered),
 * and no punctuation glued to an interpolated message in the components (`{t('x')}: ` renders
 * "Couleur: Noir mat" in French: components use `format.labelColon` / `format.labelValue`).
 * Also: US spelling in the English catalogue (usb2c pages; issue 9 item 12).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { frenchTypographyIssues } from '@store/domain';
import { CATALOGUE_PAIRS, messages } from '../app/i18n/index.ts';
import { intlFor } from '../app/lib/intl-shape.ts';

const APP = join(import.meta.dirname, '..', 'app');

/** ICU argument names of a message. */
function argumentNames(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1] ?? ''))];
}

/** Rich-text tag names of a message (`<home>…</home>`). */
function tagNames(message: string): string[] {
  return [...new Set([...message.matchAll(/<([A-Za-z]\w*)>/g)].map((m) => m[1] ?? ''))];
}

/**
 * The French message as shown, once per sample: every argument 0, 1, 2 (each plural branch) and a
 * word; tags keep their text.
 */
function renderings(key: string): string[] {
  const message = messages.fr[key as keyof typeof messages.fr];
  const intl = intlFor('fr-CA', messages.fr);
  const out: string[] = [];
  for (const sample of [0, 1, 2, 'Abc'] as const) {
    const values: Record<string, unknown> = {};
    for (const name of argumentNames(message)) values[name] = sample;
    for (const tag of tagNames(message)) values[tag] = (chunks: unknown[]) => chunks.join('');
    try {
      const shown = intl.formatMessage({ id: key }, values as Record<string, string>);
      out.push(Array.isArray(shown) ? shown.join('') : String(shown));
    } catch {
      // a word where a number is expected: the numeric samples cover that message
    }
  }
  return out;
}

function describeIssues(text: string): string {
  return frenchTypographyIssues(text)
    .map((i) => `${i.problem} "${i.mark}" in …${text.slice(Math.max(0, i.index - 25), i.index + 8)}…`)
    .join('; ');
}

describe('French typography of the storefront (issue 9 item 12)', () => {
  for (const [name, , fr] of CATALOGUE_PAIRS) {
    it(`${name}: every French message, as written and as shown, has no typography issue`, () => {
      const found: string[] = [];
      for (const [key, raw] of Object.entries(fr)) {
        if (frenchTypographyIssues(raw).length) found.push(`${key} (as written): ${describeIssues(raw)}`);
        for (const shown of renderings(key)) if (frenchTypographyIssues(shown).length) found.push(`${key} (as shown): ${describeIssues(shown)}`);
      }
      expect(found).toEqual([]);
    });
  }

  it('the shared label formats put the right separator in each language', () => {
    const fr = intlFor('fr-CA', messages.fr);
    const en = intlFor('en', messages.en);
    expect(fr.formatMessage({ id: 'format.labelValue' }, { label: 'Couleur', value: 'Noir mat' })).toBe('Couleur\u202f: Noir mat');
    expect(en.formatMessage({ id: 'format.labelValue' }, { label: 'Color', value: 'Matte Black' })).toBe('Color: Matte Black');
    expect(fr.formatMessage({ id: 'format.labelColon' }, { label: fr.formatMessage({ id: 'checkout.step' }, { n: 1, total: 6 }) })).toBe('Étape 1 sur 6\u202f:');
  });

  it('no component glues punctuation to an interpolated message (use format.labelColon / format.labelValue)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.tsx')) files.push(path);
      }
    };
    walk(APP);
    // `{t('x')}: `, `{t('x')}?`, `<span>: {value}</span>`, `{label}: <Badge/>` in JSX text
    const GLUED = [/\)\}\s?[:;?!](?=[\s<{]|$)/, />\s?[:;?!]\s?\{/, /\{[A-Za-z.]+\}\s?[:;?!]\s?</];
    const found: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
          if (GLUED.some((re) => re.test(line))) found.push(`${relative(APP, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('the English catalogue uses US spelling (usb2c pages)', () => {
    const BRITISH = /\b(colour|favour|flavour|harbour|grey|centre|catalogue|organis|personalis|cheque|travell|cancell|behaviour|neighbour|licence|aluminium|customis|jewell|labour|honour|metre|litre)/i;
    const found = Object.entries(messages.en)
      .filter(([, v]) => BRITISH.test(v))
      .map(([k, v]) => `${k}: ${v}`);
    expect(found).toEqual([]);
  });
});
