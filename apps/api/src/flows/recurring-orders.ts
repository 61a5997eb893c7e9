/**
 * The recurring-order scheduler (issue 10; ADR 0018 "Recurring orders", "Schedule rules"): places
 * the orders of auto-delivery subscriptions when they are due, charges the saved card off-session,
 * retries failed charges (`adRetryDays`) then suspends, and sends the upcoming-order reminders.
 *
 * One run ({@link runRecurringOrders}) at instant `now`, per site with auto-delivery on:
 * 1. reminders: active subscriptions whose next ship date is within `adReminderLeadDays`; the
 *    conditional update of `reminded_for_date` ({@link markReminded}) lets one process send each;
 * 2. due cycles: a subscription due on the site's local date is CLAIMED in one transaction that
 *    locks its row, inserts the `subscription_cycles` row (`ON CONFLICT DO NOTHING`: exactly one
 *    order per subscription and date whatever the number of processes) and moves the next ship
 *    date past today; then the order is placed ({@link placeCycleOrder}):
 *    - items priced at current prices with the recurring AD price (`adUnitPrice`, context
 *      `adRecurring`), outside the promotion engine; standard shipping, free when
 *      `adFreeStandardShipping`; taxes of the shipping address;
 *    - an item short of stock ships as its backup product, else is left out (notice); the stock is
 *      taken with checkout's conditional statement (`tryDecrementStockMany`), so never negative;
 *    - the order (`kind` recurring, `pendingPayment`) is written, then the card is charged
 *      off-session (`PaymentProvider.chargeSaved`, key `cycle:<sub>:<date>:<attempt>`);
 *    - success: order `created`, cycle `placed`, commitment boxes/orders counted, email;
 *      failure: stock released, order `cancelled`, cycle `payment_failed` with the next attempt
 *      (first failure + 1, 3, 7 days), email; the last failure suspends the subscription (email);
 * 3. retries whose time has come (claimed by a conditional update of the cycle);
 * 4. cycles left `processing` by a stopped process for over {@link STALE_CYCLE_MS}: the pending
 *    order is charged again with the SAME idempotency key (the provider answers the first outcome).
 *
 * The SQL statements of one recurring order do not depend on its number of lines.
 */
import { catalogChangesOf } from '../catalog-changes.ts';
import { randomBytes } from 'node:crypto';
import type { AdVariant, Executor, OrderEntryRow, OrderRow, SubscriptionCycleRow, SubscriptionRow } from '@store/db';
import {
  claimCycle,
  countCommitmentOrder,
  findCycle,
  findSubscription,
  findSubscriptionCommitment,
  getSiteConfigValues,
  incrementStockMany,
  insertOrder,
  listDueSubscriptions,
  listMonthlyBoxVariants,
  listReminderCandidates,
  listRetryDueCycles,
  listStaleProcessingCycles,
  listSubscriptionItems,
  loadAdVariants,
  lockSubscription,
  markReminded,
  setCommitmentStatus,
  tryDecrementStockMany,
  updateCycle,
  updateSubscription,
  withTransaction,
} from '@store/db';
import type { AutoDeliverySettings, BaseSiteId, Country, CurrencyIso, Lang, LocalDate, SalesPriceStrategy, ShippingConfig, SubscriptionSchedule } from '@store/domain';
import {
  addLocalDays,
  adUnitPrice,
  afterCyclePlaced,
  compareLocalDates,
  computeCartTotals,
  endPauseIfOver,
  generateOrderCode,
  isCommitmentMet,
  isReminderDue,
  isSalesPriceStrategy,
  localDateOf,
  MONTHLY_BOX_ROTATION_KEY,
  nextCuratedBox,
  orderBoxes,
  parseMonthlyBoxRotation,
  retryPlan,
  BASE_SITE_IDS,
  startOfLocalDay,
  STARTER_KIT_COMMITMENT_TERMS,
} from '@store/domain';
import { sendAutoDeliveryEmail, type AutoDeliveryEmailInput } from '../email/auto-delivery.ts';
import type { ChargeSavedResult } from '../payments/provider.ts';
import { loadShippingConfig, parseAddress } from './cart-view.ts';
import type { CommerceContext } from './context.ts';
import { orderAmountColumns, PENDING_PAYMENT_STATUS, PLACED_STATUS } from './order-view.ts';
import { earnOrderPoints } from './loyalty.ts';
import { beforeDeadline, PAYMENT_DEADLINE_MS } from './place-order.ts';
import { loadAdSettings, scheduleOf, schedulePatch } from './subscription-common.ts';
import { startPeriodic } from './periodic.ts';

/** Status of an order whose off-session charge failed (stock given back). */
export const CANCELLED_STATUS = 'cancelled';
/** A cycle still `processing` after this long (ms) was left by a stopped process: {@link runRecurringOrders} finishes it. */
export const STALE_CYCLE_MS = 10 * 60_000;
/** How often the in-process scheduler runs (ms). */
export const SCHEDULER_INTERVAL_MS = 60_000;
/** Subscriptions handled per site per batch. */
const BATCH = 200;

