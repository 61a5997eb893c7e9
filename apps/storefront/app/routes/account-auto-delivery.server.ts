/**
 * Auto-delivery home, server side (issue 10; spec §2 "auto-delivery home"; ADR 0018 "Auto-delivery
 * home", "Brewer campaigns"). Signed-in customers only (account.server.ts `requireAccount`).
 *
 * - The loader reads the customer's subscriptions (`GET subscriptions`), one page of past
 *   auto-delivery orders (`GET getADOrders`, `?page=` 1-based), the address book and the saved
 *   cards (for "change address" / "change card"), which cancel confirmation is open
 *   (`?cancel=<id>`) and the notice of the last action (`?done=`).
 * - `?add=<variant code>` (the product page's "Add to my next auto-delivery"): the page asks which
 *   subscription gets the product (intent `addProduct`, `addProductToExistingAD`).
 * - The action handles every form of the page (`intent`, `subscriptionId`, fields); success
 *   redirects (303) back with `?done=<notice>` and the subscription's anchor, so it works without
 *   JavaScript; an API refusal answers the translated message with its status (400/402/404/409),
 *   shown on that subscription.
 */
import { createSubscriptionClient, isApiError, MAX_CUSTOMER_PAGE_SIZE } from '@store/contracts';
import type { PageInfo, ProductCard, SavedPaymentMethod, Subscription, SubscriptionCalls } from '@store/contracts';
import { addLocalDays, defaultAutoDeliverySettings, localDateOf, MAX_DAYS_AHEAD, SITES } from '@store/domain';
import type { BaseSiteId } from '@store/domain';
import { data, redirect } from 'react-router';
import { pageIndexOf } from '../components/account/account-paths.ts';
import type { OrderRow } from '../components/account/OrdersTable.tsx';
import type { BackupOption } from '../components/auto-delivery/SubscriptionCard.tsx';
import type { ContextArgs, RequestContext } from '../lib/context.server.ts';
import { messages } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/index.ts';
import type { PageMeta } from '../lib/meta.ts';
import { isUnauthorized, requireAccount } from './account.server.ts';
import { SubscriptionFormSchema, SubscriptionMaxQtyFormSchema } from '@store/contracts/forms';
import { firstErrors, parseForm } from '../lib/forms.ts';
import type { FormText, FormTranslate } from '../lib/forms.ts';
import type { SavedAddress } from './account.server.ts';

/** Past auto-delivery orders per page. */
export const AD_ORDERS_PAGE_SIZE = 10;

/** The notices of the page (`?done=`), each `ad.done.<notice>`. */
export const AD_NOTICES = [
  'skipped',
  'shippedNow',
  'shipNowDeclined',
  'shipNowOutOfStock',
  'shipOn',
  'paused',
  'resumed',
  'cancelled',
  'cancelledCharged',
  'frequency',
  'address',
  'card',
  'itemUpdated',
  'itemRemoved',
  'itemAdded',
  'rotation',
] as const;
export type AdNotice = (typeof AD_NOTICES)[number];

/** A formatted amount carried by the `?charged=` of a redirect (digits, separators, currency signs only). */
const MONEY_TEXT = /^(?=.*\d)[\d.,\s\u00a0\u202f$€£A-Z]{1,24}$/;

/** The forms of the page. */
export const AD_INTENTS = [
  'skip',
  'shipNow',
  'shipOn',
  'pause',
  'resume',
  'cancel',
  'frequency',
  'dayOfMonth',
  'rotation',
  'address',
  'card',
  'itemUpdate',
  'itemRemove',
  'addProduct',
] as const;
export type AdIntent = (typeof AD_INTENTS)[number];

/** The auto-delivery calls of a request (the customer's token). */
export function subscriptionCalls(ctx: RequestContext): SubscriptionCalls {
  return createSubscriptionClient(ctx.customerCore);
}

