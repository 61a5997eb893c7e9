/**
 * French typography rules of the store's copy (issue 9 item 12; VISUAL.md): a narrow no-break
 * space (U+202F) before `:`, `;`, `?` and `!`, and inside guillemets (`« texte »`), so the mark
 * never starts a line and the spacing looks as French readers expect ("Couleur : Noir mat",
 * "Étape 1 sur 6 :").
 *
 * The checks look only at punctuation used as punctuation: a mark followed by a space or the end
 * of the text. `https://`, `7:00`, `?site=cab2c` and ICU placeholders are never flagged.
 */

/** The narrow no-break space (espace fine insécable), U+202F. */
export const NNBSP = '\u202F';

/** One place where a French text breaks the rules. */
export interface FrenchTypographyIssue {
  /** index of the offending mark in the text (UTF-16 code units) */
  index: number;
  /** the mark: ':', ';', '?', '!', '«' or '»' */
  mark: string;
  /** what is wrong, in English, for test messages */
  problem: 'missingSpace' | 'wrongSpace';
}

const SPACE_BEFORE = new Set([':', ';', '?', '!']);
/** Characters after which a mark means "no space at all" (a word, a number, a closing bracket). */
const WORD_END = /[\p{L}\p{N}»)\]}'’"%$]/u;
const ORDINARY_SPACES = new Set([' ', '\u00A0', '\u2009', '\t']);

/** True when the mark at `i` is sentence punctuation: followed by whitespace, a closing mark or the end. */
function isPunctuation(text: string, i: number): boolean {
  const next = text[i + 1];
  return next === undefined || /[\s\u202F»)"'’.,]/u.test(next) || SPACE_BEFORE.has(next);
}

/**
 * The rule breaks in one French text (see module comment). Empty when the text is correct.
 * Pure; runs in O(length).
 */
export function frenchTypographyIssues(text: string): FrenchTypographyIssue[] {
  const issues: FrenchTypographyIssue[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (SPACE_BEFORE.has(ch)) {
      if (!isPunctuation(text, i)) continue;
      const prev = text[i - 1];
      // runs such as "?!" or "…" after a mark: only the first mark needs the space
      if (prev !== undefined && SPACE_BEFORE.has(prev)) continue;
      if (prev === NNBSP || prev === undefined || prev === '\n') continue;
      if (ORDINARY_SPACES.has(prev)) issues.push({ index: i, mark: ch, problem: 'wrongSpace' });
      else if (WORD_END.test(prev)) issues.push({ index: i, mark: ch, problem: 'missingSpace' });
    } else if (ch === '«') {
      const next = text[i + 1];
      if (next === NNBSP || next === undefined) continue;
      issues.push({ index: i, mark: ch, problem: ORDINARY_SPACES.has(next) ? 'wrongSpace' : 'missingSpace' });
    } else if (ch === '»') {
      const prev = text[i - 1];
      if (prev === NNBSP || prev === undefined) continue;
      issues.push({ index: i, mark: ch, problem: ORDINARY_SPACES.has(prev) ? 'wrongSpace' : 'missingSpace' });
    }
  }
  return issues;
}

/**
 * The text with the French rules applied: the space before `: ; ? !` (ordinary, no-break or
 * missing) becomes U+202F, and so do the spaces inside `« »`. Idempotent:
 * `fixFrenchTypography(fixFrenchTypography(t)) === fixFrenchTypography(t)`, and
 * `frenchTypographyIssues(fixFrenchTypography(t))` is empty.
 */
export function fixFrenchTypography(text: string): string {
  const issues = frenchTypographyIssues(text);
  if (issues.length === 0) return text;
  let out = '';
  let from = 0;
  for (const issue of issues) {
    const { index, mark, problem } = issue;
    if (mark === '«') {
      out += text.slice(from, index + 1) + NNBSP;
      from = problem === 'wrongSpace' ? index + 2 : index + 1;
    } else {
      const cut = problem === 'wrongSpace' ? index - 1 : index;
      out += text.slice(from, cut) + NNBSP + mark;
      from = index + 1;
    }
  }
  return out + text.slice(from);
}
