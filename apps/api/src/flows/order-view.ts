/**
 * Order confirmation data (spec §7 getOrderConfirmationData): the order answer built from the
 * frozen order rows, plus product links and size labels from the catalogue. Also the guest order
 * lookup `GET /users/anonymous/orders/{orderCode}?email=|cartGuid=` (guest orders only).
 */
import { orderSubscriptionsView } from './auto-delivery-buy.ts';
import { consignmentsOfOrders } from './consignment-view.ts';
import type { Order, PriceData, TaxLine as TaxLineView } from '@store/contracts';
import type { Executor, OrderPromotionRow, OrderWithEntries } from '@store/db';
import { findOrder } from '@store/db';
import type { BaseSiteId, CartTotals, CurrencyIso, Lang, LocalizedText } from '@store/domain';
import { invalidInput, localeFor, notFound, orderStatusDisplay, shippingMethods, DEFAULT_SHIPPING, toPriceData } from '@store/domain';
import { addressView, imageUrlOf, isDeliveryModeCode, parseAddress, productUrlOf, sizeLabelOf } from './cart-view.ts';
import type { CommerceContext } from './context.ts';
import { orderGiftCardPayments } from './gift-cards.ts';
import { pickLang } from './context.ts';
import { orderPromotionFields } from './promotions.ts';

/** Status of an order whose payment is being confirmed; never shown to shoppers. */
export const PENDING_PAYMENT_STATUS = 'pendingPayment';
/** Status of a placed order (schema: 'created' | 'processing' | ...). */
export const PLACED_STATUS = 'created';

/** A tax line as stored in `orders.tax_lines_json`. */
export interface StoredTaxLine {
  code: string;
  name: LocalizedText;
  rateBps: number;
  amountMinor: number;
}

/**
 * The money columns of an order row from its totals (integer minor units), the tax lines as
 * {@link StoredTaxLine} JSON: what checkout and the auto-delivery scheduler both write.
 */
export function orderAmountColumns(totals: CartTotals) {
  const taxLines: StoredTaxLine[] = totals.taxLines.map((t) => ({ code: t.code, name: t.name, rateBps: t.rateBps, amountMinor: t.amountMinor }));
  return {
    subtotal_minor: totals.subtotalMinor,
    discount_minor: totals.discountMinor,
    shipping_minor: totals.shippingMinor,
    tax_minor: totals.taxMinor,
    total_minor: totals.totalMinor,
    tax_lines_json: JSON.stringify(taxLines),
  };
}

/** A payment summary as stored in `orders.payment_summary`. */
export interface StoredPaymentSummary {
  brand: string;
  last4: string;
}

function parseJson<T>(json: string, fallback: T): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

/** Names of the delivery modes per language (from the domain's shipping methods). */
function deliveryModeName(site: BaseSiteId, code: string, lang: Lang): string {
  if (!isDeliveryModeCode(code)) return code;
  const m = shippingMethods({ site, config: DEFAULT_SHIPPING[site], itemsMinor: 0 }).find((x) => x.code === code);
  return m ? m.name[lang] : code;
}

/** Catalogue data of an order line's variant (links and labels of the order answer). */
export interface OrderCatalogRow {
  code: string;
  variant_url_suffix: string;
  count: number | null;
  product_code: string;
  slug_en: string;
  slug_fr: string;
  is_bundle: number | boolean;
  pack_type: string | null;
  product_type: string;
  name_en: string;
  name_fr: string;
}

/**
 * Parts of the order answer the caller already holds (order placement, issue 11 item 6: the answer
 * is built from what the placement wrote, not read back); each absent part is read.
 */
export interface KnownOrderParts {
  /** catalogue rows by variant code (variants missing here are read) */
  catalog?: ReadonlyMap<string, OrderCatalogRow>;
  /** the `order_promotions` rows of the order */
  promotions?: readonly OrderPromotionRow[];
  /** the gift-card payments (none when no card paid) */
  giftCardPayments?: Order['giftCardPayments'];
  /** the subscriptions the order opened */
  subscriptions?: Order['subscriptions'];
}

