/**
 * The Perks welcome offer (issue 12; ADR 0028 amendment "welcome offer"). Every product page says
 * "Join Brewhaus Perks and save {percent}% on your next order" (spec §6 discount message,
 * `discountMessage.percent`); joining makes that true: the new member gets a personal one-use
 * coupon, `{percent}%` off their next order, valid {@link WELCOME_OFFER_DAYS} days. The coupon
 * works only on the member's own carts (checked when it is applied). The percentage comes from the
 * same site setting as the message, so the promise and the offer cannot drift apart.
 */
import type { Executor } from '@store/db';
import { ensureCouponPromotion, getSiteConfigValues, insertSingleUseCoupon } from '@store/db';
import type { BaseSiteId } from '@store/domain';
import { invalidInput } from '@store/domain';
import { DISCOUNT_MESSAGE_DEFAULTS, DISCOUNT_MESSAGE_KEYS } from './discount-message-config.ts';
import { newPersonalCouponCode } from './referrals.ts';

/** Code prefix of welcome coupons (`PERKS-` + 10 characters). */
export const WELCOME_COUPON_PREFIX = 'PERKS-';

/** Days a welcome coupon stays valid after joining. */
export const WELCOME_OFFER_DAYS = 60;

/** The welcome offer of a member, as the Perks summary shows it. */
export interface WelcomeOffer {
  couponCode: string;
  /** whole percent off the order's merchandise, e.g. 25 */
  percent: number;
  /** ISO-8601 UTC: last moment the coupon works */
  endsAt: string;
  /** has an order used it? */
  used: boolean;
}

/** The site's welcome percentage (`discountMessage.percent`, default 25); null when it is not a whole number 1–100. */
export async function welcomePercent(db: Executor, site: BaseSiteId): Promise<number | null> {
  const raw = (await getSiteConfigValues(db, site, [DISCOUNT_MESSAGE_KEYS.percent])).get(DISCOUNT_MESSAGE_KEYS.percent) ?? DISCOUNT_MESSAGE_DEFAULTS.percent;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : null;
}

/**
 * Makes the new member's welcome coupon (inside the sign-up transaction) and records it on their
 * member row. No coupon when the site's percentage is not usable. Answers the code or null.
 */
export async function createWelcomeOffer(trx: Executor, site: BaseSiteId, userId: string, now: Date): Promise<string | null> {
  const percent = await welcomePercent(trx, site);
  if (percent === null) return null;
  const promotionCode = `${site.toUpperCase()}-PERKS-WELCOME-${percent}`;
  const name = { en: `Brewhaus Perks welcome offer: ${percent}% off`, fr: `Offre de bienvenue Brewhaus Perks : ${percent} % de rabais` };
  await ensureCouponPromotion(trx, { code: promotionCode, baseSite: site, kind: 'orderPercent', name, params: { percentBps: percent * 100 } });
  const code = newPersonalCouponCode(WELCOME_COUPON_PREFIX);
  const endsAt = new Date(now.getTime() + WELCOME_OFFER_DAYS * 86_400_000).toISOString();
  await insertSingleUseCoupon(trx, { code, baseSite: site, promotionCode, name, startsAt: now.toISOString(), endsAt });
  await trx.updateTable('loyalty_members').set({ welcome_coupon_code: code }).where('user_id', '=', userId).where('base_site', '=', site).execute();
  return code;
}

/** The member's welcome offer, or null (none made, or the coupon is gone). */
export async function welcomeOfferOf(db: Executor, couponCode: string | null): Promise<WelcomeOffer | null> {
  if (!couponCode) return null;
  const row = await db
    .selectFrom('coupons')
    .innerJoin('promotions', 'promotions.code', 'coupons.promotion_code')
    .select(['coupons.code', 'coupons.ends_at', 'coupons.used_count', 'promotions.params_json'])
    .where('coupons.code', '=', couponCode)
    .executeTakeFirst();
  if (!row) return null;
  const params = JSON.parse(row.params_json) as { percentBps?: number };
  return { couponCode: row.code, percent: Math.round((params.percentBps ?? 0) / 100), endsAt: row.ends_at ?? '', used: Number(row.used_count) > 0 };
}

/**
 * When a coupon is applied: a welcome coupon works only on its member's own cart.
 * @throws 400 `CouponError` `couponNotApplicable` for anyone else (a guest cart included)
 */
export async function checkWelcomeCoupon(db: Executor, site: string, couponCode: string, cartUserId: string | null): Promise<void> {
  if (!couponCode.startsWith(WELCOME_COUPON_PREFIX)) return;
  const owner = await db.selectFrom('loyalty_members').select('user_id').where('welcome_coupon_code', '=', couponCode).where('base_site', '=', site).executeTakeFirst();
  if (!owner || owner.user_id !== cartUserId) {
    throw invalidInput('CouponError', 'couponNotApplicable', `Coupon ${couponCode} is a personal Brewhaus Perks welcome offer: sign in to the account that joined to use it`, 'couponCode');
  }
}
