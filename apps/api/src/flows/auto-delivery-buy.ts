/**
 * Auto-delivery BUYING helpers of the API (issue 10; ADR 0018 "Site configuration", "Prices",
 * "Buying", "Brewer campaigns"): the site's AD settings (parsed by the domain from `site_config`,
 * defaults on bad values) and their answer in the site configuration; the checks and AD prices of
 * cart lines; the subscriptions (and campaign commitment) an order opens and the order answer's
 * list of them; the customer data additions; the smart suggestion. Pure rules come from
 * `@store/domain` (subscriptions/*); this module reads and writes the database.
 */
import type { AutoDeliverySiteSettings, CampaignInfo, CartEntryAutoDeliveryFields, CustomerDataAutoDeliveryFields, OrderSubscription, SmartSuggestionAnswer } from '@store/contracts';
import { AUTO_DELIVERY_ENTRY_TYPES } from '@store/contracts';
import type { CartLine, Executor } from '@store/db';
import { findCampaign, getSiteConfigValues, hasOpenCommitment, insertCommitment, insertSubscription, listCampaigns, loadCartLines, newSubscriptionId, resolveSellable } from '@store/db';
import type { AdUnitPrice, AutoDeliveryEntryType, AutoDeliverySettings, BaseSiteId } from '@store/domain';
import {
  AD_SETTING_KEYS,
  adUnitPrice,
  campaignBrewerPriceMinor,
  firstSchedule,
  localDateOf,
  notFound,
  SMART_MAX_PAST_ORDERS,
  openCommitment,
  smartSuggestion,
  subscriptionGroupKey,
  cadenceKindOf,
  defaultDayOfMonth,
  CAMPAIGN_CODES,
  invalidInput,
  isAutoDeliveryEntryType,
  isDomainError,
  isEntryType,
  isSalesPriceStrategy,
  parseAutoDeliverySettings,
  parsePodsAtHomeQty,
  programOf,
  validateCupsPerDay,
  validateDayOfMonth,
  validateFrequencyWeeks,
  validateItemQty,
  ValidationErrors,
} from '@store/domain';

/** Days of the month a SCHEDULED line may pick (ADR 0018): 1–28 and 31 (= the last day). */
export const OFFERED_DAYS_OF_MONTH: readonly number[] = Object.freeze([...Array.from({ length: 28 }, (_, i) => i + 1), 31]);

/**
 * The auto-delivery settings of a site (ADR 0018 "Site configuration"): `site_config` values parsed
 * by the domain; a missing or bad value takes the site's default (never throws).
 */
export async function loadAutoDeliverySettings(db: Executor, site: BaseSiteId): Promise<AutoDeliverySettings> {
  const values = await getSiteConfigValues(db, site, Object.values(AD_SETTING_KEYS));
  return parseAutoDeliverySettings(site, Object.fromEntries(values)).settings;
}

/** The active brewer campaigns of a site as answered (ADR 0018 "Brewer campaigns"). */
export async function campaignInfos(db: Executor, site: BaseSiteId): Promise<CampaignInfo[]> {
  const rows = await listCampaigns(db, site);
  const out: CampaignInfo[] = [];
  for (const r of rows) {
    const code = CAMPAIGN_CODES.find((c) => c === r.code);
    if (!code) continue;
    out.push({
      code,
      brewerDiscountBps: Number(r.brewer_discount_bps),
      brewerCodes: r.brewer_codes.split(',').map((s) => s.trim()).filter((s) => s !== ''),
      commitmentBoxes: Number(r.boxes_required),
      commitmentMonths: Number(r.months),
      minOrders: Number(r.min_orders),
      minBoxesPerOrder: Number(r.min_boxes_per_order),
    });
  }
  return out;
}

