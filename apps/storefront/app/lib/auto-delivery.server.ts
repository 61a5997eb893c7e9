/**
 * Auto-delivery buying, server side (issue 10; ADR 0018 "Buying", "Prices", "Brewer campaigns"):
 * the typed buying calls for the request's shopper, the site's auto-delivery settings, the
 * product page's offer (prices, saving, frequencies) and brewer campaign, and the mapping of the
 * purchase-choice form fields to the API's add-to-cart fields.
 */
import { createAuthClient, createAutoDeliveryBuyClient } from '@store/contracts';
import type { AdAddForm } from '@store/contracts/forms';
import type { AutoDeliveryBuyCalls, AutoDeliverySiteSettings, PriceData, ProductFull, VariantOption } from '@store/contracts';
import type { CurrencyIso } from '@store/domain';
import { displayedMinor, toMinor } from '../components/product/Price.tsx';
import type { AdOfferView, CampaignOfferView } from '../components/autodelivery/offer.ts';
import type { AdSchedule } from '../components/autodelivery/offer.ts';
import type { RequestContext } from './context.server.ts';

/** The buying calls as the shopper: `/users/current/...` when signed in, else anonymous. */
export function adBuyCalls(ctx: RequestContext): AutoDeliveryBuyCalls {
  return ctx.auth.isLoggedIn ? createAutoDeliveryBuyClient(ctx.customerCore, { user: 'current' }) : createAutoDeliveryBuyClient(ctx.anonymousCore);
}

/** The site's auto-delivery settings (`GET cms/siteConfig` → `autoDelivery`), or null when unavailable or off. */
export async function loadAdSettings(ctx: RequestContext): Promise<AutoDeliverySiteSettings | null> {
  try {
    const config = await ctx.api.getSiteConfig(ctx.site, { lang: ctx.lang });
    return config.autoDelivery.enabled ? config.autoDelivery : null;
  } catch {
    return null;
  }
}

function currencyOf(p: PriceData): CurrencyIso {
  return p.currencyIso === 'CAD' ? 'CAD' : 'USD';
}

/**
 * The auto-delivery offer of a variant for the product page, or null when it is not AD-eligible
 * (or AD is off): one-time price (spec §5 display rule), the parent order's AD price, the
 * recurring price, the saving (minor units and basis points) and the site's frequencies.
 */
export function adOfferOf(variant: VariantOption, settings: AutoDeliverySiteSettings | null): AdOfferView | null {
  if (!settings || !variant.adEligible || !variant.adPriceData) return null;
  const oneTimeMinor = displayedMinor({
    priceData: variant.priceData,
    discountPriceData: variant.discountPriceData,
    isDiscountPrice: variant.isDiscountPrice,
    salesPriceStrategy: variant.salesPriceStrategy,
    promotedPriceData: variant.promotedPriceData ?? null,
    personalizedPriceData: variant.personalizedPriceData ?? null,
  }).priceMinor;
  const adMinor = toMinor(variant.adPriceData.value);
  const recurringMinor = variant.adRecurringPriceData ? toMinor(variant.adRecurringPriceData.value) : adMinor;
  const savingMinor = Math.max(0, variant.adSavingData ? toMinor(variant.adSavingData.value) : oneTimeMinor - adMinor);
  return {
    variantCode: variant.code,
    currencyIso: currencyOf(variant.priceData),
    oneTimeMinor,
    adMinor,
    recurringMinor,
    savingMinor,
    savingBps: oneTimeMinor > 0 ? Math.round((savingMinor * 10_000) / oneTimeMinor) : 0,
    frequenciesWeeks: [...settings.frequenciesWeeks],
    defaultFrequencyWeeks: settings.defaultFrequencyWeeks,
    freeShipping: settings.freeStandardShipping,
    podsAtHomeMax: settings.podsAtHomeMaxQty,
  };
}

/** The auto-delivery offers of a product's variants, by variant code (eligible ones only). */
export function adOffersOf(product: ProductFull, settings: AutoDeliverySiteSettings | null): Record<string, AdOfferView> {
  const out: Record<string, AdOfferView> = {};
  for (const v of product.variantOptions) {
    const offer = adOfferOf(v, settings);
    if (offer) out[v.code] = offer;
  }
  return out;
}

const ELIGIBILITY_FLAG = {
  FIFTYPERCENTBREWER: 'isFiftyPercentCampaignEligible',
  FREEBREWER: 'isFreeCampaignEligible',
  KSKLITE: 'isKskLiteCampaignEligible',
  KSKBBAD: 'isBBADCampaignEligible',
} as const;

/** Months a card must stay valid after a campaign purchase (business-defaults.md). */
export const CAMPAIGN_CARD_VALID_MONTHS = 6;

/**
 * The best campaign (largest brewer discount) the site runs for this brewer, with a few
 * AD-eligible beverages to start with, or null (not a campaign brewer, AD off, anything failing).
 * Never throws.
 */
