/**
 * Brewhaus Perks loyalty flows (issue 12; ADR 0028; spec §3 perksOptIn, §6, §7 loyalty calls).
 *
 * - Enrolment ({@link signUpForLoyalty}, {@link updatePerksOptIn}): customers only, on sites whose
 *   `loyaltyEnabled` is on; sign-up is idempotent (one member row per customer and site).
 * - Reading ({@link loyaltySummary}, {@link loyaltyHistory}, {@link loyaltyCartPreview}): balances
 *   are the ledger's sums; points past their expiry are written off (`expired`, FIFO) first, in
 *   the same transaction, under the member lock.
 * - Earning, inside the order transactions: {@link earnOrderPoints} (placement: `earned_pending`
 *   per beverage line, at the AD rate on auto-delivery lines, for an enrolled and opted-in
 *   member), {@link reverseOrderPendingPoints} (cancel), {@link loyaltyOrderShipped} (shipment:
 *   pending → available, once per consignment).
 *
 * Every ledger write first locks the member row ({@link lockLoyaltyMember}) and checks each entry
 * against the balance with the domain's `checkPointsEntry`, so no bucket ever goes negative.
 */
import type { LoyaltyHistory, LoyaltyPreview, LoyaltySummary, LoyaltyTierInfo } from '@store/contracts';
import type { Executor, LoyaltyLedgerRow, NewLoyaltyLedgerRow, OrderEntryRow, OrderRow } from '@store/db';
import {
  findCart,
  findLoyaltyMember,
  getSiteConfigValues,
  insertLoyaltyEntries,
  insertLoyaltyMemberIfAbsent,
  listLoyaltyEntries,
  listOrderLoyaltyEntries,
  lockLoyaltyMember,
  pageLoyaltyEntries,
  setLoyaltyOptIn,
  withTransaction,
} from '@store/db';
import {
  checkPointsEntry,
  conflict,
  forbidden,
  isAutoDeliveryLine,
  isBeverageProduct,
  localeFor,
  LOYALTY_SETTING_KEYS,
  notFound,
  parseLoyaltySettings,
  pointsBalance,
  pointsExpiringWithin,
  pointsExpiryOf,
  pointsForOrder,
  pointsMoneyValueMinor,
  pointsToExpire,
  pointsToMoveOnShipment,
  SITES,
  tierStatus,
  toPriceData,
  type BaseSiteId,
  type CurrencyIso,
  type Lang,
  type LoyaltySettings,
  type LoyaltyTier,
  type PointsBucket,
  type PointsEntry,
  type PointsEntryKind,
} from '@store/domain';
import type { CommerceContext } from './context.ts';
import { pickLang } from './context.ts';
import { computeCart } from './cart-view.ts';
import { createWelcomeOffer, welcomeOfferOf } from './perks-welcome.ts';

/** The loyalty settings of a site (`site_config`, parsed by the domain; never throws). */
export async function loadLoyaltySettings(db: Executor, site: BaseSiteId): Promise<LoyaltySettings> {
  const values = await getSiteConfigValues(db, site, Object.values(LOYALTY_SETTING_KEYS));
  return parseLoyaltySettings(site, Object.fromEntries(values));
}

/** The settings of a site that runs Perks. @throws 404 `LoyaltyError` `loyaltyDisabled` elsewhere (usafh) */
export async function requireLoyaltySite(db: Executor, site: BaseSiteId): Promise<LoyaltySettings> {
  const settings = await loadLoyaltySettings(db, site);
  if (!settings.enabled) throw notFound('LoyaltyError', 'loyaltyDisabled', 'Brewhaus Perks is not offered on this site', 'baseSiteId');
  return settings;
}

/** The customer of a loyalty call. @throws 403 `LoyaltyError` `customersOnly` for the anonymous user (spec §6) */
export function requireLoyaltyCustomer(userId: string | null): string {
  if (!userId) throw forbidden('LoyaltyError', 'customersOnly', 'Brewhaus Perks is for customers: sign in or create an account to join', 'userId');
  return userId;
}

