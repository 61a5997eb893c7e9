/**
 * The product page's purchase choice (issue 10, ADR 0018 "Buying"): two radio cards, "One-time
 * purchase" and "Auto-delivery", each with its price, the saving (amount and percent) on the
 * auto-delivery card, then the auto-delivery options: how to schedule it (every N weeks: `ADC`;
 * a suggested frequency: `ADCF` smart; a fixed day of the month: `ADF`), the frequency select
 * (the site's offered frequencies, the default preselected), pods at home (ADC/ADCF, spec §5),
 * cups a day and the day of the month, and the free-shipping note.
 *
 * Rendered inside the add-to-cart form: the fields are `entryType` (`STD` | `AD`), `adSchedule`,
 * `frequencyWeeks`, `podsAtHomeQty`, `cupsPerDay`, `dayOfMonth`; the add-to-cart action maps them
 * to the API's entry type. Without JavaScript every option is visible and the form simply posts;
 * with it the options follow the choice and the smart schedule asks for a suggestion
 * ({@link SmartSuggestion}).
 */
import { useId, useState } from 'react';
import { formatMoney } from '@store/domain';
import { useShell } from '../../lib/shell-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/use-t.ts';
import type { AdOfferView, AdSchedule } from './offer.ts';
import { CUPS_PER_DAY_RANGE, DAYS_OF_MONTH, savingPercent } from './offer.ts';
import { SmartSuggestion } from './SmartSuggestion.tsx';

export interface PurchaseOptionsProps {
  offer: AdOfferView;
  /** the path of the smart-suggestion resource route (GET), in the page's language */
  suggestPath: string;
  /** start on auto-delivery (e.g. `?purchase=ad`); one-time otherwise */
  initialAd?: boolean;
  /** told when the shopper switches between one-time and auto-delivery */
  onAdChange?(ad: boolean): void;
}

/** The percent of a saving, in the page's locale ("25%", "25 %"). */
export function formatPercent(bps: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(savingPercent(bps) / 100);
}

