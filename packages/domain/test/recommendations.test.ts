/** Recommendation caps, segments, experiment variants, pod fit and the recent-products cookie (issue 13, ADR 0033). */
import { describe, expect, it } from 'vitest';
import {
  BEVERAGE_RECOMMENDATION_CAP,
  BREWER_RECOMMENDATION_CAP,
  chooseSegment,
  chooseVariant,
  formatPodSystems,
  formatRecentProducts,
  parsePodSystems,
  parseRecentProducts,
  podFits,
  podSystemFeature,
  pushRecentProduct,
  rankRecommendations,
  recentlyViewedToShow,
  recentProductsMaxAgeSeconds,
  recommendationCap,
  recommendedProductCodes,
  SORT_RECOMMENDATION_MAX_CODES,
  sortRecommendations,
  variantKind,
  type OwnedBrewer,
  type RecommendationCandidate,
  type ShopperFacts,
} from '../src/index.ts';

const pod = (code: string, podSystem: 'classic' | 'carafe' | 'max' | null, extra: Partial<RecommendationCandidate> = {}): RecommendationCandidate => ({
  code,
  productType: 'Coffee',
  beverageType: 'coffee',
  roast: 'medium',
  brandCode: 'BH',
  podSystem,
  inStock: true,
  adEligible: true,
  sortOrder: 0,
  ...extra,
});
const brewer = (code: string, extra: Partial<RecommendationCandidate> = {}): RecommendationCandidate => ({
  ...pod(code, null),
  productType: 'Brewer',
  beverageType: null,
  roast: null,
  ...extra,
});
const SOLO: OwnedBrewer = { code: 'BH-SOLO', modelName: 'Solo', podSystems: ['classic'] };
const DUO: OwnedBrewer = { code: 'BH-DUO-PLUS', modelName: 'Duo Plus', podSystems: ['classic', 'carafe'] };

describe('recommendation caps (spec §5, §9)', () => {
  it('are 5 brewers and 4 beverages', () => {
    expect([BREWER_RECOMMENDATION_CAP, BEVERAGE_RECOMMENDATION_CAP]).toEqual([5, 4]);
    expect([recommendationCap('brewer'), recommendationCap('beverage')]).toEqual([5, 4]);
  });

  it('cap the ranked lists whatever the number of candidates', () => {
    const pods = Array.from({ length: 20 }, (_, i) => pod(`P${i}`, 'classic'));
    const brewers = Array.from({ length: 20 }, (_, i) => brewer(`B${i}`));
    expect(rankRecommendations([...pods, ...brewers], { kind: 'beverage' })).toHaveLength(4);
    expect(rankRecommendations([...pods, ...brewers], { kind: 'brewer' }).map((r) => r.code)).toEqual(['B0', 'B1', 'B10', 'B11', 'B12']);
    expect(rankRecommendations(pods.slice(0, 2), { kind: 'beverage' })).toHaveLength(2);
  });
});

describe('segments and experiment variants (spec §6, §9)', () => {
  const none: ShopperFacts = { signedIn: false, hasActiveAutoDelivery: false, orderCount: 0, boughtBeverage: false, ownsBrewer: false, viewedBrewerCount: 0, viewedProductCount: 0 };
  const table: Array<[string, Partial<ShopperFacts>, string, string]> = [
    ['anonymous first visit', {}, 'unknownUser', 'carouseldefault'],
    ['signed in, nothing else', { signedIn: true }, 'knownUser', 'carouseldefault'],
    ['anonymous with a viewing history', { viewedProductCount: 3, viewedBrewerCount: 1 }, 'repeatVisitor', 'carouseldefault'],
    ['viewed two brewers, owns none', { viewedProductCount: 2, viewedBrewerCount: 2 }, 'brewerIntender', 'carouselbrewerIntender'],
    ['viewed two brewers but owns one', { signedIn: true, ownsBrewer: true, orderCount: 1, viewedBrewerCount: 3, viewedProductCount: 3 }, 'purchaser', 'carouseldefault'],
    ['bought beverages', { signedIn: true, orderCount: 2, boughtBeverage: true }, 'purchaser', 'carouselreturningBevBuyer'],
    ['active auto-delivery beats everything', { signedIn: true, hasActiveAutoDelivery: true, orderCount: 4, boughtBeverage: true, viewedBrewerCount: 5 }, 'activeAdUser', 'carouselautoDelivery'],
    ['auto-delivery needs a signed-in shopper', { hasActiveAutoDelivery: true }, 'unknownUser', 'carouseldefault'],
  ];
  it.each(table)('%s → %s / %s', (_name, facts, segment, variant) => {
    const f = { ...none, ...facts };
    const s = chooseSegment(f);
    expect(s).toBe(segment);
    expect(chooseVariant(s, f.boughtBeverage)).toBe(variant);
  });

  it('brewer intenders get a brewer carousel, the others beverages', () => {
    expect(variantKind('carouselbrewerIntender')).toBe('brewer');
    expect(['carouselautoDelivery', 'carouselreturningBevBuyer', 'carouseldefault'].map((v) => variantKind(v as 'carouseldefault'))).toEqual(['beverage', 'beverage', 'beverage']);
  });
});

