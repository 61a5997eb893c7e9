/**
 * Per-request helpers of the routes under /rest/v2/:baseSiteId: the answer language, and site
 * configuration values with their business defaults.
 */
import { DEFAULT_SHIPPING, SITES, siteSupportsLang, type BaseSiteId, type Lang } from '@store/domain';
import { getSiteConfigValues, type Executor } from '@store/db';

/**
 * The language to answer in (ADR 0003): the requested one when the site offers it, else the
 * site's default (usb2c and usafh are English only; cab2c is English and French).
 */
export function answerLang(site: BaseSiteId, requested: Lang | undefined): Lang {
  if (requested && siteSupportsLang(site, requested)) return requested;
  return SITES[site].languages[0] ?? 'en';
}

/** Parses an integer minor-unit amount ("2900"); null when not a non-negative integer. */
export function parseMinorUnits(value: string): number | null {
  return /^\s*\d+\s*$/.test(value) ? Number(value.trim()) : null;
}

/** Site-configuration key of the free standard shipping minimum, integer minor units (e.g. "2900"). */
export const FREE_SHIPPING_KEY = 'freeShippingMinimum';

/** The site's free standard shipping minimum, minor units (site configuration, else the business default). */
export async function freeShippingMinimumMinor(db: Executor, site: BaseSiteId): Promise<number> {
  const raw = (await getSiteConfigValues(db, site, [FREE_SHIPPING_KEY])).get(FREE_SHIPPING_KEY);
  const minor = raw === undefined ? null : parseMinorUnits(raw);
  return minor ?? DEFAULT_SHIPPING[site].freeShippingMinimumMinor;
}
