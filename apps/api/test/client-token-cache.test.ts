/**
 * The remembered verdicts of client tokens (issue 11 item 6, plugins/auth.ts): a token verified
 * once is answered from memory until it expires, and nothing else ever is: not a token that
 * differs by one character of its signature, not the same token under another secret, not an
 * expired token.
 */
import { describe, expect, it } from 'vitest';
import { signClientToken, verifyClientToken } from '../src/auth/tokens.ts';

const SECRET = 'client-token-cache-test-secret-0123456789abcdef';

describe('client token verdicts', () => {
  it('answers a verified token again, and refuses a tampered one or another secret afterwards', async () => {
    const token = await signClientToken(SECRET, 'storefront', ['basic']);
    expect(await verifyClientToken(SECRET, token)).toEqual({ clientId: 'storefront', scopes: ['basic'] });
    const again = await verifyClientToken(SECRET, token);
    expect(again).toEqual({ clientId: 'storefront', scopes: ['basic'] });
    again?.scopes.push('admin');
    expect((await verifyClientToken(SECRET, token))?.scopes).toEqual(['basic']);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await verifyClientToken(SECRET, `${token.slice(0, -2)}${last}${token.slice(-1)}`)).toBeNull();
    expect(await verifyClientToken(`${SECRET}-other`, token)).toBeNull();
  });

  it('refuses an expired token', async () => {
    const old = await signClientToken(SECRET, 'storefront', ['basic'], Date.now() - 2 * 3600_000);
    expect(await verifyClientToken(SECRET, old)).toBeNull();
    expect(await verifyClientToken(SECRET, old)).toBeNull();
  });
});
