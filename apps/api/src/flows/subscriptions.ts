/**
 * Auto-delivery home (issue 10; ADR 0018 "Auto-delivery home"; contracts `subscriptions.ts`): a
 * customer's subscriptions, their changes (frequency, day of month, address, card, skip, ship now,
 * ship on, pause, resume, cancel), their items, their orders and the card they are charged on.
 *
 * Every change runs in ONE transaction that first locks the subscription row
 * (`lockSubscription`: `SELECT … FOR UPDATE` on PostgreSQL; SQLite's write transaction serialises)
 * and writes with a version check, so two concurrent changes never lose an update. A change while
 * a cycle of the subscription is `processing` (the scheduler is placing its order) answers 409
 * `orderInProgress`. Someone else's (or an unknown) subscription answers 404 `subscriptionNotFound`.
 * Schedule rules are the domain's (`packages/domain/src/subscriptions/schedule.ts`).
 *
 * Cancelling an open brewer-campaign commitment early charges the unearned brewer discount
 * off-session (an order of kind `clawback`) before the subscription is cancelled; a declined card
 * answers 400 `PaymentError` and changes nothing. After the commitment is met, cancelling is free.
 */
import { randomBytes } from 'node:crypto';
import type {
  AdOrder,
  AdOrdersQuery,
  AddSubscriptionItemRequest,
  CancelSubscriptionRequest,
  CancelSubscriptionResponse,
  CommitmentTracker,
  ShipNowResponse,
  StripeAdPaymentMethodResponse,
  Subscription,
  SubscriptionAction,
  SubscriptionCycle,
  SubscriptionItemPatchRequest,
  SubscriptionPatchRequest,
  SubscriptionPaymentMethod,
} from '@store/contracts';
import type { AdVariant, AfterCommit, CommitmentRow, Executor, OrderRow, SubscriptionCycleRow, SubscriptionItemRow, SubscriptionRow } from '@store/db';
import {
  addSubscriptionItem,
  claimCycle,
  deleteSubscriptionItem,
  findAddress,
  findSavedPaymentMethod,
  findSubscriptionCommitment,
  hasCycleInProgress,
  insertOrder,
  listCustomerSubscriptions,
  listSubscriptionItems,
  loadAdVariants,
  lockSubscription,
  newSubscriptionId,
  resolveAdVariant,
  setCommitmentStatus,
  updateSubscription,
  updateSubscriptionItem,
  withTransaction,
} from '@store/db';
import type { AutoDeliverySettings, BaseSiteId, CurrencyIso, Lang, LocalDate, SalesPriceStrategy, SubscriptionSchedule ,
  DomainError} from '@store/domain';
import {
  adUnitPrice,
  assertNotInSubscription,
  AUTO_DELIVERY_ERROR_TYPE,
  cadenceKindOf,
  cancel as cancelSchedule,
  changeDayOfMonth,
  changeFrequency,
  compareLocalDates,
  conflict,
  generateOrderCode,
  invalidInput,
  isSalesPriceStrategy,
  localDateOf,
  localeFor,
  makeLocalDate,
  notFound,
  pause as pauseSchedule,
  reminderDate,
  resume as resumeSchedule,
  shipNow as shipNowSchedule,
  shipOn as shipOnSchedule,
  skipNext,
  STARTER_KIT_COMMITMENT_TERMS,
  toPriceData,
  trackerView,
  validateFrequencyWeeks,
  validateItemQty,
  type AutoDeliveryProgram,
  type CommitmentStatus,
} from '@store/domain';
import { sendAutoDeliveryEmail } from '../email/auto-delivery.ts';
import { addressOfRow } from './addresses.ts';
import { imageUrlOf, parseAddress } from './cart-view.ts';
import type { CommerceContext } from './context.ts';
import { pickLang } from './context.ts';
import { PENDING_PAYMENT_STATUS, PLACED_STATUS } from './order-view.ts';
import { beforeDeadline, PAYMENT_DEADLINE_MS, paymentErrorOf } from './place-order.ts';
import { CANCELLED_STATUS, placeCycleOrder } from './recurring-orders.ts';
import { loadAdSettings, scheduleOf, schedulePatch } from './subscription-common.ts';

/** Who an auto-delivery home call acts for: the signed-in customer on a base site. */
export interface AdCustomer {
  customerId: string;
  site: BaseSiteId;
}

function subscriptionNotFound(id: string): DomainError {
  return notFound('NotFoundError', 'subscriptionNotFound', `Auto-delivery ${id} not found`, 'subscriptionId');
}

// ---------------------------------------------------------------------------------------------
// Views

interface ViewData {
  items: Map<string, SubscriptionItemRow[]>;
  variants: Map<string, AdVariant>;
  cards: Map<string, { id: string; brand: string; last4: string; exp_month: number; exp_year: number; provider: string; provider_payment_method_id: string }>;
  commitments: Map<string, CommitmentRow>;
  cycles: Map<string, SubscriptionCycleRow[]>;
}

