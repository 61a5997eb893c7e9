/**
 * The `headers` export of form routes whose action can answer 429: the action's `Retry-After`
 * (the API's real window, issue 9 item 1) reaches the browser with the page. React Router only
 * sends action headers with a document when the route says so.
 */

/** Keeps the action's `Retry-After` on the document answer. */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  const value = actionHeaders.get('Retry-After');
  if (value) headers.set('Retry-After', value);
  return headers;
}
