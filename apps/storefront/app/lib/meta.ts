/** Page titles and descriptions: loaders compute them (translated), `pageMeta` turns them into tags. */

/** What a loader returns for the document head. */
export interface PageMeta {
  title: string;
  description?: string;
  /** canonical URL path */
  canonical?: string;
  /** alternate-language paths (hreflang) */
  alternates?: { en?: string | null; fr?: string | null };
  noindex?: boolean;
}

type MetaTag = Record<string, string>;

/** The meta descriptors of a page (for a route's `meta` export). */
export function pageMeta(meta: PageMeta | undefined): MetaTag[] {
  if (!meta) return [];
  const tags: MetaTag[] = [{ title: meta.title }];
  if (meta.description) tags.push({ name: 'description', content: meta.description });
  if (meta.canonical) tags.push({ tagName: 'link', rel: 'canonical', href: meta.canonical });
  if (meta.alternates?.en) tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'en', href: meta.alternates.en });
  if (meta.alternates?.fr) tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'fr-CA', href: meta.alternates.fr });
  if (meta.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