async function loadViewData(db: Executor, site: BaseSiteId, rows: readonly SubscriptionRow[]): Promise<ViewData> {
  const ids = rows.map((r) => r.id);
  const items = await listSubscriptionItems(db, ids);
  const codes = [...items.values()].flat().flatMap((i) => (i.backup_variant_code ? [i.variant_code, i.backup_variant_code] : [i.variant_code]));
  const cardIds = rows.map((r) => r.saved_payment_method_id).filter((x): x is string => !!x);
  const [variants, cardRows, commitmentRows, cycleRows] = await Promise.all([
    loadAdVariants(db, site, codes),
    cardIds.length ? db.selectFrom('saved_payment_methods').select(['id', 'brand', 'last4', 'exp_month', 'exp_year', 'provider', 'provider_payment_method_id']).where('id', 'in', cardIds).execute() : Promise.resolve([]),
    ids.length ? db.selectFrom('commitments').selectAll().where('subscription_id', 'in', ids).orderBy('created_at', 'desc').execute() : Promise.resolve([]),
    ids.length ? db.selectFrom('subscription_cycles').selectAll().where('subscription_id', 'in', ids).orderBy('cycle_date', 'desc').execute() : Promise.resolve([]),
  ]);
  const commitments = new Map<string, CommitmentRow>();
  for (const c of commitmentRows) if (!commitments.has(c.subscription_id)) commitments.set(c.subscription_id, c);
  const cycles = new Map<string, SubscriptionCycleRow[]>();
  for (const c of cycleRows) cycles.set(c.subscription_id, [...(cycles.get(c.subscription_id) ?? []), c]);
  return { items, variants, cards: new Map(cardRows.map((c) => [c.id, { ...c, exp_month: Number(c.exp_month), exp_year: Number(c.exp_year) }])), commitments, cycles };
}

/** The actions the customer may take now (contracts `SUBSCRIPTION_ACTIONS`). */
export function allowedActions(program: AutoDeliveryProgram, status: string, orderInProgress: boolean): SubscriptionAction[] {
  if (status === 'cancelled' || orderInProgress) return [];
  const cadence: SubscriptionAction = cadenceKindOf(program) === 'weeks' ? 'changeFrequency' : 'changeDayOfMonth';
  const common: SubscriptionAction[] = [cadence, 'changeAddress', 'changePaymentMethod'];
  if (status === 'active') return [...common, 'skip', 'shipNow', 'shipOn', 'pause', 'cancel', 'addItem', 'editItems'];
  if (status === 'paused') return [...common, 'pause', 'resume', 'cancel', 'addItem', 'editItems'];
  return [...common, 'resume', 'cancel', 'addItem', 'editItems'];
}

function cycleView(c: SubscriptionCycleRow | undefined): SubscriptionCycle | null {
  if (!c) return null;
  return { date: c.cycle_date, status: c.status as SubscriptionCycle['status'], orderCode: c.order_code, attempts: Number(c.attempts), nextAttemptAt: c.next_attempt_at };
}

function commitmentState(c: CommitmentRow) {
  return {
    status: c.status as CommitmentStatus,
    boxesCounted: Number(c.boxes_counted),
    ordersCounted: Number(c.orders_counted),
    startDate: c.created_at.slice(0, 10),
    deadline: c.deadline,
    brewerListMinor: Number(c.brewer_list_minor),
    brewerPaidMinor: Number(c.brewer_paid_minor),
    terms: { ...STARTER_KIT_COMMITMENT_TERMS, boxesRequired: Number(c.boxes_required), minOrders: Number(c.min_orders), minBoxesPerOrder: Number(c.min_boxes_per_order) },
  };
}

function unitPriceOf(v: AdVariant, settings: AutoDeliverySettings): { unitMinor: number; listMinor: number } {
  const p = v.price;
  if (!p) return { unitMinor: 0, listMinor: 0 };
  const strategy: SalesPriceStrategy | null = isSalesPriceStrategy(p.salesPriceStrategy) ? p.salesPriceStrategy : null;
  const unit = adUnitPrice({ priceMinor: p.priceMinor, discountPriceMinor: p.discountPriceMinor, isDiscountPrice: p.isDiscountPrice, salesPriceStrategy: strategy }, 'adRecurring', settings.discountBps);
  return { unitMinor: unit.unitMinor, listMinor: unit.listMinor };
}

