/** Sign-up input checks of the storefront (issue 9 item 3): NUL and over-long names answer a field error, never a 5xx. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '@store/contracts';
import { apiErrorResult, nameErrors, passwordErrors } from '../app/lib/auth/actions.server.ts';

describe('sign-up name and password checks', () => {
  it('refuse a NUL or another control character, and a name over 100 characters', () => {
    expect(nameErrors('Ada\u0000', 'auth.error.firstNameRequired')).toEqual([{ key: 'auth.error.invalidCharacters' }]);
    expect(nameErrors('Ada\u0085', 'auth.error.firstNameRequired')).toEqual([{ key: 'auth.error.invalidCharacters' }]);
    expect(nameErrors('A'.repeat(101), 'auth.error.firstNameRequired')).toEqual([{ key: 'auth.error.nameTooLong', values: { max: 100 } }]);
    expect(nameErrors('', 'auth.error.firstNameRequired')).toEqual([{ key: 'auth.error.firstNameRequired' }]);
    expect(nameErrors('Émile O’Brien-Nelligan', 'auth.error.firstNameRequired')).toEqual([]);
    expect(passwordErrors('Brew\u00002026coffee', 'a@b.co')).toEqual([{ key: 'auth.error.invalidCharacters' }]);
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
