/**
 * Base sites (brands), languages and locales (spec §1, §2, §9; business-defaults.md), and the
 * brand and language detection the storefront runs on every request.
 */
import type { CurrencyIso, MoneyLocale } from './money.ts';

/** Base site uids (spec §1): US consumer, Canadian consumer, US commercial (away from home). */
export type BaseSiteId = 'usb2c' | 'cab2c' | 'usafh';
/** Storefront languages. */
export type Lang = 'en' | 'fr';
/** Formatting locales. */
export type Locale = MoneyLocale;
/** A text in both languages. */
export interface LocalizedText {
  en: string;
  fr: string;
}

/** Every base site, in a stable order. */
export const BASE_SITE_IDS: readonly BaseSiteId[] = ['usb2c', 'cab2c', 'usafh'];
/** The brand name of the store. */
export const BRAND_NAME = 'Brewhaus';

/** Static configuration of one base site. */
export interface SiteInfo {
  id: BaseSiteId;
  name: string;
  /** spec §1 short code */
  shortCode: 'kcom' | 'kca' | 'afh';
  currency: CurrencyIso;
  /** the first one is the default language */
  languages: Lang[];
  country: 'US' | 'CA';
  /** header colour (spec §9 "two brand themes use white and brown header colours") */
  theme: 'white' | 'brown';
  /** toll-free support number shown on the error page (spec §2) */
  supportPhone: string;
  /** support hours (spec §9) */
  supportHours: LocalizedText;
}

const SUPPORT_HOURS: LocalizedText = {
  en: '7 days a week, 7:00 a.m. to 12:00 a.m. EST',
  fr: '7 jours sur 7, de 7 h à minuit (HNE)',
};

/** The three base sites (spec §1, business-defaults.md). */
export const SITES: Record<BaseSiteId, SiteInfo> = {
  usb2c: {
    id: 'usb2c',
    name: 'Brewhaus',
    shortCode: 'kcom',
    currency: 'USD',
    languages: ['en'],
    country: 'US',
    theme: 'white',
    supportPhone: '1-800-555-0142',
    supportHours: SUPPORT_HOURS,
  },
  cab2c: {
    id: 'cab2c',
    name: 'Brewhaus Canada',
    shortCode: 'kca',
    currency: 'CAD',
    languages: ['en', 'fr'],
    country: 'CA',
    theme: 'brown',
    supportPhone: '1-888-555-0168',
    supportHours: SUPPORT_HOURS,
  },
  usafh: {
    id: 'usafh',
    name: 'Brewhaus Office',
    shortCode: 'afh',
    currency: 'USD',
    languages: ['en'],
    country: 'US',
    theme: 'white',
    supportPhone: '1-877-555-0190',
    supportHours: SUPPORT_HOURS,
  },
};

/** Type guard for a base site uid (exact, lower-case). */
export function isBaseSiteId(x: unknown): x is BaseSiteId {
  return x === 'usb2c' || x === 'cab2c' || x === 'usafh';
}

/** Type guard for a language. */
export function isLang(x: unknown): x is Lang {
  return x === 'en' || x === 'fr';
}

/** Does the site offer this language? (Only cab2c offers French.) */
export function siteSupportsLang(site: BaseSiteId, lang: Lang): boolean {
  return SITES[site].languages.includes(lang);
}

/**
 * The formatting locale of a site and language: usb2c and usafh → en-US (whatever the language);
 * cab2c → en-CA in English, fr-CA in French.
 */
export function localeFor(site: BaseSiteId, lang: Lang): Locale {
  if (site !== 'cab2c') return 'en-US';
  return lang === 'fr' ? 'fr-CA' : 'en-CA';
}

/** Host names that select a brand or get an apex redirect; kept in configuration. */
export interface HostConfig {
  /** hosts that give cab2c */
  canadianHosts: string[];
  /** hosts that give usafh */
  commercialHosts: string[];
  /** bare apex hosts redirected 302 to `www.` (spec §2) */
  apexHosts: string[];
}

/** Default hosts (overridable by configuration). Any other host gives usb2c. */
export const DEFAULT_HOSTS: HostConfig = {
  canadianHosts: ['www.brewhaus.ca', 'brewhaus.ca', 'ca.localhost'],
  commercialHosts: ['www.brewhaus-office.com', 'office.localhost'],
  apexHosts: ['brewhaus.com', 'brewhaus.ca'],
};

