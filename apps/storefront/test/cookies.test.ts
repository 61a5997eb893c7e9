/** issue 11 item 8: cookie parsing and writing go through the `cookie` library (app/lib/cookies.server.ts). */
import { parseSetCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from '../app/lib/cookies.server.ts';

describe('cookies.server', () => {
  it('parses a Cookie header: decoded values, bad encodings kept raw, the first of two names wins', () => {
    expect(parseCookies('a=1; b=%7B%22k%22%3A1%7D;c=%E0%A4%A; a=2; junk; =x')).toEqual({ a: '1', b: '{"k":1}', c: '%E0%A4%A' });
    expect(parseCookies(null)).toEqual({});
    expect(parseCookies('')).toEqual({});
  });

  it('writes Set-Cookie values that read back the same, with Path=/ and SameSite=Lax by default', () => {
    const header = serializeCookie('sf_flash', JSON.stringify({ kind: 'added', name: 'Café; crème' }), { maxAge: 60.7, httpOnly: true, secure: true });
    const parsed = parseSetCookie(header);
    expect(parsed).toEqual({ name: 'sf_flash', value: '{"kind":"added","name":"Café; crème"}', path: '/', maxAge: 60, httpOnly: true, secure: true, sameSite: 'lax' });
    expect(parseCookies(`sf_flash=${header.split(';')[0]!.slice('sf_flash='.length)}`).sf_flash).toBe(parsed.value);
  });

  it('deletes with Max-Age=0 and an Expires in 1970; a session cookie has neither', () => {
    expect(parseSetCookie(serializeCookie('cartGuid', '', { maxAge: -5, sameSite: 'Strict' }))).toEqual({
      name: 'cartGuid',
      value: '',
      path: '/',
      maxAge: 0,
      expires: new Date(0),
      sameSite: 'strict',
    });
    expect(serializeCookie('sf_site', 'cab2c')).toBe('sf_site=cab2c; Path=/; SameSite=Lax');
  });
});
