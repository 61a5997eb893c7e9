/**
 * Mailing-list and notify-me paths and outcomes of the storefront (issue 12; ADR 0029). Shared by
 * server and client code. The pages the API's emails link to must stay in step with
 * apps/api/src/email/marketing.ts `MARKETING_PATHS` (confirm, unsubscribe).
 */
import type { Lang } from '@store/domain';

/** Storefront paths of the mailing list and notify-me, per language. */
export interface MarketingPaths {
  /** footer form's resource route (POST) */
  subscribe: string;
  /** the double opt-in link's page (`?token=`) */
  confirm: string;
  /** the unsubscribe link's page (`?token=`; one-click POST) */
  unsubscribe: string;
  /** the product page's notify-me resource route (POST) */
  notifyMe: string;
}

const PATHS: Record<Lang, MarketingPaths> = {
  en: { subscribe: '/newsletter/subscribe', confirm: '/newsletter/confirm', unsubscribe: '/newsletter/unsubscribe', notifyMe: '/notify-me' },
  fr: { subscribe: '/fr/infolettre/abonnement', confirm: '/fr/infolettre/confirmer', unsubscribe: '/fr/infolettre/desabonnement', notifyMe: '/fr/avertissez-moi' },
};

/** The paths of a language. */
export function marketingPaths(lang: Lang): MarketingPaths {
  return PATHS[lang];
}

/**
 * The outcome of a footer subscription or a notify-me request as the fetcher gets it (JavaScript)
 * — without JavaScript the same text comes back in the flash snackbar: `ok` and the translated
 * message; `field` names the bad field when the form was refused.
 */
export interface MarketingFormResult {
  ok: boolean;
  text: string;
  field?: string;
}
