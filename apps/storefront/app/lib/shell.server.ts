/**
 * The root loader's work: brand and language from the request, the header message bar
 * (NAVIGATIONHEADER siteConfig, spec §7), the cart count from the cartGuid cookie, and the
 * one-shot flash message. Never throws: each part falls back (no messages, count 0), so the
 * shell can always render, including the error page.
 */
import type { Lang } from '@store/domain';
import { createLoyaltyClient } from '@store/contracts';
import { loadShellAuth } from './auth/shell.server.ts';
import { clearFlashCookie, readFlash } from './cookies.server.ts';
import { getRequestContext } from './context.server.ts';
import type { ContextArgs, RequestContext } from './context.server.ts';
import { CATEGORY_CODES, pathsFor } from './paths.ts';
import type { HeaderMessage, ShellData } from './shell-data.ts';
import { hasVisitorState } from './visitor-state.server.ts';
import { readCompareState } from './compare.server.ts';

/** The main navigation (spec §9 Quick Shop ids and the gift-card category). */
export function navFor(lang: Lang): ShellData['nav'] {
  const paths = pathsFor(lang);
  return (['beverages', 'brewers', 'accessories', 'giftCards'] as const).map((key) => ({
    key,
    code: CATEGORY_CODES[key],
    url: paths.category(CATEGORY_CODES[key]),
  }));
}

/** The cart count of the request's cart (0 without a cart, on a closed cart or when the API fails); never throws. */
export async function cartQuantityOf(ctx: RequestContext): Promise<number> {
  if (!ctx.cart.guid) return 0;
  // issue 11: the count only (two statements), not the priced cart (promotions, totals)
  return ctx.commerce
    .getCartCount(ctx.site, ctx.cart.guid)
    .then((c) => c.cartQuantity)
    .catch(() => 0);
}

/** Loads the shell data and the headers the root loader must send (flash cookie removal). */
export async function loadShell(args: ContextArgs): Promise<{ shell: ShellData; headers: Headers }> {
  const ctx = getRequestContext(args);
  const headers = new Headers();
  const [messageItems, cartQuantity, perksPoints] = await Promise.all([
    ctx.api
      .getSiteConfig(ctx.site, { lang: ctx.lang, pageLabelOrId: 'NAVIGATIONHEADER' })
      .then((c): HeaderMessage[] => c.messageItems.map((m) => ({ uid: m.uid, message: m.message, url: m.url ?? null })))
      .catch((): HeaderMessage[] => []),
    cartQuantityOf(ctx),
    perksPointsOf(ctx),
  ]);
  const flash = readFlash(args.request);
  if (flash) headers.append('Set-Cookie', clearFlashCookie(ctx.secure));
  const shell: ShellData = {
    site: ctx.site,
    lang: ctx.lang,
    locale: ctx.locale,
    htmlLang: ctx.htmlLang,
    messageItems,
    cartQuantity,
    flash,
    nav: navFor(ctx.lang),
    devPages: ctx.storefront.devPages,
    auth: loadShellAuth(ctx),
    visitor: hasVisitorState(args.request) ? 'rendered' : 'deferred',
    perksPoints,
    compare: readCompareState(args.request),
  };
  return { shell, headers };
}

/**
 * Issue 12 (ADR 0028): a signed-in customer's available Perks points for the header; null for
 * visitors, non-members, sites without Perks, or when the API fails (the header never breaks).
 */
export async function perksPointsOf(ctx: RequestContext): Promise<number | null> {
  if (!ctx.auth.isLoggedIn) return null;
  try {
    const summary = await createLoyaltyClient(ctx.customerCore).getLoyalty(ctx.site, { lang: ctx.lang });
    return summary.enrolled ? summary.availablePoints : null;
  } catch {
    return null;
  }
}
