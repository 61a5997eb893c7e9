/**
 * Turns cart rows into the cart answer (contracts `Cart`): lines with product data and price
 * data, totals from the domain's `computeCartTotals`, tax lines, free-shipping progress, the
 * chosen delivery mode and the checkout fields. Read-only.
 */
import type { Address as AddressView, Cart, CartEntry, DeliveryMode, TaxLine as TaxLineView } from '@store/contracts';
import type { AppliedCartGiftCard, CartLine, CartRow, Executor } from '@store/db';
import { findCustomerPricing, getSiteConfigValues, listPriceListPrices, loadCartLines } from '@store/db';
import type { AdUnitPrice, AutoDeliverySettings, Address, BaseSiteId, CartTotals, CurrencyIso, DeliveryModeCode, Lang, MoneyLocale, ShippingConfig, TaxLine } from '@store/domain';
import { freeShippingMinimumMinor, parseMinorUnits } from '../routes/site-context.ts';
import { cartGiftCardFields, pricedCartLines } from './gift-card-allocation.ts';
import { cartEntryView, unitPriceOf, type LineUnitPrice } from './cart-lines.ts';
import { findActiveReward, freeProductValueMinor, rewardEffect } from './reward-effect.ts';
import { isAutoDeliveryLine, loadAutoDeliverySettings, priceAutoDeliveryLines } from './auto-delivery-buy.ts';
import { appliedCouponsView, appliedPromotionsView, groupsOfCustomer, loadCartPromotionData, priceCart, priceListUnit, type CartPricing, GIFT_CARD_PRODUCT_TYPE } from './promotions.ts';
import {
  computeCartTotals,
  DEFAULT_SHIPPING,
  localeFor,
  shippingMethods,
  toPriceData,
} from '@store/domain';

/**
 * Site configuration keys of the shipping prices, in minor units ("799"); the free-shipping
 * minimum uses the catalogue's keys (routes/site-context.ts FREE_SHIPPING_KEYS).
 */
export const SHIPPING_PRICE_KEYS = { standardMinor: 'standardShipping', expeditedMinor: 'expeditedShipping' } as const;

/** The shipping prices of a site (minor units): site configuration over {@link DEFAULT_SHIPPING}. */
export async function loadShippingConfig(db: Executor, site: BaseSiteId): Promise<ShippingConfig> {
  const [minimum, values] = await Promise.all([freeShippingMinimumMinor(db, site), getSiteConfigValues(db, site, Object.values(SHIPPING_PRICE_KEYS))]);
  const out: ShippingConfig = { ...DEFAULT_SHIPPING[site], freeShippingMinimumMinor: minimum };
  for (const [field, key] of Object.entries(SHIPPING_PRICE_KEYS) as Array<[keyof typeof SHIPPING_PRICE_KEYS, string]>) {
    const raw = values.get(key);
    const minor = raw === undefined ? null : parseMinorUnits(raw);
    if (minor !== null) out[field] = minor;
  }
  return out;
}

/** Stored billing JSON: an address, flagged when it was copied from the delivery address. */
export type StoredBilling = Address & { sameAsShipping?: boolean };

/** Parses a stored address JSON (null when absent or unreadable). */
export function parseAddress(json: string | null): StoredBilling | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as StoredBilling;
  } catch {
    return null;
  }
}

/** The address as answered (without the internal flag). */
export function addressView(a: StoredBilling | null): AddressView | null {
  if (!a) return null;
  const out: AddressView = {
    firstName: a.firstName,
    lastName: a.lastName,
    line1: a.line1,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
  };
  if (a.line2) out.line2 = a.line2;
  if (a.phone) out.phone = a.phone;
  return out;
}

export { imageUrlOf, nameOf, productUrlOf, sizeLabelOf, unitPriceOf } from './cart-lines.ts';

/** Tax lines as answered. */
export function taxLinesView(lines: readonly TaxLine[], currency: CurrencyIso, locale: MoneyLocale, lang: Lang): TaxLineView[] {
  return lines.map((l) => ({
    code: l.code,
    name: l.name[lang],
    rateBps: l.rateBps,
    amount: toPriceData(l.amountMinor, currency, locale),
  }));
}

/** A delivery mode as answered, priced for the cart. */
export function deliveryModeView(
  site: BaseSiteId,
  config: ShippingConfig,
  itemsMinor: number,
  address: Address | null,
  code: DeliveryModeCode,
  currency: CurrencyIso,
  locale: MoneyLocale,
  lang: Lang,
): DeliveryMode | null {
  const methods = shippingMethods({ site, config, itemsMinor, region: address?.region ?? null, ...(address ? { country: address.country } : {}) });
  const m = methods.find((x) => x.code === code);
  if (!m) return null;
  return { code: m.code, name: m.name[lang], description: m.estimate[lang], deliveryCost: toPriceData(m.costMinor, currency, locale), isFree: m.free };
}

