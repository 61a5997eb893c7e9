/**
 * The JSON catalogue format (docs/catalog-format.md): parse, validate every product, and report
 * problems with the line where the offending value starts.
 */
import { CatalogFileSchema } from '@store/contracts';
import { checkRawCurrencies, validateCatalog } from './validate.ts';
import { formatPath, parentPath, sortRowErrors, type CatalogIssue, type CatalogParseResult, type CatalogRowError } from './types.ts';

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * A strict JSON scanner that records the 1-based line where each value starts, for the paths in
 * `wanted` (all paths when `wanted` is null). Paths use the `products[3].variants[0].code` form.
 * Throws JsonSyntaxError (with its line) on malformed input.
 */
export function locateJsonPaths(text: string, wanted: ReadonlySet<string> | null): Map<string, number> {
  const found = new Map<string, number>();
  let i = 0;
  let line = 1;
  const n = text.length;

  const fail = (what: string): never => {
    const ch = i < n ? JSON.stringify(text[i]) : 'end of input';
    throw new JsonSyntaxError(`invalid JSON: ${what}, found ${ch}`, line);
  };
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 10) line++;
      else if (c !== 32 && c !== 9 && c !== 13) break;
      i++;
    }
  };
  const str = (): string => {
    if (text[i] !== '"') fail('expected a string');
    const start = ++i;
    let escaped = false;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        const raw = text.slice(start, i++);
        return escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
      }
      if (c < 32) fail('control character in string');
      if (c === 92) {
        escaped = true;
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape');
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) fail('bad escape');
        i += 2;
        continue;
      }
      i++;
    }
    return fail('unterminated string');
  };
  const NUM = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const value = (path: string) => {
    ws();
    if (wanted === null || wanted.has(path)) found.set(path, line);
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        const key = str();
        ws();
        if (text[i] !== ':') fail("expected ':'");
        i++;
        value(path ? `${path}.${key}` : key);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (let k = 0; ; k++) {
        value(`${path}[${k}]`);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') {
      str();
      return;
    }
    for (const lit of ['true', 'false', 'null']) {
      if (text.startsWith(lit, i)) {
        i += lit.length;
        return;
      }
    }
    NUM.lastIndex = i;
    if (NUM.test(text)) {
      i = NUM.lastIndex;
      return;
    }
    fail('expected a value');
  };

  if (text.charCodeAt(0) === 0xfeff) i = 1;
  value('');
  ws();
  if (i < n) fail('unexpected text after the end of the document');
  return found;
}

/** Map issues to lines: each issue gets the line of its path, or of its nearest located ancestor. */
function locateIssues(text: string, issues: readonly CatalogIssue[]): CatalogRowError[] {
  const wanted = new Set<string>();
  for (const issue of issues) {
    for (let p = issue.path; p; p = parentPath(p)) wanted.add(p);
  }
  const lines = locateJsonPaths(text, wanted);
  return sortRowErrors(
    issues.map((issue) => {
      let p = issue.path;
      while (p && !lines.has(p)) p = parentPath(p);
      return { line: issue.path === '' ? 0 : (lines.get(p) ?? 1), path: issue.path, message: issue.message };
    }),
  );
}

/**
 * Parse and validate a JSON catalogue (docs/catalog-format.md). Answers every problem — JSON
 * syntax, schema (per field) and cross-references within the file (duplicate codes, default
 * variants, prices per site and currency, bundle contents) — with the 1-based line where the
 * offending value starts. References the file does not define (categories, bundle items already
 * in the database) are checked by `importCatalog`.
 */
export function parseCatalogJson(text: string): CatalogParseResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    try {
      locateJsonPaths(text, new Set());
    } catch (syntax) {
      if (syntax instanceof JsonSyntaxError) return { ok: false, errors: [{ line: syntax.line, path: '', message: syntax.message }] };
    }
    return { ok: false, errors: [{ line: 1, path: '', message: `invalid JSON: ${(e as Error).message}` }] };
  }
  const parsed = CatalogFileSchema.safeParse(raw);
  const currencyIssues = checkRawCurrencies(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((iss) => ({ path: formatPath(iss.path), message: iss.message }));
    return { ok: false, errors: locateIssues(text, [...issues, ...currencyIssues]) };
  }
  const issues = [...validateCatalog(parsed.data), ...currencyIssues];
  if (issues.length > 0) return { ok: false, errors: locateIssues(text, issues) };
  return { ok: true, file: parsed.data, locate: (later) => locateIssues(text, later) };
}
