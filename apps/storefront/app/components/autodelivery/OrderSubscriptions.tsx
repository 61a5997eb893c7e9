/**
 * The confirmation page's subscriptions (issue 10, ADR 0018 "Buying"): each subscription the
 * order opened with its program, cadence (every N weeks, or a day of the month), items and next
 * ship date (a calendar date in the site's time zone, written in the page's locale), and a link
 * to the auto-delivery home.
 */
import { Link } from 'react-router';
import type { OrderSubscription } from '@store/contracts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { formatLocalDate } from './offer.ts';
import { adBuyPaths } from './paths.ts';

export function OrderSubscriptions({ subscriptions }: { subscriptions: OrderSubscription[] }) {
  const t = useT();
  const { lang, locale } = useShell();
  if (subscriptions.length === 0) return null;
  return (
    <section className="confirmation-card" aria-labelledby="ad-subscriptions-title" data-testid="order-subscriptions">
      <h2 id="ad-subscriptions-title">{t('adBuy.confirmation.title')}</h2>
      <p>{t('adBuy.confirmation.text')}</p>
      <ul className="ad-subscriptions">
        {subscriptions.map((s) => (
          <li key={s.id} className="ad-subscription" data-testid="order-subscription">
            <p className="ad-subscription-program">
              {t(`adBuy.program.${s.program === 'ONE_TIME' ? 'AUTO_DELIVERY' : s.program}`)} ·{' '}
              {s.frequencyWeeks !== null
                ? t('adBuy.confirmation.every', { n: s.frequencyWeeks })
                : s.dayOfMonth !== null && s.dayOfMonth >= 31
                  ? t('adBuy.confirmation.lastDay')
                  : t('adBuy.confirmation.day', { day: s.dayOfMonth ?? 1 })}
            </p>
            <p className="ad-subscription-next">{t('adBuy.confirmation.next', { date: formatLocalDate(s.nextShipDate, locale) })}</p>
            <p className="muted">{s.items.map((i) => (i.quantity > 1 ? `${i.quantity} × ${i.name}` : i.name)).join(', ')}</p>
          </li>
        ))}
      </ul>
      <Link to={adBuyPaths(lang).home} className="btn btn-secondary">
        {t('adBuy.confirmation.manage')}
      </Link>
    </section>
  );
}
