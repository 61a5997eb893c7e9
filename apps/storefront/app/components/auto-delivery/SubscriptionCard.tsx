/**
 * One subscription of auto-delivery home (issue 10; spec §2; ADR 0018 "Auto-delivery home"): next
 * ship date, status, frequency, address, card (brand and last 4), the items with images, names,
 * quantities and prices, the campaign tracker, and the actions the API allows now
 * (`allowedActions`): skip next, ship now, ship on a date, pause until a date, resume, change the
 * frequency or day of the month, the address (address book) or the card (saved cards), change an
 * item's quantity or backup product, remove an item, add an item (the add-item page), cancel
 * (a confirmation step, `?cancel=<id>`). Every action is a plain form POST (works without
 * JavaScript); the longer forms sit in native `<details>` disclosures.
 */
import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { SavedPaymentMethod, Subscription, SubscriptionAction, SubscriptionItem } from '@store/contracts';
import { LAST_DAY_OF_MONTH, MAX_FIXED_DAY_OF_MONTH, SUBSCRIPTION_CANCEL_REASONS } from '@store/domain';
import { CsrfField } from '../../lib/csrf.tsx';
import { useT } from '../../lib/use-t.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { SavedAddress } from '../../routes/account.server.ts';
import { AddressBlock } from '../checkout/AddressFields.tsx';
import { FormAlert } from '../checkout/Section.tsx';
import { useAccountPaths } from '../account/use-account-paths.ts';
import { CommitmentTracker } from './CommitmentTracker.tsx';

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** A card brand as shown ("Visa"). */
export function brandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? brand;
}

/** A product that can be chosen as an item's backup. */
export interface BackupOption {
  code: string;
  name: string;
}

/** What one subscription card shows (dates already formatted by the loader) and the choices its forms offer. */
export interface SubscriptionCardProps {
  sub: Subscription;
  nextShipOn: string;
  pausedUntilOn: string | null;
  deadlineOn: string | null;
  paymentFailed: { on: string; retryOn: string | null } | null;
  addresses: SavedAddress[];
  cards: SavedPaymentMethod[];
  backupOptions: BackupOption[];
  dateRange: { min: string; max: string };
  /** the cancel confirmation of this subscription is open */
  confirmingCancel: boolean;
  /** the refusal of the last action on this subscription */
  error: { message: string; itemId: string | null } | null;
}

/** A field label showing a short text ("Quantity") while naming the field in full for assistive technology ("Quantity for …"). */
export function ShortLabel({ htmlFor, short, full }: { htmlFor: string; short: string; full: string }) {
  return (
    <>
      <label htmlFor={htmlFor} className="visually-hidden">
        {full}
      </label>
      <span className="ad-short-label" aria-hidden="true">
        {short}
      </span>
    </>
  );
}

/** A POST form of one subscription: CSRF field, `intent`, `subscriptionId`. */
function AdForm({ sub, intent, className, children }: { sub: Subscription; intent: string; className?: string; children: ReactNode }) {
  return (
    <Form method="post" className={className} preventScrollReset>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="subscriptionId" value={sub.id} />
      <input type="hidden" name="maxQty" value={sub.maxQtyPerItem} />
      {children}
    </Form>
  );
}

/** The submit button of an action; shows busy while its form is in flight. */
function Submit({ intent, sub, className, children, label }: { intent: string; sub: Subscription; className?: string; children: ReactNode; label?: string }) {
  const nav = useNavigation();
  const busy = nav.state !== 'idle' && nav.formData?.get('intent') === intent && nav.formData.get('subscriptionId') === sub.id;
  return (
    <button type="submit" className={className ?? 'btn btn-secondary btn-small'} disabled={busy} aria-busy={busy || undefined} aria-label={label}>
      {children}
    </button>
  );
}

/** The subscription's heading: program and rhythm. */
function useTitle(sub: Subscription): string {
  const t = useT();
  const program = t(`ad.program.${sub.program}` as MessageKey);
  if (sub.frequencyWeeks) return t('ad.subscriptionTitle', { program, weeks: sub.frequencyWeeks });
  if (sub.dayOfMonth === LAST_DAY_OF_MONTH) return t('ad.subscriptionTitleLastDay', { program });
  if (sub.dayOfMonth) return t('ad.subscriptionTitleDay', { program, day: sub.dayOfMonth });
  return program;
}

