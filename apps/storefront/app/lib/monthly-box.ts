/**
 * Paths of the monthly-box page (issue 10 "Subscriptions beyond AD"; spec §9 box counts 20, 22,
 * 24): `/monthly-box[/{count}]`, French `/fr/boite-mensuelle[/{count}]`. Shared by server and client.
 */
import type { Lang } from '@store/domain';

/** The box counts the page filters on (spec §9). */
export const MONTHLY_BOX_PAGE_COUNTS = [20, 22, 24] as const;

/** The monthly-box page in `lang`, for one box count or all of them. */
export function monthlyBoxPath(lang: Lang, boxCount?: number | null): string {
  const base = lang === 'fr' ? '/fr/boite-mensuelle' : '/monthly-box';
  return boxCount ? `${base}/${boxCount}` : base;
}

/**
 * The box count of a page URL segment: 20, 22 or 24, `null` for none, `'invalid'` for anything
 * else (the page answers 404 for those).
 */
export function parseBoxCountSegment(segment: string | undefined): number | null | 'invalid' {
  if (segment === undefined || segment === '') return null;
  const n = Number(segment);
  return (MONTHLY_BOX_PAGE_COUNTS as readonly number[]).includes(n) && String(n) === segment ? n : 'invalid';
}