function entryOf(row: LoyaltyLedgerRow): PointsEntry {
  return {
    kind: row.kind as PointsEntryKind,
    bucket: row.bucket as PointsBucket,
    points: Number(row.points),
    createdAt: new Date(row.created_at),
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  };
}

/**
 * Writes entries after checking each against the member's balance (the caller holds the member
 * lock; `entries` are the member's current entries). An entry whose `idem_key` is already written
 * is skipped. @throws Error when an entry would break a ledger rule (a bug, never user input)
 */
async function writeChecked(trx: Executor, entries: PointsEntry[], rows: NewLoyaltyLedgerRow[]): Promise<number> {
  let written = 0;
  for (const row of rows) {
    const entry: PointsEntry = { kind: row.kind as PointsEntryKind, bucket: row.bucket as PointsBucket, points: row.points, createdAt: new Date(row.created_at), expiresAt: row.expires_at ? new Date(row.expires_at) : null };
    const refusal = checkPointsEntry(pointsBalance(entries), entry);
    if (refusal) throw new Error(`loyalty ledger refused ${row.kind} ${row.points} (${refusal})`);
    const n = await insertLoyaltyEntries(trx, [row]);
    if (n > 0) entries.push(entry);
    written += n;
  }
  return written;
}

/** Writes off points past their expiry (FIFO) for a member whose lock the caller holds; answers the entries after. */
async function expireDuePoints(trx: Executor, userId: string, site: BaseSiteId, now: Date): Promise<PointsEntry[]> {
  const entries = (await listLoyaltyEntries(trx, userId, site)).map(entryOf);
  const due = pointsToExpire(entries, now);
  if (due > 0) {
    await writeChecked(trx, entries, [{ user_id: userId, base_site: site, kind: 'expired', bucket: 'available', points: -due, order_code: null, entry_number: null, quantity: null, consignment_code: null, reason: 'expiry', idem_key: null, created_at: now.toISOString(), expires_at: null }]);
  }
  return entries;
}

function tierInfo(t: LoyaltyTier): LoyaltyTierInfo {
  return { code: t.code, minPoints: t.minPoints, earnBonusBps: t.earnBonusBps };
}

function summaryOf(site: BaseSiteId, lang: Lang, settings: LoyaltySettings, member: { enrolledAt: string; termsVersion: string; optIn: boolean } | null, entries: PointsEntry[], now: Date): Omit<LoyaltySummary, 'welcomeOffer'> {
  const currency = SITES[site].currency as CurrencyIso;
  const locale = localeFor(site, lang);
  const balance = pointsBalance(entries);
  const tier = tierStatus(entries, now, settings);
  return {
    enrolled: member !== null,
    perksOptIn: member?.optIn ?? false,
    enrolledAt: member?.enrolledAt ?? null,
    termsVersion: member?.termsVersion ?? settings.termsVersion,
    availablePoints: balance.available,
    pendingPoints: balance.pending,
    availableValue: toPriceData(pointsMoneyValueMinor(balance.available, settings.pointValueMinorPer100), currency, locale),
    expiringSoonPoints: pointsExpiringWithin(entries, now, settings.expiringSoonDays),
    expiringSoonDays: settings.expiringSoonDays,
    tier: tierInfo(tier.tier),
    tierWindowPoints: tier.windowPoints,
    nextTier: tier.next ? tierInfo(tier.next) : null,
    pointsToNextTier: tier.pointsToNext,
    tiers: settings.tiers.map(tierInfo),
    pointsPerUnit: settings.pointsPerUnit,
    adPointsPerUnit: settings.adPointsPerUnit,
    valueOf100Points: toPriceData(settings.pointValueMinorPer100, currency, locale),
    expiryDays: settings.expiryDays,
  };
}

/**
 * The customer's Perks summary (spec §7 loyalty): balances, value, tier, expiring points. A
 * customer who has not joined gets `enrolled: false` and zeros (the join page shows the rates).
 * @throws 404 `loyaltyDisabled`; 403 `customersOnly`
 */
