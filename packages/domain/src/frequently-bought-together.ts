/**
 * Frequently bought together and out-of-stock alternatives (issue 13; spec §3 Variant option
 * `frequentlyBoughtTogether`, §5 and §9 recommendation caps, §7 getProductOOSRecommendation,
 * frequentlyBoughtTogetherAddToCart, bundleAddToCart; ADR 0032). Pure rules, no I/O.
 */

/** Products shown in a product's "Frequently bought together" block (ADR 0032). */
export const FBT_DISPLAY_CAP = 3;
/** Partners stored per product by the refresh job (more than shown: some may be sold out). */
export const FBT_STORE_LIMIT = 10;
/** Orders a pair must share before it counts (default minimum support, ADR 0032). */
export const FBT_MIN_SUPPORT = 2;
/** Most product codes one frequentlyBoughtTogetherAddToCart call takes (the product + its partners, with room to spare). */
export const FBT_ADD_MAX = 6;
/** Out-of-stock alternatives (spec §5, §9): up to 5 for a brewer, 4 for beverages and others. */
export const OOS_ALTERNATIVE_CAPS = { brewer: 5, beverage: 4 } as const;

/** A partner of a product: its base product code and how many orders held both. */
export interface CoPurchase {
  code: string;
  /** number of distinct orders holding both products (≥ the minimum support) */
  count: number;
}

/** Options of {@link coPurchaseCounts}. */
export interface CoPurchaseOptions {
  /** a pair counts when at least this many orders hold both (default {@link FBT_MIN_SUPPORT}; at least 1) */
  minSupport?: number;
  /** codes never counted (gift cards, ...): they neither get nor give partners */
  isExcluded?: (code: string) => boolean;
  /** partners kept per product, best first (default {@link FBT_STORE_LIMIT}) */
  limit?: number;
}

/**
 * Co-occurrence counts of base products over orders (issue 13 "computed from real order lines").
 * Each order is the list of the base product codes of its lines; an order counts a pair once,
 * whatever the quantities or the number of lines of the same product (variants of one product are
 * one code), and a product is never its own partner. Partners are ranked by count (descending),
 * then code (ascending), and cut to `limit`.
 *
 * @param orders one array of base product codes per order (duplicates allowed)
 * @returns product code → its partners, best first; products without a partner are absent
 */
export function coPurchaseCounts(orders: Iterable<readonly string[]>, options: CoPurchaseOptions = {}): Map<string, CoPurchase[]> {
  const minSupport = Math.max(1, Math.floor(options.minSupport ?? FBT_MIN_SUPPORT));
  const limit = Math.max(0, Math.floor(options.limit ?? FBT_STORE_LIMIT));
  const excluded = options.isExcluded ?? (() => false);
  const pairs = new Map<string, Map<string, number>>();
  const bump = (a: string, b: string) => {
    let m = pairs.get(a);
    if (!m) pairs.set(a, (m = new Map()));
    m.set(b, (m.get(b) ?? 0) + 1);
  };
  for (const order of orders) {
    const codes = [...new Set(order)].filter((c) => c !== '' && !excluded(c)).sort();
    for (let i = 0; i < codes.length; i++) {
      for (let j = i + 1; j < codes.length; j++) {
        const a = codes[i] as string;
        const b = codes[j] as string;
        bump(a, b);
        bump(b, a);
      }
    }
  }
  const out = new Map<string, CoPurchase[]>();
  for (const [code, partners] of pairs) {
    const ranked = [...partners]
      .filter(([, n]) => n >= minSupport)
      .map(([c, n]) => ({ code: c, count: n }))
      .sort(byCountThenCode)
      .slice(0, limit);
    if (ranked.length > 0) out.set(code, ranked);
  }
  return out;
}

/** Count descending, then code ascending (a stable, total order of partners). */
export function byCountThenCode(a: CoPurchase, b: CoPurchase): number {
  return b.count - a.count || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

/** A stored association as read back for a product (partner code and where it came from). */
export interface AssociationCandidate {
  code: string;
  source: 'orders' | 'seed';
  /** rank within its source, 0 = best */
  rank: number;
}

/**
 * The partners a product page shows (ADR 0032): the order-based ones first (by rank), then the
 * seeded fallback fills the list up to `cap` when orders gave fewer; the product itself and
 * repeats are dropped. Callers pass only partners already known to be in stock and sellable.
 * @returns base product codes, at most `cap`
 */
export function pickFrequentlyBoughtTogether(productCode: string, candidates: readonly AssociationCandidate[], cap: number = FBT_DISPLAY_CAP): string[] {
  const ordered = [...candidates].sort((a, b) => (a.source === b.source ? a.rank - b.rank : a.source === 'orders' ? -1 : 1));
  const out: string[] = [];
  for (const c of ordered) {
    if (out.length >= cap) break;
    if (c.code === productCode || out.includes(c.code)) continue;
    out.push(c.code);
  }
  return out;
}

/** What the out-of-stock ranking knows of a product. */
export interface AlternativeFacts {
  code: string;
  /** 'Coffee' | 'Brewer' | 'Accessory' | 'Bundle' | 'GiftCard' */
  productType: string;
  beverageType: string | null;
  roast: string | null;
  /** brewer class, e.g. 'Home' or 'Office' */
  series: string | null;
  categoryCodes: readonly string[];
  /** some variant may be bought now on the site */
  inStock: boolean;
  sortOrder: number;
}

/** The cap of out-of-stock alternatives for a product type (spec §5, §9: brewers 5, beverages 4). */
export function oosAlternativeCap(productType: string): number {
  return productType === 'Brewer' ? OOS_ALTERNATIVE_CAPS.brewer : OOS_ALTERNATIVE_CAPS.beverage;
}

/**
 * How close a candidate is to a sold-out product, 0 = not an alternative. Beverages: same beverage
 * type (+4) and same roast (+2); brewers: same brewer class (series, +4); any type: each shared
 * category (+1). A candidate must be of the same product type and never a gift card.
 */
export function alternativeScore(target: AlternativeFacts, c: AlternativeFacts): number {
  if (c.code === target.code || c.productType !== target.productType || c.productType === 'GiftCard') return 0;
  let score = 0;
  if (target.productType === 'Brewer') {
    if (target.series !== null && c.series === target.series) score += 4;
  } else {
    if (target.beverageType !== null && c.beverageType === target.beverageType) score += 4;
    if (target.roast !== null && c.roast === target.roast) score += 2;
  }
  for (const cat of c.categoryCodes) if (target.categoryCodes.includes(cat)) score += 1;
  return score;
}

/**
 * In-stock alternatives of a sold-out product (spec §7 getProductOOSRecommendation): candidates
 * in stock with a positive {@link alternativeScore}, best score first, then catalogue order, then
 * code; at most {@link oosAlternativeCap} of the target's type.
 * @returns base product codes
 */
export function rankOosAlternatives(target: AlternativeFacts, candidates: readonly AlternativeFacts[]): string[] {
  return candidates
    .filter((c) => c.inStock)
    .map((c) => ({ c, score: alternativeScore(target, c) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.c.sortOrder - b.c.sortOrder || (a.c.code < b.c.code ? -1 : a.c.code > b.c.code ? 1 : 0))
    .slice(0, oosAlternativeCap(target.productType))
    .map((x) => x.c.code);
}
