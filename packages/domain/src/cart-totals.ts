/**
 * Cart totals as one pure, deterministic function (DESIGN "Medusa: cart totals as a pure
 * function"). All amounts are integer minor units of the cart currency.
 */
import type { Country } from './address.ts';
import type { CurrencyIso } from './money.ts';
import type { ShippingConfig, DeliveryModeCode } from './shipping.ts';
import { amountAwayFromFreeShipping, shippingMethods } from './shipping.ts';
import type { BaseSiteId } from './sites.ts';
import type { TaxLine } from './tax.ts';
import { computeTaxes } from './tax.ts';

/** A cart entry with its unit price (minor units) and quantity. */
export interface PricedEntry {
  entryNumber: number;
  /** minor units, integer ≥ 0 */
  unitPriceMinor: number;
  /** integer ≥ 0 */
  qty: number;
}

/** Input of {@link computeCartTotals}. */
export interface CartTotalsInput {
  currency: CurrencyIso;
  entries: PricedEntry[];
  /** sum of order-level discounts, minor units (≥ 0; capped at the subtotal) */
  discountsMinor?: number;
  site: BaseSiteId;
  shippingConfig: ShippingConfig;
  /** chosen delivery mode; `null` = not chosen yet (shipping 0, estimated later) */
  deliveryMode: DeliveryModeCode | null;
  /** ship-to country and region; `null` = unknown (no tax yet) */
  address: { country: Country; region: string } | null;
  date: Date;
  /**
   * a free-shipping promotion applies (issue 4, ADR 0010): shipping is 0 and the method's cost
   * is reported as `shippingSavedMinor`
   */
  freeShipping?: boolean;
}

/** Output of {@link computeCartTotals}; every amount in minor units. */
export interface CartTotals {
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  /** what the chosen method would have cost when a free-shipping promotion made it 0, else 0 */
  shippingSavedMinor: number;
  taxLines: TaxLine[];
  taxMinor: number;
  totalMinor: number;
  amountAwayFromFreeShippingMinor: number;
  totalItems: number;
  entries: Array<{ entryNumber: number; totalMinor: number }>;
}

function assertNonNegInt(v: number, what: string): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${what} must be a non-negative integer, got ${v}`);
}

/**
 * Computes the totals of a cart:
 * - entry total = unit price × qty; subtotal = Σ entry totals; totalItems = Σ qty;
 * - discount = `discountsMinor` capped to [0, subtotal] (discounts never make totals negative);
 * - merchandise = subtotal − discount drives the free-shipping threshold and the taxes;
 * - shipping = the chosen method's cost ({@link shippingMethods}), 0 when no mode is chosen or
 *   the cart is empty; 0 when `freeShipping` (a promotion), the cost then reported as
 *   `shippingSavedMinor` (issue 4);
 * - tax lines ({@link computeTaxes}) only when the address is known, else none;
 * - total = subtotal − discount + shipping + tax.
 * `amountAwayFromFreeShippingMinor` ignores the destination region.
 * @throws RangeError on negative or non-integer prices/quantities (programming errors)
 * @throws DomainError InvalidInput `invalidRegion` from {@link computeTaxes} for an unknown region
 */
export function computeCartTotals(input: CartTotalsInput): CartTotals {
  const entries = input.entries.map((e, i) => {
    assertNonNegInt(e.unitPriceMinor, `entries[${i}].unitPriceMinor`);
    assertNonNegInt(e.qty, `entries[${i}].qty`);
    const totalMinor = e.unitPriceMinor * e.qty;
    assertNonNegInt(totalMinor, `entries[${i}] total`);
    return { entryNumber: e.entryNumber, totalMinor };
  });
  const subtotalMinor = entries.reduce((a, e) => a + e.totalMinor, 0);
  const totalItems = input.entries.reduce((a, e) => a + e.qty, 0);
  const requested = input.discountsMinor ?? 0;
  if (!Number.isSafeInteger(requested)) throw new RangeError(`discountsMinor must be an integer, got ${requested}`);
  const discountMinor = Math.min(Math.max(0, requested), subtotalMinor);
  const merchandiseMinor = subtotalMinor - discountMinor;

  let shippingMinor = 0;
  if (input.deliveryMode !== null && totalItems > 0) {
    const methods = shippingMethods({
      site: input.site,
      config: input.shippingConfig,
      itemsMinor: merchandiseMinor,
      region: input.address?.region ?? null,
      ...(input.address ? { country: input.address.country } : {}),
    });
    shippingMinor = methods.find((m) => m.code === input.deliveryMode)?.costMinor ?? 0;
  }
  let shippingSavedMinor = 0;
  if (input.freeShipping === true) {
    shippingSavedMinor = shippingMinor;
    shippingMinor = 0;
  }

  const taxLines = input.address
    ? computeTaxes({ country: input.address.country, region: input.address.region, itemsMinor: merchandiseMinor, shippingMinor, date: input.date })
    : [];
  const taxMinor = taxLines.reduce((a, l) => a + l.amountMinor, 0);
  return {
    subtotalMinor,
    discountMinor,
    shippingMinor,
    shippingSavedMinor,
    taxLines,
    taxMinor,
    totalMinor: merchandiseMinor + shippingMinor + taxMinor,
    amountAwayFromFreeShippingMinor: amountAwayFromFreeShipping(merchandiseMinor, input.shippingConfig),
    totalItems,
    entries,
  };
}
