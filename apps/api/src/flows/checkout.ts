/**
 * Guest single-step checkout steps (spec §2, §5, §7 Checkout): email, delivery address, delivery
 * modes, billing address, payment intent. Each step changes an open cart in one transaction and
 * answers the updated cart. Validation lists every bad field (400 `ValidationError`, subjects are
 * field names). Addresses must be in the site's country (US for usb2c/usafh, CA for cab2c).
 *
 * Signed-in customers (issue 3): every step takes the {@link Shopper} (carts are reachable only by
 * their owner, see flows/cart.ts); the delivery and billing addresses may name an address of the
 * customer's address book (`{addressId}`), or be new and also kept in the book
 * (`saveToAddressBook: true`).
 */
import type { AddressInput, Cart, DeliveryModesResponse, Lang, PaymentIntentResponse } from '@store/contracts';
import type { Executor } from '@store/db';
import { findAddress, findPaymentIntent, findReusableIntentForCart, insertPaymentIntent, updateCart, updatePaymentIntent, withTransaction } from '@store/db';
import type { Address, BaseSiteId, CurrencyIso, DeliveryModeCode } from '@store/domain';
import { conflict, invalidInput, isValidEmail, notFound, localeFor, shippingMethods, toPriceData } from '@store/domain';
import { checkAddress } from './address-check.ts';
import { computeCart, isDeliveryModeCode, parseAddress, type StoredBilling } from './cart-view.ts';
import { addressOfRow, insertBookAddress } from './addresses.ts';
import { requireCart, requireOpenCartForUpdate } from './cart.ts';
import type { CommerceContext, Shopper } from './context.ts';
import { pickLang } from './context.ts';
import { allocateCartGiftCards, pricedCartLines } from './gift-cards.ts';

/** Longest email accepted (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * `PUT .../email`: the spec §5 email rule on the contract's parsed email (at most 254 characters,
 * no control characters: `SetEmailRequestSchema`, issue 11 item 1).
 * @throws 400 `ValidationError` `required` (blank), `invalidEmail`
 */
export async function setEmail(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, emailInput: string, langParam: Lang | undefined): Promise<Cart> {
  const email = emailInput.trim();
  if (email === '') throw invalidInput('ValidationError', 'required', 'An email address is required', 'email');
  if (email.length > MAX_EMAIL_LENGTH || !isValidEmail(email)) throw invalidInput('ValidationError', 'invalidEmail', 'Enter a valid email address', 'email');
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const cart = await requireOpenCartForUpdate(trx, site, cartGuid, now, shopper);
    await updateCart(trx, cart.guid, { email }, now);
    return (await computeCart(trx, { ...cart, email }, pickLang(site, langParam, cart.lang), ctx.now())).view;
  });
}

/** An address given to a checkout step: new, or from the customer's address book (issue 3). */
export type CheckoutAddressInput = AddressInput & { addressId?: string | undefined; saveToAddressBook?: boolean | undefined };

/**
 * Resolves a checkout address inside the step's transaction: the customer's book entry for
 * `addressId` (checked against the site's country), or the new address (saved in the book when
 * asked). Anonymous shoppers may not use `addressId` nor `saveToAddressBook`.
 * @throws 400 `ValidationError` (`customerOnly`, bad fields); 404 `UnknownIdentifierError` `addressNotFound`
 */
async function resolveCheckoutAddress(trx: Executor, site: BaseSiteId, shopper: Shopper, input: CheckoutAddressInput, now: string): Promise<Address> {
  const { addressId, saveToAddressBook, ...fields } = input;
  if ((addressId !== undefined || saveToAddressBook) && !shopper.userId) {
    throw invalidInput('ValidationError', 'customerOnly', 'Sign in to use your address book', addressId !== undefined ? 'addressId' : 'saveToAddressBook');
  }
  if (addressId !== undefined && shopper.userId) {
    const row = await findAddress(trx, shopper.userId, addressId);
    if (!row) throw notFound('UnknownIdentifierError', 'addressNotFound', `Address ${addressId} not found`, 'addressId');
    return checkAddress(site, addressOfRow(row));
  }
  const address = checkAddress(site, fields);
  if (saveToAddressBook && shopper.userId) await insertBookAddress(trx, shopper.userId, address, { makeDefault: false }, now);
  return address;
}

