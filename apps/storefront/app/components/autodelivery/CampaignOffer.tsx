/**
 * The brewer campaign offer on an eligible brewer's product page (issue 10, ADR 0018 "Brewer
 * campaigns"; business-defaults.md starter kit): the campaign price beside the list price, the
 * commitment terms in plain words (boxes, months, orders, boxes per order, what cancelling early
 * costs, card validity), and a form adding the bundle (the brewer + a first coffee, all on
 * auto-delivery, `addCampaignBundle`). A plain POST: works without JavaScript and lands on the
 * cart; a refusal comes back as `?campaignError=<reason>` (a bad boxes count or frequency is named,
 * issue 11 item 1).
 */
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { formatMoney } from '@store/domain';
import type { CampaignOfferView } from './offer.ts';
import { CsrfField } from '../../lib/csrf.tsx';
import { authPaths } from '../../lib/auth/paths.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { campaignPaths } from './paths.ts';

export interface CampaignOfferProps {
  offer: CampaignOfferView;
  /** the reason of a refused add (`?campaignError=`), or null */
  error: string | null;
}

export function CampaignOffer({ offer, error }: CampaignOfferProps) {
  const t = useT();
  const { lang, locale } = useShell();
  const location = useLocation();
  const id = useId();
  const money = (minor: number) => formatMoney(minor, offer.currencyIso, locale);
  const c = offer.campaign;
  const back = `${location.pathname}${location.search}`;
  return (
    <section className="ad-campaign" aria-labelledby={`${id}-title`} data-testid="campaign-offer" data-campaign={c.code}>
      <h2 id={`${id}-title`} className="ad-campaign-title">
        {t('adBuy.campaign.title')}
      </h2>
      <p className="ad-campaign-price">
        <strong>{offer.priceMinor === 0 ? t('adBuy.campaign.free') : t('adBuy.campaign.price', { price: money(offer.priceMinor) })}</strong>{' '}
        <s className="price-was">{t('adBuy.campaign.was', { price: money(offer.listMinor) })}</s>
      </p>
      <p>{t('adBuy.campaign.terms', { boxes: c.commitmentBoxes, months: c.commitmentMonths, orders: c.minOrders, minBoxes: c.minBoxesPerOrder })}</p>
      <p className="ad-hint">{t('adBuy.campaign.clawback', { cardMonths: offer.cardValidMonths })}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error === 'commitmentOpen'
            ? t('adBuy.campaign.notEligible')
            : error === 'campaignInCart'
              ? t('adBuy.campaign.inCart')
              : error === 'accountRequired'
                ? t('adBuy.campaign.signIn')
                : error === 'invalidQuantity'
                  ? t('form.fieldError', { field: t('adBuy.campaign.qty'), problem: t('form.problem.invalidQuantity') })
                  : error === 'invalidFrequency'
                    ? t('form.fieldError', { field: t('form.label.frequency'), problem: t('form.problem.invalidFrequency') })
                    : t('adBuy.campaign.error')}
        </p>
      ) : null}
      {offer.signInRequired ? (
        <Link to={authPaths(lang).loginBack(back)} className="btn btn-secondary">
          {t('adBuy.campaign.signIn')}
        </Link>
      ) : !offer.eligible ? (
        <p className="ad-hint">{t('adBuy.campaign.notEligible')}</p>
      ) : offer.beverages.length > 0 ? (
        <form method="post" action={campaignPaths(lang).add} className="ad-campaign-form">
          <CsrfField />
          <input type="hidden" name="campaignCode" value={c.code} />
          <input type="hidden" name="brewerCode" value={offer.brewerCode} />
          <input type="hidden" name="back" value={back} />
          <div className="ad-field">
            <label htmlFor={`${id}-coffee`}>{t('adBuy.campaign.pick')}</label>
            <select id={`${id}-coffee`} name="productCode">
              {offer.beverages.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </select>
          </div>
          <div className="ad-campaign-row">
            <div className="ad-field">
              <label htmlFor={`${id}-qty`}>{t('adBuy.campaign.qty')}</label>
              <input id={`${id}-qty`} name="qty" type="number" inputMode="numeric" min={1} max={12} defaultValue={c.minBoxesPerOrder} required />
            </div>
            <div className="ad-field">
              <label htmlFor={`${id}-freq`}>{t('adBuy.frequency')}</label>
              <select id={`${id}-freq`} name="frequencyWeeks" defaultValue={offer.defaultFrequencyWeeks}>
                {offer.frequenciesWeeks.map((n) => (
                  <option key={n} value={n}>
                    {t('adBuy.weeks', { n })}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button type="submit" className="btn btn-primary">
            {t('adBuy.campaign.add')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
