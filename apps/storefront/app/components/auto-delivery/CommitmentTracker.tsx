/**
 * Brewer campaign commitment tracker of auto-delivery home (issue 10; ADR 0018 "Brewer campaigns"):
 * boxes counted / required as a progress bar, orders left, the deadline and days left, and what
 * cancelling today would cost; once met, a note that cancelling is free.
 */
import type { CommitmentTracker as Tracker } from '@store/contracts';
import { useT } from '../../lib/use-t.ts';

/** The tracker of the API answer (ADR 0018 "Brewer campaigns"), its deadline as a long date, the heading id. */
export interface CommitmentTrackerProps {
  tracker: Tracker;
  /** the deadline as a long date */
  deadlineOn: string;
  /** id of the heading (the section is labelled by it) */
  titleId: string;
}

/** The tracker card (see module comment). */
export function CommitmentTracker({ tracker, deadlineOn, titleId }: CommitmentTrackerProps) {
  const t = useT();
  const pct = Math.min(100, Math.round((tracker.boxesCounted / tracker.boxesRequired) * 100));
  const met = tracker.status === 'met';
  const closed = tracker.status === 'clawedBack' || tracker.status === 'cancelled';
  return (
    <section className={`ad-tracker${met ? ' is-met' : ''}`} aria-labelledby={titleId}>
      <h3 id={titleId}>{t('ad.tracker.title')}</h3>
      <div className="ad-tracker-count">
        <strong>{t('ad.tracker.boxes', { counted: tracker.boxesCounted, required: tracker.boxesRequired })}</strong>
      </div>
      <div
        className="ad-progress"
        role="progressbar"
        aria-label={t('ad.tracker.boxesLabel')}
        aria-valuemin={0}
        aria-valuemax={tracker.boxesRequired}
        aria-valuenow={Math.min(tracker.boxesCounted, tracker.boxesRequired)}
        aria-valuetext={t('ad.tracker.boxes', { counted: tracker.boxesCounted, required: tracker.boxesRequired })}
      >
        <span className="ad-progress-bar" style={{ width: `${pct}%` }} />
      </div>
      {met ? (
        <p className="ad-tracker-note is-free">{t('ad.tracker.met')}</p>
      ) : closed ? (
        <p className="ad-tracker-note">{t('ad.tracker.closed')}</p>
      ) : (
        <ul className="ad-tracker-facts">
          <li>{t('ad.tracker.ordersLeft', { count: tracker.ordersLeft, min: tracker.minBoxesPerOrder })}</li>
          <li>
            {tracker.status === 'pastDeadline'
              ? t('ad.tracker.pastDeadline')
              : t('ad.tracker.deadline', { date: deadlineOn, days: tracker.daysLeft })}
          </li>
          <li className="ad-tracker-cost">{t('ad.tracker.cancelCost', { amount: tracker.cancelCostNow.formattedValue })}</li>
        </ul>
      )}
    </section>
  );
}
