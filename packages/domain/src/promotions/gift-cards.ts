/**
 * Gift-card rules (issue 4; ADR 0010 "Gift cards"; spec §3 gift cards, §7 checkout gift-card
 * calls): codes, masking, how several cards pay a total and the balance ledger. Pure: the caller
 * passes the randomness in. Money in integer minor units.
 */

/**
 * The 31 characters a gift-card code is made of: digits 2–9 and the Latin capitals without the
 * look-alikes `0`/`O`, `1`/`I`/`L` (ADR 0010: "an unambiguous alphabet").
 */
export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Length of a gift-card code, separators excluded (ADR 0010). */
export const GIFT_CARD_CODE_LENGTH = 16;

const ALPHABET_SET = new Set(GIFT_CARD_ALPHABET);
/** Bytes at or above this are rejected so every character is equally likely (no modulo bias). */
const BYTE_LIMIT = 256 - (256 % GIFT_CARD_ALPHABET.length);

/**
 * Generates a new gift-card code: {@link GIFT_CARD_CODE_LENGTH} characters drawn uniformly from
 * {@link GIFT_CARD_ALPHABET} by rejection sampling of the bytes given by `randomBytes` (pass
 * `crypto.randomBytes` / `crypto.getRandomValues`-backed bytes in production).
 * @param randomBytes returns `n` random bytes
 * @returns the normalised code (16 upper-case characters, no separators; show it with
 *   {@link formatGiftCardCode})
 * @throws RangeError when `randomBytes` keeps returning no usable byte (a broken source)
 */
export function generateGiftCardCode(randomBytes: (n: number) => Uint8Array): string {
  let code = '';
  let attempts = 0;
  while (code.length < GIFT_CARD_CODE_LENGTH) {
    if (++attempts > 64) throw new RangeError('generateGiftCardCode: the random source gives no usable bytes');
    const bytes = randomBytes(GIFT_CARD_CODE_LENGTH * 2);
    for (const b of bytes) {
      if (code.length === GIFT_CARD_CODE_LENGTH) break;
      if (b < BYTE_LIMIT) code += GIFT_CARD_ALPHABET[b % GIFT_CARD_ALPHABET.length];
    }
  }
  return code;
}

/** Shows a normalised code in groups of four: `ABCD-EFGH-JKMN-PQRS`. */
export function formatGiftCardCode(code: string): string {
  return (code.match(/.{1,4}/g) ?? []).join('-');
}

/**
 * Normalises what a shopper typed: strips every space and dash, upper-cases, then checks it is
 * exactly {@link GIFT_CARD_CODE_LENGTH} characters of {@link GIFT_CARD_ALPHABET}.
 * @returns the normalised code, or `null` when malformed (the API answers the same 404 as for an
 *   unknown code, so a malformed code reveals nothing)
 */
export function normalizeGiftCardCode(raw: string): string | null {
  if (typeof raw !== 'string') return null;
  const s = raw.replace(/[\s\-\u2010-\u2015]/g, '').toUpperCase();
  if (s.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of s) if (!ALPHABET_SET.has(ch)) return null;
  return s;
}

/** The masked form shown for an applied card (contracts `AppliedGiftCard.maskedCode`): `"•••• 7Q2K"`. */
export function maskGiftCardCode(last4: string): string {
  return `•••• ${last4.slice(-4).toUpperCase()}`;
}

/** One card applied to a cart, as {@link allocateGiftCards} sees it. */
export interface GiftCardAllocationInput {
  giftCardId: string;
  /** current balance, minor units ≥ 0 */
  balanceMinor: number;
  /** what the shopper asked to use (`PUT giftcard/apply-value`), minor units ≥ 0; null = as much as needed */
  requestedMinor: number | null;
}

/** What one card pays. */
export interface GiftCardAllocation {
  giftCardId: string;
  /** minor units, 0 ≤ applied ≤ min(balance, requested) */
  appliedMinor: number;
}

function assertNonNegInt(v: number, what: string): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${what} must be a non-negative integer, got ${v}`);
}

/**
 * Splits a total over the applied gift cards, in the given order (the order they were applied):
 * each card pays `min(balance, requested ?? balance, what remains of the total)`. One row per
 * input card (0 when nothing is left). Σ applied ≤ total; the rest is `amountToPay`.
 * @param totalMinor the order total (shipping and tax included), minor units ≥ 0
 * @throws RangeError on a negative or non-integer amount (programming error)
 */
export function allocateGiftCards(totalMinor: number, cards: ReadonlyArray<GiftCardAllocationInput>): GiftCardAllocation[] {
  assertNonNegInt(totalMinor, 'totalMinor');
  let left = totalMinor;
  return cards.map((c, i) => {
    assertNonNegInt(c.balanceMinor, `cards[${i}].balanceMinor`);
    if (c.requestedMinor !== null) assertNonNegInt(c.requestedMinor, `cards[${i}].requestedMinor`);
    const appliedMinor = Math.min(c.balanceMinor, c.requestedMinor ?? c.balanceMinor, left);
    left -= appliedMinor;
    return { giftCardId: c.giftCardId, appliedMinor };
  });
}

/** Ledger row kinds (ADR 0010): issue (+), hold (−), release (+), redeem (0), refund (+). */
export type GiftCardLedgerEntryKind = 'issue' | 'hold' | 'release' | 'redeem' | 'refund';

/** The sign a ledger kind gives its (non-negative) amount in the balance. */
export function giftCardLedgerSign(kind: GiftCardLedgerEntryKind): -1 | 0 | 1 {
  switch (kind) {
    case 'hold':
      return -1;
    case 'redeem':
      return 0;
    case 'issue':
    case 'release':
    case 'refund':
      return 1;
  }
}

/**
 * The balance a ledger gives (ADR 0010 invariant: Σ signed ledger = balance): issue, release and
 * refund add, hold subtracts, redeem counts 0 (the hold already took the money).
 * @param entries amounts are magnitudes, minor units ≥ 0
 * @throws RangeError on a negative or non-integer amount, or an unknown kind
 */
export function ledgerBalance(entries: ReadonlyArray<{ kind: GiftCardLedgerEntryKind; amountMinor: number }>): number {
  let sum = 0;
  entries.forEach((e, i) => {
    assertNonNegInt(e.amountMinor, `entries[${i}].amountMinor`);
    const sign = giftCardLedgerSign(e.kind);
    if (sign === undefined) throw new RangeError(`entries[${i}].kind is unknown: ${String(e.kind)}`);
    sum += sign * e.amountMinor;
  });
  return sum + 0;
}
