/**
 * Recommendation carousels (issue 13; spec §5/§9 caps, §6 segments, §7 recommendation carousel;
 * ADR 0033; contracts `recommendations.ts`). Loads the shopper facts and the candidates, lets the
 * domain choose the segment, the experiment variant and the ranked, capped list, and presents the
 * product cards; the recommended list, the real-time product codes and the sort recommendation
 * (spec §7) reuse the same facts and rules. Read-only: no transaction, no state change.
 */
import type {
  RecommendationCarousel,
  RecommendationCarouselQuery,
  RecommendationProductCodes,
  RecommendationProductCodesQuery,
  RecommendationReasonView,
  RecommendedList,
  RecommendedListQuery,
  SortedRecommendations,
  SortRecommendationsRequest,
} from '@store/contracts';
import type { RecommendationCarouselQuerySchema, RecommendationProductCodesQuerySchema, RecommendedListQuerySchema, SortRecommendationsRequestSchema } from '@store/contracts';
import {
  candidateOfCard,
  customerRecommendationFacts,
  findProduct,
  getProductCards,
  productTypesOf,
  recommendationCandidates,
  type CustomerRecommendationFacts,
} from '@store/db';
import {
  chooseSegment,
  chooseVariant,
  forbidden,
  invalidInput,
  notFound,
  parseRecentProducts,
  rankRecommendations,
  recentlyViewedToShow,
  RECENTLY_VIEWED_SHOWN,
  recommendationCap,
  sortRecommendations as sortByRecommendation,
  variantKind,
  type BaseSiteId,
  type Lang,
  type OwnedBrewer,
  type Recommendation,
  type RecommendationKind,
  type Segment,
  type ExperimentVariant,
} from '@store/domain';
import type { z } from 'zod';
import { presentCard } from '../catalog/present.ts';
import { answerLang } from '../routes/site-context.ts';
import { loadAutoDeliverySettings } from './auto-delivery-buy.ts';
import type { CommerceContext } from './context.ts';
import { PENDING_PAYMENT_STATUS } from './order-view.ts';

type Query = z.output<typeof RecommendationCarouselQuerySchema>;

const NO_FACTS: CustomerRecommendationFacts = { orderCount: 0, boughtBeverage: false, ownedBrewers: [], boughtCodes: [], hasActiveAutoDelivery: false };

function reasonView(r: Recommendation): RecommendationReasonView {
  if (r.reason.kind === 'fits') return { code: r.code, kind: 'fits', brewerCode: r.reason.brewerCode, brewerName: r.reason.brewerName, owned: r.reason.owned };
  return { code: r.code, kind: r.reason.kind };
}

/** The recent-products codes (`|` or `,` separated) as a list, most recent first. */
function recentCodes(recent: string | undefined): string[] {
  return parseRecentProducts((recent ?? '').replace(/,/g, '|'));
}

/** What the store knows of the shopper (spec §6): facts, viewed products, segment and variant. */
interface ShopperView {
  recent: string[];
  types: Map<string, string>;
  facts: CustomerRecommendationFacts;
  viewedBrewers: string[];
  segment: Segment;
  variant: ExperimentVariant;
}

async function shopperOf(ctx: CommerceContext, site: BaseSiteId, lang: Lang, customerId: string | null, recentParam: string | undefined): Promise<ShopperView> {
  const db = ctx.dbh.db;
  const recent = recentCodes(recentParam);
  const [facts, types] = await Promise.all([
    customerId ? customerRecommendationFacts(db, { site, lang, customerId, excludeStatus: PENDING_PAYMENT_STATUS }) : Promise.resolve(NO_FACTS),
    productTypesOf(db, site, recent),
  ]);
  const viewedBrewers = recent.filter((c) => types.get(c) === 'Brewer');
  const segment = chooseSegment({
    signedIn: customerId !== null,
    hasActiveAutoDelivery: facts.hasActiveAutoDelivery,
    orderCount: facts.orderCount,
    boughtBeverage: facts.boughtBeverage,
    ownsBrewer: facts.ownedBrewers.length > 0,
    viewedBrewerCount: viewedBrewers.length,
    viewedProductCount: [...types.keys()].length,
  });
  return { recent, types, facts, viewedBrewers, segment, variant: chooseVariant(segment, facts.boughtBeverage) };
}

/**
 * The carousel `query.componentId` for the shopper (`customerId` null: anonymous). See the
 * contracts module comment for the answer and errors.
 * @throws DomainError InvalidInput `baseProductCode` missing for a PDP component; NotFound for a
 *   `baseProductCode` not sold on the site
 */
