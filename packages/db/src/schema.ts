/**
 * Kysely table types for the store database (spec §3). One schema for SQLite and PostgreSQL.
 *
 * Conventions (ADR 0002):
 * - money: integer minor units (cents) in `*_minor` columns, with the currency ISO code beside it;
 * - booleans: integer 0/1 on both dialects;
 * - timestamps: ISO-8601 UTC text (`2026-11-22T10:00:00.000Z`), so both dialects return strings;
 * - no identity columns: business codes, random guids, or composite keys;
 * - localised text: `_en` / `_fr` column pairs (the spec has exactly two languages).
 */
/** Base sites (spec §1): usb2c, cab2c, usafh. */
export interface BaseSiteTable {
  uid: string;
  name: string;
  currency: string;
  /** comma list, e.g. "en,fr" */
  languages: string;
  default_language: string;
  /** display theme: 'white' | 'brown' */
  theme: string;
}

/** Site configuration key/values per base site (spec §3 "Site configuration", §9, business-defaults). */
export interface SiteConfigTable {
  base_site: string;
  key: string;
  value: string;
}

/** Categories, a tree. */
export interface CategoryTable {
  code: string;
  parent_code: string | null;
  name_en: string;
  name_fr: string;
  slug_en: string;
  slug_fr: string;
  sort_order: number;
}

/**
 * Base products and bundles: the thing that owns a product page (spec §3 Product).
 * product_type: 'Coffee' | 'Brewer' | 'Accessory' | 'Bundle' | 'GiftCard'.
 */
export interface ProductTable {
  code: string;
  product_type: string;
  /** beverage kind for beverages: 'coffee' | 'tea' | 'cocoa' | 'iced' | 'other'; null otherwise */
  beverage_type: string | null;
  brand: string;
  brand_code: string;
  series: string | null;
  /** 'Bagged' | 'Canned' | null (pods) */
  pack_type: string | null;
  roast: string | null;
  sell_group_name: string | null;
  name_en: string;
  name_fr: string;
  summary_en: string;
  summary_fr: string;
  description_en: string;
  description_fr: string;
  slug_en: string;
  slug_fr: string;
  default_variant_code: string;
  /** 0/1 */
  is_bundle: number;
  bundle_template_name: string | null;
  /** 0/1: gift cards delivered by email */
  is_virtual: number;
  /** 0/1: discontinued products redirect to /discontinued-items (spec §2) */
  discontinued: number;
  /** colour used by the seeded SVG image, '#rrggbb' */
  image_color: string;
  sort_order: number;
  created_at: string;
}

/** Which base sites sell a product. */
export interface ProductSiteTable {
  product_code: string;
  base_site: string;
}

export interface ProductCategoryTable {
  product_code: string;
  category_code: string;
}

/** Sellable variants (spec §3 Variant option). Every product has at least one (bundles: one, same code). */
export interface VariantTable {
  code: string;
  base_product_code: string;
  variant_url_suffix: string;
  variant_color: string | null;
  /** pod count (ct) or, for Bagged/Canned packs, ounces */
  count: number | null;
  box_count: number | null;
  /** 0/1 */
  is_default: number;
  sort_order: number;
}

/** Price rows per variant and base site (spec §3 Price data, §5). Money in minor units. */
export interface PriceTable {
  variant_code: string;
  base_site: string;
  currency: string;
  price_minor: number;
  /** discounted price, shown only per the spec §5 rule */
  discount_price_minor: number | null;
  /** 0/1 */
  is_discount_price: number;
  /** 'ALL' | 'OTP' | 'AD_PARENT_OTP' | null */
  sales_price_strategy: string | null;
}

/** Stock per variant (shared by all base sites). Decremented with conditional updates only. */
export interface StockTable {
  variant_code: string;
  available: number;
  low_stock_threshold: number;
}

/** Classification features (spec §3 classifications: name; features with code, name, featureValues). */
export interface ProductFeatureTable {
  product_code: string;
  class_code: string;
  class_name_en: string;
  class_name_fr: string;
  feature_code: string;
  feature_name_en: string;
  feature_name_fr: string;
  value_en: string;
  value_fr: string;
  sort_order: number;
}

/** Bundle contents (spec §3 bundleTemplateData.masterTemplateData.bundleProductsData). */
export interface BundleItemTable {
  bundle_code: string;
  variant_code: string;
  qty: number;
  sort_order: number;
}

/**
 * Search documents, one per product and language: accent-folded, lower-cased text.
 * On SQLite an FTS5 table `product_search_fts` mirrors it; on PostgreSQL a generated tsvector column.
 */
export interface ProductSearchTable {
  product_code: string;
  lang: string;
  document: string;
}

