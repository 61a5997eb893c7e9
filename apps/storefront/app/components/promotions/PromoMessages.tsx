/**
 * The message area under the coupon box and the gift-card panel (issue 4): a translated business
 * error (announced as an alert) and the status line that announces successes to screen readers.
 */
import type { ReactNode } from 'react';

/** Error (when any) and status notice of a promotion form. */
export function PromoMessages({ error, notice }: { error: ReactNode; notice: ReactNode }) {
  return (
    <>
      {error ? (
        <p className="field-error promo-box-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="promo-notice" role="status">
        {notice}
      </p>
    </>
  );
}
