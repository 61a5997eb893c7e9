/**
 * Paths of the account pages in a language (spec §2: French paths are prefixed `/fr`). Shared by
 * server and client code. English: `/account`, `/account/profile`, `/account/addresses`,
 * `/account/orders`, `/account/orders/{code}`; French: `/fr/compte`, `/fr/compte/profil`,
 * `/fr/compte/adresses`, `/fr/compte/commandes`, `/fr/compte/commandes/{code}`.
 */
import type { Lang } from '@store/domain';
import { authPaths } from '../../lib/auth/paths.ts';

/** The account paths of one language. */
export interface AccountPaths {
  overview: string;
  profile: string;
  addresses: string;
  orders: string;
  order(code: string): string;
  /** auto-delivery home (issue 10): `/account/auto-delivery`, `/fr/compte/livraison-automatique` */
  autoDelivery: string;
  /** the upcoming-order add-item page of one subscription (spec §2) */
  autoDeliveryAdd(subscriptionId: string): string;
  /** refer a friend (issue 12): `/account/refer-a-friend`, `/fr/compte/parrainage` */
  referrals: string;
  /** the sign-in page, coming back to `back` afterwards */
  login(back?: string): string;
  /** POST target that signs the customer out */
  logout: string;
  /** issue 12: the Brewhaus Perks page, `/account/perks`, `/fr/compte/perks` */
  perks: string;
}

/** The account paths of a language. */
export function accountPaths(lang: Lang): AccountPaths {
  const fr = lang === 'fr';
  const base = fr ? '/fr/compte' : '/account';
  const auth = authPaths(lang);
  return {
    overview: base,
    profile: `${base}/${fr ? 'profil' : 'profile'}`,
    addresses: `${base}/${fr ? 'adresses' : 'addresses'}`,
    orders: `${base}/${fr ? 'commandes' : 'orders'}`,
    order: (code) => `${base}/${fr ? 'commandes' : 'orders'}/${encodeURIComponent(code)}`,
    autoDelivery: `${base}/${fr ? 'livraison-automatique' : 'auto-delivery'}`,
    autoDeliveryAdd: (id) => `${base}/${fr ? 'livraison-automatique' : 'auto-delivery'}/${encodeURIComponent(id)}/${fr ? 'ajouter' : 'add'}`,
    referrals: `${base}/${fr ? 'parrainage' : 'refer-a-friend'}`,
    login: (back) => auth.loginBack(back),
    logout: auth.logout,
    perks: `${base}/perks`,
  };
}

/** A 0-based page number from a 1-based `?page=` query value (bad or missing values give 0). */
export function pageIndexOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n - 1 : 0;
}
