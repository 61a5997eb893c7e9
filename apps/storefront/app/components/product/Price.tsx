/**
 * Price display (spec §5): the discount price only when `isDiscountPrice` is true and
 * `salesPriceStrategy` is absent, ALL or OTP; then the list price is shown struck through beside
 * it. Amounts are formatted with the domain's `formatMoney` for the page locale (fr-CA "12,99 $").
 */
import { displayedPrice, formatMoney } from '@store/domain';
import type { CurrencyIso, MoneyLocale, SalesPriceStrategy } from '@store/domain';
import { useT } from '../../lib/use-t.ts';

/** Price data as the API sends it (spec §3): value in major units. */
export interface PriceDataLike {
  value: number;
  formattedValue?: string;
  currencyIso: string;
}

/** The §5 inputs of a price display. */
export interface PriceInput {
  priceData: PriceDataLike;
  discountPriceData: PriceDataLike | null;
  isDiscountPrice: boolean;
  salesPriceStrategy: SalesPriceStrategy | null;
  /**
   * issue 4: the best automatic product promotion's price and the customer's price-list price
   * (variants only; product cards do not carry them). Shown instead when present and lower.
   */
  promotedPriceData?: PriceDataLike | null;
  personalizedPriceData?: PriceDataLike | null;
}

/** Major units (12.99) to minor units (1299), rounded once. */
export function toMinor(value: number): number {
  return Math.round(value * 100);
}

function currencyOf(p: PriceDataLike): CurrencyIso {
  return p.currencyIso === 'CAD' ? 'CAD' : 'USD';
}

/**
 * The §5 displayed price of API price data, in minor units; then (issue 4) a promoted or
 * personalized price replaces it when lower, with the list price struck through.
 */
export function displayedMinor(input: PriceInput): { priceMinor: number; originalPriceMinor: number | null } {
  const listMinor = toMinor(input.priceData.value);
  const shown = displayedPrice({
    priceMinor: listMinor,
    discountPriceMinor: input.discountPriceData ? toMinor(input.discountPriceData.value) : null,
    isDiscountPrice: input.isDiscountPrice,
    salesPriceStrategy: input.salesPriceStrategy,
  });
  const better = [input.promotedPriceData, input.personalizedPriceData]
    .filter((p): p is PriceDataLike => !!p && p.value > 0)
    .map((p) => toMinor(p.value))
    .filter((m) => m < shown.priceMinor);
  if (better.length === 0) return shown;
  const best = Math.min(...better);
  return { priceMinor: best, originalPriceMinor: best < listMinor ? listMinor : null };
}

/** The formatted displayed price and, when a discount is shown, the formatted original price. */
export function priceStrings(input: PriceInput, locale: MoneyLocale): { now: string; was: string | null } {
  const currency = currencyOf(input.priceData);
  const shown = displayedMinor(input);
  return {
    now: formatMoney(shown.priceMinor, currency, locale),
    was: shown.originalPriceMinor === null ? null : formatMoney(shown.originalPriceMinor, currency, locale),
  };
}

/** The price of a product or variant; `size` "lg" on the product page. */
export function Price({ input, locale, size = 'md' }: { input: PriceInput; locale: MoneyLocale; size?: 'md' | 'lg' }) {
  const t = useT();
  const { now, was } = priceStrings(input, locale);
  return (
    <p className={`price price-${size}${was ? ' price-discounted' : ''}`} data-testid="price">
      {was ? (
        <>
          <span className="price-now">
            <span className="visually-hidden">{t('product.salePrice')} </span>
            {now}
          </span>{' '}
          <s className="price-was">
            <span className="visually-hidden">{t('product.originalPrice')} </span>
            {was}
          </s>
        </>
      ) : (
        <span className="price-now">{now}</span>
      )}
    </p>
  );
}
