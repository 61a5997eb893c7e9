/**
 * Brewhaus Perks loyalty contracts (issue 12; ADR 0028; spec §3 perksOptIn, §6 "perks opt-in is
 * for customers only", §7 loyaltyProgramSignup, loyalty history, updatePerksOptInOut). Paths under
 * `/rest/v2/{baseSiteId}/users/{current|anonymous}/...`:
 *
 * - `POST .../loyaltyProgramSignup` {acceptTerms: true} → {@link LoyaltySummary} (idempotent: a
 *   member signing up again gets 200 and the same membership);
 * - `PUT .../updatePerksOptInOut` {perksOptIn, csAgentId?} → {@link LoyaltySummary};
 * - `GET .../loyalty` → {@link LoyaltySummary} (`enrolled: false` for a customer who has not joined);
 * - `GET .../loyalty/history?currentPage=&pageSize=` → {@link LoyaltyHistory}.
 *
 * Errors (OCC body): 403 `LoyaltyError` `customersOnly` for `anonymous`; 404 `LoyaltyError`
 * `loyaltyDisabled` on a site without Perks (usafh); 409 `LoyaltyError` `notEnrolled` when a
 * non-member changes the opt-in; 400 `ValidationError` naming the field for a bad body.
 */
import { z } from 'zod';
import { PriceDataSchema } from './catalog.ts';
import type { ApiCore } from './client.ts';
import { codeInput, safeText } from './input.ts';
import { PageInfoSchema } from './customer.ts';

/** Default page size of the loyalty history. */
export const LOYALTY_HISTORY_PAGE_SIZE = 20;

/** `POST loyaltyProgramSignup` body: the shopper must accept the program terms. */
export const LoyaltySignupRequestSchema = z.object({
  acceptTerms: z.boolean().refine((v) => v, { message: 'Accept the Brewhaus Perks terms to join' }),
  /** the terms version the shopper saw (optional; the site's current version is recorded) */
  termsVersion: safeText(32).optional(),
});
export type LoyaltySignupRequest = z.infer<typeof LoyaltySignupRequestSchema>;

/** `PUT updatePerksOptInOut` body (spec §7: perksOptIn, csAgentId). */
export const PerksOptInRequestSchema = z.object({
  perksOptIn: z.boolean(),
  /** spec §6: the customer-service agent acting for the customer */
  csAgentId: codeInput().min(1).optional(),
});
export type PerksOptInRequest = z.infer<typeof PerksOptInRequestSchema>;

/** A tier of the program as answered. */
export const LoyaltyTierSchema = z.object({
  /** `member` | `gold` | `platinum` */
  code: z.string(),
  /** points earned in the tier window needed */
  minPoints: z.number().int(),
  /** bonus on earned points, basis points (1000 = +10 %) */
  earnBonusBps: z.number().int(),
});
export type LoyaltyTierInfo = z.infer<typeof LoyaltyTierSchema>;

/** `GET .../loyalty` and the answer of the enrolment calls. */
export const LoyaltySummarySchema = z.object({
  /** has the customer joined Perks on this site? */
  enrolled: z.boolean(),
  /** earns points now (enrolled and opted in) — spec §3 perksOptIn */
  perksOptIn: z.boolean(),
  /** ISO-8601 UTC, null when not enrolled */
  enrolledAt: z.string().nullable(),
  /** the terms version accepted, else the site's current version */
  termsVersion: z.string(),
  /** spendable points (the ledger's sum) */
  availablePoints: z.number().int(),
  /** points of placed orders not yet shipped */
  pendingPoints: z.number().int(),
  /** money value of the available points in the site currency */
  availableValue: PriceDataSchema,
  /** points that expire within `expiringSoonDays` */
  expiringSoonPoints: z.number().int(),
  expiringSoonDays: z.number().int(),
  /** the tier recomputed from the ledger */
  tier: LoyaltyTierSchema,
  /** points earned in the tier window */
  tierWindowPoints: z.number().int(),
  nextTier: LoyaltyTierSchema.nullable(),
  pointsToNextTier: z.number().int(),
  tiers: z.array(LoyaltyTierSchema),
  /** points per whole currency unit of beverage lines; on auto-delivery lines */
  pointsPerUnit: z.number().int(),
  adPointsPerUnit: z.number().int(),
  /** the money value of 100 points */
  valueOf100Points: PriceDataSchema,
  /** days points stay available */
  expiryDays: z.number().int(),
  /**
   * the member's personal welcome coupon (ADR 0028 amendment): `percent` % off their next order
   * until `endsAt` (ISO-8601 UTC), `used` once an order took it; null when not a member or none
   */
  welcomeOffer: z.object({ couponCode: z.string(), percent: z.number().int(), endsAt: z.string(), used: z.boolean() }).nullable(),
});
export type LoyaltySummary = z.infer<typeof LoyaltySummarySchema>;

