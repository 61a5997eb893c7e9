/**
 * Perks rewards flows (issue 12; ADR 0028 amendment "Rewards"; spec §3 rewards data and applied
 * rewards, §4 cart update broadcast, §7 Rewards / reward lists / applyLoyaltyReward,
 * removeLoyaltyReward, swapLoyaltyReward, §9 rewards best sellers page size 28).
 *
 * - Catalogue ({@link rewardCatalogue}) and best sellers ({@link rewardBestSellers}): the site's
 *   offered rewards with what the caller can afford now.
 * - Cart ({@link applyLoyaltyReward}, {@link swapLoyaltyReward}, {@link removeLoyaltyReward}): at
 *   most ONE reward per cart (`carts.loyalty_reward_code`), written with a conditional UPDATE in one
 *   transaction after the checks (member, opted in, affordable now, the caller's open cart); a
 *   refusal changes nothing. Applying spends nothing: the points are held at placement.
 * - Order ({@link holdOrderReward} in placement's reservation transaction, {@link releaseOrderReward}
 *   when payment fails or the pending order is released, {@link redeemOrderReward} when the order
 *   is paid, {@link refundOrderReward} when a placed order is cancelled): the ledger entries are
 *   written under the member lock (`lockLoyaltyMember`) and checked with the domain's
 *   `checkPointsEntry`, so concurrent placements never spend the same points twice.
 */
import type { Cart } from '@store/contracts';
import type { RewardBestSellers, RewardCartAnswer, RewardCatalogue, LoyaltyReward } from '@store/contracts';
import type { CartRow, Executor } from '@store/db';
import { findLoyaltyMember, insertLoyaltyEntries, listLoyaltyEntries, lockLoyaltyMember, withTransaction } from '@store/db';
import { checkPointsEntry, conflict, localeFor, notFound, pointsBalance, pointsToExpire, SITES, toPriceData, type BaseSiteId, type CurrencyIso, type Lang, type PointsBucket, type PointsEntry, type PointsEntryKind } from '@store/domain';
import { unprocessable } from '../http/status-error.ts';
import { requireOpenCartForUpdate } from './cart-access.ts';
import { computeCart } from './cart-view.ts';
import type { CommerceContext, Shopper } from './context.ts';
import { pickLang } from './context.ts';
import { requireLoyaltyCustomer, requireLoyaltySite } from './loyalty.ts';
import { findActiveReward, listActiveRewards, type RewardRecord } from './reward-effect.ts';

/** 404 `LoyaltyError` `rewardNotFound` (unknown, withdrawn or another site's reward). */
function rewardNotFound(code: string): Error {
  const shown = code.length > 40 ? `${code.slice(0, 40)}…` : code;
  return notFound('LoyaltyError', 'rewardNotFound', `Reward ${shown} does not exist`, 'rewardCode');
}

/** A ledger row's points as the domain sees them. */
function entryOf(row: { kind: string; bucket: string; points: number; created_at: string; expires_at: string | null }): PointsEntry {
  return { kind: row.kind as PointsEntryKind, bucket: row.bucket as PointsBucket, points: Number(row.points), createdAt: new Date(row.created_at), expiresAt: row.expires_at ? new Date(row.expires_at) : null };
}

/** Points a member may spend at `now`: available less what is due to expire (not yet written off). */
function spendable(entries: readonly PointsEntry[], now: Date): number {
  return Math.max(0, pointsBalance(entries).available - pointsToExpire(entries, now));
}

/** The caller's standing: member row, opt-in and spendable points (0 for non-members). */
async function standingOf(db: Executor, userId: string, site: BaseSiteId, now: Date): Promise<{ enrolled: boolean; optIn: boolean; points: number }> {
  const member = await findLoyaltyMember(db, userId, site);
  if (!member) return { enrolled: false, optIn: false, points: 0 };
  const entries = (await listLoyaltyEntries(db, userId, site)).map(entryOf);
  return { enrolled: true, optIn: member.perks_opt_in === 1, points: spendable(entries, now) };
}

function rewardView(r: RewardRecord, site: BaseSiteId, lang: Lang, points: number, full: boolean): LoyaltyReward {
  const currency = SITES[site].currency as CurrencyIso;
  return {
    code: r.code,
    kind: r.kind,
    name: lang === 'fr' ? r.nameFr : r.nameEn,
    points: r.points,
    amount: r.amountMinor === null ? null : toPriceData(r.amountMinor, currency, localeFor(site, lang)),
    variantCode: full ? r.variantCode : null,
    affordable: points >= r.points,
    pointsShort: Math.max(0, r.points - points),
  };
}

