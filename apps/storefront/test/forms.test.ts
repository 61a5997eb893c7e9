/**
 * Issue 11 item 1: the storefront's forms parse with the contract form schemas through conform,
 * and a bad field's message names the field in the shopper's language (English and French).
 */
import { describe, expect, it } from 'vitest';
import {
  addressBookFormSchema,
  billingAddressFormSchema,
  ContactFormSchema,
  DeliveryModeFormSchema,
  shippingAddressFormSchema,
} from '@store/contracts/forms';
import { createTranslator } from '../app/lib/intl.ts';
import { addressText, firstErrors, parseForm } from '../app/lib/forms.ts';
import { CARD_TEXT, CONTACT_TEXT, checkCardFields, DELIVERY_TEXT } from '../app/routes/checkout.server.ts';

const en = createTranslator('en');
const fr = createTranslator('fr');

function form(entries: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

const VERMONT = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main Street', city: 'Burlington', region: 'VT', postalCode: '05401' };
const QUEBEC = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 rue Principale', city: 'Montréal', region: 'QC', postalCode: 'H2X 1Y4' };

describe('checkout shipping address form', () => {
  it('parses a valid address, trimmed, and drops blank optional fields', () => {
    const s = parseForm(form({ intent: 'address', _csrf: 'x', ...VERMONT, firstName: '  Ada ', line2: '   ', phone: '' }), shippingAddressFormSchema('US'), en, addressText('US'));
    expect(s.status).toBe('success');
    if (s.status !== 'success') return;
    expect(s.value).toEqual({ ...VERMONT });
  });

  it('names every bad field in English: missing, bad ZIP, bad state, control character', () => {
    const s = parseForm(form({ ...VERMONT, firstName: '', postalCode: '1234', region: 'ZZ', line1: '1 Main\u0000Street' }), shippingAddressFormSchema('US'), en, addressText('US'));
    expect(s.status).toBe('error');
    expect(firstErrors(s)).toEqual({
      firstName: 'First name: this field is required.',
      line1: 'Street address: this contains characters we cannot accept. Please retype it.',
      region: 'State: choose a valid state or province.',
      postalCode: 'ZIP code: enter a valid ZIP code, like 05401.',
    });
  });

  it('names every bad field in French, with the narrow no-break space before the colon', () => {
    const s = parseForm(form({ ...QUEBEC, lastName: '', postalCode: 'ABC', city: 'M'.repeat(61), region: '' }), shippingAddressFormSchema('CA'), fr, addressText('CA'));
    expect(firstErrors(s)).toEqual({
      lastName: 'Nom\u202f: ce champ est obligatoire.',
      city: 'Ville\u202f: utilisez au plus 60 caractères.',
      region: 'Province\u202f: choisissez une des options.',
      postalCode: 'Code postal\u202f: entrez un code postal valide, comme H2X 1Y4.',
    });
  });

  it('a saved address needs no fields', () => {
    const s = parseForm(form({ addressId: 'addr-1' }), shippingAddressFormSchema('US'), en, addressText('US'));
    expect(s.status).toBe('success');
    const n = parseForm(form({ addressId: 'new' }), shippingAddressFormSchema('US'), en, addressText('US'));
    expect(Object.keys(firstErrors(n))).toEqual(['firstName', 'lastName', 'line1', 'city', 'region', 'postalCode']);
  });
});

describe('checkout billing form', () => {
  it('"same as shipping" needs no address', () => {
    const s = parseForm(form({ sameAsShipping: 'on' }), billingAddressFormSchema('US'), en, addressText('US', 'billing-'));
    expect(s.status).toBe('success');
  });

  it('a billing address has its errors under the billing- names, in French', () => {
    const s = parseForm(form({ 'billing-firstName': 'Ada' }), billingAddressFormSchema('CA'), fr, addressText('CA', 'billing-'));
    const errors = firstErrors(s);
    expect(errors['billing-line1']).toBe('Adresse\u202f: ce champ est obligatoire.');
    expect(errors['billing-firstName']).toBeUndefined();
  });
});

describe('checkout contact, shipping method and card', () => {
  it('contact: English and French name the email field', () => {
    expect(firstErrors(parseForm(form({ email: 'not-an-email' }), ContactFormSchema, en, CONTACT_TEXT)).email).toBe(
      'Email address: enter a valid email address, like name@example.com.',
    );
    expect(firstErrors(parseForm(form({ email: '' }), ContactFormSchema, fr, CONTACT_TEXT)).email).toMatch(/^Adresse courriel\u202f: ce champ est obligatoire\.$/);
  });

  it('shipping method: none chosen', () => {
    expect(firstErrors(parseForm(form({}), DeliveryModeFormSchema, en, DELIVERY_TEXT)).deliveryMode).toBe('Shipping method: choose one of the options.');
  });

  it('card fields: number, expiry and security code, in both languages', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    const bad = form({ cardNumber: '4242', cardExpiry: '05/26', cardCvc: '12' });
    expect(checkCardFields({ t: en }, bad, now).errors).toEqual({
      cardNumber: `${en(CARD_TEXT.labels.cardNumber!)}: enter a valid card number.`,
      cardExpiry: `${en(CARD_TEXT.labels.cardExpiry!)}: your card has expired. Please use another card.`,
      cardCvc: `${en(CARD_TEXT.labels.cardCvc!)}: enter the 3- or 4-digit security code.`,
    });
    expect(checkCardFields({ t: fr }, form({ cardNumber: '', cardExpiry: '13/30', cardCvc: '123' }), now).errors).toEqual({
      cardNumber: `${fr(CARD_TEXT.labels.cardNumber!)}\u202f: ce champ est obligatoire.`,
      cardExpiry: `${fr(CARD_TEXT.labels.cardExpiry!)}\u202f: entrez une date d’expiration valide, comme 12/30.`,
    });
    expect(checkCardFields({ t: en }, form({ cardNumber: '4242 4242 4242 4242', cardExpiry: '12/30', cardCvc: '123' }), now)).toEqual({ errors: {}, cardNumber: '4242424242424242' });
  });
});

