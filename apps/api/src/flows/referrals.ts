/**
 * Referrals (issue 12 "Referrals"; spec §7 submitReferral; ADR 0030).
 *
 * A member refers a friend by email ({@link submitReferral}); the friend gets a one-use coupon
 * (`REF-…`, a `coupons` row with max_uses 1 on the site's referral promotion: an amount off a first
 * order from a minimum, site configuration) by email after commit. The coupon is bound to the
 * friend: it applies only to a cart / order whose customer account email (or guest email) is the
 * friend's, who has no order on the site yet ({@link checkReferralCoupon}, from the existing coupon
 * path: apply and placement). At placement the existing conditional `used_count < max_uses`
 * update lets exactly one order redeem it, and {@link redeemReferralCoupon} marks the referral
 * `used` with a conditional update. When that order ships, {@link referralOrderShipped} marks it
 * `rewarded` (once, conditional update) and grants the referrer points through the `award`
 * callback (the loyalty ledger, wired by the caller).
 *
 * Rules of {@link submitReferral}, in order: the site offers referrals (else 404); rate limits per
 * member (10 a day) and per client address (30 an hour) — every attempt counts, refused or not,
 * so nobody can probe many addresses (429 with Retry-After); no self-referral (422
 * `selfReferral`); the friend has no order on the site (422 `alreadyCustomer`); one referral per
 * friend per site whoever refers them (409 `alreadyReferred`; a database constraint), unless the
 * earlier one lapsed unused.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Referral, ReferralList, ReferralOffer, SubmitReferralRequest } from '@store/contracts';
import type { Executor, ReferralRow } from '@store/db';
import {
  ensureReferralPromotion,
  expireLapsedReferral,
  findReferralByCoupon,
  findReferralByOrder,
  getSiteConfigValues,
  hasPlacedOrder,
  insertReferral,
  insertReferralCoupon,
  listReferralsOf,
  markReferralRewarded,
  markReferralUsed,
  normalizeEmail,
  withTransaction,
} from '@store/db';
import type { BaseSiteId, Lang } from '@store/domain';
import { conflict, formatMoney, invalidInput, localeFor, notFound, SITES } from '@store/domain';
import { hitRate, type RateRule } from '../auth/rate-limit.ts';
import { sendReferralEmail } from '../email/referral.ts';
import { tooManyAttempts, unprocessable } from '../http/status-error.ts';
import type { CommerceContext } from './context.ts';
import { pickLang } from './context.ts';

/** Every referral coupon code starts with this (only such codes are looked up as referrals). */
export const REFERRAL_COUPON_PREFIX = 'REF-';

/** Referrals submitted per member a day (every attempt counts). */
export const REFERRALS_PER_MEMBER: RateRule = { name: 'referral:member', limit: 10, windowS: 86_400 };
/** Referrals submitted per client address an hour (every attempt counts). */
export const REFERRALS_PER_ADDRESS: RateRule = { name: 'referral:ip', limit: 30, windowS: 3_600 };

/** Most referrals listed (newest first). */
export const REFERRAL_LIST_LIMIT = 100;

/** Site configuration keys of referrals (ADR 0030). */
export const REFERRAL_KEYS = {
  enabled: 'referral.enabled',
  amountMinor: 'referral.couponAmountMinor',
  minimumMinor: 'referral.minimumOrderMinor',
  rewardPoints: 'referral.rewardPoints',
  validityDays: 'referral.couponValidityDays',
} as const;

/** The referral terms of a site. Amounts in minor units of the site currency. */
export interface ReferralTerms {
  enabled: boolean;
  /** the friend's discount */
  amountMinor: number;
  /** the friend's minimum merchandise subtotal */
  minimumMinor: number;
  /** the referrer's points when the friend's first order ships */
  rewardPoints: number;
  /** days the friend's coupon stays valid */
  validityDays: number;
}

