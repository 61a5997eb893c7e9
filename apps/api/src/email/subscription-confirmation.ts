/**
 * The subscription confirmation email (issue 10; ADR 0018 "Recurring orders" emails), in English
 * or French, sent after the commit of the order that opened the subscriptions: for each one its
 * program, how often it ships, the next ship date and its items, and where to manage it. Also the
 * wording of a subscription line that the order confirmation email reuses
 * ({@link describeSubscription}). French typography: U+202F before `:`, `;`, `?`, `!`.
 */
import type { Order, OrderSubscription } from '@store/contracts';
import type { BaseSiteId, Lang } from '@store/domain';
import { SITES, isBaseSiteId } from '@store/domain';
import { emailDocument, escapeHtml } from './html.ts';
import type { Mailer } from './mailer.ts';
import type { RenderedEmail } from './html.ts';

const PROGRAM_NAMES: Record<Lang, Record<OrderSubscription['program'], string>> = {
  en: {
    ONE_TIME: 'One-time purchase',
    AUTO_DELIVERY: 'Auto-delivery',
    SMART: 'Smart auto-delivery',
    SCHEDULED: 'Scheduled auto-delivery',
    MONTHLY_BOX: 'Monthly box',
    BREWER_CAMPAIGN: 'Brewer offer auto-delivery',
  },
  fr: {
    ONE_TIME: 'Achat unique',
    AUTO_DELIVERY: 'Livraison automatique',
    SMART: 'Livraison automatique intelligente',
    SCHEDULED: 'Livraison automatique planifiée',
    MONTHLY_BOX: 'Boîte mensuelle',
    BREWER_CAMPAIGN: 'Livraison automatique de l’offre cafetière',
  },
};

const T = {
  en: {
    subject: (brand: string, n: number) => (n === 1 ? `${brand}: your auto-delivery is set up` : `${brand}: your ${n} auto-deliveries are set up`),
    greeting: 'Hello,',
    intro: (code: string) => `Your order ${code} started the auto-delivery below. We will charge your saved card and ship each order automatically.`,
    every: (n: number) => (n === 1 ? 'every week' : `every ${n} weeks`),
    monthly: (d: number) => (d === 31 ? 'on the last day of each month' : `on day ${d} of each month`),
    next: 'Next order',
    items: 'Items',
    manage: 'You can change the date, frequency or items, skip an order, pause or cancel at any time in your account, under Auto-delivery.',
    reminder: (days: number) => `We will email you ${days} days before each order.`,
    thanks: 'Thank you for subscribing!',
  },
  fr: {
    subject: (brand: string, n: number) => (n === 1 ? `${brand}\u202f: votre livraison automatique est en place` : `${brand}\u202f: vos ${n} livraisons automatiques sont en place`),
    greeting: 'Bonjour,',
    intro: (code: string) => `Votre commande ${code} a lancé la livraison automatique ci-dessous. Nous débiterons votre carte enregistrée et expédierons chaque commande automatiquement.`,
    every: (n: number) => (n === 1 ? 'chaque semaine' : `toutes les ${n} semaines`),
    monthly: (d: number) => (d === 31 ? 'le dernier jour de chaque mois' : `le ${d} de chaque mois`),
    next: 'Prochaine commande',
    items: 'Articles',
    manage: 'Vous pouvez changer la date, la fréquence ou les articles, sauter une commande, faire une pause ou annuler en tout temps dans votre compte, sous Livraison automatique.',
    reminder: (days: number) => `Nous vous écrirons ${days} jours avant chaque commande.`,
    thanks: 'Merci de votre abonnement\u202f!',
  },
} as const;

/** A local date `YYYY-MM-DD` in words (`March 3, 2027`, `3 mars 2027`). */
export function formatLocalDate(date: string, lang: Lang, site: BaseSiteId): string {
  const locale = site === 'cab2c' ? (lang === 'fr' ? 'fr-CA' : 'en-CA') : lang === 'fr' ? 'fr-CA' : 'en-US';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * One subscription in words: `Auto-delivery, every 4 weeks — next order: March 3, 2027` (the
 * order confirmation email lists these).
 */
export function describeSubscription(s: OrderSubscription, lang: Lang, site: BaseSiteId): string {
  const t = T[lang];
  const c = lang === 'fr' ? '\u202f:' : ':';
  const cadence = s.frequencyWeeks !== null ? t.every(s.frequencyWeeks) : s.dayOfMonth !== null ? t.monthly(s.dayOfMonth) : '';
  return `${PROGRAM_NAMES[lang][s.program]}${cadence ? `, ${cadence}` : ''} — ${t.next}${c} ${formatLocalDate(s.nextShipDate, lang, site)}`;
}

/** Heading of the subscriptions section of the order confirmation email. */
export const SUBSCRIPTIONS_HEADING: Record<Lang, string> = { en: 'Your auto-delivery', fr: 'Votre livraison automatique' };

/**
 * Renders the subscription confirmation of an order that opened subscriptions.
 * @param reminderLeadDays the site's `adReminderLeadDays` (the reminder sentence), 0 = none
 */
export function renderSubscriptionConfirmation(order: Order, lang: Lang, reminderLeadDays: number): RenderedEmail {
  const t = T[lang];
  const c = lang === 'fr' ? '\u202f:' : ':';
  const site: BaseSiteId = isBaseSiteId(order.baseSiteId) ? order.baseSiteId : 'usb2c';
  const info = SITES[site];
  const subject = t.subject(info.name, order.subscriptions.length);
  const blocks = order.subscriptions.map((s) => ({
    title: describeSubscription(s, lang, site),
    items: s.items.map((i) => `${i.name} × ${i.quantity}`),
  }));
  const text = [
    t.greeting,
    '',
    t.intro(order.code),
    '',
    ...blocks.flatMap((b) => [b.title, `${t.items}${c}`, ...b.items.map((i) => `  - ${i}`), '']),
    t.manage,
    ...(reminderLeadDays > 0 ? [t.reminder(reminderLeadDays)] : []),
    '',
    t.thanks,
    info.name,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = emailDocument(lang, subject, info.name, `<p>${e(t.greeting)}</p>
<p>${e(t.intro(order.code))}</p>
${blocks.map((b) => `<h2 style="font-size:16px">${e(b.title)}</h2><ul>${b.items.map((i) => `<li>${e(i)}</li>`).join('')}</ul>`).join('\n')}
<p>${e(t.manage)}${reminderLeadDays > 0 ? `<br>${e(t.reminder(reminderLeadDays))}` : ''}</p>
<p>${e(t.thanks)}<br>${e(info.name)}</p>`);
  return { subject, text, html };
}

/**
 * Sends the subscription confirmation of an order (nothing when it opened none).
 * @throws on transport failure (callers run it with `mailer.sendInBackground`, which logs)
 */
export async function sendSubscriptionConfirmation(mailer: Mailer, order: Order, lang: Lang, reminderLeadDays: number): Promise<{ id: string } | null> {
  if (order.subscriptions.length === 0) return null;
  return mailer.send({ to: order.email, ...renderSubscriptionConfirmation(order, lang, reminderLeadDays) });
}