/** `PUT .../addresses/delivery`. A billing address set "same as shipping" follows it. */
export async function setDeliveryAddress(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, input: CheckoutAddressInput, langParam: Lang | undefined): Promise<Cart> {
  if (input.addressId === undefined) checkAddress(site, input);
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const cart = await requireOpenCartForUpdate(trx, site, cartGuid, now, shopper);
    const address = await resolveCheckoutAddress(trx, site, shopper, input, now);
    const json = JSON.stringify(address);
    const billing = parseAddress(cart.billing_address_json);
    const patch: { shipping_address_json: string; billing_address_json?: string } = { shipping_address_json: json };
    if (billing?.sameAsShipping) patch.billing_address_json = JSON.stringify({ ...address, sameAsShipping: true } satisfies StoredBilling);
    await updateCart(trx, cart.guid, patch, now);
    return (await computeCart(trx, { ...cart, ...patch }, pickLang(site, langParam, cart.lang), ctx.now())).view;
  });
}

/** `PUT .../addresses/billing`: an address, or `{sameAsShipping: true}` (needs the delivery address). */
export async function setBillingAddress(
  ctx: CommerceContext,
  site: BaseSiteId,
  shopper: Shopper,
  cartGuid: string,
  input: CheckoutAddressInput & { sameAsShipping?: boolean | undefined },
  langParam: Lang | undefined,
): Promise<Cart> {
  const { sameAsShipping, ...rest } = input;
  const same = sameAsShipping === true;
  if (!same && rest.addressId === undefined) checkAddress(site, rest);
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const cart = await requireOpenCartForUpdate(trx, site, cartGuid, now, shopper);
    const address = same ? null : await resolveCheckoutAddress(trx, site, shopper, rest, now);
    let stored: StoredBilling;
    if (same) {
      const delivery = parseAddress(cart.shipping_address_json);
      if (!delivery) throw invalidInput('CheckoutError', 'deliveryAddressRequired', 'Set the shipping address first', 'sameAsShipping');
      stored = { ...delivery, sameAsShipping: true };
    } else {
      stored = address as Address;
    }
    const json = JSON.stringify(stored);
    await updateCart(trx, cart.guid, { billing_address_json: json }, now);
    return (await computeCart(trx, { ...cart, billing_address_json: json }, pickLang(site, langParam, cart.lang), ctx.now())).view;
  });
}

/** `GET .../deliverymodes`: standard and expedited, priced for the cart (free standard when it qualifies). */
export async function getDeliveryModes(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, langParam: Lang | undefined): Promise<DeliveryModesResponse> {
  const db = ctx.dbh.db;
  const cart = await requireCart(db, site, cartGuid, shopper);
  const lang = pickLang(site, langParam, cart.lang);
  const { totals, shippingConfig, view, adSettings } = await computeCart(db, cart, lang, ctx.now());
  // issue 10 (ADR 0018 "Prices"): an order with an AD line ships standard for free (adFreeStandardShipping)
  const adFreeStandard = view.hasAutoDelivery && adSettings.freeStandardShipping;
  const delivery = parseAddress(cart.shipping_address_json);
  const currency = cart.currency as CurrencyIso;
  const locale = localeFor(site, lang);
  const methods = shippingMethods({
    site,
    config: shippingConfig,
    itemsMinor: totals.subtotalMinor - totals.discountMinor,
    region: delivery?.region ?? null,
    ...(delivery ? { country: delivery.country } : {}),
  });
  return {
    deliveryModes: methods.map((m) => {
      const free = m.free || (adFreeStandard && m.code === 'standard');
      return { code: m.code, name: m.name[lang], description: m.estimate[lang], deliveryCost: toPriceData(free ? 0 : m.costMinor, currency, locale), isFree: free };
    }),
    selected: isDeliveryModeCode(cart.delivery_mode) ? cart.delivery_mode : null,
  };
}

