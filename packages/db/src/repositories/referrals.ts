/**
 * Referrals (issue 12 "Referrals"; migration 0010; ADR 0030; spec §7 submitReferral).
 *
 * Every state change is ONE conditional statement, safe under concurrency on both dialects:
 * - {@link insertReferral}: `INSERT ... ON CONFLICT (base_site, open_key) DO NOTHING` — a second
 *   referral of the same friend on a site inserts nothing (the caller answers 409);
 * - {@link markReferralUsed}: `status 'sent' → 'used'` only while still `sent`;
 * - {@link markReferralRewarded}: `status 'used' → 'rewarded'` only while still `used` (a second
 *   shipped event, or two at once, grant nothing more);
 * - {@link releaseReferralUse}: `used → sent` when the friend's order is released (payment failed).
 * Emails are stored normalised (trimmed, lower-cased); dates are ISO-8601 UTC strings.
 */
import { sql } from 'kysely';
import type { Executor } from '../connection.ts';
import type { ReferralTable } from '../schema.ts';

/** A referral row (snake_case, as stored). */
export type ReferralRow = ReferralTable;

/** Referral states (`referrals.status`). */
export type ReferralStatus = 'sent' | 'used' | 'rewarded' | 'expired';

/**
 * Inserts a referral unless the friend already has one that counts on this site (unique
 * `(base_site, open_key)`).
 * @returns false when a referral of this friend exists (nothing inserted)
 */