/**
 * The site's rewards catalogue with the caller's spendable points and what each reward still
 * needs (spec §7 Rewards (customerId, field): `fields` BASIC or FULL). A customer who has not
 * joined sees the catalogue with nothing affordable.
 * @throws 404 `loyaltyDisabled`; 403 `customersOnly`
 */
export async function rewardCatalogue(ctx: CommerceContext, site: BaseSiteId, userIdOrNull: string | null, query: { fields?: 'BASIC' | 'FULL' | undefined; lang?: unknown }): Promise<RewardCatalogue> {
  await requireLoyaltySite(ctx.dbh.db, site);
  const userId = requireLoyaltyCustomer(userIdOrNull);
  const lang = pickLang(site, query.lang);
  const db = ctx.dbh.db;
  const [standing, rewards] = await Promise.all([standingOf(db, userId, site, ctx.now()), listActiveRewards(db, site)]);
  const points = standing.enrolled && standing.optIn ? standing.points : 0;
  return {
    availablePoints: standing.points,
    enrolled: standing.enrolled,
    perksOptIn: standing.optIn,
    rewards: rewards.map((r) => rewardView(r, site, lang, points, query.fields === 'FULL')),
  };
}

/**
 * The rewards best sellers (spec §9, page size 28 by default): offered rewards, most redeemed first
 * (paid orders, `order_loyalty_rewards` status `redeemed`), then catalogue order; 0-based pages.
 * @throws 404 `loyaltyDisabled`; 403 `customersOnly`
 */
export async function rewardBestSellers(ctx: CommerceContext, site: BaseSiteId, userIdOrNull: string | null, query: { currentPage?: number | undefined; pageSize?: number | undefined; lang?: unknown }, defaultPageSize: number): Promise<RewardBestSellers> {
  await requireLoyaltySite(ctx.dbh.db, site);
  const userId = requireLoyaltyCustomer(userIdOrNull);
  const lang = pickLang(site, query.lang);
  const db = ctx.dbh.db;
  const currentPage = query.currentPage ?? 0;
  const pageSize = query.pageSize ?? defaultPageSize;
  const [standing, rewards, counts] = await Promise.all([
    standingOf(db, userId, site, ctx.now()),
    listActiveRewards(db, site),
    db
      .selectFrom('order_loyalty_rewards')
      .select(['reward_code', (eb) => eb.fn.countAll<number>().as('n')])
      .where('base_site', '=', site)
      .where('status', '=', 'redeemed')
      .groupBy('reward_code')
      .execute(),
  ]);
  const sold = new Map(counts.map((c) => [c.reward_code, Number(c.n)]));
  const points = standing.enrolled && standing.optIn ? standing.points : 0;
  const ranked = rewards
    .map((r) => ({ r, n: sold.get(r.code) ?? 0 }))
    .sort((a, b) => b.n - a.n || a.r.sortOrder - b.r.sortOrder || a.r.code.localeCompare(b.r.code));
  const page = ranked.slice(currentPage * pageSize, currentPage * pageSize + pageSize);
  return {
    rewards: page.map(({ r, n }) => ({ ...rewardView(r, site, lang, points, true), redemptions: n })),
    pagination: { currentPage, pageSize, totalPages: Math.ceil(ranked.length / pageSize), totalResults: ranked.length },
  };
}

/**
 * Checks that `userId` may use `reward` now: a member of the site, opted in, with enough spendable
 * points. @throws 422 `LoyaltyError` `notEnrolled` / `optedOut` / `insufficientPoints`
 */
async function requireAffordable(db: Executor, userId: string, site: BaseSiteId, reward: RewardRecord, now: Date): Promise<void> {
  const standing = await standingOf(db, userId, site, now);
  if (!standing.enrolled) throw unprocessable('LoyaltyError', 'notEnrolled', 'Join Brewhaus Perks to use rewards', 'rewardCode');
  if (!standing.optIn) throw unprocessable('LoyaltyError', 'optedOut', 'You opted out of Brewhaus Perks: opt back in to use rewards', 'rewardCode');
  if (standing.points < reward.points) {
    throw unprocessable('LoyaltyError', 'insufficientPoints', `This reward costs ${reward.points} points; you have ${standing.points}`, 'rewardCode');
  }
}

/** The cart answer of a reward call: the cart and its unit count (spec §4 sessionCartCount ≥ 0). */
async function answerOf(db: Executor, cart: CartRow, lang: Lang, now: Date): Promise<RewardCartAnswer> {
  const view: Cart = (await computeCart(db, cart, lang, now)).view;
  return { cart: view, sessionCartCount: Math.max(0, view.cartQuantity) };
}

type Mode = 'apply' | 'swap' | 'remove';

