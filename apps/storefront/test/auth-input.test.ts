/** Sign-up input checks of the storefront (issue 9 item 3): NUL and over-long names answer a field error, never a 5xx. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '@store/contracts';
import { SignUpFormSchema } from '@store/contracts/forms';
import { apiErrorResult, authFormErrors } from '../app/lib/auth/actions.server.ts';
import { createTranslator } from '../app/lib/intl.ts';

const en = { t: createTranslator('en') };
const fr = { t: createTranslator('fr') };
const GOOD = { firstName: 'Émile O’Brien-Nelligan', lastName: 'Lovelace', email: 'ada@example.com', password: 'Brew2026coffee', confirmPassword: 'Brew2026coffee' };
/** The reasons of each bad field of a sign-up. */
const reasons = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(authFormErrors(en, SignUpFormSchema, { ...GOOD, ...fields }) ?? {}).map(([k, v]) => [k, v.map((m) => m.reason)]));

describe('sign-up name and password checks', () => {
  it('refuse a NUL or another control character, and a name over 100 characters', () => {
    expect(reasons({ firstName: 'Ada\u0000' })).toEqual({ firstName: ['invalidCharacters'] });
    expect(reasons({ firstName: 'Ada\u0085' })).toEqual({ firstName: ['invalidCharacters'] });
    expect(reasons({ lastName: 'A'.repeat(101) })).toEqual({ lastName: ['tooLong'] });
    expect(reasons({ firstName: '' })).toEqual({ firstName: ['required'] });
    expect(reasons({})).toEqual({});
    expect(reasons({ password: 'Brew\u00002026coffee', confirmPassword: 'Brew\u00002026coffee' })).toEqual({ password: ['invalidCharacters'], confirmPassword: ['invalidCharacters'] });
  });

  it('name the field in English and in French', () => {
    const bad = { ...GOOD, firstName: 'Ada\u0000', lastName: 'L'.repeat(101), password: 'short1', confirmPassword: 'other' };
    const inEnglish = authFormErrors(en, SignUpFormSchema, bad);
    expect(inEnglish?.firstName?.[0]?.text).toBe('First name: this contains characters we cannot accept. Please retype it.');
    expect(inEnglish?.lastName?.[0]?.text).toBe('Last name: use at most 100 characters.');
    expect(inEnglish?.password?.map((m) => m.text)).toEqual(['Password: use at least 8 characters.']);
    expect(inEnglish?.confirmPassword?.[0]?.text).toBe('Confirm password: the two passwords do not match.');
    const inFrench = authFormErrors(fr, SignUpFormSchema, bad);
    expect(inFrench?.firstName?.[0]?.text).toBe('Prénom\u202f: ce champ contient des caractères que nous ne pouvons pas accepter. Veuillez le retaper.');
    expect(inFrench?.lastName?.[0]?.text).toBe('Nom\u202f: utilisez au plus 100 caractères.');
    expect(inFrench?.email).toBeUndefined();
    expect(authFormErrors(fr, SignUpFormSchema, { ...GOOD, email: 'ada@' })?.email?.[0]?.text).toBe('Adresse courriel\u202f: entrez une adresse courriel valide, comme nom@exemple.com.');
  });

  it('turn the API input reasons into field errors, not a 502', () => {
    const error = new ApiError(
      400,
      [
        { type: 'ValidationError', reason: 'invalidCharacters', subject: 'firstName', message: 'must not contain control characters' },
        { type: 'ValidationError', reason: 'tooLong', subject: 'lastName', message: 'must be at most 100 characters' },
      ],
      null,
      null,
    );
    const result = apiErrorResult(error, (s) => s ?? null);
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { firstName: [{ key: 'auth.error.invalidCharacters' }], lastName: [{ key: 'auth.error.tooLong' }] },
    });
  });
});