/**
 * A `Host` header value without its port, lower-cased, without a trailing dot.
 * `"WWW.Brewhaus.CA:443"` → `"www.brewhaus.ca"`; `"[::1]:3000"` → `"[::1]"`.
 */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    h = end === -1 ? h : h.slice(0, end + 1);
  } else {
    const colon = h.indexOf(':');
    if (colon !== -1) h = h.slice(0, colon);
  }
  if (h.endsWith('.')) h = h.slice(0, -1);
  return h;
}

function hostIn(list: readonly string[], host: string): boolean {
  return list.some((h) => normalizeHost(h) === host);
}

/**
 * The brand of a request (spec §1), first match wins:
 * 1. a valid `site` query parameter (case-insensitive);
 * 2. the site kept for the visit by an earlier `site` parameter (the storefront's site preview
 *    cookie, issue 9 item 9; a value that is not a base site is ignored);
 * 3. the host (port stripped, lower-cased): in `canadianHosts` cab2c, in `commercialHosts` usafh,
 *    anything else (or no host) usb2c — see {@link baseSiteOfHost}.
 */
export function detectBaseSite(
  input: { host?: string | null; siteParam?: string | null; siteCookie?: string | null },
  hosts: HostConfig,
): BaseSiteId {
  const param = input.siteParam?.trim().toLowerCase();
  if (isBaseSiteId(param)) return param;
  const kept = input.siteCookie?.trim().toLowerCase();
  if (isBaseSiteId(kept)) return kept;
  return baseSiteOfHost(input.host, hosts);
}

/**
 * The brand of a host alone (spec §1): in `canadianHosts` cab2c, in `commercialHosts` usafh,
 * anything else (or no host) usb2c. Port, case and a trailing dot are ignored.
 */
export function baseSiteOfHost(hostHeader: string | null | undefined, hosts: HostConfig): BaseSiteId {
  if (!hostHeader) return 'usb2c';
  const host = normalizeHost(hostHeader);
  if (hostIn(hosts.canadianHosts, host)) return 'cab2c';
  if (hostIn(hosts.commercialHosts, host)) return 'usafh';
  return 'usb2c';
}

/** Does a path name ask for French? `/fr`, `/fr/...`, or any path containing `/fr/` (spec §2). */
export function pathIsFrench(pathname: string): boolean {
  return pathname === '/fr' || pathname.includes('/fr/');
}

/**
 * The language of a request (spec §2): French when the path is `/fr`, starts with or contains
 * `/fr/`, or the locale starts with "fr" (case-insensitive: fr, fr-CA, fr_CA) — and the site
 * offers French (only cab2c); English otherwise.
 */
export function detectLanguage(input: { pathname: string; locale?: string | null }, site: BaseSiteId): Lang {
  const wantsFr = pathIsFrench(input.pathname) || (input.locale ?? '').trim().toLowerCase().startsWith('fr');
  return wantsFr && siteSupportsLang(site, 'fr') ? 'fr' : 'en';
}

/** Removes a leading `/fr` language prefix: `/fr/x` → `/x`, `/fr` → `/`; other paths unchanged. */
export function stripLangPrefix(pathname: string): string {
  if (pathname === '/fr' || pathname === '/fr/') return '/';
  if (pathname.startsWith('/fr/')) return pathname.slice(3);
  if (pathname.startsWith('/fr?') || pathname.startsWith('/fr#')) return `/${pathname.slice(3)}`;
  return pathname;
}

/**
 * The path in a language: French adds the `/fr` prefix (`/cart` → `/fr/cart`, `/` → `/fr`),
 * English removes it. Idempotent. Only the prefix changes: localised slugs are the caller's.
 */
export function localizedPath(path: string, lang: Lang): string {
  const bare = stripLangPrefix(path.startsWith('/') ? path : `/${path}`);
  if (lang === 'en') return bare;
  if (bare === '/') return '/fr';
  if (bare.startsWith('/?') || bare.startsWith('/#')) return `/fr${bare.slice(1)}`;
  return `/fr${bare}`;
}