/** The one write path of apply / swap / remove (see module comment). */
async function changeCartReward(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, rewardCode: string | null, mode: Mode, langParam: unknown): Promise<RewardCartAnswer> {
  await requireLoyaltySite(ctx.dbh.db, site);
  const userId = requireLoyaltyCustomer(shopper.userId);
  const now = ctx.now();
  const nowIso = now.toISOString();
  const answer = await withTransaction(ctx.dbh, async (trx) => {
    // 404 for an unknown cart or another shopper's (same answer, IDOR); 409 when not open
    const cart = await requireOpenCartForUpdate(trx, site, cartGuid, nowIso, { userId });
    const current = cart.loyalty_reward_code ?? null;
    if (mode === 'apply' && current !== null) throw conflict('LoyaltyError', 'rewardAlreadyApplied', 'A reward is already applied to this cart: swap it or remove it first', 'rewardCode');
    if (mode !== 'apply' && current === null) throw conflict('LoyaltyError', 'noRewardApplied', 'No reward is applied to this cart', 'cartGuid');
    let next: string | null = null;
    if (mode !== 'remove') {
      const reward = rewardCode === null ? null : await findActiveReward(trx, site, rewardCode);
      if (!reward) throw rewardNotFound(rewardCode ?? '');
      await requireAffordable(trx, userId, site, reward, now);
      next = reward.code;
    }
    // conditional: only if the cart still holds what was read (a racing change loses with 409)
    let q = trx.updateTable('carts').set({ loyalty_reward_code: next, updated_at: nowIso }).where('guid', '=', cart.guid).where('status', '=', 'open');
    q = current === null ? q.where('loyalty_reward_code', 'is', null) : q.where('loyalty_reward_code', '=', current);
    const res = await q.executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('LoyaltyError', 'rewardChanged', 'The reward of this cart changed meanwhile: reload the cart', 'cartGuid');
    const lang = pickLang(site, langParam, cart.lang);
    return answerOf(trx, { ...cart, loyalty_reward_code: next, updated_at: nowIso }, lang, now);
  });
  ctx.log.info({ event: 'loyaltyReward', action: mode, cartGuid, rewardCode: answer.cart.appliedLoyaltyReward?.code ?? null }, 'cart reward changed');
  return answer;
}

/**
 * Applies a reward to the caller's open cart (spec §7 applyLoyaltyReward). At most one reward per
 * cart. Nothing is spent yet: the points are held when the order is placed.
 * @throws 404 `loyaltyDisabled`, `CartError` `notFound`, `rewardNotFound`; 403 `customersOnly`;
 *   409 `rewardAlreadyApplied`, `cartNotOpen`; 422 `notEnrolled`, `optedOut`, `insufficientPoints`
 */
export function applyLoyaltyReward(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, rewardCode: string, langParam?: unknown): Promise<RewardCartAnswer> {
  return changeCartReward(ctx, site, shopper, cartGuid, rewardCode, 'apply', langParam);
}

/**
 * Replaces the cart's reward with another (spec §7 swapLoyaltyReward); the member must afford the
 * new one. @throws as {@link applyLoyaltyReward}, and 409 `noRewardApplied` when there is none
 */
export function swapLoyaltyReward(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, rewardCode: string, langParam?: unknown): Promise<RewardCartAnswer> {
  return changeCartReward(ctx, site, shopper, cartGuid, rewardCode, 'swap', langParam);
}

/**
 * Takes the reward off the cart (spec §7 removeLoyaltyReward).
 * @throws 404 `loyaltyDisabled`, `CartError` `notFound`; 403 `customersOnly`; 409 `noRewardApplied`, `cartNotOpen`
 */
export function removeLoyaltyReward(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, langParam?: unknown): Promise<RewardCartAnswer> {
  return changeCartReward(ctx, site, shopper, cartGuid, null, 'remove', langParam);
}

/** A reward held for an order (what placement needs to add a free product line). */
export interface OrderRewardHold {
  reward: RewardRecord;
  points: number;
}

/** Writes one checked ledger entry for a member whose lock the caller holds. @throws Error when the rules refuse it (a bug) */
async function writeEntry(trx: Executor, userId: string, site: string, kind: PointsEntryKind, points: number, orderCode: string, idemKey: string, now: Date): Promise<number> {
  const entries = (await listLoyaltyEntries(trx, userId, site)).map(entryOf);
  const refusal = checkPointsEntry(pointsBalance(entries), { kind, bucket: 'available', points });
  if (refusal) throw new Error(`loyalty ledger refused ${kind} ${points} (${refusal})`);
  return insertLoyaltyEntries(trx, [
    { user_id: userId, base_site: site, kind, bucket: 'available', points, order_code: orderCode, entry_number: null, quantity: null, consignment_code: null, reason: kind === 'held' ? 'rewardHeld' : 'rewardReleased', idem_key: idemKey, created_at: now.toISOString(), expires_at: null },
  ]);
}

