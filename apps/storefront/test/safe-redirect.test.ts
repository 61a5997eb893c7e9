/**
 * Issue 9 item 7: redirect targets taken from a request stay on the site. A table of nasty
 * inputs through the shared helper and every caller (add to cart, sign-in, flash link).
 */
import { describe, expect, it } from 'vitest';
import { afterLoginTarget } from '../app/lib/auth/actions.server.ts';
import { isSafeRedirect } from '../app/lib/auth/paths.ts';
import { flashCookie, readFlash } from '../app/lib/cookies.server.ts';
import { isSameOriginPath, MAX_REDIRECT_LENGTH, safeRedirectTarget, sameOriginPath } from '../app/lib/safe-redirect.ts';
import { safeRedirect } from '../app/routes/add-to-cart.tsx';

const ORIGIN = 'https://www.brewhaus.ca';

/** Inputs a browser would follow to another site (or that are not paths at all). */
const REFUSED: Array<[string, unknown]> = [
  ['tab after the first slash', '/\t/evil.example'],
  ['new line after the first slash', '/\n/evil.example'],
  ['carriage return', '/\r/evil.example'],
  ['backslash after the slash', '/\\evil.example'],
  ['two backslashes', '/\\\\evil.example'],
  ['backslash later on', '/cart\\..\\..\\evil'],
  ['protocol-relative', '//evil.example'],
  ['protocol-relative with path', '//evil.example/cart'],
  ['three slashes', '///evil.example'],
  ['percent-encoded tab', '/%09/evil.example'],
  ['percent-encoded new line', '/%0a/evil.example'],
  ['percent-encoded backslash', '/%5cevil.example'],
  ['percent-encoded slash right after the first', '/%2f/evil.example'],
  ['percent-encoded slash, upper case', '/%2F%2Fevil.example'],
  ['percent-encoded DEL', '/%7f/evil'],
  ['percent-encoded C1 control', '/%C2%85/evil'],
  ['absolute https URL', 'https://evil.example'],
  ['absolute http URL', 'http://evil.example/cart'],
  ['scheme-relative with credentials', '//user@evil.example'],
  ['javascript: URL', 'javascript:alert(1)'],
  ['javascript: without slash', 'javascript:'],
  ['data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['leading space', ' /x'],
  ['leading tab', '\t/x'],
  ['trailing control character', '/cart\u0000'],
  ['NUL inside', '/ca\u0000rt'],
  ['C1 control (NEL)', '/cart\u0085'],
  ['DEL', '/cart\u007f'],
  ['relative path', 'cart'],
  ['dot path', './cart'],
  ['empty string', ''],
  ['too long', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
  ['not a string', 42],
  ['null', null],
  ['undefined', undefined],
];

/** Same-origin paths, and what they are normalised to. */
const ACCEPTED: Array<[string, string]> = [
  ['/', '/'],
  ['/cart', '/cart'],
  ['/fr/panier', '/fr/panier'],
  ['/c/BR?page=2&sort=price-asc', '/c/BR?page=2&sort=price-asc'],
  ['/p/BH-SOLO#matte-black', '/p/BH-SOLO#matte-black'],
  ['/fr/caf%C3%A9/p/X', '/fr/caf%C3%A9/p/X'],
  ['/fr/café/p/X', '/fr/caf%C3%A9/p/X'],
  ['/search?term=a%20b', '/search?term=a%20b'],
  ['/a/../cart', '/cart'],
  ['/a b', '/a%20b'],
];

describe('sameOriginPath (issue 9 item 7)', () => {
  for (const [name, input] of REFUSED) {
    it(`refuses ${name}: ${JSON.stringify(input)}`, () => {
      expect(sameOriginPath(input, ORIGIN)).toBeNull();
      expect(sameOriginPath(input)).toBeNull();
      expect(isSameOriginPath(input, ORIGIN)).toBe(false);
      expect(safeRedirectTarget(input, '/fallback', ORIGIN)).toBe('/fallback');
    });
  }

  for (const [input, normalised] of ACCEPTED) {
    it(`keeps ${JSON.stringify(input)} as ${normalised}`, () => {
      expect(sameOriginPath(input, ORIGIN)).toBe(normalised);
      expect(sameOriginPath(input)).toBe(normalised);
    });
  }

  it('resolves against the request origin and keeps only that origin', () => {
    // whatever the input, what comes out is a path that resolves to the request origin
    for (const [, input] of REFUSED) {
      const out = safeRedirectTarget(input, '/', ORIGIN);
      expect(new URL(out, ORIGIN).origin).toBe(ORIGIN);
    }
    expect(sameOriginPath('/cart', 'not an origin')).toBeNull();
  });

  it('is what every redirect taken from a request goes through', () => {
    for (const [, input] of REFUSED) {
      expect(safeRedirect(input as FormDataEntryValue | null, '/home', ORIGIN)).toBe('/home');
      expect(afterLoginTarget(input as string, '/account')).toBe('/account');
      if (typeof input === 'string') expect(isSafeRedirect(input)).toBe(false);
    }
    expect(safeRedirect('/c/BR?page=2', '/', ORIGIN)).toBe('/c/BR?page=2');
    expect(afterLoginTarget('/fr/panier', '/')).toBe('/fr/panier');
    // the flash cookie is the browser's to change: its link is checked when read back
    const flash = (link: string) => readFlash(new Request('http://x/', { headers: { cookie: flashCookie({ kind: 'coupon', ok: true, text: 'ok', link }, false).split(';')[0] ?? '' } }));
    expect(flash('/\t/evil.example')).toMatchObject({ link: null });
    expect(flash('/c/BR')).toMatchObject({ link: '/c/BR' });
  });
});
