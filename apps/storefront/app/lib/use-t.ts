/**
 * `useT()`: the component-side `t(id, values)` over react-intl, typed by the message ids.
 */
import { useIntl } from 'react-intl';
import { createElement, Fragment } from 'react';
import type { ReactNode } from 'react';
import type { MessageKey } from '../i18n/index.ts';

/** Formats a message to a string. */
export type TFn = (id: MessageKey, values?: Record<string, string | number>) => string;
/** Formats a message that may contain rich-text tags (`<home>…</home>`) to React nodes. */
export type RichFn = (id: MessageKey, values: Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>) => ReactNode;

/** The message formatter of the current language. */
export function useT(): TFn {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}

/** The rich-text message formatter of the current language. */
export function useRichT(): RichFn {
  const intl = useIntl();
  return (id, values) => {
    const out = intl.formatMessage({ id }, values as Record<string, ReactNode>) as ReactNode;
    // spread the parts as children so React needs no keys
    return Array.isArray(out) ? createElement(Fragment, null, ...(out as ReactNode[])) : out;
  };
}
