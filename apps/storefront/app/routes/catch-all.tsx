/**
 * Everything no other route matched: starter-kit landing slugs (spec §2: brewer-starter-kit,
 * {product}-starter-kit, small-business-bundle, trousse-de-demarrage-{product}) resolve to their
 * bundle page when one exists; anything else is the 404 page (status 404, both languages).
 */
import { data } from 'react-router';
import type { Route } from './+types/catch-all';
import { NotFoundPage } from '../components/ErrorPage.tsx';
import { getRequestContext } from '../lib/context.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { useShell } from '../lib/shell-data.ts';
import { findLandingRedirect } from './catch-all.server.ts';

export async function loader(args: Route.LoaderArgs) {
  const target = await findLandingRedirect(args, args.params['*'] ?? '');
  if (target) return target;
  const { t } = getRequestContext(args);
  return data({ meta: { title: t('notFound.title'), noindex: true } }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta(d?.meta);

export default function CatchAll() {
  const { lang } = useShell();
  return <NotFoundPage lang={lang} />;
}