function viewOf(row: SubscriptionRow, data: ViewData, settings: AutoDeliverySettings, lang: Lang, today: LocalDate): Subscription {
  const site = row.base_site as BaseSiteId;
  const currency = row.currency as CurrencyIso;
  const money = (minor: number) => toPriceData(minor, currency, localeFor(site, lang));
  const product = (code: string) => {
    const v = data.variants.get(code);
    return { code, name: v ? (lang === 'fr' ? v.nameFr : v.nameEn) : code, imageUrl: v ? imageUrlOf(code) : null, inStock: (v?.available ?? 0) > 0 };
  };
  let subtotal = 0;
  const items = (data.items.get(row.id) ?? []).map((i) => {
    const v = data.variants.get(i.variant_code);
    const qty = Number(i.qty);
    const { unitMinor, listMinor } = v ? unitPriceOf(v, settings) : { unitMinor: 0, listMinor: 0 };
    subtotal += unitMinor * qty;
    return {
      id: i.id,
      product: product(i.variant_code),
      qty,
      unitPrice: money(unitMinor),
      listPrice: money(listMinor),
      totalPrice: money(unitMinor * qty),
      unitPriceMinor: unitMinor,
      totalPriceMinor: unitMinor * qty,
      backup: i.backup_variant_code ? product(i.backup_variant_code) : null,
    };
  });
  const address = parseAddress(row.shipping_address_json);
  const card = row.saved_payment_method_id ? data.cards.get(row.saved_payment_method_id) : undefined;
  const cycles = data.cycles.get(row.id) ?? [];
  const inProgress = cycles.some((c) => c.status === 'processing');
  const c = data.commitments.get(row.id);
  let commitment: CommitmentTracker | null = null;
  if (c) {
    const t = trackerView(commitmentState(c), today);
    commitment = { campaignCode: c.campaign_code, ...t, cancelCostNow: money(t.cancelCostMinor), cancelCostNowMinor: t.cancelCostMinor };
    delete (commitment as Partial<typeof t>).cancelCostMinor;
    delete (commitment as Partial<typeof t>).brewerListMinor;
    delete (commitment as Partial<typeof t>).brewerPaidMinor;
  }
  const paymentMethod: SubscriptionPaymentMethod | null = card
    ? {
        id: card.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        // valid through the last day of its expiry month
        expiresBeforeNextShipDate:
          card.exp_month >= 1 && card.exp_month <= 12 && card.exp_year >= 1 ? compareLocalDates(makeLocalDate(card.exp_year, card.exp_month, 31), row.next_ship_date) < 0 : false,
      }
    : null;
  const { sameAsShipping: _drop, ...shipTo } = address ?? { firstName: '', lastName: '', line1: '', city: '', region: '', postalCode: '', country: '' };
  return {
    id: row.id,
    program: row.program as Subscription['program'],
    entryType: row.entry_type,
    status: row.status as Subscription['status'],
    frequencyWeeks: row.frequency_weeks === null ? null : Number(row.frequency_weeks),
    dayOfMonth: row.day_of_month === null ? null : Number(row.day_of_month),
    rotation: row.program === 'MONTHLY_BOX' ? (row.rotation === 'curated' ? 'curated' : 'choose') : null,
    nextShipDate: row.next_ship_date,
    pausedUntil: row.paused_until,
    reminderDate: reminderDate(row.next_ship_date, settings.reminderLeadDays),
    items,
    nextOrderSubtotal: money(subtotal),
    nextOrderSubtotalMinor: subtotal,
    currencyIso: row.currency,
    shippingAddress: { ...shipTo, id: row.address_id },
    paymentMethod,
    parentOrderCode: row.parent_order_code,
    campaignCode: row.campaign_code,
    commitment,
    orderInProgress: inProgress,
    lastCycle: cycleView(cycles[0]),
    allowedActions: allowedActions(row.program as AutoDeliveryProgram, row.status, inProgress),
    frequenciesWeeks: [...settings.frequenciesWeeks],
    maxQtyPerItem: settings.maxQtyPerItem,
    cancelReason: (row.cancel_reason as Subscription['cancelReason']) ?? null,
    cancelledAt: row.cancelled_at,
    createdAt: row.created_at,
    version: Number(row.version),
  };
}

async function viewById(db: Executor, who: AdCustomer, id: string, lang: Lang, now: Date): Promise<Subscription> {
  const row = await db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.customer_id !== who.customerId || row.base_site !== who.site) throw subscriptionNotFound(id);
  const settings = await loadAdSettings(db, who.site);
  return viewOf(row, await loadViewData(db, who.site, [row]), settings, lang, localDateOf(now, settings.timeZone));
}

/** `GET users/{u}/subscriptions`: the customer's subscriptions on the site (active and paused first). */
export async function listSubscriptions(ctx: CommerceContext, who: AdCustomer, requestedLang?: string): Promise<{ subscriptions: Subscription[] }> {
  const db = ctx.dbh.db;
  const rows = await listCustomerSubscriptions(db, who.customerId, who.site);
  const settings = await loadAdSettings(db, who.site);
  const data = await loadViewData(db, who.site, rows);
  const today = localDateOf(ctx.now(), settings.timeZone);
  return { subscriptions: rows.map((r) => viewOf(r, data, settings, pickLang(who.site, requestedLang, r.lang), today)) };
}

/** `GET users/{u}/subscriptions/{id}`. @throws DomainError 404 `subscriptionNotFound` */
export async function getSubscription(ctx: CommerceContext, who: AdCustomer, id: string, requestedLang?: string): Promise<Subscription> {
  return viewById(ctx.dbh.db, who, id, pickLang(who.site, requestedLang), ctx.now());
}

// ---------------------------------------------------------------------------------------------
// Changes

interface ChangeContext {
  trx: Executor;
  row: SubscriptionRow;
  schedule: SubscriptionSchedule;
  settings: AutoDeliverySettings;
  today: LocalDate;
  nowIso: string;
  afterCommit: AfterCommit;
}

