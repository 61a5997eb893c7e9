/**
 * Property tests of the promotion engine (issue 4, ADR 0010 "Engine") against an independent
 * oracle written from the rules, 2000+ runs each.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PromotionKind, PromotionLine, PromotionResult, PromotionRule } from '../src/index.ts';
import { applyPromotions } from '../src/index.ts';

const RUNS = { numRuns: 2000 };
const PRODUCTS = ['A', 'B', 'C'];
const CATEGORIES = ['c1', 'c2', 'c3'];

const lineArb = fc.record({
  baseProductCode: fc.constantFrom(...PRODUCTS),
  variantNo: fc.integer({ min: 1, max: 2 }),
  categoryCodes: fc.subarray(CATEGORIES),
  unitPriceMinor: fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.constantFrom(0, 1, 3, 1999)),
  qty: fc.integer({ min: 0, max: 10 }),
  bmsmEligible: fc.boolean(),
  excluded: fc.oneof({ arbitrary: fc.constant(true), weight: 1 }, { arbitrary: fc.constant(false), weight: 3 }),
});
const linesArb: fc.Arbitrary<PromotionLine[]> = fc.array(lineArb, { maxLength: 6 }).map((ls) =>
  ls.map(({ variantNo, ...l }, i) => ({ ...l, entryNumber: i * 2 + 1, variantCode: `${l.baseProductCode}${variantNo}` })),
);

const bpsArb = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(0, 1, 1250, 1500, 5000, 9999, 10_000));
const amountArb = fc.oneof(fc.integer({ min: 0, max: 30_000 }), fc.constantFrom(0, 1, 99, 500));
const productCodesArb = fc.subarray([...PRODUCTS, 'A1', 'B2', 'C1', 'ZZ'], { minLength: 1 });
const categoryCodesArb = fc.subarray([...CATEGORIES, 'none'], { minLength: 1 });

/** The kind-specific parameters. */
const paramsArb: fc.Arbitrary<Partial<PromotionRule> & { kind: PromotionKind }> = fc.oneof(
  fc.record({ kind: fc.constant<PromotionKind>('orderPercent'), percentBps: bpsArb }),
  fc.record({ kind: fc.constant<PromotionKind>('orderFixed'), amountMinor: amountArb }),
  fc.record({ kind: fc.constant<PromotionKind>('productPercent'), percentBps: bpsArb, productCodes: productCodesArb }),
  fc.record({ kind: fc.constant<PromotionKind>('productFixed'), amountMinor: amountArb, productCodes: productCodesArb }),
  fc.record({ kind: fc.constant<PromotionKind>('categoryPercent'), percentBps: bpsArb, categoryCodes: categoryCodesArb }),
  fc.record({ kind: fc.constant<PromotionKind>('categoryFixed'), amountMinor: amountArb, categoryCodes: categoryCodesArb }),
  fc.record({
    kind: fc.constant<PromotionKind>('bmsm'),
    tiers: fc.array(fc.record({ minQty: fc.integer({ min: 1, max: 12 }), percentBps: bpsArb }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant<PromotionKind>('freeShipping') }),
  fc.record({ kind: fc.constant<PromotionKind>('freeGift'), giftVariantCode: fc.constantFrom('MUG', 'TUMBLER') }),
);

const ruleArb = (exclusive: fc.Arbitrary<boolean>): fc.Arbitrary<PromotionRule> =>
  fc
    .record({
      code: fc.stringMatching(/^[A-Za-z0-9]{1,3}$/),
      priority: fc.integer({ min: 0, max: 3 }),
      exclusive,
      couponCode: fc.option(fc.constantFrom('SAVE', 'MORE'), { nil: null }),
      minSubtotalMinor: fc.option(fc.oneof(fc.integer({ min: 0, max: 60_000 }), fc.constant(0)), { nil: undefined }),
      params: paramsArb,
    })
    .map(({ params, minSubtotalMinor, ...r }) => ({
      ...r,
      ...params,
      ...(minSubtotalMinor === undefined ? {} : { minSubtotalMinor }),
      description: { en: `en ${r.code}`, fr: `fr ${r.code}` },
    }));

const rulesArb = (exclusive: fc.Arbitrary<boolean>): fc.Arbitrary<PromotionRule[]> => fc.uniqueArray(ruleArb(exclusive), { maxLength: 7, selector: (r) => r.code });
const anyRules = rulesArb(fc.oneof({ arbitrary: fc.constant(true), weight: 1 }, { arbitrary: fc.constant(false), weight: 4 }));
const stackableRules = rulesArb(fc.constant(false));

// ---------------------------------------------------------------------------------------------
// Oracle, written independently from the rules of ADR 0010.

const lineTotal = (l: PromotionLine): number => l.unitPriceMinor * l.qty;
/** half-up of total × bps / 10000 in integers */
const pct = (total: number, bps: number): number => Math.floor((2 * total * bps + 10_000) / 20_000);
const merchandise = (lines: PromotionLine[]): number => lines.filter((l) => !l.excluded).reduce((a, l) => a + lineTotal(l), 0);

type Oracle =
  | { status: 'notApplicable' | 'minimumNotMet' }
  | { status: 'ok'; entry: Map<number, number>; order: number };

function oracle(rule: PromotionRule, lines: PromotionLine[]): Oracle {
  const S = merchandise(lines);
  const min = rule.minSubtotalMinor ?? 0;
  const live = lines.filter((l) => !l.excluded && lineTotal(l) > 0);
  let targets: PromotionLine[] | null = null;
  switch (rule.kind) {
    case 'productPercent':
    case 'productFixed':
      targets = live.filter((l) => rule.productCodes!.includes(l.baseProductCode) || rule.productCodes!.includes(l.variantCode));
      break;
    case 'categoryPercent':
    case 'categoryFixed':
      targets = live.filter((l) => l.categoryCodes.some((c) => rule.categoryCodes!.includes(c)));
      break;
    case 'bmsm':
      targets = live.filter((l) => l.bmsmEligible);
      break;
    default:
      break;
  }
  if (targets !== null) {
    if (targets.length === 0) return { status: 'notApplicable' };
    if (S < min) return { status: 'minimumNotMet' };
    const entry = new Map<number, number>();
    if (rule.kind === 'bmsm') {
      const units = targets.reduce((a, l) => a + l.qty, 0);
      const reached = rule.tiers!.filter((t) => t.minQty <= units);
      if (reached.length === 0) return { status: 'minimumNotMet' };
      const topQty = Math.max(...reached.map((t) => t.minQty));
      const bps = Math.max(...reached.filter((t) => t.minQty === topQty).map((t) => t.percentBps));
      for (const l of targets) entry.set(l.entryNumber, pct(lineTotal(l), bps));
    } else if (rule.kind.endsWith('Percent')) {
      for (const l of targets) entry.set(l.entryNumber, pct(lineTotal(l), rule.percentBps!));
    } else {
      for (const l of targets) entry.set(l.entryNumber, Math.min(lineTotal(l), rule.amountMinor! * l.qty));
    }
    return { status: 'ok', entry, order: 0 };
  }
  if (S === 0) return { status: 'notApplicable' };
  if (S < min) return { status: 'minimumNotMet' };
  const order = rule.kind === 'orderPercent' ? pct(S, rule.percentBps!) : rule.kind === 'orderFixed' ? Math.min(S, rule.amountMinor!) : 0;
  return { status: 'ok', entry: new Map(), order };
}

const aloneOf = (o: Oracle): number => (o.status === 'ok' ? [...o.entry.values()].reduce((a, b) => a + b, 0) + o.order : 0);

function perEntryApplied(r: PromotionResult): Map<number, number> {
  const m = new Map<number, number>();
  for (const a of r.applied) for (const e of a.entryDiscounts) m.set(e.entryNumber, (m.get(e.entryNumber) ?? 0) + e.amountMinor);
  return m;
}

function amountsOf(r: PromotionResult): Record<string, number> {
  return Object.fromEntries(r.applied.map((a) => [a.code, a.discountMinor]));
}

// ---------------------------------------------------------------------------------------------

describe('applyPromotions properties', () => {
  it('invariants: integers, never negative, never more than what a discount applies to', () => {
    fc.assert(
      fc.property(linesArb, anyRules, (lines, promotions) => {
        const r = applyPromotions({ lines, promotions });
        const S = merchandise(lines);
        expect(r.merchandiseMinor).toBe(S);
        expect(Number.isSafeInteger(r.discountMinor)).toBe(true);
        expect(r.discountMinor).toBeGreaterThanOrEqual(0);
        expect(r.discountMinor).toBeLessThanOrEqual(S);
        expect(S - r.discountMinor).toBeGreaterThanOrEqual(0);
        expect(r.applied.reduce((a, x) => a + x.discountMinor, 0)).toBe(r.discountMinor);
        const byNumber = new Map(lines.map((l) => [l.entryNumber, l]));
        for (const a of r.applied) {
          const rule = promotions.find((p) => p.code === a.code)!;
          const o = oracle(rule, lines);
          expect(o.status).toBe('ok');
          expect(Number.isSafeInteger(a.discountMinor) && a.discountMinor >= 0).toBe(true);
          expect(a.discountMinor).toBeLessThanOrEqual(aloneOf(o));
          const entrySum = a.entryDiscounts.reduce((s, e) => s + e.amountMinor, 0);
          if (a.entryDiscounts.length > 0) expect(entrySum).toBe(a.discountMinor);
          for (const e of a.entryDiscounts) {
            const l = byNumber.get(e.entryNumber)!;
            expect(Number.isSafeInteger(e.amountMinor) && e.amountMinor > 0).toBe(true);
            expect(l.excluded).toBe(false);
            expect(e.amountMinor).toBeLessThanOrEqual(o.status === 'ok' ? (o.entry.get(e.entryNumber) ?? -1) : -1);
          }
        }
        for (const [entryNumber, sum] of perEntryApplied(r)) expect(sum).toBeLessThanOrEqual(lineTotal(byNumber.get(entryNumber)!));
        // applied ⊎ rejected = the input
        const codes = [...r.applied.map((a) => a.code), ...r.rejected.map((x) => x.code)].sort();
        expect(codes).toEqual(promotions.map((p) => p.code).sort());
        // an exclusive promotion is alone
        const exclusiveApplied = r.applied.filter((a) => promotions.find((p) => p.code === a.code)!.exclusive);
        if (exclusiveApplied.length > 0) expect(r.applied).toHaveLength(1);
        expect(r.freeShipping).toBe(r.applied.some((a) => a.kind === 'freeShipping'));
        expect(new Set(r.gifts).size).toBe(r.gifts.length);
      }),
      RUNS,
    );
  });

  it('stackable promotions: the exact oracle total, caps per entry and per order, rejections with reasons', () => {
    fc.assert(
      fc.property(linesArb, stackableRules, (lines, promotions) => {
        const r = applyPromotions({ lines, promotions });
        const oracles = promotions.map((p) => ({ p, o: oracle(p, lines) }));
        expect(r.applied.map((a) => a.code).sort()).toEqual(oracles.filter((x) => x.o.status === 'ok').map((x) => x.p.code).sort());
        for (const x of r.rejected) {
          const o = oracles.find((y) => y.p.code === x.code)!.o;
          expect(x.reason).toBe(o.status);
        }
        // total = Σ_entries min(Σ raw, line total) + min(Σ order raw, what remains)
        const rawPerEntry = new Map<number, number>();
        let orderRaw = 0;
        for (const { o } of oracles) {
          if (o.status !== 'ok') continue;
          for (const [e, v] of o.entry) rawPerEntry.set(e, (rawPerEntry.get(e) ?? 0) + v);
          orderRaw += o.order;
        }
        let entryTotal = 0;
        const applied = perEntryApplied(r);
        for (const l of lines) {
          const expected = Math.min(rawPerEntry.get(l.entryNumber) ?? 0, lineTotal(l));
          expect(applied.get(l.entryNumber) ?? 0).toBe(expected);
          entryTotal += expected;
        }
        const S = merchandise(lines);
        expect(r.discountMinor).toBe(entryTotal + Math.min(orderRaw, S - entryTotal));
      }),
      RUNS,
    );
  });

  it('the input order of promotions never matters (stackable)', () => {
    const arb = fc.tuple(linesArb, stackableRules).chain(([lines, rules]) => fc.tuple(fc.constant(lines), fc.constant(rules), fc.shuffledSubarray(rules, { minLength: rules.length, maxLength: rules.length })));
    fc.assert(
      fc.property(arb, ([lines, rules, shuffled]) => {
        const a = applyPromotions({ lines, promotions: rules });
        const b = applyPromotions({ lines, promotions: shuffled });
        expect(b.discountMinor).toBe(a.discountMinor);
        expect(amountsOf(b)).toEqual(amountsOf(a));
        expect(b).toEqual(a);
      }),
      RUNS,
    );
  });

  it('the input order of promotions never matters (with exclusive ones)', () => {
    const arb = fc.tuple(linesArb, anyRules).chain(([lines, rules]) => fc.tuple(fc.constant(lines), fc.constant(rules), fc.shuffledSubarray(rules, { minLength: rules.length, maxLength: rules.length })));
    fc.assert(
      fc.property(arb, ([lines, rules, shuffled]) => {
        expect(applyPromotions({ lines, promotions: shuffled })).toEqual(applyPromotions({ lines, promotions: rules }));
      }),
      RUNS,
    );
  });

  it('the exclusive winner: highest priority, then largest discount, then smallest code', () => {
    fc.assert(
      fc.property(linesArb, anyRules, (lines, promotions) => {
        const r = applyPromotions({ lines, promotions });
        const ex = promotions.map((p) => ({ p, o: oracle(p, lines) })).filter((x) => x.p.exclusive && x.o.status === 'ok');
        if (ex.length === 0) {
          expect(r.rejected.some((x) => x.reason === 'excludedByExclusive')).toBe(false);
          return;
        }
        ex.sort((x, y) => y.p.priority - x.p.priority || aloneOf(y.o) - aloneOf(x.o) || (x.p.code < y.p.code ? -1 : 1));
        const w = ex[0]!;
        expect(r.applied.map((a) => a.code)).toEqual([w.p.code]);
        expect(r.discountMinor).toBe(aloneOf(w.o));
        const applicable = promotions.filter((p) => oracle(p, lines).status === 'ok').length;
        expect(r.rejected.filter((x) => x.reason === 'excludedByExclusive')).toHaveLength(applicable - 1);
      }),
      RUNS,
    );
  });

  it('excluded (gift-card) lines change nothing: removing them or changing their price gives the same result', () => {
    fc.assert(
      fc.property(linesArb, anyRules, fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 20 }), (lines, promotions, price, qty) => {
        const r = applyPromotions({ lines, promotions });
        expect(applyPromotions({ lines: lines.filter((l) => !l.excluded), promotions })).toEqual(r);
        const changed = lines.map((l) => (l.excluded ? { ...l, unitPriceMinor: price, qty } : l));
        changed.push({ entryNumber: 0, variantCode: 'A1', baseProductCode: 'A', categoryCodes: [...CATEGORIES], unitPriceMinor: price, qty, bmsmEligible: true, excluded: true });
        expect(applyPromotions({ lines: changed, promotions })).toEqual(r);
      }),
      RUNS,
    );
  });

  it('one promotion alone gives exactly the oracle (half-up once per entry)', () => {
    fc.assert(
      fc.property(linesArb, ruleArb(fc.boolean()), (lines, rule) => {
        const r = applyPromotions({ lines, promotions: [rule] });
        const o = oracle(rule, lines);
        if (o.status !== 'ok') {
          expect(r.applied).toEqual([]);
          expect(r.rejected.map((x) => x.reason)).toEqual([o.status]);
          expect(r.discountMinor).toBe(0);
          return;
        }
        expect(r.rejected).toEqual([]);
        expect(r.discountMinor).toBe(aloneOf(o));
        expect(r.applied[0]!.entryDiscounts).toEqual([...o.entry].filter(([, v]) => v > 0).map(([entryNumber, amountMinor]) => ({ entryNumber, amountMinor })));
      }),
      RUNS,
    );
  });
});
