/**
 * Brand, language and locale of a request (spec §1, §2), from the web `Request` alone (URL,
 * headers, the site preview cookie): pure and cheap, so the root loader and the error boundary can always know them.
 */
import { detectBaseSite, detectLanguage, localeFor } from '@store/domain';
import type { BaseSiteId, HostConfig, Lang, Locale } from '@store/domain';
import { readSiteCookie } from './site-preview.server.ts';

/** Brand, language and locale of one request. */
export interface RequestInfo {
  site: BaseSiteId;
  lang: Lang;
  locale: Locale;
  /** `en` or `fr-CA`: the `<html lang>` value */
  htmlLang: string;
}

/**
 * The host of a request: `X-Forwarded-Host` (first value) when present, else `Host`, else the
 * URL's host.
 */
export function requestHost(request: Request): string {
  const fwd = request.headers.get('x-forwarded-host');
  if (fwd) return fwd.split(',')[0]?.trim() ?? '';
  return request.headers.get('host') ?? new URL(request.url).host;
}

/** Is the request served over HTTPS (URL scheme or `X-Forwarded-Proto`)? */
export function isHttps(request: Request): boolean {
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (proto) return proto === 'https';
  return new URL(request.url).protocol === 'https:';
}

/** The `<html lang>` value of a language: `fr-CA` in French, `en` otherwise. */
export function htmlLangFor(lang: Lang): string {
  return lang === 'fr' ? 'fr-CA' : 'en';
}

/**
 * Brand from the `site` query parameter, else the site preview cookie (issue 9 item 9), else the
 * host (spec §1); language from the path (`/fr` prefix, spec §2; French only where the site sells
 * in French); locale from both.
 */
export function detectRequestInfo(request: Request, hosts: HostConfig): RequestInfo {
  const url = new URL(request.url);
  const site = detectBaseSite({ host: requestHost(request), siteParam: url.searchParams.get('site'), siteCookie: readSiteCookie(request) }, hosts);
  const lang = detectLanguage({ pathname: url.pathname }, site);
  return { site, lang, locale: localeFor(site, lang), htmlLang: htmlLangFor(lang) };
}
