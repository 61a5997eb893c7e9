/**
 * "Frequently bought together" on the product page (issue 13; ADR 0032; spec §3
 * `frequentlyBoughtTogether`, §7 frequentlyBoughtTogetherAddToCart): the product and up to three
 * partners, each with a checkbox, the total of the checked ones, and ONE "Add all to cart" form.
 * Without JavaScript the form posts every checked code and lands on the cart; with JavaScript a
 * fetcher posts it, the total follows the checkboxes, and the usual added-to-cart message shows.
 * Deferred: rendered only when the partners arrive; a failure renders nothing. React reveals a
 * streamed section with a small inline script, so a browser without JavaScript keeps the
 * placeholder: it holds a `<noscript>` link to `?fbt=all`, where the loader awaits the partners and
 * the block is part of the HTML (then the form posts without JavaScript).
 */
import { Suspense, useEffect, useState } from 'react';
import { Await, Link, useFetcher, useLocation } from 'react-router';
import { formatMoney, type CurrencyIso } from '@store/domain';
import type { ProductCard, ProductFull, VariantOption } from '@store/contracts';
import { SectionBoundary } from '../cms/CmsBlocks.tsx';
import { NoScriptLink } from './NoScriptLink.tsx';
import { displayedMinor } from '../product/Price.tsx';
import { CsrfField } from '../../lib/csrf.tsx';
import { useCartUi } from '../../lib/cart-ui.ts';
import { pathsFor } from '../../lib/paths.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/use-t.ts';
import { addSeveralPath } from './paths.ts';

/** One row of the block. */
interface FbtItem {
  /** the code posted (the chosen variant of the product; a partner's base product → its default variant) */
  code: string;
  name: string;
  url: string;
  imageUrl: string | null;
  priceMinor: number;
  currency: CurrencyIso;
  main: boolean;
}

type FbtAnswer = { ok: true; cartQuantity: number; count?: number } | { ok: false; reason: string };

function errorKey(reason: string) {
  if (reason === 'outOfStock' || reason === 'insufficientStock') return 'fbt.error.outOfStock' as const;
  if (reason === 'noneChosen') return 'fbt.none' as const;
  return 'fbt.error.generic' as const;
}

/** The block (see module comment). `error`: a refusal reason after a form post without JavaScript. */
export function FrequentlyBoughtTogether({
  product,
  variant,
  partners,
  error,
}: {
  product: ProductFull;
  variant: VariantOption | undefined;
  partners: Promise<ProductCard[] | null> | ProductCard[] | null;
  error: string | null;
}) {
  // already awaited (`?fbt=all`): rendered in the HTML itself, no streamed section
  if (!(partners instanceof Promise)) {
    return <SectionBoundary>{partners && partners.length > 0 ? <FbtForm product={product} variant={variant} partners={partners} error={error} /> : null}</SectionBoundary>;
  }
  return (
    <SectionBoundary>
      <Suspense fallback={<NoScriptLink param="fbt" anchor="fbt-title" label="fbt.show" />}>
        <Await resolve={partners} errorElement={null}>
          {(list) => (list && list.length > 0 ? <FbtForm product={product} variant={variant} partners={list} error={error} /> : null)}
        </Await>
      </Suspense>
    </SectionBoundary>
  );
}

function FbtForm({ product, variant, partners, error }: { product: ProductFull; variant: VariantOption | undefined; partners: ProductCard[]; error: string | null }) {
  const t = useT();
  const { lang, locale } = useShell();
  const hydrated = useHydrated();
  const fetcher = useFetcher<FbtAnswer>();
  const location = useLocation();
  const ui = useCartUi();
  const currencyOf = (iso: string): CurrencyIso => (iso === 'CAD' ? 'CAD' : 'USD');
  const source = variant ?? product;
  const mainInStock = source.stock.stockLevelStatus !== 'outOfStock';
  const items: FbtItem[] = [
    ...(mainInStock
      ? [
          {
            code: variant?.code ?? product.defaultVariantCode,
            name: product.name,
            url: product.url,
            imageUrl: (variant?.images[0] ?? product.images[0])?.url ?? null,
            priceMinor: displayedMinor(source).priceMinor,
            currency: currencyOf(source.priceData.currencyIso),
            main: true,
          },
        ]
      : []),
    ...partners.map((p) => ({
      code: p.code,
      name: p.name,
      url: p.url,
      imageUrl: p.images[0]?.url ?? null,
      priceMinor: displayedMinor(p).priceMinor,
      currency: currencyOf(p.priceData.currencyIso),
      main: false,
    })),
  ];
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(items.map((i) => i.code)));
  useEffect(() => setChecked(new Set(items.map((i) => i.code))), [items.map((i) => i.code).join(',')]);
  const chosen = items.filter((i) => checked.has(i.code));
  const currency = items[0]?.currency ?? 'USD';
  const total = formatMoney(
    chosen.reduce((s, i) => s + i.priceMinor, 0),
    currency,
    locale,
  );
  const answer = fetcher.data;
  const busy = fetcher.state !== 'idle';
  useEffect(() => {
    if (answer?.ok) {
      ui.setCartQuantity(answer.cartQuantity);
      ui.notify({ kind: 'success', text: t('fbt.added', { count: answer.count ?? chosen.length }), link: { href: pathsFor(lang).cart, label: t('addToCart.viewCart') } });
    }
  }, [answer]); // once per answer
  const shownError = answer && !answer.ok ? answer.reason : error;
  const all = chosen.length === items.length;
  const toggle = (code: string) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  return (
    <section className="pdp-section fbt" aria-labelledby="fbt-title">
      <h2 id="fbt-title">{t('fbt.title')}</h2>
      <fetcher.Form method="post" action={addSeveralPath(lang)} className="fbt-form">
        <CsrfField />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {hydrated ? <input type="hidden" name="_mode" value="fetch" /> : null}
        <ul className="fbt-items">
          {items.map((item) => {
            const id = `fbt-${item.code}`;
            return (
              <li key={item.code} className="fbt-item">
                {item.imageUrl ? <img src={item.imageUrl} alt="" width={120} height={120} loading="lazy" className="fbt-image" /> : null}
                <div className="fbt-item-text">
                  <input
                    id={id}
                    type="checkbox"
                    name="productCodes"
                    value={item.code}
                    checked={checked.has(item.code)}
                    onChange={() => toggle(item.code)}
                    aria-label={t('fbt.include', { name: item.name })}
                  />
                  <label htmlFor={id} className="fbt-name">
                    {item.main ? t('fbt.thisItem', { name: item.name }) : item.name}
                  </label>
                  {item.main ? null : (
                    <Link to={item.url} className="fbt-link" aria-label={item.name}>
                      ›
                    </Link>
                  )}
                  <p className="fbt-price">{formatMoney(item.priceMinor, item.currency, locale)}</p>
                </div>
              </li>
            );
          })}
        </ul>
        <div className="fbt-summary">
          <p className="fbt-total" aria-live="polite">
            {t('fbt.total', { count: chosen.length, price: total })}
          </p>
          <button type="submit" className="btn btn-primary" disabled={busy || chosen.length === 0} aria-busy={busy || undefined}>
            {busy ? t('fbt.adding') : all ? t('fbt.addAll') : t('fbt.addSelected')}
          </button>
          {shownError ? (
            <p className="form-error" role="alert">
              {t(errorKey(shownError))}
            </p>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}
