/**
 * The message catalogues of the storefront (react-intl, ICU syntax): the shell's (en.ts, fr.ts)
 * merged with the cart/checkout ones (checkout.en.ts, checkout.fr.ts). Both languages have the
 * same keys (test/i18n.test.ts).
 */
import type { Lang } from '@store/domain';
import { accountEn } from './account.en.ts';
import { accountFr } from './account.fr.ts';
import { authEn } from './auth.en.ts';
import { authFr } from './auth.fr.ts';
import { checkoutEn } from './checkout.en.ts';
import { checkoutFr } from './checkout.fr.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';

const enAll = { ...en, ...checkoutEn, ...accountEn, ...authEn };

/** Every message id (shell + cart/checkout). */
export type MessageKey = keyof typeof enAll;

/** The message catalogue of each language. */
export const messages: Record<Lang, Record<MessageKey, string>> = {
  en: enAll,
  fr: { ...fr, ...checkoutFr, ...accountFr, ...authFr },
};

/** The catalogue pairs checked by the i18n test: [name, English, French]. */
export const CATALOGUE_PAIRS: ReadonlyArray<readonly [string, Record<string, string>, Record<string, string>]> = [
  ['shell', en, fr],
  ['checkout', checkoutEn, checkoutFr],
  ['account', accountEn, accountFr],
  ['auth', authEn, authFr],
];
