/**
 * Recommendation carousels (issue 13; spec §5/§9 caps, §6 segments, §7 recommendation carousel;
 * ADR 0033; contracts `recommendations.ts`). Loads the shopper facts and the candidates, lets the
 * domain choose the segment, the experiment variant and the ranked, capped list, and presents the
 * product cards. Read-only: no transaction, no state change.
 */
import type { RecommendationCarousel, RecommendationCarouselQuery, RecommendationReasonView } from '@store/contracts';
import type { RecommendationCarouselQuerySchema } from '@store/contracts';
import {
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
  invalidInput,
  notFound,
  parseRecentProducts,
  rankRecommendations,
  recentlyViewedToShow,
  RECENTLY_VIEWED_SHOWN,
  recommendationCap,
  variantKind,
  type BaseSiteId,
  type OwnedBrewer,
  type Recommendation,
  type RecommendationKind,
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

  const recent = parseRecentProducts((q.recent ?? '').replace(/,/g, '|'));
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
  const variant = chooseVariant(segment, facts.boughtBeverage);
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
