/**
 * The visitor's compare lists (issue 13; ADR 0031), POST /compare/list or /fr/comparer/liste:
 * fields `intent` (`add` | `remove` | `clear`), `kind` (`brewers` | `products`), `code`, and
 * `redirectTo` (a same-origin path; default the compare page). Works without JavaScript: it
 * updates the `sf_compare_*` cookie and redirects (303).
 * - `add` of a 5th item is refused: back to `redirectTo` with `?compareNotice=full` (the tray shows
 *   "You can compare up to 4 …"), never an error page;
 * - `remove` with `returnToCompare=1`: to the compare page of the remaining items (the page's
 *   items come from its `items` field, so a shared URL works the same);
 * GET: to the compare page of the kind (`?kind=`) with the listed items.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/compare-list';
import { getRequestContext } from '../lib/context.server.ts';
import { COMPARE_MAX_ITEMS, COMPARE_NOTICE_PARAM, compareUrl, type CompareKind } from '../lib/compare.ts';
import { cleanCodes, compareCookie, readCompareList } from '../lib/compare.server.ts';
import { sameOriginPath } from '../lib/safe-redirect.ts';

/** `path` with the notice parameter set (`full`) or removed (null); commas in the query stay readable. */
function withNotice(path: string, origin: string, notice: 'full' | null): string {
  const url = new URL(path, origin);
  if (notice) url.searchParams.set(COMPARE_NOTICE_PARAM, notice);
  else if (url.searchParams.has(COMPARE_NOTICE_PARAM)) url.searchParams.delete(COMPARE_NOTICE_PARAM);
  else return `${url.pathname}${url.search}${url.hash}`;
  return `${url.pathname}${url.search.replace(/%2C/gi, ',')}${url.hash}`;
}

function kindOf(value: FormDataEntryValue | string | null): CompareKind {
  return value === 'brewers' ? 'brewers' : 'products';
}

export function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const kind = kindOf(ctx.url.searchParams.get('kind'));
  return redirect(compareUrl(kind, ctx.lang, readCompareList(args.request, kind)), 302);
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? 'add');
  const kind = kindOf(form.get('kind'));
  const code = cleanCodes(String(form.get('code') ?? ''))[0] ?? null;
  let list = readCompareList(args.request, kind);
  const back = sameOriginPath(form.get('redirectTo'), ctx.url.origin) ?? compareUrl(kind, ctx.lang, list);
  const headers = new Headers();
  let target = back;
  if (intent === 'clear') {
    list = [];
  } else if (intent === 'remove' && code) {
    list = list.filter((c) => c !== code);
    if (form.get('returnToCompare') === '1') {
      const shown = cleanCodes(String(form.get('items') ?? '')).filter((c) => c !== code);
      target = compareUrl(kind, ctx.lang, shown, form.get('hide') === '1');
    }
  } else if (intent === 'add' && code && !list.includes(code)) {
    if (list.length >= COMPARE_MAX_ITEMS) {
      return redirect(withNotice(back, ctx.url.origin, 'full'), { status: 303 });
    }
    list = [...list, code];
  }
  target = withNotice(target, ctx.url.origin, null);
  headers.append('Set-Cookie', compareCookie(kind, list, ctx.secure));
  return redirect(target, { status: 303, headers });
}
