/**
 * The promotion engine (issue 4; ADR 0010 "Engine"; spec §3 campaign flags and
 * isProductBMSMEligible, §7 coupons). One pure, deterministic function from cart lines and the
 * promotions that may apply to the applied promotions, the rejected ones and the discount. All
 * amounts are integer minor units; percentages are basis points (10000 = 100 %).
 *
 * Rules (the contract, see {@link applyPromotions}):
 * - Input order never matters: promotions are sorted by priority (desc) then code (ascending,
 *   code-unit order); lines are addressed by entry number.
 * - Eligibility: excluded lines (gift cards) are never discounted nor counted. The merchandise
 *   subtotal is Σ unit price × qty of the non-excluded lines, BEFORE any discount; every
 *   `minSubtotalMinor` is compared with it (so thresholds never depend on which other promotions
 *   apply, and stackable promotions commute).
 * - No compounding: every promotion is computed on the undiscounted line totals. Entry-level
 *   kinds (product*, category*, bmsm) are applied first, in priority order, each capped per entry
 *   at what remains of the entry; order-level kinds (orderPercent, orderFixed) next, in priority
 *   order, each capped at what remains of the merchandise. The discount never exceeds the
 *   merchandise subtotal.
 * - Percentages round half-up once per promotion and entry (orderPercent: once on the subtotal).
 * - Exclusive: if any exclusive promotion is applicable, the one with the highest priority, then
 *   the largest discount (computed alone), then the smallest code applies alone; every other
 *   applicable promotion is rejected `excludedByExclusive`.
 */
import { percentOfMinor } from '../money.ts';
import type { AppliedPromotionResult, PromotionInput, PromotionKind, PromotionLine, PromotionRejectionEntry, PromotionResult, PromotionRule } from './types.ts';

/** Kinds that discount entries (capped per entry). */
export const ENTRY_LEVEL_KINDS: readonly PromotionKind[] = ['productPercent', 'productFixed', 'categoryPercent', 'categoryFixed', 'bmsm'];
/** Kinds that discount the order (capped at the remaining merchandise). */
export const ORDER_LEVEL_KINDS: readonly PromotionKind[] = ['orderPercent', 'orderFixed'];
/** Every kind the engine knows. */
export const PROMOTION_KINDS: readonly PromotionKind[] = [...ENTRY_LEVEL_KINDS, ...ORDER_LEVEL_KINDS, 'freeShipping', 'freeGift'];

const PERCENT_KINDS: ReadonlySet<PromotionKind> = new Set(['orderPercent', 'productPercent', 'categoryPercent']);
const FIXED_KINDS: ReadonlySet<PromotionKind> = new Set(['orderFixed', 'productFixed', 'categoryFixed']);
const ENTRY_SET: ReadonlySet<PromotionKind> = new Set(ENTRY_LEVEL_KINDS);
const KIND_SET: ReadonlySet<PromotionKind> = new Set(PROMOTION_KINDS);

function isNonNegInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function assertBps(v: unknown, what: string): void {
  if (!isNonNegInt(v) || v > 10_000) throw new RangeError(`${what} must be an integer number of basis points in 0..10000, got ${String(v)}`);
}

/**
 * Checks a rule's parameters. Rules come from the database, which the admin API validates, so a
 * bad rule is a programming error.
 * @throws RangeError naming the bad parameter
 */