export async function loyaltySummary(ctx: CommerceContext, site: BaseSiteId, userIdOrNull: string | null, langParam?: unknown): Promise<LoyaltySummary> {
  const settings = await requireLoyaltySite(ctx.dbh.db, site);
  const userId = requireLoyaltyCustomer(userIdOrNull);
  const lang = pickLang(site, langParam);
  const now = ctx.now();
  const member = await findLoyaltyMember(ctx.dbh.db, userId, site);
  if (!member) return { ...summaryOf(site, lang, settings, null, [], now), welcomeOffer: null };
  let entries = (await listLoyaltyEntries(ctx.dbh.db, userId, site)).map(entryOf);
  // a read stays a read: the write-off (under the member lock, re-read there) only when points are due
  if (pointsToExpire(entries, now) > 0) {
    entries = await withTransaction(ctx.dbh, async (trx) => {
      await lockLoyaltyMember(trx, userId, site);
      return expireDuePoints(trx, userId, site, now);
    });
  }
  const welcomeOffer = await welcomeOfferOf(ctx.dbh.db, member.welcome_coupon_code);
  return { ...summaryOf(site, lang, settings, { enrolledAt: member.enrolled_at, termsVersion: member.terms_version, optIn: member.perks_opt_in === 1 }, entries, now), welcomeOffer };
}

/**
 * Joins Perks (spec §7 loyaltyProgramSignup): the terms must be accepted (the contract refuses
 * anything but `acceptTerms: true`); the site's current terms version is recorded. Idempotent: a
 * member signing up again keeps their row (an opted-out member is opted back in) and gets 200.
 * @throws 404 `loyaltyDisabled`; 403 `customersOnly`
 */
export async function signUpForLoyalty(ctx: CommerceContext, site: BaseSiteId, userIdOrNull: string | null, log?: { info(o: object, m: string): void }): Promise<LoyaltySummary> {
  const settings = await requireLoyaltySite(ctx.dbh.db, site);
  const userId = requireLoyaltyCustomer(userIdOrNull);
  const now = ctx.now().toISOString();
  const created = await withTransaction(ctx.dbh, async (trx) => {
    const inserted = await insertLoyaltyMemberIfAbsent(trx, { userId, site, termsVersion: settings.termsVersion, now });
    if (!inserted) {
      const member = await findLoyaltyMember(trx, userId, site);
      if (member && member.perks_opt_in !== 1) await setLoyaltyOptIn(trx, { userId, site, optIn: true, agentId: null, now });
    } else {
      // ADR 0028 amendment: the welcome offer the product pages promise ("save N% on your next order")
      await createWelcomeOffer(trx, site, userId, ctx.now());
      // ADR 0030: referral points earned before joining are waiting for the new member
      const waiting = await trx
        .selectFrom('referrals')
        .select(['order_code', 'reward_points'])
        .where('referrer_id', '=', userId)
        .where('base_site', '=', site)
        .where('status', '=', 'rewarded')
        .execute();
      for (const r of waiting) {
        if (r.order_code && r.reward_points) await grantLoyaltyPoints(trx, { userId, baseSite: site, points: Number(r.reward_points), reason: 'referral', orderCode: r.order_code }, ctx.now());
      }
    }
    return inserted;
  });
  if (created) log?.info({ event: 'loyaltySignUp', customerId: userId, site }, 'customer joined Brewhaus Perks');
  return loyaltySummary(ctx, site, userId);
}

/**
 * Opts a member in or out of earning (spec §7 updatePerksOptInOut; `csAgentId` recorded when an
 * agent acts). Opting out keeps the ledger and stops earning on new orders.
 * @throws 404 `loyaltyDisabled`; 403 `customersOnly`; 409 `LoyaltyError` `notEnrolled`
 */
export async function updatePerksOptIn(ctx: CommerceContext, site: BaseSiteId, userIdOrNull: string | null, body: { perksOptIn: boolean; csAgentId?: string | undefined }): Promise<LoyaltySummary> {
  await requireLoyaltySite(ctx.dbh.db, site);
  const userId = requireLoyaltyCustomer(userIdOrNull);
  const now = ctx.now().toISOString();
  const changed = await setLoyaltyOptIn(ctx.dbh.db, { userId, site, optIn: body.perksOptIn, agentId: body.csAgentId ?? null, now });
  if (!changed) throw conflict('LoyaltyError', 'notEnrolled', 'Join Brewhaus Perks first', 'perksOptIn');
  return loyaltySummary(ctx, site, userId);
}