describe('address book form', () => {
  it('parses the default box and names a bad phone in English and French', () => {
    const ok = parseForm(form({ ...VERMONT, defaultAddress: 'on' }), addressBookFormSchema('US'), en, addressText('US'));
    expect(ok.status === 'success' && ok.value.defaultAddress).toBe(true);
    const bad = form({ ...VERMONT, phone: '12' });
    expect(firstErrors(parseForm(bad, addressBookFormSchema('US'), en, addressText('US'))).phone).toBe('Phone (optional): enter a valid phone number.');
    expect(firstErrors(parseForm(bad, addressBookFormSchema('US'), fr, addressText('US'))).phone).toMatch(/\u202f: entrez un numéro de téléphone valide\.$/);
  });
});

describe('profile, password and create-account forms', () => {
  it('names the missing last name and the weak new password in English and French', async () => {
    const { ProfileFormSchema, changePasswordFormSchema, createAccountFormSchema } = await import('@store/contracts/forms');
    const { PROFILE_TEXT, PASSWORD_TEXT } = await import('../app/routes/account-profile.server.ts');
    expect(firstErrors(parseForm(form({ firstName: 'Grace', lastName: ' ' }), ProfileFormSchema, en, PROFILE_TEXT))).toEqual({ lastName: 'Last name: this field is required.' });
    expect(firstErrors(parseForm(form({ firstName: 'Grace', lastName: ' ' }), ProfileFormSchema, fr, PROFILE_TEXT))).toEqual({ lastName: 'Nom\u202f: ce champ est obligatoire.' });
    const pw = form({ oldPassword: 'x', newPassword: 'coffeecoffee', confirmPassword: 'coffeecoffee' });
    expect(firstErrors(parseForm(pw, changePasswordFormSchema('g@example.com'), en, PASSWORD_TEXT))).toEqual({ newPassword: 'New password: use at least one letter and one digit.' });
    expect(firstErrors(parseForm(pw, changePasswordFormSchema('g@example.com'), fr, PASSWORD_TEXT))).toEqual({ newPassword: 'Nouveau mot de passe\u202f: utilisez au moins une lettre et un chiffre.' });
    const same = parseForm(form({ password: 'Ann1@ex.co' }), createAccountFormSchema('ann1@ex.co'), en, { labels: { password: 'confirmation.account.password' } });
    expect(Object.values(firstErrors(same))[0]).toMatch(/: your password must not be your email address\.$/);
  });
});