/** CMS pages (spec §7 GET /cms/pages). */
export interface CmsPageTable {
  base_site: string;
  uid: string;
  /** 'ContentPage' | 'CategoryPage' | 'ProductPage' | ... (default ContentPage) */
  page_type: string;
  label: string | null;
  title_en: string;
  title_fr: string;
  /** JSON object of per-language configurationData/metadata (e.g. loginContentPage) */
  data_json: string;
}

/** Content slots (spec §3 Content slots: position, componentUids.componentUidList). */
export interface CmsSlotTable {
  base_site: string;
  page_uid: string;
  position: string;
  /** comma list of component uids, in order */
  component_uids: string;
  sort_order: number;
}

/** CMS components; data_json holds `{ "en": {...}, "fr": {...} }`. */
export interface CmsComponentTable {
  base_site: string;
  uid: string;
  type_code: string;
  data_json: string;
}

/** Carts (spec §3 Cart). Addressed by guid. */
export interface CartTable {
  guid: string;
  base_site: string;
  currency: string;
  /** null for anonymous carts */
  user_id: string | null;
  /** 'open' | 'ordered' */
  status: string;
  email: string | null;
  /** JSON Address */
  shipping_address_json: string | null;
  /** JSON Address */
  billing_address_json: string | null;
  /** 'standard' | 'expedited' | null */
  delivery_mode: string | null;
  lang: string;
  created_at: string;
  updated_at: string;
}

/** Cart entries; unique per (cart, variant, entry type). */
export interface CartEntryTable {
  cart_guid: string;
  entry_number: number;
  variant_code: string;
  /** 'STD' | 'ADC' | 'ADCF' | 'ADF' | 'BBAD' ... */
  entry_type: string;
  qty: number;
  created_at: string;
}

/** Orders. Totals frozen at placement, money in minor units. */
export interface OrderTable {
  code: string;
  base_site: string;
  cart_guid: string;
  user_id: string | null;
  email: string;
  /** 'created' | 'processing' | 'shipped' | 'partiallyshipped' | 'partiallydelivered' | 'delivered' | 'cancelled' */
  status: string;
  currency: string;
  lang: string;
  subtotal_minor: number;
  discount_minor: number;
  shipping_minor: number;
  tax_minor: number;
  total_minor: number;
  /** JSON array of { code, name, rateBps, amountMinor } */
  tax_lines_json: string;
  shipping_address_json: string;
  billing_address_json: string;
  delivery_mode: string;
  payment_intent_id: string;
  payment_provider: string;
  /** last 4 digits / brand only, never the card number */
  payment_summary: string;
  created_at: string;
}

export interface OrderEntryTable {
  order_code: string;
  entry_number: number;
  variant_code: string;
  product_code: string;
  name: string;
  entry_type: string;
  qty: number;
  unit_price_minor: number;
  total_minor: number;
}

/** Idempotency records for order placement (DESIGN "Concurrency and integrity"). */
export interface IdempotencyKeyTable {
  base_site: string;
  key: string;
  /** the cart guid the key was first used with */
  cart_guid: string;
  /** 'in_progress' | 'done' | 'failed' */
  status: string;
  order_code: string | null;
  /** JSON of the first error answer, when status is 'failed' */
  response_json: string | null;
  created_at: string;
}

/** Payment intents of the built-in test provider and mirrors of external ones. Money in minor units. */
export interface PaymentIntentTable {
  id: string;
  provider: string;
  base_site: string;
  cart_guid: string;
  amount_minor: number;
  currency: string;
  /** 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled' | 'failed' */
  status: string;
  client_secret: string;
  last_error: string | null;
  payment_summary: string | null;
  created_at: string;
  updated_at: string;
}

/** OAuth2 clients (client_credentials for the storefront's machine-to-machine token). */
export interface OAuthClientTable {
  client_id: string;
  /** argon2id or sha256 hash of the secret */
  secret_hash: string;
  /** comma list of grant types */
  grants: string;
  scopes: string;
}

export interface Database {
  base_sites: BaseSiteTable;
  site_config: SiteConfigTable;
  categories: CategoryTable;
  products: ProductTable;
  product_sites: ProductSiteTable;
  product_categories: ProductCategoryTable;
  variants: VariantTable;
  prices: PriceTable;
  stock: StockTable;
  product_features: ProductFeatureTable;
  bundle_items: BundleItemTable;
  product_search: ProductSearchTable;
  cms_pages: CmsPageTable;
  cms_slots: CmsSlotTable;
  cms_components: CmsComponentTable;
  carts: CartTable;
  cart_entries: CartEntryTable;
  orders: OrderTable;
  order_entries: OrderEntryTable;
  idempotency_keys: IdempotencyKeyTable;
  payment_intents: PaymentIntentTable;
  oauth_clients: OAuthClientTable;
}