/**
 * Runs one change of a subscription (see module comment): lock, ownership (404), `processing`
 * cycle (409 `orderInProgress`), then `fn`'s patch written with the version check; answers the
 * subscription after the change (read in the same transaction).
 */
async function change(
  ctx: CommerceContext,
  who: AdCustomer,
  id: string,
  requestedLang: string | undefined,
  fn: (c: ChangeContext) => Promise<Partial<SubscriptionRow> | null>,
): Promise<Subscription> {
  return withTransaction(ctx.dbh, async (trx, afterCommit) => {
    const row = await lockSubscription(trx, id, ctx.dbh.dialect);
    if (!row || row.customer_id !== who.customerId || row.base_site !== who.site) throw subscriptionNotFound(id);
    if (await hasCycleInProgress(trx, id)) throw conflict(AUTO_DELIVERY_ERROR_TYPE, 'orderInProgress', 'An order of this auto-delivery is being placed right now; try again in a minute', 'subscriptionId');
    const settings = await loadAdSettings(trx, who.site);
    const now = ctx.now();
    const c: ChangeContext = { trx, row, schedule: scheduleOf(row), settings, today: localDateOf(now, settings.timeZone), nowIso: now.toISOString(), afterCommit };
    const patch = await fn(c);
    const { id: _id, version: _v, updated_at: _u, ...fields } = patch ?? {};
    if (!(await updateSubscription(trx, id, fields, c.nowIso, Number(row.version)))) {
      throw conflict(AUTO_DELIVERY_ERROR_TYPE, 'concurrentChange', 'This auto-delivery changed meanwhile; reload it', 'subscriptionId');
    }
    return viewById(trx, who, id, pickLang(who.site, requestedLang, row.lang), now);
  }, { retries: 2 });
}

/**
 * `PATCH users/{u}/subscriptions/{id}`: frequency (one the site offers; weekly programs), day of
 * the month (SCHEDULED, MONTHLY_BOX), box rotation (MONTHLY_BOX: choose or curated), shipping address (from the customer's address book) and card
 * (one of the customer's saved cards).
 * @throws DomainError 400 `invalidFrequency` / `frequencyNotApplicable` / `invalidDayOfMonth` /
 *   `dayOfMonthNotApplicable` / `rotationNotApplicable`; 404 `subscriptionNotFound` / `addressNotFound` /
 *   `paymentMethodNotFound`; 409 `orderInProgress` / `subscriptionCancelled`
 */
export async function updateSubscriptionFlow(ctx: CommerceContext, who: AdCustomer, id: string, body: SubscriptionPatchRequest, lang?: string): Promise<Subscription> {
  return change(ctx, who, id, lang, async (c) => {
    if (c.row.status === 'cancelled') throw conflict(AUTO_DELIVERY_ERROR_TYPE, 'subscriptionCancelled', 'This auto-delivery is cancelled', 'status');
    let s = c.schedule;
    const patch: Partial<SubscriptionRow> = {};
    if (body.frequencyWeeks !== undefined) {
      if (cadenceKindOf(s.program) !== 'weeks') throw invalidInput('ValidationError', 'frequencyNotApplicable', `${s.program} repeats on a day of the month, not every N weeks`, 'frequencyWeeks');
      s = changeFrequency(s, validateFrequencyWeeks(body.frequencyWeeks, c.settings));
    }
    if (body.dayOfMonth !== undefined) s = changeDayOfMonth(s, body.dayOfMonth, c.today);
    if (body.rotation !== undefined) {
      if (s.program !== 'MONTHLY_BOX') throw invalidInput('ValidationError', 'rotationNotApplicable', `${s.program} has no box rotation`, 'rotation');
      patch.rotation = body.rotation;
    }
    if (body.addressId !== undefined) {
      const a = await findAddress(c.trx, who.customerId, body.addressId);
      if (!a) throw notFound('NotFoundError', 'addressNotFound', `Address ${body.addressId} not found`, 'addressId');
      patch.shipping_address_json = JSON.stringify(addressOfRow(a));
      patch.address_id = a.id;
    }
    if (body.paymentMethodId !== undefined) {
      const m = await findSavedPaymentMethod(c.trx, who.customerId, body.paymentMethodId);
      if (!m || m.provider !== ctx.payments.name) throw notFound('NotFoundError', 'paymentMethodNotFound', `Payment method ${body.paymentMethodId} not found`, 'paymentMethodId');
      patch.saved_payment_method_id = m.id;
    }
    return { ...patch, ...schedulePatch(s) };
  });
}

/** `POST …/skip`: the next order is skipped (next = the cycle after it). @throws 409 status reasons, `orderInProgress` */
export async function skipSubscriptionOrder(ctx: CommerceContext, who: AdCustomer, id: string, lang?: string): Promise<Subscription> {
  return change(ctx, who, id, lang, async (c) => schedulePatch(skipNext(c.schedule)));
}

