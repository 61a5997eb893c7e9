/**
 * Auto-delivery at checkout (issue 10; ADR 0018 "Buying", "Brewer campaigns"): what placeOrder
 * (flows/place-order.ts) asks before and after the payment of a cart with auto-delivery lines.
 * - Before anything is written: an AD line needs a signed-in customer (403 `AutoDeliveryError`
 *   `accountRequired`) and a product still AD-eligible (409 `CartError` `notAdEligible`); a campaign bundle needs no open commitment for the customer's email or the
 *   shipping address (409 `CampaignError` `commitmentOpen`) and a card valid for the commitment
 *   (409 `CampaignError` `cardExpiresTooSoon`, subject `paymentMethod`). The card used is then saved
 *   for off-session charges (placeOrder forces `saveCard` unless a saved card pays).
 * - In the transaction that moves the order to `created` (placement and pending-order sweeper
 *   alike): the subscriptions open ({@link openOrderSubscriptions}).
 * - After commit: the subscription confirmation email; once the card is saved, its id goes on the
 *   order's subscriptions.
 */
import type { Order, PaymentMethodInput } from '@store/contracts';
import type { CartLine, CartRow, Executor } from '@store/db';
import { findSavedPaymentMethod, hasOpenCommitment } from '@store/db';
import type { BaseSiteId, Lang } from '@store/domain';
import { AUTO_DELIVERY_ERROR_TYPE, cardValidForCommitment, conflict, forbidden, isAutoDeliveryEntryType, localDateOf } from '@store/domain';
import { sendSubscriptionConfirmation } from '../email/subscription-confirmation.ts';
import { commitmentAddressKey, loadAutoDeliverySettings, openOrderSubscriptions, type OpenedSubscriptions } from './auto-delivery-buy.ts';
import { parseAddress } from './cart-view.ts';
import type { CommerceContext, Shopper } from './context.ts';

/**
 * The part of a placeOrder input (flows/place-order.ts `PlaceOrderInput`) that says how the order
 * is paid; declared here so this module does not import place-order.ts, which imports it (issue 11
 * item 8: no import cycles).
 */
export interface PlacementPayment {
  /** the card of the placement, when paid with a new card */
  paymentMethod?: PaymentMethodInput | undefined;
  /** customers only: the saved method (our id) the placement pays with */
  savedPaymentMethodId?: string | undefined;
}

/** The English message of `accountRequired` (the storefront words it by reason). */
export const ACCOUNT_REQUIRED_MESSAGE = 'Auto-delivery needs an account: sign in or create an account to place this order';

/**
 * The checks of a cart with AD lines before its order is placed (see module comment). Reads only;
 * runs inside the placement's transaction on the lines it read (issue 11 item 6: the cart and its
 * lines are read once), so every read here goes through `db`, that transaction.
 * @returns whether the cart has an auto-delivery line
 * @throws 403 `AutoDeliveryError` `accountRequired` (subject `cartGuid`); 409 `CartError`
 *   `notAdEligible` (subject `entries[i]`); 409 `CampaignError` `commitmentOpen` (subject
 *   `campaignCode`) / `cardExpiresTooSoon` (subject `paymentMethod`)
 */
