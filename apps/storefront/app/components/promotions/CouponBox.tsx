/**
 * The coupon box of the cart page and of checkout's order summary (issue 4, spec §7 coupon calls):
 * a labelled "Coupon code" field with "Apply", the applied coupons with a "Remove" button each,
 * and the outcome in the shopper's language (unknown, expired, not yet valid, not applicable,
 * used up, already used) right below the field.
 *
 * Works without JavaScript (plain POSTs with `intent=applyCoupon|removeCoupon` to the page's
 * action, which redirects back or answers the error); once hydrated the forms submit through the
 * `promo-coupon` fetcher, and the loaders revalidate so the totals and promotion lines update.
 */
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { AppliedCoupon } from '@store/contracts';
import { CsrfField } from '../../lib/csrf.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/use-t.ts';
import { MAX_COUPON_LENGTH } from './promo-actions.ts';
import type { PromoActionResult } from './promo-actions.ts';
import { PromoMessages } from './PromoMessages.tsx';

/** The key of the coupon box's fetcher. */
export const COUPON_FETCHER_KEY = 'promo-coupon';

export interface CouponBoxProps {
  /** the page's path (form action): the cart page or the checkout page */
  action: string;
  coupons: AppliedCoupon[];
  /** the page's action data after a refused plain POST (JavaScript off) */
  result?: PromoActionResult | undefined;
  /** prefix of the element ids (one box per page) */
  idPrefix?: string;
}

/** The coupon box (see module comment). */
export function CouponBox({ action, coupons, result, idPrefix = 'coupon' }: CouponBoxProps) {
  const t = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher<PromoActionResult>({ key: COUPON_FETCHER_KEY });
  const fromFetcher = fetcher.data?.promo === 'coupon' ? fetcher.data : undefined;
  const fromPost = result?.promo === 'coupon' ? result : undefined;
  const outcome = fromFetcher ?? fromPost;
  const fieldError = outcome && !outcome.ok && outcome.field === 'couponCode' ? outcome.message : null;
  const boxError = outcome && !outcome.ok && outcome.field !== 'couponCode' ? outcome.message : null;
  const notice = outcome?.ok ? outcome.message : null;
  const pending = fetcher.state !== 'idle';
  const applying = pending && fetcher.formData?.get('intent') === 'applyCoupon';
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `${idPrefix}-code`;
  const errorId = `${inputId}-error`;

  // After a fetcher answer: a refused code keeps the focus in the field; an applied one clears it.
  const seen = useRef<PromoActionResult | undefined>(undefined);
  useEffect(() => {
    if (!fromFetcher || seen.current === fromFetcher) return;
    seen.current = fromFetcher;
    if (!fromFetcher.ok) inputRef.current?.focus();
    else if (fromFetcher.intent === 'applyCoupon') formRef.current?.reset();
    else inputRef.current?.focus();
  }, [fromFetcher]);

  const mode = hydrated ? <input type="hidden" name="_mode" value="fetch" /> : null;
  return (
    <div className="promo-box coupon-box">
      <fetcher.Form method="post" action={action} className="coupon-form" ref={formRef} noValidate>
        <CsrfField />
        {mode}
        <input type="hidden" name="intent" value="applyCoupon" />
        <div className={`field${fieldError ? ' has-error' : ''}`}>
          <label htmlFor={inputId}>{t('promo.coupon.label')}</label>
          <div className="promo-inline">
            <input
              ref={inputRef}
              id={inputId}
              name="couponCode"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={MAX_COUPON_LENGTH}
              defaultValue={fromPost && !fromPost.ok ? fromPost.value : undefined}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              autoFocus={!!fromPost && !fromPost.ok && fromPost.field === 'couponCode'}
            />
            <button type="submit" className="btn btn-secondary promo-apply" disabled={applying} aria-busy={applying || undefined}>
              {applying ? t('promo.coupon.applying') : t('promo.coupon.apply')}
            </button>
          </div>
          {fieldError ? (
            <p className="field-error" id={errorId}>
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                <circle cx="8" cy="8" r="7" fill="currentColor" />
                <path d="M8 4v5M8 11.2v.6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
              {fieldError}
            </p>
          ) : null}
        </div>
      </fetcher.Form>
      {coupons.length > 0 ? (
        <ul className="coupon-list" aria-label={t('promo.coupon.list')}>
          {coupons.map((c) => (
            <li key={c.couponCode} className="coupon-item">
              <span className="coupon-text">
                <span className="coupon-chip">{c.couponCode}</span>
                <span className="coupon-name">{c.couponName}</span>
                {!c.applies ? <span className="coupon-inactive">{t('promo.coupon.notApplying')}</span> : null}
              </span>
              <fetcher.Form method="post" action={action} className="coupon-remove">
                <CsrfField />
                {mode}
                <input type="hidden" name="intent" value="removeCoupon" />
                <input type="hidden" name="couponCode" value={c.couponCode} />
                <button type="submit" className="btn-link" aria-label={t('promo.coupon.removeLabel', { code: c.couponCode })} disabled={pending}>
                  {t('promo.coupon.remove')}
                </button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      ) : null}
      <PromoMessages error={boxError} notice={notice} />
    </div>
  );
}
