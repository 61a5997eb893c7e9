/**
 * Content pages `/content/*` and `/fr/content/*` (spec §2: page type ContentPage), e.g.
 * /content/support/email-us-page, rendered from the CMS page with that label. 404 when unknown.
 */
import { SITES } from '@store/domain';
import type { Route } from './+types/content';
import { CmsBlock } from '../components/cms/CmsBlocks.tsx';
import { loadCmsPage } from '../lib/cms.server.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { notFound } from '../lib/errors.server.ts';
import { pageMeta } from '../lib/meta.ts';

export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const label = (args.params['*'] ?? '').replace(/^\/+|\/+$/g, '');
  if (!label || label.length > 120 || !/^[A-Za-z0-9/_-]+$/.test(label)) notFound();
  const page = await loadCmsPage(ctx, label);
  if (!page) notFound();
  const brand = SITES[ctx.site].name;
  return {
    title: page.title,
    components: page.components,
    carousels: page.carousels,
    meta: {
      title: page.metadata.title ?? ctx.t('meta.title', { title: page.title, brand }),
      description: page.metadata.description,
      canonical: ctx.paths.content(label),
      origin: ctx.url.origin,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { title, components, carousels } = loaderData;
  const titled = components[0]?.typeCode === 'ParagraphComponent' && components[0].title !== '';
  return (
    <div className="container content-page">
      <div className="narrow">
        {titled ? null : <h1>{title}</h1>}
        {components.map((c, i) => (
          <CmsBlock key={c.uid} component={c} carousels={carousels} index={i} firstHeadingLevel={titled ? 1 : 2} />
        ))}
      </div>
    </div>
  );
}