/** `POST …/shipOn {date}`: the next order ships on `date` (tomorrow … +180 days). @throws 400 `invalidDate` / `dateOutOfRange` (subject `date`) */
export async function shipSubscriptionOn(ctx: CommerceContext, who: AdCustomer, id: string, date: string, lang?: string): Promise<Subscription> {
  return change(ctx, who, id, lang, async (c) => schedulePatch(shipOnSchedule(c.schedule, date, c.today)));
}

/** `POST …/pause {until}`: no order before `until` (tomorrow … +180 days). @throws 400 (subject `until`), 409 */
export async function pauseSubscription(ctx: CommerceContext, who: AdCustomer, id: string, until: string, lang?: string): Promise<Subscription> {
  return change(ctx, who, id, lang, async (c) => schedulePatch(pauseSchedule(c.schedule, until, c.today)));
}

/** `POST …/resume`: paused or suspended → active, next = max(next, tomorrow). @throws 409 `subscriptionCancelled` */
export async function resumeSubscription(ctx: CommerceContext, who: AdCustomer, id: string, lang?: string): Promise<Subscription> {
  return change(ctx, who, id, lang, async (c) => ({ ...schedulePatch(resumeSchedule(c.schedule, c.today)), ...(c.row.status === 'suspended' ? { suspended_at: null } : {}) }));
}

/**
 * `POST …/shipNow`: a cycle dated today is claimed (and the next date moved to the rule after
 * today) in the change's transaction, then its order is placed and charged like the scheduler's.
 * @throws DomainError 409 `cycleAlreadyPlaced` when today's cycle exists, status reasons, `orderInProgress`
 */
export async function shipSubscriptionNow(ctx: CommerceContext, who: AdCustomer, id: string, lang?: string): Promise<ShipNowResponse> {
  let cycleDate = '';
  await change(ctx, who, id, lang, async (c) => {
    const r = shipNowSchedule(c.schedule, c.today);
    if (!(await claimCycle(c.trx, id, r.cycleDate, c.nowIso))) {
      throw conflict(AUTO_DELIVERY_ERROR_TYPE, 'cycleAlreadyPlaced', 'An order of this auto-delivery was already placed today', 'subscriptionId');
    }
    cycleDate = r.cycleDate;
    return schedulePatch(r.schedule);
  });
  await placeCycleOrder(ctx, id, cycleDate, 1);
  const subscription = await viewById(ctx.dbh.db, who, id, pickLang(who.site, lang), ctx.now());
  const cycle = await ctx.dbh.db.selectFrom('subscription_cycles').selectAll().where('subscription_id', '=', id).where('cycle_date', '=', cycleDate).executeTakeFirstOrThrow();
  return { subscription, cycle: cycleView(cycle) as SubscriptionCycle };
}

// ---------------------------------------------------------------------------------------------
// Items

async function eligibleVariant(db: Executor, site: BaseSiteId, productCode: string, subject: string): Promise<AdVariant> {
  const v = await resolveAdVariant(db, site, productCode);
  if (!v) throw notFound('NotFoundError', 'productNotFound', `Product ${productCode} not found`, subject);
  if (!v.adEligible) throw invalidInput('ValidationError', 'notAdEligible', 'This product cannot be bought on auto-delivery', subject);
  return v;
}

function refuseIfCancelled(row: SubscriptionRow): void {
  if (row.status === 'cancelled') throw conflict(AUTO_DELIVERY_ERROR_TYPE, 'subscriptionCancelled', 'This auto-delivery is cancelled', 'status');
}

/**
 * `POST …/items {productCode, qty}` and `POST addProductToExistingAD`: adds an AD-eligible product.
 * @throws DomainError 404 `productNotFound`; 400 `notAdEligible` / `invalidQuantity` (subject
 *   `qty`); 409 `ALREADY_ADDED_TO_SP` / `ALREADY_ADDED_TO_BACKUP_PRODUCT` / `subscriptionCancelled`
 */
export async function addSubscriptionItemFlow(ctx: CommerceContext, who: AdCustomer, id: string, body: AddSubscriptionItemRequest, lang?: string): Promise<Subscription> {
  return change(ctx, who, id, lang, async (c) => {
    refuseIfCancelled(c.row);
    const v = await eligibleVariant(c.trx, who.site, body.productCode, 'productCode');
    const qty = validateItemQty(body.qty ?? 1, c.settings);
    const items = (await listSubscriptionItems(c.trx, [id])).get(id) ?? [];
    assertNotInSubscription(v.variantCode, items.map((i) => ({ variantCode: i.variant_code, backupVariantCode: i.backup_variant_code })));
    const added = await addSubscriptionItem(c.trx, { id: newSubscriptionId('si'), subscription_id: id, variant_code: v.variantCode, qty, backup_variant_code: null, sort_order: items.length, created_at: c.nowIso });
    if (!added) assertNotInSubscription(v.variantCode, [{ variantCode: v.variantCode }]);
    return null;
  });
}

