/**
 * The order confirmation email, in English or French: subject, plain text and simple HTML with
 * the order code, lines, totals and tax lines, addresses, delivery mode, payment summary (brand
 * and last 4 only), and the brand's support phone and hours (@store/domain SITES, spec §2 §9).
 * Built from the order confirmation data the place-order transaction returned.
 */
import type { Address, Order } from '@store/contracts';
import type { BaseSiteId, Lang } from '@store/domain';
import { SITES, isBaseSiteId } from '@store/domain';
import { emailDocument, escapeHtml, type RenderedEmail } from './html.ts';

export type { RenderedEmail };
import type { Mailer } from './mailer.ts';
import { describeSubscription, SUBSCRIPTIONS_HEADING } from './subscription-confirmation.ts';

/** Texts of the email per language. */
const T = {
  en: {
    subject: (brand: string, code: string) => `${brand}: your order ${code} is confirmed`,
    greeting: (name: string) => `Hello ${name},`,
    intro: 'Thank you for your order. Here is what we received.',
    order: 'Order number',
    date: 'Date',
    item: 'Item',
    qty: 'Qty',
    price: 'Price',
    total: 'Total',
    subtotal: 'Subtotal',
    discounts: 'Discounts',
    shipping: 'Shipping',
    tax: 'Tax',
    orderTotal: 'Order total',
    shipTo: 'Shipping address',
    billTo: 'Billing address',
    delivery: 'Delivery',
    payment: 'Payment',
    card: (brand: string, last4: string) => `${brand} ending in ${last4}`,
    view: 'View your order',
    help: (phone: string, hours: string) => `Questions? Call us at ${phone}, ${hours}, or email us; we reply within 24-48 hours.`,
    thanks: 'Thank you for shopping with us!',
  },
  fr: {
    subject: (brand: string, code: string) => `${brand}\u202f: votre commande ${code} est confirmée`,
    greeting: (name: string) => `Bonjour ${name},`,
    intro: 'Merci de votre commande. Voici ce que nous avons reçu.',
    order: 'Numéro de commande',
    date: 'Date',
    item: 'Article',
    qty: 'Qté',
    price: 'Prix',
    total: 'Total',
    subtotal: 'Sous-total',
    discounts: 'Rabais',
    shipping: 'Livraison',
    tax: 'Taxes',
    orderTotal: 'Total de la commande',
    shipTo: 'Adresse de livraison',
    billTo: 'Adresse de facturation',
    delivery: 'Mode de livraison',
    payment: 'Paiement',
    card: (brand: string, last4: string) => `${brand} se terminant par ${last4}`,
    view: 'Voir votre commande',
    help: (phone: string, hours: string) => `Des questions\u202f? Appelez-nous au ${phone}, ${hours}, ou écrivez-nous\u202f; nous répondons dans un délai de 24 à 48 heures.`,
    thanks: 'Merci de votre achat\u202f!',
  },
} as const;

function addressLines(a: Address): string[] {
  const lines = [`${a.firstName} ${a.lastName}`, a.line1];
  if (a.line2) lines.push(a.line2);
  lines.push(`${a.city}, ${a.region} ${a.postalCode}`, a.country);
  if (a.phone) lines.push(a.phone);
  return lines;
}