describe('cart line forms (quantity, remove, auto-delivery frequency)', () => {
  it('parses the quantity and the line; 0 is a valid quantity (it removes the line)', async () => {
    const { CartQuantityFormSchema } = await import('@store/contracts/forms');
    const { CART_LINE_TEXT } = await import('../app/routes/cart.server.ts');
    const s = parseForm(form({ intent: 'update', entryNumber: '2', qty: ' 0 ' }), CartQuantityFormSchema, en, CART_LINE_TEXT);
    expect(s.status === 'success' && s.value).toEqual({ entryNumber: 2, qty: 0 });
  });

  it('names the quantity in English and French: out of range, a fraction, not a number', async () => {
    const { CartQuantityFormSchema } = await import('@store/contracts/forms');
    const { CART_LINE_TEXT } = await import('../app/routes/cart.server.ts');
    for (const qty of ['100', '1.5', 'lots', '-1']) {
      expect(firstErrors(parseForm(form({ entryNumber: '0', qty }), CartQuantityFormSchema, en, CART_LINE_TEXT)), qty).toEqual({ qty: 'Quantity: enter a quantity from 1 to 99.' });
    }
    expect(firstErrors(parseForm(form({ entryNumber: '0', qty: '120' }), CartQuantityFormSchema, fr, CART_LINE_TEXT))).toEqual({ qty: 'Quantité\u202f: entrez une quantité de 1 à 99.' });
  });

  it('a bad hidden line number says the line is gone; a bad frequency is named', async () => {
    const { CartFrequencyFormSchema, CartLineFormSchema } = await import('@store/contracts/forms');
    const { CART_LINE_TEXT } = await import('../app/routes/cart.server.ts');
    expect(firstErrors(parseForm(form({ entryNumber: 'x' }), CartLineFormSchema, en, CART_LINE_TEXT))).toEqual({ entryNumber: 'This item is no longer in your cart.' });
    expect(firstErrors(parseForm(form({ entryNumber: '1', frequencyWeeks: '0' }), CartFrequencyFormSchema, en, CART_LINE_TEXT))).toEqual({
      frequencyWeeks: 'Delivery frequency: choose one of the offered delivery frequencies.',
    });
    expect(firstErrors(parseForm(form({ entryNumber: '1', frequencyWeeks: '53' }), CartFrequencyFormSchema, fr, CART_LINE_TEXT))).toEqual({
      frequencyWeeks: 'Fréquence de livraison\u202f: choisissez l’une des fréquences de livraison offertes.',
    });
    const ok = parseForm(form({ entryNumber: '1', frequencyWeeks: '4' }), CartFrequencyFormSchema, en, CART_LINE_TEXT);
    expect(ok.status === 'success' && ok.value).toEqual({ entryNumber: 1, frequencyWeeks: 4 });
  });
});

describe('coupon and gift-card forms', () => {
  it('names the coupon code and the gift-card code in English and French', async () => {
    const { CouponFormSchema, GiftCardFormSchema } = await import('@store/contracts/forms');
    const { PROMO_TEXT } = await import('../app/lib/promo.server.ts');
    expect(firstErrors(parseForm(form({ couponCode: '  ' }), CouponFormSchema, en, PROMO_TEXT))).toEqual({ couponCode: 'Coupon code: this field is required.' });
    expect(firstErrors(parseForm(form({ couponCode: 'WELCOME\u0000' }), CouponFormSchema, fr, PROMO_TEXT))).toEqual({
      couponCode: 'Code promo\u202f: ce champ contient des caractères que nous ne pouvons pas accepter. Veuillez le retaper.',
    });
    expect(firstErrors(parseForm(form({ giftCardCode: 'X'.repeat(65) }), GiftCardFormSchema, en, PROMO_TEXT))).toEqual({ giftCardCode: 'Gift card code: use at most 64 characters.' });
    expect(firstErrors(parseForm(form({ giftCardCode: '' }), GiftCardFormSchema, fr, PROMO_TEXT)).giftCardCode).toMatch(/\u202f: ce champ est obligatoire\.$/);
    const ok = parseForm(form({ giftCardCode: ' abcd-efgh jkmn-pqrs ' }), GiftCardFormSchema, en, PROMO_TEXT);
    expect(ok.status === 'success' && ok.value).toEqual({ giftCardCode: 'ABCDEFGHJKMNPQRS' });
  });

  it('the amount to use: minor units, "as much as needed", and a named error in both languages', async () => {
    const { GiftCardAmountFormSchema } = await import('@store/contracts/forms');
    const { PROMO_TEXT } = await import('../app/lib/promo.server.ts');
    const ok = parseForm(form({ giftCardId: 'gc1', amount: '12,50 $' }), GiftCardAmountFormSchema, en, PROMO_TEXT);
    expect(ok.status === 'success' && ok.value).toEqual({ giftCardId: 'gc1', amount: 1250 });
    const max = parseForm(form({ giftCardId: 'gc1', amountMode: 'max', amount: 'x' }), GiftCardAmountFormSchema, en, PROMO_TEXT);
    expect(max.status === 'success' && max.value).toEqual({ giftCardId: 'gc1', amount: null });
    expect(firstErrors(parseForm(form({ giftCardId: 'gc1', amount: '0' }), GiftCardAmountFormSchema, en, PROMO_TEXT))).toEqual({ amount: 'Amount to use: enter an amount such as 10.00.' });
    expect(firstErrors(parseForm(form({ giftCardId: 'gc1', amount: '1.234' }), GiftCardAmountFormSchema, fr, PROMO_TEXT)).amount).toMatch(/\u202f: entrez un montant comme 10,00\.$/);
  });
});

