/**
 * Everything no other route matched: starter-kit landing slugs (spec §2: brewer-starter-kit,
 * {product}-starter-kit, small-business-bundle, trousse-de-demarrage-{product}) render the kit's
 * landing page from its content slots (issue 13, ADR 0035); anything else is the 404 page (status
 * 404, both languages).
 */
import { data } from 'react-router';
import type { Route } from './+types/catch-all';
import { NotFoundPage } from '../components/ErrorPage.tsx';
import { StarterKitLanding } from '../components/landing/StarterKitLanding.tsx';
import landingCss from '../components/landing/landing.css?url';
import { getRequestContext } from '../lib/context.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { useShell } from '../lib/shell-data.ts';
import { findLanding } from './catch-all.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: landingCss }];

export async function loader(args: Route.LoaderArgs) {
  const landing = await findLanding(args, args.params['*'] ?? '');
  if (landing) return { landing, meta: landing.meta };
  const { t } = getRequestContext(args);
  return data({ landing: null, meta: { title: t('notFound.title'), noindex: true } }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta(d?.meta);

export default function CatchAll({ loaderData }: Route.ComponentProps) {
  const { lang } = useShell();
  return loaderData.landing ? <StarterKitLanding view={loaderData.landing} /> : <NotFoundPage lang={lang} />;
}
