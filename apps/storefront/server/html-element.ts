/** Reading React DOM's server markup by hand (ADR 0040: composing pages). */

/**
 * The end (exclusive) of the `<div>` element starting at index `start` of `html` (nested `<div>`s
 * counted; React's markup, no `<div>` inside comments or attributes), or -1 when it is not closed.
 */
export function elementEnd(html: string, start: number): number {
  const tag = /<div\b|<\/div>/g;
  tag.lastIndex = start;
  let depth = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    depth += m[0] === '</div>' ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return -1;
}
