import { describe, expect, it } from 'vitest';
import { jwtClaims } from '../app/lib/auth/request.server.ts';

/** issue 11 item 8: the storefront decodes (never verifies) access tokens with jose. */
describe('jwtClaims', () => {
  it('reads the claims of a JWT and answers null for anything else', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'cu_1', email: 'a@example.com' })).toString('base64url');
    expect(jwtClaims(`eyJhbGciOiJIUzI1NiJ9.${payload}.c2ln`)).toMatchObject({ sub: 'cu_1', email: 'a@example.com' });
    expect(jwtClaims(null)).toBeNull();
    expect(jwtClaims('not-a-jwt')).toBeNull();
    expect(jwtClaims(`eyJhbGciOiJIUzI1NiJ9.${Buffer.from('[1]').toString('base64url')}.c2ln`)).toBeNull();
  });
});
