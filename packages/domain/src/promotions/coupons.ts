/**
 * Coupon rules (issue 4; ADR 0010 "Coupons"; spec §3 Coupon, §7 Coupons and loyalty): code
 * normalisation and the validity state of a coupon at a given time.
 */

/** Longest coupon code accepted. */
export const COUPON_CODE_MAX_LENGTH = 40;

const COUPON_RE = /^[A-Z0-9_-]{1,40}$/;

/**
 * Normalises a coupon code: trims and upper-cases (codes are case-insensitive, stored
 * upper-case), then checks 1..{@link COUPON_CODE_MAX_LENGTH} characters of `[A-Z0-9_-]`.
 * @returns the code, or `null` when malformed — the API then answers the same 404
 *   `couponNotFound` as for an unknown code
 */
export function normalizeCouponCode(raw: string): string | null {
  if (typeof raw !== 'string') return null;
  const s = raw.trim().toUpperCase();
  return COUPON_RE.test(s) ? s : null;
}

/** Validity of a coupon: `ok`, or why it cannot be used now. */
export type CouponState = 'ok' | 'inactive' | 'notYetValid' | 'expired' | 'usedUp';

/** Input of {@link couponState}. */
export interface CouponStateInput {
  active: boolean;
  /** ISO-8601 instant (or Date); null = valid from the start */
  startsAt: string | Date | null;
  /** ISO-8601 instant (or Date), exclusive; null = never ends */
  endsAt: string | Date | null;
  /** total uses allowed; null = unlimited */
  maxUses: number | null;
  /** uses counted so far (orders placed) */
  usedCount: number;
  /** ISO-8601 instant (or Date) */
  now: string | Date;
}

function toMs(v: string | Date, what: string): number {
  const ms = typeof v === 'string' ? Date.parse(v) : v.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`${what} is not a valid instant: ${String(v)}`);
  return ms;
}

/**
 * The state of a coupon at `now`, checked in this order: `inactive` (switched off), `notYetValid`
 * (`now < startsAt`), `expired` (`now >= endsAt`, the end is exclusive), `usedUp`
 * (`usedCount >= maxUses`), else `ok`. The API maps them to 400 `CouponError` reasons
 * `couponNotFound` (inactive counts as unknown), `couponNotYetValid`, `couponExpired`, `couponUsedUp`.
 * @throws RangeError on an unparsable date (a programming error: dates come from the database)
 */
export function couponState(input: CouponStateInput): CouponState {
  const now = toMs(input.now, 'now');
  if (!input.active) return 'inactive';
  if (input.startsAt !== null && now < toMs(input.startsAt, 'startsAt')) return 'notYetValid';
  if (input.endsAt !== null && now >= toMs(input.endsAt, 'endsAt')) return 'expired';
  if (input.maxUses !== null && input.usedCount >= input.maxUses) return 'usedUp';
  return 'ok';
}
