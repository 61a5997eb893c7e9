// @vitest-environment happy-dom
/**
 * lib/early-input.ts: a choice made before hydration (scripts still loading) reaches the hydrated
 * components' state, as if the shopper had made it afterwards.
 */
import { describe, expect, it } from 'vitest';
import { createElement as h, hydrate, useState } from 'preact/compat';
import { act } from 'preact/test-utils';
import { captureEarlyInput, restoreEarlyInput } from '../app/lib/early-input.ts';

function Buy() {
  const [ad, setAd] = useState(false);
  const [weeks, setWeeks] = useState('4');
  const [note, setNote] = useState('');
  return h(
    'form',
    null,
    h('input', { type: 'radio', name: 'entryType', value: 'STD', defaultChecked: true, onChange: () => setAd(false) }),
    h('input', { type: 'radio', name: 'entryType', value: 'AD', onChange: () => setAd(true) }),
    h(
      'select',
      { name: 'frequencyWeeks', value: weeks, onChange: (e: Event) => setWeeks((e.target as HTMLSelectElement).value) },
      h('option', { value: '4' }, '4 weeks'),
      h('option', { value: '6' }, '6 weeks'),
    ),
    h('input', { name: 'note', value: note, onChange: (e: Event) => setNote((e.target as HTMLInputElement).value) }),
    h('input', { type: 'password', name: 'password', defaultValue: '' }),
    h('input', { type: 'hidden', name: 'productCode', value: 'X' }),
    h('output', null, `${ad ? 'AD' : 'STD'} every ${weeks} weeks; note "${note}"`),
  );
}

const SERVER_HTML =
  '<form><input type="radio" name="entryType" value="STD" checked=""/><input type="radio" name="entryType" value="AD"/>' +
  '<select name="frequencyWeeks"><option value="4" selected="">4 weeks</option><option value="6">6 weeks</option></select>' +
  '<input name="note" value=""/><input type="password" name="password" value=""/><input type="hidden" name="productCode" value="X"/>' +
  '<output>STD every 4 weeks; note ""</output></form>';

describe('input made before hydration', () => {
  it('is noted (only what changed, never a password or hidden field) and reaches the state once hydrated', async () => {
    const root = document.createElement('div');
    root.innerHTML = SERVER_HTML;
    document.body.append(root);
    // the shopper chooses while the scripts load
    root.querySelector<HTMLInputElement>('input[value="AD"]')!.checked = true;
    root.querySelector<HTMLSelectElement>('select')!.value = '6';
    root.querySelector<HTMLInputElement>('input[name="note"]')!.value = 'leave at the door';
    root.querySelector<HTMLInputElement>('input[name="password"]')!.value = 'secret';

    const early = captureEarlyInput(root);
    expect(early.map((e) => [e.element.getAttribute('name'), e.value])).toEqual([
      ['entryType', true],
      ['frequencyWeeks', '6'],
      ['note', 'leave at the door'],
    ]);

    await act(() => {
      hydrate(h(Buy, null), root);
    });
    await act(async () => {
      expect(await restoreEarlyInput(early)).toBe(3);
    });
    expect(root.querySelector('output')!.textContent).toBe('AD every 6 weeks; note "leave at the door"');
    expect(root.querySelector<HTMLSelectElement>('select')!.value).toBe('6');
    root.remove();
  });

  it('notes nothing on an untouched page, and skips controls no longer in the document', async () => {
    const root = document.createElement('div');
    root.innerHTML = SERVER_HTML;
    document.body.append(root);
    expect(captureEarlyInput(root)).toEqual([]);
    // a select without a selected attribute starts on its first option: untouched, not noted
    const sort = document.createElement('select');
    sort.innerHTML = '<option value="relevance">Relevance</option><option value="price-asc">Price</option>';
    root.append(sort);
    expect(captureEarlyInput(root)).toEqual([]);
    sort.value = 'price-asc';
    expect(captureEarlyInput(root).map((e) => e.value)).toEqual(['price-asc']);
    sort.remove();
    const select = root.querySelector<HTMLSelectElement>('select')!;
    select.value = '6';
    const early = captureEarlyInput(root);
    root.remove();
    expect(await restoreEarlyInput(early)).toBe(0);
  });
});
