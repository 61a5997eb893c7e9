/**
 * Perks rewards contracts (issue 12; ADR 0028 amendment "Rewards"; spec §3 rewards data and
 * applied rewards, §4 reward modal and cart update broadcast, §7 "Rewards (customerId, field);
 * reward lists; applyLoyaltyReward, removeLoyaltyReward, swapLoyaltyReward (POST)", §9 rewards best
 * sellers page size 28). Paths under `/rest/v2/{baseSiteId}/users/{current|anonymous}/...`:
 *
 * - `GET .../loyalty/rewards?fields=BASIC|FULL&lang=` → {@link RewardCatalogue} (with what the
 *   member can afford);
 * - `GET .../loyalty/rewards/bestSellers?currentPage=&pageSize=&lang=` → {@link RewardBestSellers}
 *   (most redeemed first, page size {@link REWARDS_BEST_SELLERS_PAGE_SIZE});
 * - `POST .../carts/{cartGuid}/applyLoyaltyReward` {rewardCode} → {@link RewardCartAnswer};
 * - `POST .../carts/{cartGuid}/removeLoyaltyReward` {} → {@link RewardCartAnswer};
 * - `POST .../carts/{cartGuid}/swapLoyaltyReward` {rewardCode} → {@link RewardCartAnswer}.
 *
 * Errors (OCC body): 403 `LoyaltyError` `customersOnly` for `anonymous`; 404 `LoyaltyError`
 * `loyaltyDisabled` (usafh), 404 `CartError` `notFound` (unknown cart or another shopper's), 404
 * `LoyaltyError` `rewardNotFound`; 409 `LoyaltyError` `rewardAlreadyApplied` (apply when one is
 * there: swap), `noRewardApplied` (remove/swap with none), 409 `CartError` `cartNotOpen`; 422
 * `LoyaltyError` `notEnrolled`, `optedOut`, `insufficientPoints`, `rewardNotApplicable`
 * (free shipping without standard delivery eligible, etc.); 400 `ValidationError` naming the field.
 */
import { z } from 'zod';
import { CartSchema } from './cart.ts';
import { PriceDataSchema } from './catalog.ts';
import type { ApiCore } from './client.ts';
import { PageInfoSchema } from './customer.ts';
import { codeInput } from './input.ts';

/** Default page size of the rewards best-sellers list (spec §9). */
export const REWARDS_BEST_SELLERS_PAGE_SIZE = 28;

/** One reward of the catalogue. `FULL` adds `variantCode` and `amount` details; `BASIC` has them null. */
export const LoyaltyRewardSchema = z.object({
  code: z.string(),
  /** `amountOff` | `freeShipping` | `freeProduct` */
  kind: z.string(),
  name: z.string(),
  /** points the reward costs */
  points: z.number().int(),
  /** amountOff: the money off in the site currency; else null */
  amount: PriceDataSchema.nullable(),
  /** freeProduct: the variant given (FULL only; null otherwise) */
  variantCode: z.string().nullable(),
  /** can the caller spend that many points now? (false for non-members) */
  affordable: z.boolean(),
  /** points still missing (0 when affordable) */
  pointsShort: z.number().int(),
});
export type LoyaltyReward = z.infer<typeof LoyaltyRewardSchema>;

/** `GET .../loyalty/rewards` answer (spec §3 rewards data). */
export const RewardCatalogueSchema = z.object({
  /** spendable points of the caller (0 when not a member) */
  availablePoints: z.number().int(),
  enrolled: z.boolean(),
  perksOptIn: z.boolean(),
  rewards: z.array(LoyaltyRewardSchema),
});
export type RewardCatalogue = z.infer<typeof RewardCatalogueSchema>;

/** `GET .../loyalty/rewards/bestSellers` answer (spec §9 page size 28). */
export const RewardBestSellersSchema = z.object({
  rewards: z.array(LoyaltyRewardSchema.extend({ redemptions: z.number().int() })),
  pagination: PageInfoSchema,
});
export type RewardBestSellers = z.infer<typeof RewardBestSellersSchema>;

