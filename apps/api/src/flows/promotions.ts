/**
 * Promotions, coupons and price lists in the commerce flows (issue 4; ADR 0010; spec §3 price
 * data and Coupon, §5 displayed price, §6 price and user groups, §7 Coupons).
 *
 * Pricing a cart ({@link loadCartPromotionData} + {@link priceCart}), used by `computeCart`:
 * 1. unit price = the spec §5 displayed price of the variant;
 * 2. then the cart OWNER's price-list price when lower (`bestGroupPrice` over
 *    `customerPriceGroups` of the `customers` row of `carts.user_id` — never a cookie or header);
 * 3. then the promotions: the site's active automatic promotions (dates, user groups) plus the
 *    promotions of the cart's coupons (coupon and promotion active and within their dates), run
 *    through the domain engine `applyPromotions` with the lines' category codes and
 *    isProductBMSMEligible; gift-card products are excluded.
 * Statements per cart read: automatic promotions and cart coupons (1, a UNION ALL), and for a
 * customer's cart the customer (1) and price lists (1); product categories (1) only when a category
 * promotion or a category-scoped BMSM promotion is in play. No statement per line.
 *
 * isProductBMSMEligible (spec §3) is decided per line: a line is eligible when a BMSM promotion
 * in play targets it (`productCodes` / `categoryCodes` of its parameters; a BMSM promotion without
 * either makes every non-gift-card line eligible).
 *
 * Usage limits are NOT checked while pricing (a used-up coupon still prices the cart the same way
 * in every concurrent checkout); they are enforced when the order is placed
 * ({@link recordOrderPromotions}) with conditional updates, so exactly as many orders as allowed
 * get the coupon and the others fail with a clear 400 `CouponError`.
 */
import type { AppliedCoupon, AppliedPromotion, PriceData } from '@store/contracts';
import type { CartCouponRecord, CartLine, CartRow, CustomerPricingRecord, Executor, OrderPromotionRow, OrderRow, PriceListRecord, PromotionRecord } from '@store/db';
import {
  findCustomerPricing,
  insertCouponRedemption,
  insertOrderPromotions,
  listActiveAutomaticPromotions,
  listCartPromotions,
  listCartPriceListPrices,
  listPriceListPrices,
  listProductCategoryCodes,
  listOrderPromotions,
  releaseCouponRedemptions,
  deleteOrderPromotions,
  tryUseCoupon,
  tryUseCouponForCustomer,
  releaseReferralUse,
} from '@store/db';
import type { Lang, PromotionKind, PromotionLine, PromotionResult, PromotionRule } from '@store/domain';
import { redeemReferralCoupon, REFERRAL_COUPON_PREFIX } from './referrals.ts';
import { applyPromotions, bestGroupPrice, couponState, customerPriceGroups, displayedPrice, invalidInput, isSalesPriceStrategy, PROMOTION_KINDS, validatePromotionRule } from '@store/domain';

/** Product type of gift cards: never discounted, never counted toward thresholds (ADR 0010). */
export const GIFT_CARD_PRODUCT_TYPE = 'GiftCard';

/** Entry-level kinds: the ones that give a product a promoted price (spec §3 promotedPriceData). */
const PRODUCT_LEVEL_KINDS: ReadonlySet<string> = new Set(['productPercent', 'productFixed', 'categoryPercent', 'categoryFixed', 'bmsm']);

// ---------------------------------------------------------------------------------------------
// Rules

function isKind(k: string): k is PromotionKind {
  return (PROMOTION_KINDS as readonly string[]).includes(k);
}

/** Is a promotion (or coupon) in effect at `now`: active and within `[startsAt, endsAt)`. */
export function inEffect(x: { active: boolean; startsAt: string | null; endsAt: string | null }, now: Date): boolean {
  try {
    return couponState({ active: x.active, startsAt: x.startsAt, endsAt: x.endsAt, maxUses: null, usedCount: 0, now }) === 'ok';
  } catch {
    return false; // an unreadable date: the promotion is not in effect
  }
}

/** May a customer with these groups get this promotion? (no `user_groups` = everyone) */
export function groupsAllow(p: Pick<PromotionRecord, 'userGroups'>, groups: readonly string[]): boolean {
  return p.userGroups === null || p.userGroups.some((g) => groups.includes(g));
}

