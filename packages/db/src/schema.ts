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
import type { Generated } from 'kysely';

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
  /** 0/1: may be bought on auto-delivery (issue 10, migration 0006; ADR 0018) */
  ad_eligible: number;
  sort_order: number;
  created_at: string;
  /** issue 13 (migration 0014, ADR 0033): pod beverages' pod system code, else null */
  pod_system: string | null;
  /** brewers' accepted pod systems, space-separated codes (`parsePodSystems`), else null */
  pod_systems: string | null;
  /** brewers' brand-neutral model name ("Solo"), else null */
  model_name_en: string | null;
  model_name_fr: string | null;
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

/** issue 13 (migration 0013, ADR 0032): a product's partner on a site, from orders or the seed list. */
export interface ProductAssociationTable {
  base_site: string;
  /** base product code */
  product_code: string;
  /** 'orders' | 'seed' */
  source: string;
  /** base product code of the partner */
  partner_code: string;
  /** orders holding both (0 for seed rows) */
  score: number;
  /** place within its source, 0 = best */
  rank: number;
  updated_at: string;
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
  /** issue 12 (migration 0011, ADR 0028 "Rewards"): the Perks reward applied to the cart, null when none */
  loyalty_reward_code?: string | null;
}

/** Cart entries; unique per (cart, variant, entry type). */
export interface CartEntryTable {
  cart_guid: string;
  entry_number: number;
  variant_code: string;
  /** 'STD' | 'ADC' | 'ADCF' | 'ADF' | 'MBOX' | 'BBAD' (ADR 0018 programs) */
  entry_type: string;
  qty: number;
  created_at: string;
  /** issue 10: auto-delivery every N weeks (ADC, ADCF, BBAD); null for one-time lines */
  frequency_weeks: number | null;
  /** issue 10: pods the shopper has at home (ADC, ADCF; spec §5) */
  pods_at_home_qty: number | null;
  /** issue 10: cups a day (ADCF smart subscriptions) */
  cups_per_day: number | null;
  /** issue 10: day of the month (ADF, MBOX); 31 = the last day */
  day_of_month: number | null;
  /** issue 10: the campaign of a BBAD line (addCampaignBundle) */
  campaign_code: string | null;
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
  /** issue 4: paid by gift cards, minor units; the card is charged total_minor − gift_card_minor */
  gift_card_minor: number;
  /** issue 10: 'checkout' | 'recurring' (placed by the scheduler) | 'clawback' (early cancel of a commitment) */
  kind: string;
  /** issue 10: the subscription a recurring or clawback order belongs to */
  subscription_id: string | null;
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
  /** issue 10: the auto-delivery frequency the line was bought with (parent orders) */
  frequency_weeks: number | null;
  /** issue 10: the subscription this line started (parent order) or belongs to (recurring order) */
  subscription_id: string | null;
  /**
   * issue 12 (migration 0007): units of the line shipped so far (0 on insert; the database default,
   * hence optional here). Only the conditional update of `shipOrder` raises it, never beyond `qty`.
   */
  shipped_qty?: number;
  /** issue 12 (migration 0012): units of the line returned so far (never beyond `shipped_qty`) */
  returned_qty?: number;
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
  /** issue 9 (migration 0005): SHA-256 hex of the canonical request; null on older rows */
  request_hash: string | null;
  /** issue 9 (migration 0005): ISO-8601 end of the lease of an `in_progress` key; null on older rows */
  lease_expires_at: string | null;
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

/** Customer accounts (issue 3, spec §3 Customer data, §6 roles). Email lower-cased, unique. */
export interface CustomerTable {
  /** 'cu_' + random */
  id: string;
  /** lower-cased */
  email: string;
  /** argon2id PHC string */
  password_hash: string;
  first_name: string;
  last_name: string;
  /** 0/1 (spec §3 perksOptIn) */
  perks_opt_in: number;
  /** 0/1 (spec §3 is{product}Employee) */
  is_employee: number;
  /** comma list of roles (spec §6) */
  roles: string;
  /** issue 4: price group that prices this customer (price_lists.group_code), or null */
  price_group: string | null;
  /** issue 4: user group (price_lists.group_code), or null */
  user_group: string | null;
  created_at: string;
  updated_at: string;
}

/** Refresh tokens (issue 3, spec §4 §9): stored as sha-256 hex, rotated on every use, grouped in families. */
export interface RefreshTokenTable {
  id: string;
  /** every token of one sign-in shares it; reuse of a rotated token revokes the family */
  family_id: string;
  customer_id: string;
  client_id: string;
  /** sha-256 hex of the token */
  token_hash: string;
  /** 'active' | 'rotated' | 'revoked' */
  status: string;
  /** this token's expiry (REFRESH_TOKEN_TTL_S after issue, capped by family_expires_at) */
  expires_at: string;
  /** absolute end of the family (REFRESH_TOKEN_MAX_LIFETIME_S after sign-in) */
  family_expires_at: string;
  created_at: string;
  rotated_at: string | null;
}

/** Password reset tokens: sha-256 hex of the emailed token, single use, expiring. */
export interface PasswordResetTokenTable {
  token_hash: string;
  customer_id: string;
  expires_at: string;
  used_at: string | null;
}

/** Fixed-window rate limit counters shared by every API process. */
export interface RateLimitHitTable {
  /** e.g. 'signin:acct:<email>' */
  key: string;
  /** ISO-8601 UTC start of the window */
  window_start: string;
  count: number;
}

/** Customer address book (issue 3, spec §3 customer data): one row per saved address. */
export interface AddressTable {
  /** 'ad_' + random */
  id: string;
  customer_id: string;
  first_name: string;
  last_name: string;
  line1: string;
  line2: string | null;
  city: string;
  /** state / province ISO code, upper-case */
  region: string;
  postal_code: string;
  /** 'US' | 'CA' */
  country: string;
  phone: string | null;
  /** 0/1: at most one default per customer */
  is_default: number;
  created_at: string;
  updated_at: string;
}

/** The payment provider's customer object of a customer (Stripe `cus_...`, test `cus_test_...`). */
export interface PaymentCustomerTable {
  customer_id: string;
  /** 'test' | 'stripe' */
  provider: string;
  provider_customer_id: string;
}

/** Saved payment methods (cards) of a customer: brand, last 4 and expiry only, never the number. */
export interface SavedPaymentMethodTable {
  /** 'spm_' + random: the id clients use */
  id: string;
  customer_id: string;
  provider: string;
  /** the provider's payment method id (Stripe `pm_...`, test `pm_test_...`) */
  provider_payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** 0/1 */
  is_default: number;
  created_at: string;
}

/** A promotion rule (issue 4, migration 0004): kind + JSON parameters evaluated by the domain engine. */
export interface PromotionTable {
  code: string;
  base_site: string;
  kind: string;
  name_en: string;
  name_fr: string;
  params_json: string;
  priority: number;
  exclusive: number;
  requires_coupon: number;
  /** comma list of user/price groups allowed, null = everyone */
  user_groups: string | null;
  starts_at: string | null;
  ends_at: string | null;
  active: number;
}

/** A coupon code (stored upper-case) bound to a promotion. */
export interface CouponTable {
  code: string;
  base_site: string;
  promotion_code: string;
  name_en: string;
  name_fr: string;
  page_name: string | null;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  used_count: number;
  active: number;
}

/** Per-customer coupon use count (customer id, or `email:` + lower-cased email for guests). */
export interface CouponCustomerUseTable {
  coupon_code: string;
  customer_key: string;
  uses: number;
}

/** Which order redeemed which coupon. */
export interface CouponRedemptionTable {
  coupon_code: string;
  order_code: string;
  customer_key: string;
  created_at: string;
}

/** A coupon applied to a cart. */
export interface CartCouponTable {
  cart_guid: string;
  coupon_code: string;
  applied_at: string;
}

/** An applied promotion frozen on an order. `entry_numbers` is a comma list. */
export interface OrderPromotionTable {
  order_code: string;
  line_no: number;
  promotion_code: string;
  kind: string;
  coupon_code: string | null;
  description_en: string;
  description_fr: string;
  amount_minor: number;
  entry_numbers: string;
  gift_variant_code: string | null;
}

/** A variant's price for a price group or user group (spec §3, §6). */
export interface PriceListTable {
  base_site: string;
  group_code: string;
  variant_code: string;
  currency: string;
  price_minor: number;
}

/** A gift card: the code only as a SHA-256 hash; balance in minor units. */
export interface GiftCardTable {
  id: string;
  code_hash: string;
  last4: string;
  base_site: string;
  currency: string;
  initial_minor: number;
  balance_minor: number;
  /** active | disabled */
  status: string;
  issued_order_code: string | null;
  recipient_email: string | null;
  expires_at: string | null;
  created_at: string;
}

/** A gift-card balance movement: issue | hold | release | redeem | refund (amount ≥ 0). */
export interface GiftCardLedgerTable {
  id: string;
  gift_card_id: string;
  kind: string;
  amount_minor: number;
  order_code: string | null;
  cart_guid: string | null;
  created_at: string;
}

/** A gift card applied to a cart; `requested_minor` null = as much as needed. */
export interface CartGiftCardTable {
  cart_guid: string;
  gift_card_id: string;
  requested_minor: number | null;
  applied_at: string;
}

/** What a gift card pays on an order: held | redeemed | released | refunded. */
export interface OrderGiftCardTable {
  order_code: string;
  gift_card_id: string;
  amount_minor: number;
  status: string;
}

/**
 * Subscriptions (issue 10, ADR 0018): one per customer program (AUTO_DELIVERY, SMART, SCHEDULED,
 * MONTHLY_BOX, BREWER_CAMPAIGN). Dates are calendar dates 'YYYY-MM-DD' in the site's time zone.
 */
export interface SubscriptionTable {
  /** 'sub_' + random */
  id: string;
  customer_id: string;
  base_site: string;
  currency: string;
  lang: string;
  /** ADR 0018 program: 'AUTO_DELIVERY' | 'SMART' | 'SCHEDULED' | 'MONTHLY_BOX' | 'BREWER_CAMPAIGN' */
  program: string;
  /** the cart entry type it was bought with: 'ADC' | 'ADCF' | 'ADF' | 'MBOX' | 'BBAD' */
  entry_type: string;
  /** 'active' | 'paused' | 'suspended' | 'cancelled' */
  status: string;
  /** weeks between orders (AUTO_DELIVERY, SMART, BREWER_CAMPAIGN) */
  frequency_weeks: number | null;
  /** day of the month (SCHEDULED, MONTHLY_BOX); 31 = the last day */
  day_of_month: number | null;
  /** 'YYYY-MM-DD' (site time zone) of the next order */
  next_ship_date: string;
  /** 'YYYY-MM-DD' until which a paused subscription places no order */
  paused_until: string | null;
  /** JSON Address shipped to */
  shipping_address_json: string;
  /** the address-book id the address came from, if any */
  address_id: string | null;
  /** saved_payment_methods.id charged off-session */
  saved_payment_method_id: string | null;
  /** the checkout order that started it */
  parent_order_code: string | null;
  /** BREWER_CAMPAIGN: the campaign code */
  campaign_code: string | null;
  /** MONTHLY_BOX: 'choose' | 'curated' */
  rotation: string | null;
  /** SMART inputs */
  pods_at_home_qty: number | null;
  cups_per_day: number | null;
  /** the next ship date the reminder email was sent for (sent once per date) */
  reminded_for_date: string | null;
  cancel_reason: string | null;
  cancel_note: string | null;
  cancelled_at: string | null;
  suspended_at: string | null;
  /** grows with every change (starts at 1) */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Items of a subscription: unique (subscription, variant); optional backup variant. */
export interface SubscriptionItemTable {
  /** 'si_' + random */
  id: string;
  subscription_id: string;
  variant_code: string;
  qty: number;
  backup_variant_code: string | null;
  sort_order: Generated<number>;
  created_at: string;
}

/**
 * One row per subscription and cycle date: inserting it claims the cycle (PK), so each
 * subscription gets at most one order per cycle.
 */
export interface SubscriptionCycleTable {
  subscription_id: string;
  /** 'YYYY-MM-DD' (site time zone) */
  cycle_date: string;
  /** 'processing' | 'placed' | 'payment_failed' | 'skipped' | 'suspended' */
  status: string;
  order_code: string | null;
  /** charge attempts made */
  attempts: Generated<number>;
  /** ISO-8601 UTC instant of the next charge attempt (payment_failed) */
  next_attempt_at: string | null;
  last_error: string | null;
  /** JSON: items replaced by their backup or left out, for the email and AD home */
  notice_json: string | null;
  created_at: string;
  updated_at: string;
}

/** Brewer campaigns per site (ADR 0018; business-defaults "Starter-kit brewer offer"). */
export interface CampaignTable {
  /** 'FIFTYPERCENTBREWER' | 'FREEBREWER' | 'KSKLITE' | 'KSKBBAD' */
  code: string;
  base_site: string;
  name_en: string;
  name_fr: string;
  /** brewer discount, basis points (10000 = free) */
  brewer_discount_bps: number;
  /** comma list of eligible brewer base product codes */
  brewer_codes: string;
  boxes_required: number;
  min_orders: number;
  min_boxes_per_order: number;
  months: number;
  /** the card on file must not expire within this many months of the purchase */
  card_valid_months: number;
  /** 0/1 */
  active: number;
}

/** A commitment opened by a campaign purchase; at most one open per email and per address. */
export interface CommitmentTable {
  /** 'cm_' + random */
  id: string;
  subscription_id: string;
  base_site: string;
  campaign_code: string;
  customer_id: string;
  /** lower-cased */
  email: string;
  /** normalised shipping address (one open commitment per address) */
  address_key: string;
  currency: string;
  brewer_variant_code: string;
  brewer_list_minor: number;
  brewer_paid_minor: number;
  boxes_required: number;
  min_orders: number;
  min_boxes_per_order: number;
  boxes_counted: Generated<number>;
  orders_counted: Generated<number>;
  /** 'YYYY-MM-DD' */
  deadline: string;
  /** 'open' | 'met' | 'clawedBack' | 'cancelled' */
  status: string;
  clawback_minor: number | null;
  clawback_order_code: string | null;
  parent_order_code: string;
  created_at: string;
  updated_at: string;
}

/** Mailing-list subscriptions (issue 12; migration 0009, ADR 0029): one per (site, normalised email). */
export interface MailingSubscriptionTable {
  id: string;
  base_site: string;
  email: string;
  /** 'pending' | 'confirmed' | 'unsubscribed' */
  status: string;
  lang: string;
  source: string;
  /** sha-256 hex of the single-use confirmation token; null once used */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  /** when the last confirmation email was sent (caps them to one an hour) */
  confirm_sent_at: string | null;
  consent_at: string | null;
  consent_source: string | null;
  consent_wording: string | null;
  unsubscribed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Pending "notify me when it's back" requests (issue 12; migration 0009): unique (site, variant, email). */
export interface NotifyRequestTable {
  id: string;
  base_site: string;
  variant_code: string;
  email: string;
  lang: string;
  customer_id: string | null;
  /** set by the sweep that claimed the request for sending; null while waiting */
  claim_id: string | null;
  claimed_at: string | null;
  created_at: string;
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
  /** issue 13 (migration 0013, ADR 0032): frequently bought together */
  product_associations: ProductAssociationTable;
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
  customers: CustomerTable;
  refresh_tokens: RefreshTokenTable;
  password_reset_tokens: PasswordResetTokenTable;
  rate_limit_hits: RateLimitHitTable;
  addresses: AddressTable;
  payment_customers: PaymentCustomerTable;
  saved_payment_methods: SavedPaymentMethodTable;
  subscriptions: SubscriptionTable;
  subscription_items: SubscriptionItemTable;
  subscription_cycles: SubscriptionCycleTable;
  campaigns: CampaignTable;
  commitments: CommitmentTable;
  promotions: PromotionTable;
  coupons: CouponTable;
  coupon_customer_uses: CouponCustomerUseTable;
  coupon_redemptions: CouponRedemptionTable;
  cart_coupons: CartCouponTable;
  order_promotions: OrderPromotionTable;
  price_lists: PriceListTable;
  gift_cards: GiftCardTable;
  gift_card_ledger: GiftCardLedgerTable;
  cart_gift_cards: CartGiftCardTable;
  order_gift_cards: OrderGiftCardTable;
  consignments: ConsignmentTable;
  consignment_entries: ConsignmentEntryTable;
  mailing_subscriptions: MailingSubscriptionTable;
  notify_requests: NotifyRequestTable;
  loyalty_members: LoyaltyMemberTable;
  loyalty_ledger: LoyaltyLedgerTable;
  /** issue 12 (migration 0010, ADR 0030) */
  referrals: ReferralTable;
  /** issue 12 (migration 0011, ADR 0028 "Rewards") */
  loyalty_rewards: LoyaltyRewardTable;
  order_loyalty_rewards: OrderLoyaltyRewardTable;
  /** issue 12 (migration 0012, ADR 0027 "Returns") */
  order_returns: OrderReturnTable;
  order_return_entries: OrderReturnEntryTable;
  /** issue 13 (migration 0015, ADR 0034 "Pod quiz") */
  quizzes: QuizTable;
  quiz_answers: QuizAnswerTable;
}


/** issue 12 (migration 0007, ADR 0027): one shipment of an order (one operator ship call). */
export interface ConsignmentTable {
  /** `<order code>-<seq>`, e.g. `KC-7K3M9-QX2TB-1` */
  code: string;
  order_code: string;
  base_site: string;
  /** 1, 2, ... per order (unique with `order_code`) */
  seq: number;
  /** trimmed, 1–64 characters of letters, digits, space and `-_./` */
  tracking_number: string;
  carrier: string | null;
  /** ISO-8601 UTC */
  shipped_at: string;
}

/** issue 12 (migration 0007): units of one order line in a consignment. */
export interface ConsignmentEntryTable {
  consignment_code: string;
  order_code: string;
  entry_number: number;
  qty: number;
}

/** Issue 12 (migration 0008, ADR 0028): a Perks member of one base site. */
export interface LoyaltyMemberTable {
  user_id: string;
  base_site: string;
  /** ISO-8601 UTC */
  enrolled_at: string;
  /** the program terms version accepted at sign-up */
  terms_version: string;
  /** 0/1: does the member earn points? (spec §3 perksOptIn) */
  perks_opt_in: number;
  /** ISO-8601 UTC of the last opt-out, or null */
  opted_out_at: string | null;
  /** who last changed the opt-in: a customer-service agent id (spec §6 csAgentId), or null = the customer */
  opt_changed_by: string | null;
  /** the member's one-use welcome coupon made at sign-up (ADR 0028 amendment), or null */
  welcome_coupon_code: Generated<string | null>;
  /** bumped by every ledger write: the member's lock */
  version: Generated<number>;
  updated_at: string;
}

/** Issue 12 (migration 0008, ADR 0028): one movement of Perks points; a balance is the sum of `points` per bucket. */
export interface LoyaltyLedgerTable {
  /** 'lp_' + random */
  id: string;
  user_id: string;
  base_site: string;
  /** 'earned_pending' | 'earned' | 'redeemed' | 'held' | 'released' | 'reversed' | 'expired' */
  kind: string;
  /** 'pending' | 'available' */
  bucket: string;
  /** signed integer points */
  points: number;
  order_code: string | null;
  /** the order entry the points belong to */
  entry_number: number | null;
  /** units of the line this movement covers (shipments) */
  quantity: number | null;
  /** the shipment (consignment) that moved these points */
  consignment_code: string | null;
  /** short machine reason: 'orderPlaced' | 'orderShipped' | 'orderCancelled' | 'expiry' | ... */
  reason: string;
  /** unique when set: makes a movement happen once */
  idem_key: string | null;
  created_at: string;
  /** `earned` entries: when they expire */
  expires_at: string | null;
}

/**
 * A member's referral of a friend (issue 12, migration 0010, ADR 0030). `status`: 'sent' (coupon
 * emailed, unused) | 'used' (the friend's first order redeemed it) | 'rewarded' (that order
 * shipped; the referrer got `reward_points`) | 'expired' (lapsed unused; `open_key` NULL).
 */
export interface ReferralTable {
  id: string;
  base_site: string;
  /** the referring customer's id */
  referrer_id: string;
  /** normalised (trimmed, lower-cased) */
  friend_email: string;
  /** = friend_email while the referral counts, NULL once expired (unique per site) */
  open_key: string | null;
  friend_name: string | null;
  /** 'en' | 'fr': the language of the friend's email */
  lang: string;
  coupon_code: string;
  status: string;
  order_code: string | null;
  friend_user_id: string | null;
  reward_points: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  rewarded_at: string | null;
}

/** Issue 12 (migration 0011, ADR 0028 "Rewards"): one reward of a site's Perks catalogue. */
export interface LoyaltyRewardTable {
  base_site: string;
  code: string;
  /** 'amountOff' | 'freeShipping' | 'freeProduct' */
  kind: string;
  /** points the reward costs (> 0) */
  points_cost: number;
  /** amountOff: minor units of the site currency; else null */
  amount_minor: number | null;
  /** freeProduct: the variant given at price 0; else null */
  variant_code: string | null;
  name_en: string;
  name_fr: string;
  sort_order: number;
  /** 1 offered, 0 withdrawn */
  active: number;
}

/** Issue 12 (migration 0011): the reward an order took and the state of its points. */
export interface OrderLoyaltyRewardTable {
  order_code: string;
  base_site: string;
  user_id: string;
  reward_code: string;
  /** points held / redeemed for it */
  points: number;
  /** 'held' | 'redeemed' | 'released' */
  status: string;
  created_at: string;
  updated_at: string;
}

/** issue 12 (migration 0012, ADR 0027 "Returns"): one operator return of shipped units. */
export interface OrderReturnTable {
  /** `<order code>-R<seq>` */
  code: string;
  order_code: string;
  base_site: string;
  seq: number;
  /** 'damaged' | 'wrongItem' | 'notWanted' | 'other' | null */
  reason: string | null;
  /** money owed back for the returned units, minor units */
  refund_minor: number;
  /** part of `refund_minor` refunded to the card */
  card_refund_minor: number;
  /** part of `refund_minor` credited back to the order's gift cards (migration 0018) */
  gift_card_refund_minor: Generated<number>;
  /** 'pending' | 'refunded' | 'failed' | 'none' */
  refund_status: string;
  points_reversed: number;
  points_not_recovered: number;
  /** ISO-8601 UTC */
  created_at: string;
}

/** issue 12 (migration 0012): units of one order line in a return. */
export interface OrderReturnEntryTable {
  return_code: string;
  order_code: string;
  entry_number: number;
  qty: number;
  refund_minor: number;
  points_reversed: number;
  points_not_recovered: number;
}

/** issue 13 (migration 0015, ADR 0034): a quiz as data; `definition_json` is a `QuizDefinition` of `@store/domain`. */
export interface QuizTable {
  /** e.g. 'pod-id' (spec §9 default pod-quiz id key) */
  quiz_id: string;
  definition_json: string;
}

/** issue 13 (migration 0015): a signed-in customer's last answers to a quiz on a site. */
export interface QuizAnswerTable {
  customer_id: string;
  base_site: string;
  quiz_id: string;
  /** JSON object: question id → option id */
  answers_json: string;
  /** ISO-8601 UTC */
  updated_at: string;
}
