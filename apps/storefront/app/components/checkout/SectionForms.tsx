/**
 * The forms of the checkout sections. Each is a `<form method="post">` with an `intent` (works
 * without JavaScript: the action redirects back with the next section open, or re-renders the
 * page with the errors); once hydrated it submits through its own fetcher, so the page updates
 * without a full reload. Errors come translated from the action; the first invalid control gets
 * the focus (autoFocus after a plain POST, an effect after a fetcher answer).
 */
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { DeliveryMode } from '@store/contracts';
import type { Country } from '@store/domain';
import { useT } from '../../lib/use-t.ts';
import type { CartView as Cart } from '../../routes/cart.server.ts';
import type { SavedAddress, SavedCard } from '../../routes/account.server.ts';
import type { CheckoutActionData, PaymentStep, SectionId } from '../../routes/checkout.server.ts';
import { ADDRESS_FIELD_ORDER, AddressFields } from './AddressFields.tsx';
import { RadioGroup, TextField } from './fields.tsx';
import type { FormErrors } from './occ-errors.ts';
import { FormAlert, SubmitButton } from './Section.tsx';
import { CsrfField } from '../../lib/csrf.tsx';

/** Shared inputs of every section form. */
export interface SectionFormProps {
  /** the checkout page path (form action) */
  action: string;
  /** the page's action data after a plain POST (JavaScript off) */
  actionData: CheckoutActionData | undefined;
}

/** The fetcher, errors, typed values and focus target of one section. */
function useSection(section: SectionId, actionData: CheckoutActionData | undefined) {
  const fetcher = useFetcher<CheckoutActionData>({ key: `checkout-${section}` });
  const fromFetcher = fetcher.data && fetcher.data.section === section ? fetcher.data : undefined;
  const fromPost = actionData && actionData.section === section ? actionData : undefined;
  const result = fromFetcher ?? fromPost;
  const errors: FormErrors = result?.errors ?? { fieldErrors: {}, formError: null };
  const firstField = Object.keys(errors.fieldErrors)[0] ?? null;
  const pending = fetcher.state !== 'idle';
  // After a fetcher answer with errors, move the focus to the first invalid field (or the alert).
  const seen = useRef<CheckoutActionData | undefined>(undefined);
  useEffect(() => {
    if (!fromFetcher || seen.current === fromFetcher) return;
    seen.current = fromFetcher;
    const target = firstField ? document.querySelector<HTMLElement>(`[name="${firstField}"]`) : document.getElementById(`${section}-alert`);
    target?.focus();
  }, [fromFetcher]);
  return { fetcher, result, errors, values: result?.values ?? {}, pending, firstField: fromPost ? firstField : null };
}

/** Section 1: the email address. */
export function ContactForm({ action, actionData, cart }: SectionFormProps & { cart: Cart }) {
  const t = useT();
  const { fetcher, errors, values, pending, firstField } = useSection('contact', actionData);
  return (
    <fetcher.Form method="post" action={action} noValidate className="checkout-form">
      <CsrfField />
      <input type="hidden" name="intent" value="contact" />
      <FormAlert id="contact-alert" message={errors.formError} />
      <TextField
        id="checkout-email"
        name="email"
        type="email"
        label={t('checkout.contact.email')}
        hint={t('checkout.contact.emailHint')}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        autoCapitalize="off"
        maxLength={254}
        required
        defaultValue={values.email ?? cart.email ?? ''}
        error={errors.fieldErrors.email}
        focus={firstField === 'email'}
      />
      <SubmitButton pending={pending} label={t('checkout.continue')} pendingLabel={t('checkout.saving')} />
    </fetcher.Form>
  );
}

/** An address as inline text lines (inside a radio label, where `<address>` is not allowed). */
function AddressLines({ address }: { address: SavedAddress }) {
  return (
    <span className="choice-desc address-lines">
      {address.line1}
      {address.line2 ? `, ${address.line2}` : ''}
      <br />
      {address.city}, {address.region} {address.postalCode}
    </span>
  );
}

