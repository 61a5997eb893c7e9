/**
 * The JSON catalogue format (docs/catalog-format.md): parse, validate every product, and report
 * problems with the line where the offending value starts.
 */
import { printParseErrorCode, visit, type JSONPath } from 'jsonc-parser';
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
 * The 1-based line where each JSON value starts, for the paths in `wanted` (all paths when
 * `wanted` is null). Paths use the `products[3].variants[0].code` form ('' is the document).
 * Reads the text with Microsoft's jsonc-parser in strict mode (no comments, no trailing commas;
 * issue 11 item 8: a well-kept library instead of our own scanner).
 * @throws JsonSyntaxError (with the line of the first error) on malformed input
 */
export function locateJsonPaths(text: string, wanted: ReadonlySet<string> | null): Map<string, number> {
  const found = new Map<string, number>();
  let error: JsonSyntaxError | null = null;
  const at = (line: number, path: () => JSONPath) => {
    const key = formatPath(path());
    if (wanted === null || wanted.has(key)) found.set(key, line + 1);
  };
  visit(
    text.charCodeAt(0) === 0xfeff ? text.slice(1) : text,
    {
      onObjectBegin: (_offset, _length, line, _char, path) => at(line, path),
      onArrayBegin: (_offset, _length, line, _char, path) => at(line, path),
      onLiteralValue: (_value, _offset, _length, line, _char, path) => at(line, path),
      onError: (code, _offset, _length, line) => {
        error ??= new JsonSyntaxError(`invalid JSON: ${printParseErrorCode(code)}`, line + 1);
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  if (error) throw error;
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
