/**
 * The part of a product card (`ProductCard`, GET /productCodesData and the listings) that the
 * storefront's card component shows: what a category, search or CMS carousel page sends to the
 * browser in its hydration data (issue 11 item 4/7, ADR 0019 amendment). A listing of 36 full
 * cards carried every variant, summary and auto-delivery price (about 52 KB of the category
 * page's 186 KB); the view keeps the first image's URL, the stock status and the spec §5 price
 * inputs. A full `ProductCard` is a `CardView`, so components typed with the view take both.
 */
import type { ProductCard } from '@store/contracts';

/** What {@link toCardView} keeps of a card; money as the API sends it (spec §3 priceData, major units). */
export type CardView = Pick<
  ProductCard,
  | 'code'
  | 'name'
  | 'url'
  | 'brand'
  | 'productType'
  | 'packType'
  | 'count'
  | 'variantCount'
  | 'variantColors'
  | 'defaultVariantCode'
  | 'priceData'
  | 'discountPriceData'
  | 'isDiscountPrice'
  | 'salesPriceStrategy'
> & {
  /** at most the first image, its URL only */
  images: Array<{ url: string }>;
  stock: { stockLevelStatus: ProductCard['stock']['stockLevelStatus'] };
};

/** The card's view (pure; a new object, the card is not changed). */
export function toCardView(card: ProductCard): CardView {
  const image = card.images[0];
  return {
    code: card.code,
    name: card.name,
    url: card.url,
    brand: card.brand,
    productType: card.productType,
    packType: card.packType,
    count: card.count,
    variantCount: card.variantCount,
    variantColors: card.variantColors,
    defaultVariantCode: card.defaultVariantCode,
    priceData: card.priceData,
    discountPriceData: card.discountPriceData,
    isDiscountPrice: card.isDiscountPrice,
    salesPriceStrategy: card.salesPriceStrategy,
    images: image ? [{ url: image.url }] : [],
    stock: { stockLevelStatus: card.stock.stockLevelStatus },
  };
}
