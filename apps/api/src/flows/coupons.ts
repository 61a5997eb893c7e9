/**
 * Coupon calls and the discount message (issue 4; ADR 0010 "Coupons", "Discount message"; spec §3
 * Coupon, §6 roles and discount message, §7 Coupons, §9 "Discount shown with 2 decimals").
 *
 * - `getCouponData`: the coupon's data without touching a cart (`?coupon=` and the category
 *   coupon cookie): 404 unknown, 400 expired / not yet valid / used up.
 * - `applyCartCoupon`: puts a coupon on an open cart of the shopper (same ownership rule and 404
 *   as every cart call), in one transaction; checks, in order: known and switched on (404
 *   `couponNotFound`, also for a malformed code), not yet valid, expired, used up (total),
 *   already used by this customer (customer id, or the cart's email for guests), already on the
 *   cart, then that its promotion gives something on this cart (else `couponNotApplicable`, the
 *   message says why). Any refusal leaves the cart unchanged.
 * - `removeCartCoupon`: takes it off (404 `couponNotFound` when it is not on the cart).
 * - `getDiscountMessage`: the spec §6 role-based message from site configuration and the
 *   signed-in profile's roles (anonymous → the percentage message).
 * Errors are type `CouponError` with English messages; the storefront translates by reason.
 */
import type { Cart, CouponData, DiscountMessage as DiscountMessageView } from '@store/contracts';
import type { CouponWithPromotion, Executor } from '@store/db';
import { addCartCoupon, customerCouponUses, findCoupon, findCustomerPricing, getSiteConfigValues, removeCartCoupon, withTransaction } from '@store/db';
import type { BaseSiteId, CouponState, Lang } from '@store/domain';
import { couponState, invalidInput, localeFor, normalizeCouponCode, notFound, resolveDiscountMessage, SITES, toPriceData } from '@store/domain';
import { computeCart } from './cart-view.ts';
import { requireOpenCartForUpdate } from './cart.ts';
import type { CommerceContext, Shopper } from './context.ts';
import { pickLang } from './context.ts';
import { couponCustomerKey, groupsAllow, groupsOfCustomer } from './promotions.ts';
import { checkReferralCoupon } from './referrals.ts';
import { checkWelcomeCoupon } from './perks-welcome.ts';
import { DISCOUNT_MESSAGE_DEFAULTS, DISCOUNT_MESSAGE_KEYS } from './discount-message-config.ts';

/** 404 `CouponError` `couponNotFound` (unknown, switched off or malformed code). */
export function couponNotFound(code: string): Error {
  return notFound('CouponError', 'couponNotFound', `Coupon ${code} does not exist`, 'couponCode');
}

