/**
 * Starter-kit landing slugs (spec §2; issue 13, ADR 0035): brewer-starter-kit,
 * {product}-starter-kit, small-business-bundle and trousse-de-demarrage-{product} render the
 * kit's landing page from its content slots (lib/landing.server.ts); any other path is a 404.
 */
import { isLandingSlug } from '@store/domain';
import { getRequestContext } from '../lib/context.server.ts';
import type { ContextArgs } from '../lib/context.server.ts';
import { landingSlugOf, loadLanding } from '../lib/landing.server.ts';
import type { LandingView } from '../components/landing/landing-types.ts';

export { isLandingSlug };

/** The landing page of the path, or null (then the 404 page). */
export async function findLanding(args: ContextArgs, splat: string): Promise<LandingView | null> {
  const slug = landingSlugOf(splat);
  if (!slug) return null;
  return loadLanding(getRequestContext(args), slug);
}
