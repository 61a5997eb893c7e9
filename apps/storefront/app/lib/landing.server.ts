/**
 * Starter-kit landing pages, server side (issue 13, ADR 0035; spec §2 landing slugs, §3 content
 * slots): the CMS landing page answering the slug (`GET /cms/landingPages/{slug}`), its components
 * checked with zod (an unknown or malformed one is skipped), and the kit's FULL product (its
 * components, price and savings; critical: no kit, no page).
 */
import { z } from 'zod';
import { createLandingClient, isApiError } from '@store/contracts';
import type { ProductFull } from '@store/contracts';
import { isLandingSlug, SITES } from '@store/domain';
import { BannerSchema } from '../components/cms/cms-data.ts';
import type { LandingBlock, LandingView } from '../components/landing/landing-types.ts';
import type { RequestContext } from './context.server.ts';

const ContentsSchema = z.object({
  uid: z.string(),
  typeCode: z.literal('StarterKitContentsComponent'),
  title: z.string(),
  intro: z.string().default(''),
  bundleCode: z.string().min(1).max(64),
});
const BenefitsSchema = z.object({
  uid: z.string(),
  typeCode: z.literal('BenefitListComponent'),
  title: z.string(),
  items: z.array(z.object({ title: z.string(), text: z.string() })).max(12),
});
const FaqSchema = z.object({
  uid: z.string(),
  typeCode: z.literal('FaqComponent'),
  title: z.string(),
  items: z.array(z.object({ question: z.string(), answer: z.string() })).max(20),
});

/** The single path segment of a catch-all splat when it is a landing slug (lower-cased), else null. */
export function landingSlugOf(splat: string): string | null {
  const slug = splat.replace(/^\/+|\/+$/g, '').toLowerCase();
  return slug && !slug.includes('/') && isLandingSlug(slug) ? slug : null;
}

/**
 * The landing page of a slug, or null when no page answers it (404). Other API failures throw
 * (the error page).
 */
export async function loadLanding(ctx: RequestContext, slug: string): Promise<LandingView | null> {
  let page;
  try {
    page = await createLandingClient(ctx.anonymousCore).getLandingPage(ctx.site, slug, { lang: ctx.lang });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
  const blocks: LandingBlock[] = [];
  let kit: ProductFull | null = null;
  for (const slot of page.contentSlots.contentSlot) {
    for (const c of slot.components.component) {
      const banner = BannerSchema.safeParse(c);
      if (banner.success && banner.data.typeCode === 'HeroBannerComponent') {
        blocks.push({ kind: 'hero', data: banner.data });
        continue;
      }
      const contents = ContentsSchema.safeParse(c);
      if (contents.success && kit === null) {
        try {
          kit = await ctx.api.getProduct(ctx.site, contents.data.bundleCode, { lang: ctx.lang });
        } catch (error) {
          if (isApiError(error) && error.isClientError) return null;
          throw error;
        }
        if (!kit.isBundle || kit.discontinued || !kit.bundleTemplateData) return null;
        blocks.push({ kind: 'kit', data: { uid: contents.data.uid, title: contents.data.title, intro: contents.data.intro }, kit });
        continue;
      }
      const benefits = BenefitsSchema.safeParse(c);
      if (benefits.success) {
        blocks.push({ kind: 'benefits', data: benefits.data });
        continue;
      }
      const faq = FaqSchema.safeParse(c);
      if (faq.success) blocks.push({ kind: 'faq', data: faq.data });
    }
  }
  if (kit === null) return null;
  const metadata = page.metadata ?? {};
  const brand = SITES[ctx.site].name;
  return {
    slug,
    title: page.title,
    blocks,
    meta: {
      title: typeof metadata.title === 'string' ? metadata.title : ctx.t('meta.title', { title: page.title, brand }),
      description: typeof metadata.description === 'string' ? metadata.description : undefined,
      canonical: ctx.paths.localize(`/${slug}`),
      origin: ctx.url.origin,
    },
  };
}
