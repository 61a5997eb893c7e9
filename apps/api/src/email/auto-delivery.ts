/**
 * Auto-delivery emails (issue 10; ADR 0018 "Emails"), in English and French, sent after commit by
 * the scheduler and the auto-delivery home flows: the upcoming-order reminder, the recurring order
 * placed (with the items replaced by their backup or left out), a cycle skipped because every
 * item was out of stock, a failed payment (with the next
 * attempt), the subscription suspended, and the clawback charged when a campaign commitment is
 * cancelled early. Plain text and escaped HTML, like the order confirmation; French typography
 * puts a narrow no-break space (U+202F) before `: ; ? !`.
 */
import type { BaseSiteId, CurrencyIso, Lang } from '@store/domain';
import { formatMoney, isBaseSiteId, localeFor, SITES } from '@store/domain';
import { emailDocument, escapeHtml } from './html.ts';
import type { Mailer } from './mailer.ts';
import type { RenderedEmail } from './html.ts';

/** The kinds of auto-delivery email. */
export const AUTO_DELIVERY_EMAIL_KINDS = ['reminder', 'orderPlaced', 'skippedOutOfStock', 'paymentFailed', 'suspended', 'clawback'] as const;
/** One of {@link AUTO_DELIVERY_EMAIL_KINDS}. */
export type AutoDeliveryEmailKind = (typeof AUTO_DELIVERY_EMAIL_KINDS)[number];

/** A line of an auto-delivery email (names already in the email's language). */
export interface AdEmailLine {
  name: string;
  qty: number;
}

/** What an auto-delivery email needs. Money in minor units; dates `YYYY-MM-DD` (site calendar). */
export interface AutoDeliveryEmailInput {
  kind: AutoDeliveryEmailKind;
  to: string;
  baseSiteId: string;
  lang: Lang;
  subscriptionId: string;
  currency: string;
  /** reminder: the upcoming ship date; orderPlaced and skippedOutOfStock: the next one */
  shipDate?: string;
  /** reminder: the items of the next order; skippedOutOfStock: the items that were out of stock */
  lines?: AdEmailLine[];
  /** orderPlaced / clawback: the order */
  orderCode?: string;
  /** orderPlaced / clawback: total charged */
  totalMinor?: number;
  /** orderPlaced: items shipped as their backup product (`from` → `to`) */
  replaced?: Array<{ from: string; to: string }>;
  /** orderPlaced: items left out (out of stock, no backup) */
  skipped?: string[];
  /** paymentFailed: the local date of the next attempt */
  nextAttemptDate?: string;
  /** clawback: boxes counted / required */
  boxesCounted?: number;
  boxesRequired?: number;
}

const T = {
  en: {
    reminder: (brand: string, date: string) => `${brand}: your auto-delivery ships on ${date}`,
    reminderIntro: (date: string) => `Your next auto-delivery order will be placed on ${date}. Want to change it? Skip, move or edit it in your auto-delivery home before then.`,
    orderPlaced: (brand: string, code: string) => `${brand}: your auto-delivery order ${code}`,
    orderIntro: 'We placed your auto-delivery order. It ships soon.',
    replaced: 'Out of stock, replaced by your backup product',
    skipped: 'Out of stock, left out of this order',
    skippedOutOfStock: (brand: string) => `${brand}: this auto-delivery order was skipped (out of stock)`,
    skippedIntro: 'Every item of this auto-delivery order was out of stock, and no backup product was available, so we skipped it. You were not charged. Your auto-delivery goes on as planned; you can add a backup product in your auto-delivery home.',
    paymentFailed: (brand: string) => `${brand}: we could not charge your card for your auto-delivery`,
    paymentIntro: (date: string) => `Your card was declined, so your auto-delivery order was not placed. We will try again on ${date}. Please check or change your card in your auto-delivery home.`,
    suspended: (brand: string) => `${brand}: your auto-delivery is suspended`,
    suspendedIntro: 'We could not charge your card after several attempts, so your auto-delivery is suspended. Update your card and resume it from your auto-delivery home.',
    clawback: (brand: string) => `${brand}: your brewer offer commitment was cancelled`,
    clawbackIntro: (boxes: number, required: number) =>
      `You cancelled your auto-delivery before completing the brewer offer commitment (${boxes} of ${required} boxes). As agreed, we charged the part of the brewer discount not yet earned.`,
    items: 'Items',
    order: 'Order',
    total: 'Total',
    charged: 'Amount charged',
    next: 'Next order',
    subscription: 'Auto-delivery',
    thanks: 'Thank you,',
  },
  fr: {
    reminder: (brand: string, date: string) => `${brand}\u202f: votre livraison automatique part le ${date}`,
    reminderIntro: (date: string) =>
      `Votre prochaine commande en livraison automatique sera passée le ${date}. Vous voulez la changer\u202f? Sautez-la, déplacez-la ou modifiez-la dans votre espace livraison automatique d’ici là.`,
    orderPlaced: (brand: string, code: string) => `${brand}\u202f: votre commande en livraison automatique ${code}`,
    orderIntro: 'Nous avons passé votre commande en livraison automatique. Elle sera expédiée bientôt.',
    replaced: 'En rupture de stock, remplacé par votre produit de remplacement',
    skipped: 'En rupture de stock, retiré de cette commande',
    skippedOutOfStock: (brand: string) => `${brand}\u202f: cette commande en livraison automatique a été sautée (rupture de stock)`,
    skippedIntro:
      'Tous les articles de cette commande en livraison automatique étaient en rupture de stock et aucun produit de remplacement n’était offert\u202f; nous l’avons donc sautée. Vous n’avez pas été débité. Votre livraison automatique continue comme prévu\u202f; vous pouvez ajouter un produit de remplacement dans votre espace livraison automatique.',
    paymentFailed: (brand: string) => `${brand}\u202f: nous n’avons pas pu débiter votre carte pour votre livraison automatique`,
    paymentIntro: (date: string) =>
      `Votre carte a été refusée, votre commande en livraison automatique n’a donc pas été passée. Nous réessaierons le ${date}. Vérifiez ou changez votre carte dans votre espace livraison automatique.`,
    suspended: (brand: string) => `${brand}\u202f: votre livraison automatique est suspendue`,
    suspendedIntro:
      'Nous n’avons pas pu débiter votre carte après plusieurs tentatives\u202f; votre livraison automatique est donc suspendue. Mettez votre carte à jour et reprenez-la depuis votre espace livraison automatique.',
    clawback: (brand: string) => `${brand}\u202f: votre engagement de l’offre cafetière a été annulé`,
    clawbackIntro: (boxes: number, required: number) =>
      `Vous avez annulé votre livraison automatique avant d’avoir rempli l’engagement de l’offre cafetière (${boxes} boîtes sur ${required}). Comme convenu, nous avons débité la part du rabais sur la cafetière qui n’était pas encore acquise.`,
    items: 'Articles',
    order: 'Commande',
    total: 'Total',
    charged: 'Montant débité',
    next: 'Prochaine commande',
    subscription: 'Livraison automatique',
    thanks: 'Merci,',
  },
} as const;

