/**
 * Monthly-box routes under /rest/v2/:baseSiteId (issue 10 "Subscriptions beyond AD"; spec §7
 * "monthly subscription plan", §9 "Monthly products filter box counts 20, 22, 24"; ADR 0018).
 * Thin handler: parse (contract schema), read (repositories), answer (catalogue presenters).
 */
import type { FastifyPluginAsync } from 'fastify';
import { MONTHLY_BOX_COUNTS, MONTHLY_BOX_ROTATION_KEY, MONTHLY_BOX_ROTATIONS, monthlyBoxCountsFor, parseMonthlyBoxRotation } from '@store/domain';
import { MonthlyProductsAnswerSchema, MonthlyProductsQuerySchema, OccErrorBodySchema } from '@store/contracts';
import { getSiteConfigValues, listMonthlyBoxVariants, listProducts, type DbHandle } from '@store/db';
import { pagination, presentCard } from '../catalog/present.ts';
import { answerLang } from './site-context.ts';
import { loadAutoDeliverySettings } from '../flows/auto-delivery-buy.ts';
import { defineRoute, registerApiRoutes } from '../http/api-route.ts';

/**
 * The monthly-box route (issue 11 item 3: defined once, served over HTTP and by the direct
 * transport). No token: public catalogue data.
 */
export function monthlyBoxRouteList(dbh: DbHandle) {
  const db = () => dbh.db;
  return [
    defineRoute({
      method: 'GET',
      url: '/autoDelivery/monthlyProducts',
      auth: 'none',
      docs: {
        tags: ['subscriptions'],
        summary: 'Monthly-box products: pod packs of 20, 22 or 24 that can be a monthly box, and the curated rotation',
        description: '`boxCount` keeps one box count (spec §9: 20, 22, 24). Page is 0-based.',
      },
      schema: { querystring: MonthlyProductsQuerySchema, response: { 200: MonthlyProductsAnswerSchema, 400: OccErrorBodySchema, 404: OccErrorBodySchema } },
      handler: async ({ query }, rc) => {
        const site = rc.site;
        const { page, pageSize, sort, boxCount } = query;
        const ctx = { site, lang: answerLang(site, query.lang), ad: await loadAutoDeliverySettings(db(), site) };
        const counts = monthlyBoxCountsFor(boxCount);
        const [boxes, config] = await Promise.all([listMonthlyBoxVariants(db(), site, counts), getSiteConfigValues(db(), site, [MONTHLY_BOX_ROTATION_KEY])]);
        const productCodes = [...new Set(boxes.map((b) => b.productCode))];
        const result = await listProducts(db(), {
          site,
          lang: ctx.lang,
          scope: { kind: 'codes', codes: productCodes },
          filters: { count: counts.map((c) => `${c}ct`) },
          page,
          pageSize,
          sort,
        });
        // The operator's rotation, kept to the boxes the site sells now; else every box listed.
        const operator = parseMonthlyBoxRotation(config.get(MONTHLY_BOX_ROTATION_KEY));
        const byVariant = new Map(boxes.map((b) => [b.variantCode, b]));
        const curated = operator.length > 0 ? operator.flatMap((code) => byVariant.get(code) ?? []) : boxes;
        return {
          boxCounts: [...MONTHLY_BOX_COUNTS],
          boxCount: boxCount ?? null,
          rotations: [...MONTHLY_BOX_ROTATIONS],
          products: result.cards.map((c) => presentCard(ctx, c)),
          pagination: pagination(page, pageSize, result.totalResults, sort),
          curatedRotation: curated.length > 0 ? curated : boxes,
        };
      },
    }),
  ];
}

/** Registers the monthly-box route on the /rest/v2/:baseSiteId scope. */
export const monthlyBoxRoutes: FastifyPluginAsync = async (scope) => {
  registerApiRoutes(scope, monthlyBoxRouteList(scope.dbh));
};
