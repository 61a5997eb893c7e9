/**
 * Guest single-step checkout, server side (spec §2 `/checkout/singlestep`, §7 Checkout calls;
 * issue 2 "Guest single-step checkout"). One page with sections in order: contact, shipping
 * address, shipping method, billing address, payment and review.
 *
 * - The loader sends the shopper back to the cart when there is no open cart or when the
 *   cart-validation check (spec §2) fails, decides which section is open (the first incomplete
 *   one, or `?edit=<section>` for a completed one), and, when the review renders, creates (or
 *   refreshes) the payment intent and a fresh idempotency key for "Place order".
 * - The action handles one section per POST (`intent` = contact | address | delivery | billing |
 *   place). Success redirects back to the page (303) with the next section open, which works
 *   without JavaScript and, through a fetcher, without a full reload. Failure answers the
 *   section's errors (translated, per field) with status 400.
 * - Card data: with the test provider the card number travels only in the place-order POST, to
 *   the API, and is never stored or echoed back; with Stripe the page needs Stripe.js Elements.
 */
import { randomUUID } from 'node:crypto';
import { isApiError } from '@store/contracts';
import type { Cart, DeliveryMode, Order, PaymentProviderName } from '@store/contracts';
import {
  addressInputOf,
  billingAddressFormSchema,
  cardFormSchema,
  ContactFormSchema,
  DeliveryModeFormSchema,
  PlaceOrderFormSchema,
  type PlaceOrderForm,
  shippingAddressFormSchema,
} from '@store/contracts/forms';
import { z } from 'zod';
import { addressText, firstErrors, parseForm } from '../lib/forms.ts';
import type { FormText } from '../lib/forms.ts';
import { regionOptions, SITES } from '@store/domain';
import type { Country } from '@store/domain';
import { data, redirect } from 'react-router';
import { toFormErrors } from '../components/checkout/occ-errors.ts';
import { couponErrorKey, giftCardErrorKey, isPromoIntent } from '../components/promotions/promo-actions.ts';
import type { PromoActionResult } from '../components/promotions/promo-actions.ts';
import { promoFormAction } from '../lib/promo.server.ts';
import type { FormErrors } from '../components/checkout/occ-errors.ts';
import { getRequestContext } from '../lib/context.server.ts';
import type { ContextArgs, RequestContext } from '../lib/context.server.ts';
import type { PageMeta } from '../lib/meta.ts';
import { accountCalls, customerOf, isSignedIn } from './account.server.ts';
import type { SavedAddress, SavedCard } from './account.server.ts';
import { cartView, loadCartLoyaltyPreview, readOpenCart } from './cart.server.ts';
import type { CartLoyaltyPreview, CartView } from './cart.server.ts';
import { orderAccessCookie } from './order-confirmation.server.ts';
import { waitMinutesOf } from '../lib/wait.ts';
import { authPaths } from '../lib/auth/paths.ts';

/** The checkout sections, in page order. */
export const SECTIONS = ['contact', 'shipping', 'delivery', 'billing', 'payment'] as const;
/** A checkout section. */
export type SectionId = (typeof SECTIONS)[number];
/** The form intents of the sections (`address` saves the shipping address, `place` places the order). */
export const INTENTS = ['contact', 'address', 'delivery', 'billing', 'place'] as const;
export type Intent = (typeof INTENTS)[number];

/** The section each intent belongs to. */
export const SECTION_OF_INTENT: Record<Intent, SectionId> = {
  contact: 'contact',
  address: 'shipping',
  delivery: 'delivery',
  billing: 'billing',
  place: 'payment',
};

/** Address form field names (same for shipping and billing). */
export const ADDRESS_FIELDS = ['firstName', 'lastName', 'line1', 'line2', 'city', 'region', 'postalCode', 'phone'] as const;
/** Card fields of the test provider. */
export const CARD_FIELDS = ['cardNumber', 'cardExpiry', 'cardCvc'] as const;

/** What the review section needs to place the order. */
export interface PaymentStep {
  /** null when gift cards pay everything (no payment intent, issue 4) */
  provider: PaymentProviderName | null;
  /** '' when gift cards pay everything */
  paymentIntentId: string;
  /** issue 4: the cart's gift cards cover the whole total, so no card payment is made */
  coveredByGiftCards: boolean;
  /** generated when the review renders; sent back in a hidden field (one order per key) */
  idempotencyKey: string;
  /** Stripe publishable key (Stripe only) */
  publishableKey: string | null;
}

