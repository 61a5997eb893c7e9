/**
 * The e-gift card email (issue 4; ADR 0010 "Gift cards"): one message per card issued by a paid
 * order of a virtual gift-card product, sent after commit to the order's email, in English or
 * French: the card's value, its code (the only place the code is ever shown: the store keeps a
 * hash), how to redeem it, the order it came from and the brand's support details. HTML is
 * escaped like the order confirmation.
 */
import type { BaseSiteId, CurrencyIso, Lang } from '@store/domain';
import { formatGiftCardCode, formatMoney, isBaseSiteId, localeFor, SITES } from '@store/domain';
import { emailDocument, escapeHtml } from './html.ts';
import type { Mailer } from './mailer.ts';
import type { RenderedEmail } from './html.ts';

/** What the email needs about one issued card. */
export interface GiftCardEmailInput {
  to: string;
  baseSiteId: string;
  lang: Lang;
  /** the full code, normalised (16 characters); shown in groups of 4 */
  code: string;
  /** minor units */
  amountMinor: number;
  currency: string;
  /** the order that bought the card */
  orderCode: string;
  /** ISO-8601 UTC, or null: never expires */
  expiresAt: string | null;
}

/** Texts of the email per language. */
const T = {
  en: {
    subject: (brand: string, amount: string) => `${brand}: your ${amount} gift card`,
    hello: 'Hello,',
    intro: (amount: string, brand: string) => `Here is your ${amount} ${brand} e-gift card.`,
    code: 'Gift card code',
    value: 'Value',
    howTo: 'To use it, enter the code in the gift card box at checkout (payment step). Several cards can pay one order; what is left stays on the card.',
    keep: 'Keep this email: the code is shown only here.',
    expires: (date: string) => `Valid until ${date}.`,
    never: 'It never expires.',
    order: 'Bought with order',
    shop: 'Shop now',
    help: (phone: string, hours: string) => `Questions? Call us at ${phone}, ${hours}.`,
    thanks: 'Enjoy!',
  },
  fr: {
    subject: (brand: string, amount: string) => `${brand}\u202f: votre carte-cadeau de ${amount}`,
    hello: 'Bonjour,',
    intro: (amount: string, brand: string) => `Voici votre carte-cadeau électronique ${brand} de ${amount}.`,
    code: 'Code de la carte-cadeau',
    value: 'Valeur',
    howTo: 'Pour l’utiliser, entrez le code dans la case carte-cadeau à l’étape du paiement. Plusieurs cartes peuvent payer une commande\u202f; le solde restant demeure sur la carte.',
    keep: 'Conservez ce courriel\u202f: le code n’est affiché qu’ici.',
    expires: (date: string) => `Valide jusqu’au ${date}.`,
    never: 'Elle n’expire jamais.',
    order: 'Achetée avec la commande',
    shop: 'Magasiner',
    help: (phone: string, hours: string) => `Des questions\u202f? Appelez-nous au ${phone}, ${hours}.`,
    thanks: 'Bonne dégustation\u202f!',
  },
} as const;

function formatDate(iso: string, lang: Lang, site: BaseSiteId): string {
  const locale = site === 'cab2c' ? (lang === 'fr' ? 'fr-CA' : 'en-CA') : 'en-US';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/**
 * Renders the email of one card.
 * @param opts.publicUrl absolute base URL of the store (for the shop link); omitted → no link
 */
export function renderGiftCardEmail(input: GiftCardEmailInput, opts: { publicUrl?: string } = {}): RenderedEmail {
  const lang = input.lang;
  const t = T[lang];
  // French typography: a narrow no-break space (U+202F) before the colon (issue 9 item 12)
  const c = lang === 'fr' ? '\u202f:' : ':';
  const site: BaseSiteId = isBaseSiteId(input.baseSiteId) ? input.baseSiteId : 'usb2c';
  const info = SITES[site];
  const amount = formatMoney(input.amountMinor, input.currency as CurrencyIso, localeFor(site, lang));
  const code = formatGiftCardCode(input.code);
  const validity = input.expiresAt ? t.expires(formatDate(input.expiresAt, lang, site)) : t.never;
  const link = opts.publicUrl ? `${opts.publicUrl}${lang === 'fr' ? '/fr' : ''}/` : null;
  const help = t.help(info.supportPhone, info.supportHours[lang]);
  const subject = t.subject(info.name, amount);

  const text = [
    t.hello,
    '',
    t.intro(amount, info.name),
    '',
    `${t.code}${c} ${code}`,
    `${t.value}${c} ${amount}`,
    validity,
    '',
    t.howTo,
    t.keep,
    '',
    `${t.order}${c} ${input.orderCode}`,
    ...(link ? [`${t.shop}${c} ${link}`] : []),
    '',
    help,
    '',
    t.thanks,
    info.name,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = emailDocument(lang, subject, info.name, `<p>${e(t.hello)}</p>
<p>${e(t.intro(amount, info.name))}</p>
<p style="font-size:14px">${e(t.code)}${c}</p>
<p style="font-size:24px;font-family:Menlo,Consolas,monospace;letter-spacing:2px"><strong>${e(code)}</strong></p>
<p>${e(t.value)}${c} <strong>${e(amount)}</strong><br>${e(validity)}</p>
<p>${e(t.howTo)}</p>
<p><strong>${e(t.keep)}</strong></p>
<p>${e(t.order)}${c} ${e(input.orderCode)}</p>
${link ? `<p><a href="${e(link)}">${e(t.shop)}</a></p>` : ''}
<p style="color:#555">${e(help)}</p>
<p>${e(t.thanks)}<br>${e(info.name)}</p>`);
  return { subject, text, html };
}

/**
 * Sends the email of one card to `input.to`.
 * @throws on transport failure (callers run it with `mailer.sendInBackground`, which logs)
 */
export async function sendGiftCardEmail(mailer: Mailer, input: GiftCardEmailInput, opts: { publicUrl?: string } = {}): Promise<{ id: string }> {
  return mailer.send({ to: input.to, ...renderGiftCardEmail(input, opts) });
}