export function validatePromotionRule(rule: PromotionRule, where = 'promotion'): void {
  const w = `${where} ${JSON.stringify(rule.code)}`;
  if (typeof rule.code !== 'string' || rule.code === '') throw new RangeError(`${where}.code must be a non-empty string`);
  if (!KIND_SET.has(rule.kind)) throw new RangeError(`${w}: unknown kind ${String(rule.kind)}`);
  if (typeof rule.priority !== 'number' || !Number.isFinite(rule.priority)) throw new RangeError(`${w}: priority must be a finite number`);
  if (rule.minSubtotalMinor !== undefined && !isNonNegInt(rule.minSubtotalMinor)) throw new RangeError(`${w}: minSubtotalMinor must be a non-negative integer, got ${rule.minSubtotalMinor}`);
  if (PERCENT_KINDS.has(rule.kind)) assertBps(rule.percentBps, `${w}: percentBps`);
  if (FIXED_KINDS.has(rule.kind) && !isNonNegInt(rule.amountMinor)) throw new RangeError(`${w}: amountMinor must be a non-negative integer, got ${String(rule.amountMinor)}`);
  if ((rule.kind === 'productPercent' || rule.kind === 'productFixed') && !Array.isArray(rule.productCodes)) throw new RangeError(`${w}: productCodes is required`);
  if ((rule.kind === 'categoryPercent' || rule.kind === 'categoryFixed') && !Array.isArray(rule.categoryCodes)) throw new RangeError(`${w}: categoryCodes is required`);
  if (rule.kind === 'bmsm') {
    if (!Array.isArray(rule.tiers) || rule.tiers.length === 0) throw new RangeError(`${w}: tiers must be a non-empty array`);
    rule.tiers.forEach((t, i) => {
      if (!isNonNegInt(t.minQty) || t.minQty < 1) throw new RangeError(`${w}: tiers[${i}].minQty must be an integer ≥ 1, got ${t.minQty}`);
      assertBps(t.percentBps, `${w}: tiers[${i}].percentBps`);
    });
  }
  if (rule.kind === 'freeGift' && (typeof rule.giftVariantCode !== 'string' || rule.giftVariantCode === '')) throw new RangeError(`${w}: giftVariantCode is required`);
}

function validateLines(lines: readonly PromotionLine[]): number[] {
  const seen = new Set<number>();
  return lines.map((l, i) => {
    if (!Number.isSafeInteger(l.entryNumber)) throw new RangeError(`lines[${i}].entryNumber must be an integer, got ${l.entryNumber}`);
    if (seen.has(l.entryNumber)) throw new RangeError(`lines[${i}].entryNumber ${l.entryNumber} is duplicated`);
    seen.add(l.entryNumber);
    if (!isNonNegInt(l.unitPriceMinor)) throw new RangeError(`lines[${i}].unitPriceMinor must be a non-negative integer, got ${l.unitPriceMinor}`);
    if (!isNonNegInt(l.qty)) throw new RangeError(`lines[${i}].qty must be a non-negative integer, got ${l.qty}`);
    const total = l.unitPriceMinor * l.qty;
    if (!Number.isSafeInteger(total)) throw new RangeError(`lines[${i}] total is not a safe integer`);
    return total;
  });
}

/** Deterministic order: priority desc, then code ascending (code-unit order, locale-independent). */
export function comparePromotions(a: Pick<PromotionRule, 'priority' | 'code'>, b: Pick<PromotionRule, 'priority' | 'code'>): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}

/** The undiscounted claim of an applicable promotion. */
type Claim =
  | { level: 'entry'; rule: PromotionRule; parts: Array<{ idx: number; rawMinor: number }> }
  | { level: 'order'; rule: PromotionRule; rawMinor: number }
  | { level: 'none'; rule: PromotionRule };

type Assessment = { ok: true; claim: Claim } | { ok: false; rejection: PromotionRejectionEntry };

/** Fixed amount per unit, capped at the line total without overflowing. */
function fixedPerUnit(amountMinor: number, qty: number, lineTotal: number): number {
  if (qty === 0) return 0;
  return amountMinor > Math.floor(lineTotal / qty) ? lineTotal : amountMinor * qty;
}

function reject(rule: PromotionRule, reason: PromotionRejectionEntry['reason'], extra: Partial<PromotionRejectionEntry> = {}): Assessment {
  return { ok: false, rejection: { code: rule.code, couponCode: rule.couponCode, reason, ...extra } };
}