/** The code as typed, for messages (bounded, so an error never echoes a huge input). */
function shown(raw: string): string {
  const s = raw.trim();
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/**
 * A coupon's code from client input.
 * @throws 400 `ValidationError` `required` naming `couponCode` when absent or empty
 */
export function requireCouponInput(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw invalidInput('ValidationError', 'required', 'Enter a coupon code', 'couponCode');
  return raw;
}

/** Throws the CouponError of a coupon state other than ok. */
function stateError(state: CouponState, code: string): Error | null {
  switch (state) {
    case 'ok':
      return null;
    case 'inactive':
      return couponNotFound(code);
    case 'notYetValid':
      return invalidInput('CouponError', 'couponNotYetValid', `Coupon ${code} is not valid yet`, 'couponCode');
    case 'expired':
      return invalidInput('CouponError', 'couponExpired', `Coupon ${code} has expired`, 'couponCode');
    case 'usedUp':
      return invalidInput('CouponError', 'couponUsedUp', `Coupon ${code} has been used up`, 'couponCode');
  }
}

/**
 * Finds a usable coupon of a site: known, switched on, within its dates and its promotion's, uses
 * left.
 * @throws 404 `couponNotFound`; 400 `couponNotYetValid` / `couponExpired` / `couponUsedUp`
 */
export async function requireUsableCoupon(db: Executor, site: BaseSiteId, raw: string, now: Date): Promise<CouponWithPromotion> {
  const code = normalizeCouponCode(raw);
  const found = code ? await findCoupon(db, site, code) : null;
  if (!code || !found) throw couponNotFound(shown(raw));
  const { coupon, promotion } = found;
  const promoState = couponState({ active: promotion.active, startsAt: promotion.startsAt, endsAt: promotion.endsAt, maxUses: null, usedCount: 0, now });
  const state = couponState({ active: coupon.active, startsAt: coupon.startsAt, endsAt: coupon.endsAt, maxUses: coupon.maxUses, usedCount: coupon.usedCount, now });
  // the coupon's own state first, then its promotion's dates
  const error = stateError(state, code) ?? stateError(promoState, code);
  if (error) throw error;
  return found;
}

/** Localised success text of a coupon (5000 ms snackbar, spec §4). */
export function couponSuccessMessage(found: CouponWithPromotion, lang: Lang): string {
  const code = found.coupon.code;
  // French typography: a narrow no-break space before the colon (issue 9 item 12)
  return lang === 'fr' ? `Coupon ${code} appliqué\u202f: ${found.promotion.name.fr}` : `Coupon ${code} applied: ${found.promotion.name.en}`;
}

/**
 * `GET /coupons/applyCouponData?couponCode=`: the coupon's data (spec §3 Coupon) without touching
 * a cart.
 * @throws see {@link requireUsableCoupon}; 400 `ValidationError` when the code is missing
 */
export async function getCouponData(ctx: CommerceContext, site: BaseSiteId, rawCode: unknown, langParam: unknown): Promise<CouponData> {
  const raw = requireCouponInput(rawCode);
  const lang = pickLang(site, langParam);
  const found = await requireUsableCoupon(ctx.dbh.db, site, raw, ctx.now());
  return {
    couponCode: found.coupon.code,
    couponName: found.coupon.name[lang] || found.coupon.name.en,
    pageName: found.coupon.pageName,
    message: couponSuccessMessage(found, lang),
  };
}

/**
 * Applies a coupon to a cart (see module comment) and answers the cart.
 * @throws 404 `CartError` `notFound` (unknown cart or another shopper's); 409 `cartNotOpen`;
 *   400 `ValidationError` (no code); 404/400 `CouponError` (every reason of the module comment)
 */
export async function applyCartCoupon(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, rawCode: unknown, langParam: unknown): Promise<Cart> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    // ownership first: another shopper's cart answers 404 whatever the code
    const cart = await requireOpenCartForUpdate(trx, site, cartGuid, nowIso, shopper);
    const raw = requireCouponInput(rawCode);
    const found = await requireUsableCoupon(trx, site, raw, now);
    const { coupon, promotion } = found;
    const customer = cart.user_id ? await findCustomerPricing(trx, cart.user_id) : null;
    if (!groupsAllow(promotion, groupsOfCustomer(customer))) {
      throw invalidInput('CouponError', 'couponNotApplicable', `Coupon ${coupon.code} is not available for your account`, 'couponCode');
    }
    // issue 12 (ADR 0030): a referral coupon is only for the referred friend's first order
    await checkReferralCoupon(trx, site, coupon.code, { userId: cart.user_id, email: cart.email });
    // issue 12 (ADR 0028 amendment): a Perks welcome coupon is only for its member's own carts
    await checkWelcomeCoupon(trx, site, coupon.code, cart.user_id);
    const email = cart.user_id ? null : cart.email;
    if (coupon.maxUsesPerCustomer !== null && (cart.user_id || email)) {
      const used = await customerCouponUses(trx, coupon.code, couponCustomerKey(cart.user_id, email ?? ''));
      if (used >= coupon.maxUsesPerCustomer) throw invalidInput('CouponError', 'couponAlreadyUsed', `You have already used coupon ${coupon.code}`, 'couponCode');
    }
    if (!(await addCartCoupon(trx, cart.guid, coupon.code, nowIso))) {
      throw invalidInput('CouponError', 'couponAlreadyApplied', `Coupon ${coupon.code} is already applied to this cart`, 'couponCode');
    }
    const lang = pickLang(site, langParam, cart.lang);
    const computed = await computeCart(trx, cart, lang, now);
    if (!computed.view.appliedCoupons.some((c) => c.couponCode === coupon.code && c.applies)) {
      const money = (minor: number) => toPriceData(minor, SITES[site].currency, localeFor(site, 'en'));
      throw notApplicable(coupon.code, computed.pricing.result.rejected.find((r) => r.couponCode === coupon.code), money);
    }
    return computed.view;
  });
}

