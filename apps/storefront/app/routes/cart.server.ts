/**
 * Cart page loader and action (issue 2 "cart page", spec §2, §4). The loader reads the cart of
 * the `cartGuid` cookie and runs the cart-validation check (spec §2) so stock problems show on
 * each line. The action updates or removes a line: without JavaScript a plain POST that redirects
 * back (`?notice=`), with JavaScript a fetcher that receives the outcome as data.
 */
import { createLoyaltyClient, isApiError } from '@store/contracts';
import { accountPaths } from '../components/account/account-paths.ts';
import type { CartLoyaltyPreview } from '../components/loyalty/PointsPreviewNote.tsx';
import type { Cart, CartValidationResponse } from '@store/contracts';
import { SITES } from '@store/domain';
import { data, redirect } from 'react-router';
import type { PageMeta } from '../lib/meta.ts';
import { getRequestContext } from '../lib/context.server.ts';
import type { ContextArgs, RequestContext } from '../lib/context.server.ts';
import { translateOccError } from '../components/checkout/occ-errors.ts';
import { isPromoIntent } from '../components/promotions/promo-actions.ts';
import type { PromoActionResult } from '../components/promotions/promo-actions.ts';
import { promoFormAction } from '../lib/promo.server.ts';
import { adBuyCalls, loadAdSettings } from '../lib/auto-delivery.server.ts';
import { CartFrequencyFormSchema, CartLineFormSchema, CartQuantityFormSchema } from '@store/contracts/forms';
import { firstErrors, parseForm } from '../lib/forms.ts';
import type { FormText } from '../lib/forms.ts';
import { isRewardIntent, loadCartRewards, rewardFormAction } from '../lib/rewards.server.ts';
import type { CartRewards, RewardActionResult } from '../lib/rewards.server.ts';

/** The cart as sent to the browser: without its guid (the guid lives in an HttpOnly cookie only). */
export type CartView = Omit<Cart, 'cartGuid'>;

/** The cart without its guid, for loader data. */
export function cartView(cart: Cart): CartView {
  const { cartGuid: _guid, ...view } = cart;
  return view;
}

/**
 * A notice shown at the top of the cart page after a change (issue 10: `frequency` an AD line's
 * frequency changed, `adRemoved` an AD line became one-time, `campaign` a starter kit was added).
 */
export type CartNotice = 'updated' | 'removed' | 'frequency' | 'adRemoved' | 'campaign' | 'rewardApplied' | 'rewardSwapped' | 'rewardRemoved';
const CART_NOTICES: readonly CartNotice[] = ['updated', 'removed', 'frequency', 'adRemoved', 'campaign', 'rewardApplied', 'rewardSwapped', 'rewardRemoved'];

/** The cart form intents: quantity update, remove, and (issue 10) an AD line's frequency or its removal from auto-delivery. */
export type CartIntent = 'update' | 'remove' | 'frequency' | 'removeAd';

/** Data of the cart page. */
export interface CartPageData {
  meta: PageMeta;
  /** the open cart, or null when there is none or it is empty */
  cart: CartView | null;
  /** entryNumber → translated stock/sellability problem (cart validation, spec §2) */
  problems: Record<number, string>;
  /** set when checkout sent the shopper back because the cart failed validation */
  reviewRequired: boolean;
  notice: CartNotice | null;
  checkoutPath: string;
  continuePath: string;
  /** this page's path in the request language (form action) */
  cartPath: string;
  /** issue 10: the site's offered auto-delivery frequencies (weeks; empty when AD is off) */
  adFrequencies: number[];
  adDefaultFrequency: number;
  /** issue 10: the site ships auto-delivery orders standard for free */
  adFreeShipping: boolean;
  /** a customer is signed in (auto-delivery needs an account at checkout) */
  signedIn: boolean;
  /** issue 12 (ADR 0028): the Perks points this cart would earn (signed-in customers; null otherwise or when Perks is off) */
  loyaltyPreview: CartLoyaltyPreview | null;
  /** issue 12 (ADR 0028 "Rewards"): the reward picker's catalogue (signed-in customers on a Perks site; null otherwise) */
  rewards: CartRewards | null;
}

export type { CartLoyaltyPreview };

/** The Perks preview of a signed-in customer's cart (never rejects: null when anything fails). */
export async function loadCartLoyaltyPreview(ctx: RequestContext, cart: Cart | null): Promise<CartLoyaltyPreview | null> {
  if (!cart || !ctx.auth.isLoggedIn) return null;
  try {
    const p = await createLoyaltyClient(ctx.customerCore).getLoyaltyPreview(ctx.site, { cartGuid: cart.cartGuid, lang: ctx.lang });
    return p.points > 0 ? { points: p.points, value: p.value.formattedValue, earning: p.earning, joinHref: accountPaths(ctx.lang).perks } : null;
  } catch {
    return null;
  }
}