/** Tally of one run. */
export interface RecurringRunResult {
  /** orders placed and paid */
  placed: number;
  /** charges that failed (a retry is planned, or the subscription was suspended) */
  failed: number;
  /** cycles with every item out of stock (no order) */
  skipped: number;
  /** subscriptions suspended (last retry failed) */
  suspended: number;
  /** reminder emails */
  reminded: number;
  /** outcomes unknown (provider unreachable): left for the next run */
  unknown: number;
}

/** What the notice of a cycle keeps (`subscription_cycles.notice_json`). */
export interface CycleNotice {
  /** item variant → backup variant shipped instead */
  replaced: Array<{ from: string; to: string }>;
  /** item variants left out */
  skipped: string[];
  /** local date of the first failed charge of the cycle (retries count from it) */
  firstFailureDate?: string;
}

function parseNotice(json: string | null): CycleNotice {
  if (!json) return { replaced: [], skipped: [] };
  try {
    const v = JSON.parse(json) as Partial<CycleNotice>;
    return { replaced: v.replaced ?? [], skipped: v.skipped ?? [], ...(v.firstFailureDate ? { firstFailureDate: v.firstFailureDate } : {}) };
  } catch {
    return { replaced: [], skipped: [] };
  }
}

/** Site data a run reads once per site (so the statements of one order stay constant). */
interface SiteRun {
  site: BaseSiteId;
  settings: AutoDeliverySettings;
  shipping: ShippingConfig;
  today: LocalDate;
}

function emptyResult(): RecurringRunResult {
  return { placed: 0, failed: 0, skipped: 0, suspended: 0, reminded: 0, unknown: 0 };
}

function add(into: RecurringRunResult, outcome: CycleOutcome): void {
  if (outcome === 'placed') into.placed += 1;
  else if (outcome === 'skipped') into.skipped += 1;
  else if (outcome === 'unknown') into.unknown += 1;
  else if (outcome === 'suspended') {
    into.failed += 1;
    into.suspended += 1;
  } else if (outcome === 'failed') into.failed += 1;
}

/**
 * One scheduler run at `ctx.now()` (see module comment). Errors of one subscription are logged and
 * counted out, never thrown, so one bad row does not stop the others.
 * @param opts.sites only these sites (default all)
 */
