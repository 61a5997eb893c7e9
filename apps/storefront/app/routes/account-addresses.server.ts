/**
 * Address book, server side (issue 3 "Address book: list (page size 4, pageNum 0), add, replace,
 * delete, default"; spec §9 page size 4). The loader reads one page (`?page=` 1-based in the URL,
 * `currentPage` 0-based in the API) and which form is open (`?add=1`, `?edit=<id>`). The action
 * handles `intent` = add | update | delete | default; success redirects (303) back to the page
 * with a `?done=` notice, failure answers the translated field errors with status 400. Works
 * without JavaScript.
 */
import { isApiError } from '@store/contracts';
import { addressBookFormSchema, addressInputOf } from '@store/contracts/forms';
import { regionOptions, SITES } from '@store/domain';
import type { Country } from '@store/domain';
import { data, redirect } from 'react-router';
import { pageIndexOf } from '../components/account/account-paths.ts';
import type { AccountPaths } from '../components/account/account-paths.ts';
import { toFormErrors } from '../components/checkout/occ-errors.ts';
import type { FormErrors } from '../components/checkout/occ-errors.ts';
import type { ContextArgs } from '../lib/context.server.ts';
import type { PageMeta } from '../lib/meta.ts';
import { ADDRESS_PAGE_SIZE, doneRedirect, formString, isUnauthorized, requireAccount } from './account.server.ts';
import { addressText, firstErrors, parseForm } from '../lib/forms.ts';
import type { Pagination, SavedAddress } from './account.server.ts';

/** Address form field names. */
export const ADDRESS_FORM_FIELDS = ['firstName', 'lastName', 'line1', 'line2', 'city', 'region', 'postalCode', 'phone'] as const;

/** The notices of the page (`?done=`). */
export const ADDRESS_NOTICES = ['added', 'updated', 'deleted', 'defaulted'] as const;
export type AddressNotice = (typeof ADDRESS_NOTICES)[number];

/** Data of the address book page. */
export interface AddressesData {
  meta: PageMeta;
  addresses: SavedAddress[];
  pagination: Pagination;
  country: Country;
  regions: Array<{ code: string; name: string }>;
  /** the open form: a new address, or the id of the address being edited */
  form: { mode: 'add' } | { mode: 'edit'; id: string } | null;
  done: AddressNotice | null;
}

/** The answer of a failed POST. */
export interface AddressActionData {
  intent: 'add' | 'update' | 'delete' | 'default';
  id: string | null;
  errors: FormErrors;
  values: Record<string, string>;
}

/** The path of a page of the book (`page` 0-based). */
export function addressesPagePath(paths: AccountPaths, page: number): string {
  return page > 0 ? `${paths.addresses}?page=${page + 1}` : paths.addresses;
}

/** Loads the address book page. */
export async function loadAddresses(args: ContextArgs) {
  const { ctx, api, paths } = requireAccount(args);
  const sp = ctx.url.searchParams;
  const page = pageIndexOf(sp.get('page'));
  try {
    const result = await api.listAddresses(page, ADDRESS_PAGE_SIZE);
    if (page > 0 && page >= result.pagination.totalPages) throw redirect(addressesPagePath(paths, Math.max(0, result.pagination.totalPages - 1)));
    const edit = sp.get('edit');
    const done = sp.get('done');
    const country = SITES[ctx.site].country;
    const out: AddressesData = {
      meta: { title: ctx.t('meta.title', { title: ctx.t('account.addresses.metaTitle'), brand: SITES[ctx.site].name }), noindex: true },
      addresses: result.addresses,
      pagination: { ...result.pagination, currentPage: page },
      country,
      regions: regionOptions(country, ctx.lang),
      form: sp.get('add') === '1' ? { mode: 'add' } : edit && result.addresses.some((a) => a.id === edit) ? { mode: 'edit', id: edit } : null,
      done: (ADDRESS_NOTICES as readonly string[]).includes(done ?? '') ? (done as AddressNotice) : null,
    };
    return data(out, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isUnauthorized(error)) throw redirect(paths.login(paths.addresses));
    throw error;
  }
}

/** Handles the address book forms (see module comment). */
export async function addressesAction(args: ContextArgs) {
  const { ctx, api, paths } = requireAccount(args);
  const form = await args.request.formData();
  const raw = formString(form, 'intent');
  const intent: AddressActionData['intent'] = raw === 'update' || raw === 'delete' || raw === 'default' ? raw : 'add';
  const id = formString(form, 'id') || null;
  const page = pageIndexOf(formString(form, 'page') || null);
  const back = (done: AddressNotice, toPage = page) => doneRedirect(paths.addresses, done, toPage > 0 ? { page: String(toPage + 1) } : {});
  const country = SITES[ctx.site].country;
  const values: Record<string, string> = {};
  for (const f of ADDRESS_FORM_FIELDS) values[f] = formString(form, f);
  values.defaultAddress = form.get('defaultAddress') ? 'on' : '';
  const fail = (errors: FormErrors) => data<AddressActionData>({ intent, id, errors, values }, { status: 400 });
  try {
    switch (intent) {
      case 'add':
      case 'update': {
        const submission = parseForm(form, addressBookFormSchema(country), ctx.t, addressText(country));
        if (submission.status !== 'success') return fail({ fieldErrors: firstErrors(submission), formError: null });
        const body = { ...addressInputOf(submission.value, country), defaultAddress: submission.value.defaultAddress === true };
        try {
          if (intent === 'add') {
            await api.addAddress(body);
          } else {
            if (!id) return fail({ fieldErrors: {}, formError: ctx.t('account.addresses.notFound') });
            await api.replaceAddress(id, body);
            if (body.defaultAddress) await api.setDefaultAddress(id);
          }
        } catch (error) {
          if (isUnauthorized(error)) throw error;
          if (isApiError(error) && error.status === 404) return fail({ fieldErrors: {}, formError: ctx.t('account.addresses.notFound') });
          return fail(toFormErrors(ctx.t, error, { fields: ADDRESS_FORM_FIELDS, country }));
        }
        return back(intent === 'add' ? 'added' : 'updated', intent === 'add' ? 0 : page);
      }
      case 'delete':
      case 'default': {
        if (!id) return fail({ fieldErrors: {}, formError: ctx.t('account.addresses.notFound') });
        try {
          if (intent === 'delete') await api.deleteAddress(id);
          else await api.setDefaultAddress(id);
        } catch (error) {
          if (isUnauthorized(error)) throw error;
          if (isApiError(error) && (error.status === 404 || error.status === 403))
            return fail({ fieldErrors: {}, formError: ctx.t('account.addresses.notFound') });
          return fail(toFormErrors(ctx.t, error, { fields: [] }));
        }
        return back(intent === 'delete' ? 'deleted' : 'defaulted');
      }
    }
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(paths.login(paths.addresses), 303);
    throw error;
  }
}