/** `GET .../loyalty/rewards` query (spec §7 Rewards (customerId, field)). */
export const RewardCatalogueQuerySchema = z.object({
  fields: z.enum(['BASIC', 'FULL']).optional(),
  lang: z.enum(['en', 'fr']).optional(),
});

/** `GET .../loyalty/rewards/bestSellers` query (0-based page). */
export const RewardBestSellersQuerySchema = z.object({
  currentPage: z.coerce.number().int().nonnegative().max(10_000).optional(),
  pageSize: z.coerce.number().int().positive().max(100).optional(),
  lang: z.enum(['en', 'fr']).optional(),
});

/** `POST .../applyLoyaltyReward` and `.../swapLoyaltyReward` body. */
export const ApplyLoyaltyRewardRequestSchema = z.object({
  rewardCode: codeInput(40).min(1),
});
export type ApplyLoyaltyRewardRequest = z.infer<typeof ApplyLoyaltyRewardRequestSchema>;

/** `POST .../removeLoyaltyReward` body: nothing is needed (an empty object; other fields are ignored). */
export const RemoveLoyaltyRewardRequestSchema = z.object({}).optional();

/** `lang` query of the reward cart calls. */
export const RewardCartQuerySchema = z.object({ lang: z.enum(['en', 'fr']).optional() });

/**
 * Answer of apply / remove / swap: the cart and `sessionCartCount` (units in the cart, ≥ 0), which
 * the storefront broadcasts as a cart update (spec §4).
 */
export const RewardCartAnswerSchema = z.object({
  cart: CartSchema,
  sessionCartCount: z.number().int().nonnegative(),
});
export type RewardCartAnswer = z.infer<typeof RewardCartAnswerSchema>;

/** The reward calls (`user`: 'current' by default). */
export interface RewardCalls {
  getRewards(site: string, opts?: { fields?: 'BASIC' | 'FULL'; lang?: 'en' | 'fr' }): Promise<RewardCatalogue>;
  getRewardBestSellers(site: string, opts?: { currentPage?: number; pageSize?: number; lang?: 'en' | 'fr' }): Promise<RewardBestSellers>;
  applyLoyaltyReward(site: string, cartGuid: string, body: ApplyLoyaltyRewardRequest, opts?: { lang?: 'en' | 'fr' }): Promise<RewardCartAnswer>;
  removeLoyaltyReward(site: string, cartGuid: string, opts?: { lang?: 'en' | 'fr' }): Promise<RewardCartAnswer>;
  swapLoyaltyReward(site: string, cartGuid: string, body: ApplyLoyaltyRewardRequest, opts?: { lang?: 'en' | 'fr' }): Promise<RewardCartAnswer>;
}

/** Builds the reward calls on a core. */
export function createRewardClient(core: ApiCore, options: { user?: string } = {}): RewardCalls {
  const enc = encodeURIComponent;
  const user = options.user ?? 'current';
  const base = (site: string) => `/${enc(site)}/users/${enc(user)}`;
  const cart = (site: string, guid: string) => `${base(site)}/carts/${enc(guid)}`;
  return {
    getRewards: (site, opts = {}) => core.request('GET', `${base(site)}/loyalty/rewards`, { query: opts, schema: RewardCatalogueSchema }),
    getRewardBestSellers: (site, opts = {}) => core.request('GET', `${base(site)}/loyalty/rewards/bestSellers`, { query: opts, schema: RewardBestSellersSchema }),
    applyLoyaltyReward: (site, guid, body, opts = {}) => core.request('POST', `${cart(site, guid)}/applyLoyaltyReward`, { body, query: opts, schema: RewardCartAnswerSchema }),
    removeLoyaltyReward: (site, guid, opts = {}) => core.request('POST', `${cart(site, guid)}/removeLoyaltyReward`, { body: {}, query: opts, schema: RewardCartAnswerSchema }),
    swapLoyaltyReward: (site, guid, body, opts = {}) => core.request('POST', `${cart(site, guid)}/swapLoyaltyReward`, { body, query: opts, schema: RewardCartAnswerSchema }),
  };
}
