/**
 * Frequently bought together, bundle add and out-of-stock alternatives (issue 13; ADR 0032; spec
 * §3 Variant option `frequentlyBoughtTogether`, §7 frequentlyBoughtTogetherAddToCart,
 * bundleAddToCart, getProductOOSRecommendation; §5/§9 caps).
 *
 * - {@link refreshAssociations}: per site, the co-occurrence counts of the site's orders (domain
 *   `coPurchaseCounts`) replace the site's `orders` associations, and the seeded fallback list its
 *   `seed` ones, in ONE transaction per site (a product page reads the old list or the new one,
 *   never a mix; refreshes of a site are serialised by a lock, so several processes may run it).
 *   Run every {@link ASSOCIATION_REFRESH_INTERVAL_MS} in the server process
 *   ({@link startAssociationRefresher}) and once by `npm run jobs`.
 * - {@link frequentlyBoughtTogetherOf}: the product page's list, ONE indexed statement.
 * - {@link frequentlyBoughtTogetherAddToCart}, {@link bundleAddToCart}: several units in ONE
 *   transaction, all or nothing (the cart rules of flows/cart.ts: stock checked, reserved only
 *   when the order is placed).
 * - {@link oosRecommendation}: in-stock alternatives of a sold-out product.
 */
import { catalogChangesOf } from '../catalog-changes.ts';
import type { BundleAddToCartInput, BundleAddToCartResponse, FbtAddToCartInput, FbtAddToCartResponse, OosRecommendation } from '@store/contracts';
import {
  getProductCards,
  listAlternativeCandidates,
  listAssociationCandidates,
  listBundleComponents,
  listEntries,
  listOrderBaskets,
  lockSiteAssociations,
  findProduct,
  replaceAssociations,
  withTransaction,
  writeSeedAssociations,
  type AssociationRow,
  type DbHandle,
  type Executor,
} from '@store/db';
import {
  BASE_SITE_IDS,
  checkStock,
  conflict,
  coPurchaseCounts,
  DEFAULT_ENTRY_TYPE,
  FBT_DISPLAY_CAP,
  FBT_MIN_SUPPORT,
  FBT_STORE_LIMIT,
  invalidInput,
  notFound,
  pickFrequentlyBoughtTogether,
  rankOosAlternatives,
  type BaseSiteId,
  type Lang,
} from '@store/domain';
import { presentCard } from '../catalog/present.ts';
import { addOneUnitOfEach, addUnits, openOrNewCart, requireSellable } from './cart.ts';
import { nameOf } from './cart-view.ts';
import type { CommerceContext, FlowLogger, Shopper } from './context.ts';
import { pickLang } from './context.ts';
import { startPeriodic } from './periodic.ts';
import { COMMERCE_MESSAGES } from './messages.ts';
import { loadAutoDeliverySettings } from './auto-delivery-buy.ts';

/** How often the server process refreshes the associations (1 hour, ms). */
export const ASSOCIATION_REFRESH_INTERVAL_MS = 3_600_000;

/** What a refresh needs. */
export interface RefreshContext {
  dbh: DbHandle;
  log: FlowLogger;
  now: () => Date;
}

/** What one site's refresh wrote. */
export interface RefreshResult {
  site: BaseSiteId;
  /** orders read */
  orders: number;
  /** `orders` rows written */
  fromOrders: number;
  /** `seed` rows written */
  seeded: number;
}

/**
 * Recomputes the associations of every site (or of `sites`): see the module comment.
 * @param minSupport orders a pair must share (default {@link FBT_MIN_SUPPORT})
 */
export async function refreshAssociations(ctx: RefreshContext, opts: { sites?: readonly BaseSiteId[]; minSupport?: number } = {}): Promise<RefreshResult[]> {
  const out: RefreshResult[] = [];
  for (const site of opts.sites ?? BASE_SITE_IDS) {
    const baskets = await listOrderBaskets(ctx.dbh.db, site);
    const counts = coPurchaseCounts(
      baskets.map((b) => b.productCodes),
      { minSupport: opts.minSupport ?? FBT_MIN_SUPPORT, limit: FBT_STORE_LIMIT },
    );
    const rows: AssociationRow[] = [];
    for (const [productCode, partners] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) {
      partners.forEach((p, rank) => rows.push({ productCode, partnerCode: p.code, score: p.count, rank }));
    }
    const now = ctx.now().toISOString();
    const [fromOrders, seeded] = await withTransaction(ctx.dbh, async (trx) => {
      await lockSiteAssociations(trx, ctx.dbh.dialect, site);
      return [await replaceAssociations(trx, site, 'orders', rows, now), await writeSeedAssociations(trx, site, now)];
    });
    // ADR 0037: product answers show the new partners on their next read (after commit)
    catalogChangesOf(ctx.dbh).emit({ kind: 'products', codes: [], fbt: true });
    out.push({ site, orders: baskets.length, fromOrders, seeded });
  }
  ctx.log.info({ event: 'associationsRefreshed', sites: out }, 'frequently-bought-together refreshed');
  return out;
}

/** Starts the periodic refresh in the server process (one now, then every `intervalMs`). @returns stop */
export function startAssociationRefresher(ctx: RefreshContext, intervalMs: number = ASSOCIATION_REFRESH_INTERVAL_MS): () => Promise<void> {
  return startPeriodic(() => refreshAssociations(ctx), intervalMs, ctx.log, 'frequently-bought-together refresh failed');
}

/**
 * The product page's "frequently bought together" base product codes (spec §3): order-based
 * partners first, the seeded fallback filling up to {@link FBT_DISPLAY_CAP}; only partners whose
 * default variant is in stock and sellable on the site. ONE statement.
 */
