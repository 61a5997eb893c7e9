/**
 * Gift cards in checkout's payment section (issue 4, spec §7 gift-card calls, ADR 0010): the
 * applied cards (masked code, balance, applied amount) with "Use a different amount" (apply-value)
 * and "Remove", then a "Gift card code" field with "Apply gift card" and "Check balance".
 * Refusals (unknown code, empty, expired, too many cards, amount too high, too many attempts)
 * show translated next to the field.
 *
 * Works without JavaScript: each action is a plain POST (`intent=applyGiftCard | checkGiftCard |
 * applyGiftCardValue | removeGiftCard`) to the checkout page, which redirects back or answers the
 * error; once hydrated the forms submit through the `promo-giftcard` fetcher.
 *
 * The block sits inside the place-order form (payment section), and forms cannot nest: its
 * controls belong to their own forms through the `form` attribute, and those (empty) forms are
 * rendered outside by {@link GiftCardFormTargets}.
 */
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { AppliedGiftCard } from '@store/contracts';
import { CsrfField } from '../../lib/csrf.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/use-t.ts';
import { MAX_GIFT_CARD_LENGTH } from './promo-actions.ts';
import type { PromoActionResult } from './promo-actions.ts';
import { PromoMessages } from './PromoMessages.tsx';

/** The key of the gift-card forms' fetcher. */
export const GIFT_CARD_FETCHER_KEY = 'promo-giftcard';
/** At most this many gift cards on one cart (ADR 0010). */
export const MAX_GIFT_CARDS = 5;

function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4v5M8 11.2v.6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      {message}
    </p>
  );
}

export interface GiftCardFormProps {
  giftCards: AppliedGiftCard[];
  /** the page's action data after a refused plain POST (JavaScript off) */
  result?: PromoActionResult | undefined;
}

