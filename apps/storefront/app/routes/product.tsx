/**
 * Product and bundle page (spec §2, VISUAL.md "Product page"): image left, buy box right (name,
 * size, price per spec §5, variant swatches, quantity, add to cart, stock status, distance to
 * free shipping), then description, classifications table and bundle contents. The variant comes
 * from the URL fragment (variantUrlSuffix, read after hydration), `?variant=` (server, no
 * JavaScript) or the default variant.
 */
import { Suspense, useEffect, useState } from 'react';
import { Await, Link } from 'react-router';
import { formatMoney, isBeverageProduct, pointsForOrder, sizeLabel } from '@store/domain';
import type { CurrencyIso } from '@store/domain';
import type { ProductFull, VariantOption } from '@store/contracts';
import type { Route } from './+types/product';
import { AddToCartForm } from '../components/product/AddToCartForm.tsx';
import { AddToCompare } from '../components/compare/AddToCompare.tsx';
import { NotifyMeForm } from '../components/marketing/MarketingForms.tsx';
import { displayedMinor, Price, priceStrings, toMinor } from '../components/product/Price.tsx';
import { StockStatus } from '../components/product/StockStatus.tsx';
import { VariantSwatches } from '../components/product/VariantSwatches.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { DiscountMessage } from '../components/promotions/DiscountMessage.tsx';
import { FreeShippingProgress } from '../components/promotions/FreeShippingProgress.tsx';
import type { PdpFreeShipping } from '../components/promotions/FreeShippingProgress.tsx';
import { SectionBoundary } from '../components/cms/CmsBlocks.tsx';
import { RecsCarousel, RecsIsland } from '../components/recs/RecsIsland.tsx';
import { pageMeta } from '../lib/meta.ts';
import { pathsFor } from '../lib/paths.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';
import { loadProductPage } from './product.server.ts';
import { PurchaseOptions } from '../components/autodelivery/PurchaseOptions.tsx';
import { CampaignOffer } from '../components/autodelivery/CampaignOffer.tsx';
import { AddToNextAutoDelivery } from '../components/auto-delivery/AddToNextAutoDelivery.tsx';
import { adBuyPaths } from '../components/autodelivery/paths.ts';
import type { PdpLoyalty, PdpPromo } from './product.server.ts';
import { FrequentlyBoughtTogether } from '../components/fbt/FrequentlyBoughtTogether.tsx';
import { OosAlternatives } from '../components/fbt/OosAlternatives.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadProductPage(args);
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

/** The variant whose URL suffix is in the fragment (`#24ct`), if any. */
export function variantFromHash(options: VariantOption[], hash: string): VariantOption | undefined {
  const raw = hash.replace(/^#/, '');
  if (!raw) return undefined;
  let suffix = raw;
  try {
    suffix = decodeURIComponent(raw);
  } catch {
    // keep raw
  }
  return options.find((o) => o.variantUrlSuffix === suffix || o.variantUrlSuffix === `#${suffix}`);
}

/**
 * Free shipping without a cart (issue 4): the whole site threshold (the product answer's distance
 * plus the default variant's price), or "qualifies" when the shown variant alone reaches it.
 */
function noCartFreeShipping(product: ProductFull, variant: VariantOption | undefined): PdpFreeShipping {
  const currency: CurrencyIso = product.amountAwayFromFreeShipping.currencyIso === 'CAD' ? 'CAD' : 'USD';
  const awayDefault = toMinor(product.amountAwayFromFreeShipping.value);
  const chosen = displayedMinor(variant ?? product).priceMinor;
  if (awayDefault <= 0) return { kind: 'noCart', threshold: null, itemQualifies: true };
  const thresholdMinor = awayDefault + displayedMinor(product).priceMinor;
  return {
    kind: 'noCart',
    threshold: { value: thresholdMinor / 100, formattedValue: '', currencyIso: currency },
    itemQualifies: chosen >= thresholdMinor,
  };
}

/** The buy box's free-shipping progress and discount message (deferred; never breaks the page). */
function BuyBoxPromo({
  promo,
  product,
  variant,
  adFreeShipping = false,
}: {
  promo: Promise<PdpPromo>;
  product: ProductFull;
  variant: VariantOption | undefined;
  /** issue 10: auto-delivery is chosen and ships free, so the threshold progress is beside the point */
  adFreeShipping?: boolean;
}) {
  const { locale, cartFreeShipping } = useShell();
  if (product.isVirtual) return null;
  const placeholder = <div className="pdp-free-shipping" aria-hidden="true" />;
  return (
    <SectionBoundary>
      <Suspense fallback={placeholder}>
        <Await resolve={promo} errorElement={null}>
          {(data) => {
            // a shared page composed for a visitor with a cart has the cart's progress in the shell (ADR 0040)
            const fromShell: PdpFreeShipping | null = cartFreeShipping ? { kind: 'cart', ...cartFreeShipping } : null;
            let status = data.freeShipping ?? fromShell ?? noCartFreeShipping(product, variant);
            if (status.kind === 'noCart' && status.threshold) {
              const minor = toMinor(status.threshold.value);
              const currency: CurrencyIso = status.threshold.currencyIso === 'CAD' ? 'CAD' : 'USD';
              status = { ...status, threshold: { ...status.threshold, formattedValue: formatMoney(minor, currency, locale) } };
            }
            return (
              <>
                {data.discountMessage ? <DiscountMessage message={data.discountMessage} joinHref={data.loyalty?.joinHref} /> : null}
                {data.loyalty ? <PointsPreview loyalty={data.loyalty} product={product} variant={variant} /> : null}
                {adFreeShipping ? null : <FreeShippingProgress status={status} />}
              </>
            );
          }}
        </Await>
      </Suspense>
    </SectionBoundary>
  );
}

function Description({ text }: { text: string }) {
  const paragraphs = text
    .replace(/<[^>]*>/g, ' ')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </>
  );
}