/**
 * A promotion row as an engine rule, or null when its kind or parameters are unusable (a bad row
 * is skipped rather than breaking every cart of the site).
 */
export function toRule(p: PromotionRecord, couponCode: string | null): PromotionRule | null {
  if (!isKind(p.kind)) return null;
  const prm = p.params;
  const rule: PromotionRule = {
    code: p.code,
    kind: p.kind,
    description: { en: p.name.en, fr: p.name.fr },
    priority: p.priority,
    exclusive: p.exclusive,
    couponCode,
  };
  if (prm.percentBps !== undefined) rule.percentBps = prm.percentBps;
  if (prm.amountMinor !== undefined) rule.amountMinor = prm.amountMinor;
  if (prm.productCodes !== undefined) rule.productCodes = prm.productCodes;
  if (prm.categoryCodes !== undefined) rule.categoryCodes = prm.categoryCodes;
  if (prm.tiers !== undefined) rule.tiers = prm.tiers;
  if (prm.giftVariantCode !== undefined) rule.giftVariantCode = prm.giftVariantCode;
  if (prm.minSubtotalMinor !== undefined) rule.minSubtotalMinor = prm.minSubtotalMinor;
  try {
    validatePromotionRule(rule);
  } catch {
    return null;
  }
  return rule;
}

/** Does a rule need the lines' category codes? */
function needsCategories(rules: readonly PromotionRule[]): boolean {
  return rules.some((r) => (r.kind === 'categoryPercent' || r.kind === 'categoryFixed' || r.kind === 'bmsm') && (r.categoryCodes?.length ?? 0) > 0);
}

/** spec §3 isProductBMSMEligible of a product, from the BMSM rules in play. */
export function bmsmEligible(rules: readonly PromotionRule[], product: { baseProductCode: string; variantCode: string; categoryCodes: readonly string[]; excluded: boolean }): boolean {
  if (product.excluded) return false;
  return rules.some((r) => {
    if (r.kind !== 'bmsm') return false;
    const codes = r.productCodes ?? [];
    const cats = r.categoryCodes ?? [];
    if (codes.length === 0 && cats.length === 0) return true;
    return codes.includes(product.baseProductCode) || codes.includes(product.variantCode) || product.categoryCodes.some((c) => cats.includes(c));
  });
}

/** The price groups of a customer record (null = anonymous → none). */
export function groupsOfCustomer(c: CustomerPricingRecord | null): string[] {
  return c ? customerPriceGroups({ isEmployee: c.isEmployee, priceGroup: c.priceGroup, userGroup: c.userGroup }) : [];
}

/** The spec §5 displayed unit price of a variant price row (0 when it has no price). */
export function displayedUnitPrice(price: CartLine['price']): { priceMinor: number; originalPriceMinor: number | null; listMinor: number } {
  if (!price) return { priceMinor: 0, originalPriceMinor: null, listMinor: 0 };
  const s = price.salesPriceStrategy;
  const shown = displayedPrice({
    priceMinor: price.priceMinor,
    discountPriceMinor: price.discountPriceMinor,
    isDiscountPrice: price.isDiscountPrice,
    salesPriceStrategy: isSalesPriceStrategy(s) ? s : null,
  });
  return { ...shown, listMinor: price.priceMinor };
}

// ---------------------------------------------------------------------------------------------
// Cart pricing

/** What the database says about a cart's promotions (loaded in parallel with its lines). */
export interface CartPromotionData {
  automatic: PromotionRecord[];
  coupons: CartCouponRecord[];
  /** the cart owner's pricing fields (null for an anonymous cart or an unknown customer) */
  customer: CustomerPricingRecord | null;
  /** price-list rows of the cart's variants, every group */
  priceLists: PriceListRecord[];
}

/**
 * Loads the automatic promotions of the cart's site and the cart's coupons (one statement), and
 * for a customer's cart the customer's groups and the price lists of the cart's variants (two
 * more). In parallel.
 */