/**
 * Placement (inside the reservation transaction, after the order row is written): holds the points
 * of the cart's reward — member lock, spendable points re-read under it, a `held` entry (idem
 * `reward:{order}:held`) and an `order_loyalty_rewards` row `held`. Answers null when the cart has
 * no reward (or it was withdrawn: no effect was priced either).
 * @throws 422 `LoyaltyError` `notEnrolled` / `optedOut` / `insufficientPoints` (points spent
 *   meanwhile: the whole reservation rolls back, nothing changed), `rewardNotApplicable` (free
 *   shipping without standard delivery)
 */
export async function holdOrderReward(trx: Executor, cart: CartRow, order: { code: string; base_site: string; user_id: string | null; delivery_mode: string | null }, now: Date): Promise<OrderRewardHold | null> {
  const code = cart.loyalty_reward_code ?? null;
  if (code === null) return null;
  const reward = await findActiveReward(trx, order.base_site, code);
  if (!reward) return null;
  const userId = order.user_id;
  if (!userId || !(await lockLoyaltyMember(trx, userId, order.base_site))) throw unprocessable('LoyaltyError', 'notEnrolled', 'Join Brewhaus Perks to use rewards', 'rewardCode');
  const member = await findLoyaltyMember(trx, userId, order.base_site);
  if (!member || member.perks_opt_in !== 1) throw unprocessable('LoyaltyError', 'optedOut', 'You opted out of Brewhaus Perks: opt back in or remove the reward', 'rewardCode');
  if (reward.kind === 'freeShipping' && order.delivery_mode !== 'standard') {
    throw unprocessable('LoyaltyError', 'rewardNotApplicable', 'Free shipping applies to standard delivery: choose standard delivery or swap the reward', 'rewardCode');
  }
  const entries = (await listLoyaltyEntries(trx, userId, order.base_site)).map(entryOf);
  const have = spendable(entries, now);
  if (have < reward.points) throw unprocessable('LoyaltyError', 'insufficientPoints', `This reward costs ${reward.points} points; you have ${have}`, 'rewardCode');
  await writeEntry(trx, userId, order.base_site, 'held', -reward.points, order.code, `reward:${order.code}:held`, now);
  const at = now.toISOString();
  await trx
    .insertInto('order_loyalty_rewards')
    .values({ order_code: order.code, base_site: order.base_site, user_id: userId, reward_code: reward.code, points: reward.points, status: 'held', created_at: at, updated_at: at })
    .execute();
  return { reward, points: reward.points };
}

/** Gives the points of an order's reward back (`released`), once, from state `from`. */
async function giveBack(trx: Executor, orderCode: string, from: 'held' | 'redeemed', now: Date): Promise<boolean> {
  const row = await trx.selectFrom('order_loyalty_rewards').selectAll().where('order_code', '=', orderCode).executeTakeFirst();
  if (!row || row.status !== from) return false;
  const at = now.toISOString();
  const moved = await trx.updateTable('order_loyalty_rewards').set({ status: 'released', updated_at: at }).where('order_code', '=', orderCode).where('status', '=', from).executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await lockLoyaltyMember(trx, row.user_id, row.base_site);
  await writeEntry(trx, row.user_id, row.base_site, 'released', Number(row.points), orderCode, `reward:${orderCode}:released`, now);
  return true;
}

/**
 * Payment failed or a pending order is released (inside that transaction): the held points come
 * back (`released`). Nothing for an order without a held reward; safe to call twice.
 */
export function releaseOrderReward(trx: Executor, orderCode: string, now: Date): Promise<boolean> {
  return giveBack(trx, orderCode, 'held', now);
}

/**
 * A placed order's cancellation (inside its transaction): the redeemed points come back
 * (`released`). Nothing for an order without a reward; once.
 */
export function refundOrderReward(trx: Executor, orderCode: string, now: Date): Promise<boolean> {
  return giveBack(trx, orderCode, 'redeemed', now);
}

/**
 * The order is paid (inside the settle transaction): the hold becomes the redemption — the
 * `held` ledger entry of the order turns `redeemed` (same points, same bucket: the balance does
 * not move) and the order's reward row `redeemed`. Conditional on `held`: once.
 */
export async function redeemOrderReward(trx: Executor, orderCode: string, now: Date): Promise<boolean> {
  const res = await trx.updateTable('order_loyalty_rewards').set({ status: 'redeemed', updated_at: now.toISOString() }).where('order_code', '=', orderCode).where('status', '=', 'held').executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await trx.updateTable('loyalty_ledger').set({ kind: 'redeemed', reason: 'rewardRedeemed' }).where('idem_key', '=', `reward:${orderCode}:held`).where('kind', '=', 'held').execute();
  return true;
}

