/**
 * Subscriptions, their items and cycles, campaigns and commitments (issue 10, ADR 0018;
 * migration 0006). Functions take the executor first (`db` or a transaction).
 *
 * Concurrency rules (DESIGN "Concurrency and integrity"):
 * - a change to a subscription runs in one transaction that starts with
 *   {@link lockSubscription} (`SELECT … FOR UPDATE` on PostgreSQL; SQLite write transactions are
 *   already serialised), then writes with {@link updateSubscription}, which bumps `version`;
 * - a cycle is claimed by inserting its row ({@link claimCycle}: `ON CONFLICT DO NOTHING` on the
 *   primary key (subscription_id, cycle_date)), so two scheduler processes never place two orders
 *   for one subscription and date;
 * - commitment counts move with conditional increments ({@link countCommitmentOrder}).
 *
 * Rows are the table types (snake_case); dates `YYYY-MM-DD` are in the site's time zone.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { cachedRead, type Executor } from '../connection.ts';
import type { CampaignTable, CommitmentTable, SubscriptionCycleTable, SubscriptionItemTable, SubscriptionTable } from '../schema.ts';
import { variantsOnSite } from './carts.ts';

/** A subscription row. */
export type SubscriptionRow = Selectable<SubscriptionTable>;
/** An item of a subscription. */
export type SubscriptionItemRow = Selectable<SubscriptionItemTable>;
/** A cycle (one per subscription and date). */
export type SubscriptionCycleRow = Selectable<SubscriptionCycleTable>;
/** A brewer campaign of a site. */
export type CampaignRow = Selectable<CampaignTable>;
/** A commitment opened by a campaign purchase. */
export type CommitmentRow = Selectable<CommitmentTable>;

/** Subscription statuses (ADR 0018). */
export type SubscriptionStatus = 'active' | 'paused' | 'suspended' | 'cancelled';
/** Cycle statuses (ADR 0018). */
export type CycleStatus = 'processing' | 'placed' | 'payment_failed' | 'skipped' | 'suspended';

