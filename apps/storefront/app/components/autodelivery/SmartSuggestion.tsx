/**
 * The smart schedule's "Suggest" button (ADR 0018 SMART; JavaScript only: without it the add-to-cart
 * form posts the pods at home and cups a day, and the API suggests the frequency). Asks the
 * smart-suggestion resource route, shows the suggested frequency, first ship date and the
 * reasoning in words, and selects the suggested frequency in the form.
 */
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { useT } from '../../lib/use-t.ts';
import type { SmartSuggestionResult } from './offer.ts';

export interface SmartSuggestionProps {
  /** GET path of the resource route */
  path: string;
  productCode: string;
  podsAtHomeQty: string;
  cupsPerDay: string;
  /** called with the suggested frequency (weeks) */
  onFrequency(weeks: number): void;
}

export function SmartSuggestion({ path, productCode, podsAtHomeQty, cupsPerDay, onFrequency }: SmartSuggestionProps) {
  const t = useT();
  const fetcher = useFetcher<SmartSuggestionResult>();
  const result = fetcher.data;
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    if (result?.ok) onFrequency(result.frequencyWeeks);
  }, [result]);

  function ask() {
    const q = new URLSearchParams({ productCode, podsAtHomeQty, cupsPerDay });
    void fetcher.load(`${path}?${q.toString()}`);
  }

  const r = result?.ok ? result.reasoning : null;
  return (
    <div className="ad-suggest">
      <button type="button" className="btn btn-secondary btn-small" onClick={ask} disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('adBuy.suggesting') : t('adBuy.suggest')}
      </button>
      <div aria-live="polite">
        {result && !result.ok ? <p className="form-error">{result.text ?? t('adBuy.smart.error')}</p> : null}
        {result?.ok && r ? (
          <div className="ad-suggestion" data-testid="smart-suggestion">
            <p className="ad-suggestion-main">{t('adBuy.smart.result', { weeks: result.frequencyWeeks, date: result.firstShipDate })}</p>
            <ul className="ad-reasons">
              {r.podsAtHomeQty > 0 ? (
                <li>{t('adBuy.smart.reasonHome', { pods: r.podsAtHomeQty, cups: r.cupsPerDay, days: r.daysOfCoffeeAtHome, buffer: r.bufferDays })}</li>
              ) : null}
              <li>{t('adBuy.smart.reasonOrder', { podsPerOrder: r.podsPerOrder, daysPerOrder: r.daysPerOrder })}</li>
              {r.observedIntervalDays !== null && r.notes.includes('pastOrdersBlended') ? (
                <li>{t('adBuy.smart.reasonPast', { days: r.observedIntervalDays })}</li>
              ) : null}
              {r.notes.includes('firstShipMinimum') ? <li>{t('adBuy.smart.reasonMinimum')}</li> : null}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}