/** Does a saved address hold the same place as the cart's address? */
function sameAddress(a: SavedAddress, b: Cart['deliveryAddress']): boolean {
  if (!b) return false;
  const norm = (x: string | undefined | null) => (x ?? '').trim().toLowerCase();
  return norm(a.line1) === norm(b.line1) && norm(a.postalCode) === norm(b.postalCode) && norm(a.firstName) === norm(b.firstName) && norm(a.lastName) === norm(b.lastName);
}

/**
 * Section 2: the shipping address. A signed-in customer picks one of their saved addresses or
 * "Use a new address" (the fields, with "Save to my address book"); the fields hide while a
 * saved address is chosen (CSS `:has`, no JavaScript needed).
 */
export function ShippingForm({
  action,
  actionData,
  cart,
  country,
  regions,
  savedAddresses,
}: SectionFormProps & {
  cart: Cart;
  country: Country;
  regions: ReadonlyArray<{ code: string; name: string }>;
  /** the signed-in customer's address book; undefined for guests */
  savedAddresses?: SavedAddress[] | undefined;
}) {
  const t = useT();
  const { fetcher, errors, values, pending, firstField } = useSection('shipping', actionData);
  const signedIn = savedAddresses !== undefined;
  const book = savedAddresses ?? [];
  const current = cart.deliveryAddress;
  const matching = book.find((a) => sameAddress(a, current));
  const checked = values.addressId || (matching ? matching.id : current ? 'new' : (book[0]?.id ?? 'new'));
  const saved = checked === 'new' ? current : null;
  const initial = Object.fromEntries(ADDRESS_FIELD_ORDER.map((f) => [f, values[f] ?? saved?.[f] ?? ''])) as Record<string, string>;
  return (
    <fetcher.Form method="post" action={action} noValidate className={`checkout-form${book.length > 0 ? ' has-saved-choices' : ''}`}>
      <CsrfField />
      <input type="hidden" name="intent" value="address" />
      <FormAlert id="shipping-alert" message={errors.formError} />
      {book.length > 0 ? (
        <RadioGroup legend={t('checkout.account.savedAddresses')} name="addressId" idPrefix="ship">
          <div className="choice-list saved-choices">
            {book.map((a) => (
              <label key={a.id} className="choice" htmlFor={`ship-saved-${a.id}`}>
                <input type="radio" id={`ship-saved-${a.id}`} name="addressId" value={a.id} defaultChecked={a.id === checked} />
                <span className="choice-text">
                  <span className="choice-title">
                    {a.firstName} {a.lastName}
                    {a.defaultAddress ? <span className="choice-badge"> · {t('checkout.account.defaultAddress')}</span> : null}
                  </span>
                  <AddressLines address={a} />
                </span>
              </label>
            ))}
            <label className="choice" htmlFor="ship-saved-new">
              <input type="radio" id="ship-saved-new" name="addressId" value="new" defaultChecked={checked === 'new'} />
              <span className="choice-text">
                <span className="choice-title">{t('checkout.account.newAddress')}</span>
              </span>
            </label>
          </div>
        </RadioGroup>
      ) : null}
      <div className={book.length > 0 ? 'new-entry-fields' : undefined}>
        <AddressFields
          idPrefix="ship"
          country={country}
          regions={regions}
          values={initial}
          errors={errors.fieldErrors}
          focusField={firstField}
          section="shipping"
        />
        {signedIn ? (
          <div className="checkbox-field">
            <input type="checkbox" id="ship-save" name="saveToAddressBook" defaultChecked={values.saveToAddressBook === 'on'} />
            <label htmlFor="ship-save">{t('checkout.account.saveAddress')}</label>
          </div>
        ) : null}
      </div>
      <SubmitButton pending={pending} label={t('checkout.continue')} pendingLabel={t('checkout.saving')} />
    </fetcher.Form>
  );
}