/** A local date `YYYY-MM-DD` shown as a long date (the date itself, no time zone shift). */
export function formatLocalDate(date: string | null, locale: string): string {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** Tomorrow and today + 180 days in the site's time zone: the range of "ship on" and "pause until" (ADR 0018). */
export function dateRangeOf(site: BaseSiteId, now: Date = new Date()): { min: string; max: string } {
  const today = localDateOf(now, defaultAutoDeliverySettings(site).timeZone);
  return { min: addLocalDays(today, 1), max: addLocalDays(today, MAX_DAYS_AHEAD) };
}

/** A subscription as the page shows it: the API answer plus formatted dates. */
export interface AdSubscriptionView {
  sub: Subscription;
  nextShipOn: string;
  pausedUntilOn: string | null;
  deadlineOn: string | null;
  /** the last cycle's charge failed: its date, and the next attempt's date (null after the last one) */
  paymentFailed: { on: string; retryOn: string | null } | null;
}

/** The beverages category: where add-item and backup products come from (spec §9 Quick Shop id). */
export const AD_BROWSE_CATEGORY = 'BV_BDN_DD_KC';

/**
 * Products offered as an item's backup and on the add-item page: the beverages that can be on
 * auto-delivery (the card's `adEligible`, ADR 0018).
 */
export function isAdCandidate(p: ProductCard): boolean {
  return p.adEligible;
}

/** Data of the auto-delivery home page. */
export interface AutoDeliveryData {
  meta: PageMeta;
  subscriptions: AdSubscriptionView[];
  orders: OrderRow[];
  backupOptions: BackupOption[];
  ordersPagination: PageInfo;
  addresses: SavedAddress[];
  cards: SavedPaymentMethod[];
  /** the product to add to one of the subscriptions (`?add=`), when it exists */
  addProduct: { code: string; name: string } | null;
  /** the subscription whose cancel confirmation is open */
  cancelId: string | null;
  done: AdNotice | null;
  /** `cancelledCharged`: the clawback charged (formatted money, from the redirect) */
  charged: string | null;
  dateRange: { min: string; max: string };
  shopPath: string;
}

/** An API refusal shown on one subscription. */
export interface AdActionData {
  subscriptionId: string;
  intent: AdIntent;
  itemId: string | null;
  error: string;
}

function viewOf(sub: Subscription, locale: string, timeZone: string): AdSubscriptionView {
  return {
    sub,
    nextShipOn: formatLocalDate(sub.nextShipDate, locale),
    pausedUntilOn: sub.pausedUntil ? formatLocalDate(sub.pausedUntil, locale) : null,
    deadlineOn: sub.commitment ? formatLocalDate(sub.commitment.deadline, locale) : null,
    paymentFailed:
      sub.lastCycle?.status === 'payment_failed'
        ? {
            on: formatLocalDate(sub.lastCycle.date, locale),
            retryOn: sub.lastCycle.nextAttemptAt ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(sub.lastCycle.nextAttemptAt)) : null,
          }
        : null,
  };
}

/** Loads auto-delivery home (see module comment). */
export async function loadAutoDelivery(args: ContextArgs) {
  const { ctx, api, paths } = requireAccount(args);
  const sp = ctx.url.searchParams;
  const page = pageIndexOf(sp.get('page'));
  const ad = subscriptionCalls(ctx);
  try {
    const [list, orders, addresses, cards, beverages] = await Promise.all([
      ad.listSubscriptions(ctx.site, { lang: ctx.lang }),
      ad.getADOrders(ctx.site, { currentPage: page, pageSize: AD_ORDERS_PAGE_SIZE, lang: ctx.lang }),
      api.listAddresses(0, MAX_CUSTOMER_PAGE_SIZE),
      api.listCards(),
      ctx.api.getCategoryProducts(ctx.site, AD_BROWSE_CATEGORY, { page: 0, pageSize: 100, lang: ctx.lang }),
    ]);
    const done = sp.get('done');
    const cancel = sp.get('cancel');
    const addCode = sp.get('add');
    let addProduct: AutoDeliveryData['addProduct'] = null;
    if (addCode && /^[A-Za-z0-9._-]{1,64}$/.test(addCode)) {
      try {
        const p = await ctx.api.getProductBasic(ctx.site, addCode, { lang: ctx.lang });
        addProduct = { code: addCode, name: p.name };
      } catch (error) {
        if (!(isApiError(error) && error.isClientError)) throw error;
      }
    }
    const out: AutoDeliveryData = {
      meta: { title: ctx.t('meta.title', { title: ctx.t('ad.metaTitle'), brand: SITES[ctx.site].name }), noindex: true },
      subscriptions: list.subscriptions.map((s) => viewOf(s, ctx.locale, defaultAutoDeliverySettings(ctx.site).timeZone)),
      backupOptions: beverages.products.filter(isAdCandidate).map((p) => ({ code: p.defaultVariantCode, name: p.sizeLabel ? `${p.name} (${p.sizeLabel})` : p.name })),
      orders: orders.orders.map((o) => ({
        code: o.code,
        status: o.status,
        statusDisplay: '',
        date: new Intl.DateTimeFormat(ctx.locale, { dateStyle: 'medium', timeZone: defaultAutoDeliverySettings(ctx.site).timeZone }).format(new Date(o.placed)),
        total: o.total.formattedValue,
        itemCount: o.totalUnitCount,
      })),
      ordersPagination: { ...orders.pagination, currentPage: page },
      addresses: addresses.addresses,
      cards,
      addProduct,
      cancelId: cancel && list.subscriptions.some((s) => s.id === cancel && s.allowedActions.includes('cancel')) ? cancel : null,
      done: (AD_NOTICES as readonly string[]).includes(done ?? '') ? (done as AdNotice) : null,
      charged: MONEY_TEXT.test(sp.get('charged') ?? '') ? sp.get('charged') : null,
      dateRange: dateRangeOf(ctx.site),
      shopPath: ctx.paths.category('BV_BDN_DD_KC'),
    };
    return data(out, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isUnauthorized(error)) throw redirect(paths.login(paths.autoDelivery));
    throw error;
  }
}

