/**
 * Element ids that agree after Preact hydrates React's HTML (ADR 0036).
 *
 * The server renders with React DOM and the browser hydrates with Preact; their `useId` values
 * differ (React `_R_1h_`, Preact `P0-3`). Preact's hydration keeps every attribute the server wrote
 * and only diffs props on later renders, so without help a form would mix both: a `<label for>`
 * kept from the server and an `<input id>` re-created on the client (a remounted field), or an
 * `aria-describedby` rewritten after a submit that names the client id of an element that kept its
 * server id. This hook runs after Preact diffs each element and writes the attributes that refer to
 * element ids (`id`, `for`, `aria-describedby`, `aria-labelledby`, `aria-controls`, ...) from the
 * element's props when the DOM says otherwise, so after hydration the whole document uses the
 * client's ids. Outside hydration Preact has already written the same values; the check reads a
 * few attributes and writes none.
 */
import { options } from 'preact';
import type { VNode } from 'preact';

/** Props naming an element id, and the attribute each is written to. */
export const ID_ATTRIBUTES: Readonly<Record<string, string>> = {
  id: 'id',
  htmlFor: 'for',
  for: 'for',
  'aria-describedby': 'aria-describedby',
  'aria-labelledby': 'aria-labelledby',
  'aria-controls': 'aria-controls',
  'aria-owns': 'aria-owns',
  'aria-activedescendant': 'aria-activedescendant',
  'aria-errormessage': 'aria-errormessage',
  'aria-details': 'aria-details',
  list: 'list',
  form: 'form',
};

/** Preact's internal name of a vnode's DOM node (`_dom`, mangled to `__e` in its builds). */
type DiffedVNode = VNode<Record<string, unknown>> & { __e?: Node | null };

/**
 * Writes the id attributes of `element` from `props` where they differ (pure DOM work, exported
 * for the unit test). Attributes whose prop is absent or not a string are left alone.
 */
export function syncIdAttributes(element: Element, props: Readonly<Record<string, unknown>>): void {
  for (const prop in props) {
    const attribute = ID_ATTRIBUTES[prop];
    if (attribute === undefined) continue;
    const value = props[prop];
    if (typeof value === 'string' && element.getAttribute(attribute) !== value) element.setAttribute(attribute, value);
  }
}

let installed = false;

/** Installs the hook on Preact's `options.diffed` (once; chains the previous hook). */
export function installHydratedIds(): void {
  if (installed) return;
  installed = true;
  const previous = options.diffed;
  options.diffed = (vnode: VNode) => {
    const node = (vnode as DiffedVNode).__e;
    if (typeof vnode.type === 'string' && node && node.nodeType === 1) syncIdAttributes(node as Element, vnode.props as Record<string, unknown>);
    previous?.(vnode);
  };
}
