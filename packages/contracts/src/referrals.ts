/**
 * Referrals (issue 12 "Referrals"; spec §7 submitReferral; ADR 0030): the request and answer
 * schemas and the typed calls.
 *
 * - `POST /{site}/users/current/referrals` (`submitReferral`) {email, friendName?, lang?} → 201
 *   {@link Referral}. Customers only (anonymous 403 `ForbiddenError` `customerRequired`). Errors:
 *   400 `ValidationError` naming the field (`email` `invalidEmail` / `tooLong` /
 *   `invalidCharacters`, `friendName` `tooLong`); 422 `ReferralError` `selfReferral` or
 *   `alreadyCustomer`; 409 `ReferralError` `alreadyReferred`; 429 `TooManyAttemptsError` with
 *   Retry-After (per member and per client address); 404 `ReferralError` `referralsNotOffered` on a
 *   site without referrals.
 * - `GET /{site}/users/current/referrals` (`listReferrals`) → {@link ReferralList}, newest first.
 */
import { z } from 'zod';
import { isValidEmail } from '@store/domain';
import { LangSchema, type Lang } from './catalog.ts';
import type { ApiCore } from './client.ts';
import { emailInput, INPUT_REASONS, safeText } from './input.ts';

/** Longest friend's name accepted. */
export const REFERRAL_FRIEND_NAME_MAX = 100;

/** Spec §5 email of the friend: the contracts' email input, then the pattern (reason `invalidEmail`). */
export const ReferralEmailSchema = emailInput()
  .trim()
  .min(1, { message: 'Enter your friend’s email address' })
  .refine((v) => v.length > 254 || isValidEmail(v), { params: { reason: 'invalidEmail' }, message: 'Enter a valid email address' });

/** Body of `submitReferral`. */
export const SubmitReferralRequestSchema = z.object({
  email: ReferralEmailSchema,
  friendName: safeText(REFERRAL_FRIEND_NAME_MAX, { tooLongReason: INPUT_REASONS.tooLong }).trim().optional(),
  /** language of the friend's email (a site language; default: the site's first) */
  lang: LangSchema.optional(),
});
export type SubmitReferralRequest = z.input<typeof SubmitReferralRequestSchema>;

/** Referral states: sent (coupon emailed), used (friend's first order placed), rewarded (it shipped; points granted), expired. */
export const ReferralStatusSchema = z.enum(['sent', 'used', 'rewarded', 'expired']);
export type ReferralStatusCode = z.infer<typeof ReferralStatusSchema>;

/** One referral as its referrer sees it (the friend's coupon code is never shown to the referrer). */
export const ReferralSchema = z.object({
  id: z.string(),
  friendEmail: z.string(),
  friendName: z.string().nullable(),
  status: ReferralStatusSchema,
  /** ISO-8601 UTC */
  createdAt: z.string(),
  /** ISO-8601 UTC: the coupon's last moment */
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  rewardedAt: z.string().nullable(),
  /** points granted (rewarded only) */
  rewardPoints: z.number().int().nullable(),
});
export type Referral = z.infer<typeof ReferralSchema>;

/** The referral offer of a site, as shown on the "Refer a friend" page. */
export const ReferralOfferSchema = z.object({
  /** the friend's discount, formatted (e.g. "$10.00") */
  friendDiscount: z.string(),
  /** the friend's minimum order, formatted */
  minimumOrder: z.string(),
  /** points the referrer earns when the friend's first order ships */
  rewardPoints: z.number().int(),
  /** days the friend's coupon stays valid */
  validityDays: z.number().int(),
});
export type ReferralOffer = z.infer<typeof ReferralOfferSchema>;

/** Answer of `listReferrals`. */
export const ReferralListSchema = z.object({ referrals: z.array(ReferralSchema), offer: ReferralOfferSchema });
export type ReferralList = z.infer<typeof ReferralListSchema>;

/** The referral calls (signed-in customer's token). */
export interface ReferralCalls {
  /** POST /{site}/users/current/referrals — refer a friend (see module comment). */
  submitReferral(site: string, body: SubmitReferralRequest): Promise<Referral>;
  /** GET /{site}/users/current/referrals — the member's referrals and the site's offer. */
  listReferrals(site: string, opts?: { lang?: Lang }): Promise<ReferralList>;
}

/** Builds the referral calls on a core that sends the customer's token. */
export function createReferralClient(core: ApiCore): ReferralCalls {
  const enc = encodeURIComponent;
  return {
    submitReferral: (site, body) => core.request('POST', `/${enc(site)}/users/current/referrals`, { body, schema: ReferralSchema }),
    listReferrals: (site, opts = {}) => core.request('GET', `/${enc(site)}/users/current/referrals`, { query: { lang: opts.lang }, schema: ReferralListSchema }),
  };
}