export async function loadCampaignOffer(ctx: RequestContext, product: ProductFull, settings: AutoDeliverySiteSettings | null): Promise<CampaignOfferView | null> {
  if (!settings || product.productType !== 'Brewer') return null;
  const campaigns = settings.campaigns
    .filter((c) => c.brewerCodes.includes(product.code))
    .sort((a, b) => b.brewerDiscountBps - a.brewerDiscountBps);
  if (campaigns.length === 0) return null;
  try {
    const [customer, beverages] = await Promise.all([
      ctx.auth.isLoggedIn ? createAuthClient(ctx.customerCore).getCustomerData(ctx.site, 'current').catch(() => null) : Promise.resolve(null),
      ctx.api.getCategoryProducts(ctx.site, 'BV_BDN_DD_KC', { lang: ctx.lang, pageSize: 24 }),
    ]);
    const eligibleCampaigns = customer ? campaigns.filter((c) => customer[ELIGIBILITY_FLAG[c.code]]) : campaigns;
    const campaign = eligibleCampaigns[0] ?? campaigns[0];
    if (!campaign) return null;
    const listMinor = toMinor(product.priceData.value);
    const priceMinor = listMinor - Math.floor((listMinor * campaign.brewerDiscountBps + 5_000) / 10_000);
    return {
      campaign,
      brewerCode: product.code,
      currencyIso: currencyOf(product.priceData),
      listMinor,
      priceMinor,
      cardValidMonths: CAMPAIGN_CARD_VALID_MONTHS,
      beverages: beverages.products
        // beverages that can be on auto-delivery (the card's flag, ADR 0018), in stock
        .filter((p) => p.adEligible && p.stock.stockLevelStatus !== 'outOfStock')
        .slice(0, 10)
        .map((p) => ({ code: p.code, name: p.name })),
      frequenciesWeeks: [...settings.frequenciesWeeks],
      defaultFrequencyWeeks: settings.defaultFrequencyWeeks,
      signInRequired: !ctx.auth.isLoggedIn,
      eligible: eligibleCampaigns.length > 0,
    };
  } catch {
    return null;
  }
}

/** What the add-to-cart action sends for the purchase choice (ADR 0018 "Buying"). */
export interface AdAddFields {
  entryType: string;
  frequencyWeeks?: number;
  podsAtHomeQty?: string;
  cupsPerDay?: number;
  dayOfMonth?: number;
}

/**
 * Maps the parsed purchase-choice fields (`AdAddFormSchema` of `@store/contracts/forms`, issue 11
 * item 1) to the API's add-to-cart fields: `entryType=AD` with `adSchedule` ADC (frequency, pods
 * at home), ADCF (frequency, pods at home, cups a day) or ADF (day of the month). A form may also
 * post an AD entry type itself (`ADC`, `ADCF`, `ADF`, or `MBOX` with its day of the month: the
 * monthly-box page); its fields are read the same way. Any other entry type passes through with no
 * AD field. Absent numbers are left out (the API then applies its defaults or, for a required
 * field, answers 400 naming it); pods at home is sent as typed (non-numbers are empty, spec §5).
 */
export function adAddFieldsOf(form: AdAddForm, fallbackEntryType: string): AdAddFields {
  const posted = form.entryType ?? fallbackEntryType;
  const direct = posted === 'ADC' || posted === 'ADCF' || posted === 'ADF' || posted === 'MBOX';
  if (posted !== 'AD' && !direct) return { entryType: posted };
  const schedule: AdSchedule | 'MBOX' = posted === 'AD' ? (form.adSchedule ?? 'ADC') : posted;
  const out: AdAddFields = { entryType: schedule };
  if (schedule === 'ADF' || schedule === 'MBOX') {
    if (form.dayOfMonth !== undefined) out.dayOfMonth = form.dayOfMonth;
    return out;
  }
  if (form.frequencyWeeks !== undefined) out.frequencyWeeks = form.frequencyWeeks;
  if (form.podsAtHomeQty !== undefined) out.podsAtHomeQty = form.podsAtHomeQty;
  if (schedule === 'ADCF') {
    if (form.cupsPerDay !== undefined) out.cupsPerDay = form.cupsPerDay;
    // on the product page's choice the frequency select counts for smart only once the page
    // (JavaScript) showed a suggestion; otherwise the suggestion decides (withSmartFrequency)
    if (posted === 'AD' && form.smartFrequency !== '1') delete out.frequencyWeeks;
  }
  return out;
}

/**
 * Smart auto-delivery without JavaScript (ADR 0018 SMART): an ADCF add without a chosen frequency
 * takes the smart suggestion's frequency for the product, pods at home and cups a day. Any failure
 * leaves the fields as they are (the API then applies the site's default frequency).
 */
export async function withSmartFrequency(ctx: RequestContext, productCode: string, fields: AdAddFields): Promise<AdAddFields> {
  if (fields.entryType !== 'ADCF' || fields.frequencyWeeks !== undefined || fields.cupsPerDay === undefined) return fields;
  try {
    const answer = await adBuyCalls(ctx).getSmartSuggestion(ctx.site, {
      productCode,
      cupsPerDay: fields.cupsPerDay,
      ...(fields.podsAtHomeQty !== undefined ? { podsAtHomeQty: fields.podsAtHomeQty } : {}),
      lang: ctx.lang,
    });
    return { ...fields, frequencyWeeks: answer.frequencyWeeks };
  } catch {
    return fields;
  }
}
