/**
 * Issue 13 (ADR 0035): pod-id product answers and starter-kit landing pages (spec §2, §5, §7).
 * - `GET /{site}/products/pod-id/{code}?lang=` → the product FULL (`ProductFullSchema`) with the
 *   pod-id variant in `baseOptions.selected`; 400 `invalidCode` (subject `code`) for a code that is
 *   not letters and digits in dash groups (or longer than 64); 404 when no beverage has it.
 * - `GET /{site}/cms/landingPages/{slug}?lang=` → the landing page (`CmsPageSchema`) whose slugs
 *   hold `slug` in that language, with its content slots; `configurationData` is
 *   `{ kitCode, slugs }`. 400 `invalidSlug` (subject `slug`) when it is not a landing slug shape
 *   (spec §2), 404 when no page of the site answers it.
 */
import { z } from 'zod';
import { isLandingSlug, LANDING_SLUG_MAX, normalizePodIdCode, POD_ID_CODE_MAX } from '@store/domain';
import { BaseSiteParamsSchema, LangSchema, ProductFullSchema, type Lang, type ProductFull } from './catalog.ts';
import { CmsPageSchema, type CmsPage } from './cms.ts';
import type { ApiCore } from './client.ts';
import { codeInput, safeText } from './input.ts';

/** Params of `GET /products/pod-id/{code}`: a pod-id code (case-insensitive), 400 `invalidCode` otherwise. */
export const PodIdParamsSchema = BaseSiteParamsSchema.extend({
  code: codeInput(POD_ID_CODE_MAX).check((ctx) => {
    if (ctx.value.length <= POD_ID_CODE_MAX && normalizePodIdCode(ctx.value) === null) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'must be letters and digits in dash-separated groups', params: { reason: 'invalidCode' } });
    }
  }),
});

/** Params of `GET /cms/landingPages/{slug}`: a starter-kit landing slug (spec §2), 400 `invalidSlug` otherwise. */
export const LandingSlugParamsSchema = BaseSiteParamsSchema.extend({
  slug: safeText(LANDING_SLUG_MAX).check((ctx) => {
    if (ctx.value.length <= LANDING_SLUG_MAX && !isLandingSlug(ctx.value)) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'is not a starter-kit landing slug', params: { reason: 'invalidSlug' } });
    }
  }),
});

/** `?lang=` of both calls. */
export const LandingLangQuerySchema = z.object({ lang: LangSchema.optional() });

/** The landing page answer (a CMS page; see module comment). */
export const LandingPageSchema = CmsPageSchema;
export type LandingPage = CmsPage;

/** The pod-id and landing calls (no token: the answers are the same for every visitor). */
export interface LandingCalls {
  /** GET /{site}/products/pod-id/{code} — the product with the pod-id variant selected. */
  getPodIdProduct(site: string, code: string, opts?: { lang?: Lang }): Promise<ProductFull>;
  /** GET /{site}/cms/landingPages/{slug} — a starter-kit landing page. */
  getLandingPage(site: string, slug: string, opts?: { lang?: Lang }): Promise<LandingPage>;
}

/** Builds the pod-id and landing calls on a core. */
export function createLandingClient(core: ApiCore): LandingCalls {
  const enc = encodeURIComponent;
  return {
    getPodIdProduct: (site, code, opts = {}) =>
      core.request('GET', `/${enc(site)}/products/pod-id/${enc(code)}`, { auth: false, query: { lang: opts.lang }, schema: ProductFullSchema }),
    getLandingPage: (site, slug, opts = {}) =>
      core.request('GET', `/${enc(site)}/cms/landingPages/${enc(slug)}`, { auth: false, query: { lang: opts.lang }, schema: LandingPageSchema }),
  };
}