/**
 * The message of an auto-delivery call's refusal: the reason's `ad.error.<reason>` when the
 * catalogue has it, else a generic one. Anything but a 4xx `ApiError` is rethrown.
 * @throws the original error when it is not an API client error
 */
export function adErrorMessage(ctx: RequestContext, error: unknown, maxQty = 12): string {
  if (!isApiError(error) || !error.isClientError) throw error;
  if (error.status === 404) return ctx.t('ad.error.notFound');
  const reason = error.errors.find((e) => e.reason)?.reason;
  const key = `ad.error.${reason ?? ''}` as MessageKey;
  if (reason && key in messages.en) return ctx.t(key, { max: maxQty });
  if (error.status === 402) return ctx.t('ad.error.paymentDeclined');
  return ctx.t('ad.error.generic');
}

/**
 * The wording of the auto-delivery home forms (issue 11 item 1, ADR 0025): a bad date, frequency,
 * day or quantity is named ("Ship date: enter a valid date."); hidden fields the shopper cannot
 * fix keep the page's own sentence (the subscription or item was not found, or "could not be made").
 */
export const SUBSCRIPTION_TEXT: FormText = {
  labels: {
    date: 'ad.shipOnDate',
    until: 'ad.pauseUntil',
    note: 'ad.cancelNote',
    frequencyWeeks: 'ad.frequencySelect',
    dayOfMonth: 'ad.dayOfMonthSelect',
    qty: 'ad.item.qtyShort',
  },
  problems: {
    intent: 'ad.error.generic',
    subscriptionId: 'ad.error.notFound',
    itemId: 'ad.error.notFound',
    reason: 'ad.cancelReasonRequired',
    'date.invalid': 'form.problem.invalidDate',
    'until.invalid': 'form.problem.invalidDate',
    frequencyWeeks: 'form.problem.invalidFrequency',
    dayOfMonth: 'form.problem.invalidDayOfMonth',
    qty: 'form.problem.invalidQuantityMax',
    rotation: 'ad.error.generic',
    addressId: 'ad.error.generic',
    paymentMethodId: 'ad.error.generic',
    productCode: 'ad.error.generic',
    backupProductCode: 'ad.error.generic',
  },
};

/**
 * The subscription's largest item quantity the page posted (hidden `maxQty`), else the default 12,
 * and a translator that words "between 1 and {max}" with it.
 */
export function maxQtyOf(ctx: RequestContext, form: FormData): { maxQty: number; t: FormTranslate } {
  const parsed = parseForm(form, SubscriptionMaxQtyFormSchema, ctx.t, { labels: {} });
  const maxQty = (parsed.status === 'success' ? parsed.value.maxQty : undefined) ?? 12;
  return { maxQty, t: (id, values) => ctx.t(id, id === 'form.problem.invalidQuantityMax' ? { max: maxQty } : values) };
}