function formatDate(date: string, lang: Lang, site: BaseSiteId): string {
  const locale = site === 'cab2c' ? (lang === 'fr' ? 'fr-CA' : 'en-CA') : 'en-US';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** Renders one auto-delivery email (see module comment). */
export function renderAutoDeliveryEmail(input: AutoDeliveryEmailInput): RenderedEmail {
  const lang = input.lang;
  const t = T[lang];
  const c = lang === 'fr' ? '\u202f:' : ':';
  const site: BaseSiteId = isBaseSiteId(input.baseSiteId) ? input.baseSiteId : 'usb2c';
  const brand = SITES[site].name;
  const money = (minor: number) => formatMoney(minor, input.currency as CurrencyIso, localeFor(site, lang));
  const date = (d: string | undefined) => (d ? formatDate(d, lang, site) : '');
  let subject: string;
  const paragraphs: string[] = [];
  const facts: string[] = [];
  switch (input.kind) {
    case 'reminder':
      subject = t.reminder(brand, date(input.shipDate));
      paragraphs.push(t.reminderIntro(date(input.shipDate)));
      if (input.lines?.length) facts.push(`${t.items}${c}`, ...input.lines.map((l) => `- ${l.qty} × ${l.name}`));
      break;
    case 'orderPlaced':
      subject = t.orderPlaced(brand, input.orderCode ?? '');
      paragraphs.push(t.orderIntro);
      facts.push(`${t.order}${c} ${input.orderCode ?? ''}`);
      if (input.totalMinor !== undefined) facts.push(`${t.total}${c} ${money(input.totalMinor)}`);
      if (input.lines?.length) facts.push(`${t.items}${c}`, ...input.lines.map((l) => `- ${l.qty} × ${l.name}`));
      if (input.replaced?.length) facts.push(`${t.replaced}${c}`, ...input.replaced.map((r) => `- ${r.from} → ${r.to}`));
      if (input.skipped?.length) facts.push(`${t.skipped}${c}`, ...input.skipped.map((s) => `- ${s}`));
      if (input.shipDate) facts.push(`${t.next}${c} ${date(input.shipDate)}`);
      break;
    case 'skippedOutOfStock':
      subject = t.skippedOutOfStock(brand);
      paragraphs.push(t.skippedIntro);
      if (input.lines?.length) facts.push(`${t.skipped}${c}`, ...input.lines.map((l) => `- ${l.qty} × ${l.name}`));
      if (input.shipDate) facts.push(`${t.next}${c} ${date(input.shipDate)}`);
      break;
    case 'paymentFailed':
      subject = t.paymentFailed(brand);
      paragraphs.push(t.paymentIntro(date(input.nextAttemptDate)));
      break;
    case 'suspended':
      subject = t.suspended(brand);
      paragraphs.push(t.suspendedIntro);
      break;
    case 'clawback':
      subject = t.clawback(brand);
      paragraphs.push(t.clawbackIntro(input.boxesCounted ?? 0, input.boxesRequired ?? 0));
      facts.push(`${t.order}${c} ${input.orderCode ?? ''}`);
      if (input.totalMinor !== undefined) facts.push(`${t.charged}${c} ${money(input.totalMinor)}`);
      break;
  }
  facts.push(`${t.subscription}${c} ${input.subscriptionId}`);
  const text = [...paragraphs, '', ...facts, '', t.thanks, brand, ''].join('\n');
  const e = escapeHtml;
  const html = emailDocument(lang, subject, brand, `${paragraphs.map((p) => `<p>${e(p)}</p>`).join('\n')}
<p>${facts.map((f) => e(f)).join('<br>')}</p>
<p>${e(t.thanks)}<br>${e(brand)}</p>`);
  return { subject, text, html };
}

/**
 * Sends one auto-delivery email.
 * @throws on transport failure (callers run it with `mailer.sendInBackground`, which logs)
 */
export async function sendAutoDeliveryEmail(mailer: Mailer, input: AutoDeliveryEmailInput): Promise<{ id: string }> {
  return mailer.send({ to: input.to, ...renderAutoDeliveryEmail(input) });
}