/** Data of the checkout page. */
export interface CheckoutPageData {
  meta: PageMeta;
  cart: CartView;
  country: Country;
  regions: Array<{ code: string; name: string }>;
  /** completed sections (payment is never "done": it happens with the order) */
  done: Record<Exclude<SectionId, 'payment'>, boolean>;
  open: SectionId;
  deliveryModes: DeliveryMode[];
  payment: PaymentStep | null;
  /** the page's own path (`/checkout/singlestep`, `/fr/checkout/v2/singlestep`, ...) */
  selfPath: string;
  /** issue 12 (ADR 0028): the Perks points of this order, or the invitation to join (signed-in customers) */
  loyaltyPreview?: CartLoyaltyPreview | null;
  cartPath: string;
  /** the signed-in customer's saved addresses and cards (null for guests) */
  account: AccountCheckout | null;
  /**
   * issue 10 (ADR 0018 "Buying"): the cart has an auto-delivery line; a guest is asked to sign in
   * or create an account (both come back here; sign-in merges the cart), a customer is told the
   * card is saved for the later deliveries
   */
  autoDelivery: { loginPath: string; signupPath: string } | null;
}

/** What a signed-in customer's checkout offers (issue 3 "logged-in single-step checkout"). */
export interface AccountCheckout {
  email: string;
  /** the address book (up to {@link CHECKOUT_ADDRESS_LIMIT}), the default one first */
  addresses: SavedAddress[];
  /** saved cards, the default one first */
  cards: SavedCard[];
}

/** Saved addresses offered at checkout at most (the API's largest page). */
export const CHECKOUT_ADDRESS_LIMIT = 50;

/** Radio value of "Use a new address" / "Use a new card". */
export const NEW_CHOICE = 'new';

/** The answer of a failed section POST. */
export interface CheckoutActionData {
  section: SectionId;
  errors: FormErrors;
  /** what the shopper typed (never card data), to fill the form again without JavaScript */
  values: Record<string, string>;
  /**
   * After a failed place-order attempt: the key of the next attempt. The API answers a reused key
   * with its first result (the same decline), and React Router does not reload the page data
   * after a 4xx action, so the form takes its new key from here.
   */
  idempotencyKey?: string;
}

function isSection(x: string | null): x is SectionId {
  return x !== null && (SECTIONS as readonly string[]).includes(x);
}

/** Completed sections of a cart. */
export function doneOf(cart: CartView): CheckoutPageData['done'] {
  return {
    contact: !!cart.email,
    shipping: cart.deliveryAddress !== null,
    delivery: cart.deliveryMode !== null,
    billing: cart.billingAddress !== null,
  };
}

/** The first section that still needs input (payment when everything else is done). */
export function firstIncomplete(done: CheckoutPageData['done']): SectionId {
  return SECTIONS.find((s) => s === 'payment' || !done[s]) ?? 'payment';
}

/**
 * The open section: `edit` when it names a section the shopper may open (a completed one, or the
 * first incomplete one), else the first incomplete section.
 */
export function openSection(done: CheckoutPageData['done'], edit: string | null): SectionId {
  const first = firstIncomplete(done);
  if (isSection(edit) && SECTIONS.indexOf(edit) <= SECTIONS.indexOf(first)) return edit;
  return first;
}

/** The site's shipping country. */
export function countryOf(ctx: RequestContext): Country {
  return SITES[ctx.site].country;
}

/** The page's path without the query (`/checkout/singlestep` or `/checkout/v2/singlestep`, maybe `/fr`). */
function selfPathOf(ctx: RequestContext): string {
  return ctx.url.pathname.replace(/\/+$/, '');
}

/**
 * Is nothing left to pay by card (issue 4: gift cards pay the whole total, or promotions brought it
 * to zero)? Then no payment intent is made and no card is asked for; the API places such an order
 * without a charge.
 */
export function coveredByGiftCards(cart: Pick<Cart, 'appliedGiftCards' | 'amountToPay' | 'entries'>): boolean {
  return cart.entries.length > 0 && Math.round(cart.amountToPay.value * 100) <= 0;
}

