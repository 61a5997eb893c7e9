/**
 * The auto-delivery part of a cart line (issue 10, ADR 0018 "Buying"): "Auto-delivery every N
 * weeks" (or its day of the month / smart / starter-kit wording), a frequency select with a
 * Change button (`intent=frequency`), "Remove auto-delivery" (`intent=removeAd`: the line becomes
 * a one-time purchase) and the line's saving. Plain POSTs without JavaScript; through the cart's
 * shared fetcher once hydrated (the page shows the outcome).
 */
import { useId } from 'react';
import { useFetcher } from 'react-router';
import type { CartEntry } from '@store/contracts';
import { CsrfField } from '../../lib/csrf.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/use-t.ts';
import type { TFn } from '../../lib/use-t.ts';

/** The fetcher key the cart lines share (components/cart/CartLine.tsx CART_FETCHER_KEY). */
const CART_FETCHER_KEY = 'cart';

/** How an auto-delivery line is described ("Auto-delivery every 4 weeks"), or null for a one-time line. */
export function adLineLabel(
  t: TFn,
  entry: Pick<CartEntry, 'program' | 'frequencyWeeks' | 'dayOfMonth'> & { product?: { productType?: string | undefined } },
): string | null {
  if (entry.program === 'ONE_TIME') return null;
  // the campaign brewer is bought once, at the campaign price (ADR 0018 amendments): not a delivery
  if (isCampaignBrewer(entry)) return t('adBuy.cart.campaignBrewer');
  if (entry.program === 'MONTHLY_BOX' && entry.dayOfMonth !== null) {
    return entry.dayOfMonth >= 31 ? t('adBuy.cart.monthlyLastDay') : t('adBuy.cart.monthly', { day: entry.dayOfMonth });
  }
  if (entry.dayOfMonth !== null && entry.frequencyWeeks === null) {
    return entry.dayOfMonth >= 31 ? t('adBuy.cart.lastDay') : t('adBuy.cart.day', { day: entry.dayOfMonth });
  }
  const n = entry.frequencyWeeks;
  if (n === null) return t(entry.program === 'BREWER_CAMPAIGN' ? 'adBuy.program.BREWER_CAMPAIGN' : 'adBuy.autoDelivery');
  if (entry.program === 'SMART') return t('adBuy.cart.smart', { n });
  if (entry.program === 'BREWER_CAMPAIGN') return t('adBuy.cart.campaign', { n });
  return t('adBuy.cart.every', { n });
}

/** Is this the brewer of a campaign bundle (bought once, not delivered again)? */
export function isCampaignBrewer(entry: Pick<CartEntry, 'program'> & { product?: { productType?: string | undefined } }): boolean {
  return entry.program === 'BREWER_CAMPAIGN' && entry.product?.productType === 'Brewer';
}

/** The auto-delivery wording of a summary line (checkout), or nothing for a one-time line. */
export function AdSummaryLabel({
  entry,
}: {
  entry: Pick<CartEntry, 'program' | 'frequencyWeeks' | 'dayOfMonth'> & { product?: { productType?: string | undefined } };
}) {
  const t = useT();
  const label = adLineLabel(t, entry);
  return label ? <span className="summary-line-ad">{label}</span> : null;
}

export interface CartLineAdProps {
  entry: CartEntry;
  /** the cart page path (form action) */
  action: string;
  /** the site's offered frequencies (weeks) */
  frequencies: number[];
  /** the site's default frequency (weeks), preselected when a weekly line has none */
  defaultFrequency?: number;
  pending: boolean;
}

export function CartLineAd({ entry, action, frequencies, defaultFrequency = 4, pending }: CartLineAdProps) {
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: CART_FETCHER_KEY });
  const label = adLineLabel(t, entry);
  if (!label) return null;
  const mode = hydrated ? <input type="hidden" name="_mode" value="fetch" /> : null;
  const name = entry.product.name;
  // a weekly program whose cadence was lost (e.g. an older cart) can still be given one here
  const weekly = (entry.program === 'AUTO_DELIVERY' || entry.program === 'SMART' || entry.program === 'BREWER_CAMPAIGN') && !isCampaignBrewer(entry);
  const weeks = weekly ? (entry.frequencyWeeks ?? defaultFrequency) : null;
  const options = weeks !== null && !frequencies.includes(weeks) ? [...frequencies, weeks].sort((a, b) => a - b) : frequencies;
  return (
    <div className="cart-line-ad" data-testid="cart-line-ad">
      <p className="cart-line-ad-label">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M4 12a8 8 0 0 1 13.7-5.6L20 8.7M20 4v4.7h-4.7M20 12a8 8 0 0 1-13.7 5.6L4 15.3M4 20v-4.7h4.7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {label}
      </p>
      {entry.adSaving && entry.adSaving.value > 0 ? (
        <p className="cart-line-ad-saving">
          {t(isCampaignBrewer(entry) ? 'adBuy.cart.campaignSaving' : 'adBuy.cart.lineSaving', { amount: entry.adSaving.formattedValue })}
        </p>
      ) : null}
      <div className="cart-line-ad-forms">
        {weeks !== null && options.length > 0 ? (
          <fetcher.Form method="post" action={action} className="ad-frequency-form">
            <CsrfField />
            <input type="hidden" name="intent" value="frequency" />
            <input type="hidden" name="entryNumber" value={entry.entryNumber} />
            {mode}
            <label htmlFor={`${id}-freq`} className="visually-hidden">
              {t('adBuy.cart.frequencyLabel', { name })}
            </label>
            <select id={`${id}-freq`} name="frequencyWeeks" defaultValue={weeks} key={weeks}>
              {options.map((n) => (
                <option key={n} value={n}>
                  {t('adBuy.weeks', { n })}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-secondary btn-small" disabled={pending}>
              {t('adBuy.cart.change')}
            </button>
          </fetcher.Form>
        ) : null}
        {entry.program !== 'BREWER_CAMPAIGN' ? (
          <fetcher.Form method="post" action={action}>
            <CsrfField />
            <input type="hidden" name="intent" value="removeAd" />
            <input type="hidden" name="entryNumber" value={entry.entryNumber} />
            {mode}
            <button type="submit" className="btn-link" aria-label={t('adBuy.cart.removeAdLabel', { name })} disabled={pending}>
              {t('adBuy.cart.removeAd')}
            </button>
          </fetcher.Form>
        ) : null}
      </div>
    </div>
  );
}
