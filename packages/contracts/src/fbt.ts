/**
 * Frequently bought together, bundles and out-of-stock alternatives (issue 13; ADR 0032; spec §3
 * Multi-add payload, §7 "Other" cart calls bundleAddToCart and frequentlyBoughtTogetherAddToCart,
 * §7 getProductOOSRecommendation, §5/§9 recommendation caps): request and answer schemas and the
 * typed calls.
 *
 * - `POST /{site}/users/{anonymous|current}/frequentlyBoughtTogetherAddToCart`
 *   {cartGuid?, productCodes[1..6], lang?, csAgentId?} → {@link FbtAddToCartResponse}: one unit of
 *   each code, ONE transaction, all or nothing. 400 `ValidationError` naming `productCodes` (empty,
 *   more than {@link FBT_ADD_MAX}) or `productCodes[i]` (a repeated code, reason `duplicate`);
 *   404 `UnknownIdentifierError` naming `productCodes[i]`; 409 `InsufficientStockError` naming
 *   `productCodes[i]`: nothing is added.
 * - `POST /{site}/users/{anonymous|current}/bundleAddToCart` {cartGuid?, bundleCode, qty?, lang?,
 *   csAgentId?} → {@link BundleAddToCartResponse}: the bundle line at the bundle price, after every
 *   component was checked in the same transaction. 404 unknown code / `notABundle`; 409
 *   `InsufficientStockError` naming `components[i]` (a sold-out component) or `qty` (the bundle).
 * - `GET /{site}/getProductOOSRecommendation?productCode&lang` → {@link OosRecommendation}: in-stock
 *   alternatives (brewers up to 5, others up to 4). 400 missing or bad `productCode`; 404 unknown.
 */
import { z } from 'zod';
import { FBT_ADD_MAX } from '@store/domain';
import { LangSchema, ProductCardSchema, type Lang } from './catalog.ts';
import type { ApiCore } from './client.ts';
import { codeInput, quantityInput } from './input.ts';

/** Body of frequentlyBoughtTogetherAddToCart (spec §3 Multi-add payload). */
export const FbtAddToCartRequestSchema = z.object({
  cartGuid: codeInput().optional(),
  productCodes: z.array(codeInput().min(1)).min(1).max(FBT_ADD_MAX),
  lang: LangSchema.optional(),
  csAgentId: codeInput().optional(),
});
export type FbtAddToCartRequest = z.input<typeof FbtAddToCartRequestSchema>;
export type FbtAddToCartInput = z.output<typeof FbtAddToCartRequestSchema>;

/** Answer of frequentlyBoughtTogetherAddToCart: reads ResponseMessage and cartQuantity (spec §7). */
export const FbtAddToCartResponseSchema = z.object({
  cartGuid: z.string(),
  cartQuantity: z.number().int().nonnegative(),
  /** e.g. "3 items added to your cart" (the shopper's language) */
  ResponseMessage: z.string(),
  /** the variant codes added, in request order */
  added: z.array(z.string()),
});
export type FbtAddToCartResponse = z.infer<typeof FbtAddToCartResponseSchema>;

/** Body of bundleAddToCart. */
export const BundleAddToCartRequestSchema = z.object({
  cartGuid: codeInput().optional(),
  bundleCode: codeInput().min(1),
  qty: quantityInput(1).optional(),
  lang: LangSchema.optional(),
  csAgentId: codeInput().optional(),
});
export type BundleAddToCartRequest = z.input<typeof BundleAddToCartRequestSchema>;
export type BundleAddToCartInput = z.output<typeof BundleAddToCartRequestSchema>;

/** Answer of bundleAddToCart: the cart, and the components the bundle line holds. */
export const BundleAddToCartResponseSchema = z.object({
  cartGuid: z.string(),
  cartQuantity: z.number().int().nonnegative(),
  SuccessMessage: z.string(),
  statusCode: z.literal('success'),
  bundleCode: z.string(),
  /** the bundle's name in the answer's language */
  name: z.string(),
  /** the components checked and delivered with the bundle line (variant code, units per bundle line) */
  components: z.array(z.object({ productCode: z.string(), name: z.string(), qty: z.number().int().positive() })),
});
export type BundleAddToCartResponse = z.infer<typeof BundleAddToCartResponseSchema>;

/** Query of getProductOOSRecommendation. */
export const OosRecommendationQuerySchema = z.object({ productCode: codeInput().min(1), lang: LangSchema.optional() });

/** Answer of getProductOOSRecommendation. */
export const OosRecommendationSchema = z.object({
  productCode: z.string(),
  /** the base product */
  baseProduct: z.string(),
  /** true when the code (a variant: that variant; a base product: every variant) has no stock */
  soldOut: z.boolean(),
  /** in-stock alternatives, best first (brewers up to 5, others up to 4) */
  products: z.array(ProductCardSchema),
});
export type OosRecommendation = z.infer<typeof OosRecommendationSchema>;

/** The typed calls. */
export interface FbtCalls {
  /** POST /{site}/users/{user}/frequentlyBoughtTogetherAddToCart */
  frequentlyBoughtTogetherAddToCart(site: string, body: FbtAddToCartRequest): Promise<FbtAddToCartResponse>;
  /** POST /{site}/users/{user}/bundleAddToCart */
  bundleAddToCart(site: string, body: BundleAddToCartRequest): Promise<BundleAddToCartResponse>;
  /** GET /{site}/getProductOOSRecommendation?productCode&lang */
  getProductOOSRecommendation(site: string, productCode: string, opts?: { lang?: Lang }): Promise<OosRecommendation>;
}

/**
 * Builds the calls on a core: `user: 'anonymous'` (the machine token) or `'current'` (a core
 * sending the customer's token). The OOS call needs no token.
 */
export function createFbtClient(core: ApiCore, options: { user?: 'anonymous' | 'current' } = {}): FbtCalls {
  const enc = encodeURIComponent;
  const user = options.user ?? 'anonymous';
  return {
    frequentlyBoughtTogetherAddToCart: (site, body) =>
      core.request('POST', `/${enc(site)}/users/${user}/frequentlyBoughtTogetherAddToCart`, { body, schema: FbtAddToCartResponseSchema }),
    bundleAddToCart: (site, body) => core.request('POST', `/${enc(site)}/users/${user}/bundleAddToCart`, { body, schema: BundleAddToCartResponseSchema }),
    getProductOOSRecommendation: (site, productCode, opts = {}) =>
      core.request('GET', `/${enc(site)}/getProductOOSRecommendation`, { auth: false, query: { productCode, lang: opts.lang }, schema: OosRecommendationSchema }),
  };
}