export async function recommendationCarousel(
  ctx: CommerceContext,
  site: BaseSiteId,
  customerId: string | null,
  query: Query | RecommendationCarouselQuery,
): Promise<RecommendationCarousel> {
  const q = query as Query;
  const db = ctx.dbh.db;
  const lang = answerLang(site, q.lang);
  const isPdp = q.componentId === 'PdpBeverageRecommendations' || q.componentId === 'PdpBrewerRecommendations';
  if (isPdp && !q.baseProductCode) throw invalidInput('ValidationError', 'missing', 'baseProductCode is required for this component', 'baseProductCode');
  const base = q.baseProductCode ? await findProduct(db, { site, lang, code: q.baseProductCode }) : null;
  if (q.baseProductCode && !base) throw notFound('UnknownIdentifierError', 'notFound', `Product with code '${q.baseProductCode}' not found`, 'baseProductCode');
  const baseProduct = base?.product ?? null;

  const { recent, types, facts, viewedBrewers, segment, variant } = await shopperOf(ctx, site, lang, customerId, q.recent);
  const present = { site, lang, ad: await loadAutoDeliverySettings(db, site) };

  if (q.componentId === 'RecentlyViewed') {
    const codes = recentlyViewedToShow(recent.filter((c) => types.has(c)), baseProduct?.code ?? null);
    const cards = await getProductCards(db, { site, lang, codes });
    return {
      componentId: q.componentId,
      kind: 'recent',
      cap: RECENTLY_VIEWED_SHOWN,
      segment,
      variant,
      products: cards.map((c) => presentCard(present, c)),
      reasons: cards.map((c) => ({ code: c.code, kind: 'recent' as const })),
    };
  }

  const kind: RecommendationKind =
    q.componentId === 'PdpBrewerRecommendations' ? 'brewer' : q.componentId === 'PdpBeverageRecommendations' ? 'beverage' : variantKind(variant);
  // beyond the peers: pods must fit the brewer the customer bought; on a brewer's own PDP, that brewer
  let owned: OwnedBrewer[] = facts.ownedBrewers.filter((b) => b.podSystems.length > 0);
  if (owned.length === 0 && baseProduct?.productType === 'Brewer' && baseProduct.podSystems.length > 0) {
    owned = [{ code: baseProduct.code, modelName: baseProduct.modelName ?? baseProduct.name, podSystems: baseProduct.podSystems, owned: false }];
  }
  const podSystems = kind === 'beverage' && owned.length > 0 ? [...new Set(owned.flatMap((b) => b.podSystems))] : undefined;
  const boost = kind === 'brewer' ? viewedBrewers : variant === 'carouselreturningBevBuyer' ? facts.boughtCodes : [];
  const candidates = await recommendationCandidates(db, { site, lang, kind, ...(podSystems ? { podSystems } : {}), extra: boost });
  const ranked = rankRecommendations(
    candidates.map((c) => c.candidate),
    {
      kind,
      base: baseProduct ? { code: baseProduct.code, productType: baseProduct.productType, beverageType: baseProduct.beverageType, roast: baseProduct.roast, brandCode: baseProduct.brandCode } : null,
      ownedBrewers: kind === 'beverage' ? owned : [],
      boost,
      exclude: kind === 'brewer' ? facts.ownedBrewers.map((b) => b.code) : [],
      adOnly: variant === 'carouselautoDelivery' && !isPdp,
    },
  );
  const cardOf = new Map(candidates.map((c) => [c.card.code, c.card]));
  return {
    componentId: q.componentId,
    kind,
    cap: recommendationCap(kind),
    segment,
    variant,
    products: ranked.map((r) => presentCard(present, cardOf.get(r.code)!)),
    reasons: ranked.map(reasonView),
  };
}

/**
 * The recommended list (spec §7): the carousel of `query.componentId` cut to `pageSize` (default
 * and maximum: the carousel's cap). Errors as {@link recommendationCarousel}.
 */
export async function recommendedList(
  ctx: CommerceContext,
  site: BaseSiteId,
  customerId: string | null,
  query: z.output<typeof RecommendedListQuerySchema> | RecommendedListQuery,
): Promise<RecommendedList> {
  const { pageSize, ...carouselQuery } = query as z.output<typeof RecommendedListQuerySchema>;
  const carousel = await recommendationCarousel(ctx, site, customerId, carouselQuery);
  const size = Math.min(pageSize ?? carousel.cap, carousel.cap);
  return { ...carousel, pageSize: size, products: carousel.products.slice(0, size), reasons: carousel.reasons.slice(0, size) };
}

/** Context ids that name a component rather than a product. */
const COMPONENT_CONTEXTS = ['HomeRecommendationCarousel', 'RecentlyViewed'] as const;

/**
 * Whose ranking a `customerId` asks for, given the token's customer (`tokenCustomerId`, null for
 * the machine token): `current` or the customer's own id → the token's customer; `anonymous` →
 * nobody; absent → the user of the path (`users/current` the token's customer, `users/anonymous`
 * nobody).
 * @throws DomainError Forbidden `notYourCustomerId` (subject `customerId`) for another customer's
 *   id, or `current` / an id without a customer token
 */
