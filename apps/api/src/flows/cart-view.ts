/**
 * Turns cart rows into the cart answer (contracts `Cart`): lines with product data and price
 * data, totals from the domain's `computeCartTotals`, tax lines, free-shipping progress, the
 * chosen delivery mode and the checkout fields. Read-only.
 */
import type { Address as AddressView, Cart, CartEntry, DeliveryMode, TaxLine as TaxLineView } from '@store/contracts';
import type { CartLine, CartRow, Executor } from '@store/db';
import { getSiteConfigValues, loadCartLines } from '@store/db';
import type { Address, BaseSiteId, CartTotals, CurrencyIso, DeliveryModeCode, Lang, MoneyLocale, ShippingConfig, TaxLine } from '@store/domain';
import { freeShippingMinimumMinor, parseMinorUnits } from '../routes/site-context.ts';
import { cartGiftCardFields, pricedCartLines } from './gift-cards.ts';
import { appliedCouponsView, appliedPromotionsView, loadCartPromotionData, priceCart, type CartPricing } from './promotions.ts';
import {
  bundlePath,
  computeCartTotals,
  DEFAULT_SHIPPING,
  displayedPrice,
  isSalesPriceStrategy,
  localeFor,
  productPath,
  shippingMethods,
  sizeLabel,
  stockLevelStatus,
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

/** The unit price charged for a line (spec §5 displayed price) and the struck-through list price. */
export function unitPriceOf(line: Pick<CartLine, 'price'>): { priceMinor: number; originalPriceMinor: number | null } {
  if (!line.price) return { priceMinor: 0, originalPriceMinor: null };
  const s = line.price.salesPriceStrategy;
  return displayedPrice({
    priceMinor: line.price.priceMinor,
    discountPriceMinor: line.price.discountPriceMinor,
    isDiscountPrice: line.price.isDiscountPrice,
    salesPriceStrategy: isSalesPriceStrategy(s) ? s : null,
  });
}

/** Storefront path of a line's product page (bundles `/b/{code}`; variants add `#suffix`). */
export function productUrlOf(v: { isBundle: boolean; baseProductCode: string; slugEn: string; slugFr: string; variantUrlSuffix: string }, lang: Lang): string {
  if (v.isBundle) return bundlePath(v.baseProductCode, lang);
  const path = productPath(lang === 'fr' ? v.slugFr : v.slugEn, v.baseProductCode, lang);
  return v.variantUrlSuffix ? `${path}#${v.variantUrlSuffix}` : path;
}

/** Image URL of a variant (SVG drawn by the seeder, served under /medias). */
export function imageUrlOf(variantCode: string): string {
  return `/medias/${encodeURIComponent(variantCode)}.svg`;
}

/** Localised product name of a line. */
export function nameOf(v: { nameEn: string; nameFr: string }, lang: Lang): string {
  return lang === 'fr' ? v.nameFr : v.nameEn;
}

/** Size label of a line (spec §9): oz for bagged/canned packs, else ct. */
export function sizeLabelOf(v: { count: number | null; packType: string | null; productType: string }, lang: Lang): string | null {
  if (v.productType !== 'Coffee') return null;
  const pack = v.packType === 'Bagged' || v.packType === 'Canned' ? v.packType : null;
  return sizeLabel(v.count, pack, lang);
}

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
}

/**
 * Loads a cart's lines and computes the cart answer. Unit prices: the spec §5 displayed price, then
 * the cart owner's price-list price, then the promotions (flows/promotions.ts `priceCart`; issue 4).
 * @param lang display language (names, labels, money format)
 */
export async function computeCart(db: Executor, cart: CartRow, lang: Lang, now: Date): Promise<CartComputation> {
  const site = cart.base_site as BaseSiteId;
  const currency = cart.currency as CurrencyIso;
  const locale = localeFor(site, lang);
  const [lines, shippingConfig, promotionData] = await Promise.all([loadCartLines(db, cart.guid, site), loadShippingConfig(db, site), loadCartPromotionData(db, cart, now)]);
  const delivery = parseAddress(cart.shipping_address_json);
  const billing = parseAddress(cart.billing_address_json);
  const mode = isDeliveryModeCode(cart.delivery_mode) ? cart.delivery_mode : null;
  // issue 4: displayed price → the owner's price-list price → promotions (flows/promotions.ts)
  const pricing = await priceCart(db, lines, promotionData, now);
  const priced = lines.map((l) => ({ line: l, unit: pricing.units.get(l.entryNumber) ?? unitPriceOf(l) }));
  const totals = computeCartTotals({
    currency,
    entries: priced.map(({ line, unit }) => ({ entryNumber: line.entryNumber, unitPriceMinor: unit.priceMinor, qty: line.qty })),
    discountsMinor: pricing.result.discountMinor,
    freeShipping: pricing.result.freeShipping,
    site,
    shippingConfig,
    deliveryMode: mode,
    address: delivery ? { country: delivery.country, region: delivery.region } : null,
    date: now,
  });
  const money = (minor: number) => toPriceData(minor, currency, locale);
  const entries: CartEntry[] = priced.map(({ line, unit }) => ({
    entryNumber: line.entryNumber,
    entryType: line.entryType,
    quantity: line.qty,
    product: {
      code: line.variantCode,
      baseProduct: line.baseProductCode,
      name: nameOf(line, lang),
      url: productUrlOf(line, lang),
      imageUrl: imageUrlOf(line.variantCode),
      sizeLabel: sizeLabelOf(line, lang),
      variantColor: line.variantColor,
      productType: line.productType,
      stock: { stockLevelStatus: stockLevelStatus(line.available, line.lowStockThreshold) },
    },
    basePrice: money(unit.priceMinor),
    originalPrice: unit.originalPriceMinor === null ? null : money(unit.originalPriceMinor),
    totalPrice: money(unit.priceMinor * line.qty),
  }));
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
    deliveryMode: mode ? freeShippingView(deliveryModeView(site, shippingConfig, itemsMinor, delivery, mode, currency, locale, lang), pricing.result.freeShipping, money) : null,
    deliveryAddress: addressView(delivery),
    billingAddress: addressView(billing),
    billingSameAsShipping: billing?.sameAsShipping === true,
    email: cart.email,
    appliedPromotions: appliedPromotionsView(pricing, totals.shippingSavedMinor, lang, money),
    appliedCoupons: appliedCouponsView(pricing, lang),
    ...(await cartGiftCardFields(db, cart, pricedCartLines(lines, pricing.units), totals.totalMinor, now, money)),
  };
  return { lines, totals, shippingConfig, pricing, view };
}
