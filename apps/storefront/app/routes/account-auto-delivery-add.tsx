/**
 * Upcoming-order add-item page (spec §2), `/account/auto-delivery/{id}/add` and
 * `/fr/compte/livraison-automatique/{id}/ajouter`: search or browse the beverages that can be on
 * auto-delivery and add one, with a quantity, to the subscription's next order
 * (`addProductToExistingAD`). A product already in the subscription is marked; adding it anyway
 * shows the API's ALREADY_ADDED_TO_SP / ALREADY_ADDED_TO_BACKUP_PRODUCT refusal as a clear
 * message. Plain GET search form and POST add forms (work without JavaScript).
 */
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/account-auto-delivery-add';
import { AccountLayout } from '../components/account/AccountLayout.tsx';
import accountCss from '../components/account/account.css?url';
import adCss from '../components/auto-delivery/auto-delivery.css?url';
import checkoutCss from '../components/checkout/checkout.css?url';
import { ShortLabel } from '../components/auto-delivery/SubscriptionCard.tsx';
import { FormAlert } from '../components/checkout/Section.tsx';
import { CsrfField } from '../lib/csrf.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useT } from '../lib/use-t.ts';
import { useAccountPaths } from '../components/account/use-account-paths.ts';
import { addItemAction, loadAddItem } from './account-auto-delivery-add.server.ts';
import type { AddableProduct } from './account-auto-delivery-add.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: checkoutCss },
  { rel: 'stylesheet', href: accountCss },
  { rel: 'stylesheet', href: adCss },
];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadAddItem(args);
}

export async function action(args: Route.ActionArgs) {
  return addItemAction(args);
}

function ProductRow({ p, maxQty, error }: { p: AddableProduct; maxQty: number; error: string | null }) {
  const t = useT();
  const nav = useNavigation();
  const busy = nav.state !== 'idle' && nav.formData?.get('productCode') === p.code;
  const name = p.sizeLabel ? `${p.name} (${p.sizeLabel})` : p.name;
  const qtyId = `add-qty-${p.code}`;
  return (
    <li className={`ad-add-product${error ? ' has-error' : ''}`}>
      <div className="ad-item-image">{p.imageUrl ? <img src={p.imageUrl} alt="" width={96} height={96} loading="lazy" decoding="async" /> : null}</div>
      <div className="ad-add-info">
        <h2 className="ad-item-name">{name}</h2>
        <p className="ad-add-price">
          {t('ad.item.each', { price: p.price })} {p.listPrice ? <s className="price-was">{p.listPrice}</s> : null}
        </p>
        {p.inSubscription ? <p className="status-badge">{t('ad.add.inSubscription')}</p> : null}
        {error ? <FormAlert id={`add-error-${p.code}`} message={error} /> : null}
      </div>
      <Form method="post" className="ad-add-form" preventScrollReset>
        <CsrfField />
        <input type="hidden" name="productCode" value={p.code} />
        <input type="hidden" name="maxQty" value={maxQty} />
        <div className="field">
          <ShortLabel htmlFor={qtyId} short={t('ad.add.qty')} full={t('ad.add.qtyFor', { name })} />
          <select id={qtyId} name="qty" defaultValue="1">
            {Array.from({ length: maxQty }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary btn-small" disabled={busy} aria-busy={busy || undefined} aria-label={t('ad.add.submitFor', { name })}>
          {t('ad.add.submit')}
        </button>
      </Form>
    </li>
  );
}

export default function AutoDeliveryAddItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const t = useT();
  const paths = useAccountPaths();
  const back = (
    <Link to={paths.autoDelivery} className="back-link">
      {t('ad.add.back')}
    </Link>
  );
  if (!d.subscription) {
    return (
      <AccountLayout title={t('ad.error.notFound')} aside={back}>
        <p>{t('ad.error.notFound')}</p>
      </AccountLayout>
    );
  }
  const here = paths.autoDeliveryAdd(d.subscription.id);
  const pageHref = (n: number) => {
    const q = new URLSearchParams();
    if (d.term) q.set('q', d.term);
    if (n > 0) q.set('page', String(n + 1));
    const s = q.toString();
    return s ? `${here}?${s}` : here;
  };
  return (
    <AccountLayout title={t('ad.add.title')} subtitle={t('ad.add.subtitle', { date: d.nextShipOn })} aside={back}>
      <Form method="get" className="ad-search" role="search">
        <div className="field">
          <label htmlFor="ad-search-q">{t('ad.add.search')}</label>
          <input type="search" id="ad-search-q" name="q" defaultValue={d.term} maxLength={100} />
        </div>
        <button type="submit" className="btn btn-secondary">
          {t('ad.add.searchSubmit')}
        </button>
      </Form>
      <p className="ad-add-count" aria-live="polite">
        {t('ad.add.results', { count: d.products.length })}
      </p>
      {d.products.length === 0 ? (
        <p className="account-panel">{t('ad.add.none')}</p>
      ) : (
        <ul className="ad-add-list" aria-label={t('ad.add.resultsLabel')}>
          {d.products.map((p) => (
            <ProductRow key={p.code} p={p} maxQty={d.subscription?.maxQtyPerItem ?? 12} error={actionData?.productCode === p.code ? actionData.error : null} />
          ))}
        </ul>
      )}
      {d.totalPages > 1 ? (
        <nav className="account-pager" aria-label={t('account.paging.label')}>
          <ul>
            <li>{d.page > 0 ? <Link to={pageHref(d.page - 1)}>{t('ad.add.previous')}</Link> : null}</li>
            <li>{d.page < d.totalPages - 1 ? <Link to={pageHref(d.page + 1)}>{t('ad.add.next')}</Link> : null}</li>
          </ul>
        </nav>
      ) : null}
    </AccountLayout>
  );
}