/**
 * `PATCH …/items/{itemId} {qty?, backupProductCode?}` (null removes the backup).
 * @throws DomainError 404 `itemNotFound` / `productNotFound`; 400 `invalidQuantity` /
 *   `notAdEligible` (subject `backupProductCode`); 409 `ALREADY_ADDED_TO_SP` (the backup is an item)
 *   / `ALREADY_ADDED_TO_BACKUP_PRODUCT` (already another item's backup)
 */
export async function updateSubscriptionItemFlow(ctx: CommerceContext, who: AdCustomer, id: string, itemId: string, body: SubscriptionItemPatchRequest, lang?: string): Promise<Subscription> {
  return change(ctx, who, id, lang, async (c) => {
    refuseIfCancelled(c.row);
    const items = (await listSubscriptionItems(c.trx, [id])).get(id) ?? [];
    const item = items.find((i) => i.id === itemId);
    if (!item) throw notFound('NotFoundError', 'itemNotFound', `Item ${itemId} not found`, 'itemId');
    const patch: { qty?: number; backup_variant_code?: string | null } = {};
    if (body.qty !== undefined) patch.qty = validateItemQty(body.qty, c.settings);
    if (body.backupProductCode === null) patch.backup_variant_code = null;
    else if (body.backupProductCode !== undefined) {
      const v = await eligibleVariant(c.trx, who.site, body.backupProductCode, 'backupProductCode');
      if (v.variantCode !== item.backup_variant_code) {
        assertNotInSubscription(
          v.variantCode,
          items.map((i) => ({ variantCode: i.variant_code, backupVariantCode: i.id === itemId ? null : i.backup_variant_code })),
          'backupProductCode',
        );
      }
      patch.backup_variant_code = v.variantCode;
    }
    await updateSubscriptionItem(c.trx, id, itemId, patch);
    return null;
  });
}

/** `DELETE …/items/{itemId}`. @throws DomainError 404 `itemNotFound`; 409 `lastItem` (cancel instead) */
export async function removeSubscriptionItemFlow(ctx: CommerceContext, who: AdCustomer, id: string, itemId: string, lang?: string): Promise<Subscription> {
  return change(ctx, who, id, lang, async (c) => {
    refuseIfCancelled(c.row);
    const items = (await listSubscriptionItems(c.trx, [id])).get(id) ?? [];
    if (!items.some((i) => i.id === itemId)) throw notFound('NotFoundError', 'itemNotFound', `Item ${itemId} not found`, 'itemId');
    if (items.length === 1) throw conflict(AUTO_DELIVERY_ERROR_TYPE, 'lastItem', 'An auto-delivery needs at least one item: cancel it instead', 'itemId');
    await deleteSubscriptionItem(c.trx, id, itemId);
    return null;
  });
}

// ---------------------------------------------------------------------------------------------
// Cancel (with the campaign clawback)

/**
 * `POST …/cancel {reason, note?}`. Free unless the subscription has an open campaign commitment
 * with something still owed: then the unearned brewer discount is charged off-session first (an
 * order of kind `clawback`, idempotency key `clawback:<sub>:<commitment>`), the commitment becomes
 * `clawedBack`, and an email explains it.
 * @throws DomainError 404; 409 `subscriptionCancelled` / `orderInProgress`; 400 `PaymentError`
 *   (subject `paymentMethod`) when the charge is declined or no card is on file (nothing changes)
 */