/** `autoDelivery` of the site configuration answer (contracts `AutoDeliverySiteSettings`). */
export async function siteAutoDeliveryView(db: Executor, site: BaseSiteId): Promise<AutoDeliverySiteSettings> {
  const [s, campaigns] = await Promise.all([loadAutoDeliverySettings(db, site), campaignInfos(db, site)]);
  return {
    enabled: s.enabled,
    discountBps: s.discountBps,
    firstOrderDiscountBps: s.firstOrderDiscountBps,
    frequenciesWeeks: [...s.frequenciesWeeks],
    defaultFrequencyWeeks: s.defaultFrequencyWeeks,
    freeStandardShipping: s.freeStandardShipping,
    reminderLeadDays: s.reminderLeadDays,
    maxQtyPerItem: s.maxQtyPerItem,
    podsAtHomeMaxQty: s.podsAtHomeMaxQty,
    timeZone: s.timeZone,
    daysOfMonth: [...OFFERED_DAYS_OF_MONTH],
    campaigns,
  };
}

/** Is a cart line an auto-delivery line (any entry type but STD / GIFT)? */
export function isAutoDeliveryLine(line: { entryType: string }): boolean {
  return isAutoDeliveryEntryType(line.entryType);
}

/** The program and cadence fields of a cart line (`adSaving` is filled by the pricing). */
export function lineProgramFields(line: {
  entryType: string;
  frequencyWeeks?: number | null;
  dayOfMonth?: number | null;
  podsAtHomeQty?: number | null;
  cupsPerDay?: number | null;
}): Omit<CartEntryAutoDeliveryFields, 'adSaving'> {
  const program = isEntryType(line.entryType) ? programOf(line.entryType) : 'ONE_TIME';
  return {
    program,
    frequencyWeeks: line.frequencyWeeks ?? null,
    dayOfMonth: line.dayOfMonth ?? null,
    podsAtHomeQty: line.podsAtHomeQty ?? null,
    cupsPerDay: line.cupsPerDay ?? null,
  };
}

/**
 * The subscriptions a checkout order opened (contracts `OrderSubscription`; ADR 0018 "Buying"), by
 * creation order, with their items' names in `lang`. Empty for an order without AD lines.
 */
export async function orderSubscriptionsView(db: Executor, orderCode: string, lang: 'en' | 'fr'): Promise<OrderSubscription[]> {
  const subs = await db.selectFrom('subscriptions').selectAll().where('parent_order_code', '=', orderCode).orderBy('created_at').orderBy('id').execute();
  if (subs.length === 0) return [];
  const items = await db
    .selectFrom('subscription_items as i')
    .innerJoin('variants as v', 'v.code', 'i.variant_code')
    .innerJoin('products as p', 'p.code', 'v.base_product_code')
    .select(['i.subscription_id', 'i.variant_code', 'i.qty', 'i.sort_order', 'p.code as product_code', 'p.name_en', 'p.name_fr'])
    .where('i.subscription_id', 'in', subs.map((s) => s.id))
    .orderBy('i.sort_order')
    .orderBy('i.variant_code')
    .execute();
  const out: OrderSubscription[] = [];
  for (const s of subs) {
    const entryType = AUTO_DELIVERY_ENTRY_TYPES.find((t) => t === s.entry_type) ?? 'ADC';
    out.push({
      id: s.id,
      program: programOf(entryType),
      entryType,
      frequencyWeeks: s.frequency_weeks === null ? null : Number(s.frequency_weeks),
      dayOfMonth: s.day_of_month === null ? null : Number(s.day_of_month),
      nextShipDate: s.next_ship_date,
      items: items
        .filter((i) => i.subscription_id === s.id)
        .map((i) => ({ productCode: i.variant_code, baseProduct: i.product_code, name: lang === 'fr' ? i.name_fr : i.name_en, quantity: Number(i.qty) })),
    });
  }
  return out;
}

/** The auto-delivery choices of a cart line (ADR 0018 "Buying"); null fields do not apply. */
export interface AutoDeliveryChoice {
  frequencyWeeks: number | null;
  dayOfMonth: number | null;
  podsAtHomeQty: number | null;
  cupsPerDay: number | null;
  campaignCode: string | null;
}

/** The auto-delivery fields an add-to-cart may carry (shape-checked by the route). */
export interface AutoDeliveryInput {
  frequencyWeeks?: unknown;
  podsAtHomeQty?: unknown;
  cupsPerDay?: unknown;
  dayOfMonth?: unknown;
}

/** 400 `notAdEligible` (subject `entryType`): the product (or the site) does not sell on auto-delivery. */
export function notAdEligible(code: string, entryType: string): Error {
  return invalidInput('ValidationError', 'notAdEligible', `Product ${code} cannot be bought on auto-delivery (${entryType})`, 'entryType');
}