function rankingCustomer(tokenCustomerId: string | null, customerId: string | undefined): string | null {
  const asked = customerId ?? (tokenCustomerId === null ? 'anonymous' : 'current');
  if (asked === 'anonymous') return null;
  if (tokenCustomerId !== null && (asked === 'current' || asked === tokenCustomerId)) return tokenCustomerId;
  throw forbidden('ForbiddenError', 'notYourCustomerId', 'You may only ask for your own recommendations (current) or anonymous ones', 'customerId');
}

/**
 * A context id as a carousel: a component of {@link COMPONENT_CONTEXTS}, else a product code (a
 * brewer → the brewer carousel of its PDP, any other product → the beverage carousel).
 * @throws DomainError NotFound `notFound` (subject `contextId`) for a product not sold on the site
 */
async function carouselOfContext(ctx: CommerceContext, site: BaseSiteId, lang: Lang, contextId: string) {
  if ((COMPONENT_CONTEXTS as readonly string[]).includes(contextId)) return { componentId: contextId as (typeof COMPONENT_CONTEXTS)[number], base: null };
  const found = await findProduct(ctx.dbh.db, { site, lang, code: contextId });
  if (!found) throw notFound('UnknownIdentifierError', 'notFound', `Product with code '${contextId}' not found`, 'contextId');
  const base = found.product;
  return { componentId: base.productType === 'Brewer' ? ('PdpBrewerRecommendations' as const) : ('PdpBeverageRecommendations' as const), base };
}

/**
 * Real-time product codes (spec §7): the ranked codes of the context's carousel for the
 * shopper `query.customerId` asks for, capped at 5 brewers or 4 beverages (5 recently viewed).
 * @throws DomainError Forbidden (see {@link rankingCustomer}); NotFound for an unknown product context
 */
export async function recommendationProductCodes(
  ctx: CommerceContext,
  site: BaseSiteId,
  tokenCustomerId: string | null,
  query: z.output<typeof RecommendationProductCodesQuerySchema> | RecommendationProductCodesQuery,
): Promise<RecommendationProductCodes> {
  const customerId = rankingCustomer(tokenCustomerId, query.customerId);
  const lang = answerLang(site, undefined);
  const { componentId, base } = await carouselOfContext(ctx, site, lang, query.contextId);
  const carousel = await recommendationCarousel(ctx, site, customerId, { componentId, ...(base ? { baseProductCode: base.code } : {}), ...(query.recent ? { recent: query.recent } : {}) });
  return {
    contextId: query.contextId,
    customerId: customerId === null ? 'anonymous' : 'current',
    kind: carousel.kind,
    cap: carousel.cap,
    segment: carousel.segment,
    variant: carousel.variant,
    productCodes: carousel.products.map((p) => p.code),
  };
}

/**
 * Sort recommendation (spec §7): `body.productCodes` re-ordered for the shopper by the domain's
 * {@link sortByRecommendation} (in stock first, pods fitting the brewer they bought — or the
 * context brewer's — first, carousel score, then the given order). Codes not sold on the site are
 * dropped (listed in `droppedCodes`). Two to six statements, read-only.
 * @throws DomainError Forbidden (see {@link rankingCustomer}); NotFound for an unknown product context
 */
export async function sortRecommendations(
  ctx: CommerceContext,
  site: BaseSiteId,
  tokenCustomerId: string | null,
  body: z.output<typeof SortRecommendationsRequestSchema> | SortRecommendationsRequest,
): Promise<SortedRecommendations> {
  const customerId = rankingCustomer(tokenCustomerId, body.customerId);
  const db = ctx.dbh.db;
  const lang = answerLang(site, undefined);
  const { base } = await carouselOfContext(ctx, site, lang, body.contextId);
  const { facts, viewedBrewers, segment, variant } = await shopperOf(ctx, site, lang, customerId, body.recent);
  const cards = await getProductCards(db, { site, lang, codes: body.productCodes });
  let owned: OwnedBrewer[] = facts.ownedBrewers.filter((b) => b.podSystems.length > 0);
  if (owned.length === 0 && base?.productType === 'Brewer' && base.podSystems.length > 0) {
    owned = [{ code: base.code, modelName: base.modelName ?? base.name, podSystems: base.podSystems, owned: false }];
  }
  const sorted = sortByRecommendation(
    body.productCodes,
    cards.map(candidateOfCard),
    {
      base: base ? { code: base.code, productType: base.productType, beverageType: base.beverageType, roast: base.roast, brandCode: base.brandCode } : null,
      ownedBrewers: owned,
      boost: variant === 'carouselbrewerIntender' ? viewedBrewers : variant === 'carouselreturningBevBuyer' ? facts.boughtCodes : [],
      exclude: facts.ownedBrewers.map((b) => b.code),
      adOnly: variant === 'carouselautoDelivery',
    },
  );
  const known = new Set(sorted);
  return {
    contextId: body.contextId,
    customerId: customerId === null ? 'anonymous' : 'current',
    segment,
    variant,
    productCodes: sorted,
    droppedCodes: [...new Set(body.productCodes.filter((c) => !known.has(c)))],
  };
}
