/**
 * The Perks points ledger (issue 12; ADR 0028; DESIGN "Concurrency and integrity").
 *
 * Every movement of points is one entry: a kind, a bucket (`pending` or `available`) and signed
 * integer points. The balance of a member is ALWAYS the sum of their entries per bucket
 * ({@link pointsBalance}); nothing else stores it. Neither bucket may ever go below zero:
 * {@link checkPointsEntry} refuses an entry that would.
 *
 * Kinds:
 * - `earned_pending` (pending, +) when an order is placed; (pending, −) when its lines ship and the
 *   points move to available;
 * - `earned` (available, +) those points once shipped; they expire {@link LoyaltySettings.expiryDays} later;
 * - `redeemed` (available, −) spent on a reward;
 * - `held` (available, −) set aside for a reward at order placement (it turns `redeemed` when the
 *   order is paid: ADR 0028 "Rewards"); `released` (available, +) gives held or redeemed reward
 *   points back (payment failed, order cancelled);
 * - `reversed` (either bucket, −) an order cancelled or returned takes its points back;
 * - `expired` (available, −) points past their expiry, first earned first expired (FIFO).
 */
import { DAY_MS } from './settings.ts';

/** The kinds of ledger entries (see module comment). */
export type PointsEntryKind = 'earned_pending' | 'earned' | 'redeemed' | 'held' | 'released' | 'reversed' | 'expired';

/** The two balances of a member. */
export type PointsBucket = 'pending' | 'available';

/** Every kind, in display order. */
export const POINTS_ENTRY_KINDS: readonly PointsEntryKind[] = Object.freeze(['earned_pending', 'earned', 'redeemed', 'held', 'released', 'reversed', 'expired']);

/** One ledger entry as the rules see it. */
export interface PointsEntry {
  kind: PointsEntryKind;
  bucket: PointsBucket;
  /** signed integer points */
  points: number;
  /** when the entry was written */
  createdAt: Date;
  /** `earned` entries: when these points expire; otherwise null */
  expiresAt: Date | null;
}

/** A member's balances, points. */
export interface PointsBalance {
  /** spendable points */
  available: number;
  /** points of placed orders not yet shipped */
  pending: number;
  /**
   * points set aside or spent for rewards (`held`, `redeemed`) and not yet given back (`released`);
   * part of no balance. A release (payment failed, order cancelled) never gives back more.
   */
  held: number;
}

/** The sign each kind may carry in each bucket (`0` = not allowed in that bucket). */
const ALLOWED: Record<PointsEntryKind, Record<PointsBucket, 'pos' | 'neg' | 'any' | null>> = {
  earned_pending: { pending: 'any', available: null },
  earned: { pending: null, available: 'pos' },
  redeemed: { pending: null, available: 'neg' },
  held: { pending: null, available: 'neg' },
  released: { pending: null, available: 'pos' },
  reversed: { pending: 'neg', available: 'neg' },
  expired: { pending: null, available: 'neg' },
};

/** The balances: the sum of the entries per bucket (the only definition of a balance). */
export function pointsBalance(entries: readonly Pick<PointsEntry, 'kind' | 'bucket' | 'points'>[]): PointsBalance {
  let available = 0;
  let pending = 0;
  let held = 0;
  for (const e of entries) {
    if (e.bucket === 'available') available += e.points;
    else pending += e.points;
    if (e.kind === 'held' || e.kind === 'released' || e.kind === 'redeemed') held -= e.points;
  }
  return { available, pending, held };
}

/** Why {@link checkPointsEntry} refused an entry. */
export type PointsRefusal = 'notAnInteger' | 'wrongSign' | 'wrongBucket' | 'insufficientPoints' | 'nothingHeld';

/**
 * Checks that `entry` may be added to a ledger whose balance is `balance`: integer points, the
 * sign and bucket its kind allows, no bucket below zero afterwards, and a `released` entry never
 * gives back more than is held. Answers null when it may,
 * else the reason.
 */
export function checkPointsEntry(balance: PointsBalance, entry: Pick<PointsEntry, 'kind' | 'bucket' | 'points'>): PointsRefusal | null {
  if (!Number.isSafeInteger(entry.points) || entry.points === 0) return 'notAnInteger';
  const rule = ALLOWED[entry.kind][entry.bucket];
  if (rule === null) return 'wrongBucket';
  if ((rule === 'pos' && entry.points < 0) || (rule === 'neg' && entry.points > 0)) return 'wrongSign';
  if (entry.kind === 'released' && entry.points > balance.held) return 'nothingHeld';
  const after = balance[entry.bucket] + entry.points;
  return after < 0 ? 'insufficientPoints' : null;
}

/** When points earned (available) at `at` expire: `expiryDays` later. */
export function pointsExpiryOf(at: Date, expiryDays: number): Date {
  return new Date(at.getTime() + expiryDays * DAY_MS);
}

/**
 * Points to expire at `now`, first in first out: the `earned` lots whose expiry is at or before
 * `now`, less everything the member already spent, held, lost to reversals or saw expire (spending
 * takes the oldest lots first), never more than the available balance and never below zero.
 */
export function pointsToExpire(entries: readonly PointsEntry[], now: Date): number {
  let due = 0;
  let consumed = 0;
  let available = 0;
  for (const e of entries) {
    if (e.bucket !== 'available') continue;
    available += e.points;
    if (e.kind === 'earned') {
      if (e.expiresAt && e.expiresAt.getTime() <= now.getTime()) due += e.points;
    } else {
      consumed -= e.points;
    }
  }
  return Math.max(0, Math.min(available, due - Math.max(0, consumed)));
}

/** Points that will expire after `now` and within `days` days (the "expiring soon" figure). */
export function pointsExpiringWithin(entries: readonly PointsEntry[], now: Date, days: number): number {
  const later = pointsToExpire(entries, new Date(now.getTime() + days * DAY_MS));
  return Math.max(0, later - pointsToExpire(entries, now));
}

/** The money value of points in minor units of the site currency, rounded down (never promises more than it is worth). */
export function pointsMoneyValueMinor(points: number, pointValueMinorPer100: number): number {
  if (points <= 0) return 0;
  return Math.floor((points * pointValueMinorPer100) / 100);
}
