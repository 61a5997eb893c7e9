/**
 * "Start a monthly box" form of a card on the monthly-box page (issue 10 "Subscriptions beyond
 * AD"; ADR 0018 `MBOX`): the box (20, 22 or 24 pods, when the product has several) and the day of
 * the month it ships, posted to add to cart with entry type MBOX. Works without JavaScript (the
 * add-to-cart form's plain POST).
 */
import { useId } from 'react';
import type { MonthlyProductsAnswer, ProductCard } from '@store/contracts';
import { useT } from '../../lib/use-t.ts';
import { AddToCartForm } from '../product/AddToCartForm.tsx';

/** The days a monthly box can ship on: 1–28, and 31 for "the last day of the month" (ADR 0018). */
export const MONTHLY_BOX_DAYS: readonly number[] = [...Array.from({ length: 28 }, (_, i) => i + 1), 31];

export function MonthlyBoxForm({ product, boxes }: { product: ProductCard; boxes: MonthlyProductsAnswer['curatedRotation'] }) {
  const t = useT();
  const id = useId();
  if (boxes.length === 0) return null;
  return (
    <AddToCartForm productName={product.name} entryTypeInChildren className="card-cart monthly-start">
      <input type="hidden" name="entryType" value="MBOX" />
      {boxes.length === 1 ? (
        <input type="hidden" name="productCode" value={boxes[0]!.variantCode} />
      ) : (
        <div className="monthly-field">
          <label htmlFor={`${id}-box`}>{t('monthly.form.box')}</label>
          <select id={`${id}-box`} name="productCode" defaultValue={boxes[boxes.length - 1]!.variantCode}>
            {boxes.map((b) => (
              <option key={b.variantCode} value={b.variantCode}>
                {t('monthly.filter.count', { n: b.count })}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="monthly-field">
        <label htmlFor={`${id}-day`}>{t('monthly.form.day')}</label>
        <select id={`${id}-day`} name="dayOfMonth" defaultValue="1">
          {MONTHLY_BOX_DAYS.map((d) => (
            <option key={d} value={d}>
              {d === 31 ? t('monthly.form.lastDay') : t('monthly.form.dayN', { d })}
            </option>
          ))}
        </select>
      </div>
    </AddToCartForm>
  );
}