/** Loads the checkout page (see module comment). */
export async function loadCheckoutPage(args: ContextArgs): Promise<CheckoutPageData> {
  const ctx = getRequestContext(args);
  let cart = await readOpenCart(ctx);
  if (!cart) throw redirect(ctx.paths.cart);
  const account = await loadAccountCheckout(ctx);
  if (account && !cart.email && account.email) {
    // a signed-in customer's contact is their account email (the section shows it, completed)
    cart = await ctx.commerce.setEmail(ctx.site, cart.cartGuid, account.email, { lang: ctx.lang });
  }
  const validation = await ctx.commerce.validateCart(ctx.site, cart.cartGuid, { lang: ctx.lang });
  if (!validation.valid) throw redirect(`${ctx.paths.cart}?review=1`);
  const done = doneOf(cart);
  const open = openSection(done, ctx.url.searchParams.get('edit'));
  const covered = coveredByGiftCards(cart);
  const [modes, intent] = await Promise.all([
    done.shipping ? ctx.commerce.getDeliveryModes(ctx.site, cart.cartGuid, { lang: ctx.lang }).then((m) => m.deliveryModes) : Promise.resolve([]),
    open === 'payment' && !covered ? ctx.commerce.createPaymentIntent(ctx.site, cart.cartGuid, { lang: ctx.lang }) : Promise.resolve(null),
  ]);
  // The intent may have changed the cart's view (none today); the cart read above stays the source.
  const payment: PaymentStep | null = intent
    ? {
        provider: intent.provider,
        paymentIntentId: intent.paymentIntentId,
        coveredByGiftCards: false,
        idempotencyKey: randomUUID(),
        publishableKey: intent.publishableKey ?? null,
      }
    : open === 'payment' && covered
      ? { provider: null, paymentIntentId: '', coveredByGiftCards: true, idempotencyKey: randomUUID(), publishableKey: null }
      : null;
  const country = countryOf(ctx);
  const loyaltyPreview = await loadCartLoyaltyPreview(ctx, cart);
  return {
    loyaltyPreview,
    meta: { title: ctx.t('meta.title', { title: ctx.t('checkout.metaTitle'), brand: SITES[ctx.site].name }), noindex: true },
    cart: cartView(cart),
    country,
    regions: regionOptions(country, ctx.lang),
    done,
    open,
    deliveryModes: modes,
    payment,
    selfPath: selfPathOf(ctx),
    cartPath: ctx.paths.cart,
    account,
    autoDelivery: cart.hasAutoDelivery ? adAccountPaths(ctx) : null,
  };
}

/** Sign-in and sign-up paths that come back to this checkout page (issue 10, AD needs an account). */
function adAccountPaths(ctx: RequestContext): { loginPath: string; signupPath: string } {
  const back = selfPathOf(ctx);
  const auth = authPaths(ctx.lang);
  return { loginPath: auth.loginBack(back), signupPath: `${auth.signup}?redirect=${encodeURIComponent(back)}` };
}

/** The signed-in customer's saved addresses and cards, or null for a guest. */
export async function loadAccountCheckout(ctx: RequestContext): Promise<AccountCheckout | null> {
  if (!isSignedIn(ctx)) return null;
  const api = accountCalls(ctx);
  const [book, cards, profile] = await Promise.all([
    api.listAddresses(0, CHECKOUT_ADDRESS_LIMIT),
    api.listCards(),
    customerOf(ctx)?.email ? Promise.resolve(null) : api.getProfile(),
  ]);
  const byDefault = <T>(list: T[], isDefault: (x: T) => boolean) => [...list.filter(isDefault), ...list.filter((x) => !isDefault(x))];
  return {
    email: customerOf(ctx)?.email ?? profile?.email ?? '',
    addresses: byDefault(book.addresses, (a) => a.defaultAddress),
    cards: byDefault(cards, (c) => c.defaultPaymentMethod),
  };
}

/** The wording of the contact, shipping-method and card forms (issue 11 item 1). */
export const CONTACT_TEXT: FormText = { labels: { email: 'checkout.contact.email' } };
export const DELIVERY_TEXT: FormText = { labels: { deliveryMode: 'checkout.delivery.title' }, problems: { 'deliveryMode.required': 'form.problem.choose' } };
export const CARD_TEXT: FormText = { labels: { cardNumber: 'checkout.payment.cardNumber', cardExpiry: 'checkout.payment.expiry', cardCvc: 'checkout.payment.cvc' } };

/** What the shopper typed in `names` (conform's payload), to fill the form again without JavaScript. */
function valuesOf(payload: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = payload[n];
    out[n] = typeof v === 'string' ? v.trim() : '';
  }
  return out;
}

/**
 * Checks the test-provider card fields on our side with the card form schema (the API checks
 * the number itself): the errors by field in the shopper's language, and the cleaned number.
 */
