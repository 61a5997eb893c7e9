/**
 * Marketing emails (issue 12; ADR 0029), in English or French, each with an unsubscribe link
 * (one click on a storefront page that works without JavaScript):
 * - the mailing-list double opt-in: the single-use confirmation link (`/newsletter/confirm`,
 *   `/fr/infolettre/confirmer`) and how long it is valid;
 * - notify me: the product is back in stock, with a link to its page (sent once).
 * Links carry `site=<baseSiteId>` so the storefront shows the right brand.
 */
import type { BaseSiteId, Lang } from '@store/domain';
import { SITES } from '@store/domain';
import { emailDocument, escapeHtml as e } from './html.ts';
import type { RenderedEmail } from './html.ts';

/** Storefront paths of the marketing pages per language. */
export const MARKETING_PATHS = {
  confirm: { en: '/newsletter/confirm', fr: '/fr/infolettre/confirmer' },
  unsubscribe: { en: '/newsletter/unsubscribe', fr: '/fr/infolettre/desabonnement' },
  product: { en: '/p/', fr: '/fr/p/' },
} as const satisfies Record<string, Record<Lang, string>>;

const T = {
  en: {
    confirmSubject: (brand: string) => `${brand}: confirm your subscription`,
    confirmIntro: 'Thanks for signing up for our emails: coffee news, offers and new arrivals. Please confirm that this address is yours.',
    confirmAction: 'Confirm my subscription',
    confirmValidity: (days: number) => `This link works once and expires in ${days} days.`,
    confirmIgnore: 'If you did not ask for this, ignore this email: you will not be subscribed.',
    backSubject: (brand: string, name: string) => `${brand}: ${name} is back in stock`,
    backIntro: (name: string) => `Good news: ${name} is back in stock. You asked us to tell you; this is our only email about it.`,
    backAction: 'See the product',
    unsubscribe: 'Unsubscribe from our emails',
    help: (phone: string) => `Questions? Call us at ${phone}.`,
  },
  fr: {
    confirmSubject: (brand: string) => `${brand}\u202f: confirmez votre abonnement`,
    confirmIntro: 'Merci de vous être inscrit à nos courriels\u202f: nouvelles du café, offres et nouveautés. Confirmez que cette adresse est bien la vôtre.',
    confirmAction: 'Confirmer mon abonnement',
    confirmValidity: (days: number) => `Ce lien ne fonctionne qu’une fois et expire dans ${days}\u00a0jours.`,
    confirmIgnore: 'Si vous n’avez rien demandé, ignorez ce courriel\u202f: vous ne serez pas abonné.',
    backSubject: (brand: string, name: string) => `${brand}\u202f: ${name} est de retour en stock`,
    backIntro: (name: string) => `Bonne nouvelle\u202f: ${name} est de retour en stock. Vous nous avez demandé de vous prévenir\u202f; c’est notre seul courriel à ce sujet.`,
    backAction: 'Voir le produit',
    unsubscribe: 'Se désabonner de nos courriels',
    help: (phone: string) => `Des questions\u202f? Appelez-nous au ${phone}.`,
  },
} as const;

/** A storefront link: base URL (no trailing slash), path, query (the site added). */
function link(storefrontUrl: string, path: string, site: BaseSiteId, query: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...query, site });
  return `${storefrontUrl}${path}?${params.toString()}`;
}

/** The unsubscribe link of a signed token (see flows/marketing.ts `unsubscribeToken`). */
export function unsubscribeLink(storefrontUrl: string, site: BaseSiteId, lang: Lang, token: string): string {
  return link(storefrontUrl, MARKETING_PATHS.unsubscribe[lang], site, { token });
}

/** The double opt-in confirmation link of a raw token. */
export function confirmLink(storefrontUrl: string, site: BaseSiteId, lang: Lang, token: string): string {
  return link(storefrontUrl, MARKETING_PATHS.confirm[lang], site, { token });
}

/** What every marketing email needs. */
interface MarketingEmailBase {
  site: BaseSiteId;
  lang: Lang;
  /** storefront base URL, no trailing slash */
  storefrontUrl: string;
  /** the signed unsubscribe token of the recipient */
  unsubscribeToken: string;
}

/** Input of {@link renderSubscriptionConfirmation}. */
export interface SubscriptionConfirmationInput extends MarketingEmailBase {
  /** the raw single-use confirmation token (only ever in the email) */
  token: string;
  /** validity of the link, days */
  validDays: number;
}

/** Input of {@link renderBackInStock}. */
export interface BackInStockInput extends MarketingEmailBase {
  /** the product's name in `lang` */
  productName: string;
  productCode: string;
}

function render(input: MarketingEmailBase, subject: string, paragraphs: string[], action: { label: string; href: string }): RenderedEmail {
  const t = T[input.lang];
  const info = SITES[input.site];
  const unsub = unsubscribeLink(input.storefrontUrl, input.site, input.lang, input.unsubscribeToken);
  // French typography: a narrow no-break space before the colon (issue 9 item 12)
  const c = input.lang === 'fr' ? '\u202f:' : ':';
  const text = [...paragraphs.flatMap((p) => [p, '']), `${action.label}${c} ${action.href}`, '', t.help(info.supportPhone), info.name, '', `${t.unsubscribe}${c} ${unsub}`, ''].join('\n');
  const html = emailDocument(
    input.lang,
    subject,
    info.name,
    `${paragraphs.map((p) => `<p>${e(p)}</p>`).join('\n')}
<p><a href="${e(action.href)}">${e(action.label)}</a></p>
<p style="color:#555">${e(t.help(info.supportPhone))}<br>${e(info.name)}</p>
<p style="color:#555;font-size:12px"><a href="${e(unsub)}">${e(t.unsubscribe)}</a></p>`,
  );
  return { subject, text, html };
}

/** Renders the double opt-in email. Pure. */
export function renderSubscriptionConfirmation(input: SubscriptionConfirmationInput): RenderedEmail {
  const t = T[input.lang];
  const href = confirmLink(input.storefrontUrl, input.site, input.lang, input.token);
  return render(input, t.confirmSubject(SITES[input.site].name), [t.confirmIntro, `${t.confirmValidity(input.validDays)} ${t.confirmIgnore}`], { label: t.confirmAction, href });
}

/** Renders the back-in-stock email. Pure. */
export function renderBackInStock(input: BackInStockInput): RenderedEmail {
  const t = T[input.lang];
  const href = link(input.storefrontUrl, `${MARKETING_PATHS.product[input.lang]}${encodeURIComponent(input.productCode)}`, input.site);
  return render(input, t.backSubject(SITES[input.site].name, input.productName), [t.backIntro(input.productName)], { label: t.backAction, href });
}