/**
 * The member's ledger, newest first, paged (0-based). Non-members get an empty page.
 * @throws 404 `loyaltyDisabled`; 403 `customersOnly`
 */
export async function loyaltyHistory(ctx: CommerceContext, site: BaseSiteId, userIdOrNull: string | null, page: { currentPage?: number | undefined; pageSize?: number | undefined }, defaultPageSize: number): Promise<LoyaltyHistory> {
  await requireLoyaltySite(ctx.dbh.db, site);
  const userId = requireLoyaltyCustomer(userIdOrNull);
  const currentPage = page.currentPage ?? 0;
  const pageSize = page.pageSize ?? defaultPageSize;
  const { rows, total } = await pageLoyaltyEntries(ctx.dbh.db, userId, site, { offset: currentPage * pageSize, limit: pageSize });
  return {
    entries: rows.map((r) => ({ id: r.id, kind: r.kind, bucket: r.bucket, points: Number(r.points), orderCode: r.order_code, reason: r.reason, createdAt: r.created_at, expiresAt: r.expires_at })),
    pagination: { currentPage, pageSize, totalPages: Math.ceil(total / pageSize), totalResults: total },
  };
}

/** The tier of a member now (for the earning bonus). */
function tierOf(entries: PointsEntry[], now: Date, settings: LoyaltySettings): LoyaltyTier {
  return tierStatus(entries, now, settings).tier;
}

/**
 * Points the caller's open cart would earn (the cart page's "Earn N points with this order"):
 * computed as placement would, 0 for a cart of another shopper (never an error that would tell
 * it exists). `earning` says whether the caller earns now (enrolled and opted in).
 * @throws 404 `loyaltyDisabled`; 403 `customersOnly`
 */
export async function loyaltyCartPreview(ctx: CommerceContext, site: BaseSiteId, userIdOrNull: string | null, cartGuid: string, langParam?: unknown): Promise<LoyaltyPreview> {
  const settings = await requireLoyaltySite(ctx.dbh.db, site);
  const userId = requireLoyaltyCustomer(userIdOrNull);
  const db = ctx.dbh.db;
  const lang = pickLang(site, langParam);
  const now = ctx.now();
  const currency = SITES[site].currency as CurrencyIso;
  const member = await findLoyaltyMember(db, userId, site);
  const entries = member ? (await listLoyaltyEntries(db, userId, site)).map(entryOf) : [];
  const cart = await findCart(db, cartGuid);
  let points = 0;
  if (cart && cart.user_id === userId && cart.base_site === site && cart.status === 'open') {
    const c = await computeCart(db, cart, lang, now);
    const totals = new Map(c.totals.entries.map((e) => [e.entryNumber, e.totalMinor]));
    const lines = c.lines.map((l) => ({ entryNumber: l.entryNumber, totalMinor: totals.get(l.entryNumber) ?? 0, beverage: isBeverageProduct(l.productType, null), autoDelivery: isAutoDeliveryLine(l.entryType, false) }));
    points = pointsForOrder(lines, c.totals.discountMinor, settings, tierOf(entries, now, settings)).reduce((a, p) => a + p.points, 0);
  }
  return { points, value: toPriceData(pointsMoneyValueMinor(points, settings.pointValueMinorPer100), currency, localeFor(site, lang)), earning: member?.perks_opt_in === 1 };
}

/** Does this customer earn on this site now? (enrolled, opted in, Perks on) — spec §3 perksOptIn. */
export async function customerEarnsPerks(db: Executor, site: BaseSiteId, userId: string): Promise<boolean> {
  const member = await findLoyaltyMember(db, userId, site);
  if (!member || member.perks_opt_in !== 1) return false;
  return (await loadLoyaltySettings(db, site)).enabled;
}

/**
 * Order placement (inside its transaction): an enrolled, opted-in member earns `earned_pending`
 * points per beverage line (AD rate on auto-delivery lines and recurring orders, tier bonus
 * added). Nothing for guests, non-members, opted-out members or sites without Perks. Idempotent
 * per order line (`pend:{order}:{entry}`). Answers the points written.
 */
