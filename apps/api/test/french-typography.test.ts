/**
 * Issue 9 item 12: every French text the API writes follows French typography (a narrow no-break
 * space U+202F before `: ; ? !` and inside `« »`; @store/domain `frenchTypographyIssues`): the
 * three French emails (order confirmation, e-gift card, password reset) rendered whole, subject,
 * plain text and HTML text, with sample data free of punctuation so that only the templates are
 * judged; the commerce snackbar messages and the coupon success message. Pure: no database.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '@store/contracts';
import { BASE_SITE_IDS, frenchTypographyIssues } from '@store/domain';
import { renderGiftCardEmail } from '../src/email/gift-card.ts';
import type { RenderedEmail } from '../src/email/order-confirmation.ts';
import { renderOrderConfirmation } from '../src/email/order-confirmation.ts';
import { renderPasswordReset } from '../src/email/password-reset.ts';
import { couponSuccessMessage } from '../src/flows/coupons.ts';
import { COMMERCE_MESSAGES } from '../src/flows/messages.ts';

/** "text": the issues, readable, with the context around each offending mark. */
function problems(label: string, text: string): string[] {
  return frenchTypographyIssues(text).map((i) => `${label}: ${i.problem} before/at "${i.mark}" in …${text.slice(Math.max(0, i.index - 30), i.index + 10)}…`);
}

/** The visible text of an email's HTML (tags dropped, entities of the escaper decoded). */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function emailProblems(label: string, mail: RenderedEmail): string[] {
  return [...problems(`${label} subject`, mail.subject), ...problems(`${label} text`, mail.text), ...problems(`${label} html`, htmlText(mail.html))];
}

const price = (value: number) => ({ value, formattedValue: `${value.toFixed(2).replace('.', ',')}\u00a0$`, currencyIso: 'CAD' });
const address = { firstName: 'Julie', lastName: 'Tremblay', line1: '350 rue Saint-Paul Est', line2: 'App 4', city: 'Montréal', region: 'QC', postalCode: 'H2Y 1H2', country: 'CA', phone: '514 555 0100' };

/** A French cab2c order with every optional part (discounts, two tax lines, a second line). */
function frenchOrder(): Order {
  return {
    code: 'CA-7K2QF-X9M4T',
    status: 'placed',
    statusDisplay: 'Reçue',
    baseSiteId: 'cab2c',
    currencyIso: 'CAD',
    lang: 'fr',
    email: 'julie@example.ca',
    guestCustomer: true,
    created: '2026-11-20T15:00:00.000Z',
    entries: [
      { entryNumber: 0, entryType: 'STD', quantity: 2, product: { code: 'A-24', baseProduct: 'A', name: 'Café signature', url: '/fr/p/A', imageUrl: '/a.svg', sizeLabel: '24 unités' }, basePrice: price(17.99), totalPrice: price(35.98) },
      { entryNumber: 1, entryType: 'STD', quantity: 1, product: { code: 'B', baseProduct: 'B', name: 'Tasse en grès', url: '/fr/p/B', imageUrl: '/b.svg', sizeLabel: null }, basePrice: price(12), totalPrice: price(12) },
    ],
    totalItems: 2,
    totalUnitCount: 3,
    subTotal: price(47.98),
    totalDiscounts: price(4.8),
    deliveryCost: price(0),
    totalTax: price(6.46),
    taxLines: [
      { code: 'GST', name: 'TPS', rateBps: 500, amount: price(2.16) },
      { code: 'QST', name: 'TVQ', rateBps: 9975, amount: price(4.3) },
    ],
    totalPrice: price(49.64),
    deliveryAddress: address,
    billingAddress: address,
    deliveryMode: { code: 'standard', name: 'Livraison standard' },
    paymentInfo: { provider: 'test', brand: 'Visa', last4: '4242' },
    appliedPromotions: [],
    appliedCoupons: [],
    giftCardPayments: [],
    amountPaidByCard: price(49.64),
    subscriptions: [],
  };
}

describe('French typography of the API texts (issue 9 item 12)', () => {
  it('the French order confirmation email', () => {
    const mail = renderOrderConfirmation(frenchOrder(), 'fr', { publicUrl: 'https://www.brewhaus.ca' });
    expect(mail.text).toContain('Numéro de commande\u202f: CA-7K2QF-X9M4T');
    expect(emailProblems('order confirmation', mail)).toEqual([]);
  });

  it('the French e-gift card email, with and without an expiry date, on every site', () => {
    const found: string[] = [];
    for (const baseSiteId of BASE_SITE_IDS) {
      for (const expiresAt of [null, '2027-11-20T00:00:00.000Z']) {
        const mail = renderGiftCardEmail(
          { to: 'x@example.ca', baseSiteId, lang: 'fr', code: 'ABCDEFGHJKMNPQRS', amountMinor: 5000, currency: 'CAD', orderCode: 'CA-7K2QF-X9M4T', expiresAt },
          { publicUrl: 'https://www.brewhaus.ca' },
        );
        found.push(...emailProblems(`gift card ${baseSiteId}`, mail));
      }
    }
    expect(found).toEqual([]);
  });

  it('the French password reset email', () => {
    const found: string[] = [];
    for (const site of BASE_SITE_IDS) {
      const mail = renderPasswordReset({ to: 'x@example.ca', firstName: 'Julie', site, lang: 'fr', token: 'tok', storefrontUrl: 'https://www.brewhaus.ca', validMinutes: 30 });
      found.push(...emailProblems(`password reset ${site}`, mail));
    }
    expect(found).toEqual([]);
  });

  it('the French commerce messages and the coupon success message', () => {
    const fr = COMMERCE_MESSAGES.fr;
    const texts = [fr.addedToCart('Café signature'), fr.addedManyToCart(1), fr.addedManyToCart(3), fr.insufficientStock(2), fr.outOfStock, fr.discontinued, fr.notSold, fr.quantityCapped(2, 5)];
    const coupon = couponSuccessMessage(
      { coupon: { code: 'BIENVENUE10' }, promotion: { name: { en: '10% off', fr: '10 % de rabais' } } } as Parameters<typeof couponSuccessMessage>[0],
      'fr',
    );
    expect(coupon).toBe('Coupon BIENVENUE10 appliqué\u202f: 10 % de rabais');
    expect([...texts, coupon].flatMap((t) => problems('message', t))).toEqual([]);
  });
});
