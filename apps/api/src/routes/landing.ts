/**
 * Pod-id products and starter-kit landing pages (issue 13; spec §2, §5, §7; ADR 0035; contracts
 * `landing.ts`), under /rest/v2/:baseSiteId, no token needed:
 * - `GET /products/pod-id/{code}?lang=` → the product FULL with the pod-id variant selected
 *   (`baseOptions.selected`): a variant code selects itself, a base code its default variant
 *   (`choosePodIdVariant`; a regular variant code by the spec §5 rule must name a variant). Only
 *   beverages have pod ids. 400 `invalidCode`; 404 `notFound` (unknown, not sold on the site, or
 *   not a beverage).
 * - `GET /cms/landingPages/{slug}?lang=` → the starter-kit landing page answering the slug in
 *   that language (`findLandingPage`). 400 `invalidSlug`; 404 `notFound`.
 * Defined once (ADR 0021): served over HTTP and by the direct transport.
 */
import type { FastifyPluginAsync } from 'fastify';
import { choosePodIdVariant, normalizePodIdCode, notFound } from '@store/domain';
import { LandingLangQuerySchema, LandingPageSchema, LandingSlugParamsSchema, OccErrorBodySchema, PodIdParamsSchema, ProductAnswerSchema } from '@store/contracts';
import { findLandingPage, findProduct, listCategories, type CmsPageRecord, type DbHandle } from '@store/db';
import { presentFull } from '../catalog/present.ts';
import { loadAutoDeliverySettings } from '../flows/auto-delivery-buy.ts';
import { catalogPriceStrategies } from '../flows/promotions.ts';
import { defineRoute, optionalCustomerIdOf, registerApiRoutes } from '../http/api-route.ts';
import { presentComponent } from './cms.ts';
import { answerLang, freeShippingMinimumMinor } from './site-context.ts';

const errors = { 400: OccErrorBodySchema, 404: OccErrorBodySchema };

function podIdNotFound(code: string) {
  return notFound('UnknownIdentifierError', 'notFound', `No pod-id product with code '${code}'`, 'code');
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A landing page as answered (the `/cms/pages` shape). */
function presentLandingPage(page: CmsPageRecord) {
  return {
    uid: page.uid,
    title: page.title,
    pageType: page.pageType,
    label: page.label,
    contentSlots: {
      contentSlot: page.slots.map((s) => ({
        slotId: `${page.uid}-${s.position}`,
        position: s.position,
        componentUids: { componentUidList: s.componentUids },
        components: {
          component: s.componentUids.flatMap((uid) => {
            const c = page.components.get(uid);
            return c ? [presentComponent(c)] : [];
          }),
        },
      })),
    },
    configurationData: isRecord(page.data.configurationData) ? page.data.configurationData : null,
    metadata: isRecord(page.data.metadata) ? page.data.metadata : null,
  };
}

/** The pod-id and landing routes of an app. */
export function landingRouteList(dbh: DbHandle) {
  const db = () => dbh.db;
  return [
    defineRoute({
      method: 'GET',
      url: '/products/pod-id/:code',
      auth: 'none',
      // prices may be personalised for a signed-in customer (as GET /products/{code})
      headers: { vary: 'Authorization' },
      docs: {
        tags: ['catalogue'],
        summary: 'A beverage with its pod-id variant selected (spec §2, §7 products/pod-id)',
        description:
          'The code is case-insensitive. A variant code selects that variant; a base product code selects its default variant, unless it is a regular variant code (four dash-separated parts, numeric first part: spec §5), which must name a variant. 400 ValidationError invalidCode; 404 UnknownIdentifierError for an unknown code, a product not sold on the site or one that is not a beverage.',
      },
      schema: {
        params: PodIdParamsSchema,
        querystring: LandingLangQuerySchema,
        response: { 200: ProductAnswerSchema, ...errors },
      },
      async handler({ params, query }, rc) {
        const site = rc.site;
        const code = normalizePodIdCode(params.code);
        if (code === null) throw podIdNotFound(params.code); // unreachable: the params schema refuses it (400)
        const ctx = { site, lang: answerLang(site, query.lang), ad: await loadAutoDeliverySettings(db(), site) };
        const found = await findProduct(db(), { site, lang: ctx.lang, code });
        if (!found || found.product.productType !== 'Coffee' || found.product.isBundle) throw podIdNotFound(code);
        const selected = choosePodIdVariant(found.product, code);
        if (selected === null) throw podIdNotFound(code);
        const customerId = await optionalCustomerIdOf(rc);
        const [categories, minimum, strategies] = await Promise.all([
          listCategories(db()),
          freeShippingMinimumMinor(db(), site),
          catalogPriceStrategies(db(), site, customerId, found.product, new Date()),
        ]);
        return presentFull(ctx, found.product, selected, categories, minimum, strategies);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/cms/landingPages/:slug',
      auth: 'none',
      docs: {
        tags: ['content'],
        summary: 'A starter-kit landing page by slug, with its content slots (spec §2 landing slugs)',
        description:
          'Slugs: brewer-starter-kit, {product}-starter-kit (a brewer code or slug), small-business-bundle, and in French trousse-de-demarrage-{product}. configurationData is { kitCode, slugs }. 400 ValidationError invalidSlug; 404 CMSItemNotFoundError.',
      },
      schema: {
        params: LandingSlugParamsSchema,
        querystring: LandingLangQuerySchema,
        response: { 200: LandingPageSchema, ...errors },
      },
      async handler({ params, query }, rc) {
        const site = rc.site;
        const lang = answerLang(site, query.lang);
        const page = await findLandingPage(db(), { site, lang, slug: params.slug });
        if (!page) throw notFound('CMSItemNotFoundError', 'notFound', `No landing page '${params.slug}'`, 'slug');
        return presentLandingPage(page);
      },
    }),
  ];
}

/** Registers the pod-id and landing routes on the /rest/v2/:baseSiteId scope. */
export const landingRoutes: FastifyPluginAsync = async (scope) => {
  registerApiRoutes(scope, landingRouteList(scope.dbh));
};
