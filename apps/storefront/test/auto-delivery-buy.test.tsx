/**
 * Auto-delivery buying, storefront side (issue 10, ADR 0018 "Buying"): the purchase-choice
 * fields mapped to the API's add-to-cart fields, the product page's offer from the variant's AD
 * prices, the purchase choice as rendered without JavaScript (English and French), the cart
 * line's cadence wording and the ship dates in the site's locale.
 */
import { describe, expect, it } from 'vitest';
import type { AutoDeliverySiteSettings, VariantOption } from '@store/contracts';
import { PurchaseOptions } from '../app/components/autodelivery/PurchaseOptions.tsx';
import { adLineLabel } from '../app/components/autodelivery/CartLineAd.tsx';
import { formatLocalDate, savingPercent } from '../app/components/autodelivery/offer.ts';
import type { AdOfferView } from '../app/components/autodelivery/offer.ts';
import { adAddFieldsOf, adOfferOf } from '../app/lib/auto-delivery.server.ts';
import { createTranslator } from '../app/lib/intl.ts';
import { AddToCartAdFormSchema } from '@store/contracts/forms';
import type { AdAddForm } from '@store/contracts/forms';
import { firstErrors, parseForm } from '../app/lib/forms.ts';
import { ADD_TO_CART_TEXT } from '../app/lib/add-to-cart.server.ts';
import { renderWith, textOf } from './render.tsx';