/** Handles the auto-delivery home forms (see module comment); each form parses with `SubscriptionFormSchema`. */
export async function autoDeliveryAction(args: ContextArgs) {
  const { ctx, paths } = requireAccount(args);
  const form = await args.request.formData();
  const { maxQty, t } = maxQtyOf(ctx, form);
  const submission = parseForm(form, SubscriptionFormSchema, t, SUBSCRIPTION_TEXT);
  // the form to show the message on: the parsed value, else what was posted (echoed, never used)
  const posted = submission.status === 'success' ? submission.value : (submission.payload as Record<string, unknown>);
  const echo = (name: string) => (typeof posted[name as keyof typeof posted] === 'string' ? String(posted[name as keyof typeof posted]).slice(0, 64) : '');
  const id = echo('subscriptionId');
  const itemId = echo('itemId') || null;
  const intent: AdIntent | null = (AD_INTENTS as readonly string[]).includes(echo('intent')) ? (echo('intent') as AdIntent) : null;
  const fail = (error: string, status = 400) => data<AdActionData>({ subscriptionId: id, intent: intent ?? 'skip', itemId, error }, { status });
  if (submission.status !== 'success') return fail(Object.values(firstErrors(submission))[0] ?? ctx.t('ad.error.generic'));
  const value = submission.value;
  const ad = subscriptionCalls(ctx);
  const site = ctx.site;
  const opts = { lang: ctx.lang };
  const back = (done: AdNotice) => redirect(`${paths.autoDelivery}?done=${done}#sub-${encodeURIComponent(id)}`, 303);
  try {
    switch (value.intent) {
      case 'skip':
        await ad.skipSubscriptionOrder(site, id, opts);
        return back('skipped');
      case 'shipNow': {
        const shipped = await ad.shipSubscriptionNow(site, id, opts);
        if (shipped.cycle.status === 'payment_failed') return back('shipNowDeclined');
        if (shipped.cycle.status === 'skipped') return back('shipNowOutOfStock');
        return back('shippedNow');
      }
      case 'shipOn':
        await ad.shipSubscriptionOn(site, id, value.date, opts);
        return back('shipOn');
      case 'pause':
        await ad.pauseSubscription(site, id, value.until, opts);
        return back('paused');
      case 'resume':
        await ad.resumeSubscription(site, id, opts);
        return back('resumed');
      case 'cancel': {
        const { reason, note } = value;
        const cancelled = await ad.cancelSubscription(site, id, note ? { reason, note } : { reason }, opts);
        if (cancelled.clawback) {
          const q = new URLSearchParams({ done: 'cancelledCharged', charged: cancelled.clawback.amount.formattedValue });
          return redirect(`${paths.autoDelivery}?${q.toString()}#sub-${encodeURIComponent(id)}`, 303);
        }
        return back('cancelled');
      }
      case 'frequency': {
        await ad.updateSubscription(site, id, { frequencyWeeks: value.frequencyWeeks }, opts);
        return back('frequency');
      }
      case 'dayOfMonth': {
        await ad.updateSubscription(site, id, { dayOfMonth: value.dayOfMonth }, opts);
        return back('frequency');
      }
      case 'rotation': {
        // monthly box: the shopper picks each month's box, or takes the store's rotation (issue 10)
        await ad.updateSubscription(site, id, { rotation: value.rotation }, opts);
        return back('rotation');
      }
      case 'address': {
        await ad.updateSubscription(site, id, { addressId: value.addressId }, opts);
        return back('address');
      }
      case 'card': {
        await ad.updateSubscription(site, id, { paymentMethodId: value.paymentMethodId }, opts);
        return back('card');
      }
      case 'itemUpdate': {
        await ad.updateSubscriptionItem(site, id, value.itemId, { qty: value.qty, backupProductCode: value.backupProductCode ?? null }, opts);
        return back('itemUpdated');
      }
      case 'addProduct': {
        await ad.addProductToExistingAD(site, { subscriptionId: id, productCode: value.productCode, qty: value.qty ?? 1 }, opts);
        return back('itemAdded');
      }
      case 'itemRemove':
        await ad.removeSubscriptionItem(site, id, value.itemId, opts);
        return back('itemRemoved');
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isUnauthorized(error)) throw redirect(paths.login(paths.autoDelivery), 303);
    const status = isApiError(error) ? error.status : 400;
    return fail(adErrorMessage(ctx, error, maxQty), status);
  }
}
