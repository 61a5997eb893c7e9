/**
 * Migration 0013: frequently-bought-together associations (issue 13; ADR 0032; spec §3 Variant
 * option `frequentlyBoughtTogether`).
 *
 * - `product_associations`: per base site, a product (`product_code`, base product) and a partner
 *   (`partner_code`) with the `source` of the pair: `orders` (co-occurrence in the site's orders,
 *   written by the refresh job, which replaces a site's `orders` rows in one transaction) or `seed`
 *   (the demo fallback list). `score` is the number of orders holding both (0 for seed rows), `rank`
 *   the partner's place within its source (0 = best). Primary key (site, product, source, partner);
 *   the product page reads one product's rows through it (one indexed query).
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('product_associations')
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('partner_code', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_associations_pk', ['base_site', 'product_code', 'source', 'partner_code'])
    .execute();
}
