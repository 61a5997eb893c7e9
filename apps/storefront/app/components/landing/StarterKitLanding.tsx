/**
 * A starter-kit landing page (issue 13, ADR 0035; spec §2 landing slugs), from its content
 * slots in order: hero (headline, the kit's summary, a link down to the kit), what's in the kit
 * (each component with its quantity, size and price, the kit price, what it saves against buying
 * the items separately, and the bundle page's add-to-cart form), benefits and FAQ (`<details>`,
 * no JavaScript needed). Nothing per visitor: the page may be shared by the page cache (ADR 0019).
 */
import { Link } from 'react-router';
import { formatMoney, sizeLabel } from '@store/domain';
import type { ProductFull } from '@store/contracts';
import { mediaUrl } from '../cms/media.ts';
import { AddToCartForm } from '../product/AddToCartForm.tsx';
import { displayedMinor, Price, toMinor } from '../product/Price.tsx';
import { StockStatus } from '../product/StockStatus.tsx';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import type { LandingBlock, LandingView } from './landing-types.ts';

/** What the kit saves against its items bought separately, in minor units (0 when nothing). */
export function kitSavingsMinor(kit: ProductFull): number {
  const bundle = kit.bundleTemplateData;
  if (!bundle) return 0;
  return Math.max(0, toMinor(bundle.itemsTotalPrice.value) - displayedMinor(kit).priceMinor);
}

function Hero({ data, kitAnchor }: { data: Extract<LandingBlock, { kind: 'hero' }>['data']; kitAnchor: string | null }) {
  return (
    <section className="hero landing-hero" style={{ background: data.background ?? undefined, color: data.foreground ?? undefined }}>
      <div className="hero-copy">
        <h1 className="hero-title">{data.headline}</h1>
        {data.text ? <p className="hero-text">{data.text}</p> : null}
        {data.ctaLabel && kitAnchor ? (
          <a href={`#${kitAnchor}`} className="btn btn-light btn-hero">
            {data.ctaLabel}
          </a>
        ) : null}
      </div>
      {data.imageProductCode ? (
        <div className="hero-media">
          <img src={mediaUrl(data.imageProductCode)} alt="" width={520} height={520} fetchPriority="high" />
        </div>
      ) : null}
    </section>
  );
}

function KitContents({ block, headingLevel }: { block: Extract<LandingBlock, { kind: 'kit' }>; headingLevel: 1 | 2 }) {
  const t = useT();
  const { lang, locale } = useShell();
  const { kit, data } = block;
  const bundle = kit.bundleTemplateData!;
  const savings = kitSavingsMinor(kit);
  const currency = kit.priceData.currencyIso === 'CAD' ? 'CAD' : 'USD';
  const soldOut = kit.stock.stockLevelStatus === 'outOfStock' || !bundle.bundleInStock;
  const H = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = `${data.uid}-title`;
  return (
    <section id="kit-contents" className="landing-kit" aria-labelledby={headingId}>
      <H id={headingId}>{data.title}</H>
      {data.intro ? <p className="landing-intro">{data.intro}</p> : null}
      <div className="landing-kit-grid">
        <ul className="landing-kit-items">
          {bundle.masterTemplateData.bundleProductsData.map((item) => {
            const image = item.productData.images[0];
            const size = item.productData.count !== null ? (sizeLabel(item.productData.count, null, lang) ?? item.productData.sizeLabel) : null;
            return (
              <li key={item.productData.code} className="landing-kit-item">
                {image ? <img src={image.url} alt="" width={96} height={96} loading="lazy" /> : null}
                <div>
                  <p className="landing-kit-item-name">
                    <span className="landing-qty">{t('product.bundleItemQty', { qty: item.qty })}</span> <Link to={item.productData.url}>{item.productData.name}</Link>
                  </p>
                  {size ? <p className="muted">{size}</p> : null}
                  {!item.bundleInStock ? <p className="stock stock-outOfStock">{t('product.bundleItemOutOfStock')}</p> : null}
                </div>
                <p className="landing-kit-item-price">{item.productBundlePrice.formattedValue}</p>
              </li>
            );
          })}
        </ul>
        <aside className="landing-kit-buy" aria-label={t('landing.buy.label', { name: kit.name })}>
          <p className="landing-kit-name">{kit.name}</p>
          <p className="landing-separately">{t('landing.separately', { price: bundle.itemsTotalPrice.formattedValue })}</p>
          <Price input={kit} locale={locale} size="lg" />
          {savings > 0 ? <p className="landing-savings">{t('landing.savings', { amount: formatMoney(savings, currency, locale) })}</p> : null}
          <StockStatus status={soldOut ? 'outOfStock' : kit.stock.stockLevelStatus} />
          <AddToCartForm productCode={kit.defaultVariantCode} productName={kit.name} soldOut={soldOut} withQuantity className="landing-cart" buttonLabel={t('landing.addKit')} />
          <p className="landing-kit-link">
            <Link to={kit.url}>{t('landing.kitDetails')}</Link>
          </p>
        </aside>
      </div>
    </section>
  );
}

function Benefits({ data }: { data: Extract<LandingBlock, { kind: 'benefits' }>['data'] }) {
  const id = `${data.uid}-title`;
  return (
    <section className="landing-benefits" aria-labelledby={id}>
      <h2 id={id}>{data.title}</h2>
      <ul>
        {data.items.map((b) => (
          <li key={b.title}>
            <h3>{b.title}</h3>
            <p>{b.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Faq({ data }: { data: Extract<LandingBlock, { kind: 'faq' }>['data'] }) {
  const id = `${data.uid}-title`;
  return (
    <section className="landing-faq" aria-labelledby={id}>
      <h2 id={id}>{data.title}</h2>
      {data.items.map((q) => (
        <details key={q.question}>
          <summary>{q.question}</summary>
          <p>{q.answer}</p>
        </details>
      ))}
    </section>
  );
}

/** The whole landing page. */
export function StarterKitLanding({ view }: { view: LandingView }) {
  const hasHero = view.blocks.some((b) => b.kind === 'hero');
  const hasKit = view.blocks.some((b) => b.kind === 'kit');
  return (
    <div className="landing-page">
      {view.blocks.map((b) => {
        switch (b.kind) {
          case 'hero':
            return <Hero key={b.data.uid} data={b.data} kitAnchor={hasKit ? 'kit-contents' : null} />;
          case 'kit':
            return (
              <div key={b.data.uid} className="container">
                <KitContents block={b} headingLevel={hasHero ? 2 : 1} />
              </div>
            );
          case 'benefits':
            return (
              <div key={b.data.uid} className="container">
                <Benefits data={b.data} />
              </div>
            );
          case 'faq':
            return (
              <div key={b.data.uid} className="container">
                <Faq data={b.data} />
              </div>
            );
        }
      })}
    </div>
  );
}
