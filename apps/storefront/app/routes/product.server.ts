/**
 * Product and bundle page data (spec §2, §3): the FULL product, the canonical redirect (301 for a
 * wrong slug, 302 from a variant code to its base product, keeping the variant in the fragment),
 * the discontinued redirect (302), and the server-side variant choice (`?variant=`, else the
 * default variant; the fragment is read in the browser).
 */
import { canonicalProductRedirect, parseLoyaltySettings, podIdCodeOfPath, SITES } from '@store/domain';
import { createLandingClient } from '@store/contracts';
import { accountPaths } from '../components/account/account-paths.ts';
import type { DiscountMessage, ProductCard, ProductFull, RecommendationReasonView } from '@store/contracts';
import type { PdpFreeShipping } from '../components/promotions/FreeShippingProgress.tsx';
import { parseComponent } from '../components/cms/cms-data.ts';
import { redirect } from 'react-router';
import type { Params } from 'react-router';
import { getRequestContext } from '../lib/context.server.ts';
import { recommendationCalls } from '../lib/recs.server.ts';
import type { ContextArgs, RequestContext } from '../lib/context.server.ts';
import { notFound, rethrowLookupError } from '../lib/errors.server.ts';
import type { PageMeta } from '../lib/meta.ts';
import { adOffersOf, loadAdSettings, loadCampaignOffer } from '../lib/auto-delivery.server.ts';
import { loadFrequentlyBoughtTogether, loadOosAlternatives } from '../lib/fbt.server.ts';

/** The product code of a product URL: `:code`, or the last segment of `/pdp/...`. */
export function productCodeFromParams(params: Params): string | null {
  if (params.code) return params.code;
  const splat = params['*'];
  if (!splat) return null;
  const parts = splat.split('/').filter(Boolean);
  const last = parts[parts.length - 1];
  return last ?? null;
}

/** The variant shown first: `?variant=` when it is one of the product's, else the default variant. */
export function initialVariantCode(product: ProductFull, requested: string | null): string {
  if (requested && product.variantOptions.some((v) => v.code === requested)) return requested;
  const def = product.variantOptions.find((v) => v.defaultVariant) ?? product.variantOptions.find((v) => v.code === product.defaultVariantCode);
  return def?.code ?? product.variantOptions[0]?.code ?? product.defaultVariantCode;
}

/** Loads the page or throws the redirect / 404. */
export async function loadProductPage(args: ContextArgs & { params: Params }) {
  const ctx = getRequestContext(args);
  const code = productCodeFromParams(args.params);
  if (!code || code.length > 64) notFound();
  // issue 13 (spec §2, ADR 0035): `/pod-id/{code}` answers the product with its pod-id variant
  // selected, at that URL (no canonical redirect; the canonical link is the product URL)
  const podId = podIdCodeOfPath(ctx.url.pathname) !== null;
  let product: ProductFull;
  try {
    product = podId
      ? await createLandingClient(ctx.anonymousCore).getPodIdProduct(ctx.site, code, { lang: ctx.lang })
      : await ctx.api.getProduct(ctx.site, code, { lang: ctx.lang });
  } catch (error) {
    rethrowLookupError(error, ctx.paths.discontinued);
  }
  if (product.discontinued) throw redirect(ctx.paths.discontinued, 302);

  const canonical = podId ? null : canonicalProductRedirect({
    pathname: ctx.url.pathname,
    search: ctx.url.search,
    canonicalPath: product.url,
    requestedCode: code,
    baseProductCode: product.code,
  });
  if (canonical) {
    const selected = product.baseOptions.selected ?? product.variantOptions.find((v) => v.code === code) ?? null;
    const fragment = canonical.status === 302 && selected?.variantUrlSuffix ? `#${selected.variantUrlSuffix}` : '';
    throw redirect(`${canonical.location}${fragment}`, canonical.status);
  }

  const selectedCode = initialVariantCode(product, ctx.url.searchParams.get('variant') ?? (podId ? (product.baseOptions.selected?.code ?? null) : null));
  const meta: PageMeta = {
    title: ctx.t('meta.title', { title: product.name, brand: SITES[ctx.site].name }),
    description: product.summary || undefined,
    canonical: product.url,
    alternates: product.alternateUrls,
    origin: ctx.url.origin,
  };
  // issue 10: the auto-delivery offers of the variants and a brewer campaign (never break the page)
  const adSettings = await loadAdSettings(ctx);
  const campaignError = ctx.url.searchParams.get('campaignError');
  return {
    product,
    selectedCode,
    meta,
    crossSell: loadCrossSell(ctx, product.code),
    promo: loadPdpPromo(ctx),
    adOffers: adOffersOf(product, adSettings),
    initialAd: ctx.url.searchParams.get('purchase') === 'ad',
    campaign: await loadCampaignOffer(ctx, product, adSettings),
    campaignError: campaignError ? campaignError.slice(0, 40) : null,
    // issue 13 (ADR 0032): deferred, never reject
    // `?fbt=all` (the no-JavaScript link of the block's placeholder): awaited, so the block is in the HTML
    fbt: ctx.url.searchParams.get('fbt') === 'all' ? await loadFrequentlyBoughtTogether(ctx, product) : loadFrequentlyBoughtTogether(ctx, product),
    // `?oos=all` (the no-JavaScript link of the "Try these instead" placeholder): awaited the same way
    alternatives: ctx.url.searchParams.get('oos') === 'all' ? await loadOosAlternatives(ctx, product, selectedCode) : loadOosAlternatives(ctx, product, selectedCode),
    fbtError: ctx.url.searchParams.get('fbtError')?.slice(0, 40) ?? null,
  };
}

