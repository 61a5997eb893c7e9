// @vitest-environment happy-dom
/**
 * ADR 0036: Preact hydrates HTML that React rendered; their `useId` values differ, and the hook of
 * lib/hydrated-ids.ts makes the hydrated document use the client's ids throughout, so a label
 * kept from the server and a field re-created on the client still belong together.
 */
import { describe, expect, it } from 'vitest';
import { h, hydrate } from 'preact';
import { useId, useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { installHydratedIds, syncIdAttributes } from '../app/lib/hydrated-ids.ts';

let remount: (() => void) | undefined;

function Quantity() {
  const id = useId();
  const [serial, setSerial] = useState(0);
  remount = () => setSerial((s) => s + 1);
  return h('div', null, h('label', { htmlFor: `${id}-qty` }, 'Quantity'), h('input', { key: serial, id: `${id}-qty`, 'aria-describedby': `${id}-hint` }), h('p', { id: `${id}-hint` }, 'Up to 99'));
}

describe('hydrated ids', () => {
  it('syncIdAttributes writes only the id attributes that differ', () => {
    const el = document.createElement('input');
    el.setAttribute('id', 'server-1');
    el.setAttribute('name', 'qty');
    syncIdAttributes(el, { id: 'client-1', name: 'other', htmlFor: undefined, 'aria-describedby': 'client-2' });
    expect(el.getAttribute('id')).toBe('client-1');
    expect(el.getAttribute('aria-describedby')).toBe('client-2');
    expect(el.getAttribute('name')).toBe('qty');
  });

  it("a label kept from React's HTML still names its field after the field is re-created", () => {
    installHydratedIds();
    const root = document.createElement('div');
    // what React DOM's renderer writes for the same component
    root.innerHTML = '<div><label for="_R_1_-qty">Quantity</label><input id="_R_1_-qty" aria-describedby="_R_1_-hint"><p id="_R_1_-hint">Up to 99</p></div>';
    document.body.append(root);
    hydrate(h(Quantity, null), root);
    const label = root.querySelector('label') as HTMLLabelElement;
    const hint = root.querySelector('p') as HTMLElement;
    expect(label.getAttribute('for')).not.toBe('_R_1_-qty');
    expect(root.querySelector('input')?.id).toBe(label.getAttribute('for'));
    act(() => remount?.());
    const input = root.querySelector('input') as HTMLInputElement;
    expect(input.id).toBe(label.getAttribute('for'));
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
  });
});
