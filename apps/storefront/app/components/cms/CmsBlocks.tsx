/**
 * Renderers of the CMS components (home page slots, content pages): hero banner with one call to
 * action, category tiles, product carousel (cards streamed in; a failing carousel renders
 * nothing), banners (brewer highlight, starter kit) and paragraphs. Content URLs are
 * language-neutral; French pages get the `/fr` prefix here.
 */
import { Component, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Await, Link } from 'react-router';
import type { CardView as Card } from '../../lib/card-view.ts';
import { pathsFor } from '../../lib/paths.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { ProductCard } from '../product/ProductCard.tsx';
import { mediaUrl } from './media.ts';
import type { BannerData, CategoryTilesData, KnownComponent, ParagraphData, ProductCarouselData } from './cms-data.ts';

/** Catches a render error of one section on the client: the section disappears, the page stays. */
export class SectionBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function useLocalize() {
  const { lang } = useShell();
  return pathsFor(lang).localize;
}

export function HeroBanner({ data, headingLevel = 1 }: { data: BannerData; headingLevel?: 1 | 2 }) {
  const localize = useLocalize();
  const H = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="hero" style={{ background: data.background ?? undefined, color: data.foreground ?? undefined }}>
      <div className="hero-copy">
        <H className="hero-title">{data.headline}</H>
        {data.text ? <p className="hero-text">{data.text}</p> : null}
        {data.ctaLabel && data.ctaUrl ? (
          <Link to={localize(data.ctaUrl)} className="btn btn-light btn-hero">
            {data.ctaLabel}
          </Link>
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

export function Banner({ data, reverse }: { data: BannerData; reverse?: boolean }) {
  const localize = useLocalize();
  return (
    <section
      className={`banner${reverse ? ' banner-reverse' : ''}`}
      style={{ background: data.background ?? undefined, color: data.foreground ?? undefined }}
    >
      {data.imageProductCode ? (
        <div className="banner-media">
          <img src={mediaUrl(data.imageProductCode)} alt="" width={400} height={400} loading="lazy" />
        </div>
      ) : null}
      <div className="banner-copy">
        <h2>{data.headline}</h2>
        {data.text ? <p>{data.text}</p> : null}
        {data.ctaLabel && data.ctaUrl ? (
          <Link to={localize(data.ctaUrl)} className="btn banner-cta" style={{ borderColor: data.foreground ?? undefined, color: data.foreground ?? undefined }}>
            {data.ctaLabel}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

export function CategoryTiles({ data }: { data: CategoryTilesData }) {
  const localize = useLocalize();
  return (
    <section className="home-section" aria-labelledby={`${data.uid}-title`}>
      <h2 id={`${data.uid}-title`} className="section-title">
        {data.title}
      </h2>
      <ul className="category-tiles">
        {data.tiles.map((tile) => (
          <li key={tile.url}>
            <Link to={localize(tile.url)} className="category-tile">
              <span className="tile-media">
                {tile.imageProductCode ? <img src={mediaUrl(tile.imageProductCode)} alt="" width={240} height={240} loading="lazy" /> : null}
              </span>
              <span className="tile-label">{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CarouselSkeleton({ count }: { count: number }) {
  return (
    <ul className="carousel-track" aria-hidden="true">
      {Array.from({ length: Math.min(count, 4) }, (_, i) => (
        <li key={i} className="carousel-item">
          <div className="card-skeleton" />
        </li>
      ))}
    </ul>
  );
}

/** A product carousel: a horizontally scrolling list of cards (scroll-snap, keyboard reachable). */
export function ProductCarousel({ data, products }: { data: ProductCarouselData; products: Promise<Card[] | null> | Card[] | null }) {
  const t = useT();
  return (
    <SectionBoundary>
      <section className="home-section carousel" aria-labelledby={`${data.uid}-title`}>
        <div className="section-head">
          <h2 id={`${data.uid}-title`} className="section-title">
            {data.title || t('home.featured')}
          </h2>
        </div>
        <Suspense fallback={<CarouselSkeleton count={data.productCodes.length} />}>
          <Await resolve={products} errorElement={null}>
            {(list) =>
              list && list.length > 0 ? (
                <ul className="carousel-track">
                  {list.map((p) => (
                    <li key={p.code} className="carousel-item">
                      <ProductCard product={p} />
                    </li>
                  ))}
                </ul>
              ) : null
            }
          </Await>
        </Suspense>
      </section>
    </SectionBoundary>
  );
}

export function Paragraph({ data, headingLevel = 2 }: { data: ParagraphData; headingLevel?: 1 | 2 }) {
  const H = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="paragraph-block">
      {data.title ? <H>{data.title}</H> : null}
      {data.paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </section>
  );
}

/** Renders one known component; carousels take their streamed products from `carousels`. */
export function CmsBlock({
  component,
  carousels,
  index,
  firstHeadingLevel = 2,
}: {
  component: KnownComponent;
  carousels: Record<string, Promise<Card[] | null> | Card[] | null>;
  index: number;
  firstHeadingLevel?: 1 | 2;
}) {
  switch (component.typeCode) {
    case 'HeroBannerComponent':
      return <HeroBanner data={component} headingLevel={index === 0 ? firstHeadingLevel : 2} />;
    case 'BannerComponent':
      return <Banner data={component} reverse={index % 2 === 0} />;
    case 'CategoryTilesComponent':
      return <CategoryTiles data={component} />;
    case 'ProductCarouselComponent':
      return <ProductCarousel data={component} products={carousels[component.uid] ?? null} />;
    case 'ParagraphComponent':
      return <Paragraph data={component} headingLevel={index === 0 ? firstHeadingLevel : 2} />;
  }
}
