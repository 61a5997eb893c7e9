/**
 * Message formatting outside React (loaders, actions, tests): `t(id, values)` with the same ICU
 * catalogues as the components (react-intl).
 */
import { createIntl, createIntlCache } from 'react-intl';
import type { Lang } from '@store/domain';
import { messages } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/index.ts';

/** Formats one message; values fill ICU placeholders. */
export type Translate = (id: MessageKey, values?: Record<string, string | number>) => string;

const cache = createIntlCache();

/** A translator for a language (`fr` uses the fr-CA locale). */
export function createTranslator(lang: Lang): Translate {
  const intl = createIntl({ locale: lang === 'fr' ? 'fr-CA' : 'en', messages: messages[lang] }, cache);
  return (id, values) => intl.formatMessage({ id }, values);
}