/** 400 `couponNotApplicable` saying why the promotion gives nothing on this cart. */
function notApplicable(
  code: string,
  rejection: { reason: string; missingMinor?: number; missingQty?: number } | undefined,
  money: (minor: number) => { formattedValue: string },
): Error {
  let message = `Coupon ${code} does not apply to the items in your cart`;
  if (rejection?.reason === 'minimumNotMet' && rejection.missingMinor !== undefined) {
    message = `Add ${money(rejection.missingMinor).formattedValue} more to your cart to use coupon ${code}`;
  } else if (rejection?.reason === 'minimumNotMet' && rejection.missingQty !== undefined) {
    message = `Add ${rejection.missingQty} more eligible item${rejection.missingQty === 1 ? '' : 's'} to use coupon ${code}`;
  } else if (rejection?.reason === 'excludedByExclusive') {
    message = `Coupon ${code} cannot be combined with the promotions already on your cart`;
  }
  return invalidInput('CouponError', 'couponNotApplicable', message, 'couponCode');
}

/**
 * Takes a coupon off a cart and answers the cart.
 * @throws 404 `CartError` `notFound`; 409 `cartNotOpen`; 404 `CouponError` `couponNotFound` when it is not on the cart
 */
export async function removeCartCouponFlow(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, rawCode: string, langParam: unknown): Promise<Cart> {
  const now = ctx.now();
  return withTransaction(ctx.dbh, async (trx) => {
    const cart = await requireOpenCartForUpdate(trx, site, cartGuid, now.toISOString(), shopper);
    const code = normalizeCouponCode(rawCode);
    if (!code || !(await removeCartCoupon(trx, cart.guid, code))) {
      throw notFound('CouponError', 'couponNotFound', `Coupon ${shown(rawCode)} is not applied to this cart`, 'couponCode');
    }
    return (await computeCart(trx, cart, pickLang(site, langParam, cart.lang), now)).view;
  });
}

export { DISCOUNT_MESSAGE_DEFAULTS, DISCOUNT_MESSAGE_KEYS } from './discount-message-config.ts';

/** The role a Perks member who earns points has for the discount message (spec §6; seed `discountMessage.roles`). */
export const PERKS_MEMBER_ROLE = 'PERKS_MEMBER';

/** The site that is the main brand: the member text may show only there (spec §6). */
export const MAIN_BRAND_SITE: BaseSiteId = 'usb2c';

/**
 * `GET /users/{userId}/discountMessage`: both texts and the server's choice from the signed-in
 * profile's roles (`customers.roles`) compared with `discountMessage.roles`; anonymous shoppers get
 * the percentage variant. The local-storage flag is checked by the storefront after hydration.
 * A `discountMessage.percent` that is not a number falls back to the default (logged).
 */
export async function getDiscountMessage(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, langParam: unknown): Promise<DiscountMessageView> {
  const lang = pickLang(site, langParam);
  const K = DISCOUNT_MESSAGE_KEYS;
  const [config, customer] = await Promise.all([
    getSiteConfigValues(ctx.dbh.db, site, [K.roles, K.localStorageFlag, K.percent, K.memberText[lang], K.percentText[lang]]),
    shopper.userId ? findCustomerPricing(ctx.dbh.db, shopper.userId) : Promise.resolve(null),
  ]);
  const D = DISCOUNT_MESSAGE_DEFAULTS;
  // issue 12: a Perks member of this site who earns points counts as PERKS_MEMBER (spec §6 roles)
  const perksMember = shopper.userId
    ? (await ctx.dbh.db.selectFrom('loyalty_members').select('perks_opt_in').where('user_id', '=', shopper.userId).where('base_site', '=', site).executeTakeFirst())?.perks_opt_in === 1
    : false;
  const input = {
    profileRoles: [...(customer?.roles ?? []), ...(perksMember ? [PERKS_MEMBER_ROLE] : [])],
    configuredRoles: config.get(K.roles) ?? D.roles,
    hasLocalStorageFlag: false,
    isMainBrand: site === MAIN_BRAND_SITE,
    percent: config.get(K.percent) ?? D.percent,
    memberText: config.get(K.memberText[lang]) ?? D.memberText[lang],
    percentTemplate: config.get(K.percentText[lang]) ?? D.percentText[lang],
    lang,
  };
  let resolved;
  try {
    resolved = resolveDiscountMessage(input);
  } catch {
    ctx.log.warn({ site, key: K.percent }, 'discount message percent is not a number; using the default');
    resolved = resolveDiscountMessage({ ...input, percent: D.percent });
  }
  return {
    memberText: resolved.memberText,
    percentText: resolved.percentText,
    variant: resolved.variant,
    localStorageFlag: config.get(K.localStorageFlag) ?? D.localStorageFlag,
    mainBrand: site === MAIN_BRAND_SITE,
  };
}