/** The outcome of a cart action (fetcher data, or action data without JavaScript). */
export type CartActionResult =
  | { ok: true; intent: CartIntent; entryNumber: number }
  | { ok: false; intent: CartIntent; entryNumber: number | null; error: string };

/**
 * The shopper's open cart, or null when there is no cookie, the API does not know the guid, the
 * cart is already ordered or it is empty. Other API failures propagate (error page).
 */
export async function readOpenCart(ctx: RequestContext): Promise<Cart | null> {
  if (!ctx.cart.guid) return null;
  try {
    const cart = await ctx.commerce.getCart(ctx.site, ctx.cart.guid, { lang: ctx.lang });
    return cart.status === 'open' && cart.entries.length > 0 ? cart : null;
  } catch (error) {
    if (isApiError(error) && error.isClientError) return null;
    throw error;
  }
}

/** The validation findings as translated messages by entry number. */
export function problemsOf(ctx: RequestContext, validation: CartValidationResponse | null): Record<number, string> {
  const out: Record<number, string> = {};
  for (const m of validation?.messages ?? []) {
    const ctxValues = m.available === undefined ? {} : { available: m.available };
    out[m.entryNumber] ??= translateOccError(ctx.t, { reason: m.reason, message: m.message, type: 'CartError' }, ctxValues);
  }
  return out;
}

/** Loads the cart page. */
export async function loadCartPage(args: ContextArgs): Promise<CartPageData> {
  const ctx = getRequestContext(args);
  const [cart, adSettings] = await Promise.all([readOpenCart(ctx), loadAdSettings(ctx)]);
  let validation: CartValidationResponse | null = null;
  if (cart) {
    validation = await ctx.commerce.validateCart(ctx.site, cart.cartGuid, { lang: ctx.lang }).catch((error: unknown) => {
      if (isApiError(error) && error.isClientError) return null;
      throw error;
    });
  }
  const notice = ctx.url.searchParams.get('notice');
  const [loyaltyPreview, rewards] = await Promise.all([loadCartLoyaltyPreview(ctx, cart), cart ? loadCartRewards(ctx, accountPaths(ctx.lang).perks) : Promise.resolve(null)]);
  return {
    meta: { title: ctx.t('meta.title', { title: ctx.t('cart.metaTitle'), brand: brandName(ctx) }), noindex: true },
    cart: cart ? cartView(cart) : null,
    problems: problemsOf(ctx, validation),
    reviewRequired: ctx.url.searchParams.get('review') === '1' && validation !== null && !validation.valid,
    notice: (CART_NOTICES as readonly (string | null)[]).includes(notice) ? (notice as CartNotice) : null,
    checkoutPath: ctx.paths.checkout,
    continuePath: ctx.paths.home,
    cartPath: ctx.paths.cart,
    adFrequencies: adSettings ? [...adSettings.frequenciesWeeks] : [],
    adDefaultFrequency: adSettings?.defaultFrequencyWeeks ?? 4,
    adFreeShipping: adSettings?.freeStandardShipping ?? false,
    signedIn: ctx.auth.isLoggedIn,
    loyaltyPreview,
    rewards,
  };
}

/** The brand name of the request's site (page titles). */
export function brandName(ctx: RequestContext): string {
  return SITES[ctx.site].name;
}

/**
 * The wording of the cart line forms (issue 11 item 1, ADR 0025): the quantity and the frequency
 * are named ("Quantity: enter a quantity from 1 to 99."); a bad hidden `entryNumber` says the line
 * is gone (the shopper cannot fix it).
 */
export const CART_LINE_TEXT: FormText = {
  labels: { qty: 'cart.line.qtyShort', frequencyWeeks: 'form.label.frequency' },
  problems: { entryNumber: 'occ.entryNotFound', qty: 'form.problem.invalidQuantity', frequencyWeeks: 'form.problem.invalidFrequency' },
};

/** The form schema of a cart intent (contracts `@store/contracts/forms`). */
function cartFormSchema(intent: CartIntent) {
  if (intent === 'update') return CartQuantityFormSchema;
  if (intent === 'frequency') return CartFrequencyFormSchema;
  return CartLineFormSchema;
}