export async function runRecurringOrders(ctx: CommerceContext, opts: { sites?: readonly BaseSiteId[] } = {}): Promise<RecurringRunResult> {
  const result = emptyResult();
  const now = ctx.now();
  const sites = opts.sites ?? BASE_SITE_IDS;
  for (const site of sites) {
    const settings = await loadAdSettings(ctx.dbh.db, site);
    if (!settings.enabled) continue;
    const run: SiteRun = { site, settings, shipping: await loadShippingConfig(ctx.dbh.db, site), today: localDateOf(now, settings.timeZone) };
    result.reminded += await sendReminders(ctx, run);
    // Due cycles: each claim moves the subscription's next date past today, so the loop ends.
    for (let guard = 0; guard < 10_000; guard++) {
      const due = await listDueSubscriptions(ctx.dbh.db, { site, localDate: run.today, limit: BATCH, statuses: ['active', 'paused'] });
      if (due.length === 0) break;
      let progressed = false;
      for (const row of due) {
        try {
          const claim = await claimDueCycle(ctx, row.id, run);
          if (claim.moved) progressed = true;
          if (claim.cycleDate) add(result, await placeCycleOrder(ctx, row.id, claim.cycleDate, 1, run));
        } catch (error) {
          ctx.log.error({ subscriptionId: row.id, err: errorText(error) }, 'recurring order failed');
        }
      }
      if (!progressed) break;
    }
  }
  // Retries of failed charges, then cycles a stopped process left behind.
  const retries = await listRetryDueCycles(ctx.dbh.db, now.toISOString(), BATCH);
  for (const cycle of retries) {
    try {
      add(result, await retryCycle(ctx, cycle));
    } catch (error) {
      ctx.log.error({ subscriptionId: cycle.subscription_id, err: errorText(error) }, 'charge retry failed');
    }
  }
  const stale = await listStaleProcessingCycles(ctx.dbh.db, new Date(now.getTime() - STALE_CYCLE_MS).toISOString(), BATCH);
  for (const cycle of stale) {
    try {
      add(result, await resumeStaleCycle(ctx, cycle));
    } catch (error) {
      ctx.log.error({ subscriptionId: cycle.subscription_id, err: errorText(error) }, 'could not finish a stale cycle');
    }
  }
  if (result.placed + result.failed + result.skipped + result.reminded + result.unknown > 0) ctx.log.info({ ...result }, 'recurring orders run');
  return result;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function siteRunOf(ctx: CommerceContext, site: BaseSiteId): Promise<SiteRun> {
  const settings = await loadAdSettings(ctx.dbh.db, site);
  return { site, settings, shipping: await loadShippingConfig(ctx.dbh.db, site), today: localDateOf(ctx.now(), settings.timeZone) };
}

// ---------------------------------------------------------------------------------------------
// Reminders

async function sendReminders(ctx: CommerceContext, run: SiteRun): Promise<number> {
  const lead = run.settings.reminderLeadDays;
  if (lead <= 0) return 0;
  const candidates = await listReminderCandidates(ctx.dbh.db, { site: run.site, from: addLocalDays(run.today, 1), to: addLocalDays(run.today, lead), limit: 1000 });
  let sent = 0;
  for (const row of candidates) {
    if (!isReminderDue(scheduleOf(row), run.today, lead, row.reminded_for_date)) continue;
    if (!(await markReminded(ctx.dbh.db, row.id, row.next_ship_date, ctx.now().toISOString()))) continue;
    sent += 1;
    await sendItemsEmail(ctx, run, row, 'reminder');
  }
  return sent;
}

/**
 * Tells the customer a cycle was skipped because every item was out of stock (issue 10 "skipped
 * with a notice"): the items and the next ship date the schedule moved on to. Sent after the
 * cycle's transaction committed; nothing is sent when the customer has no email.
 */
async function sendSkippedNotice(ctx: CommerceContext, subscriptionId: string, run: SiteRun): Promise<void> {
  const row = await findSubscription(ctx.dbh.db, subscriptionId);
  if (row) await sendItemsEmail(ctx, run, row, 'skippedOutOfStock');
}

/**
 * Sends an email about a subscription's items and next ship date (the reminder, or the notice of
 * a cycle skipped for stock) in the subscription's language, in the background; nothing when the
 * customer has no email.
 */
async function sendItemsEmail(ctx: CommerceContext, run: SiteRun, row: SubscriptionRow, kind: 'reminder' | 'skippedOutOfStock'): Promise<void> {
  const email = await customerEmail(ctx.dbh.db, row.customer_id);
  if (!email) return;
  const items = (await listSubscriptionItems(ctx.dbh.db, [row.id])).get(row.id) ?? [];
  const variants = await loadAdVariants(ctx.dbh.db, run.site, items.map((i) => i.variant_code));
  const lang = langOf(row);
  const input: AutoDeliveryEmailInput = {
    kind,
    to: email,
    baseSiteId: run.site,
    lang,
    subscriptionId: row.id,
    currency: row.currency,
    shipDate: row.next_ship_date,
    lines: items.map((i) => ({ name: nameOf(variants.get(i.variant_code), i.variant_code, lang), qty: Number(i.qty) })),
  };
  ctx.mailer.sendInBackground(() => sendAutoDeliveryEmail(ctx.mailer, input), `auto-delivery ${kind} ${row.id}`);
}

function langOf(row: Pick<SubscriptionRow, 'lang'>): Lang {
  return row.lang === 'fr' ? 'fr' : 'en';
}

function nameOf(v: AdVariant | undefined, code: string, lang: Lang): string {
  if (!v) return code;
  return lang === 'fr' ? v.nameFr : v.nameEn;
}

async function customerEmail(db: Executor, customerId: string): Promise<string | null> {
  const row = await db.selectFrom('customers').select('email').where('id', '=', customerId).executeTakeFirst();
  return row?.email ?? null;
}

// ---------------------------------------------------------------------------------------------
// Claim

/**
 * Claims the due cycle of a subscription (one transaction, row locked): a paused subscription
 * whose pause is over becomes active; the cycle row is inserted (`ON CONFLICT DO NOTHING`) and the
 * next ship date moves past `today` (cycles missed while the scheduler was down are not placed
 * twice over: one order, then the rule). Answers the claimed cycle date (null when another process
 * had it, or nothing was due) and whether the subscription changed.
 */
export async function claimDueCycle(ctx: CommerceContext, subscriptionId: string, run: Pick<SiteRun, 'today'>): Promise<{ cycleDate: LocalDate | null; moved: boolean }> {
  return withTransaction(ctx.dbh, async (trx) => {
    const row = await lockSubscription(trx, subscriptionId, ctx.dbh.dialect);
    if (!row) return { cycleDate: null, moved: false };
    const s = endPauseIfOver(scheduleOf(row), run.today);
    if (s.status !== 'active' || compareLocalDates(s.nextShipDate, run.today) > 0) return { cycleDate: null, moved: false };
    const nowIso = ctx.now().toISOString();
    const cycleDate = s.nextShipDate;
    const claimed = await claimCycle(trx, subscriptionId, cycleDate, nowIso);
    let next: SubscriptionSchedule = afterCyclePlaced(s, cycleDate);
    while (compareLocalDates(next.nextShipDate, run.today) <= 0) next = afterCyclePlaced(next, next.nextShipDate);
    await updateSubscription(trx, subscriptionId, schedulePatch(next), nowIso);
    return { cycleDate: claimed ? cycleDate : null, moved: true };
  }, { retries: 2 });
}

// ---------------------------------------------------------------------------------------------
// Placing and charging

/** How a cycle attempt ended. */
export type CycleOutcome = 'placed' | 'failed' | 'suspended' | 'skipped' | 'unknown' | 'none';

interface PlacedCycle {
  order: OrderRow;
  taken: Array<{ variantCode: string; qty: number }>;
  lines: Array<{ name: string; qty: number; count: number | null; packType: string | null; productType: string }>;
  notice: CycleNotice;
  sub: SubscriptionRow;
  email: string | null;
  charge: { providerCustomerId: string; providerPaymentMethodId: string } | null;
}

/**
 * Places the order of a claimed cycle (status `processing`) and charges it: see module comment.
 * @param attempt the charge attempt number (1 = first; retries 2…)
 */
export async function placeCycleOrder(ctx: CommerceContext, subscriptionId: string, cycleDate: LocalDate, attempt: number, run?: SiteRun): Promise<CycleOutcome> {
  // Site data is read before the transaction (on SQLite a read outside the open transaction would wait for it).
  let r = run;
  if (!r) {
    const head = await ctx.dbh.db.selectFrom('subscriptions').select('base_site').where('id', '=', subscriptionId).executeTakeFirst();
    if (!head) return 'none';
    r = await siteRunOf(ctx, head.base_site as BaseSiteId);
  }
  const siteRun = r;
  const placed = await withTransaction(ctx.dbh, async (trx) => {
    const sub = await findSubscription(trx, subscriptionId);
    if (!sub) return null;
    return writeCycleOrder(ctx, trx, sub, cycleDate, attempt, siteRun);
  }, { retries: 2 });
  if (placed === null) return 'none';
  if (placed === 'skipped') {
    await sendSkippedNotice(ctx, subscriptionId, siteRun);
    return 'skipped';
  }
  // issue 11 item 4 (ADR 0037, 0038): stock was taken (committed); the API's cached answers and the pages showing these variants are purged
  catalogChangesOf(ctx.dbh).emit({ kind: 'products', codes: placed.taken.map((t) => t.variantCode) });
  return chargeAndSettle(ctx, placed, cycleDate, attempt);
}

async function writeCycleOrder(ctx: CommerceContext, trx: Executor, sub: SubscriptionRow, cycleDate: LocalDate, attempt: number, run: SiteRun): Promise<PlacedCycle | 'skipped' | null> {
  const nowIso = ctx.now().toISOString();
  const site = run.site;
  const lang = langOf(sub);
  // One writer per attempt: the cycle row moves to this attempt number first (a conditional
  // update: a second worker — another process, or a stale-cycle takeover — finds it done and stops).
  const mine = await trx
    .updateTable('subscription_cycles')
    .set({ attempts: attempt, updated_at: nowIso })
    .where('subscription_id', '=', sub.id)
    .where('cycle_date', '=', cycleDate)
    .where('status', '=', 'processing')
    .where('attempts', '<', attempt)
    .executeTakeFirst();
  if (Number(mine.numUpdatedRows) !== 1) return null;
  const items = (await listSubscriptionItems(trx, [sub.id])).get(sub.id) ?? [];
  const codes = items.flatMap((i) => (i.backup_variant_code ? [i.variant_code, i.backup_variant_code] : [i.variant_code]));
  const variants = await loadAdVariants(trx, site, codes);
  // A retry keeps the date of the cycle's first failed charge (retries count from it).
  const previous = attempt > 1 ? parseNotice((await findCycle(trx, sub.id, cycleDate))?.notice_json ?? null) : null;
  const notice: CycleNotice = { replaced: [], skipped: [], ...(previous?.firstFailureDate ? { firstFailureDate: previous.firstFailureDate } : {}) };
  // First choice per item: the variant when sellable with stock, else its backup, else left out.
  const chosen: Array<{ item: (typeof items)[number]; v: AdVariant; isBackup: boolean }> = [];
  const usable = (v: AdVariant | undefined, qty: number): v is AdVariant => v !== undefined && v.adEligible && v.available >= qty;
  for (const item of items) {
    const qty = Number(item.qty);
    const primary = variants.get(item.variant_code);
    const backup = item.backup_variant_code ? variants.get(item.backup_variant_code) : undefined;
    if (usable(primary, qty)) chosen.push({ item, v: primary, isBackup: false });
    else if (usable(backup, qty)) chosen.push({ item, v: backup, isBackup: true });
    else notice.skipped.push(item.variant_code);
  }
  // One conditional statement for every line (checkout's); a line that lost its stock meanwhile
  // tries its backup in one more statement, else is left out.
  let lines = chosen;
  const short = new Set(await tryDecrementStockMany(trx, chosen.map((c) => ({ variantCode: c.v.variantCode, qty: Number(c.item.qty) }))));
  if (short.size > 0) {
    const retry = chosen.filter((c) => short.has(c.v.variantCode) && !c.isBackup && c.item.backup_variant_code && variants.get(c.item.backup_variant_code)?.adEligible);
    const second = retry.length
      ? new Set(await tryDecrementStockMany(trx, retry.map((c) => ({ variantCode: c.item.backup_variant_code as string, qty: Number(c.item.qty) }))))
      : new Set<string>();
    lines = [];
    for (const c of chosen) {
      if (!short.has(c.v.variantCode)) lines.push(c);
      else if (retry.includes(c) && !second.has(c.item.backup_variant_code as string)) lines.push({ item: c.item, v: variants.get(c.item.backup_variant_code as string) as AdVariant, isBackup: true });
      else notice.skipped.push(c.item.variant_code);
    }
  }
  for (const c of lines) if (c.isBackup) notice.replaced.push({ from: c.item.variant_code, to: c.v.variantCode });

  if (lines.length === 0) {
    await updateCycle(trx, sub.id, cycleDate, { status: 'skipped', notice_json: JSON.stringify(notice), attempts: attempt }, nowIso, 'processing');
    ctx.log.info({ subscriptionId: sub.id, cycleDate }, 'recurring order skipped: every item out of stock');
    return 'skipped';
  }

  // Prices: current prices, recurring AD price (ADR 0018 "Prices"); outside the promotion engine.
  const priced = lines.map((c, i) => {
    const p = c.v.price;
    if (!p) throw new Error(`variant ${c.v.variantCode} has no price on ${site}`);
    const strategy: SalesPriceStrategy | null = isSalesPriceStrategy(p.salesPriceStrategy) ? p.salesPriceStrategy : null;
    const unit = adUnitPrice({ priceMinor: p.priceMinor, discountPriceMinor: p.discountPriceMinor, isDiscountPrice: p.isDiscountPrice, salesPriceStrategy: strategy }, 'adRecurring', run.settings.discountBps);
    return { entryNumber: i, c, unitMinor: unit.unitMinor, qty: Number(c.item.qty) };
  });
  const address = parseAddress(sub.shipping_address_json);
  if (!address) throw new Error(`subscription ${sub.id} has no readable shipping address`);
  const totals = computeCartTotals({
    currency: sub.currency as CurrencyIso,
    entries: priced.map((p) => ({ entryNumber: p.entryNumber, unitPriceMinor: p.unitMinor, qty: p.qty })),
    discountsMinor: 0,
    freeShipping: run.settings.freeStandardShipping,
    site,
    shippingConfig: run.shipping,
    deliveryMode: 'standard',
    address: { country: address.country as Country, region: address.region },
    date: ctx.now(),
  });
  // The customer, card and provider customer in one statement.
  const who = await trx
    .selectFrom('customers as c')
    .leftJoin('saved_payment_methods as m', (j) => j.onRef('m.customer_id', '=', 'c.id').on('m.id', '=', sub.saved_payment_method_id ?? ''))
    .leftJoin('payment_customers as pc', (j) => j.onRef('pc.customer_id', '=', 'c.id').onRef('pc.provider', '=', 'm.provider'))
    .select(['c.email', 'm.provider_payment_method_id', 'm.provider', 'pc.provider_customer_id'])
    .where('c.id', '=', sub.customer_id)
    .executeTakeFirst();
  const code = generateOrderCode(site, (n) => randomBytes(n));
  const { sameAsShipping: _drop, ...shipTo } = address;
  const order: OrderRow = {
    code,
    base_site: site,
    cart_guid: `cycle:${sub.id}:${cycleDate}:${attempt}`,
    user_id: sub.customer_id,
    email: who?.email ?? '',
    status: PENDING_PAYMENT_STATUS,
    currency: sub.currency,
    lang,
    ...orderAmountColumns(totals),
    shipping_address_json: JSON.stringify(shipTo),
    billing_address_json: JSON.stringify(shipTo),
    delivery_mode: 'standard',
    payment_intent_id: '',
    payment_provider: ctx.payments.name,
    payment_summary: '{}',
    created_at: nowIso,
    gift_card_minor: 0,
    kind: 'recurring',
    subscription_id: sub.id,
  };
  const entries: OrderEntryRow[] = priced.map((p) => ({
    order_code: code,
    entry_number: p.entryNumber,
    variant_code: p.c.v.variantCode,
    product_code: p.c.v.baseProductCode,
    name: lang === 'fr' ? p.c.v.nameFr : p.c.v.nameEn,
    entry_type: sub.entry_type,
    qty: p.qty,
    unit_price_minor: p.unitMinor,
    total_minor: p.unitMinor * p.qty,
    frequency_weeks: sub.frequency_weeks,
    subscription_id: sub.id,
  }));
  await insertOrder(trx, order, entries);
  await updateCycle(trx, sub.id, cycleDate, { order_code: code, notice_json: JSON.stringify(notice) }, nowIso, 'processing');
  const usableCard = who?.provider_payment_method_id && who.provider_customer_id && who.provider === ctx.payments.name;
  return {
    order,
    taken: priced.map((p) => ({ variantCode: p.c.v.variantCode, qty: p.qty })),
    lines: priced.map((p) => ({ name: lang === 'fr' ? p.c.v.nameFr : p.c.v.nameEn, qty: p.qty, count: p.c.v.count, packType: p.c.v.packType, productType: p.c.v.productType })),
    notice,
    sub,
    email: who?.email ?? null,
    charge: usableCard ? { providerCustomerId: who.provider_customer_id as string, providerPaymentMethodId: who.provider_payment_method_id as string } : null,
  };
}

async function chargeAndSettle(ctx: CommerceContext, p: PlacedCycle, cycleDate: LocalDate, attempt: number): Promise<CycleOutcome> {
  let result: ChargeSavedResult;
  const provider = ctx.payments;
  if (!p.charge || !provider.chargeSaved) {
    result = { intentId: '', status: 'failed', declineCode: 'payment_method_required', message: 'No saved card to charge.' };
  } else {
    const charge = p.charge;
    const chargeSaved = provider.chargeSaved.bind(provider);
    try {
      result = await beforeDeadline(Date.now() + PAYMENT_DEADLINE_MS, 'chargeSaved', () =>
        chargeSaved({
          amountMinor: p.order.total_minor,
          currency: p.order.currency,
          providerCustomerId: charge.providerCustomerId,
          providerPaymentMethodId: charge.providerPaymentMethodId,
          idempotencyKey: `cycle:${p.sub.id}:${cycleDate}:${attempt}`,
          site: p.order.base_site,
          reference: p.order.code,
        }),
      );
    } catch (error) {
      // Unknown outcome: the order stays pending and the cycle processing; a later run charges
      // again with the same idempotency key (the provider answers the first outcome).
      ctx.log.error({ orderCode: p.order.code, err: errorText(error) }, 'off-session charge outcome unknown; left for the next run');
      return 'unknown';
    }
  }
  if (result.status === 'succeeded') return settlePaid(ctx, p, cycleDate, result);
  return settleFailed(ctx, p, cycleDate, attempt, result);
}

async function settlePaid(ctx: CommerceContext, p: PlacedCycle, cycleDate: LocalDate, result: ChargeSavedResult): Promise<CycleOutcome> {
  const sub = p.sub;
  const lang = langOf(sub);
  const settled = await withTransaction(ctx.dbh, async (trx, afterCommit) => {
    const nowIso = ctx.now().toISOString();
    const moved = await trx
      .updateTable('orders')
      .set({ status: PLACED_STATUS, payment_intent_id: result.intentId, payment_summary: JSON.stringify(result.summary ?? {}) })
      .where('code', '=', p.order.code)
      .where('status', '=', PENDING_PAYMENT_STATUS)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await updateCycle(trx, sub.id, cycleDate, { status: 'placed', order_code: p.order.code, next_attempt_at: null, last_error: null }, nowIso);
    // issue 12 (ADR 0028, business defaults): every AD order earns Perks points on its beverages, at the AD rate
    const placedEntries = await trx.selectFrom('order_entries').select(['entry_number', 'product_code', 'entry_type', 'total_minor']).where('order_code', '=', p.order.code).execute();
    await earnOrderPoints(trx, p.order, placedEntries, ctx.now());
    if (sub.campaign_code) await countTowardCommitment(trx, sub.id, cycleDate, p.lines, nowIso);
    if (sub.program === 'MONTHLY_BOX' && sub.rotation === 'curated') await rotateCuratedBox(trx, sub);
    const next = await trx.selectFrom('subscriptions').select('next_ship_date').where('id', '=', sub.id).executeTakeFirst();
    if (p.email) {
      const input: AutoDeliveryEmailInput = {
        kind: 'orderPlaced',
        to: p.email,
        baseSiteId: sub.base_site,
        lang,
        subscriptionId: sub.id,
        currency: sub.currency,
        orderCode: p.order.code,
        totalMinor: p.order.total_minor,
        lines: p.lines.map((l) => ({ name: l.name, qty: l.qty })),
        replaced: p.notice.replaced,
        skipped: p.notice.skipped,
        ...(next ? { shipDate: next.next_ship_date } : {}),
      };
      afterCommit(() => ctx.mailer.sendInBackground(() => sendAutoDeliveryEmail(ctx.mailer, input), `auto-delivery order ${p.order.code}`));
    }
    return true;
  }, { retries: 2 });
  if (!settled) return 'none';
  ctx.log.info({ orderCode: p.order.code, subscriptionId: sub.id, cycleDate }, 'recurring order placed');
  return 'placed';
}

/**
 * Counts a paid recurring order toward the subscription's open commitment (ADR 0018 "Brewer
 * campaigns"): its beverage boxes, and one order when it has at least `min_boxes_per_order`;
 * orders after the deadline count for nothing. Met → status `met` (the subscription goes on at
 * the normal AD discount and may be cancelled at no cost).
 */
async function countTowardCommitment(trx: Executor, subscriptionId: string, cycleDate: LocalDate, lines: PlacedCycle['lines'], nowIso: string): Promise<void> {
  const commitment = await findSubscriptionCommitment(trx, subscriptionId);
  if (!commitment || commitment.status !== 'open' || compareLocalDates(cycleDate, commitment.deadline) > 0) return;
  const beverages = lines.filter((l) => l.productType !== 'Brewer' && l.productType !== 'Accessory');
  const boxes = orderBoxes(beverages.map((l) => ({ count: l.count, packType: l.packType === 'Bagged' || l.packType === 'Canned' ? l.packType : null, qty: l.qty })));
  const after = await countCommitmentOrder(trx, commitment.id, { boxes, countsAsOrder: boxes >= Number(commitment.min_boxes_per_order) }, nowIso);
  if (!after) return;
  const met = isCommitmentMet({
    boxesCounted: Number(after.boxes_counted),
    ordersCounted: Number(after.orders_counted),
    terms: { ...STARTER_KIT_COMMITMENT_TERMS, boxesRequired: Number(after.boxes_required), minOrders: Number(after.min_orders), minBoxesPerOrder: Number(after.min_boxes_per_order) },
  });
  if (met) await setCommitmentStatus(trx, commitment.id, 'open', { status: 'met' }, nowIso);
}

/**
 * A curated monthly box moves its item to the next box of the rotation after each placed month
 * (ADR 0018 amendment "monthly boxes"): the operator's `monthlyBoxRotation`, or every monthly box
 * of the item's count the site sells.
 */
async function rotateCuratedBox(trx: Executor, sub: SubscriptionRow): Promise<void> {
  const item = ((await listSubscriptionItems(trx, [sub.id])).get(sub.id) ?? [])[0];
  if (!item) return;
  let rotation = parseMonthlyBoxRotation((await getSiteConfigValues(trx, sub.base_site, [MONTHLY_BOX_ROTATION_KEY])).get(MONTHLY_BOX_ROTATION_KEY));
  if (rotation.length === 0) {
    const v = await trx.selectFrom('variants').select('count').where('code', '=', item.variant_code).executeTakeFirst();
    rotation = v?.count ? (await listMonthlyBoxVariants(trx, sub.base_site, [Number(v.count)])).map((b) => b.variantCode) : [];
  }
  const next = nextCuratedBox(rotation, item.variant_code);
  if (next === item.variant_code) return;
  await trx.updateTable('subscription_items').set({ variant_code: next, backup_variant_code: null }).where('id', '=', item.id).execute();
}

async function settleFailed(ctx: CommerceContext, p: PlacedCycle, cycleDate: LocalDate, attempt: number, result: ChargeSavedResult): Promise<CycleOutcome> {
  const sub = p.sub;
  const lang = langOf(sub);
  const settings = await loadAdSettings(ctx.dbh.db, sub.base_site as BaseSiteId);
  const today = localDateOf(ctx.now(), settings.timeZone);
  const notice: CycleNotice = { ...p.notice, firstFailureDate: p.notice.firstFailureDate ?? today };
  const plan = retryPlan(settings.retryDays, notice.firstFailureDate ?? today, attempt);
  const outcome = await withTransaction(ctx.dbh, async (trx, afterCommit) => {
    const nowIso = ctx.now().toISOString();
    const moved = await trx
      .updateTable('orders')
      .set({ status: CANCELLED_STATUS, payment_intent_id: result.intentId })
      .where('code', '=', p.order.code)
      .where('status', '=', PENDING_PAYMENT_STATUS)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return 'none' as const;
    await incrementStockMany(trx, p.taken);
    const mail = (input: Omit<AutoDeliveryEmailInput, 'to' | 'baseSiteId' | 'lang' | 'subscriptionId' | 'currency'>) => {
      if (!p.email) return;
      const full: AutoDeliveryEmailInput = { ...input, to: p.email, baseSiteId: sub.base_site, lang, subscriptionId: sub.id, currency: sub.currency };
      afterCommit(() => ctx.mailer.sendInBackground(() => sendAutoDeliveryEmail(ctx.mailer, full), `auto-delivery ${input.kind} ${sub.id}`));
    };
    if (plan.action === 'retry') {
      const at = startOfLocalDay(plan.attemptDate, settings.timeZone).toISOString();
      await updateCycle(trx, sub.id, cycleDate, { status: 'payment_failed', next_attempt_at: at, last_error: result.declineCode ?? 'card_declined', notice_json: JSON.stringify(notice) }, nowIso);
      if (attempt === 1) mail({ kind: 'paymentFailed', nextAttemptDate: plan.attemptDate });
      return 'failed' as const;
    }
    await updateCycle(trx, sub.id, cycleDate, { status: 'suspended', next_attempt_at: null, last_error: result.declineCode ?? 'card_declined', notice_json: JSON.stringify(notice) }, nowIso);
    const row = await lockSubscription(trx, sub.id, ctx.dbh.dialect);
    if (row && row.status !== 'cancelled') {
      await updateSubscription(trx, sub.id, { status: 'suspended', suspended_at: nowIso, paused_until: null }, nowIso);
      mail({ kind: 'suspended' });
    }
    return 'suspended' as const;
  }, { retries: 2 });
  // the stock given back shows on the next catalogue read (after commit)
  if (outcome !== 'none') catalogChangesOf(ctx.dbh).emit({ kind: 'products', codes: p.taken.map((t) => t.variantCode), fbt: true });
  ctx.log.info({ orderCode: p.order.code, subscriptionId: sub.id, attempt, declineCode: result.declineCode, outcome }, 'recurring order charge failed; stock released');
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Retries and stale cycles

async function retryCycle(ctx: CommerceContext, cycle: SubscriptionCycleRow): Promise<CycleOutcome> {
  const sub = await findSubscription(ctx.dbh.db, cycle.subscription_id);
  const nowIso = ctx.now().toISOString();
  if (!sub || sub.status === 'cancelled') {
    // Nothing more to try: the customer cancelled.
    await updateCycle(ctx.dbh.db, cycle.subscription_id, cycle.cycle_date, { next_attempt_at: null }, nowIso, 'payment_failed');
    return 'none';
  }
  // Claim the retry: only the process that moves it back to processing charges.
  if (!(await updateCycle(ctx.dbh.db, cycle.subscription_id, cycle.cycle_date, { status: 'processing' }, nowIso, 'payment_failed'))) return 'none';
  return placeCycleOrder(ctx, cycle.subscription_id, cycle.cycle_date, Number(cycle.attempts) + 1);
}

async function resumeStaleCycle(ctx: CommerceContext, cycle: SubscriptionCycleRow): Promise<CycleOutcome> {
  const nowIso = ctx.now().toISOString();
  // Take it over: bump updated_at while still processing (one process wins).
  if (!(await updateCycle(ctx.dbh.db, cycle.subscription_id, cycle.cycle_date, {}, nowIso, 'processing'))) return 'none';
  const attempt = Number(cycle.attempts);
  const order = cycle.order_code ? await ctx.dbh.db.selectFrom('orders').selectAll().where('code', '=', cycle.order_code).executeTakeFirst() : undefined;
  const sub = await findSubscription(ctx.dbh.db, cycle.subscription_id);
  if (!sub) return 'none';
  if (order?.status === PLACED_STATUS) {
    await updateCycle(ctx.dbh.db, cycle.subscription_id, cycle.cycle_date, { status: 'placed' }, nowIso, 'processing');
    return 'none';
  }
  // No order for this attempt yet (stopped before writing it, or a retry claimed): the next
  // attempt, guarded by the attempt number (one writer).
  if (!order || order.status !== PENDING_PAYMENT_STATUS || order.cart_guid !== `cycle:${sub.id}:${cycle.cycle_date}:${attempt}`) {
    return placeCycleOrder(ctx, cycle.subscription_id, cycle.cycle_date, attempt + 1);
  }
  const entries = await ctx.dbh.db.selectFrom('order_entries').selectAll().where('order_code', '=', order.code).execute();
  const variants = await loadAdVariants(ctx.dbh.db, order.base_site, entries.map((e) => e.variant_code));
  const who = await ctx.dbh.db
    .selectFrom('saved_payment_methods as m')
    .innerJoin('payment_customers as pc', (j) => j.onRef('pc.customer_id', '=', 'm.customer_id').onRef('pc.provider', '=', 'm.provider'))
    .select(['m.provider_payment_method_id', 'pc.provider_customer_id'])
    .where('m.id', '=', sub.saved_payment_method_id ?? '')
    .where('m.customer_id', '=', sub.customer_id)
    .executeTakeFirst();
  const placed: PlacedCycle = {
    order,
    taken: entries.map((e) => ({ variantCode: e.variant_code, qty: Number(e.qty) })),
    lines: entries.map((e) => {
      const v = variants.get(e.variant_code);
      return { name: e.name, qty: Number(e.qty), count: v?.count ?? null, packType: v?.packType ?? null, productType: v?.productType ?? '' };
    }),
    notice: parseNotice(cycle.notice_json),
    sub,
    email: order.email || null,
    charge: who ? { providerCustomerId: who.provider_customer_id, providerPaymentMethodId: who.provider_payment_method_id } : null,
  };
  return chargeAndSettle(ctx, placed, cycle.cycle_date, attempt);
}

// ---------------------------------------------------------------------------------------------
// In-process runner

/**
 * Starts the in-process scheduler (like the pending-order sweeper): one run right away, then one
 * every `intervalMs`, never two at once in a process (other processes are safe: see module
 * comment). The timer does not keep the process alive. Answers a stop function that resolves once
 * a run in progress has finished.
 */
export function startRecurringOrderScheduler(ctx: CommerceContext, intervalMs: number = SCHEDULER_INTERVAL_MS): () => Promise<void> {
  return startPeriodic(() => runRecurringOrders(ctx), intervalMs, ctx.log, 'recurring order run failed');
}