describe('add-to-cart form (server-side only: the product page bundles no schema)', () => {
  it('defaults the quantity to none (the action uses 1) and names a bad quantity in English and French', async () => {
    const { AddToCartFormSchema } = await import('@store/contracts/forms');
    const { ADD_TO_CART_TEXT } = await import('../app/lib/add-to-cart.server.ts');
    const ok = parseForm(form({ productCode: ' BH-SIGNATURE-DARK ', entryType: 'STD', redirectTo: '/p/x' }), AddToCartFormSchema, en, ADD_TO_CART_TEXT);
    expect(ok.status === 'success' && ok.value).toEqual({ productCode: 'BH-SIGNATURE-DARK' });
    expect(firstErrors(parseForm(form({ productCode: 'X', qty: '0' }), AddToCartFormSchema, en, ADD_TO_CART_TEXT))).toEqual({ qty: 'Quantity: enter a quantity from 1 to 99.' });
    expect(firstErrors(parseForm(form({ productCode: 'X', qty: '2.5' }), AddToCartFormSchema, fr, ADD_TO_CART_TEXT))).toEqual({ qty: 'Quantité\u202f: entrez une quantité de 1 à 99.' });
    expect(firstErrors(parseForm(form({ productCode: 'X\u0000' }), AddToCartFormSchema, en, ADD_TO_CART_TEXT))).toEqual({ productCode: 'Sorry, this product is no longer available.' });
  });
});

describe('add-to-cart auto-delivery fields (AddToCartAdFormSchema)', () => {
  it('parses the purchase choice and names a bad cups a day, day of the month or frequency in English and French', async () => {
    const { AddToCartAdFormSchema } = await import('@store/contracts/forms');
    const { ADD_TO_CART_TEXT, addToCartRefusalOf } = await import('../app/lib/add-to-cart.server.ts');
    const ok = parseForm(form({ productCode: 'P1', entryType: 'AD', adSchedule: 'ADCF', cupsPerDay: ' 3 ', podsAtHomeQty: ' lots ', frequencyWeeks: '' }), AddToCartAdFormSchema, en, ADD_TO_CART_TEXT);
    expect(ok.status === 'success' && ok.value).toEqual({ productCode: 'P1', entryType: 'AD', adSchedule: 'ADCF', cupsPerDay: 3, podsAtHomeQty: 'lots' });
    const cups = form({ productCode: 'P1', entryType: 'AD', adSchedule: 'ADCF', cupsPerDay: '21' });
    expect(firstErrors(parseForm(cups, AddToCartAdFormSchema, en, ADD_TO_CART_TEXT))).toEqual({ cupsPerDay: 'Cups a day: enter from 1 to 20 cups a day.' });
    expect(firstErrors(parseForm(cups, AddToCartAdFormSchema, fr, ADD_TO_CART_TEXT)).cupsPerDay).toMatch(/^[^:]+\u202f: indiquez de 1 à 20 tasses par jour\.$/);
    const day = form({ productCode: 'P1', entryType: 'MBOX', dayOfMonth: '30' });
    expect(firstErrors(parseForm(day, AddToCartAdFormSchema, en, ADD_TO_CART_TEXT))).toEqual({ dayOfMonth: 'Day of the month: choose a day of the month.' });
    expect(firstErrors(parseForm(day, AddToCartAdFormSchema, fr, ADD_TO_CART_TEXT)).dayOfMonth).toMatch(/^[^:]+\u202f: choisissez un jour du mois\.$/);
    const freq = firstErrors(parseForm(form({ productCode: 'P1', entryType: 'ADC', frequencyWeeks: 'x' }), AddToCartAdFormSchema, fr, ADD_TO_CART_TEXT));
    expect(freq).toEqual({ frequencyWeeks: 'Fréquence de livraison\u202f: choisissez l’une des fréquences de livraison offertes.' });
    // the refusal the action answers: the API's reason (the page's fallback wording) and the named message
    expect(addToCartRefusalOf(freq, fr)).toEqual({ ok: false, reason: 'invalidFrequency', text: freq.frequencyWeeks });
    expect(firstErrors(parseForm(form({ productCode: 'P1', entryType: 'SUB' }), AddToCartAdFormSchema, en, ADD_TO_CART_TEXT))).toEqual({ entryType: 'This item is not available on auto-delivery.' });
  });
});