export function checkCardFields(
  ctx: Pick<RequestContext, 't'>,
  form: FormData,
  now: Date,
): { errors: Record<string, string>; cardNumber: string } {
  const submission = parseForm(form, cardFormSchema(now), ctx.t, CARD_TEXT);
  if (submission.status === 'success') return { errors: {}, cardNumber: submission.value.cardNumber };
  return { errors: firstErrors(submission), cardNumber: '' };
}

const IntentSchema = z.enum(INTENTS);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Places the order; while the API answers 409 `requestInProgress` (the same idempotency key is
 * still being processed, e.g. a double submit) it waits and asks again, so the second request
 * receives the same order as the first. Gives up after about 15 s.
 */
export async function placeOrderOnce(
  ctx: RequestContext,
  cartGuid: string,
  args: {
    idempotencyKey: string;
    paymentIntentId: string;
    cardNumber: string;
    savedPaymentMethodId?: string;
    saveCard?: boolean;
    /** issue 4: gift cards pay everything: no payment intent, no card */
    giftCardsOnly?: boolean;
  },
): Promise<Order> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.commerce.placeOrder(ctx.site, cartGuid, {
        idempotencyKey: args.idempotencyKey,
        ...(args.giftCardsOnly ? {} : { paymentIntentId: args.paymentIntentId }),
        ...(args.giftCardsOnly
          ? {}
          : args.savedPaymentMethodId
            ? { savedPaymentMethodId: args.savedPaymentMethodId }
            : { paymentMethod: { testCardNumber: args.cardNumber }, ...(args.saveCard ? { saveCard: true } : {}) }),
        lang: ctx.lang,
      });
    } catch (error) {
      const inProgress = isApiError(error) && error.status === 409 && error.reason === 'requestInProgress';
      if (!inProgress || attempt >= 60) throw error;
      await sleep(250);
    }
  }
}

/**
 * Handles one section POST (see module comment). Answers a redirect on success, or
 * {@link CheckoutActionData} with status 400 on failure. Non-4xx API failures propagate (error page).
 */
