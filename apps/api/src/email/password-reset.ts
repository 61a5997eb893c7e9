/**
 * The password reset email (issue 3: "single-use, expiring reset link sent over SMTP"), in English
 * or French: subject, plain text and simple HTML with the reset link, how long it stays valid, and
 * the brand's support phone (@store/domain SITES). The link goes to the storefront page of the
 * language: `/reset-password?token=...` or `/fr/reinitialiser-mot-de-passe?token=...`, with
 * `site=<baseSiteId>` so the storefront shows the right brand.
 */
import type { BaseSiteId, Lang } from '@store/domain';
import { SITES } from '@store/domain';
import { emailDocument, escapeHtml as e } from './html.ts';
import type { Mailer } from './mailer.ts';
import type { RenderedEmail } from './html.ts';

/** Storefront path of the reset page per language. */
export const RESET_PASSWORD_PATHS: Record<Lang, string> = { en: '/reset-password', fr: '/fr/reinitialiser-mot-de-passe' };

const T = {
  en: {
    subject: (brand: string) => `${brand}: reset your password`,
    greeting: (name: string) => `Hello ${name},`,
    intro: 'We received a request to reset the password of your account. Use the link below to choose a new password.',
    action: 'Reset my password',
    validity: (minutes: number) => `This link works once and expires in ${minutes} minutes.`,
    ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
    help: (phone: string) => `Questions? Call us at ${phone}.`,
  },
  fr: {
    subject: (brand: string) => `${brand}\u202f: réinitialisez votre mot de passe`,
    greeting: (name: string) => `Bonjour ${name},`,
    intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Utilisez le lien ci-dessous pour choisir un nouveau mot de passe.',
    action: 'Réinitialiser mon mot de passe',
    validity: (minutes: number) => `Ce lien ne fonctionne qu’une fois et expire dans ${minutes} minutes.`,
    ignore: 'Si vous n’avez rien demandé, ignorez ce courriel\u202f: votre mot de passe ne change pas.',
    help: (phone: string) => `Des questions\u202f? Appelez-nous au ${phone}.`,
  },
} as const;

/** What the reset email needs. */
export interface PasswordResetEmailInput {
  to: string;
  firstName: string;
  site: BaseSiteId;
  lang: Lang;
  /** the raw reset token (only ever in the email) */
  token: string;
  /** storefront base URL, no trailing slash */
  storefrontUrl: string;
  /** validity of the link, minutes */
  validMinutes: number;
}

/** The reset link for a token, site and language. */
export function passwordResetLink(storefrontUrl: string, site: BaseSiteId, lang: Lang, token: string): string {
  return `${storefrontUrl}${RESET_PASSWORD_PATHS[lang]}?token=${encodeURIComponent(token)}&site=${site}`;
}

/** Renders the reset email. */
export function renderPasswordReset(input: PasswordResetEmailInput): RenderedEmail {
  const t = T[input.lang];
  const info = SITES[input.site];
  const link = passwordResetLink(input.storefrontUrl, input.site, input.lang, input.token);
  const subject = t.subject(info.name);
  // French typography: a narrow no-break space before the colon (issue 9 item 12)
  const c = input.lang === 'fr' ? '\u202f:' : ':';
  const lines = [t.greeting(input.firstName), '', t.intro, '', `${t.action}${c} ${link}`, '', t.validity(input.validMinutes), t.ignore, '', t.help(info.supportPhone), info.name, ''];
  const text = lines.join('\n');
  const html = emailDocument(input.lang, subject, info.name, `<p>${e(t.greeting(input.firstName))}</p>
<p>${e(t.intro)}</p>
<p><a href="${e(link)}">${e(t.action)}</a></p>
<p>${e(t.validity(input.validMinutes))}<br>${e(t.ignore)}</p>
<p style="color:#555">${e(t.help(info.supportPhone))}<br>${e(info.name)}</p>`);
  return { subject, text, html };
}

/**
 * Sends the reset email.
 * @throws on transport failure (callers run it with `mailer.sendInBackground`, which logs)
 */
export async function sendPasswordReset(mailer: Mailer, input: PasswordResetEmailInput): Promise<{ id: string }> {
  return mailer.send({ to: input.to, ...renderPasswordReset(input) });
}
