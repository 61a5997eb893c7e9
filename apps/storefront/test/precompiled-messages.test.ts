/**
 * Precompiled messages (issue 11 item 7, ADR 0023): the browser formats ICU ASTs compiled at
 * build time (vite-plugins/precompiled-messages.ts) while the server formats the strings; every
 * message must come out the same both ways, and the build check must catch a parser module or a
 * raw ICU message in a client chunk.
 */
import { TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { messages } from '../app/i18n/index.ts';
import { catalogueFr } from '../app/i18n/catalogue.fr.ts';
import { hasMessage, intlFor } from '../app/lib/intl-shape.ts';
import type { IntlErrorHandler } from '../app/lib/intl-shape.ts';
import { compileCatalogueModule, compileMessages, findBundleLeaks } from '../vite-plugins/precompiled-messages.ts';

const LOCALES = { en: 'en', fr: 'fr-CA' } as const;
const WHEN = new Date(Date.UTC(2026, 10, 24, 15, 30));

type Values = Record<string, unknown>;

/** Sample values for every argument and tag of a message (numbers get `count`). */
function sampleValues(ast: readonly MessageFormatElement[], count: number, out: Values = {}): Values {
  for (const el of ast) {
    if (el.type === TYPE.argument) out[el.value] ??= `«${el.value}»`;
    else if (el.type === TYPE.number) out[el.value] ??= count + 0.5;
    else if (el.type === TYPE.date || el.type === TYPE.time) out[el.value] ??= WHEN;
    else if (el.type === TYPE.plural) {
      out[el.value] ??= count;
      for (const option of Object.values(el.options)) sampleValues(option.value, count, out);
    } else if (el.type === TYPE.select) {
      const keys = Object.keys(el.options);
      out[el.value] ??= keys.find((k) => k !== 'other') ?? 'other';
      for (const option of Object.values(el.options)) sampleValues(option.value, count, out);
    } else if (el.type === TYPE.tag) {
      const name = el.value;
      out[name] ??= (chunks: unknown[]) => `[${name}:${chunks.join('')}]`;
      sampleValues(el.children, count, out);
    }
  }
  return out;
}

const render = (out: unknown): string => (Array.isArray(out) ? out.join('') : String(out));

describe('precompiled messages render like their strings', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: every message, with and without values, plurals 0/1/2/21`, () => {
      const errors: string[] = [];
      const onError: IntlErrorHandler = (err) => errors.push(err.message);
      const source = messages[lang];
      const compiled = compileMessages(source, LOCALES[lang]);
      const fromString = intlFor(LOCALES[lang], source, onError);
      const fromAst = intlFor(LOCALES[lang], compiled, onError);
      const differences: string[] = [];
      let compared = 0;
      for (const id of Object.keys(source)) {
        const ast = compiled[id] ?? [];
        const hasArguments = ast.some((el) => el.type !== TYPE.literal);
        const runs: Array<Values | undefined> = hasArguments ? [0, 1, 2, 21].map((n) => sampleValues(ast, n)) : [undefined];
        for (const values of runs) {
          const a = render(fromString.formatMessage({ id }, values as Record<string, string>));
          const b = render(fromAst.formatMessage({ id }, values as Record<string, string>));
          compared += 1;
          if (a !== b) differences.push(`${id}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`);
        }
      }
      expect(differences).toEqual([]);
      expect(errors).toEqual([]);
      expect(compared).toBeGreaterThan(Object.keys(source).length);
    });
  }

  it('French typography survives compilation (U+202F before the colon, plural forms)', () => {
    const compiled = compileMessages(messages.fr, 'fr-CA');
    const intl = intlFor('fr-CA', compiled);
    expect(intl.formatMessage({ id: 'format.labelColon' }, { label: 'Total' })).toBe('Total\u202f:');
    expect(intl.formatMessage({ id: 'header.cartCount' }, { count: 0 })).toBe('aucun article');
    expect(intl.formatMessage({ id: 'header.cartCount' }, { count: 1 })).toBe('1 article');
    expect(intl.formatMessage({ id: 'header.cartCount' }, { count: 3 })).toBe('3 articles');
  });

  it('a message found by an id built at run time is found in both forms (colour names)', () => {
    const compiled = intlFor('en', compileMessages(messages.en, 'en'));
    const strings = intlFor('en', messages.en);
    const colour = Object.keys(messages.en).find((id) => id.startsWith('color.'));
    expect(colour).toBeDefined();
    expect(hasMessage(compiled, colour!)).toBe(true);
    expect(hasMessage(strings, colour!)).toBe(true);
    expect(hasMessage(compiled, 'color.no-such-colour')).toBe(false);
  });

  it('a message with bad ICU syntax fails the compilation, naming its id', () => {
    expect(() => compileMessages({ 'bad.one': 'Hello {name' }, 'en')).toThrow(/bad\.one/);
  });
});

describe('the client version of a catalogue module', () => {
  it('exports the same ids as ASTs, and none of the raw ICU strings', async () => {
    const file = new URL('../app/i18n/catalogue.fr.ts', import.meta.url).pathname;
    const { code, dependencies } = await compileCatalogueModule(file);
    expect(dependencies.some((d) => d.endsWith('fr.ts'))).toBe(true);
    const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { catalogueFr: Record<string, MessageFormatElement[]> };
    expect(Object.keys(mod.catalogueFr).sort()).toEqual(Object.keys(catalogueFr).sort());
    expect(mod.catalogueFr).toEqual(compileMessages(catalogueFr, 'fr-CA'));
    expect(findBundleLeaks([{ fileName: 'catalogue.fr.js', code, moduleIds: [file] }], Object.values(catalogueFr))).toEqual([]);
  }, 30_000);
});

describe('the client bundle check', () => {
  const raw = ['Bonjour', '{label}\u202f: {value}', '{count, plural, one {# article} other {# articles}}'];

  it('passes a bundle with compiled messages and no parser', () => {
    const compiled = JSON.stringify(compileMessages({ a: raw[1]!, b: raw[2]! }, 'fr-CA'));
    const chunks = [{ fileName: 'catalogue.fr.js', code: `var e=JSON.parse(${JSON.stringify(compiled)})`, moduleIds: ['/x/node_modules/@formatjs/icu-messageformat-parser/lib/no-parser.js'] }];
    expect(findBundleLeaks(chunks, raw)).toEqual([]);
  });

  it('fails when the parser is in a chunk', () => {
    const chunks = [
      { fileName: 'a.js', code: '', moduleIds: ['/x/node_modules/@formatjs/icu-messageformat-parser/lib/parser.js'] },
      { fileName: 'b.js', code: '', moduleIds: ['/x/node_modules/@formatjs/icu-skeleton-parser/lib/number.js'] },
    ];
    expect(findBundleLeaks(chunks, raw)).toEqual([
      'a.js: parser module /x/node_modules/@formatjs/icu-messageformat-parser/lib/parser.js',
      'b.js: parser module /x/node_modules/@formatjs/icu-skeleton-parser/lib/number.js',
    ]);
  });

  it('fails when a raw ICU message is in a chunk, verbatim or escaped', () => {
    const verbatim = { fileName: 'v.js', code: `var m={a:"${raw[1]}"}`, moduleIds: [] };
    const escaped = { fileName: 'e.js', code: 'var m={a:"{label}\\u202F: {value}"}', moduleIds: [] };
    const plural = { fileName: 'p.js', code: `var m={b:${JSON.stringify(raw[2])}}`, moduleIds: [] };
    expect(findBundleLeaks([verbatim, escaped, plural], raw).map((l) => l.split(':')[0])).toEqual(['v.js', 'e.js', 'p.js']);
  });
});
