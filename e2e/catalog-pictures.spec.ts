/**
 * What a shopper sees of the demo catalogue (issue 9 items 11 and 13), at 375 and 1280 px:
 * - "Coffee makers" lists only brewers and brewer kits, on usb2c in English and cab2c in French
 *   (it used to list the Tea Lover's Sampler and the Cozy Cocoa Gift Set);
 * - two brewer models show different pictures, choosing a colour swatch shows that colour, and a
 *   French product page's picture carries no (English) text.
 * The product kinds come from the demo catalogue the e2e store is seeded with.
 */
import type { Page } from '@playwright/test';
import { buildDemoCatalog, VARIANT_COLORS } from '../packages/db/src/seed/catalog.ts';
import { CA_ORIGIN, DEMO_CATEGORY_CODES, DEMO_CODES, expect, test, US_ORIGIN } from './fixtures.ts';

const catalog = buildDemoCatalog();
const byCode = new Map(catalog.products.map((p) => [p.code, p]));
const owner = new Map(catalog.products.flatMap((p) => p.variants.map((v) => [v.code, p] as const)));

/** A brewer, or a bundle with a brewer in it: what belongs under Coffee makers. */
function isBrewerOrBrewerKit(code: string): boolean {
  const p = byCode.get(code);
  if (!p) return false;
  if (p.productType === 'Brewer') return true;
  return p.productType === 'Bundle' && (p.bundle?.items ?? []).some((it) => owner.get(it.variantCode)?.productType === 'Brewer');
}

/** The SVG behind the product page's main picture. */
async function pdpPicture(page: Page): Promise<{ src: string; svg: string }> {
  const img = page.locator('img.pdp-image');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const src = (await img.getAttribute('src'))!;
  // fetched by the page itself: the request context cannot resolve ca.localhost
  const { status, svg } = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, svg: await res.text() };
  }, src);
  expect(status).toBe(200);
  return { src, svg };
}

/** The drawing without its colours: what is left is the shape. */
const geometry = (svg: string) => svg.replace(/#[0-9a-f]{6}\b/gi, '#000000');

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 812 : 900 } });

    test('Coffee makers lists only brewers and brewer kits, in English and in French', async ({ page }) => {
      for (const [origin, path] of [
        [US_ORIGIN, `/coffee-makers/c/${DEMO_CATEGORY_CODES.brewers}`],
        [CA_ORIGIN, `/fr/cafetieres/c/${DEMO_CATEGORY_CODES.brewers}`],
      ] as const) {
        const response = await page.goto(`${origin}${path}`);
        expect(response?.status()).toBe(200);
        const cards = page.locator('article.product-card');
        await expect(cards.first()).toBeVisible();
        const codes = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-product-code') ?? ''));
        expect(codes.length).toBeGreaterThan(5);
        expect(codes.filter((code) => !isBrewerOrBrewerKit(code)), `${origin}${path}`).toEqual([]);
        // the two bundles of the report are not there, under either name
        await expect(page.getByText(/Tea Lover|Cozy Cocoa|amateurs de thé|Coffret-cadeau chocolat/)).toHaveCount(0);
      }
    });

    test('two brewer models show different pictures, and a colour swatch shows its colour', async ({ page }) => {
      await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.brewer}`);
      const solo = await pdpPicture(page);
      await page.goto(`${US_ORIGIN}/p/BH-ELITE`);
      const elite = await pdpPicture(page);
      expect(geometry(elite.svg)).not.toBe(geometry(solo.svg));

      await page.goto(`${US_ORIGIN}/p/${DEMO_CODES.brewer}`);
      await page.locator('html[data-hydrated]').waitFor();
      const before = await pdpPicture(page);
      expect(before.svg).toContain(`fill="${VARIANT_COLORS['matte-black']!.hex}"`);
      const red = page.getByRole('radio', { name: 'Cherry Red', exact: true });
      await red.check();
      await expect(red).toBeChecked();
      await expect(page.locator('img.pdp-image')).not.toHaveAttribute('src', before.src);
      const after = await pdpPicture(page);
      expect(after.src).toContain(DEMO_CODES.brewerRedVariant);
      expect(after.svg).toContain(`fill="${VARIANT_COLORS['cherry-red']!.hex}"`);
      expect(after.svg).not.toBe(before.svg);
    });

    test('a French product page shows pictures with no text in them', async ({ page }) => {
      for (const code of [DEMO_CODES.brewer, DEMO_CODES.coffee]) {
        await page.goto(`${CA_ORIGIN}/fr/p/${code}`);
        await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
        const { svg } = await pdpPicture(page);
        const p = byCode.get(code)!;
        expect(svg).not.toMatch(/<(text|tspan|title|desc)\b|aria-label/);
        expect(svg.replace(/<[^>]*>/g, '').trim()).toBe('');
        for (const english of [p.name.en, 'Single-Serve', 'Coffee Maker', 'Starter Kit', ' ct']) expect(svg).not.toContain(english);
        // the name is in the page, in French
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name.fr);
      }
    });
  });
}