export async function cancelSubscriptionFlow(ctx: CommerceContext, who: AdCustomer, id: string, body: CancelSubscriptionRequest, lang?: string): Promise<CancelSubscriptionResponse> {
  // Step 1 (locked): what does cancelling cost now? When nothing, cancel at once.
  const state: { owed: Owed | null } = { owed: null };
  const cancelPatch = (c: ChangeContext): Partial<SubscriptionRow> => ({
    ...schedulePatch(cancelSchedule(c.schedule)),
    cancel_reason: body.reason,
    cancel_note: body.note ?? null,
    cancelled_at: c.nowIso,
  });
  const free = await change(ctx, who, id, lang, async (c) => {
    if (c.row.status === 'cancelled') cancelSchedule(c.schedule);
    const commitment = await findSubscriptionCommitment(c.trx, id);
    const cost = commitment && commitment.status === 'open' ? trackerView(commitmentState(commitment), c.today).cancelCostMinor : 0;
    if (commitment && cost > 0) {
      const pending = await c.trx.selectFrom('orders').select('code').where('subscription_id', '=', id).where('kind', '=', 'clawback').where('status', '=', PENDING_PAYMENT_STATUS).executeTakeFirst();
      if (pending) throw conflict(AUTO_DELIVERY_ERROR_TYPE, 'orderInProgress', 'The cancellation of this auto-delivery is being charged right now', 'subscriptionId');
      const card = await c.trx
        .selectFrom('saved_payment_methods as m')
        .innerJoin('payment_customers as pc', (j) => j.onRef('pc.customer_id', '=', 'm.customer_id').onRef('pc.provider', '=', 'm.provider'))
        .select(['m.provider_payment_method_id', 'pc.provider_customer_id', 'm.provider'])
        .where('m.id', '=', c.row.saved_payment_method_id ?? '')
        .where('m.customer_id', '=', who.customerId)
        .executeTakeFirst();
      const order = clawbackOrder(c.row, commitment, cost, ctx.payments.name, c.nowIso);
      await insertOrder(c.trx, order, [
        {
          order_code: order.code,
          entry_number: 0,
          variant_code: commitment.brewer_variant_code,
          product_code: commitment.brewer_variant_code,
          name: order.lang === 'fr' ? 'Rabais sur la cafetière non acquis' : 'Brewer discount not earned',
          entry_type: c.row.entry_type,
          qty: 1,
          unit_price_minor: cost,
          total_minor: cost,
          frequency_weeks: null,
          subscription_id: id,
        },
      ]);
      state.owed = { commitment, amountMinor: cost, order, charge: card && card.provider === ctx.payments.name ? { customer: card.provider_customer_id, method: card.provider_payment_method_id } : null };
      return null;
    }
    if (commitment && commitment.status === 'open') await setCommitmentStatus(c.trx, commitment.id, 'open', { status: 'cancelled' }, c.nowIso);
    return cancelPatch(c);
  });
  const due = state.owed;
  if (!due) return { subscription: free, clawback: null };

  // Step 2: charge off-session (outside any transaction), then settle.
  const provider = ctx.payments;
  let failure: { reason: string; message: string } | null = null;
  let intentId = '';
  let summary = '{}';
  if (!due.charge || !provider.chargeSaved) failure = paymentErrorOf('payment_method_required');
  else {
    const charge = due.charge;
    const chargeSaved = provider.chargeSaved.bind(provider);
    try {
      const result = await beforeDeadline(Date.now() + PAYMENT_DEADLINE_MS, 'chargeSaved', () =>
        chargeSaved({
          amountMinor: due.amountMinor,
          currency: due.order.currency,
          providerCustomerId: charge.customer,
          providerPaymentMethodId: charge.method,
          idempotencyKey: `clawback:${id}:${due.commitment.id}`,
          site: who.site,
          reference: due.order.code,
        }),
      );
      intentId = result.intentId;
      summary = JSON.stringify(result.summary ?? {});
      if (result.status !== 'succeeded') failure = paymentErrorOf(result.declineCode);
    } catch (error) {
      await ctx.dbh.db.updateTable('orders').set({ status: CANCELLED_STATUS }).where('code', '=', due.order.code).where('status', '=', PENDING_PAYMENT_STATUS).execute();
      throw error;
    }
  }
  if (failure) {
    await ctx.dbh.db.updateTable('orders').set({ status: CANCELLED_STATUS, payment_intent_id: intentId }).where('code', '=', due.order.code).where('status', '=', PENDING_PAYMENT_STATUS).execute();
    throw invalidInput('PaymentError', failure.reason, failure.message, 'paymentMethod');
  }
  const subscription = await withTransaction(ctx.dbh, async (trx, afterCommit) => {
    const row = await lockSubscription(trx, id, ctx.dbh.dialect);
    if (!row) throw subscriptionNotFound(id);
    const now = ctx.now();
    const nowIso = now.toISOString();
    await trx.updateTable('orders').set({ status: PLACED_STATUS, payment_intent_id: intentId, payment_summary: summary }).where('code', '=', due.order.code).execute();
    await setCommitmentStatus(trx, due.commitment.id, 'open', { status: 'clawedBack', clawback_minor: due.amountMinor, clawback_order_code: due.order.code }, nowIso);
    if (row.status !== 'cancelled') {
      const s = cancelSchedule(scheduleOf(row));
      await updateSubscription(trx, id, { ...schedulePatch(s), cancel_reason: body.reason, cancel_note: body.note ?? null, cancelled_at: nowIso }, nowIso);
    }
    const email = await trx.selectFrom('customers').select('email').where('id', '=', who.customerId).executeTakeFirst();
    if (email) {
      const input = {
        kind: 'clawback' as const,
        to: email.email,
        baseSiteId: who.site,
        lang: (row.lang === 'fr' ? 'fr' : 'en') as Lang,
        subscriptionId: id,
        currency: row.currency,
        orderCode: due.order.code,
        totalMinor: due.amountMinor,
        boxesCounted: Number(due.commitment.boxes_counted),
        boxesRequired: Number(due.commitment.boxes_required),
      };
      afterCommit(() => ctx.mailer.sendInBackground(() => sendAutoDeliveryEmail(ctx.mailer, input), `clawback ${id}`));
    }
    return viewById(trx, who, id, pickLang(who.site, lang, row.lang), now);
  }, { retries: 2 });
  const money = toPriceData(due.amountMinor, due.order.currency as CurrencyIso, localeFor(who.site, pickLang(who.site, lang, due.order.lang)));
  ctx.log.info({ subscriptionId: id, orderCode: due.order.code }, 'auto-delivery cancelled with a clawback charge');
  return { subscription, clawback: { orderCode: due.order.code, amount: money, amountMinor: due.amountMinor } };
}

/** A clawback to charge (cancel step 2). */
interface Owed {
  commitment: CommitmentRow;
  amountMinor: number;
  order: OrderRow;
  charge: { customer: string; method: string } | null;
}

