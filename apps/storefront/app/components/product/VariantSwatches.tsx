/**
 * Variant swatches of the product page (VISUAL.md: brewer colours or pack counts) as radio
 * inputs named `productCode` inside the add-to-cart form: keyboard reachable (arrow keys), and
 * without JavaScript the chosen variant is simply posted.
 */
import { useIntl } from 'react-intl';
import { formatMoney, sizeLabel } from '@store/domain';
import type { PackType } from '@store/domain';
import type { ProductType, VariantOption } from '@store/contracts';
import { hasMessage } from '../../lib/intl-shape.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useRichT, useT } from '../../lib/use-t.ts';
import { toMinor } from './Price.tsx';

/** How variants differ: by colour (brewers, mugs), by face value (gift cards) or by size (pack counts). */
export function variantKind(options: readonly Pick<VariantOption, 'variantColor' | 'count'>[], productType?: ProductType): 'color' | 'value' | 'size' | 'option' {
  if (new Set(options.map((o) => o.variantColor).filter(Boolean)).size > 1) return 'color';
  if (productType === 'GiftCard') return 'value';
  if (new Set(options.map((o) => o.count)).size > 1) return 'size';
  return 'option';
}

/** What a variant label is made of (a variant option, or a card's variant: issue 13 quick shop). */
export type VariantLabelInput = Pick<VariantOption, 'code' | 'count' | 'sizeLabel' | 'priceData' | 'variantUrlSuffix'> & { name?: string };

/** The visible label of a variant (colour name, size label, face value). */
export function useVariantLabel(packType: PackType | null) {
  const { lang, locale } = useShell();
  const intl = useIntl();
  return (v: VariantLabelInput, kind: ReturnType<typeof variantKind>): string => {
    if (kind === 'size') return sizeLabel(v.count, packType, lang) ?? v.sizeLabel ?? v.name ?? v.code;
    if (kind === 'value') return formatMoney(toMinor(v.priceData.value), v.priceData.currencyIso === 'CAD' ? 'CAD' : 'USD', locale);
    if (kind === 'color') {
      const key = `color.${v.variantUrlSuffix}`;
      if (hasMessage(intl, key)) return intl.formatMessage({ id: key });
      const words = v.variantUrlSuffix.replace(/[-_]+/g, ' ').trim();
      return words ? words.charAt(0).toUpperCase() + words.slice(1) : v.code;
    }
    return v.sizeLabel ?? v.code;
  };
}

export function VariantSwatches({
  options,
  selected,
  onSelect,
  packType,
  productType,
}: {
  options: VariantOption[];
  selected: string;
  onSelect: (code: string) => void;
  packType: PackType | null;
  productType: ProductType;
}) {
  const t = useT();
  const rich = useRichT();
  const kind = variantKind(options, productType);
  const label = useVariantLabel(packType);
  const current = options.find((o) => o.code === selected);
  const legendKey = kind === 'color' ? 'product.chooseColor' : kind === 'size' ? 'product.chooseSize' : 'product.chooseOption';
  return (
    <fieldset className={`swatches swatches-${kind}`}>
      <legend>
        {/* "Color: Matte Black" / "Couleur : Noir mat": the separator is the language's (issue 9 item 12) */}
        {current ? rich('format.labelValue', { label: t(legendKey), value: <span className="swatch-current">{label(current, kind)}</span> }) : t(legendKey)}
      </legend>
      <div className="swatch-list">
        {options.map((v) => {
          const out = v.stock.stockLevelStatus === 'outOfStock';
          return (
            <label key={v.code} className={`swatch${out ? ' is-out' : ''}`}>
              <input type="radio" name="productCode" value={v.code} checked={v.code === selected} onChange={() => onSelect(v.code)} />
              {kind === 'color' ? (
                <span className="swatch-chip" style={{ background: v.variantColor ?? 'transparent' }} aria-hidden="true" />
              ) : null}
              <span className={kind === 'color' ? 'visually-hidden' : 'swatch-label'}>{label(v, kind)}</span>
              {out ? <span className="visually-hidden"> — {t('product.outOfStock')}</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
