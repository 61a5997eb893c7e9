/** Starter-kit landing slugs (spec §2) → the bundle page of the same slug, when one exists. */
import { isApiError } from '@store/contracts';
import type { ProductFull } from '@store/contracts';
import { slugify } from '@store/domain';
import { redirect } from 'react-router';
import { getRequestContext } from '../lib/context.server.ts';
import type { ContextArgs } from '../lib/context.server.ts';

/** Is a single path segment a starter-kit landing slug? */
export function isLandingSlug(slug: string): boolean {
  return (
    slug === 'brewer-starter-kit' ||
    slug === 'small-business-bundle' ||
    /^[a-z0-9-]+-starter-kit$/.test(slug) ||
    /^trousse-de-demarrage-[a-z0-9-]+$/.test(slug)
  );
}

/** A redirect Response to the bundle page of a landing slug, or null. */
export async function findLandingRedirect(args: ContextArgs, splat: string): Promise<Response | null> {
  const slug = splat.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (!slug || slug.includes('/') || !isLandingSlug(slug)) return null;
  const ctx = getRequestContext(args);
  for (const code of [slug.toUpperCase(), slug]) {
    try {
      const p = await ctx.api.getProduct(ctx.site, code, { lang: ctx.lang });
      if (p.isBundle) return redirect(p.url, 302);
    } catch (error) {
      if (!isApiError(error) || !error.isClientError) throw error;
    }
  }
  try {
    const term = slug.replace(/^trousse-de-demarrage-/, '').replace(/-/g, ' ');
    const found = await ctx.api.search(ctx.site, { term, lang: ctx.lang, pageSize: 24 });
    const bundles = found.products.filter((p) => p.isBundle);
    const exact = bundles.find((p: Pick<ProductFull, 'name'>) => slugify(p.name) === slug);
    const chosen = exact ?? bundles[0];
    if (chosen) return redirect(chosen.url, 302);
  } catch (error) {
    if (!isApiError(error)) throw error;
  }
  return null;
}