describe('brewer campaign bundle form (CampaignBundleFormSchema)', () => {
  const BUNDLE = { campaignCode: 'FREEBREWER', brewerCode: 'BREWER-1', productCode: 'POD-1', qty: '2', frequencyWeeks: '4', back: '/p/brewer' };

  it('parses the bundle; an absent frequency is the site default', async () => {
    const { CampaignBundleFormSchema } = await import('@store/contracts/forms');
    const { CAMPAIGN_BUNDLE_TEXT } = await import('../app/routes/add-campaign-bundle.ts');
    const ok = parseForm(form({ ...BUNDLE, frequencyWeeks: '' }), CampaignBundleFormSchema, en, CAMPAIGN_BUNDLE_TEXT);
    expect(ok.status === 'success' && ok.value).toEqual({ campaignCode: 'FREEBREWER', brewerCode: 'BREWER-1', productCode: 'POD-1', qty: 2, back: '/p/brewer' });
  });

  it('names the boxes and the frequency in English and French; a bad campaign is refused', async () => {
    const { CampaignBundleFormSchema } = await import('@store/contracts/forms');
    const { CAMPAIGN_BUNDLE_TEXT } = await import('../app/routes/add-campaign-bundle.ts');
    const bad = form({ ...BUNDLE, qty: '0', frequencyWeeks: '60' });
    expect(firstErrors(parseForm(bad, CampaignBundleFormSchema, en, CAMPAIGN_BUNDLE_TEXT))).toEqual({
      qty: `${en('adBuy.campaign.qty')}: enter a quantity from 1 to 99.`,
      frequencyWeeks: 'Delivery frequency: choose one of the offered delivery frequencies.',
    });
    expect(firstErrors(parseForm(bad, CampaignBundleFormSchema, fr, CAMPAIGN_BUNDLE_TEXT))).toEqual({
      qty: `${fr('adBuy.campaign.qty')}\u202f: entrez une quantité de 1 à 99.`,
      frequencyWeeks: 'Fréquence de livraison\u202f: choisissez l’une des fréquences de livraison offertes.',
    });
    expect(Object.keys(firstErrors(parseForm(form({ ...BUNDLE, campaignCode: 'NOPE' }), CampaignBundleFormSchema, en, CAMPAIGN_BUNDLE_TEXT)))).toEqual(['campaignCode']);
  });
});

describe('smart auto-delivery suggestion query (SmartSuggestionFormSchema)', () => {
  it('parses the query, pods at home as typed, and names a bad cups a day in English and French', async () => {
    const { SmartSuggestionFormSchema } = await import('@store/contracts/forms');
    const { SMART_SUGGESTION_TEXT } = await import('../app/routes/ad-smart-suggestion.ts');
    const ok = parseForm(new URLSearchParams({ productCode: 'POD-1', podsAtHomeQty: ' some ', cupsPerDay: '2' }), SmartSuggestionFormSchema, en, SMART_SUGGESTION_TEXT);
    expect(ok.status === 'success' && ok.value).toEqual({ productCode: 'POD-1', podsAtHomeQty: 'some', cupsPerDay: 2 });
    const bad = new URLSearchParams({ productCode: 'POD-1', podsAtHomeQty: '', cupsPerDay: '0' });
    expect(firstErrors(parseForm(bad, SmartSuggestionFormSchema, en, SMART_SUGGESTION_TEXT))).toEqual({ cupsPerDay: 'Cups a day: enter from 1 to 20 cups a day.' });
    expect(firstErrors(parseForm(bad, SmartSuggestionFormSchema, fr, SMART_SUGGESTION_TEXT)).cupsPerDay).toMatch(/^[^:]+\u202f: indiquez de 1 à 20 tasses par jour\.$/);
    expect(firstErrors(parseForm(new URLSearchParams({ cupsPerDay: '2' }), SmartSuggestionFormSchema, en, SMART_SUGGESTION_TEXT))).toEqual({
      productCode: en('adBuy.smart.error'),
    });
  });
});

