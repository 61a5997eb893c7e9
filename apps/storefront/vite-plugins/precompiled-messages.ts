/**
 * Precompiled messages for the browser (issue 11 item 7, ADR 0023; react-intl's "Precompile
 * messages" guide).
 *
 * The message catalogues (`app/i18n/*.en.ts`, `*.fr.ts`) are TypeScript objects of ICU strings:
 * the source of truth for the server, the tests and the message-id types. In the **client** build
 * (and the dev server's client modules) this plugin:
 *
 * 1. replaces every catalogue module with its messages compiled to ASTs at build time
 *    (`@formatjs/icu-messageformat-parser`'s `parse`, with the options react-intl's runtime would
 *    use, the locale included), emitted as `JSON.parse('…')`; the module's exports keep their
 *    names and keys, only the values become `MessageFormatElement[]`;
 * 2. resolves `@formatjs/icu-messageformat-parser` to its `no-parser` build, so the ICU parser
 *    (and the number-skeleton parser behind it, ~10 KB gzipped) leaves the browser bundle;
 * 3. checks the bundle it wrote (`generateBundle`): the build fails when a parser module or a
 *    raw ICU message string is in a client chunk (`findBundleLeaks`).
 *
 * The server build is untouched: it formats the string catalogues with the parser (memoized per
 * message), and a unit test (test/precompiled-messages.test.ts) shows that every message renders
 * the same from its string and from its AST.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { runnerImport } from 'vite';
import type { Plugin } from 'vite';

/** A catalogue module: `app/i18n/<part>.en.ts` or `app/i18n/<part>.fr.ts` (absolute id). */
export const CATALOGUE_MODULE = /[\\/]app[\\/]i18n[\\/][\w-]+\.(en|fr)\.ts$/;

/** The locale react-intl formats a catalogue language in (root.tsx: `fr` is fr-CA). */
const LOCALE_OF = { en: 'en', fr: 'fr-CA' } as const;

/** Compiled messages: the same ids, each message an ICU AST. */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

/**
 * Compiles a catalogue to ASTs with the options `IntlMessageFormat` passes the parser at run time
 * (`{ locale }`, the defaults otherwise). Throws on a message with bad ICU syntax (the build
 * fails, naming the id), where the runtime would only report it when the message is shown.
 */
export function compileMessages(messages: Record<string, string>, locale: string): CompiledMessages {
  const out: CompiledMessages = {};
  const intlLocale = new Intl.Locale(locale);
  for (const [id, message] of Object.entries(messages)) {
    try {
      out[id] = parse(message, { locale: intlLocale });
    } catch (err) {
      throw new Error(`message "${id}" (${locale}): ${(err as Error).message}`, { cause: err });
    }
  }
  return out;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

/**
 * The client version of one catalogue module: its exports (objects of ICU strings) compiled to
 * ASTs, as JavaScript source, and the files it was evaluated from (to watch in dev).
 */
export async function compileCatalogueModule(file: string): Promise<{ code: string; dependencies: string[] }> {
  const lang = CATALOGUE_MODULE.exec(file)?.[1] as 'en' | 'fr' | undefined;
  if (!lang) throw new Error(`not a message catalogue module: ${file}`);
  // evaluates the TypeScript module (and the parts it imports) at build time, outside this build
  const { module, dependencies } = await runnerImport<Record<string, unknown>>(file, { configFile: false, logLevel: 'error' });
  const lines: string[] = [];
  for (const [name, value] of Object.entries(module)) {
    if (!isStringRecord(value)) throw new Error(`${file}: export "${name}" is not an object of message strings`);
    const json = JSON.stringify(compileMessages(value, LOCALE_OF[lang]));
    // JSON.parse of a string literal: parsed faster than an object literal of the same size
    lines.push(`export const ${name} = /* @__PURE__ */ JSON.parse(${JSON.stringify(json)});`);
  }
  return { code: `${lines.join('\n')}\n`, dependencies };
}

/** A chunk of the client bundle, as `findBundleLeaks` reads it. */
export interface ClientChunk {
  fileName: string;
  code: string;
  moduleIds: readonly string[];
}

/** Modules that must not be in the browser bundle (the ICU message and number-skeleton parsers). */
const PARSER_MODULE = /[\\/]@formatjs[\\/](icu-messageformat-parser[\\/](lib[\\/])?parser\.js|icu-skeleton-parser[\\/])/;

/**
 * What a client bundle must not hold: a module of the ICU parser, or the text of a raw ICU
 * message (one with an argument, a plural or a tag: `{`, `<`) from `rawMessages`. Returns one
 * line per leak (empty when clean). Pure, for the build check and its tests.
 */
export function findBundleLeaks(chunks: readonly ClientChunk[], rawMessages: Iterable<string>): string[] {
  const leaks: string[] = [];
  const icu = [...new Set([...rawMessages].filter((m) => /[{<]/.test(m)))];
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      if (PARSER_MODULE.test(id)) leaks.push(`${chunk.fileName}: parser module ${id}`);
    }
    for (const message of icu) {
      // as written by the minifier: verbatim, or JSON-escaped (quotes, backslashes, non-ASCII)
      const escaped = JSON.stringify(message).slice(1, -1);
      const ascii = escaped.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      if (chunk.code.includes(message) || chunk.code.includes(escaped) || chunk.code.toLowerCase().includes(ascii.toLowerCase())) {
        leaks.push(`${chunk.fileName}: raw message ${JSON.stringify(message.slice(0, 60))}`);
      }
    }
  }
  return leaks;
}

/** The Vite plugin (client build and dev client only; see the module comment). */
export function precompiledMessages(): Plugin {
  let root = process.cwd();
  return {
    name: 'store:precompiled-messages',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    configResolved(config) {
      root = config.root;
    },
    async resolveId(source, importer) {
      if (source !== '@formatjs/icu-messageformat-parser') return null;
      const resolved = await this.resolve('@formatjs/icu-messageformat-parser/lib/no-parser.js', importer, { skipSelf: true });
      return resolved?.id ?? null;
    },
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!CATALOGUE_MODULE.test(file)) return null;
      const { code, dependencies } = await compileCatalogueModule(file);
      for (const dep of dependencies) this.addWatchFile(dep);
      return { code, moduleSideEffects: false };
    },
    async generateBundle(_options, bundle) {
      const chunks: ClientChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.push({ fileName: output.fileName, code: output.code, moduleIds: output.moduleIds });
      }
      // every message of both languages, whether or not the client imports its module
      const { module } = await runnerImport<{ messages: Record<string, Record<string, string>> }>(`${root}/app/i18n/index.ts`, { configFile: false, logLevel: 'error' });
      const raw = Object.values(module.messages).flatMap((catalogue) => Object.values(catalogue));
      const leaks = findBundleLeaks(chunks, raw);
      if (leaks.length > 0) this.error(`precompiled messages: the client bundle holds what it must not (ADR 0023):\n${leaks.join('\n')}`);
    },
  };
}