/** A delivery mode made free by a free-shipping promotion (issue 4): cost 0, `isFree`. */
export function freeShippingView(m: DeliveryMode | null, freeShipping: boolean, money: (minor: number) => DeliveryMode['deliveryCost']): DeliveryMode | null {
  return m && freeShipping ? { ...m, deliveryCost: money(0), isFree: true } : m;
}

/** Is `x` a delivery mode code? */
export function isDeliveryModeCode(x: unknown): x is DeliveryModeCode {
  return x === 'standard' || x === 'expedited';
}

/** Everything computed about a cart: its lines, totals and the answer. */
export interface CartComputation {
  lines: CartLine[];
  totals: CartTotals;
  shippingConfig: ShippingConfig;
  /** issue 4: unit prices after price lists, and what the promotion engine decided */
  pricing: CartPricing;
  view: Cart;
  /** issue 10: the site's auto-delivery settings and the AD unit prices of the AD lines (by entry number) */
  adSettings: AutoDeliverySettings;
  adUnits: Map<number, AdUnitPrice>;
}

/**
 * Loads a cart's lines and computes the cart answer. Unit prices: the spec §5 displayed price, then
 * the cart owner's price-list price, then the promotions (flows/promotions.ts `priceCart`; issue 4).
 * @param lang display language (names, labels, money format)
 * @param known data the caller read already in this transaction (order placement: the applied gift
 *   cards, issue 11 item 6), not read again
 */
export async function computeCart(db: Executor, cart: CartRow, lang: Lang, now: Date, known: { appliedGiftCards?: readonly AppliedCartGiftCard[] } = {}): Promise<CartComputation> {
  const site = cart.base_site as BaseSiteId;
  const currency = cart.currency as CurrencyIso;
  const locale = localeFor(site, lang);
  const [lines, shippingConfig, promotionData, adSettings] = await Promise.all([
    loadCartLines(db, cart.guid, site),
    loadShippingConfig(db, site),
    loadCartPromotionData(db, cart, now),
    loadAutoDeliverySettings(db, site),
  ]);
  const delivery = parseAddress(cart.shipping_address_json);
  const billing = parseAddress(cart.billing_address_json);
  const mode = isDeliveryModeCode(cart.delivery_mode) ? cart.delivery_mode : null;
  // issue 10 (ADR 0018 "Prices"): auto-delivery lines take the AD price of the parent order and stay
  // outside the promotion engine (no promotion or coupon reduces them, no threshold counts them)
  const adUnits = await priceAutoDeliveryLines(db, site, lines, adSettings);
  // issue 4: displayed price → the owner's price-list price → promotions (flows/promotions.ts)
  const pricing = await priceCart(db, adUnits.size > 0 ? lines.filter((l) => !adUnits.has(l.entryNumber)) : lines, promotionData, now);
  for (const [n, u] of adUnits) pricing.units.set(n, { priceMinor: u.unitMinor, originalPriceMinor: u.unitMinor < u.listMinor ? u.listMinor : null, groupCode: null });
  const hasAutoDelivery = lines.some((l) => isAutoDeliveryLine(l));
  // an order with an AD line ships standard for free when the site says so (adFreeStandardShipping)
  const freeShipping = pricing.result.freeShipping || (hasAutoDelivery && adSettings.freeStandardShipping && mode === 'standard');
  const priced = lines.map((l) => ({ line: l, unit: pricing.units.get(l.entryNumber) ?? unitPriceOf(l) }));
  // issue 12 (ADR 0028 "Rewards"): the cart's Perks reward, read only when one is applied
  const reward = cart.loyalty_reward_code ? await findActiveReward(db, site, cart.loyalty_reward_code) : null;
  const rewardDoes = rewardEffect(reward, priced.map(({ line, unit }) => ({ productType: line.productType, totalMinor: unit.priceMinor * line.qty })), pricing.result.discountMinor, mode);
  const freeProductMinor = reward?.kind === 'freeProduct' && reward.variantCode ? await freeProductValueMinor(db, site, reward.variantCode) : 0;
  const totals = computeCartTotals({
    currency,
    entries: priced.map(({ line, unit }) => ({ entryNumber: line.entryNumber, unitPriceMinor: unit.priceMinor, qty: line.qty })),
    discountsMinor: pricing.result.discountMinor + rewardDoes.offMinor,
    freeShipping: freeShipping || rewardDoes.freeShipping,
    site,
    shippingConfig,
    deliveryMode: mode,
    address: delivery ? { country: delivery.country, region: delivery.region } : null,
    date: now,
  });
  const money = (minor: number) => toPriceData(minor, currency, locale);
  const entries: CartEntry[] = priced.map(({ line, unit }) => cartEntryView(line, unit, adUnits.get(line.entryNumber), lang, money));
  const itemsMinor = totals.subtotalMinor - totals.discountMinor;
  const view: Cart = {
    cartGuid: cart.guid,
    baseSiteId: site,
    currencyIso: currency,
    lang,
    status: cart.status === 'ordered' || cart.status === 'placing' || cart.status === 'merged' ? cart.status : 'open',
    entries,
    totalItems: entries.length,
    cartQuantity: totals.totalItems,
    subTotal: money(totals.subtotalMinor),
    totalDiscounts: money(totals.discountMinor),
    deliveryCost: money(totals.shippingMinor),
    totalTax: money(totals.taxMinor),
    taxLines: taxLinesView(totals.taxLines, currency, locale, lang),
    totalPrice: money(totals.totalMinor),
    amountAwayFromFreeShipping: money(totals.amountAwayFromFreeShippingMinor),
    freeShippingThreshold: money(shippingConfig.freeShippingMinimumMinor),
    qualifiesForFreeShipping: totals.amountAwayFromFreeShippingMinor === 0,
    deliveryMode: mode ? freeShippingView(deliveryModeView(site, shippingConfig, itemsMinor, delivery, mode, currency, locale, lang), freeShipping || rewardDoes.freeShipping, money) : null,
    deliveryAddress: addressView(delivery),
    billingAddress: addressView(billing),
    billingSameAsShipping: billing?.sameAsShipping === true,
    email: cart.email,
    appliedPromotions: appliedPromotionsView(pricing, totals.shippingSavedMinor, lang, money),
    appliedCoupons: appliedCouponsView(pricing, lang),
    ...(await cartGiftCardFields(db, cart, pricedCartLines(lines, pricing.units), totals.totalMinor, now, money, known.appliedGiftCards)),
    hasAutoDelivery,
    adFirstOrderSaving: money([...adUnits].reduce((sum, [n, u]) => sum + u.savingMinor * (lines.find((l) => l.entryNumber === n)?.qty ?? 0), 0)),
    ...(reward
      ? {
          appliedLoyaltyReward: {
            code: reward.code,
            kind: reward.kind,
            name: lang === 'fr' ? reward.nameFr : reward.nameEn,
            points: reward.points,
            saving: money(reward.kind === 'amountOff' ? rewardDoes.offMinor : reward.kind === 'freeProduct' ? freeProductMinor : rewardDoes.freeShipping && !freeShipping ? totals.shippingSavedMinor : 0),
            variantCode: reward.variantCode,
          },
        }
      : {}),
  };
  return { lines, totals, shippingConfig, pricing, view, adSettings, adUnits };
}