describe('pod fit (beyond the peers)', () => {
  it('parses and formats the stored pod systems, dropping unknown codes', () => {
    expect(parsePodSystems('max  classic bogus classic')).toEqual(['classic', 'max']);
    expect(parsePodSystems(null)).toEqual([]);
    expect(formatPodSystems(['max', 'classic'])).toBe('classic max');
    expect(formatPodSystems([])).toBeNull();
    expect(podFits(['classic'], 'classic')).toBe(true);
    expect(podFits(['classic'], 'carafe')).toBe(false);
    expect(podFits(['classic'], null)).toBe(false);
  });

  it('derives the bilingual classification feature', () => {
    expect(podSystemFeature('carafe', [])!.value).toEqual({ en: 'Carafe pod', fr: 'Capsule carafe' });
    expect(podSystemFeature(null, ['max', 'classic'])!.value).toEqual({ en: 'Classic pod, Max pod', fr: 'Capsule classique, Capsule Max' });
    expect(podSystemFeature(null, [])).toBeNull();
  });

  it('offers a Solo owner only classic pods, each with the reason "fits your Solo"', () => {
    const cands = [pod('CARAFE-1', 'carafe'), pod('CLASSIC-1', 'classic'), pod('BAGGED', null), pod('MAX-1', 'max'), pod('CLASSIC-2', 'classic'), brewer('BH-ELITE')];
    const recs = rankRecommendations(cands, { kind: 'beverage', ownedBrewers: [SOLO] });
    expect(recs).toEqual([
      { code: 'CLASSIC-1', reason: { kind: 'fits', brewerCode: 'BH-SOLO', brewerName: 'Solo', owned: true } },
      { code: 'CLASSIC-2', reason: { kind: 'fits', brewerCode: 'BH-SOLO', brewerName: 'Solo', owned: true } },
    ]);
  });

  it('names the first owned brewer a pod fits (most recent first)', () => {
    const recs = rankRecommendations([pod('CARAFE-1', 'carafe'), pod('CLASSIC-1', 'classic')], { kind: 'beverage', ownedBrewers: [SOLO, DUO] });
    expect(recs.map((r) => [r.code, r.reason.kind === 'fits' ? r.reason.brewerName : null])).toEqual([
      ['CARAFE-1', 'Duo Plus'],
      ['CLASSIC-1', 'Solo'],
    ]);
  });

  it('does not filter when no owned brewer has known pod systems', () => {
    const recs = rankRecommendations([pod('CARAFE-1', 'carafe'), pod('BAGGED', null)], { kind: 'beverage', ownedBrewers: [{ code: 'X', modelName: 'X', podSystems: [] }] });
    expect(recs.map((r) => r.code)).toEqual(['BAGGED', 'CARAFE-1']);
  });
});

describe('ranking', () => {
  it('leaves out the base product, sold-out and excluded products; similar first; boost first', () => {
    const base = { code: 'BASE', productType: 'Coffee', beverageType: 'tea', roast: null, brandCode: 'TW' };
    const cands = [pod('BASE', 'classic'), pod('OUT', 'classic', { inStock: false }), pod('A', 'classic'), pod('TEA', 'classic', { beverageType: 'tea', brandCode: 'TW' }), pod('X', 'classic', { sortOrder: -1 }), pod('BOOST', 'classic', { sortOrder: 9 })];
    const recs = rankRecommendations(cands, { kind: 'beverage', base, exclude: ['X'], boost: ['BOOST'] });
    expect(recs.map((r) => [r.code, r.reason.kind])).toEqual([
      ['BOOST', 'similar'],
      ['TEA', 'similar'],
      ['A', 'popular'],
    ]);
  });

  it('auto-delivery carousels keep auto-delivery eligible products only', () => {
    expect(rankRecommendations([pod('A', 'classic', { adEligible: false }), pod('B', 'classic')], { kind: 'beverage', adOnly: true }).map((r) => r.code)).toEqual(['B']);
  });
});

