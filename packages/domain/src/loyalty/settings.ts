/**
 * Brewhaus Perks loyalty settings (issue 12; ADR 0028; spec §3 "Site configuration", §9 "loyalty
 * toggles"; business-defaults.md "Loyalty points are earned on all beverages in every AD order").
 *
 * Every number of the program lives here, as a per-site default that the operator may override in
 * `site_config` ({@link LOYALTY_SETTING_KEYS}). {@link parseLoyaltySettings} never throws: a
 * missing or bad value falls back to the site's default, so a typo in the back office never takes
 * the store down.
 */
import type { BaseSiteId } from '../sites.ts';

/** One tier of the program: reached by points earned in the rolling window ({@link LoyaltySettings.tierWindowDays}). */
export interface LoyaltyTier {
  /** stable code: `member` | `gold` | `platinum` */
  code: string;
  /** points earned (available, i.e. shipped) in the window needed to reach it; the first tier is 0 */
  minPoints: number;
  /** bonus on earned points, basis points (1000 = +10 %) — the one benefit the store applies */
  earnBonusBps: number;
}

/** Typed loyalty settings of one site (ADR 0028 table). */
export interface LoyaltySettings {
  /** `loyaltyEnabled`: does the site run Perks at all? (usb2c, cab2c: yes; usafh: no) */
  enabled: boolean;
  /** `loyaltyPointsPerUnit`: points per whole currency unit (USD 1.00 / CAD 1.00) of a beverage line after discounts */
  pointsPerUnit: number;
  /** `loyaltyAdPointsPerUnit`: the same on auto-delivery lines (parent AD lines and recurring orders) */
  adPointsPerUnit: number;
  /** `loyaltyPointValueMinorPer100`: money value of 100 points, in the site currency's minor units */
  pointValueMinorPer100: number;
  /** `loyaltyExpiryDays`: points expire this many days after they became available (FIFO) */
  expiryDays: number;
  /** `loyaltyExpiringSoonDays`: "expiring soon" looks this many days ahead */
  expiringSoonDays: number;
  /** `loyaltyTierWindowDays`: the rolling window of points earned that sets the tier */
  tierWindowDays: number;
  /** `loyaltyTermsVersion`: the program terms version a sign-up accepts */
  termsVersion: string;
  /** the tiers, ascending by `minPoints` (not operator-editable in this version) */
  tiers: readonly LoyaltyTier[];
}

/** The `site_config` key of each operator-changeable setting. */
export const LOYALTY_SETTING_KEYS = Object.freeze({
  enabled: 'loyaltyEnabled',
  pointsPerUnit: 'loyaltyPointsPerUnit',
  adPointsPerUnit: 'loyaltyAdPointsPerUnit',
  pointValueMinorPer100: 'loyaltyPointValueMinorPer100',
  expiryDays: 'loyaltyExpiryDays',
  expiringSoonDays: 'loyaltyExpiringSoonDays',
  tierWindowDays: 'loyaltyTierWindowDays',
  termsVersion: 'loyaltyTermsVersion',
} as const satisfies Record<Exclude<keyof LoyaltySettings, 'tiers'>, string>);

/** The tiers (ADR 0028): Member from the first point, Gold at 2,500 and Platinum at 6,000 points earned in 365 days. */
export const LOYALTY_TIERS: readonly LoyaltyTier[] = Object.freeze([
  Object.freeze({ code: 'member', minPoints: 0, earnBonusBps: 0 }),
  Object.freeze({ code: 'gold', minPoints: 2500, earnBonusBps: 1000 }),
  Object.freeze({ code: 'platinum', minPoints: 6000, earnBonusBps: 2500 }),
]);

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

const BASE: Omit<LoyaltySettings, 'enabled'> = {
  pointsPerUnit: 10,
  adPointsPerUnit: 15,
  pointValueMinorPer100: 50,
  expiryDays: 365,
  expiringSoonDays: 30,
  tierWindowDays: 365,
  termsVersion: '2026-11',
  tiers: LOYALTY_TIERS,
};

/**
 * The ADR 0028 defaults: 10 points per USD/CAD 1.00 of beverage lines (15 on auto-delivery lines),
 * 100 points worth 0.50 of the site currency, points available for 365 days, tiers over 365 days;
 * on for usb2c and cab2c, off for usafh. Returns a fresh object.
 */
export function defaultLoyaltySettings(site: BaseSiteId): LoyaltySettings {
  return { ...BASE, enabled: site !== 'usafh' };
}

const INT_RE = /^\d{1,7}$/;

/**
 * Reads `site_config` values (strings by key) into typed settings; missing or bad values take the
 * site default ({@link defaultLoyaltySettings}). Integers must be 0–9,999,999 (`expiryDays`,
 * `tierWindowDays` at least 1); `termsVersion` 1–32 characters of letters, digits, `.` and `-`.
 */
export function parseLoyaltySettings(site: BaseSiteId, values: Readonly<Record<string, string | undefined>>): LoyaltySettings {
  const s = defaultLoyaltySettings(site);
  const bool = (k: string): boolean | null => {
    const v = values[k]?.trim().toLowerCase();
    return v === 'true' ? true : v === 'false' ? false : null;
  };
  const int = (k: string, min: number): number | null => {
    const v = values[k]?.trim();
    if (v === undefined || !INT_RE.test(v)) return null;
    const n = Number(v);
    return n >= min ? n : null;
  };
  const K = LOYALTY_SETTING_KEYS;
  s.enabled = bool(K.enabled) ?? s.enabled;
  s.pointsPerUnit = int(K.pointsPerUnit, 0) ?? s.pointsPerUnit;
  s.adPointsPerUnit = int(K.adPointsPerUnit, 0) ?? s.adPointsPerUnit;
  s.pointValueMinorPer100 = int(K.pointValueMinorPer100, 0) ?? s.pointValueMinorPer100;
  s.expiryDays = int(K.expiryDays, 1) ?? s.expiryDays;
  s.expiringSoonDays = int(K.expiringSoonDays, 0) ?? s.expiringSoonDays;
  s.tierWindowDays = int(K.tierWindowDays, 1) ?? s.tierWindowDays;
  const terms = values[K.termsVersion]?.trim();
  if (terms && /^[A-Za-z0-9.-]{1,32}$/.test(terms)) s.termsVersion = terms;
  return s;
}
