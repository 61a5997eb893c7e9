/** Server side of the add-to-cart form (app/routes/add-to-cart.tsx). */
import type { AddToCartResult } from './add-to-cart-result.ts';
import type { FormText, FormTranslate } from './forms.ts';

/**
 * The wording of the add-to-cart form (issue 11 item 1, ADR 0025): the quantity and the
 * auto-delivery fields are named ("Quantity: enter a quantity from 1 to 99.", "Cups a day: enter
 * from 1 to 20 cups a day."); a bad hidden product code says the product is not available, a bad
 * hidden entry type or schedule that the item is not available on auto-delivery. Server side
 * only: the product page checks nothing in the browser (JS budget, ADR 0011).
 */
export const ADD_TO_CART_TEXT: FormText = {
  labels: {
    qty: 'addToCart.quantity',
    frequencyWeeks: 'form.label.frequency',
    podsAtHomeQty: 'adBuy.podsAtHome',
    cupsPerDay: 'adBuy.cupsPerDay',
    dayOfMonth: 'adBuy.dayOfMonth',
  },
  problems: {
    productCode: 'addToCart.error.notFound',
    qty: 'form.problem.invalidQuantity',
    frequencyWeeks: 'form.problem.invalidFrequency',
    cupsPerDay: 'form.problem.invalidCupsPerDay',
    dayOfMonth: 'form.problem.invalidDayOfMonth',
    entryType: 'adBuy.error.notAdEligible',
    adSchedule: 'adBuy.error.notAdEligible',
    smartFrequency: 'addToCart.error.generic',
  },
};

/** The refusal reason (the API's, for the page's fallback wording) of each add-to-cart field. */
const FIELD_REASONS: ReadonlyArray<readonly [string, string]> = [
  ['productCode', 'notFound'],
  ['entryType', 'notAdEligible'],
  ['adSchedule', 'notAdEligible'],
  ['qty', 'invalidQuantity'],
  ['frequencyWeeks', 'invalidFrequency'],
  ['podsAtHomeQty', 'invalidPodsAtHomeQty'],
  ['cupsPerDay', 'invalidCupsPerDay'],
  ['dayOfMonth', 'invalidDayOfMonth'],
];

/**
 * The refusal of an add-to-cart form that did not parse: the first bad field's reason and its
 * message (`text`, naming the field), from `errors` (field name → message, `firstErrors`).
 */
export function addToCartRefusalOf(errors: Readonly<Record<string, string>>, t: FormTranslate): AddToCartResult {
  for (const [field, reason] of FIELD_REASONS) {
    const text = errors[field];
    if (text !== undefined) return { ok: false, reason, text };
  }
  const text = Object.values(errors)[0];
  return { ok: false, reason: 'generic', text: text ?? t('addToCart.error.generic') };
}