/** Section 3: the shipping method (standard or expedited, with prices; free when the cart qualifies). */
export function DeliveryForm({ action, actionData, cart, modes }: SectionFormProps & { cart: Cart; modes: DeliveryMode[] }) {
  const t = useT();
  const { fetcher, errors, values, pending, firstField } = useSection('delivery', actionData);
  const checked = values.deliveryMode ?? cart.deliveryMode?.code ?? modes[0]?.code ?? '';
  if (modes.length === 0) return <p className="section-note">{t('checkout.delivery.none')}</p>;
  return (
    <fetcher.Form method="post" action={action} noValidate className="checkout-form">
      <CsrfField />
      <input type="hidden" name="intent" value="delivery" />
      <FormAlert id="delivery-alert" message={errors.formError} />
      <RadioGroup legend={t('checkout.delivery.legend')} name="deliveryMode" idPrefix="delivery" error={errors.fieldErrors.deliveryMode}>
        <div className="choice-list">
          {modes.map((m, i) => (
            <label key={m.code} className="choice" htmlFor={`delivery-${m.code}`}>
              <input
                type="radio"
                id={`delivery-${m.code}`}
                name="deliveryMode"
                value={m.code}
                defaultChecked={m.code === checked}
                autoFocus={firstField === 'deliveryMode' && i === 0}
              />
              <span className="choice-text">
                <span className="choice-title">{m.name}</span>
                <span className="choice-desc">{m.description}</span>
              </span>
              <span className={`choice-price${m.isFree ? ' is-free' : ''}`}>{m.isFree ? t('checkout.delivery.free') : m.deliveryCost.formattedValue}</span>
            </label>
          ))}
        </div>
      </RadioGroup>
      <SubmitButton pending={pending} label={t('checkout.continue')} pendingLabel={t('checkout.saving')} />
    </fetcher.Form>
  );
}

/** Section 4: the billing address ("Same as shipping address", on by default). */
export function BillingForm({
  action,
  actionData,
  cart,
  country,
  regions,
}: SectionFormProps & { cart: Cart; country: Country; regions: ReadonlyArray<{ code: string; name: string }> }) {
  const t = useT();
  const { fetcher, errors, values, pending, firstField } = useSection('billing', actionData);
  const saved = cart.billingAddress && !cart.billingSameAsShipping ? cart.billingAddress : null;
  const same = values.sameAsShipping !== undefined ? values.sameAsShipping === 'on' : cart.billingAddress ? cart.billingSameAsShipping : true;
  const initial = Object.fromEntries(ADDRESS_FIELD_ORDER.map((f) => [f, values[`billing-${f}`] ?? saved?.[f] ?? ''])) as Record<string, string>;
  const fieldErrors: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors.fieldErrors)) fieldErrors[k.replace(/^billing-/, '')] = v;
  return (
    <fetcher.Form method="post" action={action} noValidate className="checkout-form billing-form">
      <CsrfField />
      <input type="hidden" name="intent" value="billing" />
      <FormAlert id="billing-alert" message={errors.formError} />
      <div className="checkbox-field">
        <input type="checkbox" id="bill-same" name="sameAsShipping" defaultChecked={same} />
        <label htmlFor="bill-same">{t('checkout.billing.same')}</label>
      </div>
      <div className="billing-address">
        <AddressFields
          idPrefix="bill"
          namePrefix="billing-"
          country={country}
          regions={regions}
          values={initial}
          errors={fieldErrors}
          focusField={firstField ? firstField.replace(/^billing-/, '') : null}
          section="billing"
        />
      </div>
      <SubmitButton pending={pending} label={t('checkout.continue')} pendingLabel={t('checkout.saving')} />
    </fetcher.Form>
  );
}

/** The fetcher of the place-order form (payment and review sections share it). */
export function usePlaceOrder(actionData: CheckoutActionData | undefined) {
  return useSection('payment', actionData);
}

