/**
 * Shapes of a starter-kit landing page as the storefront renders it (issue 13, ADR 0035). Types
 * only, so client code never pulls zod (ADR 0011); lib/landing.server.ts builds them.
 */
import type { ProductFull } from '@store/contracts';
import type { BannerData } from '../cms/cms-data.ts';
import type { PageMeta } from '../../lib/meta.ts';

/** One section of the page, in slot order. */
export type LandingBlock =
  | { kind: 'hero'; data: BannerData }
  | { kind: 'kit'; data: { uid: string; title: string; intro: string }; kit: ProductFull }
  | { kind: 'benefits'; data: { uid: string; title: string; items: Array<{ title: string; text: string }> } }
  | { kind: 'faq'; data: { uid: string; title: string; items: Array<{ question: string; answer: string }> } };

/** A landing page ready to render. */
export interface LandingView {
  slug: string;
  title: string;
  blocks: LandingBlock[];
  meta: PageMeta;
}