/** One history line. */
export const LoyaltyHistoryEntrySchema = z.object({
  id: z.string(),
  /** `earned_pending` | `earned` | `redeemed` | `held` | `released` | `reversed` | `expired` */
  kind: z.string(),
  /** `pending` | `available` */
  bucket: z.string(),
  /** signed points */
  points: z.number().int(),
  orderCode: z.string().nullable(),
  /** `orderPlaced` | `orderShipped` | `orderCancelled` | `expiry` */
  reason: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type LoyaltyHistoryEntry = z.infer<typeof LoyaltyHistoryEntrySchema>;

/** `GET .../loyalty/history` answer, newest first. */
export const LoyaltyHistorySchema = z.object({
  entries: z.array(LoyaltyHistoryEntrySchema),
  pagination: PageInfoSchema,
});
export type LoyaltyHistory = z.infer<typeof LoyaltyHistorySchema>;

/** `GET .../loyalty` query (the language of the money values). */
export const LoyaltyQuerySchema = z.object({ lang: z.enum(['en', 'fr']).optional() });

/** `GET .../loyalty/history` query (0-based page). */
export const LoyaltyHistoryQuerySchema = z.object({
  currentPage: z.coerce.number().int().nonnegative().max(10_000).optional(),
  pageSize: z.coerce.number().int().positive().max(100).optional(),
});

/** `GET .../loyalty/preview` query: the caller's cart to preview (the PDP previews with the summary's rates and `pointsForOrder`). */
export const LoyaltyPreviewQuerySchema = z.object({
  cartGuid: codeInput().min(1),
  lang: z.enum(['en', 'fr']).optional(),
});

/** `GET .../loyalty/preview` answer: points the shopper would earn (0 when nothing earns). */
export const LoyaltyPreviewSchema = z.object({
  points: z.number().int(),
  /** the money value of those points in the site currency */
  value: PriceDataSchema,
  /** does the caller earn now (enrolled and opted in)? */
  earning: z.boolean(),
});
export type LoyaltyPreview = z.infer<typeof LoyaltyPreviewSchema>;

/** The loyalty calls. `site` is the base site uid; `user` 'current' (customer token) or 'anonymous'. */
export interface LoyaltyCalls {
  signUp(site: string, body: LoyaltySignupRequest): Promise<LoyaltySummary>;
  updatePerksOptInOut(site: string, body: PerksOptInRequest): Promise<LoyaltySummary>;
  getLoyalty(site: string, opts?: { lang?: 'en' | 'fr' }): Promise<LoyaltySummary>;
  getLoyaltyHistory(site: string, page?: { currentPage?: number; pageSize?: number }): Promise<LoyaltyHistory>;
  getLoyaltyPreview(site: string, args: { cartGuid: string; lang?: 'en' | 'fr' }): Promise<LoyaltyPreview>;
}

/** Builds the loyalty calls on a core (`user`: 'current' by default). */
export function createLoyaltyClient(core: ApiCore, options: { user?: string } = {}): LoyaltyCalls {
  const enc = encodeURIComponent;
  const user = options.user ?? 'current';
  const base = (site: string) => `/${enc(site)}/users/${enc(user)}`;
  return {
    signUp: (site, body) => core.request('POST', `${base(site)}/loyaltyProgramSignup`, { body, schema: LoyaltySummarySchema }),
    updatePerksOptInOut: (site, body) => core.request('PUT', `${base(site)}/updatePerksOptInOut`, { body, schema: LoyaltySummarySchema }),
    getLoyalty: (site, opts = {}) => core.request('GET', `${base(site)}/loyalty`, { query: { lang: opts.lang }, schema: LoyaltySummarySchema }),
    getLoyaltyHistory: (site, page = {}) => core.request('GET', `${base(site)}/loyalty/history`, { query: page, schema: LoyaltyHistorySchema }),
    getLoyaltyPreview: (site, args) => core.request('GET', `${base(site)}/loyalty/preview`, { query: args, schema: LoyaltyPreviewSchema }),
  };
}
