/**
 * Search text normalisation shared by the catalogue importer (which writes `product_search`
 * documents) and the search repository (which must fold the shopper's term the same way), so
 * that "cafe" finds "Café" on SQLite FTS5 and on PostgreSQL tsvector alike (issue 2, spec §7
 * `GET /search`).
 */

/** Letters that Unicode canonical decomposition leaves whole but shoppers type as two letters. */
const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae', ß: 'ss', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l' };

/**
 * Fold a text for search: Unicode NFD decomposition, combining marks removed, ligatures expanded
 * (œ → oe), lower-cased, every run of characters that are not letters or digits collapsed to one
 * space, trimmed. `"Café Torréfaction foncée!"` → `"cafe torrefaction foncee"`. Pure; never throws.
 */
export function foldForSearch(text: string): string {
  // ASCII-only text (most product text once accents are gone) takes the cheap path.
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[œŒæÆßøØłŁ]/g, (c) => LIGATURES[c] ?? c)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The fields of one product, in one language, that make up its search document. */
export interface SearchDocumentInput {
  name: string;
  brand: string;
  summary: string;
  description: string;
  /** names of the product's categories, in the document's language */
  categoryNames: string[];
  /** roast label in the document's language (e.g. "dark roast" / "torréfaction foncée"), if any */
  roast?: string | null;
  /** beverage kind label in the document's language (e.g. "tea" / "thé"), if any */
  beverageType?: string | null;
  /** the base product code and its variant codes; "HP-DARK-24" is indexed as "hp dark 24" and "hpdark24" */
  codes: string[];
}

/**
 * Build the folded search document of one product in one language (one `product_search` row).
 * The name comes first and twice so that it weighs more in ranking than the description.
 * Codes are indexed both split on dashes and glued ("bh solo red" and "bhsolored").
 */
export function searchDocument(p: SearchDocumentInput): string {
  const codeTokens = p.codes.flatMap((c) => {
    const folded = foldForSearch(c);
    const glued = folded.replace(/ /g, '');
    return glued === folded ? [folded] : [folded, glued];
  });
  const parts = [
    p.name,
    p.name,
    p.brand,
    p.roast ?? '',
    p.beverageType ?? '',
    ...p.categoryNames,
    p.summary,
    p.description,
    ...codeTokens,
  ];
  return parts
    .map(foldForSearch)
    .filter((s) => s.length > 0)
    .join(' ');
}
