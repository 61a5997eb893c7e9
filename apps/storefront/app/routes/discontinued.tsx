/**
 * The discontinued-items page (spec §2): `/discontinued-items` and `/fr/article-de-fin-de-serie`,
 * where discontinued products redirect (302). CMS text and recommendations when available, else
 * the built-in text; always links to the categories.
 */
import { Link } from 'react-router';
import { SITES } from '@store/domain';
import type { Route } from './+types/discontinued';
import { CmsBlock } from '../components/cms/CmsBlocks.tsx';
import { loadCmsPage } from '../lib/cms.server.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';

export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const page = await loadCmsPage(ctx, 'discontinued-items', true);
  return {
    components: page?.components ?? [],
    carousels: page?.carousels ?? {},
    meta: {
      title: page?.metadata.title ?? ctx.t('meta.title', { title: ctx.t('discontinued.title'), brand: SITES[ctx.site].name }),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

const NAV_KEYS = { beverages: 'nav.beverages', brewers: 'nav.brewers', accessories: 'nav.accessories', giftCards: 'nav.giftCards' } as const;

export default function Discontinued({ loaderData }: Route.ComponentProps) {
  const { components, carousels } = loaderData;
  const t = useT();
  const { nav } = useShell();
  const text = components.filter((c) => c.typeCode === 'ParagraphComponent');
  const rest = components.filter((c) => c.typeCode !== 'ParagraphComponent');
  return (
    <div className="container content-page">
      <div className="narrow discontinued">
        {text.length > 0 ? (
          text.map((c, i) => <CmsBlock key={c.uid} component={c} carousels={carousels} index={i} firstHeadingLevel={1} />)
        ) : (
          <>
            <h1>{t('discontinued.title')}</h1>
            <p className="lead">{t('discontinued.text')}</p>
          </>
        )}
        <ul className="tile-links">
          {nav.map((n) => (
            <li key={n.key}>
              <Link to={n.url} className="btn btn-secondary">
                {t(NAV_KEYS[n.key])}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {rest.map((c, i) => (
        <CmsBlock key={c.uid} component={c} carousels={carousels} index={i + 1} />
      ))}
    </div>
  );
}
