/**
 * Every migration, by name (ADR 0020): imported statically so that they are compiled with the
 * package (`dist/migrations/*.js`) and need no directory listing at run time. The name is the
 * file name without extension (`0001_initial`), the id Kysely's `Migrator` records in
 * `kysely_migration`; they run in name order. A new migration is a new file here AND a line
 * below (packages/db/test/migrate.test.ts fails when a file of this folder is not listed).
 */
import type { Kysely } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_accounts.ts';
import * as m0003 from './0003_customer_data.ts';
import * as m0004 from './0004_promotions.ts';
import * as m0005 from './0005_idempotency_leases.ts';
import * as m0006 from './0006_subscriptions.ts';
import * as m0007 from './0007_fulfilment.ts';
import * as m0008 from './0008_loyalty.ts';
import * as m0009 from './0009_marketing.ts';
import * as m0010 from './0010_referrals.ts';
import * as m0011 from './0011_rewards.ts';
import * as m0012 from './0012_returns.ts';
import * as m0013 from './0013_product_associations.ts';
import * as m0014 from './0014_pod_systems_and_views.ts';
import * as m0015 from './0015_pod_quiz.ts';
import * as m0018 from './0018_return_gift_card_refunds.ts';

/** One migration module: `up` runs inside the migration transaction, given the dialect. */
export interface MigrationModule {
  up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void>;
}

/** The migrations by name (`NNNN_name`). */
export const MIGRATION_MODULES: Readonly<Record<string, MigrationModule>> = {
  '0001_initial': m0001,
  '0002_accounts': m0002,
  '0003_customer_data': m0003,
  '0004_promotions': m0004,
  '0005_idempotency_leases': m0005,
  '0006_subscriptions': m0006,
  '0007_fulfilment': m0007,
  '0008_loyalty': m0008,
  '0009_marketing': m0009,
  '0010_referrals': m0010,
  '0011_rewards': m0011,
  '0012_returns': m0012,
  '0013_product_associations': m0013,
  '0014_pod_systems_and_views': m0014,
  '0015_pod_quiz': m0015,
  '0018_return_gift_card_refunds': m0018,
};
