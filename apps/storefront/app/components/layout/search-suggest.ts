/**
 * Search suggestions on the header search box (issue 13; ADR 0031): the ARIA 1.2 combobox
 * pattern (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/) in plain DOM code, loaded lazily
 * the first time the box gets focus, so no page pays for it up front (product-page JS budget,
 * ADR 0023). Without JavaScript the box is the plain GET search form.
 *
 * - typing: after 200 ms of quiet, `GET {endpoint}?term=` (2+ characters; the previous request
 *   is aborted); a listbox of products then categories, each a group; a polite live region says
 *   how many suggestions there are;
 * - ArrowDown / ArrowUp move the active option (`aria-activedescendant`, wrapping), Enter opens
 *   it (with no active option Enter submits the search as usual), Escape closes the list (a
 *   second Escape clears the box), Tab and leaving the box close it; a click opens an option.
 */

/** What the route answers (routes/search-suggest.ts `SuggestAnswer`). */
interface Answer {
  term: string;
  products: Array<{ name: string; url: string; price: string }>;
  categories: Array<{ name: string; url: string }>;
}

/** Texts in the page's language. */
export interface SuggestLabels {
  list: string;
  products: string;
  categories: string;
  count: (n: number) => string;
}

const DEBOUNCE_MS = 200;

/** Wires the combobox on `input` (idempotent). */
export function attachSuggest(input: HTMLInputElement, endpoint: string, labels: SuggestLabels): void {
  if (input.dataset.suggestAttached) return;
  input.dataset.suggestAttached = '1';
  const form = input.form;
  const listId = `${input.id}-listbox`;
  const list = document.createElement('div');
  list.id = listId;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', labels.list);
  list.className = 'suggest-list';
  list.hidden = true;
  const status = document.createElement('div');
  status.setAttribute('role', 'status');
  status.className = 'visually-hidden';
  (form ?? input.parentElement!).append(list, status);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;
  let options: HTMLElement[] = [];
  let active = -1;

  const setActive = (i: number) => {
    options.forEach((o, j) => o.setAttribute('aria-selected', j === i ? 'true' : 'false'));
    active = i;
    if (i >= 0 && options[i]) {
      input.setAttribute('aria-activedescendant', options[i].id);
      options[i].scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    setActive(-1);
  };
  const open = () => {
    if (options.length === 0) return;
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  };
  const go = (url: string) => {
    close();
    window.location.assign(url);
  };

  const render = (a: Answer) => {
    list.replaceChildren();
    options = [];
    const group = (label: string, items: Array<{ name: string; url: string; extra?: string }>) => {
      if (items.length === 0) return;
      const g = document.createElement('div');
      g.setAttribute('role', 'group');
      g.setAttribute('aria-label', label);
      g.dataset.label = label;
      g.className = 'suggest-group';
      for (const item of items) {
        const o = document.createElement('div');
        o.setAttribute('role', 'option');
        o.setAttribute('aria-selected', 'false');
        o.id = `${listId}-${options.length}`;
        o.className = 'suggest-option';
        o.dataset.url = item.url;
        const name = document.createElement('span');
        name.textContent = item.name;
        o.append(name);
        if (item.extra) {
          const extra = document.createElement('span');
          extra.className = 'suggest-extra';
          extra.textContent = item.extra;
          o.append(' ', extra);
        }
        o.addEventListener('mousedown', (e) => e.preventDefault());
        o.addEventListener('click', () => go(item.url));
        g.append(o);
        options.push(o);
      }
      list.append(g);
    };
    group(labels.products, a.products.map((p) => ({ name: p.name, url: p.url, extra: p.price })));
    group(labels.categories, a.categories);
    setActive(-1);
    status.textContent = labels.count(options.length);
    if (options.length > 0) open();
    else close();
  };

  const fetchNow = async (term: string) => {
    controller?.abort();
    controller = new AbortController();
    try {
      const res = await fetch(`${endpoint}?term=${encodeURIComponent(term)}`, { signal: controller.signal, headers: { accept: 'application/json' } });
      if (!res.ok) return;
      const answer = (await res.json()) as Answer;
      if (input.value.trim() === term) render(answer);
    } catch {
      // aborted or offline: the plain search still works
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    const term = input.value.trim();
    if (term.length < 2) {
      controller?.abort();
      options = [];
      list.replaceChildren();
      close();
      return;
    }
    timer = setTimeout(() => void fetchNow(term), DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (options.length === 0) return;
      e.preventDefault();
      if (list.hidden) open();
      const n = options.length;
      setActive(e.key === 'ArrowDown' ? (active + 1) % n : active <= 0 ? n - 1 : active - 1);
    } else if (e.key === 'Enter') {
      const url = active >= 0 ? options[active]?.dataset.url : undefined;
      if (!list.hidden && url) {
        e.preventDefault();
        go(url);
      }
    } else if (e.key === 'Escape') {
      if (!list.hidden) {
        e.preventDefault();
        close();
      } else if (input.value) {
        input.value = '';
      }
    } else if (e.key === 'Tab') {
      close();
    }
  });
  input.addEventListener('blur', () => close());
  input.addEventListener('focus', () => {
    if (options.length > 0 && input.value.trim().length >= 2) open();
  });
  // this module is loaded on the first focus: what was typed while it loaded (not the term the page
  // was rendered with) gets its suggestions
  if (input.value.trim().length >= 2 && input.value !== input.defaultValue) input.dispatchEvent(new Event('input'));
}