export async function loadCartPromotionData(db: Executor, cart: CartRow, now: Date): Promise<CartPromotionData> {
  const owner = cart.user_id;
  const [{ automatic, coupons }, customer, priceLists] = await Promise.all([
    listCartPromotions(db, cart.base_site, cart.guid, now.toISOString()),
    owner ? findCustomerPricing(db, owner) : Promise.resolve(null),
    owner ? listCartPriceListPrices(db, cart.base_site, cart.guid) : Promise.resolve([]),
  ]);
  return { automatic, coupons, customer, priceLists };
}

/** The unit price of a cart line after price lists. */
export interface PricedUnit {
  /** what one unit costs before promotions, minor units */
  priceMinor: number;
  /** the struck-through list price when lower prices are shown, else null */
  originalPriceMinor: number | null;
  /** the price group whose price won, null when the displayed price stands */
  groupCode: string | null;
}

/** A coupon of the cart and what became of it. */
export interface CartCouponOutcome {
  record: CartCouponRecord;
  /** the promotion it brought into the engine (null when the coupon or its promotion is not usable now) */
  ruleCode: string | null;
  /** its promotion applied (gave a discount, free shipping or a gift) */
  applies: boolean;
}

/** Everything promotions decided about a cart. */
export interface CartPricing {
  /** per entry number */
  units: Map<number, PricedUnit>;
  result: PromotionResult;
  coupons: CartCouponOutcome[];
  /** the customer's groups (server side) */
  groups: string[];
}

/**
 * The unit price of one line before promotions (steps 1–2 of the module comment): the spec §5
 * displayed price, then the best price-list price of the owner's `groups` when lower (gift cards
 * never). Depends on nothing but the line, the groups and the price-list rows, so one line can be
 * priced alone (the add-to-cart answer, issue 11 item 6) exactly as the whole cart prices it.
 * @param priceLists price-list rows; rows of other variants or currencies are ignored
 */
export function priceListUnit(line: Pick<CartLine, 'price' | 'productType' | 'variantCode'>, groups: readonly string[], priceLists: readonly PriceListRecord[]): PricedUnit {
  const shown = displayedUnitPrice(line.price);
  if (groups.length > 0 && line.price && line.productType !== GIFT_CARD_PRODUCT_TYPE) {
    const rows = priceLists.filter((r) => r.variantCode === line.variantCode && r.currency === line.price?.currency);
    const best = bestGroupPrice(shown.priceMinor, rows, groups);
    if (best.groupCode !== null) return { priceMinor: best.priceMinor, originalPriceMinor: best.priceMinor < shown.listMinor ? shown.listMinor : null, groupCode: best.groupCode };
  }
  return { priceMinor: shown.priceMinor, originalPriceMinor: shown.originalPriceMinor, groupCode: null };
}

/**
 * Prices cart lines: price lists, then promotions (see module comment). May run one statement
 * (product categories) when a category rule is in play.
 */
export async function priceCart(db: Executor, lines: readonly CartLine[], data: CartPromotionData, now: Date): Promise<CartPricing> {
  const groups = groupsOfCustomer(data.customer);
  const units = new Map<number, PricedUnit>();
  for (const line of lines) units.set(line.entryNumber, priceListUnit(line, groups, data.priceLists));

  // rules: automatic ones first, then one per coupon (a promotion is run once)
  const rules: PromotionRule[] = [];
  const seen = new Set<string>();
  for (const p of data.automatic) {
    if (!groupsAllow(p, groups) || seen.has(p.code)) continue;
    const rule = toRule(p, null);
    if (rule) {
      rules.push(rule);
      seen.add(p.code);
    }
  }
  const couponRule = new Map<string, string | null>();
  for (const c of data.coupons) {
    let ruleCode: string | null = null;
    const p = c.promotion;
    if (inEffect(c.coupon, now) && inEffect(p, now) && groupsAllow(p, groups) && !seen.has(p.code)) {
      const rule = toRule(p, c.coupon.code);
      if (rule) {
        rules.push(rule);
        seen.add(p.code);
        ruleCode = p.code;
      }
    }
    couponRule.set(c.coupon.code, ruleCode);
  }

  let categories = new Map<string, string[]>();
  if (lines.length > 0 && needsCategories(rules)) categories = await listProductCategoryCodes(db, lines.map((l) => l.baseProductCode));
  const engineLines: PromotionLine[] = lines.map((l) => {
    const excluded = l.productType === GIFT_CARD_PRODUCT_TYPE;
    const categoryCodes = categories.get(l.baseProductCode) ?? [];
    return {
      entryNumber: l.entryNumber,
      variantCode: l.variantCode,
      baseProductCode: l.baseProductCode,
      categoryCodes,
      unitPriceMinor: units.get(l.entryNumber)?.priceMinor ?? 0,
      qty: l.qty,
      bmsmEligible: bmsmEligible(rules, { baseProductCode: l.baseProductCode, variantCode: l.variantCode, categoryCodes, excluded }),
      excluded,
    };
  });
  const result = applyPromotions({ lines: engineLines, promotions: rules });
  const gives = new Set(result.applied.filter((a) => a.discountMinor > 0 || a.freeShipping || a.giftVariantCode !== null).map((a) => a.code));
  const coupons = data.coupons.map((record) => {
    const ruleCode = couponRule.get(record.coupon.code) ?? null;
    return { record, ruleCode, applies: ruleCode !== null && gives.has(ruleCode) };
  });
  return { units, result, coupons, groups };
}