/** Section 5: card fields (test provider) or the Stripe explanation. */
export function PaymentFields({
  payment,
  errors,
  firstField,
  savedCards,
  values = {},
  cardAlwaysSaved = false,
}: {
  /** issue 10: the cart has auto-delivery, so a new card is always saved (no "Save this card" box) */
  cardAlwaysSaved?: boolean;
  payment: PaymentStep;
  errors: FormErrors;
  firstField: string | null;
  /** the signed-in customer's saved cards; undefined for guests */
  savedCards?: SavedCard[] | undefined;
  /** the choices sent with a failed attempt (`savedCard`, `saveCard`) */
  values?: Record<string, string>;
}) {
  const t = useT();
  const signedIn = savedCards !== undefined;
  const cards = savedCards ?? [];
  const checked = values.savedCard || (cards[0]?.id ?? 'new');
  if (payment.provider === 'stripe') {
    return (
      <div className="stripe-placeholder" data-publishable-key={payment.publishableKey ?? undefined}>
        <h3>{t('checkout.payment.stripeTitle')}</h3>
        <p>{t('checkout.payment.stripeNote')}</p>
      </div>
    );
  }
  return (
    <div className={`card-fields${cards.length > 0 ? ' has-saved-choices' : ''}`}>
      <FormAlert id="payment-alert" message={errors.formError} />
      {cards.length > 0 ? (
        <RadioGroup legend={t('checkout.account.savedCards')} name="savedCard" idPrefix="card">
          <div className="choice-list saved-choices">
            {cards.map((c) => (
              <label key={c.id} className="choice" htmlFor={`card-saved-${c.id}`}>
                <input type="radio" id={`card-saved-${c.id}`} name="savedCard" value={c.id} defaultChecked={c.id === checked} />
                <span className="choice-text">
                  <span className="choice-title">
                    {t('checkout.account.cardLabel', {
                      brand: cardBrandName(c.brand),
                      last4: c.last4,
                      month: String(c.expMonth).padStart(2, '0'),
                      year: String(c.expYear % 100).padStart(2, '0'),
                    })}
                  </span>
                </span>
              </label>
            ))}
            <label className="choice" htmlFor="card-saved-new">
              <input type="radio" id="card-saved-new" name="savedCard" value="new" defaultChecked={checked === 'new'} />
              <span className="choice-text">
                <span className="choice-title">{t('checkout.account.newCard')}</span>
              </span>
            </label>
          </div>
        </RadioGroup>
      ) : null}
      <div className={cards.length > 0 ? 'new-entry-fields' : undefined}>
      <TextField
        id="card-number"
        name="cardNumber"
        label={t('checkout.payment.cardNumber')}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        spellCheck={false}
        required
        error={errors.fieldErrors.cardNumber}
        focus={firstField === 'cardNumber' || (firstField === null && errors.formError !== null)}
      />
      <div className="field-row">
        <TextField
          id="card-expiry"
          name="cardExpiry"
          label={t('checkout.payment.expiry')}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={7}
          placeholder={t('checkout.payment.expiryPlaceholder')}
          required
          error={errors.fieldErrors.cardExpiry}
          focus={firstField === 'cardExpiry'}
        />
        <TextField
          id="card-cvc"
          name="cardCvc"
          label={t('checkout.payment.cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          required
          error={errors.fieldErrors.cardCvc}
          focus={firstField === 'cardCvc'}
        />
      </div>
      {signedIn && !cardAlwaysSaved ? (
        <div className="checkbox-field">
          <input type="checkbox" id="card-save" name="saveCard" defaultChecked={values.saveCard === 'on'} />
          <label htmlFor="card-save">{t('checkout.account.saveCard')}</label>
        </div>
      ) : null}
      <p className="section-note test-note">{t('checkout.payment.testNote')}</p>
      </div>
    </div>
  );
}

const CARD_BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** A card brand as people write it (`visa` → Visa). */
export function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand.toLowerCase()] ?? brand;
}