export async function earnOrderPoints(trx: Executor, order: Pick<OrderRow, 'code' | 'base_site' | 'user_id' | 'discount_minor' | 'kind' | 'created_at'>, entries: ReadonlyArray<Pick<OrderEntryRow, 'entry_number' | 'product_code' | 'entry_type' | 'total_minor'>>, now: Date): Promise<number> {
  const userId = order.user_id;
  const site = order.base_site as BaseSiteId;
  if (!userId || entries.length === 0) return 0;
  const member = await findLoyaltyMember(trx, userId, site);
  if (!member || member.perks_opt_in !== 1) return 0;
  const settings = await loadLoyaltySettings(trx, site);
  if (!settings.enabled) return 0;
  await lockLoyaltyMember(trx, userId, site);
  const codes = [...new Set(entries.map((e) => e.product_code))];
  const products = await trx.selectFrom('products').select(['code', 'product_type', 'beverage_type']).where('code', 'in', codes).execute();
  const byCode = new Map(products.map((p) => [p.code, p]));
  const recurring = order.kind === 'recurring';
  const lines = entries.map((e) => {
    const p = byCode.get(e.product_code);
    return { entryNumber: Number(e.entry_number), totalMinor: Number(e.total_minor), beverage: p ? isBeverageProduct(p.product_type, p.beverage_type) : false, autoDelivery: isAutoDeliveryLine(e.entry_type, recurring) };
  });
  const ledger = (await listLoyaltyEntries(trx, userId, site)).map(entryOf);
  const earned = pointsForOrder(lines, Number(order.discount_minor), settings, tierOf(ledger, now, settings));
  const at = now.toISOString();
  const rows: NewLoyaltyLedgerRow[] = earned.map((p) => ({
    user_id: userId,
    base_site: site,
    kind: 'earned_pending',
    bucket: 'pending',
    points: p.points,
    order_code: order.code,
    entry_number: p.entryNumber,
    quantity: null,
    consignment_code: null,
    reason: 'orderPlaced',
    idem_key: `pend:${order.code}:${p.entryNumber}`,
    created_at: at,
    expires_at: null,
  }));
  await writeChecked(trx, ledger, rows);
  return earned.reduce((a, p) => a + p.points, 0);
}

interface LineState {
  /** points the line earned at placement */
  earned: number;
  /** pending points left */
  pending: number;
  /** points moved to available so far */
  moved: number;
  /** units shipped so far (as recorded with moved points) */
  shipped: number;
}

function lineStates(rows: readonly LoyaltyLedgerRow[]): Map<number, LineState> {
  const states = new Map<number, LineState>();
  for (const r of rows) {
    if (r.entry_number === null) continue;
    const n = Number(r.entry_number);
    const s = states.get(n) ?? { earned: 0, pending: 0, moved: 0, shipped: 0 };
    const points = Number(r.points);
    if (r.bucket === 'pending') s.pending += points;
    if (r.kind === 'earned_pending' && points > 0) s.earned += points;
    if (r.kind === 'earned') {
      s.moved += points;
      s.shipped += Number(r.quantity ?? 0);
    }
    states.set(n, s);
  }
  return states;
}

/**
 * Order cancelled (inside the cancel transaction): every line's pending points are reversed
 * (`reversed`, pending bucket; once per line: `cancel:{order}:{entry}`). Answers the points reversed.
 */
export async function reverseOrderPendingPoints(trx: Executor, orderCode: string, now: Date): Promise<number> {
  const rows = await listOrderLoyaltyEntries(trx, orderCode);
  const first = rows[0];
  if (!first) return 0;
  const userId = first.user_id;
  const site = first.base_site as BaseSiteId;
  await lockLoyaltyMember(trx, userId, site);
  const fresh = await listOrderLoyaltyEntries(trx, orderCode);
  const ledger = (await listLoyaltyEntries(trx, userId, site)).map(entryOf);
  const at = now.toISOString();
  const out: NewLoyaltyLedgerRow[] = [];
  for (const [entryNumber, s] of lineStates(fresh)) {
    if (s.pending <= 0) continue;
    out.push({ user_id: userId, base_site: site, kind: 'reversed', bucket: 'pending', points: -s.pending, order_code: orderCode, entry_number: entryNumber, quantity: null, consignment_code: null, reason: 'orderCancelled', idem_key: `cancel:${orderCode}:${entryNumber}`, created_at: at, expires_at: null });
  }
  await writeChecked(trx, ledger, out);
  return out.reduce((a, r) => a - r.points, 0);
}

