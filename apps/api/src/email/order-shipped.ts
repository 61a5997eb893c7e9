/**
 * The "your order shipped" email (issue 12, ADR 0027), in the order's language (English or
 * French): the order code, the tracking number (and carrier when known), the lines of this
 * consignment with their units, whether the order is now complete, a link to the order, and the
 * brand's support phone and hours (spec §2). Built from the order answer and the consignment the
 * ship transaction returned; sent after COMMIT by `mailer.sendInBackground` (a failure is logged,
 * never thrown to the operator).
 */
import type { Consignment, Order } from '@store/contracts';
import type { BaseSiteId, Lang } from '@store/domain';
import { SITES, isBaseSiteId } from '@store/domain';
import { emailDocument, escapeHtml, type RenderedEmail } from './html.ts';
import type { Mailer } from './mailer.ts';

/** Texts of the email per language (French: U+202F before `:` `?` `!`). */
const T = {
  en: {
    subject: (brand: string, code: string, complete: boolean) => `${brand}: ${complete ? 'your order' : 'part of your order'} ${code} has shipped`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (complete: boolean) => (complete ? 'Good news: your order is on its way.' : 'Good news: part of your order is on its way. We will let you know when the rest ships.'),
    order: 'Order number',
    tracking: 'Tracking number',
    carrier: 'Carrier',
    lines: 'In this shipment',
    view: 'View your order',
    help: (phone: string, hours: string) => `Questions? Call us at ${phone}, ${hours}, or email us; we reply within 24-48 hours.`,
    thanks: 'Thank you for shopping with us!',
  },
  fr: {
    subject: (brand: string, code: string, complete: boolean) => `${brand}\u202f: ${complete ? 'votre commande' : 'une partie de votre commande'} ${code} a été expédiée`,
    greeting: (name: string) => `Bonjour ${name},`,
    intro: (complete: boolean) =>
      complete ? 'Bonne nouvelle\u202f: votre commande est en route.' : 'Bonne nouvelle\u202f: une partie de votre commande est en route. Nous vous écrirons quand le reste sera expédié.',
    order: 'Numéro de commande',
    tracking: 'Numéro de suivi',
    carrier: 'Transporteur',
    lines: 'Dans cet envoi',
    view: 'Voir votre commande',
    help: (phone: string, hours: string) => `Des questions\u202f? Appelez-nous au ${phone}, ${hours}, ou écrivez-nous\u202f; nous répondons dans un délai de 24 à 48 heures.`,
    thanks: 'Merci de votre achat\u202f!',
  },
} as const;

/** Options of {@link renderOrderShipped}. */
export interface OrderShippedEmailOptions {
  /** absolute base URL of the storefront (the order link); omitted → no link */
  publicUrl?: string;
}

/**
 * Renders the shipment email of `consignment` of `order` in `lang`; `complete` says whether the
 * order is now fully shipped.
 */
export function renderOrderShipped(order: Order, consignment: Consignment, complete: boolean, lang: Lang, opts: OrderShippedEmailOptions = {}): RenderedEmail {
  const t = T[lang];
  const c = lang === 'fr' ? '\u202f:' : ':';
  const site: BaseSiteId = isBaseSiteId(order.baseSiteId) ? order.baseSiteId : 'usb2c';
  const info = SITES[site];
  const subject = t.subject(info.name, order.code, complete);
  const byNumber = new Map(order.entries.map((e) => [e.entryNumber, e]));
  const lines = consignment.entries.map((x) => {
    const e = byNumber.get(x.entryNumber);
    const name = e ? `${e.product.name}${e.product.sizeLabel ? ` (${e.product.sizeLabel})` : ''}` : `#${x.entryNumber}`;
    return { name, quantity: x.quantity };
  });
  // guest orders are read on the confirmation page with their email, customers' in their account
  const link = opts.publicUrl
    ? order.guestCustomer
      ? `${opts.publicUrl}${lang === 'fr' ? '/fr/confirmation-de-commande' : '/order-confirmation'}/${encodeURIComponent(order.code)}?email=${encodeURIComponent(order.email)}`
      : `${opts.publicUrl}${lang === 'fr' ? '/fr/compte/commandes' : '/account/orders'}/${encodeURIComponent(order.code)}`
    : null;
  const help = t.help(info.supportPhone, info.supportHours[lang]);
  const text = [
    t.greeting(order.deliveryAddress.firstName),
    '',
    t.intro(complete),
    '',
    `${t.order}${c} ${order.code}`,
    `${t.tracking}${c} ${consignment.trackingNumber}`,
    ...(consignment.carrier ? [`${t.carrier}${c} ${consignment.carrier}`] : []),
    '',
    `${t.lines}${c}`,
    ...lines.map((l) => `- ${l.name} × ${l.quantity}`),
    ...(link ? ['', `${t.view}${c} ${link}`] : []),
    '',
    help,
    '',
    t.thanks,
    info.name,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = emailDocument(
    lang,
    subject,
    info.name,
    `<p>${e(t.greeting(order.deliveryAddress.firstName))}</p>
<p>${e(t.intro(complete))}</p>
<p>${e(t.order)}${c} <strong>${e(order.code)}</strong><br>${e(t.tracking)}${c} <strong>${e(consignment.trackingNumber)}</strong>${consignment.carrier ? `<br>${e(t.carrier)}${c} ${e(consignment.carrier)}` : ''}</p>
<h2 style="font-size:16px">${e(t.lines)}</h2>
<ul>${lines.map((l) => `<li>${e(l.name)} × ${l.quantity}</li>`).join('')}</ul>
${link ? `<p><a href="${e(link)}">${e(t.view)}</a></p>` : ''}
<p style="color:#555">${e(help)}</p>
<p>${e(t.thanks)}<br>${e(info.name)}</p>`,
  );
  return { subject, text, html };
}

/**
 * Sends the shipment email to the order's address.
 * @throws on transport failure (callers run it with `mailer.sendInBackground`, which logs)
 */
export async function sendOrderShipped(mailer: Mailer, order: Order, consignment: Consignment, complete: boolean, lang: Lang, opts: OrderShippedEmailOptions = {}): Promise<{ id: string }> {
  return mailer.send({ to: order.email, ...renderOrderShipped(order, consignment, complete, lang, opts) });
}
