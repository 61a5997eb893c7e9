/**
 * Migration 0011: Perks rewards (issue 12 "Rewards"; spec §3 rewards data / applied rewards, §7
 * applyLoyaltyReward, removeLoyaltyReward, swapLoyaltyReward; ADR 0028 amendment "Rewards").
 *
 * - `loyalty_rewards`: the rewards catalogue per base site (primary key `(base_site, code)`): a
 *   `kind` (`amountOff` money off in minor units of the site currency, `freeShipping` free
 *   standard shipping, `freeProduct` one unit of `variant_code` at price 0), its cost in points,
 *   names in English and French, a sort order and an `active` switch. Seeded here for usb2c (USD)
 *   and cab2c (CAD); usafh runs no Perks and gets none.
 * - `carts.loyalty_reward_code`: the one reward applied to a cart (null: none) — at most one per
 *   cart is a column, so two racing applications cannot leave two rewards.
 * - `order_loyalty_rewards`: the reward an order took (one per order, primary key `order_code`),
 *   the points held for it and its state `held` → `redeemed` (paid) or `released` (payment failed,
 *   order cancelled). The ledger rows carry the movements; this row lists redemptions (best sellers).
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** One seeded reward. */
interface SeedReward {
  code: string;
  kind: 'amountOff' | 'freeShipping' | 'freeProduct';
  points: number;
  amountMinor: number | null;
  variant: string | null;
  en: string;
  fr: string;
  sort: number;
}

const US: SeedReward[] = [
  { code: 'OFF-5', kind: 'amountOff', points: 1000, amountMinor: 500, variant: null, en: '$5 off your order', fr: '5,00 $ de rabais sur votre commande', sort: 10 },
  { code: 'OFF-10', kind: 'amountOff', points: 1800, amountMinor: 1000, variant: null, en: '$10 off your order', fr: '10,00 $ de rabais sur votre commande', sort: 20 },
  { code: 'FREE-SHIP', kind: 'freeShipping', points: 800, amountMinor: null, variant: null, en: 'Free standard shipping', fr: 'Livraison standard gratuite', sort: 30 },
  { code: 'FREE-BOX-24', kind: 'freeProduct', points: 2500, amountMinor: null, variant: 'BH-SIGNATURE-DARK-24', en: 'A free 24-ct box of Signature Dark', fr: 'Une boîte de 24 capsules Signature Dark offerte', sort: 40 },
];
const CA: SeedReward[] = [
  { code: 'OFF-5', kind: 'amountOff', points: 1000, amountMinor: 500, variant: null, en: 'CA$5 off your order', fr: '5,00 $ CA de rabais sur votre commande', sort: 10 },
  { code: 'OFF-10', kind: 'amountOff', points: 1800, amountMinor: 1000, variant: null, en: 'CA$10 off your order', fr: '10,00 $ CA de rabais sur votre commande', sort: 20 },
  { code: 'FREE-SHIP', kind: 'freeShipping', points: 800, amountMinor: null, variant: null, en: 'Free standard shipping', fr: 'Livraison standard gratuite', sort: 30 },
  { code: 'FREE-BOX-24', kind: 'freeProduct', points: 2500, amountMinor: null, variant: 'BH-SIGNATURE-DARK-24', en: 'A free 24-ct box of Signature Dark', fr: 'Une boîte de 24 capsules Signature Dark offerte', sort: 40 },
];

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('loyalty_rewards')
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('points_cost', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', 'integer')
    .addColumn('variant_code', 'text')
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_fr', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('loyalty_rewards_pk', ['base_site', 'code'])
    .execute();

  await db.schema.alterTable('carts').addColumn('loyalty_reward_code', 'text').execute();

  await db.schema
    .createTable('order_loyalty_rewards')
    .addColumn('order_code', 'text', (c) => c.primaryKey())
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('reward_code', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_loyalty_rewards_site_idx').on('order_loyalty_rewards').columns(['base_site', 'status', 'reward_code']).execute();

  const rows = [...US.map((r) => ['usb2c', r] as const), ...CA.map((r) => ['cab2c', r] as const)].map(([site, r]) => ({
    base_site: site,
    code: r.code,
    kind: r.kind,
    points_cost: r.points,
    amount_minor: r.amountMinor,
    variant_code: r.variant,
    name_en: r.en,
    name_fr: r.fr,
    sort_order: r.sort,
    active: 1,
  }));
  await (db as Kysely<{ loyalty_rewards: (typeof rows)[number] }>).insertInto('loyalty_rewards').values(rows).execute();
}