export function PurchaseOptions({ offer, suggestPath, initialAd = false, onAdChange }: PurchaseOptionsProps) {
  const t = useT();
  const { locale } = useShell();
  const hydrated = useHydrated();
  const id = useId();
  const [ad, setAd] = useState(initialAd);
  const [schedule, setSchedule] = useState<AdSchedule>('ADC');
  const [frequency, setFrequency] = useState(offer.defaultFrequencyWeeks);
  const [pods, setPods] = useState('');
  const [cups, setCups] = useState('2');
  function choose(next: boolean) {
    setAd(next);
    onAdChange?.(next);
  }
  const money = (minor: number) => formatMoney(minor, offer.currencyIso, locale);
  const saving =
    offer.savingMinor > 0
      ? t('adBuy.save', {
          amount: money(offer.savingMinor),
          percent: formatPercent(offer.savingBps, locale),
        })
      : null;
  // without JavaScript every option shows; with it only the chosen ones
  const showAd = !hydrated || ad;
  const show = (s: AdSchedule) => !hydrated || schedule === s;
  // smart (with JavaScript): pods at home and cups a day first, then the suggested frequency
  const smartFirst = hydrated && schedule === 'ADCF';
  const frequencyField =
    show('ADC') || show('ADCF') ? (
      <div className="ad-field">
        <label htmlFor={`${id}-freq`}>{t('adBuy.frequency')}</label>
        <select id={`${id}-freq`} name="frequencyWeeks" value={frequency} onChange={(e) => setFrequency(Number(e.target.value))}>
          {offer.frequenciesWeeks.map((n) => (
            <option key={n} value={n}>
              {n === offer.defaultFrequencyWeeks ? t('adBuy.weeksDefault', { n }) : t('adBuy.weeks', { n })}
            </option>
          ))}
        </select>
      </div>
    ) : null;

  return (
    <fieldset className="ad-choice" data-testid="purchase-options">
      <legend>{t('adBuy.legend')}</legend>
      <label className="ad-card">
        <input type="radio" name="entryType" value="STD" defaultChecked={!initialAd} onChange={() => choose(false)} />
        <span className="ad-card-body">
          <span className="ad-card-title">{t('adBuy.oneTime')}</span>
          <span className="ad-card-price">{money(offer.oneTimeMinor)}</span>
        </span>
      </label>
      <label className="ad-card ad-card-ad">
        <input type="radio" name="entryType" value="AD" defaultChecked={initialAd} onChange={() => choose(true)} aria-describedby={`${id}-ad-note`} />
        <span className="ad-card-body">
          <span className="ad-card-title">
            {t('adBuy.autoDelivery')}
            {saving ? <span className="ad-save-badge">{saving}</span> : null}
          </span>
          <span className="ad-card-price">
            {money(offer.adMinor)}
            {offer.savingMinor > 0 ? <s className="price-was">{money(offer.oneTimeMinor)}</s> : null}
          </span>
          <span className="ad-card-note" id={`${id}-ad-note`}>
            {offer.recurringMinor !== offer.adMinor ? (
              <>
                {t('adBuy.thenRecurring', {
                  first: money(offer.adMinor),
                  recurring: money(offer.recurringMinor),
                })}
                <br />
              </>
            ) : null}
            {offer.freeShipping ? t('adBuy.freeShippingShort') : null}
          </span>
        </span>
      </label>

      {showAd ? (
        <div className="ad-options">
          <fieldset className="ad-schedule">
            <legend>{t('adBuy.schedule.legend')}</legend>
            {(
              [
                ['ADC', 'adBuy.schedule.weeks'],
                ['ADCF', 'adBuy.schedule.smart'],
                ['ADF', 'adBuy.schedule.day'],
              ] as const
            ).map(([value, key]) => (
              <label key={value} className="ad-schedule-option">
                <input type="radio" name="adSchedule" value={value} defaultChecked={value === 'ADC'} onChange={() => setSchedule(value)} />
                <span>{t(key)}</span>
              </label>
            ))}
          </fieldset>

          {smartFirst ? null : frequencyField}
          {show('ADC') || show('ADCF') ? (
            <div className="ad-field">
              <label htmlFor={`${id}-pods`}>{t('adBuy.podsAtHome')}</label>
              <input
                id={`${id}-pods`}
                name="podsAtHomeQty"
                type="number"
                inputMode="numeric"
                min={0}
                max={offer.podsAtHomeMax}
                step={1}
                value={pods}
                onChange={(e) => setPods(e.target.value)}
                aria-describedby={`${id}-pods-hint`}
              />
              <p className="ad-hint" id={`${id}-pods-hint`}>
                {t('adBuy.podsAtHomeHint')}
              </p>
            </div>
          ) : null}

          {show('ADCF') ? (
            <div className="ad-smart">
              <p className="ad-hint">{t('adBuy.schedule.smartHint')}</p>
              <div className="ad-field">
                <label htmlFor={`${id}-cups`}>{t('adBuy.cupsPerDay')}</label>
                <input
                  id={`${id}-cups`}
                  name="cupsPerDay"
                  type="number"
                  inputMode="numeric"
                  min={CUPS_PER_DAY_RANGE.min}
                  max={CUPS_PER_DAY_RANGE.max}
                  step={1}
                  value={cups}
                  onChange={(e) => setCups(e.target.value)}
                />
              </div>
              {hydrated ? <input type="hidden" name="smartFrequency" value="1" /> : null}
              {hydrated ? (
                <SmartSuggestion
                  path={suggestPath}
                  productCode={offer.variantCode}
                  podsAtHomeQty={pods}
                  cupsPerDay={cups}
                  onFrequency={setFrequency}
                />
              ) : (
                <p className="ad-hint">{t('adBuy.smart.noJs')}</p>
              )}
            </div>
          ) : null}

          {smartFirst ? frequencyField : null}

          {show('ADF') ? (
            <div className="ad-field">
              <label htmlFor={`${id}-day`}>{t('adBuy.dayOfMonth')}</label>
              <select id={`${id}-day`} name="dayOfMonth" defaultValue="1">
                {DAYS_OF_MONTH.map((d) => (
                  <option key={d} value={d}>
                    {d === 31 ? t('adBuy.lastDay') : d}
                  </option>
                ))}
              </select>
            </div>
          ) : null}

          {offer.freeShipping ? (
            <p className="ad-free-shipping">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M3 7h11v8H3zM14 10h4l3 3v2h-7z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
                <circle cx="7" cy="17" r="1.8" fill="currentColor" />
                <circle cx="17" cy="17" r="1.8" fill="currentColor" />
              </svg>
              {t('adBuy.freeShipping')}
            </p>
          ) : null}
          <p className="ad-hint">{t('adBuy.flexible')}</p>
        </div>
      ) : null}
    </fieldset>
  );
}
