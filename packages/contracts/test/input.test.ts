import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeInput, hasControlCharacters, inputIssueReason, passwordInput, safeText, stringInputProblem } from '../src/input.ts';

/** The reasons of a failed parse, as the API's error handler reads them. */
function reasons(schema: z.ZodType, value: unknown): Array<string | undefined> {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => inputIssueReason(issue));
}

describe('string input building blocks (issue 9 item 3)', () => {
  it('accept ordinary text: accents, apostrophes, emoji, spaces', () => {
    for (const value of ['Émile Nelligan', 'O’Brien-Smith', 'Café ☕ crème', '100 rue Sainte-Catherine', '']) {
      expect(safeText(100).safeParse(value).success, value).toBe(true);
    }
  });

  it('refuse NUL, other C0 controls, DEL and C1 controls with reason invalidCharacters', () => {
    for (const value of ['a\u0000b', 'tab\there', 'line\nbreak', 'esc\u001b[2J', 'del\u007f', 'nel\u0085', 'csi\u009b']) {
      expect(reasons(safeText(100), value), JSON.stringify(value)).toEqual(['invalidCharacters']);
      expect(hasControlCharacters(value)).toBe(true);
    }
  });

  it('allow tab and line breaks only in multi-line text', () => {
    const multi = safeText(100, { allowLineBreaks: true });
    expect(multi.safeParse('line one\r\nline\ttwo').success).toBe(true);
    expect(reasons(multi, 'nul\u0000')).toEqual(['invalidCharacters']);
  });

  it('bound the length with reason tooLong and a message naming the limit', () => {
    const result = codeInput().safeParse('A'.repeat(65));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'too_big', maximum: 64, message: 'must be at most 64 characters' })]);
    expect(reasons(codeInput(), 'A'.repeat(65))).toEqual(['tooLong']);
    expect(codeInput().safeParse('A'.repeat(64)).success).toBe(true);
    expect(stringInputProblem('x'.repeat(1_000_000), 254)).toBe('tooLong');
  });

  it('passwords: 128 characters, the ADR 0007 reason passwordTooLong', () => {
    expect(passwordInput().safeParse('p4ssword'.repeat(16)).success).toBe(true);
    expect(reasons(passwordInput(), 'p4ssword'.repeat(16) + 'x')).toEqual(['passwordTooLong']);
  });

  it('chain with zod refinements and document maxLength and pattern in JSON Schema', () => {
    const schema = codeInput().min(1).optional();
    expect(schema.safeParse(undefined).success).toBe(true);
    expect(schema.safeParse('').success).toBe(false);
    const json = z.toJSONSchema(codeInput().min(1)) as { maxLength?: number; minLength?: number; pattern?: string };
    expect(json).toMatchObject({ maxLength: 64, minLength: 1 });
    expect(new RegExp(json.pattern!).test('ok')).toBe(true);
    expect(new RegExp(json.pattern!).test('n\u0000')).toBe(false);
  });

  it('inputIssueReason reads only the reason the blocks set', () => {
    expect(inputIssueReason({ params: { reason: 'tooLong' } })).toBe('tooLong');
    expect(inputIssueReason({ origin: 'string', maximum: 3 })).toBeUndefined();
    expect(inputIssueReason(null)).toBeUndefined();
  });
});