export async function frequentlyBoughtTogetherOf(db: Executor, site: BaseSiteId, productCode: string): Promise<string[]> {
  const candidates = await listAssociationCandidates(db, site, productCode, FBT_DISPLAY_CAP * 3);
  return pickFrequentlyBoughtTogether(productCode, candidates, FBT_DISPLAY_CAP);
}

/**
 * `POST users/{u}/frequentlyBoughtTogetherAddToCart` (spec §7): one unit of each code, in ONE
 * transaction, all or nothing.
 * @throws 400 `ValidationError` `duplicate` naming `productCodes[i]` (a code given twice); the
 *   errors of addProductToCart naming `productCodes[i]` (404 unknown / not sold, 400 discontinued,
 *   409 `InsufficientStockError` `outOfStock` / `insufficientStock`): nothing is added
 */
export async function frequentlyBoughtTogetherAddToCart(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, input: FbtAddToCartInput): Promise<FbtAddToCartResponse> {
  const seen = new Set<string>();
  for (const [i, raw] of input.productCodes.entries()) {
    const code = raw.trim();
    if (seen.has(code)) throw invalidInput('ValidationError', 'duplicate', `Product ${code} is listed twice`, `productCodes[${i}]`);
    seen.add(code);
  }
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const { cart, lang, variants, cartQuantity } = await addOneUnitOfEach(trx, site, shopper, input, now);
    return {
      cartGuid: cart.guid,
      cartQuantity,
      ResponseMessage: COMMERCE_MESSAGES[lang].addedManyToCart(variants.length),
      added: variants.map((v) => v.variantCode),
    };
  });
}

/**
 * `POST users/{u}/bundleAddToCart` (spec §7; ADR 0032 "Bundles"): the bundle line (`qty` bundles,
 * default 1) at the bundle price, after every component was checked for `qty` × its units (plus
 * what the cart's bundle line already holds) in the SAME transaction; all or nothing.
 * @throws 404 `UnknownIdentifierError` `notFound` / `notSold` (subject `bundleCode`), `notABundle`;
 *   409 `InsufficientStockError` naming `components[i]` (a component short of stock) or `qty`
 *   (the bundle's own stock); 409 `CartError` `componentUnavailable` naming `components[i]`
 *   (a discontinued component)
 */
export async function bundleAddToCart(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, input: BundleAddToCartInput): Promise<BundleAddToCartResponse> {
  const qty = input.qty ?? 1;
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const v = await requireSellable(trx, site, input.bundleCode, 'bundleCode');
    if (!v.isBundle) throw notFound('UnknownIdentifierError', 'notABundle', `Product ${input.bundleCode} is not a bundle`, 'bundleCode');
    const components = await listBundleComponents(trx, v.baseProductCode);
    const cart = await openOrNewCart(trx, site, input.cartGuid, input.lang, now, shopper);
    const lang = pickLang(site, input.lang, cart.lang);
    const inCart = cart.created ? 0 : Number((await listEntries(trx, cart.guid)).find((e) => e.variant_code === v.variantCode && e.entry_type === DEFAULT_ENTRY_TYPE)?.qty ?? 0);
    for (const [i, c] of components.entries()) {
      const subject = `components[${i}]`;
      if (!c.sellable) throw conflict('CartError', 'componentUnavailable', `${nameOf(c, lang)} is no longer available`, subject);
      checkStock((inCart + qty) * c.qty, c.available, subject);
    }
    const added = await addUnits(trx, cart, v, DEFAULT_ENTRY_TYPE, qty, 'qty', now, null, cart.created === true);
    return {
      cartGuid: cart.guid,
      cartQuantity: added.cartQuantity,
      SuccessMessage: COMMERCE_MESSAGES[lang].addedToCart(nameOf(v, lang)),
      statusCode: 'success' as const,
      bundleCode: v.baseProductCode,
      name: nameOf(v, lang),
      components: components.map((c) => ({ productCode: c.variantCode, name: nameOf(c, lang), qty: c.qty })),
    };
  });
}

/**
 * `GET /getProductOOSRecommendation?productCode&lang` (spec §7): in-stock alternatives of a
 * product, same type (beverage type and roast, or brewer class; shared categories), brewers up to
 * 5, others up to 4 (spec §5, §9). `soldOut` says whether the code (a variant, or every variant of
 * a base product) has no stock; alternatives are answered either way.
 * @throws 404 `UnknownIdentifierError` `notFound` (subject `productCode`)
 */
export async function oosRecommendation(db: Executor, site: BaseSiteId, langParam: Lang | undefined, productCode: string): Promise<OosRecommendation> {
  const lang = pickLang(site, langParam);
  const found = await findProduct(db, { site, lang, code: productCode });
  if (!found || found.product.discontinued) throw notFound('UnknownIdentifierError', 'notFound', `Product with code '${productCode}' not found`, 'productCode');
  const { product, requestedVariant } = found;
  const stockOf = (code: string) => product.variants.find((v) => v.code === code)?.stock.available ?? 0;
  const soldOut = requestedVariant ? stockOf(requestedVariant) <= 0 : product.variants.every((v) => v.stock.available <= 0);
  const candidates = await listAlternativeCandidates(db, site, product.productType);
  const codes = rankOosAlternatives(
    {
      code: product.code,
      productType: product.productType,
      beverageType: product.beverageType,
      roast: product.roast,
      series: product.series,
      categoryCodes: product.categoryCodes,
      inStock: !soldOut,
      sortOrder: product.sortOrder,
    },
    candidates,
  );
  const [cards, ad] = await Promise.all([getProductCards(db, { site, lang, codes }), loadAutoDeliverySettings(db, site)]);
  return { productCode, baseProduct: product.code, soldOut, products: cards.map((c) => presentCard({ site, lang, ad }, c)) };
}
