/**
 * Shipping methods and the free-shipping threshold (issue 2, business-defaults.md).
 */
import type { Country } from './address.ts';
import { CONTIGUOUS_EXCLUDED } from './address.ts';
import type { BaseSiteId, LocalizedText } from './sites.ts';
import { SITES } from './sites.ts';

/** Shipping prices of a site, minor units of the site currency. Kept in site configuration. */
export interface ShippingConfig {
  /** merchandise total (after discounts) from which standard shipping is free */
  freeShippingMinimumMinor: number;
  standardMinor: number;
  expeditedMinor: number;
}

/** Delivery mode codes. */
export type DeliveryModeCode = 'standard' | 'expedited';
export const DELIVERY_MODES: readonly DeliveryModeCode[] = ['standard', 'expedited'];

/** Default shipping prices per site (business-defaults.md: free from 29.00 USD / 55.00 CAD). */
export const DEFAULT_SHIPPING: Record<BaseSiteId, ShippingConfig> = {
  usb2c: { freeShippingMinimumMinor: 2900, standardMinor: 799, expeditedMinor: 1999 },
  cab2c: { freeShippingMinimumMinor: 5500, standardMinor: 1199, expeditedMinor: 2499 },
  usafh: { freeShippingMinimumMinor: 2900, standardMinor: 999, expeditedMinor: 2499 },
};

/** One shipping method offered at checkout. */
export interface ShippingMethod {
  code: DeliveryModeCode;
  name: LocalizedText;
  /** minor units */
  costMinor: number;
  /** true when the method is free thanks to the free-shipping threshold */
  free: boolean;
  /** delivery time estimate */
  estimate: LocalizedText;
}

const NAMES: Record<DeliveryModeCode, LocalizedText> = {
  standard: { en: 'Standard shipping', fr: 'Livraison standard' },
  expedited: { en: 'Expedited shipping', fr: 'Livraison accélérée' },
};

const ESTIMATES: Record<Country, Record<DeliveryModeCode, LocalizedText>> = {
  US: {
    standard: { en: '3-5 business days', fr: '3 à 5 jours ouvrables' },
    expedited: { en: '1-2 business days', fr: '1 à 2 jours ouvrables' },
  },
  CA: {
    standard: { en: '5-7 business days', fr: '5 à 7 jours ouvrables' },
    expedited: { en: '2-3 business days', fr: '2 à 3 jours ouvrables' },
  },
};

/**
 * Is the destination in the free-shipping region? US: the contiguous states and DC (not AK, HI,
 * PR); Canada: every province and territory. An unknown region (no address yet) counts as inside,
 * so the estimate is optimistic until the address is known.
 */
export function inFreeShippingRegion(country: Country, region: string | null | undefined): boolean {
  if (country === 'CA' || !region) return true;
  return !CONTIGUOUS_EXCLUDED.includes(region.trim().toUpperCase());
}

/** How much more merchandise (minor units) earns free standard shipping; 0 when reached. */
export function amountAwayFromFreeShipping(itemsMinor: number, config: ShippingConfig): number {
  return Math.max(0, config.freeShippingMinimumMinor - itemsMinor);
}

/**
 * The shipping methods of a cart: standard (free when `itemsMinor` ≥ the site minimum and the
 * destination is in the free-shipping region) and expedited (never free).
 * @param input.itemsMinor merchandise after discounts, minor units
 * @param input.country destination country; defaults to the site's country
 * @param input.region destination state/province, if known
 */
export function shippingMethods(input: { site: BaseSiteId; config: ShippingConfig; itemsMinor: number; region?: string | null; country?: Country }): ShippingMethod[] {
  const country = input.country ?? SITES[input.site].country;
  const free = input.itemsMinor >= input.config.freeShippingMinimumMinor && inFreeShippingRegion(country, input.region);
  return [
    {
      code: 'standard',
      name: NAMES.standard,
      costMinor: free ? 0 : input.config.standardMinor,
      free,
      estimate: ESTIMATES[country].standard,
    },
    {
      code: 'expedited',
      name: NAMES.expedited,
      costMinor: input.config.expeditedMinor,
      free: false,
      estimate: ESTIMATES[country].expedited,
    },
  ];
}
