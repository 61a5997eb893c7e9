/**
 * Recommendation carousels (issue 13, ADR 0033; spec §5 recommendation caps, §6 personalisation
 * segments, §7 recommendation carousel, §9 caps and experiment variants). Pure: the callers load
 * the shopper facts and the candidate products, these functions decide.
 */
import { podFits, type PodSystem } from './pod-systems.ts';

/** Spec §5/§9: a brewer recommendation answers at most 5 product codes. */
export const BREWER_RECOMMENDATION_CAP = 5;
/** Spec §5/§9: a beverage recommendation answers at most 4 product codes. */
export const BEVERAGE_RECOMMENDATION_CAP = 4;

/** What a carousel recommends: brewers, or beverages (pods and other drinks), or anything. */
export type RecommendationKind = 'brewer' | 'beverage';

/** The cap of a carousel of `kind` (spec §9 "Recommendation caps 5 and 4 codes"). */
export function recommendationCap(kind: RecommendationKind): number {
  return kind === 'brewer' ? BREWER_RECOMMENDATION_CAP : BEVERAGE_RECOMMENDATION_CAP;
}

/** Spec §6 personalisation segments, from the most to the least specific. */
export const SEGMENTS = ['activeAdUser', 'brewerIntender', 'purchaser', 'repeatVisitor', 'knownUser', 'unknownUser'] as const;
export type Segment = (typeof SEGMENTS)[number];

/** Spec §9 experiment variants of the recommendation carousel. */
export const EXPERIMENT_VARIANTS = ['carouselautoDelivery', 'carouselbrewerIntender', 'carouselreturningBevBuyer', 'carouseldefault'] as const;
export type ExperimentVariant = (typeof EXPERIMENT_VARIANTS)[number];

/** What the store knows about the shopper when choosing a segment. */
export interface ShopperFacts {
  /** signed in (a customer id is known) */
  signedIn: boolean;
  /** has at least one active auto-delivery subscription */
  hasActiveAutoDelivery: boolean;
  /** number of orders placed (any site) */
  orderCount: number;
  /** has bought at least one beverage */
  boughtBeverage: boolean;
  /** has bought at least one brewer */
  ownsBrewer: boolean;
  /** distinct brewers among the recently viewed products (recent-products cookie) */
  viewedBrewerCount: number;
  /** distinct products among the recently viewed products */
  viewedProductCount: number;
}

/** A brewer intender has looked at this many brewers or more (and owns none). */
export const BREWER_INTENDER_MIN_VIEWS = 2;

/**
 * The shopper's personalisation segment (spec §6), first rule that holds:
 * 1. `activeAdUser`: signed in with an active auto-delivery;
 * 2. `brewerIntender`: owns no brewer and viewed ≥ {@link BREWER_INTENDER_MIN_VIEWS} brewers;
 * 3. `purchaser`: has placed an order;
 * 4. `repeatVisitor`: has viewed products before (the recent-products cookie is not empty);
 * 5. `knownUser`: signed in; 6. `unknownUser` otherwise.
 */
export function chooseSegment(f: ShopperFacts): Segment {
  if (f.signedIn && f.hasActiveAutoDelivery) return 'activeAdUser';
  if (!f.ownsBrewer && f.viewedBrewerCount >= BREWER_INTENDER_MIN_VIEWS) return 'brewerIntender';
  if (f.orderCount > 0) return 'purchaser';
  if (f.viewedProductCount > 0) return 'repeatVisitor';
  return f.signedIn ? 'knownUser' : 'unknownUser';
}

/**
 * The experiment variant of the home carousel (spec §9) for a segment: auto-delivery users get
 * `carouselautoDelivery`, brewer intenders `carouselbrewerIntender`, purchasers who bought a
 * beverage `carouselreturningBevBuyer`, everyone else `carouseldefault`.
 */
export function chooseVariant(segment: Segment, boughtBeverage: boolean): ExperimentVariant {
  switch (segment) {
    case 'activeAdUser':
      return 'carouselautoDelivery';
    case 'brewerIntender':
      return 'carouselbrewerIntender';
    case 'purchaser':
      return boughtBeverage ? 'carouselreturningBevBuyer' : 'carouseldefault';
    default:
      return 'carouseldefault';
  }
}

