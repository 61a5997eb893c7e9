/**
 * Cart rules and the business constants of spec §9.
 */
import { conflict, invalidInput } from './errors.ts';

/** Largest quantity of one cart entry. */
export const MAX_QTY_PER_ENTRY = 99;
/** Quantity added when the payload has none (spec §9). */
export const DEFAULT_ADD_QTY = 1;
/**
 * Cart entry types (spec §3, ADR 0018 "Programs and entry types"): `STD` one-time, `ADC`
 * auto-delivery, `ADCF` smart auto-delivery, `ADF` scheduled (day of month), `BBAD` brewer
 * campaign bundle, `MBOX` monthly box. The program each maps to is in
 * `subscriptions/programs.ts` (`programOf`). The one list of entry types: extend it here.
 */
export const ENTRY_TYPES = ['STD', 'ADC', 'ADCF', 'ADF', 'BBAD', 'MBOX'] as const;
/** A cart entry type. */
export type EntryType = (typeof ENTRY_TYPES)[number];
/** Entry type used when the payload has none. */
export const DEFAULT_ENTRY_TYPE: EntryType = 'STD';

/** Success snackbar duration, ms (spec §4, §9). */
export const SNACKBAR_MS = 5000;
/** Product listing page size (spec §9 "product select page size"). */
export const PRODUCT_PAGE_SIZE = 36;
/** Delivery addresses page size, first page 0 (spec §9). */
export const ADDRESS_PAGE_SIZE = 4;
/** Rewards best sellers page size (spec §9). */
export const REWARDS_BEST_SELLERS_PAGE_SIZE = 28;
/** Request time-out, ms (spec §9). */
export const REQUEST_TIMEOUT_MS = 60000;
/** How long a call waits for a token refresh in progress, ms (spec §4, §9). */
export const REFRESH_WAIT_MS = 10000;
/** Polling interval while waiting for a token refresh, ms (spec §4, §9). */
export const REFRESH_POLL_MS = 200;
/** Default refresh token lifetime, seconds (spec §9; OAuth counts in seconds). */
export const REFRESH_TOKEN_LIFETIME_S = 1800;
/** 'User was logged in' cookie lifetime, days (spec §9). */
export const LOGGED_IN_COOKIE_DAYS = 30;
/** Affiliate cookie lifetime, days (spec §9). */
export const AFFILIATE_COOKIE_DAYS = 180;
/** Brewer recommendation cap (spec §5, §9). */
export const BREWER_RECOMMENDATION_MAX = 5;
/** Beverage recommendation cap (spec §5, §9). */
export const BEVERAGE_RECOMMENDATION_MAX = 4;
/** Quick Shop category ids (spec §9). */
export const QUICK_SHOP_CATEGORIES = { beverages: 'BV_BDN_DD_KC', brewers: 'BR', accessories: 'ACC_GC' } as const;
/** Layout breakpoints, px (spec §9). Mobile ≤ 767, tablet ≤ 991. */
export const BREAKPOINTS = [360, 576, 768, 992, 1200, 1440] as const;

/** Type guard for an entry type. */
export function isEntryType(x: unknown): x is EntryType {
  return typeof x === 'string' && (ENTRY_TYPES as readonly string[]).includes(x);
}

/**
 * Validates a cart quantity: an integer from 1 to {@link MAX_QTY_PER_ENTRY}. A string of digits
 * (a form field without JavaScript) is accepted and converted.
 * @returns the quantity as a number
 * @throws DomainError InvalidInput, type `ValidationError`, reason `invalidQuantity`, the given subject
 */
export function validateQuantity(qty: unknown, subject: string): number {
  let n: number | null = null;
  if (typeof qty === 'number') n = qty;
  else if (typeof qty === 'string' && /^\s*\d{1,9}\s*$/.test(qty)) n = Number(qty.trim());
  if (n === null || !Number.isInteger(n) || n < 1 || n > MAX_QTY_PER_ENTRY) {
    throw invalidInput('ValidationError', 'invalidQuantity', `Quantity must be a whole number from 1 to ${MAX_QTY_PER_ENTRY}`, subject);
  }
  return n;
}

/**
 * Checks that a requested total quantity (what the cart entry would hold) is available.
 * @param requestedTotalQty the entry's quantity after the change
 * @param available units in stock
 * @throws DomainError Conflict, type `InsufficientStockError`: reason `outOfStock` ("This item is
 *   out of stock") when nothing is available, else reason `insufficientStock` ("Only N left")
 */
export function checkStock(requestedTotalQty: number, available: number, subject: string): void {
  if (requestedTotalQty <= available) return;
  if (available <= 0) throw conflict('InsufficientStockError', 'outOfStock', 'This item is out of stock', subject);
  throw conflict('InsufficientStockError', 'insufficientStock', `Only ${available} left`, subject);
}

/** spec §5: podsAtHomeQty becomes empty (`null`) when not a number; otherwise the number. */
export function normalizePodsAtHomeQty(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** spec §5: a URL check requires an http(s) address. */
export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