/** Issue 4 data of the buy box: free-shipping progress from the shopper's cart, spec §6 message. */
export interface PdpPromo {
  /** from the open cart with lines; null without one (the page then shows the whole threshold) */
  freeShipping: Extract<PdpFreeShipping, { kind: 'cart' }> | null;
  /** the spec §6 discount message, or null when the API has none */
  discountMessage: DiscountMessage | null;
  /** issue 12 (ADR 0028): Brewhaus Perks rates of the site (from `cms/siteConfig`), null when Perks is off or unknown */
  loyalty: PdpLoyalty | null;
}

/** Issue 12: what the product page needs of Perks: the earning rates and the join page. */
export interface PdpLoyalty {
  pointsPerUnit: number;
  adPointsPerUnit: number;
  /** the Perks page (join form; signs the visitor in first) */
  joinHref: string;
}

/** The site's Perks rates for the product page's points preview and join link (never rejects). */
export function loadPdpLoyalty(ctx: RequestContext): Promise<PdpLoyalty | null> {
  return ctx.api
    .getSiteConfig(ctx.site, { lang: ctx.lang })
    .then((config) => {
      const s = parseLoyaltySettings(ctx.site, Object.fromEntries(config.siteConfigurations.map((c) => [c.key, c.value])));
      return s.enabled ? { pointsPerUnit: s.pointsPerUnit, adPointsPerUnit: s.adPointsPerUnit, joinHref: accountPaths(ctx.lang).perks } : null;
    })
    .catch(() => null);
}

/**
 * The shopper's cart (free-shipping progress) and the discount message. Deferred: never rejects,
 * each part answers null when anything fails, so the product page can never break because of it.
 */
export function loadPdpPromo(ctx: RequestContext): Promise<PdpPromo> {
  const opts = { lang: ctx.lang };
  const freeShipping: Promise<PdpPromo['freeShipping']> = ctx.cart.guid
    ? ctx.commerce
        .getCart(ctx.site, ctx.cart.guid, opts)
        .then((c) =>
          c.status === 'open' && c.entries.length > 0
            ? { kind: 'cart' as const, away: c.amountAwayFromFreeShipping, threshold: c.freeShippingThreshold, qualifies: c.qualifiesForFreeShipping }
            : null,
        )
        .catch(() => null)
    : Promise.resolve(null);
  const discountMessage = ctx.commerce.getDiscountMessage(ctx.site, opts).catch(() => null);
  return Promise.all([freeShipping, discountMessage, loadPdpLoyalty(ctx)])
    .then(([f, d, l]) => ({ freeShipping: f, discountMessage: d, loyalty: l }))
    .catch(() => ({ freeShipping: null, discountMessage: null, loyalty: null }));
}

/** A "you may also like" list below the product (issue 13: capped, with reasons). */
export interface CrossSell {
  title: string;
  products: ProductCard[];
  /** one per product: why it is recommended ("Fits your Solo"; ADR 0033) */
  reasons: RecommendationReasonView[];
}

/**
 * The cross-sell carousel below the product: the title of the ProductPage template's CMS carousel
 * (slot CrossSell; the i18n title without one), the products from the recommendation call
 * (issue 13, spec §5/§9: at most 4 beverages; for a signed-in customer who bought a brewer, only
 * pods that fit it). Deferred: never rejects (null when the call fails or nothing is left).
 */
export function loadCrossSell(ctx: RequestContext, code: string): Promise<CrossSell | null> {
  const title = ctx.api
    .getCmsPage(ctx.site, { pageType: 'ProductPage', code, lang: ctx.lang })
    .then((page) => {
      for (const slot of page.contentSlots.contentSlot) {
        for (const c of slot.components.component) {
          const known = parseComponent(c);
          if (known?.typeCode === 'ProductCarouselComponent') return known.title;
        }
      }
      return null;
    })
    .catch(() => null);
  const recs = recommendationCalls(ctx).getRecommendationCarousel(ctx.site, { componentId: 'PdpBeverageRecommendations', baseProductCode: code, lang: ctx.lang });
  return Promise.all([title, recs])
    .then(([t, r]) => (r.products.length > 0 ? { title: t ?? ctx.t('recs.pdpTitle'), products: r.products, reasons: r.reasons } : null))
    .catch(() => null);
}