/**
 * Checks and reads the auto-delivery choices of an add-to-cart (ADR 0018 "Buying"; spec §5), for
 * an AD entry type: the site offers AD and the product is AD-eligible (never a gift card) → else
 * 400 `notAdEligible` (subject `entryType`); weekly types (ADC, ADCF, BBAD) take `frequencyWeeks`
 * (default the site's), day types (ADF required, MBOX optional) `dayOfMonth`; giving the other one
 * → 400 `frequencyNotApplicable` / `dayOfMonthNotApplicable`; ADC/ADCF `podsAtHomeQty` (non-number
 * = empty), ADCF `cupsPerDay` (1–20, optional). Every problem is a 400 naming its field.
 * @param qty the quantity the line will hold (≤ `adMaxQtyPerItem`, subject `qty`)
 */
export function readAutoDeliveryChoice(
  settings: AutoDeliverySettings,
  entryType: AutoDeliveryEntryType,
  product: { code: string; adEligible: boolean; productType: string },
  input: AutoDeliveryInput,
  qty: number,
): AutoDeliveryChoice {
  if (!settings.enabled || !product.adEligible || product.productType === 'GiftCard') throw notAdEligible(product.code, entryType);
  const program = programOf(entryType);
  const weekly = cadenceKindOf(program) === 'weeks';
  const problems: Array<{ subject: string; reason: string; message: string }> = [];
  const attempt = <T>(f: () => T): T | null => {
    try {
      return f();
    } catch (e) {
      if (!isDomainError(e) || e.subject === undefined) throw e;
      problems.push({ subject: e.subject, reason: e.reason, message: e.message });
      return null;
    }
  };
  let frequencyWeeks: number | null = null;
  let dayOfMonth: number | null = null;
  if (weekly) {
    if (input.dayOfMonth !== undefined && input.dayOfMonth !== null) problems.push({ subject: 'dayOfMonth', reason: 'dayOfMonthNotApplicable', message: `${entryType} lines ship every N weeks, not on a day of the month` });
    frequencyWeeks = attempt(() => validateFrequencyWeeks(input.frequencyWeeks ?? settings.defaultFrequencyWeeks, settings));
  } else {
    if (input.frequencyWeeks !== undefined && input.frequencyWeeks !== null) problems.push({ subject: 'frequencyWeeks', reason: 'frequencyNotApplicable', message: `${entryType} lines ship on a day of the month` });
    if (program === 'SCHEDULED' || (input.dayOfMonth !== undefined && input.dayOfMonth !== null)) dayOfMonth = attempt(() => validateDayOfMonth(input.dayOfMonth));
  }
  const podsAtHomeQty = entryType === 'ADC' || entryType === 'ADCF' ? attempt(() => parsePodsAtHomeQty(input.podsAtHomeQty, settings)) : null;
  const cupsPerDay = entryType === 'ADCF' && input.cupsPerDay !== undefined && input.cupsPerDay !== null ? attempt(() => validateCupsPerDay(input.cupsPerDay)) : null;
  attempt(() => validateItemQty(qty, settings, 'qty'));
  if (problems.length > 0) throw new ValidationErrors(problems);
  return { frequencyWeeks, dayOfMonth, podsAtHomeQty, cupsPerDay, campaignCode: null };
}

/**
 * The campaign of a cart (its brewer line added by `addCampaignBundle`), for a BBAD line added on
 * its own; 400 `CampaignError` `campaignRequired` (subject `entryType`) when the cart has none.
 */
export async function requireCartCampaign(db: Executor, cartGuid: string): Promise<string> {
  const row = await db.selectFrom('cart_entries').select('campaign_code').where('cart_guid', '=', cartGuid).where('campaign_code', 'is not', null).limit(1).executeTakeFirst();
  if (!row?.campaign_code) throw invalidInput('CampaignError', 'campaignRequired', 'A BBAD line joins a brewer campaign bundle: add the bundle with addCampaignBundle first', 'entryType');
  return row.campaign_code;
}

