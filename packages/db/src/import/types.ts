/**
 * Result and error types of the catalogue parsers and importer (docs/catalog-format.md).
 */
import type { CatalogFile } from '@store/contracts';

/** One problem in a catalogue, addressed by its path, e.g. `products[3].variants[0].stock`. */
export interface CatalogIssue {
  path: string;
  message: string;
}

/**
 * One problem located in the source text: 1-based line number (JSON: where the value starts; CSV:
 * the row), or 0 when it concerns no particular row (e.g. a variant still used by carts).
 */
export interface CatalogRowError {
  line: number;
  path: string;
  message: string;
}

/**
 * What `parseCatalogJson` / `parseCatalogCsv` answer. On success, `locate` maps issues found later
 * (by `importCatalog`, against the database) back to source lines.
 */
export type CatalogParseResult =
  | { ok: true; file: CatalogFile; locate: (issues: readonly CatalogIssue[]) => CatalogRowError[] }
  | { ok: false; errors: CatalogRowError[] };

/** Thrown by `importCatalog` when the catalogue is invalid; nothing has been written. */
export class CatalogValidationError extends Error {
  readonly issues: CatalogIssue[];
  constructor(issues: CatalogIssue[]) {
    const first = issues[0];
    super(
      `Catalogue is invalid (${issues.length} problem${issues.length === 1 ? '' : 's'})${first ? `: ${first.path}: ${first.message}` : ''}`,
    );
    this.name = 'CatalogValidationError';
    this.issues = issues;
  }
}

/** Format a zod-style path (`['products', 3, 'code']`) as `products[3].code`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out;
}

/** The parent of a path: `products[3].variants[0]` → `products[3].variants` → `products[3]` → `products` → ''. */
export function parentPath(path: string): string {
  const m = /(?:\.[^.[\]]+|\[\d+\])$/.exec(path);
  return m ? path.slice(0, m.index) : '';
}

/** Sort row errors by line, then path. */
export function sortRowErrors(errors: CatalogRowError[]): CatalogRowError[] {
  return errors.sort((a, b) => a.line - b.line || a.path.localeCompare(b.path));
}

export type { CatalogFile };
