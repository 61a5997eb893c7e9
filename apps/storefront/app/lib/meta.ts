/**
 * Page titles and descriptions: loaders compute them (translated), `pageMeta` turns them into tags.
 * Canonical and alternate-language (hreflang) links are absolute URLs when the loader gives the
 * request's `origin`: search engines (and Lighthouse's SEO audit) ignore or flag relative ones.
 */

/** What a loader returns for the document head. */
export interface PageMeta {
  title: string;
  description?: string;
  /** canonical URL path */
  canonical?: string;
  /** alternate-language paths (hreflang) */
  alternates?: { en?: string | null; fr?: string | null };
  noindex?: boolean;
  /**
   * `scheme://host` of the request (`ctx.url.origin`): the canonical and alternate paths are
   * made absolute with it. Without it they stay paths.
   */
  origin?: string;
}

type MetaTag = Record<string, string>;

/** `path` as an absolute URL on `origin` (an absolute `path` is kept); `path` itself without an origin. */
export function absoluteUrl(path: string, origin: string | undefined): string {
  if (!origin) return path;
  try {
    return new URL(path, origin).href;
  } catch {
    return path;
  }
}

/** The meta descriptors of a page (for a route's `meta` export). */
export function pageMeta(meta: PageMeta | undefined): MetaTag[] {
  if (!meta) return [];
  const url = (path: string) => absoluteUrl(path, meta.origin);
  const tags: MetaTag[] = [{ title: meta.title }];
  if (meta.description) tags.push({ name: 'description', content: meta.description });
  if (meta.canonical) tags.push({ tagName: 'link', rel: 'canonical', href: url(meta.canonical) });
  if (meta.alternates?.en) tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'en', href: url(meta.alternates.en) });
  if (meta.alternates?.fr) tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'fr-CA', href: url(meta.alternates.fr) });
  if (meta.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