/** Builds the order answer from stored rows (catalogue data for links; names frozen in the order). */
export async function orderView(db: Executor, data: OrderWithEntries, lang: Lang, known: KnownOrderParts = {}): Promise<Order> {
  const { order, entries } = data;
  const site = order.base_site as BaseSiteId;
  const currency = order.currency as CurrencyIso;
  const locale = localeFor(site, lang);
  const money = (minor: number) => toPriceData(Number(minor), currency, locale);
  const codes = entries.map((e) => e.variant_code).filter((code) => !known.catalog?.has(code));
  const catalog: OrderCatalogRow[] =
    codes.length === 0
      ? []
      : await db
          .selectFrom('variants as v')
          .innerJoin('products as p', 'p.code', 'v.base_product_code')
          .select(['v.code', 'v.variant_url_suffix', 'v.count', 'p.code as product_code', 'p.slug_en', 'p.slug_fr', 'p.is_bundle', 'p.pack_type', 'p.product_type', 'p.name_en', 'p.name_fr'])
          .where('v.code', 'in', codes)
          .execute();
  const byCode = new Map<string, OrderCatalogRow>([...(known.catalog ?? []), ...catalog.map((c) => [c.code, c] as const)]);
  const taxLines = parseJson<StoredTaxLine[]>(order.tax_lines_json, []);
  const payment = parseJson<Partial<StoredPaymentSummary>>(order.payment_summary, {});
  const delivery = addressView(parseAddress(order.shipping_address_json));
  const billing = addressView(parseAddress(order.billing_address_json));
  if (!delivery || !billing) throw new Error(`order ${order.code} has unreadable addresses`);
  const orderEntries = entries.map((e) => {
    const c = byCode.get(e.variant_code);
    const product = c
      ? {
          code: e.variant_code,
          baseProduct: c.product_code,
          name: lang === 'fr' ? c.name_fr : c.name_en,
          url: productUrlOf({ isBundle: Number(c.is_bundle) === 1, baseProductCode: c.product_code, slugEn: c.slug_en, slugFr: c.slug_fr, variantUrlSuffix: c.variant_url_suffix }, lang),
          imageUrl: imageUrlOf(e.variant_code),
          sizeLabel: sizeLabelOf({ count: c.count === null ? null : Number(c.count), packType: c.pack_type, productType: c.product_type }, lang),
        }
      : { code: e.variant_code, baseProduct: e.product_code, name: e.name, url: '', imageUrl: imageUrlOf(e.variant_code), sizeLabel: null };
    return {
      entryNumber: Number(e.entry_number),
      entryType: e.entry_type,
      quantity: Number(e.qty),
      product,
      basePrice: money(e.unit_price_minor),
      totalPrice: money(e.total_minor),
      subscriptionId: e.subscription_id ?? null,
    };
  });
  const taxView: TaxLineView[] = taxLines.map((l) => ({ code: l.code, name: l.name[lang] ?? l.code, rateBps: l.rateBps, amount: money(l.amountMinor) }));
  return {
    code: order.code,
    status: order.status,
    statusDisplay: orderStatusDisplay(order.status),
    baseSiteId: site,
    currencyIso: currency,
    lang,
    email: order.email,
    guestCustomer: order.user_id === null,
    created: order.created_at,
    entries: orderEntries,
    totalItems: orderEntries.length,
    totalUnitCount: orderEntries.reduce((a, e) => a + e.quantity, 0),
    subTotal: money(order.subtotal_minor),
    totalDiscounts: money(order.discount_minor),
    deliveryCost: money(order.shipping_minor),
    totalTax: money(order.tax_minor),
    taxLines: taxView,
    totalPrice: money(order.total_minor),
    deliveryAddress: delivery,
    billingAddress: billing,
    deliveryMode: { code: order.delivery_mode, name: deliveryModeName(site, order.delivery_mode, lang) },
    paymentInfo: { provider: order.payment_provider, brand: payment.brand ?? 'card', last4: payment.last4 ?? '' },
    ...(await orderPromotionFields(db, order.code, lang, money, known.promotions)),
    giftCardPayments: known.giftCardPayments ?? (await orderGiftCardPayments(db, order.code, money)),
    amountPaidByCard: money(order.total_minor - Number(order.gift_card_minor ?? 0)),
    subscriptions: known.subscriptions ?? (await orderSubscriptionsView(db, order.code, lang)),
    // issue 12 (ADR 0027): shipments; read only for orders that may have shipped
    consignments: (await consignmentsOfOrders(db, [order])).get(order.code) ?? [],
    // issue 12 (ADR 0027 "Returns"): read only when a line has returned units (no statement on the hot path)
    ...(entries.some((e) => Number(e.returned_qty ?? 0) > 0) ? await orderReturnsView(db, order.code, money) : {}),
  };
}