/** The posted entry number when it reads as one (the answer's `entryNumber` after a refusal), else null. */
function postedEntryNumber(form: FormData): number | null {
  const raw = form.get('entryNumber');
  const n = typeof raw === 'string' && /^\s*\d{1,5}\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Handles `intent=update` (fields `entryNumber`, `qty`; qty 0 removes) and `intent=remove`
 * (`entryNumber`), parsed with the contract form schemas (`CartQuantityFormSchema`,
 * `CartLineFormSchema`, `CartFrequencyFormSchema`; issue 11 item 1): a bad field's message names it
 * in the page's language. A fetcher (`_mode=fetch`) gets {@link CartActionResult}; a plain form POST is
 * redirected back to the cart page on success, and gets the result with status 400 on failure.
 * The coupon box's intents (`applyCoupon`, `removeCoupon`, issue 4) answer a
 * {@link PromoActionResult} instead (lib/promo.server.ts).
 */
export async function cartAction(
  args: ContextArgs,
): Promise<Response | ReturnType<typeof data<CartActionResult>> | ReturnType<typeof data<PromoActionResult>> | ReturnType<typeof data<RewardActionResult>>> {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const rawIntent = form.get('intent');
  if (isPromoIntent(rawIntent)) return promoFormAction(args, rawIntent, form, { redirectTo: ctx.paths.cart });
  // issue 12: the Perks reward picker's forms
  if (isRewardIntent(rawIntent)) return rewardFormAction(ctx, rawIntent, form, ctx.paths.cart);
  const intent: CartIntent =
    rawIntent === 'remove' || rawIntent === 'frequency' || rawIntent === 'removeAd' ? rawIntent : 'update';
  const fetchMode = form.get('_mode') === 'fetch';
  const submission = parseForm(form, cartFormSchema(intent), ctx.t, CART_LINE_TEXT);
  const parsed = submission.status === 'success' ? (submission.value as { entryNumber: number; qty?: number; frequencyWeeks?: number }) : null;
  const entryNumber = parsed ? parsed.entryNumber : postedEntryNumber(form);
  const fail = (error: string, status = 400) => data<CartActionResult>({ ok: false, intent, entryNumber, error }, { status });
  if (!ctx.cart.guid) return fail(ctx.t('occ.cartNotFound'));
  if (!parsed) {
    // the line first (nothing else matters when it is gone), then the named field
    const errors = firstErrors(submission);
    return fail(errors.entryNumber ?? Object.values(errors)[0] ?? ctx.t('occ.generic'));
  }
  if (intent === 'frequency' || intent === 'removeAd') return adLineAction(ctx, intent, parsed.entryNumber, parsed.frequencyWeeks ?? null, fetchMode);
  const qty = intent === 'update' ? (parsed.qty ?? 0) : 0;
  const line = parsed.entryNumber;
  try {
    if (intent === 'remove' || qty === 0) {
      await ctx.commerce.removeEntry(ctx.site, ctx.cart.guid, line, { lang: ctx.lang });
    } else {
      await ctx.commerce.updateEntry(ctx.site, ctx.cart.guid, line, qty, { lang: ctx.lang });
    }
  } catch (error) {
    if (!isApiError(error) || !error.isClientError) throw error;
    const first = error.errors[0];
    const text = first ? translateOccError(ctx.t, first) : ctx.t('occ.generic');
    return fail(text, error.status === 404 || error.status === 409 ? 409 : 400);
  }
  const done: CartActionResult = { ok: true, intent: intent === 'remove' || qty === 0 ? 'remove' : 'update', entryNumber: line };
  if (fetchMode) return data(done);
  const notice: CartNotice = done.intent === 'remove' ? 'removed' : 'updated';
  return redirect(`${ctx.paths.cart}?notice=${notice}`, 303);
}

/**
 * Issue 10 (ADR 0018 "Buying"): `intent=frequency` (parsed `entryNumber`, `frequencyWeeks`: the API
 * checks it is one of the site's frequencies) changes an auto-delivery line's frequency; `intent=removeAd` turns the
 * line into a one-time purchase (`removeAutoDeliveryItem`). Same answers as {@link cartAction}.
 */
async function adLineAction(
  ctx: RequestContext,
  intent: 'frequency' | 'removeAd',
  entryNumber: number,
  frequencyWeeks: number | null,
  fetchMode: boolean,
): Promise<Response | ReturnType<typeof data<CartActionResult>>> {
  const guid = ctx.cart.guid;
  const fail = (error: string, status = 400) => data<CartActionResult>({ ok: false, intent, entryNumber, error }, { status });
  if (!guid) return fail(ctx.t('occ.cartNotFound'));
  const calls = adBuyCalls(ctx);
  try {
    if (intent === 'frequency') {
      if (frequencyWeeks === null) return fail(ctx.t('adBuy.error.invalidFrequency'));
      await calls.updateEntryFrequency(ctx.site, guid, entryNumber, frequencyWeeks, { lang: ctx.lang });
    } else {
      await calls.removeAutoDeliveryItem(ctx.site, guid, entryNumber, { lang: ctx.lang });
    }
  } catch (error) {
    if (!isApiError(error) || !error.isClientError) throw error;
    const first = error.errors[0];
    const text = error.reason === 'invalidFrequency' ? ctx.t('adBuy.error.invalidFrequency') : first ? translateOccError(ctx.t, first) : ctx.t('occ.generic');
    return fail(text, error.status === 404 || error.status === 409 ? 409 : 400);
  }
  if (fetchMode) return data<CartActionResult>({ ok: true, intent, entryNumber });
  const notice: CartNotice = intent === 'frequency' ? 'frequency' : 'adRemoved';
  return redirect(`${ctx.paths.cart}?notice=${notice}`, 303);
}
