/**
 * The page's `<html>` element, rendered by React on the server and owned by the document in the
 * browser (ADR 0036).
 *
 * The browser build runs Preact (`preact/compat`), which hydrates `document` as its
 * `documentElement` (preact issues 3794, 5118): a tree whose root is `<html>` would be mounted as a
 * second `<html>` inside the first. So the client tree starts at `<head>` and `<body>`, and the
 * `<html>` attributes the server rendered are kept in step after navigations by a layout effect.
 * The server build (React DOM's streaming renderer) renders the element itself. Which of the two
 * is chosen at build time (`import.meta.env.SSR`), so neither build carries the other.
 */
import { useLayoutEffect } from 'react';
import type { ReactNode } from 'react';

/** Attributes of `<html>`: `undefined` leaves the attribute out. */
export type HtmlAttributes = Readonly<Record<'lang' | 'dir' | 'data-site' | 'data-unavailable', string | undefined>>;

interface DocumentElementProps {
  attributes: HtmlAttributes;
  children: ReactNode;
}

function ServerDocumentElement({ attributes, children }: DocumentElementProps) {
  return <html {...attributes}>{children}</html>;
}

function ClientDocumentElement({ attributes, children }: DocumentElementProps) {
  const key = JSON.stringify(attributes);
  useLayoutEffect(() => {
    const html = document.documentElement;
    for (const [name, value] of Object.entries(attributes)) {
      if (value === undefined) html.removeAttribute(name);
      else if (html.getAttribute(name) !== value) html.setAttribute(name, value);
    }
    // the attributes' values, not the object's identity
  }, [key]);
  return <>{children}</>;
}

/** `<html {...attributes}>{children}</html>` on the server; the children alone in the browser. */
export const DocumentElement = import.meta.env.SSR ? ServerDocumentElement : ClientDocumentElement;