function assess(rule: PromotionRule, lines: readonly PromotionLine[], totals: readonly number[], subtotal: number): Assessment {
  // lines that can carry a discount: not excluded, something to pay
  const live = (i: number): boolean => !lines[i]!.excluded && totals[i]! > 0;
  const minimum = rule.minSubtotalMinor ?? 0;
  const checkMinimum = (): Assessment | null => (subtotal < minimum ? reject(rule, 'minimumNotMet', { missingMinor: minimum - subtotal }) : null);

  if (ENTRY_SET.has(rule.kind)) {
    let targets: number[];
    if (rule.kind === 'productPercent' || rule.kind === 'productFixed') {
      const codes = new Set(rule.productCodes ?? []);
      targets = lines.map((_, i) => i).filter((i) => live(i) && (codes.has(lines[i]!.baseProductCode) || codes.has(lines[i]!.variantCode)));
    } else if (rule.kind === 'categoryPercent' || rule.kind === 'categoryFixed') {
      const codes = new Set(rule.categoryCodes ?? []);
      targets = lines.map((_, i) => i).filter((i) => live(i) && lines[i]!.categoryCodes.some((c) => codes.has(c)));
    } else {
      targets = lines.map((_, i) => i).filter((i) => live(i) && lines[i]!.bmsmEligible);
    }
    if (targets.length === 0) return reject(rule, 'notApplicable');
    const min = checkMinimum();
    if (min) return min;
    let bps = rule.percentBps ?? 0;
    if (rule.kind === 'bmsm') {
      const units = targets.reduce((a, i) => a + lines[i]!.qty, 0);
      let tier: { minQty: number; percentBps: number } | null = null;
      for (const t of rule.tiers ?? []) {
        if (t.minQty <= units && (tier === null || t.minQty > tier.minQty || (t.minQty === tier.minQty && t.percentBps > tier.percentBps))) tier = t;
      }
      if (tier === null) {
        const lowest = Math.min(...(rule.tiers ?? []).map((t) => t.minQty));
        return reject(rule, 'minimumNotMet', { missingQty: lowest - units });
      }
      bps = tier.percentBps;
    }
    const fixed = rule.kind === 'productFixed' || rule.kind === 'categoryFixed';
    const parts = targets.map((idx) => ({
      idx,
      rawMinor: fixed ? fixedPerUnit(rule.amountMinor ?? 0, lines[idx]!.qty, totals[idx]!) : percentOfMinor(totals[idx]!, bps),
    }));
    return { ok: true, claim: { level: 'entry', rule, parts } };
  }

  // order-level kinds, free shipping and free gift: need some merchandise
  if (subtotal === 0) return reject(rule, 'notApplicable');
  const min = checkMinimum();
  if (min) return min;
  if (rule.kind === 'orderPercent') return { ok: true, claim: { level: 'order', rule, rawMinor: percentOfMinor(subtotal, rule.percentBps ?? 0) } };
  if (rule.kind === 'orderFixed') return { ok: true, claim: { level: 'order', rule, rawMinor: Math.min(rule.amountMinor ?? 0, subtotal) } };
  return { ok: true, claim: { level: 'none', rule } };
}

/** What a claim gives alone on a fresh cart (raw claims are already capped at line totals / the subtotal). */
function aloneMinor(c: Claim): number {
  if (c.level === 'entry') return c.parts.reduce((a, p) => a + p.rawMinor, 0);
  if (c.level === 'order') return c.rawMinor;
  return 0;
}

/**
 * Applies promotions to cart lines (ADR 0010 "Engine"; see the module comment for every rule).
 *
 * Per kind:
 * - `orderPercent` `percentBps` of the merchandise subtotal (rounded once); `orderFixed`
 *   `amountMinor` off the order;
 * - `productPercent` / `categoryPercent`: `percentBps` of each targeted line (rounded per line);
 *   `productFixed` / `categoryFixed`: `amountMinor` off per unit of each targeted line, at most
 *   the line total. A line is targeted when its base product or variant code is in
 *   `productCodes`, or one of its categories is in `categoryCodes`;
 * - `bmsm`: the units of the `bmsmEligible` lines are counted; the tier with the highest
 *   `minQty` reached (tie: the larger percentage) gives its `percentBps` off each of those lines;
 * - `freeShipping`: sets `freeShipping` (no merchandise discount); `freeGift`: adds
 *   `giftVariantCode` to `gifts`.
 *
 * Rejections: `notApplicable` when the promotion targets no non-excluded line with a positive
 * total (order-level, shipping and gift kinds: when the merchandise subtotal is 0);
 * `minimumNotMet` when the merchandise subtotal (before discounts) is below `minSubtotalMinor`
 * (with `missingMinor`), or no bmsm tier is reached (with `missingQty` to the lowest tier);
 * `excludedByExclusive` when an exclusive promotion won. notApplicable is checked first.
 * An applicable stackable promotion whose share was entirely taken by earlier ones is still
 * applied, with `discountMinor` 0.
 *
 * @returns applied promotions in priority order, rejected ones in priority order, Σ discount
 *   (≤ the merchandise subtotal), free shipping and gift variant codes (no duplicates)
 * @throws RangeError on invalid rule parameters (negative or > 10000 bps, non-integer amounts,
 *   missing targets/tiers/gift), invalid lines (negative or non-integer price or qty, duplicated
 *   entry numbers) or two promotions with the same code — programming errors
 */
