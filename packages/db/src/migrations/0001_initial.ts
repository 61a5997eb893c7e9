/**
 * Migration 0001: the catalogue, content, cart, checkout and order tables (spec §3).
 * Runs on SQLite and PostgreSQL; `dialect` selects the full-text search structure.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('base_sites')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('default_language', 'text', (c) => c.notNull())
    .addColumn('theme', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_config')
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_config_pk', ['base_site', 'key'])
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('parent_code', 'text')
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_fr', 'text', (c) => c.notNull())
    .addColumn('slug_en', 'text', (c) => c.notNull())
    .addColumn('slug_fr', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('beverage_type', 'text')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('brand_code', 'text', (c) => c.notNull())
    .addColumn('series', 'text')
    .addColumn('pack_type', 'text')
    .addColumn('roast', 'text')
    .addColumn('sell_group_name', 'text')
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_fr', 'text', (c) => c.notNull())
    .addColumn('summary_en', 'text', (c) => c.notNull())
    .addColumn('summary_fr', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('description_fr', 'text', (c) => c.notNull())
    .addColumn('slug_en', 'text', (c) => c.notNull())
    .addColumn('slug_fr', 'text', (c) => c.notNull())
    .addColumn('default_variant_code', 'text', (c) => c.notNull())
    .addColumn('is_bundle', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bundle_template_name', 'text')
    .addColumn('is_virtual', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discontinued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_color', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_sites')
    .addColumn('product_code', 'text', (c) => c.notNull().references('products.code').onDelete('cascade'))
    .addColumn('base_site', 'text', (c) => c.notNull().references('base_sites.uid'))
    .addPrimaryKeyConstraint('product_sites_pk', ['product_code', 'base_site'])
    .execute();
  await db.schema.createIndex('product_sites_site_idx').on('product_sites').columns(['base_site', 'product_code']).execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_code', 'text', (c) => c.notNull().references('products.code').onDelete('cascade'))
    .addColumn('category_code', 'text', (c) => c.notNull().references('categories.code'))
    .addPrimaryKeyConstraint('product_categories_pk', ['product_code', 'category_code'])
    .execute();
  await db.schema.createIndex('product_categories_cat_idx').on('product_categories').columns(['category_code', 'product_code']).execute();

  await db.schema
    .createTable('variants')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('base_product_code', 'text', (c) => c.notNull().references('products.code').onDelete('cascade'))
    .addColumn('variant_url_suffix', 'text', (c) => c.notNull())
    .addColumn('variant_color', 'text')
    .addColumn('count', 'integer')
    .addColumn('box_count', 'integer')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('variants_base_idx').on('variants').column('base_product_code').execute();

  await db.schema
    .createTable('prices')
    .addColumn('variant_code', 'text', (c) => c.notNull().references('variants.code').onDelete('cascade'))
    .addColumn('base_site', 'text', (c) => c.notNull().references('base_sites.uid'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull().check(sql`price_minor >= 0`))
    .addColumn('discount_price_minor', 'integer')
    .addColumn('is_discount_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sales_price_strategy', 'text')
    .addPrimaryKeyConstraint('prices_pk', ['variant_code', 'base_site'])
    .execute();

  await db.schema
    .createTable('stock')
    .addColumn('variant_code', 'text', (c) => c.primaryKey().references('variants.code').onDelete('cascade'))
    .addColumn('available', 'integer', (c) => c.notNull().check(sql`available >= 0`))
    .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();

  await db.schema
    .createTable('product_features')
    .addColumn('product_code', 'text', (c) => c.notNull().references('products.code').onDelete('cascade'))
    .addColumn('class_code', 'text', (c) => c.notNull())
    .addColumn('class_name_en', 'text', (c) => c.notNull())
    .addColumn('class_name_fr', 'text', (c) => c.notNull())
    .addColumn('feature_code', 'text', (c) => c.notNull())
    .addColumn('feature_name_en', 'text', (c) => c.notNull())
    .addColumn('feature_name_fr', 'text', (c) => c.notNull())
    .addColumn('value_en', 'text', (c) => c.notNull())
    .addColumn('value_fr', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_features_pk', ['product_code', 'feature_code'])
    .execute();

  await db.schema
    .createTable('bundle_items')
    .addColumn('bundle_code', 'text', (c) => c.notNull().references('products.code').onDelete('cascade'))
    .addColumn('variant_code', 'text', (c) => c.notNull().references('variants.code'))
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('bundle_items_pk', ['bundle_code', 'variant_code'])
    .execute();

  await db.schema
    .createTable('product_search')
    .addColumn('product_code', 'text', (c) => c.notNull().references('products.code').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_search_pk', ['product_code', 'lang'])
    .execute();
  if (dialect === 'sqlite') {
    // External-content FTS5 index over product_search, kept in sync by triggers. Text is
    // already accent-folded by the writer; remove_diacritics 2 folds the query side too.
    await sql`CREATE VIRTUAL TABLE product_search_fts USING fts5(document, product_code UNINDEXED, lang UNINDEXED, content='product_search', tokenize="unicode61 remove_diacritics 2")`.execute(db);
    await sql`CREATE TRIGGER product_search_ai AFTER INSERT ON product_search BEGIN
      INSERT INTO product_search_fts(rowid, document, product_code, lang) VALUES (new.rowid, new.document, new.product_code, new.lang); END`.execute(db);
    await sql`CREATE TRIGGER product_search_ad AFTER DELETE ON product_search BEGIN
      INSERT INTO product_search_fts(product_search_fts, rowid, document, product_code, lang) VALUES ('delete', old.rowid, old.document, old.product_code, old.lang); END`.execute(db);
    await sql`CREATE TRIGGER product_search_au AFTER UPDATE ON product_search BEGIN
      INSERT INTO product_search_fts(product_search_fts, rowid, document, product_code, lang) VALUES ('delete', old.rowid, old.document, old.product_code, old.lang);
      INSERT INTO product_search_fts(rowid, document, product_code, lang) VALUES (new.rowid, new.document, new.product_code, new.lang); END`.execute(db);
  } else {
    await sql`ALTER TABLE product_search ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', document)) STORED`.execute(db);
    await sql`CREATE INDEX product_search_tsv_idx ON product_search USING GIN (tsv)`.execute(db);
  }

  await db.schema
    .createTable('cms_pages')
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('page_type', 'text', (c) => c.notNull().defaultTo('ContentPage'))
    .addColumn('label', 'text')
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_fr', 'text', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addPrimaryKeyConstraint('cms_pages_pk', ['base_site', 'uid'])
    .execute();

  await db.schema
    .createTable('cms_slots')
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('page_uid', 'text', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('component_uids', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('cms_slots_pk', ['base_site', 'page_uid', 'position'])
    .execute();

  await db.schema
    .createTable('cms_components')
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('type_code', 'text', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cms_components_pk', ['base_site', 'uid'])
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('guid', 'text', (c) => c.primaryKey())
    .addColumn('base_site', 'text', (c) => c.notNull().references('base_sites.uid'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('email', 'text')
    .addColumn('shipping_address_json', 'text')
    .addColumn('billing_address_json', 'text')
    .addColumn('delivery_mode', 'text')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('carts_user_idx').on('carts').columns(['base_site', 'user_id', 'status']).execute();

  await db.schema
    .createTable('cart_entries')
    .addColumn('cart_guid', 'text', (c) => c.notNull().references('carts.guid').onDelete('cascade'))
    .addColumn('entry_number', 'integer', (c) => c.notNull())
    .addColumn('variant_code', 'text', (c) => c.notNull().references('variants.code'))
    .addColumn('entry_type', 'text', (c) => c.notNull().defaultTo('STD'))
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_entries_pk', ['cart_guid', 'entry_number'])
    .addUniqueConstraint('cart_entries_variant_uq', ['cart_guid', 'variant_code', 'entry_type'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('base_site', 'text', (c) => c.notNull().references('base_sites.uid'))
    .addColumn('cart_guid', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('subtotal_minor', 'integer', (c) => c.notNull())
    .addColumn('discount_minor', 'integer', (c) => c.notNull())
    .addColumn('shipping_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_minor', 'integer', (c) => c.notNull())
    .addColumn('total_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_lines_json', 'text', (c) => c.notNull())
    .addColumn('shipping_address_json', 'text', (c) => c.notNull())
    .addColumn('billing_address_json', 'text', (c) => c.notNull())
    .addColumn('delivery_mode', 'text', (c) => c.notNull())
    .addColumn('payment_intent_id', 'text', (c) => c.notNull())
    .addColumn('payment_provider', 'text', (c) => c.notNull())
    .addColumn('payment_summary', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['base_site', 'user_id', 'created_at']).execute();

  await db.schema
    .createTable('order_entries')
    .addColumn('order_code', 'text', (c) => c.notNull().references('orders.code').onDelete('cascade'))
    .addColumn('entry_number', 'integer', (c) => c.notNull())
    .addColumn('variant_code', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('entry_type', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('unit_price_minor', 'integer', (c) => c.notNull())
    .addColumn('total_minor', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_entries_pk', ['order_code', 'entry_number'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('cart_guid', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_code', 'text')
    .addColumn('response_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['base_site', 'key'])
    .execute();

  await db.schema
    .createTable('payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('cart_guid', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('payment_summary', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('grants', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .execute();
}