/** A shipment of an order (the fulfilment flow's `orderShipped` event). */
export interface LoyaltyShipmentEvent {
  orderCode: string;
  baseSite: BaseSiteId;
  userId: string | null;
  /** the shipment's code: points move once per consignment */
  consignmentCode: string;
  /** the lines shipped and how many units of each */
  entries: Array<{ entryNumber: number; quantity: number }>;
  /** the order is now completely shipped: every pending point of it moves */
  complete: boolean;
  shippedAt: Date;
}

/**
 * An order (or some of its lines) shipped — call inside the fulfilment transaction: the pending
 * points of the shipped units become available (`earned_pending` −n, `earned` +n, expiring
 * `expiryDays` after `shippedAt`), in proportion to the units shipped; `complete` moves whatever
 * is left. Idempotent per consignment: a consignment seen before changes nothing. Orders without
 * points (guests, non-members, opted out at placement) change nothing.
 */
export async function loyaltyOrderShipped(trx: Executor, event: LoyaltyShipmentEvent): Promise<void> {
  if (!event.userId) return;
  const rows = await listOrderLoyaltyEntries(trx, event.orderCode);
  const first = rows[0];
  if (!first) return;
  // the ledger's own member of the order (the event's ids only say it has one)
  const userId = first.user_id;
  const site = first.base_site as BaseSiteId;
  if (!(await lockLoyaltyMember(trx, userId, site))) return;
  const fresh = await listOrderLoyaltyEntries(trx, event.orderCode);
  if (fresh.some((r) => r.consignment_code === event.consignmentCode)) return;
  const settings = await loadLoyaltySettings(trx, site);
  const quantities = await trx.selectFrom('order_entries').select(['entry_number', 'qty']).where('order_code', '=', event.orderCode).execute();
  const qtyOf = new Map(quantities.map((q) => [Number(q.entry_number), Number(q.qty)]));
  const shippedNow = new Map<number, number>();
  for (const e of event.entries) shippedNow.set(e.entryNumber, (shippedNow.get(e.entryNumber) ?? 0) + e.quantity);
  const at = event.shippedAt.toISOString();
  const expires = pointsExpiryOf(event.shippedAt, settings.expiryDays).toISOString();
  const ledger = (await listLoyaltyEntries(trx, userId, site)).map(entryOf);
  const out: NewLoyaltyLedgerRow[] = [];
  for (const [entryNumber, s] of lineStates(fresh)) {
    const qty = shippedNow.get(entryNumber) ?? 0;
    if (qty <= 0 && !event.complete) continue;
    const n = Math.min(s.pending, pointsToMoveOnShipment(s.earned, qtyOf.get(entryNumber) ?? qty, s.shipped, qty, s.moved, event.complete));
    if (n <= 0) continue;
    const common = { user_id: userId, base_site: site, order_code: event.orderCode, entry_number: entryNumber, consignment_code: event.consignmentCode, reason: 'orderShipped', created_at: at };
    out.push({ ...common, kind: 'earned_pending', bucket: 'pending', points: -n, quantity: null, idem_key: `ship:${event.orderCode}:${event.consignmentCode}:${entryNumber}:out`, expires_at: null });
    out.push({ ...common, kind: 'earned', bucket: 'available', points: n, quantity: qty, idem_key: `ship:${event.orderCode}:${event.consignmentCode}:${entryNumber}:in`, expires_at: expires });
  }
  await writeChecked(trx, ledger, out);
}

/** Points given for something other than an order's own lines (issue 12 referrals, ADR 0030). */
export interface LoyaltyPointsGrant {
  userId: string;
  baseSite: BaseSiteId;
  /** points, > 0 */
  points: number;
  /** short machine reason, e.g. 'referral' */
  reason: string;
  /** the order that earned the grant (the friend's first order) */
  orderCode: string;
}

