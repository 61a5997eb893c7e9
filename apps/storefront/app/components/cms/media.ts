/**
 * Media URLs of CMS components, apart from cms-data.ts so client components can use them
 * without loading the zod schemas there (those run on the server only; ADR 0011).
 */

/** The image of a product code (the API's generated SVG). */
export function mediaUrl(code: string): string {
  return `/medias/${encodeURIComponent(code)}.svg`;
}
