/**
 * One react-intl `IntlShape` per catalogue object and locale, built on first use and reused:
 * `createIntl` (and `<IntlProvider>`, which calls it on every render) sets up formatters and
 * memo caches, a measurable cost when done for every server render (ADR 0011). Client-safe: it
 * imports no catalogue; callers pass the one they have (the root loader's, or the server's).
 *
 * Keyed weakly by the catalogue object: the server passes the same module-level catalogue on
 * every request; in the browser a new catalogue arrives only when the root loader runs again
 * (a change of language), and the old shape goes with it.
 */
import { createIntl, createIntlCache } from 'react-intl';
import type { IntlShape, MessageFormatElement } from 'react-intl';

/** What `createIntl` reports (missing messages, bad ICU syntax, formatting failures). */
export type IntlErrorHandler = NonNullable<Parameters<typeof createIntl>[0]['onError']>;

const formatterCache = createIntlCache();

/**
 * Whether the catalogue of `intl` has a message `id` (ids built at run time, such as
 * `color.<suffix>`). Test presence, never `typeof === 'string'`: in the browser the messages are
 * precompiled ASTs (arrays), on the server strings (ADR 0023).
 */
export function hasMessage(intl: Pick<IntlShape, 'messages'>, id: string): boolean {
  return Object.prototype.hasOwnProperty.call(intl.messages, id);
}
const NO_HANDLER = (): void => {};
const shapes = new WeakMap<object, Map<string, Map<IntlErrorHandler, IntlShape>>>();

/**
 * The `IntlShape` of `messages` in `locale` with `onError` (react-intl's default handler when
 * absent). Pass a module-level `onError`: a new function per call defeats the cache. `messages`
 * are ICU strings (server, tests) or their precompiled ASTs (the browser, ADR 0023).
 */
export function intlFor(locale: string, messages: Record<string, string> | Record<string, MessageFormatElement[]>, onError?: IntlErrorHandler): IntlShape {
  let byLocale = shapes.get(messages);
  if (!byLocale) {
    byLocale = new Map();
    shapes.set(messages, byLocale);
  }
  let byHandler = byLocale.get(locale);
  if (!byHandler) {
    byHandler = new Map();
    byLocale.set(locale, byHandler);
  }
  const key = onError ?? NO_HANDLER;
  let intl = byHandler.get(key);
  if (!intl) {
    intl = createIntl({ locale, messages, ...(onError ? { onError } : {}) }, formatterCache);
    byHandler.set(key, intl);
  }
  return intl;
}