function formData(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const en = createTranslator('en');

/** The add-to-cart form's fields parsed as the action parses them (issue 11 item 1). */
function form(fields: Record<string, string>): AdAddForm {
  const s = parseForm(formData({ productCode: 'P1', ...fields }), AddToCartAdFormSchema, en, ADD_TO_CART_TEXT);
  if (s.status !== 'success') throw new Error(`form did not parse: ${JSON.stringify(s.error)}`);
  return s.value;
}

describe('purchase choice → add-to-cart fields (adAddFieldsOf)', () => {
  it('one-time passes STD (or the fallback) with no AD field', () => {
    expect(adAddFieldsOf(form({ entryType: 'STD', frequencyWeeks: '4' }), 'STD')).toEqual({ entryType: 'STD' });
    expect(adAddFieldsOf(form({}), 'STD')).toEqual({ entryType: 'STD' });
  });

  it('auto-delivery every N weeks is ADC with the frequency and pods at home as typed', () => {
    expect(adAddFieldsOf(form({ entryType: 'AD', adSchedule: 'ADC', frequencyWeeks: '6', podsAtHomeQty: ' 40 ', cupsPerDay: '2', dayOfMonth: '9' }), 'STD')).toEqual({
      entryType: 'ADC',
      frequencyWeeks: 6,
      podsAtHomeQty: '40',
    });
  });

  it('a non-number pods at home goes to the API as typed (empty by spec §5); a blank one is left out', () => {
    expect(adAddFieldsOf(form({ entryType: 'AD', adSchedule: 'ADC', podsAtHomeQty: 'lots' }), 'STD')).toEqual({ entryType: 'ADC', podsAtHomeQty: 'lots' });
    expect(adAddFieldsOf(form({ entryType: 'AD', adSchedule: 'ADC', podsAtHomeQty: '  ' }), 'STD')).toEqual({ entryType: 'ADC' });
  });

  it('smart is ADCF with cups a day; a day of the month is ADF with only the day', () => {
    expect(adAddFieldsOf(form({ entryType: 'AD', adSchedule: 'ADCF', frequencyWeeks: '4', cupsPerDay: '3', smartFrequency: '1' }), 'STD')).toEqual({ entryType: 'ADCF', frequencyWeeks: 4, cupsPerDay: 3 });
    // without JavaScript the select's default is not a choice: the suggestion decides
    expect(adAddFieldsOf(form({ entryType: 'AD', adSchedule: 'ADCF', frequencyWeeks: '4', cupsPerDay: '3' }), 'STD')).toEqual({ entryType: 'ADCF', cupsPerDay: 3 });
    expect(adAddFieldsOf(form({ entryType: 'AD', adSchedule: 'ADF', frequencyWeeks: '4', dayOfMonth: '31' }), 'STD')).toEqual({ entryType: 'ADF', dayOfMonth: 31 });
  });

  it('an AD entry type posted directly keeps its fields: the monthly box (MBOX) its day of the month', () => {
    expect(adAddFieldsOf(form({ entryType: 'MBOX', dayOfMonth: '15', frequencyWeeks: '4' }), 'STD')).toEqual({ entryType: 'MBOX', dayOfMonth: 15 });
    expect(adAddFieldsOf(form({ entryType: 'ADC', frequencyWeeks: '6' }), 'STD')).toEqual({ entryType: 'ADC', frequencyWeeks: 6 });
    expect(adAddFieldsOf(form({ entryType: 'ADCF', frequencyWeeks: '6', cupsPerDay: '2' }), 'STD')).toEqual({ entryType: 'ADCF', frequencyWeeks: 6, cupsPerDay: 2 });
    expect(adAddFieldsOf(form({ entryType: 'BBAD', frequencyWeeks: '6' }), 'STD')).toEqual({ entryType: 'BBAD' });
  });

  it('no schedule is ADC; an unknown schedule or a bad number is refused, the field named (issue 11 item 1)', () => {
    expect(adAddFieldsOf(form({ entryType: 'AD', frequencyWeeks: '4' }), 'STD')).toEqual({ entryType: 'ADC', frequencyWeeks: 4 });
    const refusal = (fields: Record<string, string>) => firstErrors(parseForm(formData({ productCode: 'P1', ...fields }), AddToCartAdFormSchema, en, ADD_TO_CART_TEXT));
    expect(refusal({ entryType: 'AD', adSchedule: 'BBAD' })).toEqual({ adSchedule: 'This item is not available on auto-delivery.' });
    expect(refusal({ entryType: 'AD', adSchedule: 'ADC', frequencyWeeks: '4.5' })).toEqual({ frequencyWeeks: 'Delivery frequency: choose one of the offered delivery frequencies.' });
    expect(refusal({ entryType: 'AD', adSchedule: 'ADF', dayOfMonth: '-1' })).toEqual({ dayOfMonth: 'Day of the month: choose a day of the month.' });
  });
});

const usd = (value: number) => ({ value, formattedValue: `$${value.toFixed(2)}`, currencyIso: 'USD' });
const SETTINGS: AutoDeliverySiteSettings = {
  enabled: true,
  discountBps: 2500,
  firstOrderDiscountBps: 2500,
  frequenciesWeeks: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  defaultFrequencyWeeks: 4,
  freeStandardShipping: true,
  reminderLeadDays: 3,
  maxQtyPerItem: 12,
  podsAtHomeMaxQty: 500,
  timeZone: 'America/New_York',
  daysOfMonth: [1, 31],
  campaigns: [],
};

function variant(over: Partial<VariantOption> = {}): VariantOption {
  return {
    code: 'V-48',
    priceData: usd(35.99),
    discountPriceData: null,
    isDiscountPrice: false,
    salesPriceStrategy: null,
    promotedPriceData: null,
    personalizedPriceData: null,
    adEligible: true,
    adPriceData: usd(26.99),
    adRecurringPriceData: usd(26.99),
    adSavingData: usd(9),
    ...over,
  } as VariantOption;
}

describe('the product page offer (adOfferOf)', () => {
  it('one-time price, AD price, saving in minor units and basis points, the site frequencies', () => {
    const offer = adOfferOf(variant(), SETTINGS);
    expect(offer).toMatchObject({ variantCode: 'V-48', currencyIso: 'USD', oneTimeMinor: 3599, adMinor: 2699, recurringMinor: 2699, savingMinor: 900, defaultFrequencyWeeks: 4, freeShipping: true, podsAtHomeMax: 500 });
    expect(offer?.savingBps).toBe(2501);
    expect(savingPercent(offer?.savingBps ?? 0)).toBe(25);
    expect(offer?.frequenciesWeeks).toEqual(SETTINGS.frequenciesWeeks);
  });

  it('none for a variant that is not AD-eligible, or when AD is off', () => {
    expect(adOfferOf(variant({ adEligible: false, adPriceData: null }), SETTINGS)).toBeNull();
    expect(adOfferOf(variant(), null)).toBeNull();
  });
});

const OFFER: AdOfferView = {
  variantCode: 'V-48',
  currencyIso: 'USD',
  oneTimeMinor: 3599,
  adMinor: 2699,
  recurringMinor: 2699,
  savingMinor: 900,
  savingBps: 2501,
  frequenciesWeeks: [2, 4, 6],
  defaultFrequencyWeeks: 4,
  freeShipping: true,
  podsAtHomeMax: 500,
};

describe('the purchase choice as rendered (no JavaScript)', () => {
  it('English: both radio cards with prices and the saving, the schedules, the frequency select with the default, free shipping', () => {
    const html = renderWith(<PurchaseOptions offer={OFFER} suggestPath="/autodelivery/suggest" />);
    const text = textOf(html);
    expect(text).toContain('How would you like to buy it?');
    expect(text).toContain('One-time purchase $35.99');
    expect(text).toContain('Auto-delivery Save $9.00 (25%) $26.99 $35.99');
    expect(text).toContain('Every few weeks Suggest a frequency for me On the same day each month');
    expect(html).toMatch(/<option value="4" selected="">4 weeks \(most popular\)<\/option>/);
    expect(text).toContain('Free standard shipping on every auto-delivery order');
    // without JavaScript the smart option explains itself instead of a Suggest button
    expect(text).toContain('We will suggest a frequency when you add it to your cart');
    expect(html).toMatch(/name="entryType" checked="" value="STD"/);
    expect(html).toContain('name="podsAtHomeQty"');
    expect(html).toContain('max="500"');
  });

  it('French (cab2c): prices and percent in fr-CA, first order then recurring price', () => {
    const html = renderWith(
      <PurchaseOptions offer={{ ...OFFER, currencyIso: 'CAD', recurringMinor: 3059 }} suggestPath="/fr/livraison-automatique/suggestion" initialAd />,
      'cab2c',
      'fr',
    );
    const text = textOf(html).replace(/\u00a0|\u202f/g, ' ');
    expect(text).toContain('Achat unique 35,99 $');
    expect(text).toContain('Économisez 9,00 $ (25 %)');
    expect(text).toContain('Première commande 26,99 $, puis 30,59 $ par livraison');
    expect(html).toMatch(/name="entryType" checked="" value="AD"/);
    expect(html).toContain('<option value="31">Dernier jour du mois</option>');
  });
});

describe('cart line wording and ship dates', () => {
  const en = createTranslator('en');
  const fr = createTranslator('fr');
  it('says the cadence of each program, nothing for one-time', () => {
    expect(adLineLabel(en, { program: 'AUTO_DELIVERY', frequencyWeeks: 6, dayOfMonth: null })).toBe('Auto-delivery every 6 weeks');
    expect(adLineLabel(en, { program: 'SMART', frequencyWeeks: 3, dayOfMonth: null })).toBe('Smart auto-delivery every 3 weeks');
    expect(adLineLabel(en, { program: 'SCHEDULED', frequencyWeeks: null, dayOfMonth: 15 })).toBe('Auto-delivery on day 15 of each month');
    expect(adLineLabel(en, { program: 'SCHEDULED', frequencyWeeks: null, dayOfMonth: 31 })).toBe('Auto-delivery on the last day of each month');
    expect(adLineLabel(en, { program: 'MONTHLY_BOX', frequencyWeeks: null, dayOfMonth: 15 })).toBe('Monthly box, ships on day 15 of each month');
    expect(adLineLabel(fr, { program: 'BREWER_CAMPAIGN', frequencyWeeks: 4, dayOfMonth: null })).toBe('Livraison automatique trousse de départ toutes les 4 semaines');
    expect(adLineLabel(en, { program: 'ONE_TIME', frequencyWeeks: null, dayOfMonth: null })).toBeNull();
    expect(adLineLabel(en, { program: 'BREWER_CAMPAIGN', frequencyWeeks: 4, dayOfMonth: null, product: { productType: 'Brewer' } })).toBe(
      'Starter kit brewer, bought once at the offer price',
    );
    // a line whose cadence is unknown (never "every 0 weeks")
    expect(adLineLabel(en, { program: 'AUTO_DELIVERY', frequencyWeeks: null, dayOfMonth: null })).toBe('Auto-delivery');
  });

  it('writes a calendar date in the locale without shifting it by a time zone', () => {
    expect(formatLocalDate('2026-12-22', 'en-US')).toBe('December 22, 2026');
    expect(formatLocalDate('2027-01-01', 'fr-CA')).toBe('1 janvier 2027');
    expect(formatLocalDate('bad', 'en-US')).toBe('bad');
  });
});
