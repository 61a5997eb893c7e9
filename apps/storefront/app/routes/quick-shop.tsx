/**
 * Quick shop (issue 13, ADR 0035; spec §9 "Quick Shop category ids" BV_BDN_DD_KC, BR, ACC_GC and
 * "Product select page size 36"): `/quick-shop` and `/fr/achat-rapide`, one section per category
 * id (links `?tab=`), a product picker of 36 products a page (`?page=`, 1-based) read from
 * `GET /categories/{code}/products`, and a quantity and add-to-cart form on every product (a plain
 * POST to the add-to-cart resource route without JavaScript); a card with several variants has a
 * size or colour select posting the chosen variant code (ADR 0035 amendment). Nothing per visitor:
 * shared by the page cache (ADR 0019).
 */
import { Link } from 'react-router';
import { QUICK_SHOP_PAGE_SIZE, QUICK_SHOP_TABS, quickShopCategoryOf, quickShopPageOf, SITES } from '@store/domain';
import type { QuickShopCategory } from '@store/domain';
import type { Route } from './+types/quick-shop';
import { AddToCartForm } from '../components/product/AddToCartForm.tsx';
import { ProductGrid } from '../components/product/ProductCard.tsx';
import { QuickShopVariantSelect, quickShopInitialVariant } from '../components/landing/QuickShopVariantSelect.tsx';
import landingCss from '../components/landing/landing.css?url';
import { quickShopPath } from '../components/landing/paths.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { rethrowLookupError } from '../lib/errors.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: landingCss }];

/** i18n keys of the section names. */
const TAB_KEYS = {
  BV_BDN_DD_KC: 'quickShop.tab.beverages',
  BR: 'quickShop.tab.brewers',
  ACC_GC: 'quickShop.tab.accessories',
} as const satisfies Record<QuickShopCategory, string>;

/** `?tab=&page=` of a section and page (1-based; the defaults are left out). */
function quickShopHref(lang: 'en' | 'fr', tab: QuickShopCategory, page: number): string {
  const p = new URLSearchParams();
  if (tab !== QUICK_SHOP_TABS[0]) p.set('tab', tab);
  if (page > 1) p.set('page', String(page));
  const qs = p.toString();
  return qs ? `${quickShopPath(lang)}?${qs}` : quickShopPath(lang);
}

export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const tab = quickShopCategoryOf(ctx.url.searchParams.get('tab'));
  const page = quickShopPageOf(ctx.url.searchParams.get('page'));
  let list;
  try {
    list = await ctx.api.getCategoryProducts(ctx.site, tab, { lang: ctx.lang, page, pageSize: QUICK_SHOP_PAGE_SIZE });
  } catch (error) {
    rethrowLookupError(error, ctx.paths.discontinued);
  }
  const title = ctx.t('quickShop.title');
  return {
    tab,
    page: page + 1,
    totalPages: list.pagination.totalPages,
    totalResults: list.pagination.totalResults,
    categoryName: list.category.name,
    products: list.products,
    meta: {
      title: ctx.t('meta.title', { title, brand: SITES[ctx.site].name }),
      description: ctx.t('quickShop.intro'),
      canonical: quickShopHref(ctx.lang, tab, page + 1),
      origin: ctx.url.origin,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

function Pager({ tab, page, totalPages }: { tab: QuickShopCategory; page: number; totalPages: number }) {
  const t = useT();
  const { lang } = useShell();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('listing.pagination')}>
      <p className="quick-shop-page">{t('listing.pageOf', { page: Math.min(page, totalPages), total: totalPages })}</p>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={quickShopHref(lang, tab, Math.min(page - 1, totalPages))} rel="prev" className="page-link">
              ‹ {t('listing.previous')}
            </Link>
          </li>
        ) : null}
        {page < totalPages ? (
          <li>
            <Link to={quickShopHref(lang, tab, page + 1)} rel="next" className="page-link">
              {t('listing.next')} ›
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

export default function QuickShop({ loaderData }: Route.ComponentProps) {
  const { tab, page, totalPages, totalResults, products } = loaderData;
  const t = useT();
  const { lang } = useShell();
  return (
    <div className="container quick-shop">
      <h1>{t('quickShop.title')}</h1>
      <p className="landing-intro">{t('quickShop.intro')}</p>
      <nav className="quick-shop-tabs" aria-label={t('quickShop.tabs')}>
        <ul>
          {QUICK_SHOP_TABS.map((c) => (
            <li key={c}>
              <Link to={quickShopHref(lang, c, 1)} className={`quick-shop-tab${c === tab ? ' is-current' : ''}`} aria-current={c === tab ? 'page' : undefined}>
                {t(TAB_KEYS[c])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="quick-shop-section">
        <h2 id="quick-shop-section" className="quick-shop-heading">
          {t(TAB_KEYS[tab])} <span className="muted">{t('quickShop.count', { count: totalResults })}</span>
        </h2>
        {products.length === 0 ? (
          <p>{t('quickShop.empty')}</p>
        ) : (
          <ProductGrid
            products={products}
            eagerCount={4}
            cardAction={(p) => {
              // issue 13: a card with several variants posts the chosen one (select named productCode)
              const start = quickShopInitialVariant(p);
              const choose = p.variants.length > 1;
              return (
                <AddToCartForm
                  productCode={choose ? undefined : p.defaultVariantCode}
                  productName={p.name}
                  soldOut={choose ? start.soldOut : p.stock.stockLevelStatus === 'outOfStock'}
                  withQuantity
                  className="card-cart quick-shop-cart"
                >
                  {choose ? <QuickShopVariantSelect card={p} selected={start.code} /> : null}
                </AddToCartForm>
              );
            }}
          />
        )}
        <Pager tab={tab} page={page} totalPages={totalPages} />
      </section>
    </div>
  );
}
