/**
 * Preparing React DOM's server-rendered HTML for Preact's hydration (ADR 0036): the browser build
 * runs Preact, the server React. Both functions work on the live document before `hydrateRoot`.
 */

/**
 * React DOM's server renderer adds resource hints to `<head>` that are not in the component tree
 * (`<link rel="preload">` for a high-priority image, the `<link rel="modulepreload">` React Router's
 * `<Scripts>` renders in `<body>`). Preact matches server elements to the tree by tag name, first
 * come first served, and would pair a hint with the tree's canonical or icon `<link>`; the hints
 * have done their work once this script runs (the files are fetched), so they go before hydrating.
 */
export function dropServerResourceHints(head: ParentNode = document.head): void {
  for (const hint of head.querySelectorAll('link[rel="preload"], link[rel="modulepreload"]')) hint.remove();
}

/**
 * React DOM marks each server-rendered `<Suspense>` boundary with comments: `<!--$-->` (or `$?`,
 * `$!` while pending or failed) before its content and `<!--/$-->` after. Preact 11 hydrates a
 * boundary whose data is not there yet (an `<Await>` whose promise React Router has not resolved
 * at hydration time) by keeping the server's nodes between `<!--$s-->` and `<!--/$s-->`, its own
 * markers; without them it would hand those nodes to the elements after the boundary (a product
 * description hydrated into the points-preview paragraph). So React's markers are renamed to
 * Preact's before hydrating.
 */
export function markSuspenseRanges(root: Node): void {
  const walker = (root.ownerDocument ?? document).createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const comment = node as Comment;
    if (comment.data === '$' || comment.data === '$?' || comment.data === '$!') comment.data = '$s';
    else if (comment.data === '/$') comment.data = '/$s';
  }
}
