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
import type { CheckoutActionData, PaymentStep, SectionId } from '../../routes/checkout.server.ts';
import { ADDRESS_FIELD_ORDER, AddressFields } from './AddressFields.tsx';
import { RadioGroup, TextField } from './fields.tsx';
import type { FormErrors } from './occ-errors.ts';
import { FormAlert, SubmitButton } from './Section.tsx';

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

/** Section 2: the shipping address. */
export function ShippingForm({
  action,
  actionData,
  cart,
  country,
  regions,
}: SectionFormProps & { cart: Cart; country: Country; regions: ReadonlyArray<{ code: string; name: string }> }) {
  const t = useT();
  const { fetcher, errors, values, pending, firstField } = useSection('shipping', actionData);
  const saved = cart.deliveryAddress;
  const initial = Object.fromEntries(ADDRESS_FIELD_ORDER.map((f) => [f, values[f] ?? saved?.[f] ?? ''])) as Record<string, string>;
  return (
    <fetcher.Form method="post" action={action} noValidate className="checkout-form">
      <input type="hidden" name="intent" value="address" />
      <FormAlert id="shipping-alert" message={errors.formError} />
      <AddressFields
        idPrefix="ship"
        country={country}
        regions={regions}
        values={initial}
        errors={errors.fieldErrors}
        focusField={firstField}
        section="shipping"
      />
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
}: {
  payment: PaymentStep;
  errors: FormErrors;
  firstField: string | null;
}) {
  const t = useT();
  if (payment.provider === 'stripe') {
    return (
      <div className="stripe-placeholder" data-publishable-key={payment.publishableKey ?? undefined}>
        <h3>{t('checkout.payment.stripeTitle')}</h3>
        <p>{t('checkout.payment.stripeNote')}</p>
      </div>
    );
  }
  return (
    <div className="card-fields">
      <FormAlert id="payment-alert" message={errors.formError} />
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
      <p className="section-note test-note">{t('checkout.payment.testNote')}</p>
    </div>
  );
}
