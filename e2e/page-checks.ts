/**
 * Checks shared by the Playwright specs: axe (WCAG 2.1 A and AA, serious and critical
 * violations) and the screenshots VISUAL.md asks for ("Check it with your own eyes").
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Runs axe on the page and answers its serious and critical violations, readable. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** Fails when axe finds a serious or critical violation on the page (`what` names the page). */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), `${what}: ${page.url()}`).toEqual([]);
}

/**
 * Full-page screenshots at 375 and 1280 px as `${E2E_SHOTS}/${name}-${width}.png`; nothing when
 * E2E_SHOTS is not set. The viewport is put back afterwards.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}
