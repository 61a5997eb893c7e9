/**
 * Home page `/` and `/fr` (VISUAL.md "Home"): the content slots of the `homepage` CMS page —
 * hero banner with one call to action, category tiles, product carousel (streamed), brewer
 * highlight, starter-kit banner. When the content cannot be loaded a plain hero is shown instead.
 */
import { Link } from 'react-router';
import { SITES } from '@store/domain';
import type { Route } from './+types/home';
import { CmsBlock } from '../components/cms/CmsBlocks.tsx';
import { QuizHomeSection } from '../components/quiz/QuizHomeSection.tsx';
import { RecsIsland } from '../components/recs/RecsIsland.tsx';
import { loadCmsPage } from '../lib/cms.server.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { pageMeta } from '../lib/meta.ts';
import type { PageMeta } from '../lib/meta.ts';
import { pathsFor } from '../lib/paths.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';

export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const page = await loadCmsPage(ctx, 'homepage', true);
  const brand = SITES[ctx.site].name;
  const meta: PageMeta = {
    title: page?.metadata.title ?? ctx.t('meta.homeTitle', { brand }),
    description: page?.metadata.description ?? ctx.t('meta.description', { brand }),
    canonical: ctx.paths.home,
    alternates: ctx.site === 'cab2c' ? { en: '/', fr: '/fr' } : undefined,
    origin: ctx.url.origin,
  };
  return { components: page?.components ?? [], carousels: page?.carousels ?? {}, meta };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

function FallbackHero() {
  const t = useT();
  const { lang } = useShell();
  return (
    <section className="hero">
      <div className="hero-copy">
        <h1 className="hero-title">{t('home.fallbackHeadline')}</h1>
        <p className="hero-text">{t('home.fallbackText')}</p>
        <Link to={pathsFor(lang).category('BV_BDN_DD_KC')} className="btn btn-light btn-hero">
          {t('nav.beverages')}
        </Link>
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { components, carousels } = loaderData;
  const hasHero = components[0]?.typeCode === 'HeroBannerComponent';
  return (
    <div className="container home">
      {hasHero ? null : <FallbackHero />}
      {components.map((c, i) => (
        <CmsBlock key={c.uid} component={c} carousels={carousels} index={i} firstHeadingLevel={1} />
      ))}
      {/* issue 13 (ADR 0034): the pod-quiz section, the same for every visitor */}
      <QuizHomeSection />
      {/* issue 13 (ADR 0033): per-visitor islands, fetched after load (the page itself is shared) */}
      <RecsIsland component="home" />
      <RecsIsland component="recent" />
    </div>
  );
}