/**
 * The parent-order AD unit prices of a cart's auto-delivery lines (ADR 0018 "Prices"), by entry
 * number: an AD-eligible line of an AD entry type is priced with the domain `adUnitPrice` in
 * context `adParent` (`adFirstOrderDiscountBps`, or an allowed sale price when lower); a campaign
 * brewer line (BBAD with a campaign) at the campaign price. Lines absent from the map are priced as
 * one-time purchases (through the promotion engine). One statement (the campaigns) only when a
 * line belongs to a campaign.
 */
export async function priceAutoDeliveryLines(db: Executor, site: BaseSiteId, lines: readonly CartLine[], settings: AutoDeliverySettings): Promise<Map<number, AdUnitPrice>> {
  const out = new Map<number, AdUnitPrice>();
  if (!settings.enabled) return out;
  const campaignLines = lines.filter((l) => l.entryType === 'BBAD' && l.campaignCode !== null && !l.adEligible);
  const campaigns = campaignLines.length > 0 ? await listCampaigns(db, site) : [];
  for (const l of lines) {
    if (!isAutoDeliveryEntryType(l.entryType) || !l.price || l.productType === GIFT_CARD_TYPE) continue;
    const s = l.price.salesPriceStrategy;
    const pricing = { priceMinor: l.price.priceMinor, discountPriceMinor: l.price.discountPriceMinor, isDiscountPrice: l.price.isDiscountPrice, salesPriceStrategy: isSalesPriceStrategy(s) ? s : null };
    if (l.adEligible) {
      out.set(l.entryNumber, adUnitPrice(pricing, 'adParent', settings.firstOrderDiscountBps));
    } else if (campaignLines.includes(l)) {
      const c = campaigns.find((x) => x.code === l.campaignCode);
      if (!c) continue;
      const unitMinor = campaignBrewerPriceMinor(l.price.priceMinor, Number(c.brewer_discount_bps));
      out.set(l.entryNumber, { unitMinor, listMinor: l.price.priceMinor, savingMinor: l.price.priceMinor - unitMinor, source: 'adDiscount' });
    }
  }
  return out;
}

/** Product type of gift cards: never auto-delivery. */
const GIFT_CARD_TYPE = 'GiftCard';

/** What {@link openOrderSubscriptions} opened. */
export interface OpenedSubscriptions {
  subscriptionIds: string[];
  /** commitments opened (brewer campaigns) */
  commitmentIds: string[];
  /** campaign subscriptions whose commitment was not opened (another is open for the email or address) */
  commitmentsLost: number;
}

/**
 * The normalised shipping address of a commitment (one open commitment per address, ADR 0018):
 * line 1, postal code and country, lower-cased, without spaces or punctuation.
 */
