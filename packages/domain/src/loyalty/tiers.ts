/**
 * Perks tiers, recalculated from the ledger (issue 12; ADR 0028): the tier is the highest whose
 * `minPoints` the member reached with points earned (moved to available, i.e. shipped) in the last
 * {@link LoyaltySettings.tierWindowDays} days. Nothing stores the tier.
 */
import type { PointsEntry } from './ledger.ts';
import { DAY_MS, type LoyaltySettings, type LoyaltyTier } from './settings.ts';

/** The tier of a member now and what the next one needs. */
export interface TierStatus {
  tier: LoyaltyTier;
  /** points earned in the window */
  windowPoints: number;
  /** the next tier, or null at the top */
  next: LoyaltyTier | null;
  /** points still needed for the next tier (0 at the top) */
  pointsToNext: number;
}

/** Points earned (kind `earned`, available) since `now − windowDays`, less reversals of available points in the window. */
export function pointsEarnedInWindow(entries: readonly PointsEntry[], now: Date, windowDays: number): number {
  const from = now.getTime() - windowDays * DAY_MS;
  let n = 0;
  for (const e of entries) {
    const t = e.createdAt.getTime();
    if (t < from || t > now.getTime() || e.bucket !== 'available') continue;
    if (e.kind === 'earned' || e.kind === 'reversed') n += e.points;
  }
  return Math.max(0, n);
}

/** The member's tier from their ledger (see module comment). */
export function tierStatus(entries: readonly PointsEntry[], now: Date, settings: Pick<LoyaltySettings, 'tiers' | 'tierWindowDays'>): TierStatus {
  const windowPoints = pointsEarnedInWindow(entries, now, settings.tierWindowDays);
  const tiers = settings.tiers;
  let index = 0;
  tiers.forEach((t, i) => {
    if (windowPoints >= t.minPoints) index = i;
  });
  const next = tiers[index + 1] ?? null;
  return { tier: tiers[index]!, windowPoints, next, pointsToNext: next ? next.minPoints - windowPoints : 0 };
}
