/**
 * Dev-only page whose rendering crashes (devPages on): checks that a render crash gives the
 * generic error page with status 500 (spec §2, §8). 404 when dev pages are off.
 */
import { data } from 'react-router';
import type { Route } from './+types/dev-crash';

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.storefront?.devPages) throw data(null, { status: 404 });
  return { crash: true };
}

export default function DevCrash({ loaderData }: Route.ComponentProps) {
  if (loaderData.crash) throw new Error('Deliberate render crash (dev page /_dev/crash)');
  return null;
}