/**
 * `PUT .../deliverymode?deliveryModeId=standard|expedited`, on the contract's parsed mode
 * (`SetDeliveryModeQuerySchema` answers 400 `invalidDeliveryMode` for another, issue 11 item 1).
 */
export async function setDeliveryMode(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, modeId: DeliveryModeCode, langParam: Lang | undefined): Promise<Cart> {
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const cart = await requireOpenCartForUpdate(trx, site, cartGuid, now, shopper);
    await updateCart(trx, cart.guid, { delivery_mode: modeId }, now);
    return (await computeCart(trx, { ...cart, delivery_mode: modeId }, pickLang(site, langParam, cart.lang), ctx.now())).view;
  });
}

/**
 * `POST .../paymentIntent`: a payment intent for what the card pays of the cart's current total
 * (the total minus what its gift cards pay, issue 4). Reuses the cart's
 * unconfirmed intent of the current provider (updating its amount), else creates one. The intent
 * is mirrored in `payment_intents` (the test provider keeps its state there anyway).
 * @throws 409 `CartError` `cartNotOpen`; 400 `CartError` `emptyCart`; 400 `CheckoutError`
 *   `paymentNotNeeded` when gift cards pay everything
 */
export async function createPaymentIntent(ctx: CommerceContext, site: BaseSiteId, shopper: Shopper, cartGuid: string, langParam: Lang | undefined): Promise<PaymentIntentResponse> {
  const db = ctx.dbh.db;
  const cart = await requireCart(db, site, cartGuid, shopper);
  if (cart.status !== 'open') throw conflict('CartError', 'cartNotOpen', 'This cart has already been ordered', 'cartGuid');
  const lang = pickLang(site, langParam, cart.lang);
  const { totals, lines, pricing } = await computeCart(db, cart, lang, ctx.now());
  if (lines.length === 0) throw invalidInput('CartError', 'emptyCart', 'The cart is empty', 'entries');
  // issue 4: the card pays what gift cards do not; nothing to pay → no intent
  const amountMinor = (await allocateCartGiftCards(db, cart, pricedCartLines(lines, pricing.units), totals.totalMinor, ctx.now())).amountToPayMinor;
  if (amountMinor <= 0) throw invalidInput('CheckoutError', 'paymentNotNeeded', 'Your gift cards pay the whole total: place the order without a card', 'paymentIntent');
  const currency = cart.currency;
  const provider = ctx.payments;
  const now = ctx.now().toISOString();
  const answer = (id: string, clientSecret: string): PaymentIntentResponse => {
    const out: PaymentIntentResponse = {
      paymentIntentId: id,
      clientSecret,
      provider: provider.name,
      amount: toPriceData(amountMinor, currency as CurrencyIso, localeFor(site, lang)),
    };
    if (provider.publishableKey) out.publishableKey = provider.publishableKey;
    return out;
  };

  const existing = await findReusableIntentForCart(db, site, cart.guid, provider.name);
  if (existing) {
    if (Number(existing.amount_minor) !== amountMinor || existing.currency !== currency) {
      await provider.updateAmount(existing.id, amountMinor, currency);
      await updatePaymentIntent(db, existing.id, { amount_minor: amountMinor, currency }, now);
    }
    return answer(existing.id, existing.client_secret);
  }
  const created = await provider.createIntent({ amountMinor, currency, cartGuid: cart.guid, site });
  if (!(await findPaymentIntent(db, created.id))) {
    await insertPaymentIntent(db, {
      id: created.id,
      provider: provider.name,
      base_site: site,
      cart_guid: cart.guid,
      amount_minor: amountMinor,
      currency,
      status: created.status,
      client_secret: created.clientSecret,
      last_error: null,
      payment_summary: null,
      created_at: now,
      updated_at: now,
    });
  }
  return answer(created.id, created.clientSecret);
}
