// @vitest-environment happy-dom
/**
 * ADR 0036: React DOM renders the page, Preact hydrates it. A `<Suspense>` boundary whose data is
 * not there yet at hydration keeps the server's nodes once React's markers are Preact's
 * (`markSuspenseRanges`), and the elements after it keep their own; the resource hints React
 * hoists into `<head>` go before hydrating (`dropServerResourceHints`).
 */
import { describe, expect, it } from 'vitest';
import { createElement as reactElement, Suspense as ReactSuspense } from 'react';
import { renderToString } from 'react-dom/server';
import { Fragment, h, hydrate } from 'preact';
import { Suspense } from 'preact/compat';
import { act } from 'preact/test-utils';
import { dropServerResourceHints, markSuspenseRanges } from '../app/lib/react-html-for-preact.ts';

/** React's HTML: a boundary of two paragraphs (resolved on the server) and a paragraph after it. */
function serverHtml(): string {
  return renderToString(
    reactElement('div', null, reactElement(ReactSuspense, { fallback: null }, reactElement('p', { className: 'discount' }, 'Save 25%'), reactElement('p', { className: 'preview' }, 'Earn 179 points')), reactElement('p', { className: 'description' }, 'A dark roast')),
  );
}

let release: () => void = () => undefined;
let ready = false;
const pending = new Promise<void>((resolve) => {
  release = () => {
    ready = true;
    resolve();
  };
});

function Preview() {
  if (!ready) throw pending;
  return h(Fragment, null, h('p', { className: 'discount' }, 'Save 25%'), h('p', { className: 'preview' }, 'Earn 179 points'));
}

const tree = () => h('div', null, h(Suspense, { fallback: null }, h(Preview, null)), h('p', { className: 'description' }, 'A dark roast'));

describe('React HTML hydrated by Preact', () => {
  it('React renders the markers this module renames', () => {
    expect(serverHtml()).toContain('<!--$--><p class="discount">Save 25%</p><p class="preview">Earn 179 points</p><!--/$-->');
  });

  it('a boundary still waiting for its data keeps its nodes, and the next element keeps its own', async () => {
    const root = document.createElement('div');
    root.innerHTML = serverHtml();
    document.body.append(root);
    markSuspenseRanges(root);
    hydrate(tree(), root);
    const description = root.querySelector('p.description');
    expect(description?.textContent).toBe('A dark roast');
    expect(root.querySelectorAll('p.preview')).toHaveLength(1);
    await act(async () => {
      release();
      await pending;
    });
    expect(root.querySelectorAll('p.preview')).toHaveLength(1);
    expect(root.querySelectorAll('p.discount')).toHaveLength(1);
    expect(root.querySelector('p.preview')?.textContent).toBe('Earn 179 points');
    expect(root.querySelector('p.description')).toBe(description);
    expect(root.querySelector('p.description')?.textContent).toBe('A dark roast');
  });

  it('drops the preload and modulepreload hints from <head>, and only those', () => {
    const head = document.createElement('head');
    head.innerHTML = '<link rel="preload" as="image" href="/a.svg"><link rel="canonical" href="/p"><link rel="modulepreload" href="/x.js"><link rel="icon" href="/favicon.svg">';
    dropServerResourceHints(head);
    expect([...head.querySelectorAll('link')].map((l) => l.getAttribute('rel'))).toEqual(['canonical', 'icon']);
  });
});