describe('auto-delivery home forms (SubscriptionFormSchema, SubscriptionAddItemFormSchema)', () => {
  it('parses each intent to its request fields', async () => {
    const { SubscriptionFormSchema } = await import('@store/contracts/forms');
    const { SUBSCRIPTION_TEXT } = await import('../app/routes/account-auto-delivery.server.ts');
    const ok = (fields: Record<string, string>) => {
      const s = parseForm(form(fields), SubscriptionFormSchema, en, SUBSCRIPTION_TEXT);
      return s.status === 'success' ? s.value : firstErrors(s);
    };
    expect(ok({ intent: 'frequency', subscriptionId: 'sub_1', frequencyWeeks: '6' })).toEqual({ intent: 'frequency', subscriptionId: 'sub_1', frequencyWeeks: 6 });
    expect(ok({ intent: 'itemUpdate', subscriptionId: 'sub_1', itemId: 'si_1', qty: '3', backupProductCode: '', maxQty: '12' })).toEqual({ intent: 'itemUpdate', subscriptionId: 'sub_1', itemId: 'si_1', qty: 3 });
    expect(ok({ intent: 'cancel', subscriptionId: 'sub_1', reason: 'tooExpensive', note: ' ' })).toEqual({ intent: 'cancel', subscriptionId: 'sub_1', reason: 'tooExpensive' });
    expect(ok({ intent: 'addProduct', subscriptionId: 'sub_1', productCode: 'POD-1' })).toEqual({ intent: 'addProduct', subscriptionId: 'sub_1', productCode: 'POD-1' });
  });

  it('names the bad field in English and French; hidden fields keep the page sentence', async () => {
    const { SubscriptionFormSchema } = await import('@store/contracts/forms');
    const { SUBSCRIPTION_TEXT } = await import('../app/routes/account-auto-delivery.server.ts');
    const errors = (fields: Record<string, string>, t = en) => firstErrors(parseForm(form(fields), SubscriptionFormSchema, t, SUBSCRIPTION_TEXT));
    expect(errors({ intent: 'shipOn', subscriptionId: 'sub_1', date: 'tomorrow' })).toEqual({ date: 'Ship date: enter a valid date.' });
    expect(errors({ intent: 'pause', subscriptionId: 'sub_1', until: '12/31/2026' }, fr).until).toMatch(/^[^:]+\u202f: entrez une date valide\.$/);
    expect(errors({ intent: 'dayOfMonth', subscriptionId: 'sub_1', dayOfMonth: '29' })).toEqual({ dayOfMonth: 'Day of the month: choose a day of the month.' });
    expect(errors({ intent: 'frequency', subscriptionId: 'sub_1', frequencyWeeks: '0' }, fr).frequencyWeeks).toMatch(/^[^:]+\u202f: choisissez l’une des fréquences de livraison offertes\.$/);
    expect(errors({ intent: 'cancel', subscriptionId: 'sub_1', reason: '' })).toEqual({ reason: en('ad.cancelReasonRequired') });
    expect(errors({ intent: 'skip' })).toEqual({ subscriptionId: en('ad.error.notFound') });
    expect(Object.keys(errors({ intent: 'explode', subscriptionId: 'sub_1' }))).toEqual(['intent']);
  });

  it('the quantity names the subscription maximum posted by the page, in English and French', async () => {
    const { SubscriptionFormSchema, SubscriptionAddItemFormSchema } = await import('@store/contracts/forms');
    const { SUBSCRIPTION_TEXT, maxQtyOf } = await import('../app/routes/account-auto-delivery.server.ts');
    const bad = form({ intent: 'itemUpdate', subscriptionId: 'sub_1', itemId: 'si_1', qty: '0', maxQty: '8' });
    const enMax = maxQtyOf({ t: en } as never, bad);
    expect(enMax.maxQty).toBe(8);
    expect(firstErrors(parseForm(bad, SubscriptionFormSchema, enMax.t, SUBSCRIPTION_TEXT))).toEqual({ qty: 'Quantity: choose a quantity between 1 and 8.' });
    const add = form({ productCode: 'POD-1', qty: '1.5' });
    const frMax = maxQtyOf({ t: fr } as never, add);
    expect(firstErrors(parseForm(add, SubscriptionAddItemFormSchema, frMax.t, SUBSCRIPTION_TEXT)).qty).toMatch(/^[^:]+\u202f: choisissez une quantité entre 1 et 12\.$/);
  });
});