function ItemRow({ sub, item, backupOptions, error }: { sub: Subscription; item: SubscriptionItem; backupOptions: BackupOption[]; error: string | null }) {
  const t = useT();
  const name = item.product.name;
  const can = sub.allowedActions.includes('editItems');
  const qtyId = `qty-${item.id}`;
  const backupId = `backup-${item.id}`;
  const options = backupOptions.filter((o) => o.code !== item.product.code);
  if (item.backup && !options.some((o) => o.code === item.backup?.code)) options.unshift({ code: item.backup.code, name: item.backup.name });
  return (
    <li className="ad-item">
      <div className="ad-item-image">
        {item.product.imageUrl ? <img src={item.product.imageUrl} alt="" width={80} height={80} loading="lazy" decoding="async" /> : null}
      </div>
      <div className="ad-item-info">
        <p className="ad-item-name">{name}</p>
        <p className="ad-item-meta">
          <span>{t('ad.item.qty', { qty: item.qty })}</span>
          <span>{t('ad.item.each', { price: item.unitPrice.formattedValue })}</span>
          {item.listPrice.value > item.unitPrice.value ? <s className="price-was">{item.listPrice.formattedValue}</s> : null}
        </p>
        {item.backup ? <p className="ad-item-backup">{t('ad.item.backup', { name: item.backup.name })}</p> : null}
      </div>
      <p className="ad-item-total">{item.totalPrice.formattedValue}</p>
      {error ? (
        <div className="ad-item-alert">
          <FormAlert id={`item-error-${item.id}`} message={error} />
        </div>
      ) : null}
      {can ? (
        <details className="ad-disclosure ad-item-edit" open={error ? true : undefined}>
          <summary>{t('ad.item.edit')}</summary>
          <div className="ad-item-forms">
            <AdForm sub={sub} intent="itemUpdate" className="ad-inline-form">
              <input type="hidden" name="itemId" value={item.id} />
              <div className="field">
                <ShortLabel htmlFor={qtyId} short={t('ad.item.qtyShort')} full={t('ad.item.quantityFor', { name })} />
                <select id={qtyId} name="qty" defaultValue={String(item.qty)}>
                  {Array.from({ length: Math.max(sub.maxQtyPerItem, item.qty) }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <ShortLabel htmlFor={backupId} short={t('ad.item.backupShort')} full={t('ad.item.backupFor', { name })} />
                <select id={backupId} name="backupProductCode" defaultValue={item.backup?.code ?? ''}>
                  <option value="">{t('ad.item.noBackup')}</option>
                  {options.map((o) => (
                    <option key={o.code} value={o.code}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </div>
              <Submit intent="itemUpdate" sub={sub} className="btn btn-primary btn-small" label={t('ad.item.saveFor', { name })}>
                {t('ad.item.save')}
              </Submit>
            </AdForm>
            <AdForm sub={sub} intent="itemRemove">
              <input type="hidden" name="itemId" value={item.id} />
              <Submit intent="itemRemove" sub={sub} className="btn btn-light btn-small" label={t('ad.item.removeFor', { name })}>
                {t('ad.item.remove')}
              </Submit>
            </AdForm>
          </div>
        </details>
      ) : null}
    </li>
  );
}

/** The subscription card (see module comment). */
export function SubscriptionCard(props: SubscriptionCardProps) {
  const { sub, nextShipOn, pausedUntilOn, deadlineOn, addresses, cards, dateRange, confirmingCancel, error } = props;
  const t = useT();
  const paths = useAccountPaths();
  const title = useTitle(sub);
  const can = (a: SubscriptionAction) => sub.allowedActions.includes(a);
  const titleId = `sub-${sub.id}-title`;
  const cardError = error && !error.itemId ? error.message : null;
  const statusClass = sub.status === 'active' ? 'is-done' : sub.status === 'cancelled' ? 'is-stopped' : '';
  const card = sub.paymentMethod;
  return (
    <article className={`ad-sub is-${sub.status}`} id={`sub-${sub.id}`} aria-labelledby={titleId}>
      <header className="ad-sub-head">
        <h2 id={titleId}>{title}</h2>
        <span className={`status-badge ${statusClass}`}>{t(`ad.status.${sub.status}` as MessageKey)}</span>
      </header>
      <FormAlert id={`sub-error-${sub.id}`} message={cardError} />
      {sub.status === 'suspended' ? <p className="notice notice-error">{t('ad.suspendedNote')}</p> : null}
      {props.paymentFailed && sub.status !== 'cancelled' ? (
        <p className="notice notice-error">
          {props.paymentFailed.retryOn
            ? t('ad.paymentFailed', { date: props.paymentFailed.on, retry: props.paymentFailed.retryOn })
            : t('ad.paymentFailedNoRetry', { date: props.paymentFailed.on })}
        </p>
      ) : null}
      {sub.orderInProgress ? <p className="notice ad-notice-info">{t('ad.orderInProgress')}</p> : null}
      <div className="ad-sub-next">
        {sub.status === 'cancelled' ? (
          <p>{t('ad.nextShipNone')}</p>
        ) : (
          <p>
            <span className="ad-label">{t('ad.nextShip')}</span> <strong className="ad-next-date">{nextShipOn}</strong>
            {pausedUntilOn ? <span className="ad-paused-note">{t('ad.pausedUntil', { date: pausedUntilOn })}</span> : null}
          </p>
        )}
        {sub.status === 'cancelled' ? null : <p className="ad-next-total">{t('ad.nextSubtotal', { amount: sub.nextOrderSubtotal.formattedValue })}</p>}
      </div>
      {can('skip') || can('shipNow') || can('resume') ? (
        <div className="ad-quick-actions">
          {can('skip') ? (
            <AdForm sub={sub} intent="skip">
              <Submit intent="skip" sub={sub} className="btn btn-primary btn-small">
                {t('ad.skip')}
              </Submit>
            </AdForm>
          ) : null}
          {can('shipNow') ? (
            <AdForm sub={sub} intent="shipNow">
              <Submit intent="shipNow" sub={sub}>
                {t('ad.shipNow')}
              </Submit>
            </AdForm>
          ) : null}
          {can('resume') ? (
            <AdForm sub={sub} intent="resume">
              <Submit intent="resume" sub={sub} className="btn btn-primary btn-small">
                {t('ad.resume')}
              </Submit>
            </AdForm>
          ) : null}
        </div>
      ) : null}
      {sub.commitment ? <CommitmentTracker tracker={sub.commitment} deadlineOn={deadlineOn ?? ''} titleId={`sub-${sub.id}-tracker`} /> : null}
      <dl className="ad-facts">
        <div>
          <dt>{t('ad.frequency')}</dt>
          <dd>
            {sub.frequencyWeeks
              ? t('ad.everyWeeks', { weeks: sub.frequencyWeeks })
              : sub.dayOfMonth === LAST_DAY_OF_MONTH
                ? t('ad.lastDayOfMonth')
                : t('ad.dayOfMonth', { day: sub.dayOfMonth ?? 1 })}
          </dd>
        </div>
        <div>
          <dt>{t('ad.shipTo')}</dt>
          <dd>
            <AddressBlock address={sub.shippingAddress} />
          </dd>
        </div>
        <div>
          <dt>{t('ad.payment')}</dt>
          <dd>
            {card ? t('ad.cardLabel', { brand: brandName(card.brand), last4: card.last4 }) : t('ad.noCard')}
            {card?.expiresBeforeNextShipDate ? <span className="ad-card-warning">{t('ad.cardExpires')}</span> : null}
          </dd>
        </div>
      </dl>
      <h3 className="ad-items-title" id={`sub-${sub.id}-items`}>
        {t('ad.items')}
      </h3>
      <ul className="ad-items" aria-labelledby={`sub-${sub.id}-items`}>
        {sub.items.map((item) => (
          <ItemRow key={item.id} sub={sub} item={item} backupOptions={props.backupOptions} error={error?.itemId === item.id ? error.message : null} />
        ))}
      </ul>
      {can('addItem') ? (
        <p className="ad-add-item">
          <Link to={paths.autoDeliveryAdd(sub.id)} className="btn btn-secondary btn-small">
            {t('ad.addItem')}
          </Link>
        </p>
      ) : null}
      <div className="ad-manage">
        {can('shipOn') ? (
          <details className="ad-disclosure">
            <summary>{t('ad.shipOn')}</summary>
            <AdForm sub={sub} intent="shipOn" className="ad-inline-form">
              <div className="field">
                <label htmlFor={`shipon-${sub.id}`}>{t('ad.shipOnDate')}</label>
                <input type="date" id={`shipon-${sub.id}`} name="date" required min={dateRange.min} max={dateRange.max} defaultValue={dateRange.min} />
              </div>
              <Submit intent="shipOn" sub={sub} className="btn btn-primary btn-small">
                {t('ad.shipOnSubmit')}
              </Submit>
            </AdForm>
          </details>
        ) : null}
        {can('pause') ? (
          <details className="ad-disclosure">
            <summary>{t('ad.pause')}</summary>
            <AdForm sub={sub} intent="pause" className="ad-inline-form">
              <div className="field">
                <label htmlFor={`pause-${sub.id}`}>{t('ad.pauseUntil')}</label>
                <input type="date" id={`pause-${sub.id}`} name="until" required min={dateRange.min} max={dateRange.max} defaultValue={dateRange.min} />
              </div>
              <Submit intent="pause" sub={sub} className="btn btn-primary btn-small">
                {t('ad.pauseSubmit')}
              </Submit>
            </AdForm>
          </details>
        ) : null}
        {can('changeFrequency') ? (
          <details className="ad-disclosure">
            <summary>{t('ad.changeFrequency')}</summary>
            <AdForm sub={sub} intent="frequency" className="ad-inline-form">
              <div className="field">
                <label htmlFor={`freq-${sub.id}`}>{t('ad.frequencySelect')}</label>
                <select id={`freq-${sub.id}`} name="frequencyWeeks" defaultValue={String(sub.frequencyWeeks ?? '')}>
                  {sub.frequenciesWeeks.map((w) => (
                    <option key={w} value={w}>
                      {t('ad.frequencyOption', { weeks: w })}
                    </option>
                  ))}
                </select>
              </div>
              <Submit intent="frequency" sub={sub} className="btn btn-primary btn-small">
                {t('ad.frequencySubmit')}
              </Submit>
            </AdForm>
          </details>
        ) : null}
        {can('changeDayOfMonth') ? (
          <details className="ad-disclosure">
            <summary>{t('ad.changeFrequency')}</summary>
            <AdForm sub={sub} intent="dayOfMonth" className="ad-inline-form">
              <div className="field">
                <label htmlFor={`day-${sub.id}`}>{t('ad.dayOfMonthSelect')}</label>
                <select id={`day-${sub.id}`} name="dayOfMonth" defaultValue={String(sub.dayOfMonth ?? 1)}>
                  {Array.from({ length: MAX_FIXED_DAY_OF_MONTH }, (_, i) => i + 1).map((d) => (
                    <option key={d} value={d}>
                      {d}
                    </option>
                  ))}
                  <option value={LAST_DAY_OF_MONTH}>{t('ad.dayOfMonthLast')}</option>
                </select>
              </div>
              <Submit intent="dayOfMonth" sub={sub} className="btn btn-primary btn-small">
                {t('ad.frequencySubmit')}
              </Submit>
            </AdForm>
          </details>
        ) : null}
        {sub.rotation !== null && can('changeDayOfMonth') ? (
          <details className="ad-disclosure">
            <summary>{t('ad.rotation')}</summary>
            <AdForm sub={sub} intent="rotation" className="ad-inline-form">
              <fieldset className="ad-rotation">
                <legend>{t('ad.rotationLegend')}</legend>
                {(['choose', 'curated'] as const).map((r) => (
                  <label key={r}>
                    <input type="radio" name="rotation" value={r} defaultChecked={sub.rotation === r} /> {t(r === 'choose' ? 'ad.rotationChoose' : 'ad.rotationCurated')}
                  </label>
                ))}
              </fieldset>
              <Submit intent="rotation" sub={sub} className="btn btn-primary btn-small">
                {t('ad.rotationSubmit')}
              </Submit>
            </AdForm>
          </details>
        ) : null}
        {can('changeAddress') ? (
          <details className="ad-disclosure">
            <summary>{t('ad.changeAddress')}</summary>
            {addresses.length === 0 ? (
              <p>
                {t('ad.noAddresses')} <Link to={paths.addresses}>{t('ad.manageAddresses')}</Link>
              </p>
            ) : (
              <AdForm sub={sub} intent="address" className="ad-inline-form">
                <div className="field">
                  <label htmlFor={`addr-${sub.id}`}>{t('ad.addressSelect')}</label>
                  <select id={`addr-${sub.id}`} name="addressId" defaultValue={sub.shippingAddress.id ?? addresses[0]?.id}>
                    {addresses.map((a) => (
                      <option key={a.id} value={a.id}>
                        {`${a.firstName} ${a.lastName}, ${a.line1}, ${a.city} ${a.region} ${a.postalCode}`}
                      </option>
                    ))}
                  </select>
                </div>
                <Submit intent="address" sub={sub} className="btn btn-primary btn-small">
                  {t('ad.addressSubmit')}
                </Submit>
              </AdForm>
            )}
          </details>
        ) : null}
        {can('changePaymentMethod') ? (
          <details className="ad-disclosure">
            <summary>{t('ad.changeCard')}</summary>
            {cards.length === 0 ? (
              <p>{t('ad.noCards')}</p>
            ) : (
              <AdForm sub={sub} intent="card" className="ad-inline-form">
                <div className="field">
                  <label htmlFor={`card-${sub.id}`}>{t('ad.cardSelect')}</label>
                  <select id={`card-${sub.id}`} name="paymentMethodId" defaultValue={card?.id ?? cards[0]?.id}>
                    {cards.map((c) => (
                      <option key={c.id} value={c.id}>
                        {t('ad.cardOption', { brand: brandName(c.brand), last4: c.last4, month: String(c.expMonth).padStart(2, '0'), year: c.expYear })}
                      </option>
                    ))}
                  </select>
                </div>
                <Submit intent="card" sub={sub} className="btn btn-primary btn-small">
                  {t('ad.cardSubmit')}
                </Submit>
              </AdForm>
            )}
          </details>
        ) : null}
      </div>
      {can('cancel') && !confirmingCancel ? (
        <p className="ad-cancel-link">
          <Link to={`${paths.autoDelivery}?cancel=${encodeURIComponent(sub.id)}#cancel-${sub.id}`} preventScrollReset>
            {t('ad.cancel')}
          </Link>
        </p>
      ) : null}
      {can('cancel') && confirmingCancel ? <CancelConfirm sub={sub} /> : null}
    </article>
  );
}

/** The cancel confirmation step: reason, note, what it costs, confirm or keep. */
function CancelConfirm({ sub }: { sub: Subscription }) {
  const t = useT();
  const paths = useAccountPaths();
  const c = sub.commitment;
  const owes = c && (c.status === 'open' || c.status === 'pastDeadline') && c.cancelCostNowMinor > 0;
  return (
    <section className="ad-cancel" id={`cancel-${sub.id}`} aria-labelledby={`cancel-${sub.id}-title`}>
      <h3 id={`cancel-${sub.id}-title`}>{t('ad.cancelTitle')}</h3>
      <p>{t('ad.cancelText')}</p>
      {owes ? <p className="ad-cancel-cost">{t('ad.cancelCost', { amount: c.cancelCostNow.formattedValue })}</p> : null}
      {c && c.status === 'met' ? <p className="ad-tracker-note is-free">{t('ad.cancelFree')}</p> : null}
      <AdForm sub={sub} intent="cancel" className="ad-cancel-form">
        <div className="field">
          <label htmlFor={`reason-${sub.id}`}>{t('ad.cancelReason')}</label>
          <select id={`reason-${sub.id}`} name="reason" required defaultValue="">
            <option value="" disabled>
              {t('ad.cancelReasonChoose')}
            </option>
            {SUBSCRIPTION_CANCEL_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`ad.cancelReason.${r}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`note-${sub.id}`}>{t('ad.cancelNote')}</label>
          <textarea id={`note-${sub.id}`} name="note" rows={2} maxLength={500} />
        </div>
        <div className="account-actions">
          <Submit intent="cancel" sub={sub} className="btn btn-primary btn-small ad-btn-danger">
            {t('ad.cancelConfirm')}
          </Submit>
          <Link to={`${paths.autoDelivery}#sub-${sub.id}`} preventScrollReset>
            {t('ad.cancelKeep')}
          </Link>
        </div>
      </AdForm>
    </section>
  );
}