describe('real-time product codes and sort recommendation (spec §7)', () => {
  it('real-time product codes are the ranked codes, capped at 4 beverages and 5 brewers', () => {
    const pods = Array.from({ length: 9 }, (_, i) => pod(`P${i}`, i % 2 === 0 ? 'classic' : 'carafe'));
    const brewers = Array.from({ length: 9 }, (_, i) => brewer(`B${i}`));
    expect(recommendedProductCodes([...pods, ...brewers], { kind: 'beverage' })).toEqual(['P0', 'P1', 'P2', 'P3']);
    expect(recommendedProductCodes([...pods, ...brewers], { kind: 'brewer' })).toHaveLength(5);
    expect(recommendedProductCodes(pods, { kind: 'beverage', ownedBrewers: [SOLO] })).toEqual(['P0', 'P2', 'P4', 'P6']);
  });

  it('sorts the given codes: in stock first, then pods that fit the owned brewer, then score, then the caller order', () => {
    const cands = [pod('CARAFE', 'carafe'), pod('OUT', 'classic', { inStock: false }), pod('CLASSIC', 'classic'), brewer('BREWER'), pod('BOOST', 'carafe')];
    const codes = ['OUT', 'CARAFE', 'BREWER', 'CLASSIC', 'BOOST'];
    // anonymous, no context: only stock moves things (stable otherwise)
    expect(sortRecommendations(codes, cands, {})).toEqual(['CARAFE', 'BREWER', 'CLASSIC', 'BOOST', 'OUT']);
    // a Solo owner: the classic pod first, boosted next
    expect(sortRecommendations(codes, cands, { ownedBrewers: [SOLO], boost: ['BOOST'] })).toEqual(['CLASSIC', 'BOOST', 'CARAFE', 'BREWER', 'OUT']);
    // a Duo Plus owner: both pod systems fit
    expect(sortRecommendations(codes, cands, { ownedBrewers: [DUO] })).toEqual(['CARAFE', 'CLASSIC', 'BOOST', 'BREWER', 'OUT']);
  });

  it('drops unknown and repeated codes, puts the base and excluded products last, and favours auto-delivery eligible ones when asked', () => {
    const base = { code: 'BASE', productType: 'Coffee', beverageType: 'tea', roast: null, brandCode: 'TW' };
    const cands = [pod('BASE', 'classic'), pod('A', 'classic', { adEligible: false }), pod('TEA', 'classic', { beverageType: 'tea' }), pod('X', 'classic')];
    expect(sortRecommendations(['BASE', 'NOPE', 'A', 'A', 'X', 'TEA'], cands, { base, exclude: ['X'] })).toEqual(['TEA', 'A', 'BASE', 'X']);
    expect(sortRecommendations(['A', 'X'], cands, { adOnly: true })).toEqual(['X', 'A']);
    expect(sortRecommendations([], cands, {})).toEqual([]);
    expect(SORT_RECOMMENDATION_MAX_CODES).toBe(50);
  });
});

describe('recent-products cookie (spec §8, §9)', () => {
  it('parses codes, most recent first, without duplicates or bad codes, at most 8', () => {
    expect(parseRecentProducts('BH-SOLO|BH-MINI|BH-SOLO|bad code|%00|NB-X')).toEqual(['BH-SOLO', 'BH-MINI', 'NB-X']);
    expect(parseRecentProducts(encodeURIComponent('A|B'))).toEqual(['A', 'B']);
    expect(parseRecentProducts(Array.from({ length: 20 }, (_, i) => `P${i}`).join('|'))).toHaveLength(8);
    expect(parseRecentProducts('%E0%A4%A')).toEqual([]);
    expect(parseRecentProducts('A|'.repeat(1500))).toEqual([]);
    expect(parseRecentProducts(undefined)).toEqual([]);
  });

  it('moves a viewed product to the front and keeps 8', () => {
    const list = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    expect(pushRecentProduct(list, 'C')).toEqual(['C', 'A', 'B', 'D', 'E', 'F', 'G', 'H']);
    expect(pushRecentProduct(list, 'Z')).toEqual(['Z', 'A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(pushRecentProduct(list, 'bad code')).toEqual(list);
    expect(formatRecentProducts(['A', 'B'])).toBe('A|B');
  });

  it('shows at most 5, never the current product', () => {
    expect(recentlyViewedToShow(['A', 'B', 'C', 'D', 'E', 'F'], 'B')).toEqual(['A', 'C', 'D', 'E', 'F']);
    expect(recentlyViewedToShow(['A', 'B', 'C', 'D', 'E', 'F', 'G'], null)).toHaveLength(5);
  });

  it('takes its lifetime in days from the site configuration, 30 by default', () => {
    expect(recentProductsMaxAgeSeconds(7)).toBe(7 * 86_400);
    expect(recentProductsMaxAgeSeconds('14')).toBe(14 * 86_400);
    for (const bad of [undefined, 0, -1, 1.5, 'x', 9999]) expect(recentProductsMaxAgeSeconds(bad)).toBe(30 * 86_400);
  });
});
