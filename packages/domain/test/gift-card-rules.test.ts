import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GiftCardAllocationInput, GiftCardLedgerEntryKind } from '../src/index.ts';
import { GIFT_CARD_ALPHABET, allocateGiftCards, formatGiftCardCode, generateGiftCardCode, ledgerBalance, maskGiftCardCode, normalizeGiftCardCode } from '../src/index.ts';

const RUNS = { numRuns: 2000 };

describe('gift-card codes', () => {
  it('the alphabet has 31 unambiguous characters', () => {
    expect(GIFT_CARD_ALPHABET).toHaveLength(31);
    expect(new Set(GIFT_CARD_ALPHABET).size).toBe(31);
    for (const ch of '01OIL') expect(GIFT_CARD_ALPHABET).not.toContain(ch);
  });

  it('maps bytes to characters and skips the biased bytes ≥ 248', () => {
    const bytes = [248, 255, 0, 30, 31, 247, ...Array.from({ length: 40 }, (_, i) => i)];
    let pos = 0;
    const src = (n: number): Uint8Array => {
      const out = new Uint8Array(bytes.slice(pos, pos + n));
      pos += n;
      return out;
    };
    // 0 → '2', 30 → 'Z', 31 → '2', 247 = 31×7 + 30 → 'Z', then 0, 1, 2, …
    expect(generateGiftCardCode(src)).toBe('2Z2Z23456789ABCD');
  });

  it('throws RangeError when the source never gives a usable byte', () => {
    expect(() => generateGiftCardCode((n) => new Uint8Array(n).fill(255))).toThrow(RangeError);
  });

  it('any random source gives 16 characters of the alphabet that normalise to themselves (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (seed) => {
        let k = 0;
        const code = generateGiftCardCode((n) => Uint8Array.from({ length: n }, () => (seed[k++ % 32]! + Math.floor(k / 32)) % 248));
        expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{16}$/);
        expect(normalizeGiftCardCode(code)).toBe(code);
        expect(normalizeGiftCardCode(formatGiftCardCode(code))).toBe(code);
        expect(normalizeGiftCardCode(formatGiftCardCode(code).toLowerCase().replace(/-/g, ' '))).toBe(code);
      }),
      RUNS,
    );
  });

  it('formats in groups of four', () => {
    expect(formatGiftCardCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
  });

  it('normalises what a shopper types, null when malformed', () => {
    expect(normalizeGiftCardCode(' abcd-efgh jkmn-pqrs ')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeGiftCardCode('ABCD–EFGH–JKMN–PQRS')).toBe('ABCDEFGHJKMNPQRS'); // en dashes
    expect(normalizeGiftCardCode('ABCD-EFGH-JKMN-PQR')).toBeNull(); // 15
    expect(normalizeGiftCardCode('ABCD-EFGH-JKMN-PQRST')).toBeNull(); // 17
    expect(normalizeGiftCardCode('ABCD-EFGH-JKMN-PQR0')).toBeNull(); // zero
    expect(normalizeGiftCardCode('ABCD-EFGH-JKMN-PQRO')).toBeNull(); // letter O
    expect(normalizeGiftCardCode('ABCD-EFGH-JKMN-PQRI')).toBeNull();
    expect(normalizeGiftCardCode('ABCD-EFGH-JKMN-PQRL')).toBeNull();
    expect(normalizeGiftCardCode('ABCD-EFGH-JKMN-PQR1')).toBeNull();
    expect(normalizeGiftCardCode('ABCD_EFGH_JKMN_PQRS')).toBeNull();
    expect(normalizeGiftCardCode('')).toBeNull();
    expect(normalizeGiftCardCode(null as unknown as string)).toBeNull();
  });

  it('masks with the last four characters', () => {
    expect(maskGiftCardCode('7q2k')).toBe('•••• 7Q2K');
    expect(maskGiftCardCode('ABCDEFGHJKMN7Q2K')).toBe('•••• 7Q2K');
  });
});