/** The customer's view of an order's returns (code, date, lines, refund), or nothing when it has none. */
async function orderReturnsView(db: Executor, orderCode: string, money: (minor: number) => PriceData): Promise<{ returns?: NonNullable<Order['returns']> }> {
  const returns = await db.selectFrom('order_returns').select(['code', 'created_at', 'refund_minor']).where('order_code', '=', orderCode).orderBy('seq').execute();
  if (returns.length === 0) return {};
  const entries = await db.selectFrom('order_return_entries').select(['return_code', 'entry_number', 'qty']).where('order_code', '=', orderCode).orderBy('entry_number').execute();
  return {
    returns: returns.map((r) => ({
      code: r.code,
      createdAt: r.created_at,
      entries: entries.filter((e) => e.return_code === r.code).map((e) => ({ entryNumber: Number(e.entry_number), quantity: Number(e.qty) })),
      refund: money(Number(r.refund_minor)),
    })),
  };
}

/**
 * `GET /users/anonymous/orders/{orderCode}?email=|cartGuid=`: a placed GUEST order of this site,
 * shown only to who knows its email (case-insensitive) or the guid of its cart. An order that
 * belongs to a registered customer (placed signed in, or attached to an account by `createuser`)
 * is never shown here: its owner reads it signed in (`users/current`), and knowing an email and a
 * code must not reveal a customer's address (issue 9 item 7, ADR 0014). Anything else answers the
 * same 404 as an unknown code, so order codes and accounts cannot be probed.
 * @throws 400 `ValidationError` when neither email nor cartGuid is given; 404 `UnknownIdentifierError` `notFound`
 */
export async function getGuestOrder(
  ctx: CommerceContext,
  site: BaseSiteId,
  orderCode: string,
  proof: { email?: string | undefined; cartGuid?: string | undefined },
  langParam: Lang | undefined,
): Promise<Order> {
  const email = proof.email?.trim().toLowerCase();
  const cartGuid = proof.cartGuid?.trim();
  if (!email && !cartGuid) throw invalidInput('ValidationError', 'required', 'Give the email of the order or its cart guid', 'email');
  const missing = () => notFound('UnknownIdentifierError', 'notFound', `Order ${orderCode} not found`, 'orderCode');
  const data = orderCode.length <= 32 ? await findOrder(ctx.dbh.db, orderCode.trim().toUpperCase()) : undefined;
  if (!data || data.order.base_site !== site || data.order.status === PENDING_PAYMENT_STATUS || data.order.user_id !== null) throw missing();
  const ok = (email !== undefined && email !== '' && data.order.email.toLowerCase() === email) || (cartGuid !== undefined && cartGuid !== '' && data.order.cart_guid === cartGuid);
  if (!ok) throw missing();
  return orderView(ctx.dbh.db, data, pickLang(site, langParam, data.order.lang));
}
