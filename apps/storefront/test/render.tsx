/** Test helper: server-render a component inside the intl provider and the shell context. */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { localeFor } from '@store/domain';
import type { BaseSiteId, Lang } from '@store/domain';
import { messages } from '../app/i18n/index.ts';
import { DEFAULT_SHELL, ShellContext } from '../app/lib/shell-data.ts';

export function renderWith(node: ReactNode, site: BaseSiteId = 'usb2c', lang: Lang = 'en'): string {
  const shell = { ...DEFAULT_SHELL, site, lang, locale: localeFor(site, lang), htmlLang: lang === 'fr' ? 'fr-CA' : 'en' };
  return renderToString(
    <IntlProvider locale={lang === 'fr' ? 'fr-CA' : 'en'} messages={messages[lang]}>
      <ShellContext.Provider value={shell}>{node}</ShellContext.Provider>
    </IntlProvider>,
  );
}

/** The visible text of server-rendered HTML (tags removed, entities decoded, spaces collapsed). */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/[ \t\n\r]+/g, ' ')
    .replace(/ ([.,!])/g, '$1')
    .trim();
}
