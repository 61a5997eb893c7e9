/**
 * The cart's Perks reward picker (issue 12; ADR 0028 amendment "Rewards"; spec §3 applied rewards,
 * §4 "reward modal open or closed" and the cart update broadcast on apply, remove or swap).
 *
 * - The applied reward (at most one per order) with what it saves and a "Remove reward" form.
 * - "Use your Perks points" opens the reward dialog: a native `<details>` disclosure, so it opens
 *   and closes without JavaScript; each reward is a form (Apply, or Swap when one is applied)
 *   disabled with "N more points needed" when the member cannot afford it.
 *
 * Plain POSTs (`intent=applyReward|swapReward|removeReward`) to the cart page's action, which
 * redirects back with a notice or answers the reason; once hydrated the forms go through the
 * `cart-reward` fetcher, and a success broadcasts the answer's `sessionCartCount` to the header
 * (the shell's cart count, `useCartUi().setCartQuantity`) and shows the snackbar.
 */
import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import type { AppliedLoyaltyReward } from '@store/contracts';
import { useCartUi } from '../../lib/cart-ui.ts';
import { CsrfField } from '../../lib/csrf.tsx';
import type { CartRewards, RewardActionResult } from './reward-actions.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/use-t.ts';

/** The key of the reward picker's fetcher. */
export const REWARD_FETCHER_KEY = 'cart-reward';

export interface RewardPickerProps {
  /** the cart page's path (form action) */
  action: string;
  rewards: CartRewards | null;
  applied: AppliedLoyaltyReward | null | undefined;
  /** the page's action data after a refused plain POST (JavaScript off) */
  result?: RewardActionResult | undefined;
}

const NOTICE = { applyReward: 'rewards.notice.applied', swapReward: 'rewards.notice.swapped', removeReward: 'rewards.notice.removed' } as const;

/** The reward picker (see module comment); nothing for shoppers who cannot use Perks here. */
export function RewardPicker({ action, rewards, applied, result }: RewardPickerProps) {
  const t = useT();
  const ui = useCartUi();
  const hydrated = useHydrated();
  const fetcher = useFetcher<RewardActionResult>({ key: REWARD_FETCHER_KEY });
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const seen = useRef<RewardActionResult | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || seen.current === answer) return;
    seen.current = answer;
    if (answer.ok) {
      // spec §4: apply, remove or swap with sessionCartCount >= 0 broadcasts a cart update
      if (answer.sessionCartCount >= 0) ui.setCartQuantity(answer.sessionCartCount);
      ui.notify({ kind: 'success', text: t(NOTICE[answer.intent]) });
      if (detailsRef.current) detailsRef.current.open = false;
    }
  }, [fetcher.data]);

  if (!rewards) return null;
  const outcome = fetcher.data ?? result;
  const error = outcome && !outcome.ok ? outcome.error : null;
  const pending = fetcher.state !== 'idle';
  const mode = hydrated ? <input type="hidden" name="_mode" value="fetch" /> : null;

  return (
    <section className="promo-box reward-picker" aria-labelledby="reward-picker-title" data-testid="reward-picker">
      <h2 id="reward-picker-title" className="visually-hidden">
        {t('rewards.title')}
      </h2>
      {applied ? (
        <div className="reward-applied" data-testid="reward-applied">
          <p>
            <strong>{t('rewards.applied', { name: applied.name })}</strong>
            {applied.saving.value > 0 ? <> — {t('rewards.saving', { amount: applied.saving.formattedValue })}</> : null}
          </p>
          <p className="summary-note">{t('rewards.appliedNote', { points: applied.points })}</p>
          <fetcher.Form method="post" action={action}>
            <CsrfField />
            {mode}
            <input type="hidden" name="intent" value="removeReward" />
            <button type="submit" className="btn btn-link" disabled={pending}>
              {t('rewards.remove')}
            </button>
          </fetcher.Form>
        </div>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {!rewards.member ? (
        <p className="summary-note">
          <Link to={rewards.joinHref}>{t('rewards.join')}</Link>
        </p>
      ) : (
        <details className="reward-dialog" ref={detailsRef} open={Boolean(error)}>
          <summary className="btn btn-secondary btn-block">{t('rewards.open')}</summary>
          <div role="dialog" aria-labelledby="reward-dialog-title" className="reward-dialog-body">
            <h3 id="reward-dialog-title">{t('rewards.title')}</h3>
            <p>{t('rewards.balance', { points: rewards.points })}</p>
            <p className="summary-note">{t('rewards.oneOnly')}</p>
            <ul className="reward-list">
              {rewards.rewards.map((r) => {
                const isApplied = applied?.code === r.code;
                return (
                  <li key={r.code} className="reward-item" data-reward={r.code}>
                    <span className="reward-name">{r.name}</span> <span className="reward-cost">{t('rewards.cost', { points: r.points })}</span>
                    {isApplied ? null : (
                      <fetcher.Form method="post" action={action}>
                        <CsrfField />
                        {mode}
                        <input type="hidden" name="intent" value={applied ? 'swapReward' : 'applyReward'} />
                        <input type="hidden" name="rewardCode" value={r.code} />
                        <button type="submit" className="btn btn-small" disabled={pending || !r.affordable} aria-describedby={r.affordable ? undefined : `reward-short-${r.code}`}>
                          {t(applied ? 'rewards.swap' : 'rewards.apply')}
                        </button>
                        {r.affordable ? null : (
                          <span id={`reward-short-${r.code}`} className="summary-note">
                            {' '}
                            {t('rewards.short', { points: r.pointsShort })}
                          </span>
                        )}
                      </fetcher.Form>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        </details>
      )}
    </section>
  );
}
