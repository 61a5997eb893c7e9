/**
 * One cart line as answered (contracts `CartEntry`): its unit price, product links, labels and
 * prices. Shared by the whole-cart answer (cart-view.ts `computeCart`) and the add-to-cart answer
 * (cart.ts, issue 11 item 6: the entry just written, priced on its own), so both show the same
 * entry. A line's unit price depends only on the line itself, the cart owner's price lists and the
 * site's auto-delivery prices, never on the other lines (promotions take their discounts off the
 * cart, not off unit prices), which is what lets the add answer skip the rest of the cart.
 */
import type { CartEntry, PriceData } from '@store/contracts';
import type { CartLine } from '@store/db';
import type { AdUnitPrice, Lang } from '@store/domain';
import { bundlePath, displayedPrice, isSalesPriceStrategy, productPath, sizeLabel, stockLevelStatus } from '@store/domain';
import { lineProgramFields } from './auto-delivery-buy.ts';

/** The unit price charged for a line (spec §5 displayed price) and the struck-through list price. */
export function unitPriceOf(line: Pick<CartLine, 'price'>): { priceMinor: number; originalPriceMinor: number | null } {
  if (!line.price) return { priceMinor: 0, originalPriceMinor: null };
  const s = line.price.salesPriceStrategy;
  return displayedPrice({
    priceMinor: line.price.priceMinor,
    discountPriceMinor: line.price.discountPriceMinor,
    isDiscountPrice: line.price.isDiscountPrice,
    salesPriceStrategy: isSalesPriceStrategy(s) ? s : null,
  });
}

/** Storefront path of a line's product page (bundles `/b/{code}`; variants add `#suffix`). */
export function productUrlOf(v: { isBundle: boolean; baseProductCode: string; slugEn: string; slugFr: string; variantUrlSuffix: string }, lang: Lang): string {
  if (v.isBundle) return bundlePath(v.baseProductCode, lang);
  const path = productPath(lang === 'fr' ? v.slugFr : v.slugEn, v.baseProductCode, lang);
  return v.variantUrlSuffix ? `${path}#${v.variantUrlSuffix}` : path;
}

/** Image URL of a variant (SVG drawn by the seeder, served under /medias). */
export function imageUrlOf(variantCode: string): string {
  return `/medias/${encodeURIComponent(variantCode)}.svg`;
}

/** Localised product name of a line. */
export function nameOf(v: { nameEn: string; nameFr: string }, lang: Lang): string {
  return lang === 'fr' ? v.nameFr : v.nameEn;
}

/** Size label of a line (spec §9): oz for bagged/canned packs, else ct. */
export function sizeLabelOf(v: { count: number | null; packType: string | null; productType: string }, lang: Lang): string | null {
  if (v.productType !== 'Coffee') return null;
  const pack = v.packType === 'Bagged' || v.packType === 'Canned' ? v.packType : null;
  return sizeLabel(v.count, pack, lang);
}

/** A line's unit price as charged: minor units, and the struck-through price or null. */
export interface LineUnitPrice {
  priceMinor: number;
  originalPriceMinor: number | null;
}

/**
 * A cart line as answered (contracts `CartEntry`).
 * @param unit the unit price charged (after price lists, or the auto-delivery price)
 * @param adUnit the line's auto-delivery price when it is an AD line (for `adSaving`), else undefined
 * @param money formats minor units in the cart's currency and locale
 */
export function cartEntryView(line: CartLine, unit: LineUnitPrice, adUnit: AdUnitPrice | undefined, lang: Lang, money: (minor: number) => PriceData): CartEntry {
  return {
    entryNumber: line.entryNumber,
    entryType: line.entryType,
    quantity: line.qty,
    product: {
      code: line.variantCode,
      baseProduct: line.baseProductCode,
      name: nameOf(line, lang),
      url: productUrlOf(line, lang),
      imageUrl: imageUrlOf(line.variantCode),
      sizeLabel: sizeLabelOf(line, lang),
      variantColor: line.variantColor,
      productType: line.productType,
      stock: { stockLevelStatus: stockLevelStatus(line.available, line.lowStockThreshold) },
    },
    basePrice: money(unit.priceMinor),
    originalPrice: unit.originalPriceMinor === null ? null : money(unit.originalPriceMinor),
    totalPrice: money(unit.priceMinor * line.qty),
    ...lineProgramFields(line),
    adSaving: adUnit ? money(adUnit.savingMinor * line.qty) : null,
  };
}