/** What a variant's carousel shows. */
export function variantKind(variant: ExperimentVariant): RecommendationKind {
  return variant === 'carouselbrewerIntender' ? 'brewer' : 'beverage';
}

/** A candidate product, as much as ranking needs. */
export interface RecommendationCandidate {
  code: string;
  productType: string;
  beverageType: string | null;
  roast: string | null;
  brandCode: string;
  podSystem: PodSystem | null;
  /** the product has stock on its default variant (sold-out products are never recommended) */
  inStock: boolean;
  /** may be bought on auto-delivery */
  adEligible: boolean;
  sortOrder: number;
}

/** A brewer the customer bought: its model name and accepted systems. */
export interface OwnedBrewer {
  code: string;
  /** brand-neutral model name in the request language ("Solo") */
  modelName: string;
  podSystems: readonly PodSystem[];
  /** false: not bought, the brewer of the PDP being viewed ("Fits the Solo"); default true */
  owned?: boolean;
}

/** Why a product is recommended. `fits`: it is a pod that fits the customer's brewer. */
export type RecommendationReason = { kind: 'fits'; brewerCode: string; brewerName: string; owned: boolean } | { kind: 'similar' } | { kind: 'popular' };

/** One recommended product code with its reason. */
export interface Recommendation {
  code: string;
  reason: RecommendationReason;
}

/** How to rank: the product the carousel is about (a PDP), what the shopper bought or viewed. */
export interface RankingContext {
  kind: RecommendationKind;
  /** the PDP's product (excluded; similar products rank first) */
  base?: Pick<RecommendationCandidate, 'code' | 'productType' | 'beverageType' | 'roast' | 'brandCode'> | null;
  /** brewers the customer bought, most recent first: beverages must fit one of them */
  ownedBrewers?: readonly OwnedBrewer[];
  /** codes to leave out (e.g. products already in the cart) */
  exclude?: readonly string[];
  /** codes to put first (e.g. recently viewed brewers for a brewer intender) */
  boost?: readonly string[];
  /** only auto-delivery eligible products (the carouselautoDelivery variant) */
  adOnly?: boolean;
}

const isBeverage = (c: { productType: string }) => c.productType === 'Coffee';
const isBrewer = (c: { productType: string }) => c.productType === 'Brewer';

/**
 * The brewer of `owned` (most recent first) that a pod fits, or null. A product with no pod
 * system (bagged coffee) fits none.
 */
export function fittingBrewer(owned: readonly OwnedBrewer[], pod: PodSystem | null): OwnedBrewer | null {
  return owned.find((b) => podFits(b.podSystems, pod)) ?? null;
}

/** Score of a candidate: boosted +8; same beverage type as the base +4, same roast +2, same brand +1. */
function similarityScore(c: RecommendationCandidate, b: RankingContext['base'] | null, boost: ReadonlySet<string>): number {
  let score = boost.has(c.code) ? 8 : 0;
  if (b) {
    if (b.beverageType !== null && c.beverageType === b.beverageType) score += 4;
    if (b.roast !== null && c.roast === b.roast) score += 2;
    if (c.brandCode === b.brandCode) score += 1;
  }
  return score;
}

/**
 * Rank candidates for a carousel and cap the list (5 brewers, 4 beverages). Only in-stock products
 * of the carousel's kind, never the base product nor an excluded one. When the customer owns
 * brewers whose pod systems are known, beverage recommendations keep ONLY pods that fit one of
 * them, with reason `fits` naming that brewer (beyond the peers: "Fits your Solo"). Score:
 * boosted +8; same beverage type as the base +4, same roast +2, same brand +1; ties by sort
 * order then code. Reason `similar` when the score is positive, else `popular`.
 */
