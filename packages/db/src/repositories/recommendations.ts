/**
 * Reads for recommendation carousels (issue 13, ADR 0033; spec §6 segments, §7 recommendation
 * carousel): the candidate products of a kind on a site, and what a customer's orders and
 * subscriptions say about them (segment facts and the brewers they own). Read-only.
 */
import { parsePodSystems, type PodSystem, type RecommendationCandidate, type RecommendationKind } from '@store/domain';
import type { Executor } from '../connection.ts';
import { getProductCards, type CatalogLang, type ProductCardRecord } from './catalog.ts';

/** Candidates considered per carousel (the best of them are kept, 4 or 5). */
export const RECOMMENDATION_CANDIDATES = 60;

/** A candidate with its card (for the answer) and the facts ranking needs. */
export interface CandidateRecord {
  card: ProductCardRecord;
  candidate: RecommendationCandidate;
}

/** The ranking facts of a product card: in stock when its default variant has stock. */
export function candidateOfCard(card: ProductCardRecord): RecommendationCandidate {
  const dv = card.variants.find((v) => v.code === card.defaultVariantCode) ?? card.variants[0];
  return {
    code: card.code,
    productType: card.isBundle ? 'Bundle' : card.productType,
    beverageType: card.beverageType,
    roast: card.roast,
    brandCode: card.brandCode,
    podSystem: card.podSystem,
    inStock: (dv?.stock.available ?? 0) > 0,
    adEligible: card.adEligible,
    sortOrder: card.sortOrder,
  };
}

/**
 * Up to {@link RECOMMENDATION_CANDIDATES} products of `kind` sold on `site` (beverages: Coffee
 * products, not bundles; brewers: Brewer), not discontinued, by sort order then code; with
 * `podSystems` (non-empty), beverages of those pod systems only. Plus the `extra` codes (boosted
 * products), wherever they rank. Three statements.
 */
export async function recommendationCandidates(
  db: Executor,
  opts: { site: string; lang: CatalogLang; kind: RecommendationKind; podSystems?: readonly PodSystem[]; extra?: readonly string[] },
): Promise<CandidateRecord[]> {
  let q = db
    .selectFrom('products as p')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', opts.site))
    .select('p.code')
    .where('p.discontinued', '=', 0)
    .where('p.is_bundle', '=', 0)
    .where('p.product_type', '=', opts.kind === 'brewer' ? 'Brewer' : 'Coffee');
  if (opts.kind === 'beverage' && opts.podSystems && opts.podSystems.length > 0) q = q.where('p.pod_system', 'in', [...opts.podSystems]);
  const rows = await q.orderBy('p.sort_order').orderBy('p.code').limit(RECOMMENDATION_CANDIDATES).execute();
  const codes = [...new Set([...(opts.extra ?? []), ...rows.map((r) => r.code)])];
  const cards = await getProductCards(db, { site: opts.site, lang: opts.lang, codes });
  return cards.map((card) => ({ card, candidate: candidateOfCard(card) }));
}

/** A brewer a customer bought. */
export interface OwnedBrewerRecord {
  code: string;
  /** brand-neutral model name in `lang`, else the product name */
  modelName: string;
  podSystems: PodSystem[];
}

/** What a customer's orders and subscriptions say (spec §6 segment facts). */
export interface CustomerRecommendationFacts {
  /** orders placed on the site (any status but pending payment) */
  orderCount: number;
  boughtBeverage: boolean;
  /** brewers bought on the site, most recently bought first, each once */
  ownedBrewers: OwnedBrewerRecord[];
  /** bought product codes (to boost repeat buys or leave out), most recent first, at most 20 */
  boughtCodes: string[];
  hasActiveAutoDelivery: boolean;
}

/**
 * The facts of `customerId` on `site`: one statement for the ordered products (joined to their
 * product rows), one for an active auto-delivery. Orders still awaiting payment
 * (`excludeStatus`) do not count.
 */
export async function customerRecommendationFacts(
  db: Executor,
  opts: { site: string; lang: CatalogLang; customerId: string; excludeStatus: string },
): Promise<CustomerRecommendationFacts> {
  const lines = await db
    .selectFrom('orders as o')
    .innerJoin('order_entries as e', 'e.order_code', 'o.code')
    .innerJoin('products as p', 'p.code', 'e.product_code')
    .select(['o.code as order_code', 'o.created_at', 'p.code', 'p.product_type', 'p.is_bundle', 'p.pod_systems', 'p.model_name_en', 'p.model_name_fr', 'p.name_en', 'p.name_fr'])
    .where('o.base_site', '=', opts.site)
    .where('o.user_id', '=', opts.customerId)
    .where('o.status', '!=', opts.excludeStatus)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.code', 'desc')
    .limit(500)
    .execute();
  const sub = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('customer_id', '=', opts.customerId)
    .where('base_site', '=', opts.site)
    .where('status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  const orders = new Set<string>();
  const brewers = new Map<string, OwnedBrewerRecord>();
  const bought: string[] = [];
  let boughtBeverage = false;
  for (const l of lines) {
    orders.add(l.order_code);
    if (l.product_type === 'Coffee' && Number(l.is_bundle) === 0) boughtBeverage = true;
    if (l.product_type === 'Brewer' && !brewers.has(l.code)) {
      const model = opts.lang === 'fr' ? l.model_name_fr : l.model_name_en;
      brewers.set(l.code, { code: l.code, modelName: model ?? (opts.lang === 'fr' ? l.name_fr : l.name_en), podSystems: parsePodSystems(l.pod_systems) });
    }
    if (!bought.includes(l.code) && bought.length < 20) bought.push(l.code);
  }
  return { orderCount: orders.size, boughtBeverage, ownedBrewers: [...brewers.values()], boughtCodes: bought, hasActiveAutoDelivery: sub !== undefined };
}

/** Product types of `codes` sold on `site` (to count viewed brewers from the recent-products cookie). One statement. */
export async function productTypesOf(db: Executor, site: string, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', site))
    .select(['p.code', 'p.product_type'])
    .where('p.code', 'in', [...codes])
    .execute();
  return new Map(rows.map((r) => [r.code, r.product_type]));
}
