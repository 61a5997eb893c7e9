/**
 * Typed auto-delivery BUYING calls (issue 10; ADR 0018 "Buying", "Brewer campaigns"), built on the
 * API core like the commerce calls. Adding an AD line goes through the commerce client's
 * `addToCart` (its body takes `entryType`, `frequencyWeeks`, `podsAtHomeQty`, `cupsPerDay`,
 * `dayOfMonth`); the site's AD settings are in `getSiteConfig(...).autoDelivery`; the order answer
 * lists `subscriptions`; `getCustomerData` carries `activeAutoDeliveryItems` and the campaign flags.
 *
 * Usage: `{ ...createCommerceClient(core, {user}), ...createAutoDeliveryBuyClient(core, {user}) }`.
 * Every call throws `ApiError` on a non-2xx answer (reasons: auto-delivery.ts).
 */
import { CartSchema, type Cart } from './cart.ts';
import type { Lang } from './catalog.ts';
import type { ApiCore } from './client.ts';
import type { CommerceClientOptions } from './client-commerce.ts';
import {
  SmartSuggestionAnswerSchema,
  type AddCampaignBundleRequest,
  type SmartSuggestionAnswer,
} from './auto-delivery.ts';

/** Arguments of {@link AutoDeliveryBuyCalls.getSmartSuggestion}. */
export interface SmartSuggestionArgs {
  productCode: string;
  /** pods at home; a non-number (or absent) is empty (spec §5) */
  podsAtHomeQty?: number | string | null;
  /** 1–20 */
  cupsPerDay: number;
  /** units per order (default 1) */
  qty?: number;
  lang?: Lang;
}

/** The auto-delivery buying calls. `site` is the base site uid. */
export interface AutoDeliveryBuyCalls {
  /** PATCH /{site}/users/{u}/carts/{cartGuid}/entries/{entryNumber} {frequencyWeeks} — an AD line's new frequency. */
  updateEntryFrequency(site: string, cartGuid: string, entryNumber: number, frequencyWeeks: number, opts?: { lang?: Lang }): Promise<Cart>;
  /** POST /{site}/users/{u}/carts/{cartGuid}/removeAutoDeliveryItem {entryNumber} — the AD line becomes one-time. */
  removeAutoDeliveryItem(site: string, cartGuid: string, entryNumber: number, opts?: { lang?: Lang }): Promise<Cart>;
  /** GET /{site}/users/{u}/autoDelivery/smartSuggestion — first ship date, frequency and reasoning. */
  getSmartSuggestion(site: string, args: SmartSuggestionArgs): Promise<SmartSuggestionAnswer>;
  /** POST /{site}/users/{u}/addCampaignBundle — brewer at the campaign price + beverages, all BBAD. */
  addCampaignBundle(site: string, body: AddCampaignBundleRequest, opts?: { lang?: Lang }): Promise<Cart>;
}

/** Builds the auto-delivery buying calls on a core (`user` as the commerce client: anonymous by default). */
export function createAutoDeliveryBuyClient(core: ApiCore, options: CommerceClientOptions = {}): AutoDeliveryBuyCalls {
  const enc = encodeURIComponent;
  const user = options.user ?? 'anonymous';
  const cartPath = (site: string, cartGuid: string) => `/${enc(site)}/users/${user}/carts/${enc(cartGuid)}`;
  return {
    updateEntryFrequency: (site, cartGuid, entryNumber, frequencyWeeks, opts = {}) =>
      core.request('PATCH', `${cartPath(site, cartGuid)}/entries/${entryNumber}`, { body: { frequencyWeeks }, query: { lang: opts.lang }, schema: CartSchema }),
    removeAutoDeliveryItem: (site, cartGuid, entryNumber, opts = {}) =>
      core.request('POST', `${cartPath(site, cartGuid)}/removeAutoDeliveryItem`, { body: { entryNumber }, query: { lang: opts.lang }, schema: CartSchema }),
    getSmartSuggestion: (site, args) =>
      core.request('GET', `/${enc(site)}/users/${user}/autoDelivery/smartSuggestion`, {
        query: {
          productCode: args.productCode,
          podsAtHomeQty: args.podsAtHomeQty === null || args.podsAtHomeQty === undefined ? undefined : String(args.podsAtHomeQty),
          cupsPerDay: args.cupsPerDay,
          qty: args.qty,
          lang: args.lang,
        },
        schema: SmartSuggestionAnswerSchema,
      }),
    addCampaignBundle: (site, body, opts = {}) =>
      core.request('POST', `/${enc(site)}/users/${user}/addCampaignBundle`, { body, query: { lang: opts.lang }, schema: CartSchema }),
  };
}
