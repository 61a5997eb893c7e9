/**
 * What a Perks reward does to a cart (issue 12; ADR 0028 amendment "Rewards"; spec §3 applied
 * rewards). The lowest layer of the reward flows: cart-view.ts (the cart answer) builds on it and
 * it imports no cart flow (no import cycle with rewards.ts, which builds on the cart answer).
 *
 * Effects, in integer minor units of the cart currency:
 * - `amountOff`: money off the goods, capped at what the goods cost after promotions and without
 *   gift-card products (rewards never buy gift cards, never make a total negative);
 * - `freeShipping`: standard shipping becomes free (nothing while another mode is chosen);
 * - `freeProduct`: one unit of the reward's variant, added at price 0 as a gift line when the
 *   order is placed (flows/rewards.ts `holdOrderReward`).
 */
import type { Executor } from '@store/db';
import { displayedPrice, type SalesPriceStrategy } from '@store/domain';

/** Product type of gift-card products (rewards never pay for them). */
const GIFT_CARD_TYPE = 'GiftCard';

/** One reward of a site's catalogue (table `loyalty_rewards`). */
export interface RewardRecord {
  code: string;
  baseSite: string;
  kind: 'amountOff' | 'freeShipping' | 'freeProduct';
  /** points it costs, > 0 */
  points: number;
  /** amountOff: minor units; else null */
  amountMinor: number | null;
  /** freeProduct: the variant given; else null */
  variantCode: string | null;
  nameEn: string;
  nameFr: string;
  sortOrder: number;
}

function kindOf(raw: string): RewardRecord['kind'] | null {
  return raw === 'amountOff' || raw === 'freeShipping' || raw === 'freeProduct' ? raw : null;
}

/** A reward row as a {@link RewardRecord}, or null when its kind is unknown (never offered). */
export function rewardOf(row: { code: string; base_site: string; kind: string; points_cost: number; amount_minor: number | null; variant_code: string | null; name_en: string; name_fr: string; sort_order: number }): RewardRecord | null {
  const kind = kindOf(row.kind);
  if (!kind) return null;
  return {
    code: row.code,
    baseSite: row.base_site,
    kind,
    points: Number(row.points_cost),
    amountMinor: row.amount_minor === null ? null : Number(row.amount_minor),
    variantCode: row.variant_code,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    sortOrder: Number(row.sort_order),
  };
}

/** The offered (active) reward `code` of `site`, or null. One statement. */
export async function findActiveReward(db: Executor, site: string, code: string): Promise<RewardRecord | null> {
  const row = await db.selectFrom('loyalty_rewards').selectAll().where('base_site', '=', site).where('code', '=', code).where('active', '=', 1).executeTakeFirst();
  return row ? rewardOf(row) : null;
}

/** The offered rewards of `site`, cheapest display order first. */
export async function listActiveRewards(db: Executor, site: string): Promise<RewardRecord[]> {
  const rows = await db.selectFrom('loyalty_rewards').selectAll().where('base_site', '=', site).where('active', '=', 1).orderBy('sort_order').orderBy('code').execute();
  return rows.map(rewardOf).filter((r): r is RewardRecord => r !== null);
}

/** A priced cart line as the reward rules see it. */
export interface RewardPricedLine {
  productType: string;
  /** line total at the charged unit price, minor units */
  totalMinor: number;
}

/** What a reward takes off a cart. */
export interface RewardEffect {
  /** money off the goods, minor units, ≥ 0 */
  offMinor: number;
  /** does standard shipping become free? */
  freeShipping: boolean;
}

/**
 * The effect of `reward` on a cart whose lines are `lines`, promotions take `discountMinor`, and
 * whose delivery mode is `mode`. Never more money off than the non-gift-card goods cost after
 * promotions.
 */
export function rewardEffect(reward: RewardRecord | null, lines: readonly RewardPricedLine[], discountMinor: number, mode: string | null): RewardEffect {
  if (!reward) return { offMinor: 0, freeShipping: false };
  if (reward.kind === 'amountOff') {
    const goods = lines.reduce((s, l) => (l.productType === GIFT_CARD_TYPE ? s : s + l.totalMinor), 0);
    const room = Math.max(0, goods - Math.max(0, discountMinor));
    return { offMinor: Math.max(0, Math.min(reward.amountMinor ?? 0, room)), freeShipping: false };
  }
  if (reward.kind === 'freeShipping') return { offMinor: 0, freeShipping: mode === 'standard' };
  return { offMinor: 0, freeShipping: false };
}

/**
 * The displayed price (spec §5) of a free-product reward's variant on `site`, minor units: what the
 * reward saves. 0 when the variant has no price there. One statement.
 */
export async function freeProductValueMinor(db: Executor, site: string, variantCode: string): Promise<number> {
  const p = await db
    .selectFrom('prices')
    .select(['price_minor', 'discount_price_minor', 'is_discount_price', 'sales_price_strategy'])
    .where('variant_code', '=', variantCode)
    .where('base_site', '=', site)
    .executeTakeFirst();
  if (!p) return 0;
  return displayedPrice({
    priceMinor: Number(p.price_minor),
    discountPriceMinor: p.discount_price_minor === null ? null : Number(p.discount_price_minor),
    isDiscountPrice: Number(p.is_discount_price) === 1,
    salesPriceStrategy: p.sales_price_strategy as SalesPriceStrategy | null,
  }).priceMinor;
}
