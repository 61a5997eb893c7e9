/**
 * The referral email (issue 12 "Referrals"; ADR 0030): sent after commit to the friend a member
 * referred, in the language the member chose (en/fr): who referred them, the one-use coupon code,
 * what it gives (amount off a first order from a minimum), until when, and a link to the store.
 * HTML is escaped like every other email; the referrer's name is the only member data shown.
 */
import type { BaseSiteId, CurrencyIso, Lang } from '@store/domain';
import { formatMoney, localeFor, SITES } from '@store/domain';
import { emailDocument, escapeHtml, type RenderedEmail } from './html.ts';
import type { Mailer } from './mailer.ts';

/** What the referral email needs. */
export interface ReferralEmailInput {
  to: string;
  site: BaseSiteId;
  lang: Lang;
  /** the referrer's first name ('' → "A friend") */
  referrerName: string;
  /** the friend's name as the referrer typed it, or null */
  friendName: string | null;
  couponCode: string;
  /** minor units of the site currency */
  amountMinor: number;
  minimumMinor: number;
  /** ISO-8601 UTC: last moment the coupon is valid */
  expiresAt: string;
}

const T = {
  en: {
    subject: (who: string, amount: string, brand: string) => `${who} sent you ${amount} off at ${brand}`,
    hello: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    someone: 'A friend',
    intro: (who: string, brand: string, amount: string, minimum: string) => `${who} thinks you would enjoy ${brand} coffee. Here is ${amount} off your first order of ${minimum} or more.`,
    code: 'Your coupon code',
    howTo: 'Enter the code in the coupon box of your cart. It works once, on your first order, with the email address this message was sent to.',
    until: (date: string) => `Valid until ${date}.`,
    shop: 'Visit the store',
    thanks: 'Enjoy!',
  },
  fr: {
    subject: (who: string, amount: string, brand: string) => `${who} vous offre ${amount} de rabais chez ${brand}`,
    hello: (name: string | null) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    someone: 'Un ami',
    intro: (who: string, brand: string, amount: string, minimum: string) =>
      `${who} pense que vous aimeriez le café ${brand}. Voici ${amount} de rabais sur votre première commande de ${minimum} ou plus.`,
    code: 'Votre code promo',
    howTo: 'Entrez le code dans la case code promo de votre panier. Il fonctionne une seule fois, sur votre première commande, avec l’adresse courriel à laquelle ce message a été envoyé.',
    until: (date: string) => `Valide jusqu’au ${date}.`,
    shop: 'Visiter la boutique',
    thanks: 'Bonne dégustation\u202f!',
  },
} as const;

/**
 * Renders the referral email.
 * @param opts.publicUrl absolute base URL of the store (the link); omitted → no link
 */
export function renderReferralEmail(input: ReferralEmailInput, opts: { publicUrl?: string } = {}): RenderedEmail {
  const { lang, site } = input;
  const t = T[lang];
  const c = lang === 'fr' ? '\u202f:' : ':';
  const info = SITES[site];
  const locale = localeFor(site, lang);
  const currency = info.currency as CurrencyIso;
  const amount = formatMoney(input.amountMinor, currency, locale);
  const minimum = formatMoney(input.minimumMinor, currency, locale);
  const who = input.referrerName.trim() || t.someone;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(input.expiresAt));
  const link = opts.publicUrl ? `${opts.publicUrl}${lang === 'fr' && site === 'cab2c' ? '/fr' : ''}/` : null;
  const subject = t.subject(who, amount, info.name);
  const text = [
    t.hello(input.friendName),
    '',
    t.intro(who, info.name, amount, minimum),
    '',
    `${t.code}${c} ${input.couponCode}`,
    t.until(date),
    '',
    t.howTo,
    ...(link ? ['', `${t.shop}${c} ${link}`] : []),
    '',
    t.thanks,
    info.name,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = emailDocument(lang, subject, info.name, `<p>${e(t.hello(input.friendName))}</p>
<p>${e(t.intro(who, info.name, amount, minimum))}</p>
<p style="font-size:14px">${e(t.code)}${c}</p>
<p style="font-size:24px;font-family:Menlo,Consolas,monospace;letter-spacing:2px"><strong>${e(input.couponCode)}</strong></p>
<p>${e(t.until(date))}</p>
<p>${e(t.howTo)}</p>
${link ? `<p><a href="${e(link)}">${e(t.shop)}</a></p>` : ''}
<p>${e(t.thanks)}<br>${e(info.name)}</p>`);
  return { subject, text, html };
}

/**
 * Sends the referral email.
 * @throws on transport failure (callers use `mailer.sendInBackground`, which logs)
 */
export async function sendReferralEmail(mailer: Mailer, input: ReferralEmailInput, opts: { publicUrl?: string } = {}): Promise<{ id: string }> {
  return mailer.send({ to: input.to, ...renderReferralEmail(input, opts) });
}
