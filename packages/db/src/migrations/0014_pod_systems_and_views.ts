/**
 * Migration 0014: pod systems and recommendation data (issue 13; ADR 0033).
 *
 * - `products.pod_system` (text, nullable): the pod system of a pod beverage (`classic`, `carafe`,
 *   `max`; domain `POD_SYSTEMS`); null for bagged/canned coffee, brewers, accessories, gift cards.
 * - `products.pod_systems` (text, nullable): a brewer's accepted pod systems, codes separated by
 *   one space in `POD_SYSTEMS` order (`"classic carafe"`); null for everything but brewers.
 * - `products.model_name_en` / `model_name_fr` (text, nullable): a brewer's brand-neutral model
 *   name ("Solo"), used in "Fits your Solo".
 * - index `products_pod_system_idx` for "pods of these systems" look-ups.
 *
 * Existing rows keep nulls until the catalogue is imported again (the demo seed re-imports).
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('products').addColumn('pod_system', 'text').execute();
  await db.schema.alterTable('products').addColumn('pod_systems', 'text').execute();
  await db.schema.alterTable('products').addColumn('model_name_en', 'text').execute();
  await db.schema.alterTable('products').addColumn('model_name_fr', 'text').execute();
  await db.schema.createIndex('products_pod_system_idx').on('products').column('pod_system').execute();
}