/**
 * Gives `grant.points` available points (expiring `expiryDays` after `now`) — call inside the
 * caller's transaction. Once per reason, order and customer (`idem_key`): a repeat changes
 * nothing. Answers the points written: 0 where loyalty is off or for a customer who has not
 * joined Perks (the ledger belongs to members; {@link signUpForLoyalty} grants rewarded
 * referrals on joining, ADR 0030).
 */
export async function grantLoyaltyPoints(trx: Executor, grant: LoyaltyPointsGrant, now: Date): Promise<number> {
  if (!Number.isSafeInteger(grant.points) || grant.points <= 0) return 0;
  const settings = await loadLoyaltySettings(trx, grant.baseSite);
  if (!settings.enabled) return 0;
  if (!(await lockLoyaltyMember(trx, grant.userId, grant.baseSite))) return 0;
  const entries = (await listLoyaltyEntries(trx, grant.userId, grant.baseSite)).map(entryOf);
  return writeChecked(trx, entries, [
    {
      user_id: grant.userId,
      base_site: grant.baseSite,
      kind: 'earned',
      bucket: 'available',
      points: grant.points,
      order_code: grant.orderCode,
      entry_number: null,
      quantity: null,
      consignment_code: null,
      reason: grant.reason,
      idem_key: `grant:${grant.reason}:${grant.orderCode}:${grant.userId}`,
      created_at: now.toISOString(),
      expires_at: pointsExpiryOf(now, settings.expiryDays).toISOString(),
    },
  ]);
}

/**
 * Takes back a grant of {@link grantLoyaltyPoints} (issue 12 referrals: the friend's order came
 * back whole; ADR 0030 amendment) — call inside the caller's transaction. Reverses what is still
 * available of the grant (never below zero, like returns: a member who spent the points keeps
 * them), once (`idem_key` `grant-reversed:{reason}:{order}:{user}`). Answers the points taken back
 * and those not recovered; `{0, 0}` when there was no such grant or it was already taken back.
 */
export async function reverseGrantedPoints(trx: Executor, grant: Omit<LoyaltyPointsGrant, 'points'>, now: Date): Promise<{ reversed: number; notRecovered: number }> {
  const none = { reversed: 0, notRecovered: 0 };
  if (!(await lockLoyaltyMember(trx, grant.userId, grant.baseSite))) return none;
  const rows = await trx
    .selectFrom('loyalty_ledger')
    .select(['idem_key', 'points'])
    .where('user_id', '=', grant.userId)
    .where('base_site', '=', grant.baseSite)
    .where('idem_key', 'in', [`grant:${grant.reason}:${grant.orderCode}:${grant.userId}`, `grant-reversed:${grant.reason}:${grant.orderCode}:${grant.userId}`])
    .execute();
  const granted = rows.find((r) => r.idem_key?.startsWith('grant:'));
  if (!granted || rows.some((r) => r.idem_key?.startsWith('grant-reversed:'))) return none;
  const entries = await expireDuePoints(trx, grant.userId, grant.baseSite, now);
  const want = Number(granted.points);
  const take = Math.min(want, Math.max(0, pointsBalance(entries).available));
  // nothing left to take: nothing written (the ledger holds no 0-point entries; an order is fully
  // returned once, so no later call comes for the same order)
  if (take <= 0) return { reversed: 0, notRecovered: want };
  await writeChecked(trx, entries, [
    {
      user_id: grant.userId,
      base_site: grant.baseSite,
      kind: 'reversed',
      bucket: 'available',
      points: -take,
      order_code: grant.orderCode,
      entry_number: null,
      quantity: null,
      consignment_code: null,
      reason: 'orderReturned',
      idem_key: `grant-reversed:${grant.reason}:${grant.orderCode}:${grant.userId}`,
      created_at: now.toISOString(),
      expires_at: null,
    },
  ]);
  return { reversed: take, notRecovered: want - take };
}

/** Points of one returned line: taken back from the available bucket, and not recovered (already spent). */
export interface ReturnedLinePoints {
  entryNumber: number;
  reversed: number;
  notRecovered: number;
}

