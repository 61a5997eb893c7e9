/**
 * What the product page's auto-delivery choice shows (ADR 0018 "Prices", "Buying"; spec §5):
 * built on the server from the variant's AD prices and the site's auto-delivery settings, so the
 * component only formats. Amounts are integer minor units.
 */
import type { CampaignInfo } from '@store/contracts';
import type { CurrencyIso } from '@store/domain';

/** The auto-delivery offer of one variant. */
export interface AdOfferView {
  variantCode: string;
  currencyIso: CurrencyIso;
  /** the one-time price shown (spec §5 display rule) */
  oneTimeMinor: number;
  /** the AD unit price of the order that starts the subscription (adParent) */
  adMinor: number;
  /** the AD unit price of the recurring orders (adRecurring); equal to adMinor on most sites */
  recurringMinor: number;
  /** oneTimeMinor − adMinor, ≥ 0 */
  savingMinor: number;
  /** the saving in basis points of the one-time price (display) */
  savingBps: number;
  /** the site's offered frequencies in weeks (`adFrequenciesWeeks`) */
  frequenciesWeeks: number[];
  /** `adDefaultFrequencyWeeks` */
  defaultFrequencyWeeks: number;
  /** `adFreeStandardShipping` */
  freeShipping: boolean;
  /** `podsAtHomeMaxQty` (spec §9) */
  podsAtHomeMax: number;
}

/** Entry types of the product page's auto-delivery schedules (ADR 0018 "Programs"). */
export const AD_SCHEDULES = ['ADC', 'ADCF', 'ADF'] as const;
/** ADC every N weeks, ADCF smart, ADF a fixed day of the month. */
export type AdSchedule = (typeof AD_SCHEDULES)[number];

/** Days of the month a scheduled subscription may take: 1–28, and 31 = the last day (ADR 0018). */
export const DAYS_OF_MONTH: readonly number[] = [...Array.from({ length: 28 }, (_, i) => i + 1), 31];

/** Cups a day accepted by the smart suggestion (ADR 0018: 1–20). */
export const CUPS_PER_DAY_RANGE = { min: 1, max: 20 } as const;

/** The saving as a whole percent for display (half-up), from basis points. */
export function savingPercent(bps: number): number {
  return Math.floor((bps + 50) / 100);
}

/**
 * A calendar date `YYYY-MM-DD` (a ship date in the site's time zone, ADR 0018) in words for the
 * page's locale ("December 22, 2026", "22 décembre 2026"); the input itself when malformed.
 */
export function formatLocalDate(date: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const utc = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(utc);
}

/** The smart-suggestion resource route's answer (routes/ad-smart-suggestion.ts). */
export type SmartSuggestionResult =
  | {
      ok: true;
      frequencyWeeks: number;
      /** the first ship date in words, page locale */
      firstShipDate: string;
      reasoning: {
        podsAtHomeQty: number;
        cupsPerDay: number;
        podsPerOrder: number;
        daysOfCoffeeAtHome: number;
        bufferDays: number;
        daysPerOrder: number;
        observedIntervalDays: number | null;
        notes: string[];
      };
    }
  /** `text`: a bad field's message, naming it (issue 11 item 1); else the page's own wording */
  | { ok: false; text?: string };

/** A brewer campaign offer on the product page. */
export interface CampaignOfferView {
  campaign: CampaignInfo;
  /** the brewer posted (the product page's base product code) */
  brewerCode: string;
  currencyIso: CurrencyIso;
  /** the brewer's list price and campaign price, minor units (default variant) */
  listMinor: number;
  priceMinor: number;
  /** months the card must stay valid (business-defaults: 6) */
  cardValidMonths: number;
  /** AD-eligible beverages to start the commitment with */
  beverages: Array<{ code: string; name: string }>;
  frequenciesWeeks: number[];
  defaultFrequencyWeeks: number;
  /** the shopper must sign in first (campaign needs an account) */
  signInRequired: boolean;
  /** the shopper already has an open commitment */
  eligible: boolean;
}