/** The gift-card block (see module comment). */
export function GiftCardForm({ giftCards, result }: GiftCardFormProps) {
  const t = useT();
  const fetcher = useFetcher<PromoActionResult>({ key: GIFT_CARD_FETCHER_KEY });
  const fromFetcher = fetcher.data?.promo === 'giftCard' ? fetcher.data : undefined;
  const fromPost = result?.promo === 'giftCard' ? result : undefined;
  const outcome = fromFetcher ?? fromPost;
  const refused = outcome && !outcome.ok ? outcome : null;
  const errorOf = (field: string) => (refused && refused.field === field ? refused.message : null);
  const codeError = errorOf('giftCardCode');
  const boxError = refused && refused.field === null ? refused.message : null;
  const notice = outcome?.ok ? outcome.message : null;
  const pending = fetcher.state !== 'idle';
  const submitting = fetcher.formData?.get('intent');
  const codeRef = useRef<HTMLInputElement>(null);

  // After a fetcher answer: focus the field in error; an applied card clears the code field.
  const seen = useRef<PromoActionResult | undefined>(undefined);
  useEffect(() => {
    if (!fromFetcher || seen.current === fromFetcher) return;
    seen.current = fromFetcher;
    if (!fromFetcher.ok && fromFetcher.field) document.getElementById(fieldId(fromFetcher.field))?.focus();
    else if (fromFetcher.ok && fromFetcher.intent === 'applyGiftCard' && codeRef.current) codeRef.current.value = '';
    else if (fromFetcher.intent === 'removeGiftCard') codeRef.current?.focus();
  }, [fromFetcher]);

  const full = giftCards.length >= MAX_GIFT_CARDS;
  return (
    <div className="promo-box giftcard-box" id="gift-cards">
      <h3 className="promo-box-title">{t('promo.gc.title')}</h3>
      {giftCards.length === 0 ? <p className="section-note">{t('promo.gc.intro')}</p> : null}
      {giftCards.length > 0 ? (
        <ul className="giftcard-list" aria-label={t('promo.gc.list')}>
          {giftCards.map((card) => {
            const amountField = `amount-${card.giftCardId}`;
            const amountError = errorOf(amountField);
            const name = t('promo.gc.card', { card: card.maskedCode });
            return (
              <li key={card.giftCardId} className="giftcard-item" data-testid="applied-gift-card">
                <div className="giftcard-head">
                  <span className="giftcard-name">{name}</span>
                  <span className="giftcard-applied">{t('promo.gc.applied', { amount: card.appliedAmount.formattedValue })}</span>
                </div>
                <p className="giftcard-balance">{t('promo.gc.balance', { amount: card.balance.formattedValue })}</p>
                <div className="giftcard-actions">
                  <details className="giftcard-amount" open={amountError !== null || undefined}>
                    <summary>{t('promo.gc.otherAmount')}</summary>
                    <div className="giftcard-amount-form">
                      <div className={`field${amountError ? ' has-error' : ''}`}>
                        <label htmlFor={fieldId(amountField)}>{t('promo.gc.amount')}</label>
                        <p className="field-hint" id={`${fieldId(amountField)}-hint`}>
                          {t('promo.gc.amountHint', { max: card.balance.formattedValue })}
                        </p>
                        <div className="promo-inline">
                          <input
                            form={FORM_IDS.value(card.giftCardId)}
                            id={fieldId(amountField)}
                            name="amount"
                            type="text"
                            inputMode="decimal"
                            autoComplete="off"
                            maxLength={12}
                            defaultValue={
                              fromPost && fromPost.giftCardId === card.giftCardId && !fromPost.ok
                                ? fromPost.value
                                : (card.requestedAmount?.value.toFixed(2) ?? '')
                            }
                            aria-invalid={amountError ? true : undefined}
                            aria-describedby={[`${fieldId(amountField)}-hint`, amountError ? `${fieldId(amountField)}-error` : null].filter(Boolean).join(' ')}
                          />
                          <button type="submit" form={FORM_IDS.value(card.giftCardId)} className="btn btn-secondary promo-apply" disabled={pending}>
                            {t('promo.gc.applyAmount')}
                          </button>
                        </div>
                        <FieldError id={`${fieldId(amountField)}-error`} message={amountError} />
                      </div>
                      {card.requestedAmount ? (
                        <button type="submit" form={FORM_IDS.value(card.giftCardId)} name="amountMode" value="max" className="btn-link" disabled={pending}>
                          {t('promo.gc.useMax')}
                        </button>
                      ) : null}
                    </div>
                  </details>
                  <div className="giftcard-remove">
                    <button
                      type="submit"
                      form={FORM_IDS.remove(card.giftCardId)}
                      className="btn-link"
                      aria-label={t('promo.gc.removeLabel', { card: card.maskedCode })}
                      disabled={pending}
                    >
                      {t('promo.gc.remove')}
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {!full ? (
        <div className="giftcard-form">
          <div className={`field${codeError ? ' has-error' : ''}`}>
            <label htmlFor={fieldId('giftCardCode')}>{t('promo.gc.code')}</label>
            <p className="field-hint" id={`${fieldId('giftCardCode')}-hint`}>
              {t('promo.gc.codeHint')}
            </p>
            <input
              ref={codeRef}
              form={FORM_IDS.add}
              id={fieldId('giftCardCode')}
              name="giftCardCode"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={MAX_GIFT_CARD_LENGTH}
              defaultValue={fromPost && fromPost.intent !== 'applyGiftCardValue' ? fromPost.value : undefined}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={[`${fieldId('giftCardCode')}-hint`, codeError ? `${fieldId('giftCardCode')}-error` : null].filter(Boolean).join(' ')}
              autoFocus={!!fromPost && !fromPost.ok && fromPost.field === 'giftCardCode'}
            />
            <FieldError id={`${fieldId('giftCardCode')}-error`} message={codeError} />
          </div>
          <div className="promo-actions">
            <button
              type="submit"
              form={FORM_IDS.add}
              name="intent"
              value="applyGiftCard"
              className="btn btn-secondary"
              disabled={pending}
              aria-busy={(pending && submitting === 'applyGiftCard') || undefined}
            >
              {pending && submitting === 'applyGiftCard' ? t('promo.gc.applying') : t('promo.gc.apply')}
            </button>
            <button type="submit" form={FORM_IDS.add} name="intent" value="checkGiftCard" className="btn-link" disabled={pending}>
              {t('promo.gc.check')}
            </button>
          </div>
        </div>
      ) : null}
      <PromoMessages error={boxError} notice={notice} />
    </div>
  );
}

/** The element id of a gift-card control (`giftCardCode`, `amount-<giftCardId>`). */
function fieldId(field: string): string {
  return `gc-${field.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The ids of the forms the controls belong to. */
const FORM_IDS = {
  add: 'gc-add-form',
  value: (giftCardId: string) => `gc-value-form-${giftCardId.replace(/[^A-Za-z0-9_-]/g, '_')}`,
  remove: (giftCardId: string) => `gc-remove-form-${giftCardId.replace(/[^A-Za-z0-9_-]/g, '_')}`,
};

/**
 * The forms of {@link GiftCardForm}'s controls (hidden fields only), rendered outside any other
 * form (see module comment).
 */
export function GiftCardFormTargets({ action, giftCards }: { /** the checkout page's path */ action: string; giftCards: AppliedGiftCard[] }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<PromoActionResult>({ key: GIFT_CARD_FETCHER_KEY });
  const mode = hydrated ? <input type="hidden" name="_mode" value="fetch" /> : null;
  return (
    <div hidden>
      <fetcher.Form method="post" action={action} id={FORM_IDS.add} noValidate>
        <CsrfField />
        {mode}
      </fetcher.Form>
      {giftCards.map((card) => (
        <div key={card.giftCardId}>
          <fetcher.Form method="post" action={action} id={FORM_IDS.value(card.giftCardId)} noValidate>
            <CsrfField />
            {mode}
            <input type="hidden" name="intent" value="applyGiftCardValue" />
            <input type="hidden" name="giftCardId" value={card.giftCardId} />
          </fetcher.Form>
          <fetcher.Form method="post" action={action} id={FORM_IDS.remove(card.giftCardId)}>
            <CsrfField />
            {mode}
            <input type="hidden" name="intent" value="removeGiftCard" />
            <input type="hidden" name="giftCardId" value={card.giftCardId} />
          </fetcher.Form>
        </div>
      ))}
    </div>
  );
}
