/**
 * Address book, `/account/addresses` and `/fr/compte/adresses` (issue 3; spec §9 page size 4):
 * the saved addresses, four per page with paging links, the default one marked; each can be
 * edited (`?edit=<id>`, the form opens in place), deleted or made the default; "Add an address"
 * opens the new-address form (`?add=1`). Every form is a POST with the CSRF field and works
 * without JavaScript.
 */
import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/account-addresses';
import { AccountLayout, Pager } from '../components/account/AccountLayout.tsx';
import { CsrfField } from '../components/account/Csrf.tsx';
import accountCss from '../components/account/account.css?url';
import { AddressBlock, AddressFields } from '../components/checkout/AddressFields.tsx';
import { FormAlert } from '../components/checkout/Section.tsx';
import checkoutCss from '../components/checkout/checkout.css?url';
import { pageMeta } from '../lib/meta.ts';
import { useT } from '../lib/use-t.ts';
import { useAccountPaths } from '../components/account/use-account-paths.ts';
import type { SavedAddress } from './account.server.ts';
import { addressesAction, loadAddresses } from './account-addresses.server.ts';
import type { AddressActionData, AddressesData } from './account-addresses.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: checkoutCss },
  { rel: 'stylesheet', href: accountCss },
];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadAddresses(args);
}

export async function action(args: Route.ActionArgs) {
  return addressesAction(args);
}

function pageQuery(page: number, extra: string): string {
  const parts = [page > 0 ? `page=${page + 1}` : null, extra || null].filter(Boolean);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The add / edit form. */
function AddressForm({
  data,
  editing,
  result,
}: {
  data: AddressesData;
  editing: SavedAddress | null;
  result: AddressActionData | undefined;
}) {
  const t = useT();
  const paths = useAccountPaths();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === (editing ? 'update' : 'add');
  const errors = result?.errors ?? { fieldErrors: {}, formError: null };
  const firstField = Object.keys(errors.fieldErrors)[0] ?? null;
  const initial: Record<string, string> = {};
  for (const f of ['firstName', 'lastName', 'line1', 'line2', 'city', 'region', 'postalCode', 'phone'] as const) {
    initial[f] = result?.values[f] ?? editing?.[f] ?? '';
  }
  const isDefault = result ? result.values.defaultAddress === 'on' : (editing?.defaultAddress ?? data.addresses.length === 0);
  const titleId = editing ? `edit-address-title` : 'add-address-title';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!result) heading.current?.focus();
  }, [result]);
  return (
    <section className="account-panel address-form-panel" aria-labelledby={titleId}>
      <h2 id={titleId} tabIndex={-1} ref={heading}>
        {editing ? t('account.addresses.editTitle') : t('account.addresses.addTitle')}
      </h2>
      <Form method="post" noValidate className="checkout-form">
        <CsrfField />
        <input type="hidden" name="intent" value={editing ? 'update' : 'add'} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <input type="hidden" name="page" value={String(data.pagination.currentPage + 1)} />
        <FormAlert id="address-alert" message={errors.formError} />
        <AddressFields
          idPrefix="book"
          country={data.country}
          regions={data.regions}
          values={initial}
          errors={errors.fieldErrors}
          focusField={firstField}
          section="shipping"
        />
        <div className="checkbox-field">
          <input type="checkbox" id="book-default" name="defaultAddress" defaultChecked={isDefault} />
          <label htmlFor="book-default">{t('account.addresses.setDefaultCheckbox')}</label>
        </div>
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('account.saving') : t('account.addresses.save')}
          </button>
          <Link to={`${paths.addresses}${pageQuery(data.pagination.currentPage, '')}`}>{t('account.addresses.cancel')}</Link>
        </div>
      </Form>
    </section>
  );
}

export default function AccountAddressesPage({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const t = useT();
  const paths = useAccountPaths();
  const page = d.pagination.currentPage;
  const formResult = actionData && (actionData.intent === 'add' || actionData.intent === 'update') ? actionData : undefined;
  const rowResult = actionData && (actionData.intent === 'delete' || actionData.intent === 'default') ? actionData : undefined;
  const editId = formResult?.intent === 'update' ? formResult.id : d.form?.mode === 'edit' ? d.form.id : null;
  const adding = formResult?.intent === 'add' || d.form?.mode === 'add';
  const editing = editId ? (d.addresses.find((a) => a.id === editId) ?? null) : null;
  const notice = d.done ? t(`account.addresses.${d.done}`) : null;
  const name = (a: SavedAddress) => `${a.firstName} ${a.lastName}`;
  return (
    <AccountLayout
      title={t('account.addresses.title')}
      subtitle={t('account.addresses.count', { count: d.pagination.totalResults })}
      notice={notice}
      aside={
        adding ? null : (
          <Link to={`${paths.addresses}${pageQuery(page, 'add=1')}#add-address-title`} className="btn btn-primary btn-small back-link">
            {t('account.addresses.add')}
          </Link>
        )
      }
    >
      <FormAlert id="address-row-alert" message={rowResult?.errors.formError ?? null} />
      {adding ? <AddressForm data={d} editing={null} result={formResult} /> : null}
      {d.addresses.length === 0 ? (
        adding ? null : (
          <div className="account-panel account-empty">
            <p>{t('account.addresses.empty')}</p>
          </div>
        )
      ) : (
        <ul className="address-cards" aria-label={t('account.addresses.listLabel')}>
          {d.addresses.map((a) =>
            editing && a.id === editing.id ? (
              <li key={a.id} className="address-card-editing">
                <AddressForm data={d} editing={editing} result={formResult} />
              </li>
            ) : (
              <li key={a.id} className={`address-card${a.defaultAddress ? ' is-default' : ''}`}>
                {a.defaultAddress ? <span className="default-badge">{t('account.addresses.default')}</span> : null}
                <AddressBlock address={a} />
                <div className="address-card-actions">
                  <Link
                    to={`${paths.addresses}${pageQuery(page, `edit=${encodeURIComponent(a.id)}`)}#edit-address-title`}
                    className="btn btn-secondary btn-small"
                    aria-label={t('account.addresses.editFor', { name: name(a), line1: a.line1 })}
                  >
                    {t('account.addresses.edit')}
                  </Link>
                  {a.defaultAddress ? null : (
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="intent" value="default" />
                      <input type="hidden" name="id" value={a.id} />
                      <input type="hidden" name="page" value={String(page + 1)} />
                      <button
                        type="submit"
                        className="btn btn-light btn-small"
                        aria-label={t('account.addresses.makeDefaultFor', { name: name(a), line1: a.line1 })}
                      >
                        {t('account.addresses.makeDefault')}
                      </button>
                    </Form>
                  )}
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={a.id} />
                    <input type="hidden" name="page" value={String(page + 1)} />
                    <button type="submit" className="btn btn-light btn-small" aria-label={t('account.addresses.deleteFor', { name: name(a), line1: a.line1 })}>
                      {t('account.addresses.delete')}
                    </button>
                  </Form>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      <Pager page={page} totalPages={d.pagination.totalPages} path={paths.addresses} />
    </AccountLayout>
  );
}
