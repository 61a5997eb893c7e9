/**
 * Upcoming-order add-item page, server side (spec §2 "upcoming-order add-item"; ADR 0018
 * "Auto-delivery home"; spec §7 `addProductToExistingAD`). The loader reads the subscription
 * (`GET subscriptions/{id}`; unknown or someone else's: 404 page) and one page of products that
 * can be on auto-delivery: the search results for `?q=` or the beverages category, `?page=`
 * 1-based. The action adds the chosen product (`POST addProductToExistingAD`) and goes back to
 * auto-delivery home with a notice (303); a refusal (`ALREADY_ADDED_TO_SP`,
 * `ALREADY_ADDED_TO_BACKUP_PRODUCT`, `notAdEligible`, quantity, status) answers its translated
 * message on the product. Works without JavaScript.
 */
import { CONTROL_CHARACTERS, isApiError } from '@store/contracts';
import type { ProductCard, Subscription } from '@store/contracts';
import { SITES } from '@store/domain';
import { data, redirect } from 'react-router';
import { pageIndexOf } from '../components/account/account-paths.ts';
import type { ContextArgs } from '../lib/context.server.ts';
import type { PageMeta } from '../lib/meta.ts';
import { isUnauthorized, requireAccount } from './account.server.ts';
import { SubscriptionAddItemFormSchema } from '@store/contracts/forms';
import { firstErrors, parseForm } from '../lib/forms.ts';
import { AD_BROWSE_CATEGORY, adErrorMessage, formatLocalDate, isAdCandidate, maxQtyOf, SUBSCRIPTION_TEXT, subscriptionCalls } from './account-auto-delivery.server.ts';

/** Products per page of the add-item page. */
export const AD_ADD_PAGE_SIZE = 24;
/** Longest search term kept. */
const TERM_MAX = 100;
const CONTROL_CHARACTERS_ANYWHERE = new RegExp(CONTROL_CHARACTERS.source, 'g');

/** A product the customer can add. */
export interface AddableProduct {
  /** the variant added (the product's default variant) */
  code: string;
  name: string;
  sizeLabel: string | null;
  imageUrl: string | null;
  /** what each auto-delivery order charges for one (the recurring AD price), formatted */
  price: string;
  /** the one-time list price when higher (shown struck through), else null */
  listPrice: string | null;
  inStock: boolean;
  /** already an item (or a backup) of this subscription */
  inSubscription: boolean;
}

/** Data of the add-item page. */
export interface AddItemData {
  meta: PageMeta;
  subscription: Pick<Subscription, 'id' | 'program' | 'maxQtyPerItem' | 'status'> | null;
  nextShipOn: string;
  term: string;
  products: AddableProduct[];
  page: number;
  totalPages: number;
}

/** A refused add. */
export interface AddItemActionData {
  productCode: string;
  error: string;
}

function addable(p: ProductCard, sub: Subscription): AddableProduct {
  const taken = new Set(sub.items.flatMap((i) => [i.product.code, i.backup?.code ?? '']));
  return {
    code: p.defaultVariantCode,
    name: p.name,
    sizeLabel: p.sizeLabel,
    imageUrl: p.images[0]?.url ?? null,
    // what each auto-delivery order charges for it (the recurring AD price), else the list price
    price: (p.adRecurringPriceData ?? p.priceData).formattedValue,
    listPrice: p.adRecurringPriceData && p.adRecurringPriceData.value < p.priceData.value ? p.priceData.formattedValue : null,
    inStock: p.stock.stockLevelStatus !== 'outOfStock',
    inSubscription: taken.has(p.defaultVariantCode) || taken.has(p.code),
  };
}

/** Loads the add-item page (see module comment). */
export async function loadAddItem(args: ContextArgs & { params: { subscriptionId?: string } }) {
  const { ctx, paths } = requireAccount(args);
  const id = args.params.subscriptionId ?? '';
  const sp = ctx.url.searchParams;
  const term = (sp.get('q') ?? '').replace(CONTROL_CHARACTERS_ANYWHERE, ' ').replace(/\s+/g, ' ').trim().slice(0, TERM_MAX);
  const page = pageIndexOf(sp.get('page'));
  const title = (text: string): PageMeta => ({ title: ctx.t('meta.title', { title: text, brand: SITES[ctx.site].name }), noindex: true });
  const ad = subscriptionCalls(ctx);
  let sub: Subscription | null = null;
  try {
    sub = await ad.getSubscription(ctx.site, id, { lang: ctx.lang });
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(paths.login(`${ctx.url.pathname}${ctx.url.search}`));
    if (!(isApiError(error) && (error.status === 404 || error.status === 400))) throw error;
  }
  if (!sub) {
    const out: AddItemData = { meta: title(ctx.t('ad.error.notFound')), subscription: null, nextShipOn: '', term, products: [], page: 0, totalPages: 0 };
    return data(out, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
  const list = term
    ? await ctx.api.search(ctx.site, { term, lang: ctx.lang, page, pageSize: AD_ADD_PAGE_SIZE })
    : await ctx.api.getCategoryProducts(ctx.site, AD_BROWSE_CATEGORY, { lang: ctx.lang, page, pageSize: AD_ADD_PAGE_SIZE });
  const current = sub;
  const out: AddItemData = {
    meta: title(ctx.t('ad.add.metaTitle')),
    subscription: { id: sub.id, program: sub.program, maxQtyPerItem: sub.maxQtyPerItem, status: sub.status },
    nextShipOn: formatLocalDate(sub.nextShipDate, ctx.locale),
    term,
    products: list.products.filter(isAdCandidate).map((p) => addable(p, current)),
    page,
    totalPages: list.pagination.totalPages,
  };
  return data(out, { headers: { 'Cache-Control': 'no-store' } });
}

/** Adds a product to the subscription's next order (see module comment). */
export async function addItemAction(args: ContextArgs & { params: { subscriptionId?: string } }) {
  const { ctx, paths } = requireAccount(args);
  const id = args.params.subscriptionId ?? '';
  const form = await args.request.formData();
  const { maxQty, t } = maxQtyOf(ctx, form);
  const submission = parseForm(form, SubscriptionAddItemFormSchema, t, SUBSCRIPTION_TEXT);
  if (submission.status !== 'success') {
    const posted = (submission.payload as Record<string, unknown>).productCode;
    const errors = firstErrors(submission);
    return data<AddItemActionData>({ productCode: typeof posted === 'string' ? posted.trim().slice(0, 64) : '', error: errors.productCode ?? errors.qty ?? ctx.t('ad.error.generic') }, { status: 400 });
  }
  const { productCode, qty } = submission.value;
  try {
    await subscriptionCalls(ctx).addProductToExistingAD(ctx.site, { subscriptionId: id, productCode, qty }, { lang: ctx.lang });
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(paths.login(`${ctx.url.pathname}${ctx.url.search}`), 303);
    const status = isApiError(error) ? error.status : 400;
    return data<AddItemActionData>({ productCode, error: adErrorMessage(ctx, error, maxQty) }, { status });
  }
  return redirect(`${paths.autoDelivery}?done=itemAdded#sub-${encodeURIComponent(id)}`, 303);
}
