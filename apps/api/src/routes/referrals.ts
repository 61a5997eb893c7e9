/**
 * Referral routes (issue 12 "Referrals"; spec §7 submitReferral; ADR 0030; contracts
 * `referrals.ts`), under /rest/v2/:baseSiteId, customers only (`users/anonymous` → 403
 * `customerRequired`, no token → 401):
 * - `POST /users/{userId}/referrals` {email, friendName?, lang?} → 201 the referral (submitReferral);
 * - `GET /users/{userId}/referrals?lang=` → the member's referrals and the site's offer.
 * Defined once (ADR 0021): served over HTTP and by the direct transport.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LangSchema, OccErrorBodySchema, ReferralListSchema, ReferralSchema, SubmitReferralRequestSchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { listReferrals, submitReferral } from '../flows/referrals.ts';
import { defineRoute, registerApiRoutes } from '../http/api-route.ts';
import { CUSTOMER_SECURITY, customerOfContext, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema };

/** The referral routes. */
export function referralRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'POST',
      url: '/users/:userId/referrals',
      auth: 'user',
      status: 201,
      docs: {
        tags: ['referrals'],
        summary: 'submitReferral: refer a friend by email; the friend is emailed a one-use coupon for a first order',
        description:
          '403 for users/anonymous. 400 ValidationError naming the field (email: invalidEmail, tooLong, invalidCharacters; friendName: tooLong). 422 ReferralError selfReferral / alreadyCustomer; 409 ReferralError alreadyReferred; 429 TooManyAttemptsError with Retry-After (10 a day per member, 30 an hour per client address); 404 referralsNotOffered.',
        security: CUSTOMER_SECURITY,
      },
      schema: {
        params: UserParamsSchema,
        body: SubmitReferralRequestSchema,
        response: { 201: ReferralSchema, ...errors, 409: OccErrorBodySchema, 422: OccErrorBodySchema, 429: OccErrorBodySchema },
      },
      handler: async ({ body }, rc) =>
        submitReferral(ctx, { site: rc.site, referrer: customerOfContext(rc), body, clientIp: rc.ip, publicUrl: rc.app.config.STOREFRONT_PUBLIC_URL }),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/referrals',
      auth: 'user',
      docs: { tags: ['referrals'], summary: "The member's referrals (newest first: sent, used, rewarded, expired) and the site's referral offer", security: CUSTOMER_SECURITY },
      schema: { params: UserParamsSchema, querystring: z.object({ lang: LangSchema.optional() }), response: { 200: ReferralListSchema, ...errors } },
      handler: async ({ query }, rc) => listReferrals(ctx, rc.site, customerOfContext(rc).userId, query.lang),
    }),
  ];
}

/** Registers the referral routes on the /rest/v2/:baseSiteId scope. */
export function registerReferralRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, referralRouteList(ctx));
}
