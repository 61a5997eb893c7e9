/**
 * Issue 12 (ADR 0028 "Rewards"; spec §7 reward lists, §9 rewards best sellers page size 28): the
 * Perks page's "Popular rewards" — the site's rewards, most redeemed first, with their cost and
 * how many points the member still needs. Rewards are applied from the cart.
 */
import type { RewardBestSellers as RewardBestSellersData } from '@store/contracts';
import { useT } from '../../lib/use-t.ts';

/** The popular rewards panel (nothing when there is no list). */
export function RewardBestSellers({ list }: { list: RewardBestSellersData | null | undefined }) {
  const t = useT();
  if (!list || list.rewards.length === 0) return null;
  return (
    <section className="account-panel" aria-labelledby="perks-rewards-title" data-testid="reward-best-sellers">
      <h2 id="perks-rewards-title">{t('rewards.bestSellers.title')}</h2>
      <p>{t('rewards.bestSellers.note')}</p>
      <ul className="reward-list">
        {list.rewards.map((r) => (
          <li key={r.code} data-reward={r.code}>
            <strong>{r.name}</strong> — {t('rewards.cost', { points: r.points })}
            {r.affordable ? null : <span className="summary-note"> ({t('rewards.short', { points: r.pointsShort })})</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