/** Description of an applied promotion in a language. */
function describe(d: Record<Lang, string>, lang: Lang): string {
  return d[lang] || d.en;
}

/**
 * The promotion lines of a cart (contracts AppliedPromotion): localised description, what it took
 * off (the shipping saved for free shipping), entry numbers, gift variant.
 */
export function appliedPromotionsView(pricing: CartPricing, shippingSavedMinor: number, lang: Lang, money: (minor: number) => PriceData): AppliedPromotion[] {
  return pricing.result.applied.map((a) => ({
    code: a.code,
    kind: a.kind,
    description: describe(a.description, lang),
    couponCode: a.couponCode,
    discount: money(a.freeShipping ? shippingSavedMinor : a.discountMinor),
    entryNumbers: a.entryDiscounts.map((e) => e.entryNumber),
    giftProductCode: a.giftVariantCode,
  }));
}

/** The coupons of a cart (contracts AppliedCoupon). */
export function appliedCouponsView(pricing: CartPricing, lang: Lang): AppliedCoupon[] {
  return pricing.coupons.map((c) => ({ couponCode: c.record.coupon.code, couponName: c.record.coupon.name[lang] || c.record.coupon.name.en, applies: c.applies }));
}

// ---------------------------------------------------------------------------------------------
// The pricing of a cart inside the order transaction

/** What the reservation transaction knows when it records promotions. */
export interface PromotionReservation {
  order: OrderRow;
  /** customer id, or null for a guest (then `order.email` keys per-customer coupon limits) */
  customerId: string | null;
  now: Date;
  /** what `computeCart` decided in the same transaction (the order is written from it) */
  pricing: CartPricing;
  /** shipping saved by free shipping, minor units (`CartTotals.shippingSavedMinor`) */
  shippingSavedMinor: number;
  /** free-gift variants that could not be added (not sold or out of stock): their lines are dropped */
  giftsSkipped?: ReadonlySet<string>;
}

/** The per-customer key of coupon limits: the customer id, or `email:` + the lower-cased email of a guest. */
export function couponCustomerKey(customerId: string | null, email: string): string {
  return customerId ?? `email:${email.trim().toLowerCase()}`;
}

/**
 * Inside transaction 1 of order placement, after the order row is written:
 * - for each coupon of the cart whose promotion applies (in code order, so concurrent placements
 *   lock coupon rows in the same order), counts one use with conditional updates: the coupon's
 *   `used_count < max_uses`, then the customer's `uses < max_uses_per_customer` (customer id, or
 *   `email:` + the order email for guests), and records the redemption. A coupon that has no use
 *   left throws 400 `CouponError` `couponUsedUp`; one this customer already used up throws 400
 *   `couponAlreadyUsed`: the whole reservation rolls back (no order, no stock taken).
 *   A coupon on the cart that gives nothing is not counted.
 * - freezes the applied promotions on the order (`order_promotions`, descriptions in EN and FR);
 *   a free gift the reservation could not add (`giftsSkipped`) gets no line.
 * The order lines (price-list prices, free gifts at 0) are written by the caller from `pricing`.
 * Answers the `order_promotions` rows written (the order answer is built from them, not read back).
 * @throws DomainError 400 `CouponError` `couponUsedUp` / `couponAlreadyUsed`
 */