export async function checkoutAction(
  args: ContextArgs,
): Promise<Response | ReturnType<typeof data<CheckoutActionData>> | ReturnType<typeof data<PromoActionResult>>> {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const rawIntent = String(form.get('intent') ?? '');
  // issue 4: the coupon box and the gift-card forms (lib/promo.server.ts)
  if (isPromoIntent(rawIntent)) {
    const back = rawIntent === 'applyCoupon' || rawIntent === 'removeCoupon' ? selfPathOf(ctx) : `${selfPathOf(ctx)}#gift-cards`;
    return promoFormAction(args, rawIntent, form, { redirectTo: back });
  }
  const intent: Intent | null = IntentSchema.safeParse(rawIntent).data ?? null;
  const section: SectionId = intent ? SECTION_OF_INTENT[intent] : 'contact';
  const country = countryOf(ctx);
  const self = selfPathOf(ctx);
  const fail = (errors: FormErrors, values: Record<string, string> = {}) =>
    data<CheckoutActionData>({ section, errors, values }, { status: 400 });

  const guid = ctx.cart.guid;
  const cart = guid ? await readOpenCart(ctx) : null;
  const toConfirmation = (order: Order, cartGuid: string) => {
    const headers = new Headers();
    ctx.cart.clear(headers);
    headers.append('Set-Cookie', orderAccessCookie(args.request, { code: order.code, cartGuid }, ctx.secure));
    return redirect(ctx.paths.orderConfirmation(order.code), { status: 303, headers });
  };
  if (guid && !cart && intent === 'place') {
    // A second submission of the same review form (double click, resend) finds the cart already
    // being ordered: the same idempotency key answers the first submission's order (waiting while
    // it is still in progress), so both submissions land on the same confirmation.
    const placed = parseForm(form, PlaceOrderFormSchema, ctx.t, { labels: {} });
    const { idempotencyKey = '', paymentIntentId = '', savedCard = '' } = placed.status === 'success' ? placed.value : {};
    const giftCardsOnly = placed.status === 'success' && placed.value.coveredByGiftCards === '1';
    if (idempotencyKey && (paymentIntentId || giftCardsOnly)) {
      try {
        const order = await placeOrderOnce(ctx, guid, {
          idempotencyKey,
          paymentIntentId,
          cardNumber: checkCardFields(ctx, form, new Date()).cardNumber,
          ...(savedCard && savedCard !== NEW_CHOICE ? { savedPaymentMethodId: savedCard } : {}),
          ...(giftCardsOnly ? { giftCardsOnly: true } : {}),
        });
        return toConfirmation(order, guid);
      } catch {
        // not the same order after all: the cart page explains what is going on
      }
    }
  }
  if (!guid || !cart) throw redirect(ctx.paths.cart, 303);
  if (!intent) return fail({ fieldErrors: {}, formError: ctx.t('occ.generic') });

  const opts = { lang: ctx.lang };
  const next = (updated: Cart) => {
    const open = firstIncomplete(doneOf(updated));
    return redirect(`${self}#checkout-${open}`, 303);
  };

  try {
    switch (intent) {
      case 'contact': {
        const submission = parseForm(form, ContactFormSchema, ctx.t, CONTACT_TEXT);
        const { email } = valuesOf(submission.payload, ['email']) as { email: string };
        if (submission.status !== 'success') return fail({ fieldErrors: firstErrors(submission), formError: null }, { email });
        try {
          return next(await ctx.commerce.setEmail(ctx.site, guid, email, opts));
        } catch (error) {
          return fail(toFormErrors(ctx.t, error, { fields: ['email'], rename: { emailAddress: 'email' } }), { email });
        }
      }
      case 'address': {
        const signedIn = isSignedIn(ctx);
        const submission = parseForm(form, shippingAddressFormSchema(country), ctx.t, addressText(country));
        const typed = valuesOf(submission.payload, [...ADDRESS_FIELDS, 'addressId']);
        const values = { ...typed, addressId: signedIn ? (typed.addressId ?? '') : '', saveToAddressBook: signedIn && submission.payload.saveToAddressBook === 'on' ? 'on' : '' };
        if (submission.status !== 'success') return fail({ fieldErrors: firstErrors(submission), formError: null }, values);
        const v = submission.value;
        const addressId = signedIn ? (v.addressId ?? '') : '';
        const useSaved = addressId !== '' && addressId !== NEW_CHOICE;
        const save = signedIn && !useSaved && v.saveToAddressBook === true;
        const address = useSaved ? { addressId } : { ...addressInputOf(v, country), ...(save ? { saveToAddressBook: true } : {}) };
        try {
          let updated = await ctx.commerce.setDeliveryAddress(ctx.site, guid, address, opts);
          if (updated.billingSameAsShipping) updated = await ctx.commerce.setBillingAddress(ctx.site, guid, { sameAsShipping: true }, opts);
          return next(updated);
        } catch (error) {
          return fail(toFormErrors(ctx.t, error, { fields: ADDRESS_FIELDS, country }), values);
        }
      }
      case 'delivery': {
        const submission = parseForm(form, DeliveryModeFormSchema, ctx.t, DELIVERY_TEXT);
        if (submission.status !== 'success') return fail({ fieldErrors: firstErrors(submission), formError: null });
        const mode = submission.value.deliveryMode;
        try {
          return next(await ctx.commerce.setDeliveryMode(ctx.site, guid, mode, opts));
        } catch (error) {
          return fail(
            toFormErrors(ctx.t, error, { fields: ['deliveryMode'], rename: { deliveryModeId: 'deliveryMode' }, reasonField: { invalidDeliveryMode: 'deliveryMode' } }),
            { deliveryMode: mode },
          );
        }
      }
      case 'billing': {
        const submission = parseForm(form, billingAddressFormSchema(country), ctx.t, addressText(country, 'billing-'));
        const same = submission.payload.sameAsShipping === 'on';
        const values = { ...valuesOf(submission.payload, ADDRESS_FIELDS.map((f) => `billing-${f}`)), sameAsShipping: same ? 'on' : '' };
        if (submission.status !== 'success') return fail({ fieldErrors: firstErrors(submission), formError: null }, values);
        try {
          const body = submission.value.sameAsShipping ? ({ sameAsShipping: true } as const) : addressInputOf(submission.value, country, 'billing-');
          return next(await ctx.commerce.setBillingAddress(ctx.site, guid, body, opts));
        } catch (error) {
          const errors = toFormErrors(ctx.t, error, { fields: ADDRESS_FIELDS, country });
          const prefixed: Record<string, string> = {};
          for (const [k, v] of Object.entries(errors.fieldErrors)) prefixed[`billing-${k}`] = v;
          return fail({ fieldErrors: prefixed, formError: errors.formError }, values);
        }
      }
      case 'place': {
        const done = doneOf(cart);
        const missing = firstIncomplete(done);
        if (missing !== 'payment') {
          return fail({ fieldErrors: {}, formError: ctx.t(MISSING_KEYS[missing]) });
        }
        // issue 4: when the cart's gift cards pay everything, no card and no payment intent
        const giftCardsOnly = coveredByGiftCards(cart);
        const placed = parseForm(form, PlaceOrderFormSchema, ctx.t, { labels: {} });
        const choices: Partial<PlaceOrderForm> = placed.status === 'success' ? placed.value : {};
        const savedCard = isSignedIn(ctx) && !giftCardsOnly ? (choices.savedCard ?? '') : '';
        const useSavedCard = savedCard !== '' && savedCard !== NEW_CHOICE;
        // issue 10 (ADR 0018 "Buying"): a card paying for auto-delivery is saved for the later deliveries
        const saveCard = isSignedIn(ctx) && !useSavedCard && !giftCardsOnly && (choices.saveCard === true || cart.hasAutoDelivery);
        const card = useSavedCard || giftCardsOnly ? { errors: {}, cardNumber: '' } : checkCardFields(ctx, form, new Date());
        const cardValues = { savedCard, saveCard: saveCard ? 'on' : '' };
        if (Object.keys(card.errors).length > 0) return fail({ fieldErrors: card.errors, formError: null }, cardValues);
        const idempotencyKey = choices.idempotencyKey ?? '';
        const paymentIntentId = choices.paymentIntentId ?? '';
        if (!idempotencyKey || (!paymentIntentId && !giftCardsOnly)) return fail({ fieldErrors: {}, formError: ctx.t('occ.paymentFailed') }, cardValues);
        try {
          const order = await placeOrderOnce(ctx, guid, {
            idempotencyKey,
            paymentIntentId,
            cardNumber: card.cardNumber,
            ...(useSavedCard ? { savedPaymentMethodId: savedCard } : {}),
            ...(saveCard ? { saveCard: true } : {}),
            ...(giftCardsOnly ? { giftCardsOnly: true } : {}),
          });
          return toConfirmation(order, guid);
        } catch (error) {
          const promoError = promoPlacementError(ctx, error) ?? adPlacementError(ctx, error);
          if (promoError) {
            return data<CheckoutActionData>(
              { section, errors: { fieldErrors: {}, formError: promoError }, values: cardValues, idempotencyKey: randomUUID() },
              { status: 400 },
            );
          }
          const errors = toFormErrors(
            ctx.t,
            error,
            useSavedCard
              ? { fields: [] }
              : {
                  fields: CARD_FIELDS,
                  rename: { testCardNumber: 'cardNumber', number: 'cardNumber' },
                  reasonField: { invalidCardNumber: 'cardNumber', paymentMethodRequired: 'cardNumber', expiredCard: 'cardExpiry' },
                },
          );
          return data<CheckoutActionData>({ section, errors, values: cardValues, idempotencyKey: randomUUID() }, { status: 400 });
        }
      }
    }
  } catch (error) {
    if (isApiError(error) && error.isClientError) return fail(toFormErrors(ctx.t, error, { fields: [] }));
    throw error;
  }
}

