/**
 * A product card (VISUAL.md "Category and search"): square image (width/height set, no layout
 * shift), name, size label (ct or oz, spec §9), colour dots for brewers, price (spec §5) and the
 * add-to-cart form for the default variant.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sizeLabel } from '@store/domain';
import type { CardView as Card } from '../../lib/card-view.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { AddToCartForm } from './AddToCartForm.tsx';
import { Price } from './Price.tsx';
import { AddToCompare, CompareForms } from '../compare/AddToCompare.tsx';

/** Size line of a card: the size label, or the number of sizes/colours when several. */
export function useCardMeta(p: Card): string | null {
  const { lang } = useShell();
  const t = useT();
  const parts: string[] = [];
  const label = p.productType === 'Coffee' ? sizeLabel(p.count, p.packType, lang) : null;
  if (label) parts.push(label);
  if (p.variantColors.length > 1) parts.push(t('product.colorCount', { count: p.variantColors.length }));
  else if (p.variantCount > 1 && label) parts.push(t('product.sizeCount', { count: p.variantCount }));
  return parts.length ? parts.join(' · ') : null;
}

/**
 * One card. `action` replaces the one-time add-to-cart form of the default variant (the monthly-box
 * page puts its own form there; issue 10).
 */
export function ProductCard({
  product,
  headingLevel = 3,
  eager = false,
  action,
}: {
  product: Card;
  headingLevel?: 2 | 3;
  eager?: boolean;
  action?: ReactNode;
}) {
  const { locale } = useShell();
  const meta = useCardMeta(product);
  const image = product.images[0];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const soldOut = product.stock.stockLevelStatus === 'outOfStock';
  return (
    <article className="product-card" data-product-code={product.code}>
      <Link to={product.url} className="card-image-link" tabIndex={-1} aria-hidden="true">
        {image ? (
          <img
            src={image.url}
            alt=""
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="card-image"
          />
        ) : (
          <span className="card-image card-image-empty" />
        )}
      </Link>
      <div className="card-body">
        {product.brand ? <p className="card-brand">{product.brand}</p> : null}
        <Heading className="card-title">
          <Link to={product.url}>{product.name}</Link>
        </Heading>
        {meta ? <p className="card-meta">{meta}</p> : null}
        {product.variantColors.length > 1 ? (
          <ul className="card-colors" aria-hidden="true">
            {product.variantColors.slice(0, 6).map((c) => (
              <li key={c} style={{ background: c }} />
            ))}
          </ul>
        ) : null}
        <div className="card-footer">
          <Price input={product} locale={locale} />
          {action ?? <AddToCartForm productCode={product.defaultVariantCode} productName={product.name} soldOut={soldOut} className="card-cart" />}
        </div>
        {/* issue 13 (ADR 0031): choose it for the brewer compare or the product comparison */}
        {action ? null : <AddToCompare code={product.code} name={product.name} productType={product.productType} />}
      </div>
    </article>
  );
}

/** The card grid: 2 columns on mobile, 3 on tablet, 4 on desktop. */
export function ProductGrid<C extends Card>({
  products,
  eagerCount = 4,
  cardAction,
}: {
  products: C[];
  eagerCount?: number;
  /** the action of each card instead of the one-time add-to-cart form (see {@link ProductCard}) */
  cardAction?: (product: C) => ReactNode;
}) {
  // the cards' compare buttons share four forms (issue 11: one per card weighed 18 KB of a category page)
  return (
    <CompareForms>
      <ul className="product-grid">
        {products.map((p, i) => (
          <li key={p.code}>
            <ProductCard product={p} eager={i < eagerCount} action={cardAction?.(p)} />
          </li>
        ))}
      </ul>
    </CompareForms>
  );
}
