/**
 * The root loader's data as the components see it (`useShell()`), with safe defaults when the
 * root loader did not run (an error before it, or a test render).
 */
import type { CompareState } from './compare.ts';
import type { PriceData } from '@store/contracts';
import { createContext, useContext } from 'react';
import type { BaseSiteId, Lang, Locale } from '@store/domain';
import type { Flash } from './flash.ts';
import { ANONYMOUS_SHELL_AUTH } from './auth/shell-auth.ts';
import type { ShellAuth } from './auth/shell-auth.ts';

/** A message of the header message bar (NAVIGATIONHEADER messageItems, spec §7). */
export interface HeaderMessage {
  uid: string;
  message: string;
  url: string | null;
}

/** The storefront shell data of a page. */
export interface ShellData {
  site: BaseSiteId;
  lang: Lang;
  locale: Locale;
  htmlLang: string;
  messageItems: HeaderMessage[];
  cartQuantity: number;
  flash: Flash | null;
  /** categories of the main navigation, with localised names when the API knows them */
  nav: Array<{ key: 'beverages' | 'brewers' | 'accessories' | 'giftCards'; code: string; url: string }>;
  devPages: boolean;
  /** sign-in state, first name, notice and CSRF token (issue 3) */
  auth: ShellAuth;
  /**
   * `deferred`: rendered for a visitor without per-visitor state (a page the cache may share):
   * the header asks `GET /api/visitor` for the cart count and account name once loaded;
   * `rendered`: the count and name are in the page (issue 11 item 4)
   */
  visitor: 'rendered' | 'deferred';
  /** issue 12 (ADR 0028): a signed-in Perks member's available points (header), else null */
  perksPoints?: number | null;
  /** issue 13 (ADR 0031): the visitor's compare lists (cookies) for the compare tray and buttons */
  compare?: CompareState;
  /**
   * ADR 0040: the free-shipping progress of the visitor's open cart when the page is a shared one
   * composed for a visitor with a cart (the product page's bar shows it); absent otherwise
   */
  cartFreeShipping?: CartFreeShipping | null;
}

/** Free-shipping progress of an open, non-empty cart (spec §3 amountAwayFromFreeShipping). */
export interface CartFreeShipping {
  away: PriceData;
  threshold: PriceData;
  qualifies: boolean;
}

/** The answer of `GET /api/visitor`: the per-visitor parts of a shared page's header (issue 11 item 4). */
export interface VisitorInfo {
  cartQuantity: number;
  isLoggedIn: boolean;
  firstName: string;
  /** '' without a session */
  csrfToken: string;
  /** the open cart's free-shipping progress: only in a composed page (ADR 0040) */
  freeShipping?: CartFreeShipping | null;
}

/**
 * Attribute of `<html>` holding the {@link VisitorInfo} (JSON) of a shared page composed on the
 * server for a visitor whose only state is a cart (ADR 0040): the header hydrates with it instead of
 * asking `GET /api/visitor`.
 */
export const VISITOR_INFO_ATTRIBUTE = 'data-visitor-info';

/** Path of the visitor endpoint. */
export const VISITOR_PATH = '/api/visitor';

/** Defaults: usb2c, English, empty cart. */
export const DEFAULT_SHELL: ShellData = {
  site: 'usb2c',
  lang: 'en',
  locale: 'en-US',
  htmlLang: 'en',
  messageItems: [],
  cartQuantity: 0,
  flash: null,
  nav: [],
  devPages: false,
  auth: ANONYMOUS_SHELL_AUTH,
  visitor: 'rendered',
};

export const ShellContext = createContext<ShellData>(DEFAULT_SHELL);

/** The shell data of the current page. */
export function useShell(): ShellData {
  return useContext(ShellContext);
}
