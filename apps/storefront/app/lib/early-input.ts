/**
 * What a shopper types or chooses before the page has hydrated (scripts still loading on a slow
 * phone or network) must survive hydration. The browser keeps it in the DOM, but hydration hands
 * each component its server-side state: an auto-delivery choice made early left the frequency
 * select hidden, and a controlled select was reset to its default (ADR 0036 amendment).
 *
 * {@link captureEarlyInput} runs just before hydration and notes every form control whose state
 * differs from the server's markup (its `checked`, `value` and `selected` attributes, which is
 * what `defaultChecked`, `defaultValue` and `defaultSelected` reflect);
 * {@link restoreEarlyInput} runs once the page has hydrated, puts each value back and fires the
 * `input` and `change` events a real choice fires, so the components' handlers update their state
 * exactly as if the shopper had made the choice then. Hidden, file and password fields are never
 * noted (a password is never kept in a closure).
 */

/** One form control changed before hydration and its state then. */
export interface EarlyInput {
  element: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  /** `checked` for radios and checkboxes, `value` otherwise */
  kind: 'checked' | 'value';
  value: string | boolean;
}

const SKIPPED_TYPES = new Set(['hidden', 'file', 'password', 'submit', 'button', 'reset', 'image']);

/** The controls under `root` whose state differs from the server-rendered markup. */
export function captureEarlyInput(root: ParentNode): EarlyInput[] {
  const out: EarlyInput[] = [];
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')) {
    if (element instanceof HTMLInputElement) {
      if (SKIPPED_TYPES.has(element.type)) continue;
      if (element.type === 'radio' || element.type === 'checkbox') {
        // of a radio group only the newly chosen one: choosing it unchecks the others
        const changed = element.checked !== element.hasAttribute('checked') && (element.type === 'checkbox' || element.checked);
        if (changed) out.push({ element, kind: 'checked', value: element.checked });
      } else if (element.value !== (element.getAttribute('value') ?? '')) {
        out.push({ element, kind: 'value', value: element.value });
      }
    } else if (element instanceof HTMLSelectElement) {
      if (selectChanged(element)) out.push({ element, kind: 'value', value: element.value });
    } else if (element.value !== (element.textContent ?? '')) {
      out.push({ element, kind: 'value', value: element.value });
    }
  }
  return out;
}

/**
 * Has the shopper changed this select? `defaultSelected` is the `selected` attribute (read
 * directly: not every DOM implements the property); a single select with none starts on its first
 * enabled option.
 */
function selectChanged(select: HTMLSelectElement): boolean {
  const options = [...select.options];
  if (select.multiple) return options.some((o) => o.selected !== o.hasAttribute('selected'));
  const initial = options.findLast((o) => o.hasAttribute('selected')) ?? options.find((o) => !o.disabled);
  return initial !== undefined && select.value !== initial.value;
}

/**
 * The control of `input` in the document now: the noted element, or, when hydration replaced it
 * (a field hidden then shown again), the control of the same name (and value, for a radio) in the
 * same form; null when there is none.
 */
function currentControl(input: EarlyInput): EarlyInput['element'] | null {
  const { element } = input;
  if (element.isConnected) return element;
  const form = element.form;
  const scope: ParentNode | null = form ? (form.isConnected ? form : null) : document;
  if (!scope || !element.name) return null;
  for (const candidate of scope.querySelectorAll<EarlyInput['element']>(`[name="${CSS.escape(element.name)}"]`)) {
    if (candidate.tagName !== element.tagName) continue;
    if (element instanceof HTMLInputElement && element.type === 'radio' && candidate.value !== element.value) continue;
    return candidate;
  }
  return null;
}

/**
 * Puts the captured states back, in document order, and fires `input` and `change` on each
 * (bubbling, as the browser does), waiting a macrotask after each so the components re-render
 * (a choice may show the next field). Answers how many were put back.
 */
export async function restoreEarlyInput(inputs: readonly EarlyInput[]): Promise<number> {
  let restored = 0;
  for (const input of inputs) {
    const element = currentControl(input);
    if (!element || element.disabled) continue;
    if (input.kind === 'checked' && element instanceof HTMLInputElement) element.checked = input.value === true;
    else if (input.kind === 'value') element.value = String(input.value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
    restored++;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return restored;
}

/**
 * Runs `then` once the document is marked hydrated (`<html data-hydrated>`, set by the root's
 * effect) and the effects of that commit have run (one macrotask later).
 */
export function whenHydrated(then: () => void): void {
  const html = document.documentElement;
  const run = () => setTimeout(then, 0);
  if (html.dataset.hydrated) {
    run();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!html.dataset.hydrated) return;
    observer.disconnect();
    run();
  });
  observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
}