function clawbackOrder(row: SubscriptionRow, commitment: CommitmentRow, amountMinor: number, provider: string, nowIso: string): OrderRow {
  const code = generateOrderCode(row.base_site as BaseSiteId, (n) => randomBytes(n));
  return {
    code,
    base_site: row.base_site,
    cart_guid: `clawback:${row.id}:${commitment.id}:${code}`,
    user_id: row.customer_id,
    email: commitment.email,
    status: PENDING_PAYMENT_STATUS,
    currency: row.currency,
    lang: row.lang,
    subtotal_minor: amountMinor,
    discount_minor: 0,
    shipping_minor: 0,
    tax_minor: 0,
    total_minor: amountMinor,
    tax_lines_json: '[]',
    shipping_address_json: row.shipping_address_json,
    billing_address_json: row.shipping_address_json,
    delivery_mode: 'standard',
    payment_intent_id: '',
    payment_provider: provider,
    payment_summary: '{}',
    created_at: nowIso,
    gift_card_minor: 0,
    kind: 'clawback',
    subscription_id: row.id,
  };
}

// ---------------------------------------------------------------------------------------------
// Orders and card

/**
 * `GET users/{u}/getADOrders?subscriptionId=&currentPage=&pageSize=`: the parent, recurring and
 * clawback orders of the customer's subscriptions (one or all), newest first, without orders still
 * being charged. @throws DomainError 404 `subscriptionNotFound` for a subscription not theirs
 */
export async function getAdOrders(ctx: CommerceContext, who: AdCustomer, query: AdOrdersQuery): Promise<{ orders: AdOrder[]; pagination: { currentPage: number; pageSize: number; totalPages: number; totalResults: number } }> {
  const db = ctx.dbh.db;
  const subs = await listCustomerSubscriptions(db, who.customerId, who.site);
  const chosen = query.subscriptionId ? subs.filter((s) => s.id === query.subscriptionId) : subs;
  if (query.subscriptionId && chosen.length === 0) throw subscriptionNotFound(query.subscriptionId);
  const pageSize = query.pageSize ?? 10;
  const currentPage = query.currentPage ?? 0;
  const ids = chosen.map((s) => s.id);
  const parents = new Map(chosen.filter((s) => s.parent_order_code).map((s) => [s.parent_order_code as string, s.id]));
  if (ids.length === 0) return { orders: [], pagination: { currentPage, pageSize, totalPages: 0, totalResults: 0 } };
  const base = db
    .selectFrom('orders')
    .where('base_site', '=', who.site)
    .where('user_id', '=', who.customerId)
    .where('status', '!=', PENDING_PAYMENT_STATUS)
    .where((eb) => eb.or([eb('subscription_id', 'in', ids), ...(parents.size ? [eb('code', 'in', [...parents.keys()])] : [])]));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('code', 'desc').limit(pageSize).offset(currentPage * pageSize).execute(),
  ]);
  const units = rows.length
    ? await db.selectFrom('order_entries').select(['order_code', (eb) => eb.fn.sum<number | string>('qty').as('n')]).where('order_code', 'in', rows.map((r) => r.code)).groupBy('order_code').execute()
    : [];
  const unitMap = new Map(units.map((u) => [u.order_code, Number(u.n)]));
  const lang = pickLang(who.site, query.lang);
  const totalResults = Number(count?.n ?? 0);
  return {
    orders: rows.map((o) => ({
      code: o.code,
      kind: (o.kind === 'recurring' || o.kind === 'clawback' ? o.kind : 'checkout') as AdOrder['kind'],
      subscriptionId: o.subscription_id ?? parents.get(o.code) ?? '',
      status: o.status,
      placed: o.created_at,
      total: toPriceData(Number(o.total_minor), o.currency as CurrencyIso, localeFor(who.site, lang)),
      totalUnitCount: unitMap.get(o.code) ?? 0,
    })),
    pagination: { currentPage, pageSize, totalPages: Math.ceil(totalResults / pageSize), totalResults },
  };
}

/** `GET users/{u}/paymentdetails/getStripeADPaymentMethod?subscriptionId=`: the card a subscription is charged on. @throws 404 */
export async function getAdPaymentMethod(ctx: CommerceContext, who: AdCustomer, subscriptionId: string): Promise<StripeAdPaymentMethodResponse> {
  const sub = await getSubscription(ctx, who, subscriptionId);
  const db = ctx.dbh.db;
  const saved = sub.paymentMethod ? await findSavedPaymentMethod(db, who.customerId, sub.paymentMethod.id) : undefined;
  const pc = await db.selectFrom('payment_customers').select('provider_customer_id').where('customer_id', '=', who.customerId).where('provider', '=', ctx.payments.name).executeTakeFirst();
  return {
    subscriptionId,
    provider: ctx.payments.name,
    stripeCustomerId: pc?.provider_customer_id ?? null,
    stripePaymentMethodId: saved?.provider_payment_method_id ?? null,
    paymentMethod: sub.paymentMethod,
  };
}
