/**
 * "Try these instead" on a sold-out product page (issue 13; ADR 0032; spec §7
 * getProductOOSRecommendation; caps 4 beverages, 5 brewers): in-stock alternatives as product
 * cards. Deferred: rendered when they arrive, nothing on failure or when none. React reveals a
 * streamed section with a small inline script, so without JavaScript the placeholder stays: it
 * holds a `<noscript>` link to `?oos=all`, where the loader awaits the alternatives and the block
 * is part of the HTML (the same way as the "frequently bought together" block's `?fbt=all`).
 */
import { Suspense } from 'react';
import { Await } from 'react-router';
import type { ProductCard as Card } from '@store/contracts';
import { SectionBoundary } from '../cms/CmsBlocks.tsx';
import { NoScriptLink } from './NoScriptLink.tsx';
import { ProductCard } from '../product/ProductCard.tsx';
import { useT } from '../../lib/use-t.ts';

/** The block: `alternatives` deferred (a promise) or already awaited (`?oos=all`: an array or null). */
export function OosAlternatives({ alternatives }: { alternatives: Promise<Card[] | null> | Card[] | null }) {
  // already awaited (`?oos=all`): rendered in the HTML itself, no streamed section
  if (!(alternatives instanceof Promise)) {
    return <SectionBoundary>{alternatives && alternatives.length > 0 ? <OosList list={alternatives} /> : null}</SectionBoundary>;
  }
  return (
    <SectionBoundary>
      <Suspense fallback={<NoScriptLink param="oos" anchor="oos-title" label="fbt.oos.show" />}>
        <Await resolve={alternatives} errorElement={null}>
          {(list) => (list && list.length > 0 ? <OosList list={list} /> : null)}
        </Await>
      </Suspense>
    </SectionBoundary>
  );
}

function OosList({ list }: { list: Card[] }) {
  const t = useT();
  return (
    <section className="pdp-section oos-alternatives" aria-labelledby="oos-title">
      <h2 id="oos-title">{t('fbt.oos.title')}</h2>
      <p className="muted">{t('fbt.oos.intro')}</p>
      <ul className="oos-grid">
        {list.map((p) => (
          <li key={p.code}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