/**
 * A coupon or gift-card refusal at placement (issue 4: a used-up coupon, a gift-card balance that
 * changed) in the shopper's language, or null for any other error.
 */
function promoPlacementError(ctx: RequestContext, error: unknown): string | null {
  if (!isApiError(error) || !error.isClientError) return null;
  const type = error.errors[0]?.type;
  if (type === 'GiftCardError') return ctx.t(giftCardErrorKey(error.reason, error.status), { minutes: waitMinutesOf(error) });
  if (type === 'CouponError') return ctx.t(couponErrorKey(error.reason));
  return null;
}

/**
 * Issue 10: the API's 403 `accountRequired` (an auto-delivery line in a guest's cart, ADR 0018
 * "Buying") in the shopper's language, or null for any other error.
 */
function adPlacementError(ctx: RequestContext, error: unknown): string | null {
  if (!isApiError(error) || !error.isClientError) return null;
  if (error.reason === 'accountRequired') return ctx.t('adBuy.checkout.accountRequired');
  if (error.reason === 'cardExpiresTooSoon') return ctx.t('adBuy.campaign.cardExpiresTooSoon');
  if (error.reason === 'commitmentOpen') return ctx.t('adBuy.campaign.notEligible');
  return null;
}

/** The message shown when "Place order" is pressed before a section is complete. */
const MISSING_KEYS = {
  contact: 'occ.missingEmail',
  shipping: 'occ.missingDeliveryAddress',
  delivery: 'occ.missingDeliveryMode',
  billing: 'occ.missingBillingAddress',
} as const;