export async function recordOrderPromotions(trx: Executor, r: PromotionReservation): Promise<OrderPromotionRow[]> {
  const { order, pricing, shippingSavedMinor } = r;
  const skipped = r.giftsSkipped ?? new Set<string>();
  const key = couponCustomerKey(r.customerId, order.email);
  const redeem = pricing.coupons.filter((c) => c.applies).sort((a, b) => (a.record.coupon.code < b.record.coupon.code ? -1 : a.record.coupon.code > b.record.coupon.code ? 1 : 0));
  for (const c of redeem) {
    const code = c.record.coupon.code;
    if (!(await tryUseCoupon(trx, code))) {
      throw invalidInput('CouponError', 'couponUsedUp', `Coupon ${code} has been used up. Remove it from your cart to place your order.`, 'couponCode');
    }
    if (!(await tryUseCouponForCustomer(trx, code, key, c.record.coupon.maxUsesPerCustomer))) {
      throw invalidInput('CouponError', 'couponAlreadyUsed', `You have already used coupon ${code}. Remove it from your cart to place your order.`, 'couponCode');
    }
    await insertCouponRedemption(trx, { couponCode: code, orderCode: order.code, customerKey: key, createdAt: r.now.toISOString() });
    // issue 12 (ADR 0030): a referral coupon is the referred friend's, on a first order; marks it used
    await redeemReferralCoupon(trx, { site: order.base_site, couponCode: code, orderCode: order.code, customerId: r.customerId, email: order.email, now: r.now });
  }
  const kept = pricing.result.applied.filter((a) => !(a.kind === 'freeGift' && a.giftVariantCode !== null && skipped.has(a.giftVariantCode)));
  const rows: OrderPromotionRow[] = kept.map((a, i) => ({
    order_code: order.code,
    line_no: i + 1,
    promotion_code: a.code,
    kind: a.kind,
    coupon_code: a.couponCode,
    description_en: a.description.en,
    description_fr: a.description.fr,
    amount_minor: a.freeShipping ? shippingSavedMinor : a.discountMinor,
    entry_numbers: a.entryDiscounts.map((e) => e.entryNumber).join(','),
    gift_variant_code: a.giftVariantCode,
  }));
  await insertOrderPromotions(trx, rows);
  return rows;
}

/**
 * Inside the release transaction (payment failed; the caller checked the order is still pending):
 * gives the order's coupon uses back (total and per customer) and deletes its redemptions and
 * promotion lines.
 */
export async function releaseOrderPromotions(trx: Executor, orderCode: string): Promise<void> {
  const released = await releaseCouponRedemptions(trx, orderCode);
  // issue 12 (ADR 0030): the referral the order used is open again
  if (released.some((c) => c.couponCode.startsWith(REFERRAL_COUPON_PREFIX))) await releaseReferralUse(trx, orderCode);
  await deleteOrderPromotions(trx, orderCode);
}

// ---------------------------------------------------------------------------------------------
// Catalogue price strategies (spec §3 promotedPriceData, personalizedPriceData)

/** Price strategies of one variant, minor units; null = none. */
export interface VariantPriceStrategies {
  /** one unit after the site's automatic product/category/BMSM promotions */
  promotedMinor: number | null;
  /** the signed-in customer's price-list price, when lower than the displayed price */
  personalizedMinor: number | null;
}

/** The product as the catalogue strategies need it. */
export interface StrategyProduct {
  code: string;
  productType: string;
  categoryCodes: readonly string[];
  variants: ReadonlyArray<{ code: string; price: { currency: string; priceMinor: number; discountPriceMinor: number | null; isDiscountPrice: boolean; salesPriceStrategy: string | null } | null }>;
}

/**
 * The promoted and personalised prices of a product's variants (spec §3) for a site and an
 * optional signed-in customer (decided from the verified token, never from a cookie). 1 statement
 * for anonymous visitors (automatic promotions), 3 for customers with groups.
 */