function BundleContents({ product }: { product: ProductFull }) {
  const t = useT();
  const { lang } = useShell();
  const bundle = product.bundleTemplateData;
  if (!bundle) return null;
  return (
    <section className="pdp-section" aria-labelledby="bundle-title">
      <h2 id="bundle-title">{t('product.bundleContents')}</h2>
      <ul className="bundle-items">
        {bundle.masterTemplateData.bundleProductsData.map((item) => {
          const image = item.productData.images[0];
          return (
            <li key={item.productData.code} className="bundle-item">
              {image ? <img src={image.url} alt="" width={96} height={96} loading="lazy" /> : null}
              <div>
                <p className="bundle-item-name">
                  <span className="bundle-qty">{t('product.bundleItemQty', { qty: item.qty })}</span>{' '}
                  <Link to={item.productData.url}>{item.productData.name}</Link>
                </p>
                {item.productData.count !== null ? (
                  <p className="muted">{sizeLabel(item.productData.count, null, lang) ?? item.productData.sizeLabel}</p>
                ) : null}
                {!item.bundleInStock ? <p className="stock stock-outOfStock">{t('product.bundleItemOutOfStock')}</p> : null}
              </div>
              <p className="bundle-item-price">{item.productBundlePrice.formattedValue}</p>
            </li>
          );
        })}
      </ul>
      <p className="bundle-total">{t('product.bundleItemsTotal', { price: bundle.itemsTotalPrice.formattedValue })}</p>
    </section>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, selectedCode, crossSell, promo, adOffers, initialAd, campaign, campaignError, fbt, alternatives, fbtError } = loaderData;
  const t = useT();
  const { lang, locale } = useShell();
  const paths = pathsFor(lang);
  const [selected, setSelected] = useState(selectedCode);
  useEffect(() => setSelected(selectedCode), [selectedCode]);
  useEffect(() => {
    const fromHash = variantFromHash(product.variantOptions, window.location.hash);
    if (fromHash) setSelected(fromHash.code);
  }, [product]);

  const variant = product.variantOptions.find((v) => v.code === selected);
  // issue 10: the purchase choice for an auto-delivery-eligible variant (plain buy box otherwise)
  const adOffer = adOffers[variant?.code ?? product.defaultVariantCode] ?? null;
  const [adChosen, setAdChosen] = useState(initialAd);
  const priceSource = variant ?? product;
  const image = variant?.images[0] ?? product.images[0];
  const sized = product.productType === 'Coffee' || (product.productType === 'Bundle' && product.count !== null);
  const size = !sized ? null : variant ? (sizeLabel(variant.count, product.packType, lang) ?? variant.sizeLabel) : sizeLabel(product.count, product.packType, lang);
  const stock = variant?.stock.stockLevelStatus ?? product.stock.stockLevelStatus;
  const multi = product.variantOptions.length > 1;
  const category = product.categories[product.categories.length - 1];
  const { was } = priceStrings(
    {
      priceData: priceSource.priceData,
      discountPriceData: variant ? variant.discountPriceData : product.discountPriceData,
      isDiscountPrice: priceSource.isDiscountPrice,
      salesPriceStrategy: priceSource.salesPriceStrategy,
      promotedPriceData: variant?.promotedPriceData ?? null,
      personalizedPriceData: variant?.personalizedPriceData ?? null,
    },
    locale,
  );

  function select(code: string) {
    setSelected(code);
    const v = product.variantOptions.find((o) => o.code === code);
    if (v?.variantUrlSuffix) window.history.replaceState(window.history.state, '', `#${v.variantUrlSuffix.replace(/^#/, '')}`);
  }

  const specs = product.classifications.filter((c) => c.features.length > 0);
  return (
    <div className="container pdp" data-product-code={product.code}>
      <Breadcrumbs
        items={[
          { label: t('breadcrumb.home'), to: paths.home },
          ...(category ? [{ label: category.name, to: category.url }] : []),
          { label: product.name },
        ]}
      />
      <div className="pdp-main">
        <div className="pdp-gallery">
          {image ? (
            <img src={image.url} alt={image.altText || product.name} width={640} height={640} className="pdp-image" fetchPriority="high" />
          ) : null}
          {was ? <span className="badge badge-sale pdp-badge">%</span> : null}
        </div>
        <div className="pdp-buybox">
          {product.brand ? <p className="pdp-brand">{product.brand}</p> : null}
          <h1 className="pdp-title">{product.name}</h1>
          {size ? <p className="pdp-size">{size}</p> : null}
          <Price
            input={{
              priceData: priceSource.priceData,
              discountPriceData: variant ? variant.discountPriceData : product.discountPriceData,
              isDiscountPrice: priceSource.isDiscountPrice,
              salesPriceStrategy: priceSource.salesPriceStrategy,
              promotedPriceData: variant?.promotedPriceData ?? null,
              personalizedPriceData: variant?.personalizedPriceData ?? null,
            }}
            locale={locale}
            size="lg"
          />
          <StockStatus status={stock} />
          <AddToCartForm
            productCode={multi ? undefined : (variant?.code ?? product.defaultVariantCode)}
            productName={product.name}
            withQuantity
            soldOut={stock === 'outOfStock'}
            className="pdp-cart"
            entryTypeInChildren={adOffer !== null}
          >
            {/* issue 13 (ADR 0032): a bundle goes in with bundleAddToCart (every component checked) */}
            {product.isBundle ? <input type="hidden" name="kind" value="bundle" /> : null}
            {multi ? (
              <VariantSwatches
                options={product.variantOptions}
                selected={selected}
                onSelect={select}
                packType={product.packType}
                productType={product.productType}
              />
            ) : null}
            {adOffer ? <PurchaseOptions key={adOffer.variantCode} offer={adOffer} suggestPath={adBuyPaths(lang).suggest} initialAd={adChosen} onAdChange={setAdChosen} /> : null}
          </AddToCartForm>
          {/* issue 12: an out-of-stock variant is no dead end: notify me when it's back */}
          {stock === 'outOfStock' ? <NotifyMeForm key={variant?.code ?? product.defaultVariantCode} variantCode={variant?.code ?? product.defaultVariantCode} /> : null}
          {/* issue 13 (ADR 0031): brewer compare / product comparison */}
          <AddToCompare code={product.code} name={product.name} productType={product.productType} />
          {campaign ? <CampaignOffer offer={campaign} error={campaignError} /> : null}
          {adOffer ? <AddToNextAutoDelivery variantCode={adOffer.variantCode} /> : null}
          <BuyBoxPromo promo={promo} product={product} variant={variant} adFreeShipping={adChosen && adOffer !== null && adOffer.freeShipping} />
          {product.summary ? <p className="pdp-summary">{product.summary}</p> : null}
        </div>
      </div>
      {/* issue 13 (ADR 0032): a sold-out choice offers in-stock alternatives; then what goes with the product */}
      {stock === 'outOfStock' ? <OosAlternatives alternatives={alternatives} /> : null}
      <FrequentlyBoughtTogether product={product} variant={variant} partners={fbt} error={fbtError} />
      <div className="pdp-details">
      {product.description ? (
        <section className="pdp-section" aria-labelledby="desc-title">
          <h2 id="desc-title">{t('product.description')}</h2>
          <div className="prose">
            <Description text={product.description} />
          </div>
        </section>
      ) : null}
      <BundleContents product={product} />
      {specs.length > 0 ? (
        <section className="pdp-section" aria-labelledby="spec-title">
          <h2 id="spec-title">{t('product.specifications')}</h2>
          {specs.map((c) => (
            <table key={c.code} className="spec-table">
              <caption>{c.name}</caption>
              <tbody>
                {c.features.map((f) => (
                  <tr key={f.code}>
                    <th scope="row">{f.name}</th>
                    <td>{f.featureValues.map((v) => v.value).join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </section>
      ) : null}
      </div>
      <SectionBoundary>
        <Suspense fallback={null}>
          <Await resolve={crossSell} errorElement={null}>
            {(list) =>
              list ? <RecsCarousel title={list.title} data={list} className="pdp-cross-sell" /> : null
            }
          </Await>
        </Suspense>
      </SectionBoundary>
      {/* issue 13 (ADR 0033): records the view (recent-products cookie) and shows the others, after load */}
      <RecsIsland component="recent" viewed={product.code} />
    </div>
  );
}

/**
 * Issue 12 (ADR 0028): "Earn N Perks points with this item" — one unit at the displayed price, at
 * the site's base rate (the domain's `pointsForOrder`; tier bonuses and order discounts are applied
 * at placement). Nothing for products that earn nothing (brewers, accessories, gift cards).
 */
function PointsPreview({ loyalty, product, variant }: { loyalty: PdpLoyalty; product: ProductFull; variant: VariantOption | undefined }) {
  const t = useT();
  if (!isBeverageProduct(product.productType, null)) return null;
  const totalMinor = displayedMinor(variant ?? product).priceMinor;
  const points = pointsForOrder([{ entryNumber: 0, totalMinor, beverage: true, autoDelivery: false }], 0, loyalty, { earnBonusBps: 0 })[0]?.points ?? 0;
  if (points <= 0) return null;
  return (
    <p className="pdp-points-preview" data-testid="points-preview">
      {t('loyalty.preview.product', { points })}
    </p>
  );
}
