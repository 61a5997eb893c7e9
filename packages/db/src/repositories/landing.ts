/**
 * Starter-kit landing pages (issue 13, ADR 0035; spec §2 landing slugs, §3 content slots): CMS
 * pages of type `LandingPage` whose data lists, per language, the slugs that open them
 * (`configurationData.slugs`, written by the seeder from `starterKitSlugs`). A site has a handful,
 * so the lookup reads the site's landing pages (one statement) and picks the first, by uid, whose
 * slugs hold the slug; then the page with its slots and components (`findCmsPage`, two more).
 */
import { cachedRead, type Executor } from '../connection.ts';
import { findCmsPage, pickLang, type CmsPageRecord } from './cms.ts';

/** CMS page type of the landing pages. */
export const LANDING_PAGE_TYPE = 'LandingPage';

/** The slugs a landing page's data lists for one language (empty when malformed). */
export function landingSlugsOf(data: Record<string, unknown>): string[] {
  const config = data.configurationData;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return [];
  const slugs = (config as Record<string, unknown>).slugs;
  return Array.isArray(slugs) ? slugs.filter((s): s is string => typeof s === 'string') : [];
}

/**
 * The landing page of a site that answers `slug` in `lang` (English data when the French is
 * missing), with its slots and components; null when none does. Cached for the handle's read
 * cache TTL (ADR 0011).
 */
export async function findLandingPage(db: Executor, opts: { site: string; lang: string; slug: string }): Promise<CmsPageRecord | null> {
  const key = `landing_page:${JSON.stringify([opts.site, opts.lang, opts.slug])}`;
  return cachedRead(db, key, async () => {
    const rows = await db
      .selectFrom('cms_pages')
      .select(['uid', 'data_json'])
      .where('base_site', '=', opts.site)
      .where('page_type', '=', LANDING_PAGE_TYPE)
      .orderBy('uid')
      .execute();
    const row = rows.find((r) => landingSlugsOf(pickLang(r.data_json, opts.lang)).includes(opts.slug));
    if (!row) return null;
    return findCmsPage(db, { site: opts.site, lang: opts.lang, pageType: LANDING_PAGE_TYPE, labelOrId: row.uid });
  });
}