export async function insertReferral(db: Executor, row: ReferralRow): Promise<boolean> {
  const r = await db
    .insertInto('referrals')
    .values(row)
    .onConflict((oc) => oc.columns(['base_site', 'open_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * Lets a friend's lapsed referral go: a `sent` referral past `expires_at` becomes `expired`
 * (`open_key` NULL, so the friend can be referred again) and its coupon is switched off.
 * @param friendEmail normalised
 */
export async function expireLapsedReferral(db: Executor, site: string, friendEmail: string, nowIso: string): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ active: 0 })
    .where('code', 'in', (eb) =>
      eb
        .selectFrom('referrals')
        .select('coupon_code')
        .where('base_site', '=', site)
        .where('open_key', '=', friendEmail)
        .where('status', '=', 'sent')
        .where('expires_at', '<=', nowIso),
    )
    .execute();
  await db
    .updateTable('referrals')
    .set({ status: 'expired', open_key: null })
    .where('base_site', '=', site)
    .where('open_key', '=', friendEmail)
    .where('status', '=', 'sent')
    .where('expires_at', '<=', nowIso)
    .execute();
}

/** The referral whose friend coupon is `couponCode` (upper-case), or null. */
export async function findReferralByCoupon(db: Executor, couponCode: string): Promise<ReferralRow | null> {
  return (await db.selectFrom('referrals').selectAll().where('coupon_code', '=', couponCode).executeTakeFirst()) ?? null;
}

/** A member's referrals on a site, newest first (at most `limit`). */
export async function listReferralsOf(db: Executor, referrerId: string, site: string, limit: number): Promise<ReferralRow[]> {
  return db.selectFrom('referrals').selectAll().where('referrer_id', '=', referrerId).where('base_site', '=', site).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Marks the referral of `couponCode` used by `orderCode`, only while it is `sent`.
 * @returns false when it was not `sent` any more (used by another order, expired): nothing changed
 */
export async function markReferralUsed(db: Executor, r: { couponCode: string; orderCode: string; friendUserId: string | null; nowIso: string }): Promise<boolean> {
  const res = await db
    .updateTable('referrals')
    .set({ status: 'used', order_code: r.orderCode, friend_user_id: r.friendUserId, used_at: r.nowIso })
    .where('coupon_code', '=', r.couponCode)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/** Gives a referral back to `sent` when the order that used it is released (payment failed). */
export async function releaseReferralUse(db: Executor, orderCode: string): Promise<void> {
  await db.updateTable('referrals').set({ status: 'sent', order_code: null, friend_user_id: null, used_at: null }).where('order_code', '=', orderCode).where('status', '=', 'used').execute();
}

/** The referral an order used (any state), or null. */
export async function findReferralByOrder(db: Executor, site: string, orderCode: string): Promise<ReferralRow | null> {
  return (await db.selectFrom('referrals').selectAll().where('order_code', '=', orderCode).where('base_site', '=', site).executeTakeFirst()) ?? null;
}

/**
 * Marks a referral rewarded with `points`, only while it is `used`.
 * @returns false when it was already rewarded (or not used): nothing changed, grant nothing
 */
export async function markReferralRewarded(db: Executor, id: string, points: number, nowIso: string): Promise<boolean> {
  const res = await db.updateTable('referrals').set({ status: 'rewarded', reward_points: points, rewarded_at: nowIso }).where('id', '=', id).where('status', '=', 'used').executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/**
 * Has this shopper an order on the site (any state but cancelled), other than `exceptOrderCode`:
 * by customer id, or by the email (normalised) of a guest order or of the customer account.
 * @param email normalised; '' = match by id only
 */
export async function hasPlacedOrder(db: Executor, site: string, who: { userId: string | null; email: string }, exceptOrderCode?: string): Promise<boolean> {
  let q = db
    .selectFrom('orders')
    .select('code')
    .where('base_site', '=', site)
    .where('status', '!=', 'cancelled')
    .where((eb) => {
      const ors = [];
      if (who.userId) ors.push(eb('user_id', '=', who.userId));
      if (who.email) {
        ors.push(eb(sql<string>`lower(email)`, '=', who.email));
        ors.push(eb('user_id', 'in', eb.selectFrom('customers').select('id').where('email', '=', who.email)));
      }
      return ors.length > 0 ? eb.or(ors) : sql<boolean>`1 = 0`;
    });
  if (exceptOrderCode) q = q.where('code', '!=', exceptOrderCode);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Creates a promotion behind coupons unless it exists (`INSERT ... ON CONFLICT (code) DO
 * NOTHING`): `kind` with its engine `params` (e.g. `orderFixed` `{amountMinor, minSubtotalMinor}`,
 * `orderPercent` `{percentBps}`), no priority, not exclusive, no group restriction. Referral and
 * Perks welcome promotions name their terms in their code, so coupons already given keep the
 * terms they were given with when the configuration changes (ADRs 0028, 0030).
 */
export async function ensureCouponPromotion(
  db: Executor,
  p: { code: string; baseSite: string; kind: string; name: { en: string; fr: string }; params: Record<string, number> },
): Promise<void> {
  await db
    .insertInto('promotions')
    .values({
      code: p.code,
      base_site: p.baseSite,
      kind: p.kind,
      name_en: p.name.en,
      name_fr: p.name.fr,
      params_json: JSON.stringify(p.params),
      priority: 0,
      exclusive: 0,
      requires_coupon: 1,
      user_groups: null,
      starts_at: null,
      ends_at: null,
      active: 1,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/** The referral promotion of a site's current terms: `orderFixed`, `amountMinor` off from `minSubtotalMinor` (see {@link ensureCouponPromotion}). */
export async function ensureReferralPromotion(
  db: Executor,
  p: { code: string; baseSite: string; name: { en: string; fr: string }; amountMinor: number; minSubtotalMinor: number },
): Promise<void> {
  await ensureCouponPromotion(db, { code: p.code, baseSite: p.baseSite, kind: 'orderFixed', name: p.name, params: { amountMinor: p.amountMinor, minSubtotalMinor: p.minSubtotalMinor } });
}

/** Creates a personal one-use coupon (max 1 use, 1 per customer), valid from `startsAt` until `endsAt`: a referral's or a Perks welcome offer's. */
export async function insertSingleUseCoupon(db: Executor, c: { code: string; baseSite: string; promotionCode: string; name: { en: string; fr: string }; startsAt: string; endsAt: string }): Promise<void> {
  await db
    .insertInto('coupons')
    .values({
      code: c.code,
      base_site: c.baseSite,
      promotion_code: c.promotionCode,
      name_en: c.name.en,
      name_fr: c.name.fr,
      page_name: null,
      starts_at: c.startsAt,
      ends_at: c.endsAt,
      max_uses: 1,
      max_uses_per_customer: 1,
      used_count: 0,
      active: 1,
    })
    .execute();
}

/** A referral's one-use coupon ({@link insertSingleUseCoupon}). */
export const insertReferralCoupon = insertSingleUseCoupon;
