/**
 * "Try these instead" on a sold-out product page (issue 13; ADR 0032; spec §7
 * getProductOOSRecommendation; caps 4 beverages, 5 brewers): in-stock alternatives as product
 * cards. Deferred: rendered when they arrive, nothing on failure or when none.
 */
import { Suspense } from 'react';
import { Await } from 'react-router';
import type { ProductCard as Card } from '@store/contracts';
import { SectionBoundary } from '../cms/CmsBlocks.tsx';
import { ProductCard } from '../product/ProductCard.tsx';
import { useT } from '../../lib/use-t.ts';

export function OosAlternatives({ alternatives }: { alternatives: Promise<Card[] | null> }) {
  const t = useT();
  return (
    <SectionBoundary>
      <Suspense fallback={null}>
        <Await resolve={alternatives} errorElement={null}>
          {(list) =>
            list && list.length > 0 ? (
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
            ) : null
          }
        </Await>
      </Suspense>
    </SectionBoundary>
  );
}
