/**
 * Message formatting outside React (loaders, actions, tests): `t(id, values)` with the same ICU
 * catalogues as the components (react-intl).
 */
import type { Lang } from '@store/domain';
import { messages } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/index.ts';
import type { IntlShape } from 'react-intl';
import { intlFor } from './intl-shape.ts';

/** Formats one message; values fill ICU placeholders. */
export type Translate = (id: MessageKey, values?: Record<string, string | number>) => string;

/**
 * A translator for a language (`fr` uses the fr-CA locale). Cheap: the react-intl shape of each
 * language is built once per process and shared (intl-shape.ts).
 */
export function createTranslator(lang: Lang): Translate {
  const intl = intlOf(lang);
  return (id, values) => intl.formatMessage({ id }, values);
}

/** The react-intl shape of a language outside React (`fr`: the fr-CA locale), shared per process. */
export function intlOf(lang: Lang): IntlShape {
  return intlFor(lang === 'fr' ? 'fr-CA' : 'en', messages[lang]);
}