export function applyPromotions(input: PromotionInput): PromotionResult {
  const totals = validateLines(input.lines);
  const codes = new Set<string>();
  input.promotions.forEach((p, i) => {
    validatePromotionRule(p, `promotions[${i}]`);
    if (codes.has(p.code)) throw new RangeError(`promotions[${i}]: code ${JSON.stringify(p.code)} is duplicated`);
    codes.add(p.code);
  });
  const subtotal = input.lines.reduce((a, l, i) => a + (l.excluded ? 0 : totals[i]!), 0);
  if (!Number.isSafeInteger(subtotal)) throw new RangeError('merchandise subtotal is not a safe integer');

  const sorted = [...input.promotions].sort(comparePromotions);
  const rejected: PromotionRejectionEntry[] = [];
  const candidates: Claim[] = [];
  for (const rule of sorted) {
    const a = assess(rule, input.lines, totals, subtotal);
    if (a.ok) candidates.push(a.claim);
    else rejected.push(a.rejection);
  }

  let chosen = candidates;
  const exclusives = candidates.filter((c) => c.rule.exclusive);
  if (exclusives.length > 0) {
    let winner = exclusives[0]!;
    for (const c of exclusives.slice(1)) {
      const better =
        c.rule.priority > winner.rule.priority ||
        (c.rule.priority === winner.rule.priority && (aloneMinor(c) > aloneMinor(winner) || (aloneMinor(c) === aloneMinor(winner) && c.rule.code < winner.rule.code)));
      if (better) winner = c;
    }
    chosen = [winner];
    for (const c of candidates) if (c !== winner) rejected.push({ code: c.rule.code, couponCode: c.rule.couponCode, reason: 'excludedByExclusive' });
    const rank = new Map(sorted.map((r, i) => [r.code, i]));
    rejected.sort((x, y) => (rank.get(x.code) ?? 0) - (rank.get(y.code) ?? 0));
  }

  // entry-level first (priority order), each capped per entry at what remains of it
  const remaining = totals.map((t, i) => (input.lines[i]!.excluded ? 0 : t));
  const amounts = new Map<Claim, { total: number; entries: Array<{ entryNumber: number; amountMinor: number }> }>();
  for (const c of chosen) {
    if (c.level !== 'entry') continue;
    const entries: Array<{ entryNumber: number; amountMinor: number }> = [];
    let total = 0;
    for (const p of c.parts) {
      const amt = Math.min(p.rawMinor, remaining[p.idx]!);
      remaining[p.idx] = remaining[p.idx]! - amt;
      total += amt;
      if (amt > 0) entries.push({ entryNumber: input.lines[p.idx]!.entryNumber, amountMinor: amt });
    }
    amounts.set(c, { total, entries });
  }
  // then order-level (priority order), capped at what remains of the merchandise
  let merchLeft = remaining.reduce((a, r) => a + r, 0);
  for (const c of chosen) {
    if (c.level !== 'order') continue;
    const amt = Math.min(c.rawMinor, merchLeft);
    merchLeft -= amt;
    amounts.set(c, { total: amt, entries: [] });
  }

  const applied: AppliedPromotionResult[] = chosen.map((c) => {
    const a = amounts.get(c) ?? { total: 0, entries: [] };
    return {
      code: c.rule.code,
      kind: c.rule.kind,
      description: c.rule.description,
      couponCode: c.rule.couponCode,
      discountMinor: a.total,
      entryDiscounts: a.entries,
      freeShipping: c.rule.kind === 'freeShipping',
      giftVariantCode: c.rule.kind === 'freeGift' ? (c.rule.giftVariantCode ?? null) : null,
    };
  });
  const gifts: string[] = [];
  for (const a of applied) if (a.giftVariantCode !== null && !gifts.includes(a.giftVariantCode)) gifts.push(a.giftVariantCode);
  const discountMinor = applied.reduce((s, a) => s + a.discountMinor, 0);
  return {
    applied,
    rejected,
    discountMinor,
    freeShipping: applied.some((a) => a.freeShipping),
    gifts,
    merchandiseMinor: subtotal,
  };
}