export async function catalogPriceStrategies(db: Executor, site: string, customerId: string | null, product: StrategyProduct, now: Date): Promise<Map<string, VariantPriceStrategies>> {
  const groups = customerId ? groupsOfCustomer(await findCustomerPricing(db, customerId)) : [];
  return catalogPriceStrategiesOfGroups(db, site, groups, product, now);
}

/**
 * {@link catalogPriceStrategies} for price groups already known (`[]`: anonymous, or a customer
 * in no group): the answer depends on the groups only, never on who the customer is, so the API
 * response cache keys product answers by them (ADR 0037).
 */
export async function catalogPriceStrategiesOfGroups(db: Executor, site: string, groups: readonly string[], product: StrategyProduct, now: Date): Promise<Map<string, VariantPriceStrategies>> {
  const automatic = await listActiveAutomaticPromotions(db, site, now.toISOString());
  const excluded = product.productType === GIFT_CARD_PRODUCT_TYPE;
  const priceRows = groups.length > 0 && !excluded ? await listPriceListPrices(db, site, product.variants.map((v) => v.code), groups) : [];
  const rules = automatic
    .filter((p) => PRODUCT_LEVEL_KINDS.has(p.kind) && groupsAllow(p, groups))
    .map((p) => toRule(p, null))
    .filter((r): r is PromotionRule => r !== null);
  const out = new Map<string, VariantPriceStrategies>();
  for (const v of product.variants) {
    const shown = displayedUnitPrice(v.price);
    let promotedMinor: number | null = null;
    if (v.price && !excluded && rules.length > 0 && shown.priceMinor > 0) {
      const line: PromotionLine = {
        entryNumber: 0,
        variantCode: v.code,
        baseProductCode: product.code,
        categoryCodes: [...product.categoryCodes],
        unitPriceMinor: shown.priceMinor,
        qty: 1,
        bmsmEligible: bmsmEligible(rules, { baseProductCode: product.code, variantCode: v.code, categoryCodes: product.categoryCodes, excluded }),
        excluded,
      };
      const result = applyPromotions({ lines: [line], promotions: rules });
      if (result.discountMinor > 0) promotedMinor = shown.priceMinor - result.discountMinor;
    }
    let personalizedMinor: number | null = null;
    if (v.price && priceRows.length > 0) {
      const rows = priceRows.filter((r) => r.variantCode === v.code && r.currency === v.price?.currency);
      const best = bestGroupPrice(shown.priceMinor, rows, groups);
      if (best.groupCode !== null && best.priceMinor < shown.priceMinor) personalizedMinor = best.priceMinor;
    }
    out.set(v.code, { promotedMinor, personalizedMinor });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Order view

/**
 * `appliedPromotions` (frozen descriptions in the answer language) and `appliedCoupons` (codes
 * redeemed) of an order, from `order_promotions` (`known`: the rows just written, then no statement) — one statement: an order redeems exactly the
 * coupons whose promotion applied ({@link recordOrderPromotions}), so they are the coupon codes of
 * its promotion lines (`coupon_redemptions` holds the same codes, for usage accounting).
 */
export async function orderPromotionFields(
  db: Executor,
  orderCode: string,
  lang: Lang,
  money: (minor: number) => PriceData,
  known?: readonly OrderPromotionRow[],
): Promise<{ appliedPromotions: AppliedPromotion[]; appliedCoupons: string[] }> {
  const promotions = known ?? (await listOrderPromotions(db, orderCode));
  const couponCodes = [...new Set(promotions.map((p) => p.coupon_code).filter((c): c is string => c !== null))].sort();
  return {
    appliedPromotions: promotions.map((p) => ({
      code: p.promotion_code,
      kind: isKind(p.kind) ? p.kind : 'orderFixed',
      description: (lang === 'fr' ? p.description_fr : p.description_en) || p.description_en,
      couponCode: p.coupon_code,
      discount: money(Number(p.amount_minor)),
      entryNumbers: p.entry_numbers.split(',').filter(Boolean).map(Number),
      giftProductCode: p.gift_variant_code,
    })),
    appliedCoupons: couponCodes,
  };
}