/** A new random id with a prefix: `sub_`, `si_`, `cm_` + 16 base32-ish characters. */
export function newSubscriptionId(prefix: 'sub' | 'si' | 'cm'): string {
  return `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Inserts a subscription and its items (in the caller's transaction). Answers the subscription id. */
export async function insertSubscription(
  db: Executor,
  subscription: Insertable<SubscriptionTable>,
  items: ReadonlyArray<Omit<Insertable<SubscriptionItemTable>, 'subscription_id' | 'id'> & { id?: string }>,
): Promise<string> {
  await db.insertInto('subscriptions').values(subscription).execute();
  if (items.length > 0) {
    await db
      .insertInto('subscription_items')
      .values(items.map((item, i) => ({ ...item, id: item.id ?? newSubscriptionId('si'), subscription_id: subscription.id, sort_order: item.sort_order ?? i })))
      .execute();
  }
  return subscription.id;
}

/** A subscription by id, or undefined. */
export async function findSubscription(db: Executor, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The customer's subscription with this id on this site, or undefined (also for someone else's). */
export async function findCustomerSubscription(db: Executor, customerId: string, site: string, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).where('customer_id', '=', customerId).where('base_site', '=', site).executeTakeFirst();
}

/** The customer's subscriptions on a site: active and paused first, then by next ship date, then newest. */
export async function listCustomerSubscriptions(db: Executor, customerId: string, site: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('base_site', '=', site)
    .orderBy(sql`CASE status WHEN 'active' THEN 0 WHEN 'paused' THEN 1 WHEN 'suspended' THEN 2 ELSE 3 END`)
    .orderBy('next_ship_date')
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * Reads a subscription for a change, locking its row until the transaction ends (PostgreSQL `FOR
 * UPDATE`; on SQLite the write transaction already holds the database). Use inside
 * `withTransaction` only.
 */
export async function lockSubscription(trx: Executor, id: string, dialect: 'sqlite' | 'postgres'): Promise<SubscriptionRow | undefined> {
  const query = trx.selectFrom('subscriptions').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Writes a change to a subscription, bumping `version` and `updated_at`. With `expectVersion`,
 * only when the row still has that version (answers false otherwise: someone changed it first).
 */
export async function updateSubscription(
  db: Executor,
  id: string,
  patch: Omit<Updateable<SubscriptionTable>, 'id' | 'version' | 'updated_at'>,
  now: string,
  expectVersion?: number,
): Promise<boolean> {
  let query = db
    .updateTable('subscriptions')
    .set({ ...patch, updated_at: now, version: sql<number>`version + 1` })
    .where('id', '=', id);
  if (expectVersion !== undefined) query = query.where('version', '=', expectVersion);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The items of some subscriptions, by subscription id, in their order. */
export async function listSubscriptionItems(db: Executor, subscriptionIds: readonly string[]): Promise<Map<string, SubscriptionItemRow[]>> {
  const out = new Map<string, SubscriptionItemRow[]>();
  if (subscriptionIds.length === 0) return out;
  const rows = await db
    .selectFrom('subscription_items')
    .selectAll()
    .where('subscription_id', 'in', [...new Set(subscriptionIds)])
    .orderBy('subscription_id')
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
  for (const row of rows) {
    const list = out.get(row.subscription_id) ?? [];
    list.push(row);
    out.set(row.subscription_id, list);
  }
  return out;
}

/**
 * Adds an item, or answers false when the subscription already has this variant (the unique
 * (subscription, variant) constraint decides, so two concurrent adds give one row).
 */
export async function addSubscriptionItem(db: Executor, item: Insertable<SubscriptionItemTable>): Promise<boolean> {
  const result = await db
    .insertInto('subscription_items')
    .values(item)
    .onConflict((oc) => oc.columns(['subscription_id', 'variant_code']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Changes an item's quantity or backup; answers false when the item is not the subscription's. */
export async function updateSubscriptionItem(
  db: Executor,
  subscriptionId: string,
  itemId: string,
  patch: { qty?: number; backup_variant_code?: string | null },
): Promise<boolean> {
  const result = await db.updateTable('subscription_items').set(patch).where('id', '=', itemId).where('subscription_id', '=', subscriptionId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes an item; answers false when the item is not the subscription's. */
export async function deleteSubscriptionItem(db: Executor, subscriptionId: string, itemId: string): Promise<boolean> {
  const result = await db.deleteFrom('subscription_items').where('id', '=', itemId).where('subscription_id', '=', subscriptionId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Active subscriptions whose next ship date is on or before `localDate` (`YYYY-MM-DD`), oldest
 * date first, at most `limit` (the scheduler's scan; index `subscriptions_due_idx`). Paused
 * subscriptions whose pause ended are the scheduler's to resume: ask for `paused` too.
 */
export async function listDueSubscriptions(
  db: Executor,
  opts: { site: string; localDate: string; limit: number; statuses?: readonly SubscriptionStatus[] },
): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', 'in', [...(opts.statuses ?? ['active'])])
    .where('base_site', '=', opts.site)
    .where('next_ship_date', '<=', opts.localDate)
    .orderBy('next_ship_date')
    .orderBy('id')
    .limit(opts.limit)
    .execute();
}

/**
 * Claims a cycle: inserts `(subscription_id, cycle_date)` with status `processing`. Answers true
 * for the one caller that inserted it; false when the cycle exists already (another process has
 * it, or it was placed).
 */
export async function claimCycle(db: Executor, subscriptionId: string, cycleDate: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('subscription_cycles')
    .values({ subscription_id: subscriptionId, cycle_date: cycleDate, status: 'processing', attempts: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['subscription_id', 'cycle_date']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** A cycle, or undefined. */
export async function findCycle(db: Executor, subscriptionId: string, cycleDate: string): Promise<SubscriptionCycleRow | undefined> {
  return db.selectFrom('subscription_cycles').selectAll().where('subscription_id', '=', subscriptionId).where('cycle_date', '=', cycleDate).executeTakeFirst();
}

/**
 * Moves a cycle on. With `fromStatus`, only when it is still in that status (answers false
 * otherwise), so two workers never both move one cycle.
 */
export async function updateCycle(
  db: Executor,
  subscriptionId: string,
  cycleDate: string,
  patch: Omit<Updateable<SubscriptionCycleTable>, 'subscription_id' | 'cycle_date' | 'updated_at'>,
  now: string,
  fromStatus?: CycleStatus,
): Promise<boolean> {
  let query = db
    .updateTable('subscription_cycles')
    .set({ ...patch, updated_at: now })
    .where('subscription_id', '=', subscriptionId)
    .where('cycle_date', '=', cycleDate);
  if (fromStatus) query = query.where('status', '=', fromStatus);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Is a cycle of this subscription being placed right now (status `processing`)? */
export async function hasCycleInProgress(db: Executor, subscriptionId: string): Promise<boolean> {
  const row = await db.selectFrom('subscription_cycles').select('cycle_date').where('subscription_id', '=', subscriptionId).where('status', '=', 'processing').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Failed cycles whose next charge attempt is due at `nowIso`, oldest first, at most `limit`. */
export async function listRetryDueCycles(db: Executor, nowIso: string, limit: number): Promise<SubscriptionCycleRow[]> {
  return db
    .selectFrom('subscription_cycles')
    .selectAll()
    .where('status', '=', 'payment_failed')
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/** The cycles of a subscription, newest first (AD home history). */
export async function listCycles(db: Executor, subscriptionId: string, limit = 50): Promise<SubscriptionCycleRow[]> {
  return db.selectFrom('subscription_cycles').selectAll().where('subscription_id', '=', subscriptionId).orderBy('cycle_date', 'desc').limit(limit).execute();
}

/**
 * The active campaigns of a site, ordered by code. Reference data: read through the handle's read
 * cache (ADR 0011; every page's site configuration shows them), so a change shows within one TTL.
 * The rows are shared: callers must not change them.
 */
export async function listCampaigns(db: Executor, site: string): Promise<readonly CampaignRow[]> {
  return cachedRead(db, `campaigns:${site}`, () => db.selectFrom('campaigns').selectAll().where('base_site', '=', site).where('active', '=', 1).orderBy('code').execute());
}

/** An active campaign of a site, or undefined. */
export async function findCampaign(db: Executor, site: string, code: string): Promise<CampaignRow | undefined> {
  return db.selectFrom('campaigns').selectAll().where('base_site', '=', site).where('code', '=', code).where('active', '=', 1).executeTakeFirst();
}

/**
 * Opens a commitment. Answers false when the email or the shipping address already has an open
 * commitment (the partial unique indexes decide, so two concurrent purchases open one).
 */
export async function insertCommitment(db: Executor, row: Insertable<CommitmentTable>): Promise<boolean> {
  const result = await db
    .insertInto('commitments')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** The commitment of a subscription (the newest), or undefined. */
export async function findSubscriptionCommitment(db: Executor, subscriptionId: string): Promise<CommitmentRow | undefined> {
  return db.selectFrom('commitments').selectAll().where('subscription_id', '=', subscriptionId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** Is there an open commitment for this email (lower-cased) or address key? */
export async function hasOpenCommitment(db: Executor, by: { email?: string; addressKey?: string }): Promise<boolean> {
  if (!by.email && !by.addressKey) return false;
  const row = await db
    .selectFrom('commitments')
    .select('id')
    .where('status', '=', 'open')
    .where((eb) => eb.or([...(by.email ? [eb('email', '=', by.email)] : []), ...(by.addressKey ? [eb('address_key', '=', by.addressKey)] : [])]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Counts a placed recurring order toward an open commitment: `boxes` more boxes, and one more
 * order when `countsAsOrder` (the order had at least the minimum boxes). Conditional on the
 * commitment being open; answers the row after the change, or undefined when it was not open.
 */
export async function countCommitmentOrder(
  db: Executor,
  id: string,
  change: { boxes: number; countsAsOrder: boolean },
  now: string,
): Promise<CommitmentRow | undefined> {
  await db
    .updateTable('commitments')
    .set({
      boxes_counted: sql<number>`boxes_counted + ${change.boxes}`,
      orders_counted: sql<number>`orders_counted + ${change.countsAsOrder ? 1 : 0}`,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
  return db.selectFrom('commitments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a commitment from `fromStatus` to another status (answers false when it was not in `fromStatus`). */
export async function setCommitmentStatus(
  db: Executor,
  id: string,
  fromStatus: string,
  patch: Omit<Updateable<CommitmentTable>, 'id' | 'updated_at'> & { status: string },
  now: string,
): Promise<boolean> {
  const result = await db.updateTable('commitments').set({ ...patch, updated_at: now }).where('id', '=', id).where('status', '=', fromStatus).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A variant as auto-delivery needs it (AD home answers, recurring orders): names, pack data for
 * box counting, the site's price row, stock, and whether it may be bought on auto-delivery.
 */
export interface AdVariant {
  variantCode: string;
  baseProductCode: string;
  productType: string;
  nameEn: string;
  nameFr: string;
  /** pods (ct) or ounces (bags, cans); null when unknown */
  count: number | null;
  packType: string | null;
  /** products.ad_eligible = 1, sold on the site, priced, not discontinued */
  adEligible: boolean;
  /** the site's price row, or null (not sellable) */
  price: { currency: string; priceMinor: number; discountPriceMinor: number | null; isDiscountPrice: boolean; salesPriceStrategy: string | null } | null;
  /** units available (0 without a stock row) */
  available: number;
}

function adVariantQuery(db: Executor, site: string) {
  return variantsOnSite(db, site)
    .select([
      'v.code as variant_code',
      'v.base_product_code',
      'v.count',
      'p.product_type',
      'p.name_en',
      'p.name_fr',
      'p.pack_type',
      'p.discontinued',
      'p.ad_eligible',
      'p.default_variant_code',
      'pr.currency',
      'pr.price_minor',
      'pr.discount_price_minor',
      'pr.is_discount_price',
      'pr.sales_price_strategy',
      's.available',
      'ps.base_site as sold_site',
    ]);
}

type AdVariantRaw = Awaited<ReturnType<ReturnType<typeof adVariantQuery>['executeTakeFirstOrThrow']>>;

function toAdVariant(r: AdVariantRaw): AdVariant {
  const price =
    r.price_minor === null || r.currency === null
      ? null
      : {
          currency: r.currency,
          priceMinor: Number(r.price_minor),
          discountPriceMinor: r.discount_price_minor === null ? null : Number(r.discount_price_minor),
          isDiscountPrice: Number(r.is_discount_price) === 1,
          salesPriceStrategy: r.sales_price_strategy,
        };
  return {
    variantCode: r.variant_code,
    baseProductCode: r.base_product_code,
    productType: r.product_type,
    nameEn: r.name_en,
    nameFr: r.name_fr,
    count: r.count === null ? null : Number(r.count),
    packType: r.pack_type,
    adEligible: Number(r.ad_eligible) === 1 && r.sold_site !== null && price !== null && Number(r.discontinued) !== 1,
    price,
    available: r.available === null ? 0 : Number(r.available),
  };
}

/** Several variants of a site in ONE statement (missing codes are absent from the map). */
export async function loadAdVariants(db: Executor, site: string, variantCodes: readonly string[]): Promise<Map<string, AdVariant>> {
  if (variantCodes.length === 0) return new Map();
  const rows = await adVariantQuery(db, site)
    .where('v.code', 'in', [...new Set(variantCodes)])
    .execute();
  return new Map(rows.map((r) => [r.variant_code, toAdVariant(r)]));
}

/** A product code as a shopper sends it: the variant itself, else the base product's default variant; undefined when neither exists. */
export async function resolveAdVariant(db: Executor, site: string, productCode: string): Promise<AdVariant | undefined> {
  const row = await adVariantQuery(db, site)
    .where((eb) => eb.or([eb('v.code', '=', productCode), eb.and([eb('p.code', '=', productCode), eb('v.code', '=', eb.ref('p.default_variant_code'))])]))
    .orderBy(sql`CASE WHEN v.code = ${productCode} THEN 0 ELSE 1 END`)
    .limit(1)
    .executeTakeFirst();
  return row ? toAdVariant(row) : undefined;
}

/**
 * Sends the upcoming-order reminder once per ship date: sets `reminded_for_date` to `shipDate`
 * only when it is not that already and the subscription is still active on that date. Answers true
 * for the one caller that changed it (that caller sends the email).
 */
export async function markReminded(db: Executor, id: string, shipDate: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ reminded_for_date: shipDate, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['active', 'paused'])
    .where('next_ship_date', '=', shipDate)
    .where((eb) => eb.or([eb('reminded_for_date', 'is', null), eb('reminded_for_date', '!=', shipDate)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Active and paused subscriptions of a site whose next ship date is in [from, to] and not yet reminded for (the reminder scan; the domain's `isReminderDue` decides). */
export async function listReminderCandidates(db: Executor, opts: { site: string; from: string; to: string; limit: number }): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    // paused ones too: the first order after a pause is reminded (the domain's isReminderDue decides)
    .where('status', 'in', ['active', 'paused'])
    .where('base_site', '=', opts.site)
    .where('next_ship_date', '>=', opts.from)
    .where('next_ship_date', '<=', opts.to)
    .where((eb) => eb.or([eb('reminded_for_date', 'is', null), eb('reminded_for_date', '!=', eb.ref('next_ship_date'))]))
    .orderBy('next_ship_date')
    .orderBy('id')
    .limit(opts.limit)
    .execute();
}

/** Cycles left `processing` since before `beforeIso` (a process stopped while placing them), oldest first. */
export async function listStaleProcessingCycles(db: Executor, beforeIso: string, limit: number): Promise<SubscriptionCycleRow[]> {
  return db.selectFrom('subscription_cycles').selectAll().where('status', '=', 'processing').where('updated_at', '<', beforeIso).orderBy('updated_at').limit(limit).execute();
}