export async function checkAutoDeliveryCheckout(
  ctx: CommerceContext,
  db: Executor,
  cart: CartRow,
  lines: readonly Pick<CartLine, 'entryType' | 'adEligible' | 'campaignCode'>[],
  shopper: Shopper,
  input: PlacementPayment,
): Promise<{ hasAutoDelivery: boolean }> {
  const hasAutoDelivery = lines.some((l) => isAutoDeliveryEntryType(l.entryType));
  if (!hasAutoDelivery) return { hasAutoDelivery };
  if (!shopper.userId) throw forbidden(AUTO_DELIVERY_ERROR_TYPE, 'accountRequired', ACCOUNT_REQUIRED_MESSAGE, 'cartGuid');
  // an AD line whose product is no longer AD-eligible (a campaign brewer aside) must become one-time first
  const stale = lines.findIndex((l) => isAutoDeliveryEntryType(l.entryType) && !l.adEligible && l.campaignCode === null);
  if (stale >= 0) throw conflict('CartError', 'notAdEligible', 'An item can no longer be bought on auto-delivery; make it a one-time purchase (removeAutoDeliveryItem)', `entries[${stale}]`);
  const campaign = lines.find((l) => l.campaignCode !== null)?.campaignCode ?? null;
  if (campaign !== null) {
    const address = parseAddress(cart.shipping_address_json);
    const email = (cart.email ?? shopper.email ?? '').toLowerCase();
    if (await hasOpenCommitment(db, { ...(email ? { email } : {}), ...(address ? { addressKey: commitmentAddressKey(address) } : {}) })) {
      throw conflict('CampaignError', 'commitmentOpen', 'A brewer offer can be bought once per customer and address while its commitment is open', 'campaignCode');
    }
    const expiry = await cardExpiryOf(ctx, db, shopper.userId, input);
    const settings = await loadAutoDeliverySettings(db, cart.base_site as BaseSiteId);
    if (expiry && !cardValidForCommitment(expiry.month, expiry.year, localDateOf(ctx.now(), settings.timeZone))) {
      throw conflict('CampaignError', 'cardExpiresTooSoon', 'The card must not expire within 6 months for a brewer offer; use another card', 'paymentMethod');
    }
  }
  return { hasAutoDelivery };
}

/** The expiry of the card a placement pays with, when known before the payment (saved or test card). */
async function cardExpiryOf(ctx: CommerceContext, db: Executor, customerId: string, input: PlacementPayment): Promise<{ month: number; year: number } | null> {
  if (input.savedPaymentMethodId !== undefined) {
    const saved = await findSavedPaymentMethod(db, customerId, input.savedPaymentMethodId);
    return saved ? { month: Number(saved.exp_month), year: Number(saved.exp_year) } : null;
  }
  const m = input.paymentMethod;
  if (m && 'testCardNumber' in m) return { month: m.expMonth ?? 12, year: m.expYear ?? ctx.now().getUTCFullYear() + 5 };
  return null;
}

/** The saved method (our id) a placement pays with, or null (a new card is saved after the payment). */
export function savedMethodIdOf(input: PlacementPayment): string | null {
  return input.savedPaymentMethodId ?? null;
}

/**
 * Opens the subscriptions of an order inside its settle transaction; a commitment that lost a race
 * with a concurrent purchase (same email or address) is logged, the paid order stands.
 */
export async function openSubscriptionsOf(
  ctx: CommerceContext,
  trx: Executor,
  order: Parameters<typeof openOrderSubscriptions>[1],
  savedPaymentMethodId: string | null,
): Promise<OpenedSubscriptions> {
  const opened = await openOrderSubscriptions(trx, order, { savedPaymentMethodId, now: ctx.now() });
  if (opened.subscriptionIds.length > 0) ctx.log.info({ orderCode: order.code, subscriptions: opened.subscriptionIds.length }, 'subscriptions opened');
  if (opened.commitmentsLost > 0) ctx.log.warn({ orderCode: order.code }, 'brewer offer placed without its commitment: another commitment is open for this email or address');
  return opened;
}

/** Queues the subscription confirmation email of an order that opened subscriptions (after commit). */
export function emailSubscriptionConfirmation(ctx: CommerceContext, view: Order, lang: Lang, opened: OpenedSubscriptions): void {
  if (opened.subscriptionIds.length === 0 || view.subscriptions.length === 0) return;
  ctx.mailer.sendInBackground(async () => {
    const settings = await loadAutoDeliverySettings(ctx.dbh.db, view.baseSiteId as BaseSiteId);
    return sendSubscriptionConfirmation(ctx.mailer, view, lang, settings.reminderLeadDays);
  }, `subscription confirmation ${view.code}`);
}

/** Puts the card saved after the payment on the order's subscriptions that have none yet. */
export async function attachSavedMethodToSubscriptions(ctx: CommerceContext, orderCode: string, savedPaymentMethodId: string): Promise<void> {
  await ctx.dbh.db
    .updateTable('subscriptions')
    .set({ saved_payment_method_id: savedPaymentMethodId, updated_at: ctx.now().toISOString() })
    .where('parent_order_code', '=', orderCode)
    .where('saved_payment_method_id', 'is', null)
    .execute();
}