/**
 * Units returned (issue 12, ADR 0027 "Returns") — call inside the return transaction AFTER
 * `order_entries.returned_qty` was raised: per returned line, the points that became available
 * for those units are reversed (`reversed`, available bucket, reason `orderReturned`, idem key
 * `return:{returnCode}:{entry}`). A line's points to take back are cumulative:
 * `min(moved, floor(earned × returned_qty / qty))` less what earlier returns took or gave up, so
 * several partial returns of a line never take back more than it earned.
 *
 * Never makes the available bucket negative: when the member already spent points, what is
 * available is reversed and the rest is answered as `notRecovered` (the caller records it on the
 * return; the store accepts that small loss). Idempotent per return code: a return code already
 * in the ledger changes nothing and answers zeros. Orders without points answer zeros.
 */
export async function reverseReturnedPoints(
  trx: Executor,
  input: { orderCode: string; returnCode: string; entries: ReadonlyArray<{ entryNumber: number; quantity: number }>; now: Date },
): Promise<ReturnedLinePoints[]> {
  const zeros = input.entries.map((e) => ({ entryNumber: e.entryNumber, reversed: 0, notRecovered: 0 }));
  const rows = await listOrderLoyaltyEntries(trx, input.orderCode);
  const first = rows[0];
  if (!first) return zeros;
  const userId = first.user_id;
  const site = first.base_site as BaseSiteId;
  if (!(await lockLoyaltyMember(trx, userId, site))) return zeros;
  const fresh = await listOrderLoyaltyEntries(trx, input.orderCode);
  if (fresh.some((r) => r.idem_key?.startsWith(`return:${input.returnCode}:`))) return zeros;
  const states = lineStates(fresh);
  const lines = await trx.selectFrom('order_entries').select(['entry_number', 'qty', 'returned_qty']).where('order_code', '=', input.orderCode).execute();
  const lineOf = new Map(lines.map((l) => [Number(l.entry_number), { qty: Number(l.qty), returned: Number(l.returned_qty ?? 0) }]));
  // points earlier returns of each line took back or gave up
  const accounted = new Map<number, number>();
  for (const r of fresh) {
    if (r.reason === 'orderReturned' && r.entry_number !== null) accounted.set(Number(r.entry_number), (accounted.get(Number(r.entry_number)) ?? 0) - Number(r.points));
  }
  const lost = await trx.selectFrom('order_return_entries').select(['entry_number', 'points_not_recovered']).where('order_code', '=', input.orderCode).where('return_code', '<>', input.returnCode).execute();
  for (const l of lost) accounted.set(Number(l.entry_number), (accounted.get(Number(l.entry_number)) ?? 0) + Number(l.points_not_recovered));
  await expireDuePoints(trx, userId, site, input.now);
  const ledger = (await listLoyaltyEntries(trx, userId, site)).map(entryOf);
  let available = pointsBalance(ledger).available;
  const at = input.now.toISOString();
  const out: NewLoyaltyLedgerRow[] = [];
  const answer: ReturnedLinePoints[] = [];
  for (const e of input.entries) {
    const s = states.get(e.entryNumber);
    const line = lineOf.get(e.entryNumber);
    if (!s || !line || line.qty <= 0) {
      answer.push({ entryNumber: e.entryNumber, reversed: 0, notRecovered: 0 });
      continue;
    }
    const target = Math.min(s.moved, Math.floor((s.earned * Math.min(line.returned, line.qty)) / line.qty));
    const want = Math.max(0, target - (accounted.get(e.entryNumber) ?? 0));
    const take = Math.min(want, Math.max(0, available));
    available -= take;
    answer.push({ entryNumber: e.entryNumber, reversed: take, notRecovered: want - take });
    if (take > 0) {
      out.push({ user_id: userId, base_site: site, kind: 'reversed', bucket: 'available', points: -take, order_code: input.orderCode, entry_number: e.entryNumber, quantity: e.quantity, consignment_code: null, reason: 'orderReturned', idem_key: `return:${input.returnCode}:${e.entryNumber}`, created_at: at, expires_at: null });
    }
  }
  await writeChecked(trx, ledger, out);
  return answer;
}