export function rankRecommendations(candidates: readonly RecommendationCandidate[], ctx: RankingContext): Recommendation[] {
  const excluded = new Set(ctx.exclude ?? []);
  if (ctx.base) excluded.add(ctx.base.code);
  const boost = new Set(ctx.boost ?? []);
  const owned = (ctx.ownedBrewers ?? []).filter((b) => b.podSystems.length > 0);
  const ofKind = ctx.kind === 'brewer' ? isBrewer : isBeverage;
  const scored: Array<{ c: RecommendationCandidate; score: number; fit: OwnedBrewer | null }> = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    if (!ofKind(c) || !c.inStock || excluded.has(c.code) || seen.has(c.code)) continue;
    if (ctx.adOnly && !c.adEligible) continue;
    let fit: OwnedBrewer | null = null;
    if (ctx.kind === 'beverage' && owned.length > 0) {
      fit = fittingBrewer(owned, c.podSystem);
      if (!fit) continue;
    }
    seen.add(c.code);
    scored.push({ c, score: similarityScore(c, ctx.base ?? null, boost), fit });
  }
  scored.sort((x, y) => y.score - x.score || x.c.sortOrder - y.c.sortOrder || (x.c.code < y.c.code ? -1 : x.c.code > y.c.code ? 1 : 0));
  return scored.slice(0, recommendationCap(ctx.kind)).map(({ c, score, fit }) => ({
    code: c.code,
    reason: fit ? { kind: 'fits', brewerCode: fit.code, brewerName: fit.modelName, owned: fit.owned !== false } : score > 0 ? { kind: 'similar' } : { kind: 'popular' },
  }));
}

/** At most this many codes in one sort recommendation call (spec §7 "sort recommendation"). */
export const SORT_RECOMMENDATION_MAX_CODES = 50;

/**
 * The real-time product codes of a ranking (spec §7 "real-time product codes"): the codes of
 * {@link rankRecommendations}, so capped at 5 brewers or 4 beverages (spec §5/§9).
 */
export function recommendedProductCodes(candidates: readonly RecommendationCandidate[], ctx: RankingContext): string[] {
  return rankRecommendations(candidates, ctx).map((r) => r.code);
}

/**
 * Sort recommendation (spec §7 "sort recommendation by context id and customer id"): the given
 * `codes` re-ordered for the shopper, nothing added, nothing capped. `candidates` are the products
 * the store knows among `codes` (a code without a candidate is dropped; a repeated code is kept
 * once, first place). Order, first key first:
 * 1. in stock before sold out;
 * 2. with owned brewers (`ctx.ownedBrewers`, pod systems known): pods that fit one of them first;
 * 3. the carousel score (boosted +8, and with `ctx.adOnly` auto-delivery eligible +8; same
 *    beverage type as the base +4, roast +2, brand +1);
 * 4. the caller's order (stable).
 * `ctx.kind` is ignored (a sorted list may mix brewers and beverages); `ctx.exclude` and the base
 * product go last rather than away (the caller asked for them).
 * @returns the known codes, each once, in the new order
 */
export function sortRecommendations(codes: readonly string[], candidates: readonly RecommendationCandidate[], ctx: Omit<RankingContext, 'kind'>): string[] {
  const byCode = new Map(candidates.map((c) => [c.code, c]));
  const boost = new Set(ctx.boost ?? []);
  const last = new Set(ctx.exclude ?? []);
  if (ctx.base) last.add(ctx.base.code);
  const owned = (ctx.ownedBrewers ?? []).filter((b) => b.podSystems.length > 0);
  const rows: Array<{ code: string; keys: number[]; at: number }> = [];
  const seen = new Set<string>();
  codes.forEach((code, at) => {
    const c = byCode.get(code);
    if (!c || seen.has(code)) return;
    seen.add(code);
    const fits = owned.length > 0 && isBeverage(c) && fittingBrewer(owned, c.podSystem) !== null;
    const score = similarityScore(c, ctx.base ?? null, boost) + (ctx.adOnly && c.adEligible ? 8 : 0);
    rows.push({ code, keys: [last.has(code) ? 1 : 0, c.inStock ? 0 : 1, fits ? 0 : 1, -score], at });
  });
  rows.sort((x, y) => {
    for (let i = 0; i < x.keys.length; i++) {
      const d = x.keys[i]! - y.keys[i]!;
      if (d !== 0) return d;
    }
    return x.at - y.at;
  });
  return rows.map((r) => r.code);
}