/** Terms when a site has no configuration (business defaults; ADR 0030): $10 off $30 / CA$10 off CA$40, 1000 points, 90 days; off on usafh. */
export const REFERRAL_DEFAULTS: Record<BaseSiteId, ReferralTerms> = {
  usb2c: { enabled: true, amountMinor: 1000, minimumMinor: 3000, rewardPoints: 1000, validityDays: 90 },
  cab2c: { enabled: true, amountMinor: 1000, minimumMinor: 4000, rewardPoints: 1000, validityDays: 90 },
  usafh: { enabled: false, amountMinor: 1000, minimumMinor: 3000, rewardPoints: 1000, validityDays: 90 },
};

function positiveInt(raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw.trim())) return fallback;
  const n = Number(raw.trim());
  return n >= min ? n : fallback;
}

/** The referral terms of a site: configuration over {@link REFERRAL_DEFAULTS} (a bad value falls back to the default). */
export async function referralTerms(db: Executor, site: BaseSiteId): Promise<ReferralTerms> {
  const K = REFERRAL_KEYS;
  const D = REFERRAL_DEFAULTS[site];
  const c = await getSiteConfigValues(db, site, [K.enabled, K.amountMinor, K.minimumMinor, K.rewardPoints, K.validityDays]);
  const enabled = c.get(K.enabled);
  return {
    enabled: enabled === undefined ? D.enabled : enabled.trim() === 'true',
    amountMinor: positiveInt(c.get(K.amountMinor), D.amountMinor),
    minimumMinor: positiveInt(c.get(K.minimumMinor), D.minimumMinor, 0),
    rewardPoints: positiveInt(c.get(K.rewardPoints), D.rewardPoints, 0),
    validityDays: positiveInt(c.get(K.validityDays), D.validityDays),
  };
}

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new personal coupon code: `prefix` + 10 unambiguous characters (≈ 49 bits, not guessable). */
export function newPersonalCouponCode(prefix: string): string {
  let s = prefix;
  for (let i = 0; i < 10; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/** A new referral coupon code: `REF-` + 10 unambiguous characters (≈ 49 bits, not guessable). */
export function newReferralCouponCode(): string {
  return newPersonalCouponCode(REFERRAL_COUPON_PREFIX);
}

function money(site: BaseSiteId, lang: Lang, minor: number): string {
  return formatMoney(minor, SITES[site].currency, localeFor(site, lang));
}

/** The site's offer as the "Refer a friend" page shows it. */
function offerOf(site: BaseSiteId, lang: Lang, terms: ReferralTerms): ReferralOffer {
  return {
    friendDiscount: money(site, lang, terms.amountMinor),
    minimumOrder: money(site, lang, terms.minimumMinor),
    rewardPoints: terms.rewardPoints,
    validityDays: terms.validityDays,
  };
}

/** A referral row as its referrer sees it (an unused one past its date shows `expired`). */
export function referralView(row: ReferralRow, now: Date): Referral {
  const lapsed = row.status === 'sent' && row.expires_at <= now.toISOString();
  return {
    id: row.id,
    friendEmail: row.friend_email,
    friendName: row.friend_name,
    status: lapsed ? 'expired' : (row.status as Referral['status']),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    rewardedAt: row.rewarded_at,
    rewardPoints: row.reward_points === null ? null : Number(row.reward_points),
  };
}

/** Who refers: the signed-in customer (id and the email of their token). */
export interface Referrer {
  userId: string;
  email: string;
}

/** Input of {@link submitReferral} (the body already parsed by the contract schema). */
export interface SubmitReferralInput {
  site: BaseSiteId;
  referrer: Referrer;
  body: SubmitReferralRequest;
  /** the shopper's address (rate limit) */
  clientIp: string;
  /** store base URL for the email's link */
  publicUrl?: string | undefined;
}

/**
 * `POST /users/current/referrals` (`submitReferral`): records the referral and the friend's
 * coupon in one transaction, then emails the friend after commit (failures logged). See the
 * module comment for the rules and their order.
 * @throws 404 `ReferralError` `referralsNotOffered`; 429 (HttpStatusError, Retry-After); 422
 *   `ReferralError` `selfReferral` / `alreadyCustomer` (subject `email`); 409 `ReferralError`
 *   `alreadyReferred` (subject `email`)
 */
export async function submitReferral(ctx: CommerceContext, input: SubmitReferralInput): Promise<Referral> {
  const { site, referrer, body } = input;
  const db = ctx.dbh.db;
  const now = ctx.now();
  const nowIso = now.toISOString();
  const terms = await referralTerms(db, site);
  if (!terms.enabled) throw notFound('ReferralError', 'referralsNotOffered', 'Referrals are not offered on this site');
  // every attempt counts (ADR 0030: bounds probing who is already a customer)
  const member = await hitRate(db, REFERRALS_PER_MEMBER, `${site}\u0000${referrer.userId}`, now.getTime());
  if (!member.allowed) throw tooManyAttempts(member.retryAfterS);
  const address = await hitRate(db, REFERRALS_PER_ADDRESS, input.clientIp, now.getTime());
  if (!address.allowed) throw tooManyAttempts(address.retryAfterS);

  const friendEmail = normalizeEmail(String(body.email));
  if (friendEmail === normalizeEmail(referrer.email)) {
    throw unprocessable('ReferralError', 'selfReferral', 'You cannot refer yourself. Enter a friend’s email address.', 'email');
  }
  const friendName = body.friendName?.trim() ? body.friendName.trim() : null;
  const lang = pickLang(site, body.lang);
  const couponCode = newReferralCouponCode();
  const expiresAt = new Date(now.getTime() + terms.validityDays * 86_400_000).toISOString();
  const promotionCode = `REFERRAL-${site.toUpperCase()}-${terms.amountMinor}-${terms.minimumMinor}`;
  const amount = { en: money(site, 'en', terms.amountMinor), fr: money(site, 'fr', terms.amountMinor) };
  const minimum = { en: money(site, 'en', terms.minimumMinor), fr: money(site, 'fr', terms.minimumMinor) };

  const row = await withTransaction(ctx.dbh, async (trx) => {
    await expireLapsedReferral(trx, site, friendEmail, nowIso);
    if (await hasPlacedOrder(trx, site, { userId: null, email: friendEmail })) {
      throw unprocessable('ReferralError', 'alreadyCustomer', 'This friend is already a customer. Referrals are for new customers.', 'email');
    }
    await ensureReferralPromotion(trx, {
      code: promotionCode,
      baseSite: site,
      name: { en: `Referral: ${amount.en} off a first order of ${minimum.en} or more`, fr: `Parrainage\u202f: ${amount.fr} de rabais sur une première commande de ${minimum.fr} ou plus` },
      amountMinor: terms.amountMinor,
      minSubtotalMinor: terms.minimumMinor,
    });
    await insertReferralCoupon(trx, {
      code: couponCode,
      baseSite: site,
      promotionCode,
      name: { en: `${amount.en} off your first order`, fr: `${amount.fr} de rabais sur votre première commande` },
      startsAt: nowIso,
      endsAt: expiresAt,
    });
    const r: ReferralRow = {
      id: `rf_${randomUUID()}`,
      base_site: site,
      referrer_id: referrer.userId,
      friend_email: friendEmail,
      open_key: friendEmail,
      friend_name: friendName,
      lang,
      coupon_code: couponCode,
      status: 'sent',
      order_code: null,
      friend_user_id: null,
      reward_points: null,
      created_at: nowIso,
      expires_at: expiresAt,
      used_at: null,
      rewarded_at: null,
    };
    // the unique (base_site, open_key) index decides between concurrent referrals of one friend
    if (!(await insertReferral(trx, r))) {
      throw conflict('ReferralError', 'alreadyReferred', 'This friend has already been referred.', 'email');
    }
    const named = await trx.selectFrom('customers').select('first_name').where('id', '=', referrer.userId).executeTakeFirst();
    return { r, referrerName: named?.first_name ?? '' };
  });

  ctx.mailer.sendInBackground(
    () =>
      sendReferralEmail(
        ctx.mailer,
        {
          to: friendEmail,
          site,
          lang,
          referrerName: row.referrerName,
          friendName,
          couponCode,
          amountMinor: terms.amountMinor,
          minimumMinor: terms.minimumMinor,
          expiresAt,
        },
        input.publicUrl ? { publicUrl: input.publicUrl } : {},
      ),
    `referral email ${row.r.id}`,
  );
  ctx.log.info({ referralId: row.r.id, site }, 'referral submitted');
  return referralView(row.r, now);
}

/** `GET /users/current/referrals`: the member's referrals on the site (newest first, at most {@link REFERRAL_LIST_LIMIT}) and the site's offer. */
export async function listReferrals(ctx: CommerceContext, site: BaseSiteId, userId: string, langParam: unknown): Promise<ReferralList> {
  const db = ctx.dbh.db;
  const now = ctx.now();
  const [terms, rows] = await Promise.all([referralTerms(db, site), listReferralsOf(db, userId, site, REFERRAL_LIST_LIMIT)]);
  return { referrals: rows.map((r) => referralView(r, now)), offer: offerOf(site, pickLang(site, langParam), terms) };
}

/** Who uses a coupon: the cart's / order's customer id (null for a guest) and email (guest carts may not have one yet). */
export interface CouponUser {
  userId: string | null;
  /** the guest's email (ignored for customers: their account email is used) */
  email: string | null;
}

/**
 * The referral rules of a coupon, from the existing coupon path (apply: `exceptOrderCode`
 * absent; placement: the order being placed). Not a referral coupon (no `REF-` prefix, or no
 * referral of this site has it) → null, nothing checked. Otherwise the referral must still be
 * `sent`, and the shopper (the customer's account email, else the guest email when known) must be
 * the referred friend and have no other order on the site.
 * @throws 400 `CouponError` `couponUsedUp` (used or lapsed), `couponNotApplicable` (another
 *   shopper, not a first order)
 */
export async function checkReferralCoupon(db: Executor, site: string, couponCode: string, who: CouponUser, exceptOrderCode?: string): Promise<ReferralRow | null> {
  if (!couponCode.startsWith(REFERRAL_COUPON_PREFIX)) return null;
  const referral = await findReferralByCoupon(db, couponCode);
  if (!referral || referral.base_site !== site) return null;
  if (referral.status !== 'sent') throw invalidInput('CouponError', 'couponUsedUp', `Coupon ${couponCode} has been used up`, 'couponCode');
  let email = who.email ? normalizeEmail(who.email) : '';
  if (who.userId) {
    const account = await db.selectFrom('customers').select('email').where('id', '=', who.userId).executeTakeFirst();
    email = account ? normalizeEmail(account.email) : '';
  }
  if (who.userId === referral.referrer_id || (email !== '' && email !== referral.friend_email)) {
    throw invalidInput('CouponError', 'couponNotApplicable', `Coupon ${couponCode} can only be used by the friend it was sent to, with that email address`, 'couponCode');
  }
  if ((who.userId || email) && (await hasPlacedOrder(db, site, { userId: who.userId, email }, exceptOrderCode))) {
    throw invalidInput('CouponError', 'couponNotApplicable', `Coupon ${couponCode} is for a first order only`, 'couponCode');
  }
  return referral;
}

/**
 * Inside the order reservation transaction, after the coupon's use was counted (flows/promotions.ts
 * `recordOrderPromotions`): checks the referral rules for the order ({@link checkReferralCoupon})
 * and marks the referral `used` by the order, with a conditional update (`status = 'sent'`).
 * No-op for other coupons.
 * @throws 400 `CouponError` as {@link checkReferralCoupon}; `couponUsedUp` when another order took it
 */
export async function redeemReferralCoupon(trx: Executor, r: { site: string; couponCode: string; orderCode: string; customerId: string | null; email: string; now: Date }): Promise<void> {
  const referral = await checkReferralCoupon(trx, r.site, r.couponCode, { userId: r.customerId, email: r.email }, r.orderCode);
  if (!referral) return;
  if (!(await markReferralUsed(trx, { couponCode: r.couponCode, orderCode: r.orderCode, friendUserId: r.customerId, nowIso: r.now.toISOString() }))) {
    throw invalidInput('CouponError', 'couponUsedUp', `Coupon ${r.couponCode} has been used up. Remove it from your cart to place your order.`, 'couponCode');
  }
}

/** A shipment of an order (the fulfilment flow's order-shipped event). */
export interface OrderShippedEvent {
  orderCode: string;
  baseSite: BaseSiteId;
  userId: string | null;
  consignmentCode: string;
  entries: Array<{ entryNumber: number; quantity: number }>;
  /** true when this shipment completes the order */
  complete: boolean;
  shippedAt: Date;
}

/** A points grant for the loyalty ledger. */
export interface ReferralPointsGrant {
  /** the referrer */
  userId: string;
  baseSite: BaseSiteId;
  /** whole points, > 0 */
  points: number;
  /** 'referral' */
  reason: string;
  /** the friend's order that earned them */
  orderCode: string;
}

/** Takes back a referral grant inside the caller's transaction (the loyalty ledger). */
export type ReversePoints = (trx: Executor, grant: Omit<ReferralPointsGrant, 'points'>) => Promise<{ reversed: number; notRecovered: number }>;

/**
 * Return hook (call it inside a return's transaction, once every shipped unit of the order is back
 * and nothing is left to ship): when the order is the friend's first order whose referral was
 * `rewarded`, takes the referrer's points back through `reverse` (what is still available; a
 * referrer who already spent them keeps them). A partial return takes nothing back: the friend
 * kept a purchase. Answers the points reversed, 0 for other orders. ADR 0030 amendment.
 */
export async function referralOrderReturned(trx: Executor, site: BaseSiteId, orderCode: string, reverse: ReversePoints): Promise<{ reversed: number; notRecovered: number }> {
  const referral = await findReferralByOrder(trx, site, orderCode);
  if (!referral || referral.status !== 'rewarded' || !referral.referrer_id) return { reversed: 0, notRecovered: 0 };
  return reverse(trx, { userId: referral.referrer_id, baseSite: site, reason: 'referral', orderCode });
}

/** Grants points inside the caller's transaction (the loyalty ledger). */
export type AwardPoints = (trx: Executor, grant: ReferralPointsGrant) => Promise<void>;

/**
 * Order-shipped hook (call it inside the shipping transaction, for every shipment): when the
 * order is the friend's first order that redeemed a referral coupon, marks the referral
 * `rewarded` (conditional update `status = 'used'`: the first shipment wins, any later or
 * concurrent call changes nothing) and calls `award` once with the site's
 * `referral.rewardPoints` (0 points: rewarded, no call). Other orders: nothing.
 * @throws whatever `award` throws (the caller's transaction then rolls back, referral included)
 */
export async function referralOrderShipped(trx: Executor, event: OrderShippedEvent, award: AwardPoints): Promise<void> {
  const referral = await findReferralByOrder(trx, event.baseSite, event.orderCode);
  if (!referral || referral.status !== 'used') return;
  const terms = await referralTerms(trx, event.baseSite);
  if (!(await markReferralRewarded(trx, referral.id, terms.rewardPoints, event.shippedAt.toISOString()))) return;
  if (terms.rewardPoints > 0) {
    await award(trx, { userId: referral.referrer_id, baseSite: event.baseSite, points: terms.rewardPoints, reason: 'referral', orderCode: event.orderCode });
  }
}