function formatDate(iso: string, lang: Lang, site: BaseSiteId): string {
  const locale = site === 'cab2c' ? (lang === 'fr' ? 'fr-CA' : 'en-CA') : 'en-US';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/**
 * Renders the confirmation of an order in a language.
 * @param opts.publicUrl absolute base URL of the store (for the order link); omitted → no link
 */
export function renderOrderConfirmation(order: Order, lang: Lang, opts: { publicUrl?: string } = {}): RenderedEmail {
  const t = T[lang];
  // French typography: a narrow no-break space (U+202F) before the colon (issue 9 item 12).
  const c = lang === 'fr' ? '\u202f:' : ':';
  const site: BaseSiteId = isBaseSiteId(order.baseSiteId) ? order.baseSiteId : 'usb2c';
  const info = SITES[site];
  const subject = t.subject(info.name, order.code);
  const link = opts.publicUrl
    ? `${opts.publicUrl}${lang === 'fr' ? '/fr/confirmation-de-commande' : '/order-confirmation'}/${encodeURIComponent(order.code)}?email=${encodeURIComponent(order.email)}`
    : null;
  const totals: Array<[string, string]> = [[t.subtotal, order.subTotal.formattedValue]];
  if (order.totalDiscounts.value > 0) totals.push([t.discounts, `-${order.totalDiscounts.formattedValue}`]);
  totals.push([`${t.shipping} (${order.deliveryMode.name})`, order.deliveryCost.formattedValue]);
  for (const l of order.taxLines) totals.push([l.name, l.amount.formattedValue]);
  if (order.taxLines.length === 0) totals.push([t.tax, order.totalTax.formattedValue]);
  totals.push([t.orderTotal, order.totalPrice.formattedValue]);
  const card = t.card(order.paymentInfo.brand, order.paymentInfo.last4);
  const help = t.help(info.supportPhone, info.supportHours[lang]);
  // issue 10: the subscriptions the order opened, with their next ship dates
  const subscriptions = (order.subscriptions ?? []).map((s) => describeSubscription(s, lang, site));

  const text = [
    t.greeting(order.deliveryAddress.firstName),
    '',
    t.intro,
    '',
    `${t.order}${c} ${order.code}`,
    `${t.date}${c} ${formatDate(order.created, lang, site)}`,
    '',
    ...order.entries.map((e) => `- ${e.product.name}${e.product.sizeLabel ? ` (${e.product.sizeLabel})` : ''} × ${e.quantity}${c} ${e.totalPrice.formattedValue}`),
    '',
    ...totals.map(([k, v]) => `${k}${c} ${v}`),
    '',
    ...(subscriptions.length > 0 ? [`${SUBSCRIPTIONS_HEADING[lang]}${c}`, ...subscriptions.map((x) => `- ${x}`), ''] : []),
    `${t.shipTo}${c}`,
    ...addressLines(order.deliveryAddress).map((l) => `  ${l}`),
    '',
    `${t.billTo}${c}`,
    ...addressLines(order.billingAddress).map((l) => `  ${l}`),
    '',
    `${t.delivery}${c} ${order.deliveryMode.name}`,
    `${t.payment}${c} ${card}`,
    ...(link ? ['', `${t.view}${c} ${link}`] : []),
    '',
    help,
    '',
    t.thanks,
    info.name,
    '',
  ].join('\n');

  const e = escapeHtml;
  const rows = order.entries
    .map(
      (x) =>
        `<tr><td>${e(x.product.name)}${x.product.sizeLabel ? ` <small>(${e(x.product.sizeLabel)})</small>` : ''}</td><td style="text-align:right">${x.quantity}</td><td style="text-align:right">${e(x.basePrice.formattedValue)}</td><td style="text-align:right">${e(x.totalPrice.formattedValue)}</td></tr>`,
    )
    .join('');
  const totalRows = totals.map(([k, v], i) => {
    const strong = i === totals.length - 1;
    return `<tr><td colspan="3" style="text-align:right">${strong ? `<strong>${e(k)}</strong>` : e(k)}</td><td style="text-align:right">${strong ? `<strong>${e(v)}</strong>` : e(v)}</td></tr>`;
  });
  const html = emailDocument(lang, subject, info.name, `<p>${e(t.greeting(order.deliveryAddress.firstName))}</p>
<p>${e(t.intro)}</p>
<p>${e(t.order)}${c} <strong>${e(order.code)}</strong><br>${e(t.date)}${c} ${e(formatDate(order.created, lang, site))}</p>
<table style="width:100%;border-collapse:collapse" cellpadding="4">
<thead><tr><th style="text-align:left">${e(t.item)}</th><th style="text-align:right">${e(t.qty)}</th><th style="text-align:right">${e(t.price)}</th><th style="text-align:right">${e(t.total)}</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>${totalRows.join('')}</tfoot>
</table>
${subscriptions.length > 0 ? `<h2 style="font-size:16px">${e(SUBSCRIPTIONS_HEADING[lang])}</h2><ul>${subscriptions.map((x) => `<li>${e(x)}</li>`).join('')}</ul>` : ''}
<h2 style="font-size:16px">${e(t.shipTo)}</h2>
<p>${addressLines(order.deliveryAddress).map(e).join('<br>')}</p>
<h2 style="font-size:16px">${e(t.billTo)}</h2>
<p>${addressLines(order.billingAddress).map(e).join('<br>')}</p>
<p>${e(t.delivery)}${c} ${e(order.deliveryMode.name)}<br>${e(t.payment)}${c} ${e(card)}</p>
${link ? `<p><a href="${e(link)}">${e(t.view)}</a></p>` : ''}
<p style="color:#555">${e(help)}</p>
<p>${e(t.thanks)}<br>${e(info.name)}</p>`);
  return { subject, text, html };
}

/**
 * Sends the confirmation of an order to its email address, in `lang`.
 * @throws on transport failure (callers run it with `mailer.sendInBackground`, which logs)
 */
export async function sendOrderConfirmation(mailer: Mailer, order: Order, lang: Lang, opts: { publicUrl?: string } = {}): Promise<{ id: string }> {
  const rendered = renderOrderConfirmation(order, lang, opts);
  return mailer.send({ to: order.email, ...rendered });
}
