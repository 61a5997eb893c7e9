/**
 * Loading CMS pages for rendering: the page's components in slot order, parsed (unknown or
 * malformed components dropped), and the products of each carousel as a promise that never
 * rejects (deferred section: a failing carousel renders nothing, the page stays up).
 */
import { isApiError } from '@store/contracts';
import type { CmsPage } from '@store/contracts';
import { toCardView } from './card-view.ts';
import type { CardView } from './card-view.ts';
import { parseComponent } from '../components/cms/cms-data.ts';
import type { KnownComponent } from '../components/cms/cms-data.ts';
import type { RequestContext } from './context.server.ts';

/** A CMS page ready to render. */
export interface RenderablePage {
  uid: string;
  title: string;
  metadata: { title?: string; description?: string };
  /** components in slot order */
  components: KnownComponent[];
  /** products of each carousel, by component uid */
  carousels: Record<string, Promise<CardView[] | null>>;
}

function metadataOf(page: CmsPage): RenderablePage['metadata'] {
  const m = page.metadata ?? {};
  return {
    title: typeof m.title === 'string' ? m.title : undefined,
    description: typeof m.description === 'string' ? m.description : undefined,
  };
}

/**
 * Loads a content page by label or uid. Null when it does not exist (404); other failures throw
 * unless `optional` (then null as well).
 */
export async function loadCmsPage(ctx: RequestContext, pageLabelOrId: string, optional = false): Promise<RenderablePage | null> {
  let page: CmsPage;
  try {
    page = await ctx.api.getCmsPage(ctx.site, { pageLabelOrId, lang: ctx.lang });
  } catch (error) {
    if (optional || (isApiError(error) && error.status === 404)) return null;
    throw error;
  }
  const components: KnownComponent[] = [];
  for (const slot of page.contentSlots.contentSlot) {
    for (const c of slot.components.component) {
      const known = parseComponent(c);
      if (known) components.push(known);
    }
  }
  const carousels: RenderablePage['carousels'] = {};
  for (const c of components) {
    if (c.typeCode !== 'ProductCarouselComponent' || c.productCodes.length === 0) continue;
    carousels[c.uid] = ctx.api
      .getProductCodesData(ctx.site, c.productCodes.slice(0, 24), { lang: ctx.lang })
      .then((r) => r.products.map(toCardView))
      .catch(() => null);
  }
  return { uid: page.uid, title: page.title, metadata: metadataOf(page), components, carousels };
}
