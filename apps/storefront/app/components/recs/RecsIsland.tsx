/**
 * Deferred recommendation islands (issue 13; ADR 0033): "Recently viewed" and the home carousel
 * of the shopper's segment. Pages shared by the page cache (ADR 0019) render without them; once
 * loaded, the browser asks `GET /api/recommendations` (never cached) and the island appears. A
 * failing call, or no JavaScript, leaves the page as it was.
 */
import { useEffect, useId, useState } from 'react';
import type { RecommendationReasonView } from '@store/contracts';
import type { RecsIslandAnswer } from '../../routes/api-recommendations.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { ProductCard } from '../product/ProductCard.tsx';

/** The reason line of a recommended product ("Fits your Solo"), or null. */
export function ReasonNote({ reason }: { reason: RecommendationReasonView | undefined }) {
  const t = useT();
  if (!reason || reason.kind !== 'fits' || !reason.brewerName) return null;
  return <p className="recs-reason">{t(reason.owned ? 'recs.reason.fitsYours' : 'recs.reason.fitsThis', { brewer: reason.brewerName })}</p>;
}

/** A titled carousel of cards with their reasons. */
export function RecsCarousel({
  title,
  data,
  className,
  experiment,
}: {
  title: string;
  data: NonNullable<RecsIslandAnswer> | { products: NonNullable<RecsIslandAnswer>['products']; reasons: RecommendationReasonView[] };
  className: string;
  experiment?: string;
}) {
  const id = useId();
  const reasonOf = new Map(data.reasons.map((r) => [r.code, r]));
  return (
    <section className={`recs carousel ${className}`} aria-labelledby={id} {...(experiment ? { 'data-experiment': experiment } : {})}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <ul className="carousel-track">
        {data.products.map((p) => (
          <li key={p.code} className="carousel-item">
            <ReasonNote reason={reasonOf.get(p.code)} />
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The island: `component="recent"` (with `viewed`: records the PDP view and leaves that product
 * out) or `component="home"` (segment carousel, `data-experiment` = the experiment variant).
 */
export function RecsIsland({ component, viewed }: { component: 'recent' | 'home'; viewed?: string }) {
  const { lang } = useShell();
  const t = useT();
  const [data, setData] = useState<RecsIslandAnswer>(null);
  useEffect(() => {
    let live = true;
    const params = new URLSearchParams({ component });
    if (viewed) params.set('viewed', viewed);
    fetch(`${lang === 'fr' ? '/fr' : ''}/api/recommendations?${params.toString()}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<RecsIslandAnswer>) : null))
      .then((answer) => {
        if (live && answer && Array.isArray(answer.products) && answer.products.length > 0) setData(answer);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [component, viewed, lang]);
  if (!data) return null;
  if (component === 'recent') return <RecsCarousel title={t('recs.recentTitle')} data={data} className="recs-recent" />;
  return <RecsCarousel title={t(`recs.home.${data.variant}`)} data={data} className="recs-home" experiment={data.variant} />;
}
