/**
 * Orders: status display mapping (spec §3) and human-readable, unguessable order codes
 * (DESIGN "Money, ids, time").
 */
import type { BaseSiteId } from './sites.ts';

/**
 * The status shown for an order status (spec §3): processing → processed, partiallydelivered →
 * partially-delivered, partiallyshipped → partially-shipped (matched case-insensitively); any
 * other status is returned unchanged.
 */
export function orderStatusDisplay(status: string): string {
  switch (status.toLowerCase()) {
    case 'processing':
      return 'processed';
    case 'partiallydelivered':
      return 'partially-delivered';
    case 'partiallyshipped':
      return 'partially-shipped';
    default:
      return status;
  }
}

/** Crockford base32 alphabet (no I, L, O, U). */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Order code prefix per site. */
export const ORDER_CODE_PREFIX: Record<BaseSiteId, string> = { usb2c: 'KC', cab2c: 'CA', usafh: 'AF' };

/** Random characters in an order code (two groups of 5; 50 bits of entropy). */
export const ORDER_CODE_RANDOM_CHARS = 10;

/**
 * A new order code: the site prefix (KC usb2c, CA cab2c, AF usafh), then 10 Crockford base32
 * characters in two groups of five, e.g. `KC-7K3M9-QX2TB`. Takes 10 random bytes from
 * `randomBytes` (pass `crypto.randomBytes` or a `getRandomValues` wrapper) and uses the low 5
 * bits of each (uniform, since 256 is a multiple of 32): 50 bits, not enumerable.
 * @throws RangeError when `randomBytes` returns fewer than 10 bytes
 */
export function generateOrderCode(site: BaseSiteId, randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(ORDER_CODE_RANDOM_CHARS);
  if (bytes.length < ORDER_CODE_RANDOM_CHARS) throw new RangeError('randomBytes returned too few bytes');
  let chars = '';
  for (let i = 0; i < ORDER_CODE_RANDOM_CHARS; i++) chars += CROCKFORD_ALPHABET[(bytes[i] ?? 0) & 31];
  return `${ORDER_CODE_PREFIX[site]}-${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const ORDER_CODE_RE = /^(KC|CA|AF)-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

/** Is this exactly an order code as {@link generateOrderCode} makes it (upper-case, with dashes)? */
export function isValidOrderCode(code: string): boolean {
  return ORDER_CODE_RE.test(code);
}

/**
 * An order code as a person typed it, in canonical form: trimmed, upper-cased, spaces removed,
 * and the Crockford look-alikes read back (O → 0, I and L → 1) in the random part. Returns `null`
 * when the result is not a valid order code.
 */
export function normalizeOrderCode(input: string): string | null {
  const s = input.trim().toUpperCase().replace(/\s+/g, '');
  const m = /^([A-Z]{2})-?([0-9A-Z]{5})-?([0-9A-Z]{5})$/.exec(s);
  if (!m) return null;
  const fix = (g: string) => g.replace(/O/g, '0').replace(/[IL]/g, '1');
  const code = `${m[1]}-${fix(m[2] ?? '')}-${fix(m[3] ?? '')}`;
  return isValidOrderCode(code) ? code : null;
}

/** The site an order code belongs to, from its prefix; `null` for an invalid code. */
export function siteOfOrderCode(code: string): BaseSiteId | null {
  if (!isValidOrderCode(code)) return null;
  const prefix = code.slice(0, 2);
  const entry = (Object.entries(ORDER_CODE_PREFIX) as Array<[BaseSiteId, string]>).find(([, p]) => p === prefix);
  return entry ? entry[0] : null;
}