describe('allocateGiftCards', () => {
  it('pays in the given order, each card up to its balance and request', () => {
    expect(
      allocateGiftCards(10_000, [
        { giftCardId: 'a', balanceMinor: 3000, requestedMinor: null },
        { giftCardId: 'b', balanceMinor: 5000, requestedMinor: 2000 },
        { giftCardId: 'c', balanceMinor: 9000, requestedMinor: null },
        { giftCardId: 'd', balanceMinor: 9000, requestedMinor: null },
      ]),
    ).toEqual([
      { giftCardId: 'a', appliedMinor: 3000 },
      { giftCardId: 'b', appliedMinor: 2000 },
      { giftCardId: 'c', appliedMinor: 5000 },
      { giftCardId: 'd', appliedMinor: 0 },
    ]);
    expect(allocateGiftCards(0, [{ giftCardId: 'a', balanceMinor: 100, requestedMinor: null }])).toEqual([{ giftCardId: 'a', appliedMinor: 0 }]);
    expect(allocateGiftCards(500, [])).toEqual([]);
  });

  it('throws RangeError on negative or fractional amounts', () => {
    expect(() => allocateGiftCards(-1, [])).toThrow(RangeError);
    expect(() => allocateGiftCards(1.5, [])).toThrow(RangeError);
    expect(() => allocateGiftCards(100, [{ giftCardId: 'a', balanceMinor: -1, requestedMinor: null }])).toThrow(RangeError);
    expect(() => allocateGiftCards(100, [{ giftCardId: 'a', balanceMinor: 10, requestedMinor: -5 }])).toThrow(RangeError);
    expect(() => allocateGiftCards(100, [{ giftCardId: 'a', balanceMinor: 10, requestedMinor: 0.5 }])).toThrow(RangeError);
  });

  it('never exceeds balances, requests nor the total, and pays as much as it can (property)', () => {
    const card: fc.Arbitrary<GiftCardAllocationInput> = fc.record({
      giftCardId: fc.uuid(),
      balanceMinor: fc.integer({ min: 0, max: 50_000 }),
      requestedMinor: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.array(card, { maxLength: 5 }), (total, cards) => {
        const out = allocateGiftCards(total, cards);
        expect(out.map((o) => o.giftCardId)).toEqual(cards.map((c) => c.giftCardId));
        let sum = 0;
        out.forEach((o, i) => {
          const c = cards[i]!;
          expect(Number.isSafeInteger(o.appliedMinor)).toBe(true);
          expect(o.appliedMinor).toBeGreaterThanOrEqual(0);
          expect(o.appliedMinor).toBeLessThanOrEqual(c.balanceMinor);
          if (c.requestedMinor !== null) expect(o.appliedMinor).toBeLessThanOrEqual(c.requestedMinor);
          sum += o.appliedMinor;
        });
        expect(sum).toBeLessThanOrEqual(total);
        const capacity = cards.reduce((a, c) => a + Math.min(c.balanceMinor, c.requestedMinor ?? c.balanceMinor), 0);
        expect(sum).toBe(Math.min(total, capacity));
      }),
      RUNS,
    );
  });
});

describe('ledgerBalance', () => {
  it('issue, release and refund add; hold subtracts; redeem counts 0', () => {
    expect(ledgerBalance([])).toBe(0);
    expect(
      ledgerBalance([
        { kind: 'issue', amountMinor: 5000 },
        { kind: 'hold', amountMinor: 2000 },
        { kind: 'release', amountMinor: 2000 },
        { kind: 'hold', amountMinor: 3000 },
        { kind: 'redeem', amountMinor: 3000 },
        { kind: 'refund', amountMinor: 1000 },
      ]),
    ).toBe(3000);
  });

  it('throws RangeError on a negative or fractional amount or an unknown kind', () => {
    expect(() => ledgerBalance([{ kind: 'issue', amountMinor: -1 }])).toThrow(RangeError);
    expect(() => ledgerBalance([{ kind: 'issue', amountMinor: 0.5 }])).toThrow(RangeError);
    expect(() => ledgerBalance([{ kind: 'bonus' as GiftCardLedgerEntryKind, amountMinor: 1 }])).toThrow(RangeError);
  });

  it('matches a running simulation of a card (property)', () => {
    type Op = { op: 'issue' | 'hold' | 'release' | 'redeem' | 'refund'; amount: number };
    const opArb: fc.Arbitrary<Op> = fc.record({ op: fc.constantFrom('issue', 'hold', 'release', 'redeem', 'refund'), amount: fc.integer({ min: 0, max: 10_000 }) });
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        // the conditional updates of ADR 0010: hold only within the balance, release/redeem only
        // within what is held, refund only within what was redeemed
        let balance = 0;
        let held = 0;
        let redeemed = 0;
        const ledger: Array<{ kind: GiftCardLedgerEntryKind; amountMinor: number }> = [];
        for (const { op, amount } of ops) {
          if (op === 'issue') balance += amount;
          else if (op === 'hold') {
            if (amount > balance) continue;
            balance -= amount;
            held += amount;
          } else if (op === 'release') {
            if (amount > held) continue;
            held -= amount;
            balance += amount;
          } else if (op === 'redeem') {
            if (amount > held) continue;
            held -= amount;
            redeemed += amount;
          } else {
            if (amount > redeemed) continue;
            redeemed -= amount;
            balance += amount;
          }
          ledger.push({ kind: op, amountMinor: amount });
          expect(ledgerBalance(ledger)).toBe(balance);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });
});
