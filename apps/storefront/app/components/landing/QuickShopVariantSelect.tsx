/**
 * Issue 13 (ADR 0035 amendment): the quick shop's variant choice. A card with more than one
 * variant gets a `<select name="productCode">` inside its add-to-cart form (next to the
 * quantity), one option per variant with its label (size or colour) and displayed price (spec §5);
 * sold-out variants are disabled. Without JavaScript the chosen code is posted with the form;
 * with it the fetcher posts the same field. The data is the category answer's card `variants`
 * (no per-visitor data: the page stays cacheable).
 */
import { useId } from 'react';
import type { ProductCard, ProductCardVariant } from '@store/contracts';
import { priceStrings } from '../product/Price.tsx';
import { useVariantLabel, variantKind } from '../product/VariantSwatches.tsx';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';

/**
 * The variant a card starts on: the default variant when it can be bought, else the first
 * variant in stock, else the default one (then every variant is sold out and the button is
 * disabled). `soldOut` is true when no variant is in stock. Pure; card variants in display order.
 */
export function quickShopInitialVariant(card: Pick<ProductCard, 'defaultVariantCode' | 'variants'>): { code: string; soldOut: boolean } {
  const buyable = card.variants.filter((v) => v.stockLevelStatus !== 'outOfStock');
  if (buyable.length === 0) return { code: card.defaultVariantCode, soldOut: true };
  const def = buyable.find((v) => v.code === card.defaultVariantCode);
  return { code: (def ?? buyable[0]!).code, soldOut: false };
}

/** The select, or nothing when the card has one variant (the form then posts the default code). */
export function QuickShopVariantSelect({ card, selected }: { card: ProductCard; selected: string }) {
  const t = useT();
  const { locale } = useShell();
  const id = useId();
  const label = useVariantLabel(card.packType);
  if (card.variants.length <= 1) return null;
  const kind = variantKind(card.variants, card.productType);
  const labelKey = kind === 'color' ? 'product.chooseColor' : kind === 'size' ? 'product.chooseSize' : 'product.chooseOption';
  const optionText = (v: ProductCardVariant): string => {
    const values = { label: label(v, kind), price: priceStrings(v, locale).now };
    return v.stockLevelStatus === 'outOfStock' ? t('quickShop.optionSoldOut', values) : t('quickShop.option', values);
  };
  return (
    <div className="quick-shop-variant">
      <label htmlFor={`${id}-variant`}>{t(labelKey)}</label>
      <select id={`${id}-variant`} name="productCode" defaultValue={selected}>
        {card.variants.map((v) => (
          <option key={v.code} value={v.code} disabled={v.stockLevelStatus === 'outOfStock'}>
            {optionText(v)}
          </option>
        ))}
      </select>
    </div>
  );
}