export function commitmentAddressKey(a: { line1: string; postalCode: string; country: string }): string {
  return [a.line1, a.postalCode, a.country].map((s) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')).join('|');
}

/**
 * Opens the subscriptions of a checkout order whose payment just succeeded (ADR 0018 "Buying"), in
 * the caller's transaction — the one that moves the order to `created`, for a placement and for
 * the pending-order sweeper alike, so a subscription exists exactly when its parent order does.
 * One subscription per (program, frequency / day of month) group of the order's AD lines (the
 * order has one address): items = the group's AD-eligible lines (a campaign brewer is bought once,
 * not subscribed), next ship date from the domain schedule rules in the site's time zone (SMART:
 * the smart suggestion's first date when cups a day are known), the saved payment method, the
 * parent order code; the parent order lines get their subscription id. A brewer-campaign group
 * opens its commitment (the partial unique indexes keep one open per email and per address: a
 * commitment that loses a race is logged by the caller, never failing the paid order).
 * Idempotent: an order that already has subscriptions opens nothing.
 */
export async function openOrderSubscriptions(
  trx: Executor,
  order: { code: string; base_site: string; cart_guid: string; user_id: string | null; email: string; currency: string; lang: string; shipping_address_json: string },
  opts: { savedPaymentMethodId: string | null; now: Date },
): Promise<OpenedSubscriptions> {
  const none: OpenedSubscriptions = { subscriptionIds: [], commitmentIds: [], commitmentsLost: 0 };
  if (!order.user_id) return none;
  const site = order.base_site as BaseSiteId;
  const lines = (await loadCartLines(trx, order.cart_guid, site)).filter((l) => isAutoDeliveryEntryType(l.entryType));
  if (lines.length === 0) return none;
  const already = await trx.selectFrom('subscriptions').select('id').where('parent_order_code', '=', order.code).limit(1).executeTakeFirst();
  if (already) return none;
  const settings = await loadAutoDeliverySettings(trx, site);
  const orderDate = localDateOf(opts.now, settings.timeZone);
  const nowIso = opts.now.toISOString();
  const groups = new Map<string, CartLine[]>();
  for (const l of lines) {
    const key = subscriptionGroupKey(l);
    if (key === null) continue;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const out: OpenedSubscriptions = { subscriptionIds: [], commitmentIds: [], commitmentsLost: 0 };
  for (const group of groups.values()) {
    const first = group[0];
    if (!first || !isAutoDeliveryEntryType(first.entryType)) continue;
    const entryType = first.entryType;
    const program = programOf(entryType);
    const items = group.filter((l) => l.adEligible);
    if (items.length === 0) continue;
    let firstShipDate: string | null = null;
    const cups = items.find((l) => l.cupsPerDay !== null)?.cupsPerDay ?? null;
    if (program === 'SMART' && cups !== null) {
      const podsPerOrder = items.reduce((sum, l) => sum + (l.packType === null ? (l.count ?? 0) * l.qty : 0), 0);
      const pods = items.find((l) => l.podsAtHomeQty !== null)?.podsAtHomeQty ?? null;
      if (podsPerOrder >= 1) firstShipDate = smartSuggestion({ podsAtHomeQty: pods, cupsPerDay: cups, podsPerOrder, today: orderDate, settings }).firstShipDate;
    }
    // a line without its cadence (older rows) takes the site's default rather than failing a paid order
    const frequencyWeeks = cadenceKindOf(program) === 'weeks' ? (first.frequencyWeeks ?? settings.defaultFrequencyWeeks) : null;
    const dayOfMonth = program === 'SCHEDULED' ? (first.dayOfMonth ?? defaultDayOfMonth(orderDate)) : first.dayOfMonth;
    const schedule = firstSchedule({ program, orderDate, frequencyWeeks, dayOfMonth, firstShipDate });
    const id = newSubscriptionId('sub');
    const campaignCode = group.find((l) => l.campaignCode !== null)?.campaignCode ?? null;
    await insertSubscription(
      trx,
      {
        id,
        customer_id: order.user_id,
        base_site: site,
        currency: order.currency,
        lang: order.lang,
        program,
        entry_type: entryType,
        status: schedule.status,
        frequency_weeks: schedule.frequencyWeeks,
        day_of_month: schedule.dayOfMonth,
        next_ship_date: schedule.nextShipDate,
        shipping_address_json: order.shipping_address_json,
        saved_payment_method_id: opts.savedPaymentMethodId,
        parent_order_code: order.code,
        campaign_code: program === 'BREWER_CAMPAIGN' ? campaignCode : null,
        rotation: program === 'MONTHLY_BOX' ? 'choose' : null,
        pods_at_home_qty: items.find((l) => l.podsAtHomeQty !== null)?.podsAtHomeQty ?? null,
        cups_per_day: cups,
        created_at: nowIso,
        updated_at: nowIso,
      },
      items.map((l) => ({ variant_code: l.variantCode, qty: Math.min(l.qty, settings.maxQtyPerItem), backup_variant_code: null, created_at: nowIso })),
    );
    await trx
      .updateTable('order_entries')
      .set({ subscription_id: id })
      .where('order_code', '=', order.code)
      .where('entry_number', 'in', group.map((l) => l.entryNumber))
      .execute();
    out.subscriptionIds.push(id);
    if (program === 'BREWER_CAMPAIGN' && campaignCode !== null) {
      const opened = await openCampaignCommitment(trx, { order, site, subscriptionId: id, campaignCode, group, orderDate, nowIso });
      if (opened) out.commitmentIds.push(opened);
      else out.commitmentsLost += 1;
    }
  }
  return out;
}

/** Opens the commitment of a campaign group (see {@link openOrderSubscriptions}); null when another is open. */
async function openCampaignCommitment(
  trx: Executor,
  a: { order: { code: string; user_id: string | null; email: string; currency: string; shipping_address_json: string }; site: BaseSiteId; subscriptionId: string; campaignCode: string; group: CartLine[]; orderDate: string; nowIso: string },
): Promise<string | null> {
  const campaign = await findCampaign(trx, a.site, a.campaignCode);
  const brewer = a.group.find((l) => !l.adEligible && l.campaignCode !== null);
  if (!campaign || !brewer?.price || !a.order.user_id) return null;
  const listMinor = brewer.price.priceMinor;
  const paidMinor = campaignBrewerPriceMinor(listMinor, Number(campaign.brewer_discount_bps));
  const terms = {
    boxesRequired: Number(campaign.boxes_required),
    months: Number(campaign.months),
    minOrders: Number(campaign.min_orders),
    minBoxesPerOrder: Number(campaign.min_boxes_per_order),
    cardValidMonths: Number(campaign.card_valid_months),
  };
  const state = openCommitment({ purchaseDate: a.orderDate, brewerListMinor: listMinor, brewerPaidMinor: paidMinor, terms });
  const address = JSON.parse(a.order.shipping_address_json) as { line1: string; postalCode: string; country: string };
  const id = newSubscriptionId('cm');
  const inserted = await insertCommitment(trx, {
    id,
    subscription_id: a.subscriptionId,
    base_site: a.site,
    campaign_code: a.campaignCode,
    customer_id: a.order.user_id,
    email: a.order.email.toLowerCase(),
    address_key: commitmentAddressKey(address),
    currency: a.order.currency,
    brewer_variant_code: brewer.variantCode,
    brewer_list_minor: listMinor,
    brewer_paid_minor: paidMinor,
    boxes_required: terms.boxesRequired,
    min_orders: terms.minOrders,
    min_boxes_per_order: terms.minBoxesPerOrder,
    deadline: state.deadline,
    status: 'open',
    parent_order_code: a.order.code,
    created_at: a.nowIso,
    updated_at: a.nowIso,
  });
  return inserted ? id : null;
}

/**
 * The auto-delivery part of the customer data (spec §3; ADR 0018 "Auto-delivery home",
 * "Brewer campaigns"): `activeAutoDeliveryItems` (variant codes of the customer's active or paused
 * subscriptions on the site; none when anonymous) and the campaign eligibility flags — a flag is
 * true when the site runs that campaign and the customer's email has no open commitment
 * (anonymous: when the site runs it; placement checks again). usafh: `isAFHKbbFreeEligible` /
 * `isAFHKbbPlatinumEligible` follow its FREEBREWER / FIFTYPERCENTBREWER campaigns and
 * `isAFHSubscriptionEligible` its auto-delivery; the other flags have no data yet (false).
 */
export async function customerAutoDeliveryData(db: Executor, site: BaseSiteId, customer: { id: string; email: string } | null): Promise<CustomerDataAutoDeliveryFields> {
  const [campaigns, settings, items, committed] = await Promise.all([
    listCampaigns(db, site),
    loadAutoDeliverySettings(db, site),
    customer
      ? db
          .selectFrom('subscription_items as i')
          .innerJoin('subscriptions as s', 's.id', 'i.subscription_id')
          .select('i.variant_code')
          .distinct()
          .where('s.customer_id', '=', customer.id)
          .where('s.base_site', '=', site)
          .where('s.status', 'in', ['active', 'paused'])
          .orderBy('i.variant_code')
          .execute()
      : Promise.resolve([]),
    customer ? hasOpenCommitment(db, { email: customer.email.toLowerCase() }) : Promise.resolve(false),
  ]);
  const runs = (code: string) => settings.enabled && !committed && campaigns.some((c) => c.code === code);
  const afh = site === 'usafh';
  return {
    activeAutoDeliveryItems: items.map((r) => r.variant_code),
    isFiftyPercentCampaignEligible: runs('FIFTYPERCENTBREWER'),
    isFreeCampaignEligible: runs('FREEBREWER'),
    isKskLiteCampaignEligible: runs('KSKLITE'),
    isBBADCampaignEligible: runs('KSKBBAD'),
    isAFHKbbFreeEligible: afh && runs('FREEBREWER'),
    isAFHKbbPlatinumEligible: afh && runs('FIFTYPERCENTBREWER'),
    isAFHSubscriptionEligible: afh && settings.enabled,
    isPremiumBrewerCampaignEligible: false,
    isProductBMSMEligible: false,
    isPersonalizedProduct: false,
    isVirtualProduct: false,
  };
}

/** Statuses of orders that count as past purchases for the smart suggestion. */
const PAST_ORDER_STATUSES = ['created', 'processing', 'shipped', 'partiallyshipped', 'partiallydelivered', 'delivered'];

/**
 * `GET users/{u}/autoDelivery/smartSuggestion` (ADR 0018 SMART; the domain `smartSuggestion`): the
 * first ship date, frequency and reasoning for a pods product, from pods at home (non-number =
 * empty, spec §5), cups a day and, for a signed-in customer, the dates of their past orders of the
 * product (its base product, any size; latest 7).
 * @throws 404 `UnknownIdentifierError` (unknown product); 400 `ValidationError` `notAdEligible`
 *   (subject `productCode`: not AD-eligible, or not pods) / `invalidPodsAtHomeQty`
 */
export async function smartSuggestionFor(
  db: Executor,
  site: BaseSiteId,
  customerId: string | null,
  q: { productCode: string; podsAtHomeQty?: string | undefined; cupsPerDay: number; qty?: number | undefined; lang: 'en' | 'fr' },
  now: Date,
): Promise<SmartSuggestionAnswer> {
  const v = await resolveSellable(db, site, q.productCode);
  if (!v || !v.soldOnSite || v.price === null) throw notFound('UnknownIdentifierError', 'notFound', `Product ${q.productCode} not found`, 'productCode');
  const settings = await loadAutoDeliverySettings(db, site);
  if (!settings.enabled || !v.adEligible || v.productType !== 'Coffee' || v.packType !== null || !v.count) {
    throw invalidInput('ValidationError', 'notAdEligible', `Product ${q.productCode} cannot be bought on smart auto-delivery (pods only)`, 'productCode');
  }
  const podsAtHomeQty = parsePodsAtHomeQty(q.podsAtHomeQty, settings);
  const today = localDateOf(now, settings.timeZone);
  let pastOrderDates: string[] = [];
  if (customerId) {
    const rows = await db
      .selectFrom('orders as o')
      .innerJoin('order_entries as e', 'e.order_code', 'o.code')
      .select('o.created_at')
      .distinct()
      .where('o.user_id', '=', customerId)
      .where('o.base_site', '=', site)
      .where('o.status', 'in', PAST_ORDER_STATUSES)
      .where('e.product_code', '=', v.baseProductCode)
      .orderBy('o.created_at', 'desc')
      .limit(SMART_MAX_PAST_ORDERS)
      .execute();
    pastOrderDates = rows.map((r) => localDateOf(r.created_at, settings.timeZone));
  }
  const s = smartSuggestion({ podsAtHomeQty, cupsPerDay: q.cupsPerDay, podsPerOrder: v.count * (q.qty ?? 1), pastOrderDates, today, settings });
  return {
    productCode: v.variantCode,
    frequencyWeeks: s.frequencyWeeks,
    firstShipDate: s.firstShipDate,
    reasoning: { ...s.reasoning, notes: [...s.reasoning.notes] },
    message: SMART_MESSAGES[q.lang](s.reasoning.daysOfCoffeeAtHome, s.firstShipDate, s.frequencyWeeks, s.reasoning.observedGaps > 0),
  };
}

/** The sentence explaining a smart suggestion (en/fr; French typography). */
const SMART_MESSAGES: Record<'en' | 'fr', (days: number, first: string, weeks: number, history: boolean) => string> = {
  en: (days, first, weeks, history) =>
    `Your pods at home last about ${days} days, so your first auto-delivery ships on ${first}, then every ${weeks} weeks${history ? ', based on how you drink and your past orders' : ', based on how many cups you drink'}.`,
  fr: (days, first, weeks, history) =>
    `Vos capsules à la maison durent environ ${days} jours\u202f: votre première livraison automatique partira le ${first}, puis toutes les ${weeks} semaines${history ? ', d’après votre consommation et vos commandes passées' : ', d’après le nombre de tasses que vous buvez'}.`,
};