/**
 * One line of a cart as {@link computeCart} answers it, priced on its own (issue 11 item 6: the
 * add-to-cart answer is the entry just written, not the whole cart recomputed). A line's unit
 * price depends only on itself: the auto-delivery price for an AD line the site prices so (ADR
 * 0018 "Prices"), else the displayed price, then the cart owner's price-list price (promotions
 * discount the cart, never a unit price). Statements: none for a one-time line of an anonymous
 * cart; the customer and their price lists (2) for a customer's cart; the campaigns (1) for a
 * campaign brewer line. Tests compare it with the entry of a fresh `GET` of the cart.
 * @param adSettings the site's auto-delivery settings when the caller already read them
 */
export async function computeCartEntry(db: Executor, cart: CartRow, line: CartLine, lang: Lang, adSettings?: AutoDeliverySettings): Promise<CartEntry> {
  const site = cart.base_site as BaseSiteId;
  const currency = cart.currency as CurrencyIso;
  const locale = localeFor(site, lang);
  const money = (minor: number) => toPriceData(minor, currency, locale);
  let adUnit: AdUnitPrice | undefined;
  if (isAutoDeliveryLine(line)) {
    const settings = adSettings ?? (await loadAutoDeliverySettings(db, site));
    adUnit = (await priceAutoDeliveryLines(db, site, [line], settings)).get(line.entryNumber);
  }
  let unit: LineUnitPrice;
  if (adUnit) {
    unit = { priceMinor: adUnit.unitMinor, originalPriceMinor: adUnit.unitMinor < adUnit.listMinor ? adUnit.listMinor : null };
  } else if (cart.user_id) {
    const groups = groupsOfCustomer(await findCustomerPricing(db, cart.user_id));
    const rows = groups.length > 0 && line.price && line.productType !== GIFT_CARD_PRODUCT_TYPE ? await listPriceListPrices(db, site, [line.variantCode], groups) : [];
    unit = priceListUnit(line, groups, rows);
  } else {
    unit = unitPriceOf(line);
  }
  return cartEntryView(line, unit, adUnit, lang, money);
}
